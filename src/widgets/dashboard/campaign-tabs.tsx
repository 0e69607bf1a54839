import * as Tabs from '@radix-ui/react-tabs';

import { useTranslation } from '../../lib/use-translation';
import { CampaignTable } from './campaign-table';
import { TABLES, type TableId } from './tables';
import type { DashboardKey } from './translation-keys';

const block = 'wp-block-crowdscout-dashboard';

const TABS: ReadonlyArray< {
	table: TableId;
	label: DashboardKey;
	intro: DashboardKey;
} > = [
	{ table: 'active', label: 'tabActive', intro: 'activeIntro' },
	{ table: 'finished', label: 'tabFinished', intro: 'finishedIntro' },
	{ table: 'closed', label: 'tabClosed', intro: 'closedIntro' },
];

/**
 * The campaigns the tester is selected for, one tab per stage. Only the open tab is mounted, so only its
 * table is requested.
 */
export function CampaignTabs() {
	const { t } = useTranslation();
	return (
		<Tabs.Root className={ `${ block }__card` } defaultValue="active">
			<Tabs.List
				className={ `${ block }__tabs` }
				aria-label={ t( 'dashboard.campaignsLabel' ) }
			>
				{ TABS.map( ( { table, label } ) => (
					<Tabs.Trigger
						key={ table }
						value={ table }
						className={ `${ block }__tab` }
					>
						{ t( `dashboard.${ label }` ) }
					</Tabs.Trigger>
				) ) }
			</Tabs.List>
			{ TABS.map( ( { table, intro } ) => (
				<Tabs.Content
					key={ table }
					value={ table }
					className={ `${ block }__panel` }
				>
					<p className={ `${ block }__intro` }>
						{ t( `dashboard.${ intro }` ) }
					</p>
					<CampaignTable config={ TABLES[ table ] } />
				</Tabs.Content>
			) ) }
		</Tabs.Root>
	);
}
