import { useMemo } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { Tabs, type TabItem } from '../../components/tabs';
import { useTranslation } from '../../lib/use-translation';
import type { CampaignDetail } from '../../services/contract';
import { block } from './block';
import { acceptedExtensions } from './format';
import { InfoTab } from './info-tab';
import { useListMyCampaignTasksQuery } from './manual-api';
import { SideCards } from './side-cards';
import { TaskList } from './task-list';
import { useTaskUploads } from './use-task-uploads';

type TabId = 'info' | 'manual';

/**
 * The manual itself: the Info tab, the Manual tab when the campaign has tasks, and the side cards.
 *
 * @param props
 * @param props.campaign
 * @param props.testerId
 */
export function ManualView( {
	campaign,
	testerId,
}: {
	campaign: CampaignDetail;
	testerId: number;
} ) {
	const { t } = useTranslation();
	const tasks = useListMyCampaignTasksQuery( campaign.id );
	const extensions = useMemo(
		() => acceptedExtensions( campaign.validFileExtensions ),
		[ campaign.validFileExtensions ]
	);
	const uploads = useTaskUploads( campaign.id, extensions );

	const tabs: Array< TabItem< TabId > > = [
		{
			id: 'info',
			label: t( 'campaignManual.tabInfo' ),
			panel: <InfoTab campaign={ campaign } />,
		},
	];
	// Spec: the Manual tab is shown only when the campaign has tasks.
	if ( tasks.data?.length ) {
		tabs.push( {
			id: 'manual',
			label: t( 'campaignManual.tabManual' ),
			panel: (
				<TaskList
					campaignId={ campaign.id }
					tasks={ tasks.data }
					extensions={ extensions }
					uploads={ uploads }
				/>
			),
		} );
	}

	return (
		<div className={ `${ block }__columns` }>
			<div className={ `${ block }__main` }>
				{ tasks.isError && ! tasks.isFetching && (
					<ErrorNotice
						title={ t( 'campaignManual.tasksError' ) }
						onRetry={ tasks.refetch }
					/>
				) }
				<Tabs
					label={ t( 'campaignManual.tabsLabel' ) }
					tabs={ tabs }
					className={ `${ block }__tabs` }
				/>
			</div>
			<div className={ `${ block }__side` }>
				<SideCards campaign={ campaign } testerId={ testerId } />
			</div>
		</div>
	);
}
