import { Tabs } from '../../components/tabs';
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
 * table is requested, and another tab starts again from its default sort and first page.
 */
export function CampaignTabs() {
	const { t } = useTranslation();
	return (
		<Tabs
			className={ `${ block }__card` }
			label={ t( 'dashboard.campaignsLabel' ) }
			defaultSelected="active"
			tabs={ TABS.map( ( { table, label, intro } ) => ( {
				id: table,
				label: t( `dashboard.${ label }` ),
				panel: (
					<>
						<p className={ `${ block }__intro` }>
							{ t( `dashboard.${ intro }` ) }
						</p>
						<CampaignTable config={ TABLES[ table ] } />
					</>
				),
			} ) ) }
		/>
	);
}
