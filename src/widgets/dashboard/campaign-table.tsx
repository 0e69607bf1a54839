import type { ComponentType } from 'react';
import { useMemo } from '@wordpress/element';

import {
	DataTable,
	useTableState,
	type DataTableColumn,
} from '../../components/data-table';
import type { IconProps } from '../../components/icons/svg-icon';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import { useListMyCampaignsQuery } from './dashboard-api';
import { campaignLabel, formatDate, linkFor } from './format';
import { CrossIcon, HandIcon, HourglassIcon } from './icons';
import { ManualComingSoon } from './manual-coming-soon';
import { COLUMNS, PAGE_SIZE, type ColumnId, type TableConfig } from './tables';
import type { DashboardKey } from './translation-keys';
import type { Campaign, SortKey, Visibility } from './types';

const block = 'wp-block-crowdscout-dashboard';

const VISIBILITY: Record<
	Visibility,
	{
		Icon: ComponentType< IconProps >;
		text: DashboardKey;
		action: DashboardKey;
	}
> = {
	available: {
		Icon: HandIcon,
		text: 'visibilityAvailable',
		action: 'applyNow',
	},
	unavailable: {
		Icon: CrossIcon,
		text: 'visibilityUnavailable',
		action: 'view',
	},
	candidate: {
		Icon: HourglassIcon,
		text: 'visibilityCandidate',
		action: 'view',
	},
};

function NotAvailable() {
	const { t } = useTranslation();
	return (
		<button
			type="button"
			className="crowdscout-button crowdscout-button--secondary"
			disabled
		>
			{ t( 'dashboard.notAvailable' ) }
		</button>
	);
}

interface LinkButtonProps {
	href: string | null;
	label: string;
	describedBy: string | undefined;
	primary?: boolean;
}

/**
 * A link that looks like a button, or the disabled 'Not available' button when there is nowhere to go.
 *
 * @param props
 * @param props.href
 * @param props.label
 * @param props.describedBy The row header: several rows have the same button.
 * @param props.primary
 */
function LinkButton( { href, label, describedBy, primary }: LinkButtonProps ) {
	if ( ! href ) {
		return <NotAvailable />;
	}
	return (
		<a
			className={ `crowdscout-button crowdscout-button--${
				primary ? 'primary' : 'secondary'
			}` }
			href={ href }
			aria-describedby={ describedBy }
		>
			{ label }
		</a>
	);
}

interface RowCellProps {
	campaign: Campaign;
	rowHeaderId: string | undefined;
}

function Actions( { campaign, rowHeaderId }: RowCellProps ) {
	const { t } = useTranslation();
	const { locale, siteUrl } = useConfig();
	const manual = linkFor( campaign.manual_link, locale, siteUrl );
	return (
		<div className={ `${ block }__actions` }>
			{ manual ? (
				<LinkButton
					href={ manual }
					label={ t( 'dashboard.manual' ) }
					describedBy={ rowHeaderId }
				/>
			) : (
				<ManualComingSoon
					campaign={ campaignLabel( campaign ) }
					describedBy={ rowHeaderId }
				/>
			) }
			<LinkButton
				href={ linkFor( campaign.preview_link, locale, siteUrl ) }
				label={ t( 'dashboard.preview' ) }
				describedBy={ rowHeaderId }
			/>
		</div>
	);
}

function Availability( { campaign, rowHeaderId }: RowCellProps ) {
	const { t } = useTranslation();
	const { locale, siteUrl } = useConfig();
	const state = VISIBILITY[ campaign.visibility.type ];
	if ( ! state ) {
		return null;
	}
	return (
		<div className={ `${ block }__availability` }>
			<span
				className={ `${ block }__visibility ${ block }__visibility--${ campaign.visibility.type }` }
			>
				<state.Icon className={ `${ block }__visibility-icon` } />
				{ t( `dashboard.${ state.text }` ) }
			</span>
			<LinkButton
				href={ linkFor( campaign.preview_link, locale, siteUrl ) }
				label={ t( `dashboard.${ state.action }` ) }
				describedBy={ rowHeaderId }
				primary={ campaign.visibility.type === 'available' }
			/>
		</div>
	);
}

/** What each column shows; tables.ts says which columns a table has, their headers and sort keys. */
const CELLS: Record<
	ColumnId,
	Pick< DataTableColumn< Campaign >, 'cell' | 'className' | 'rowHeader' >
> = {
	campaign: {
		rowHeader: true,
		className: `${ block }__cell--campaign`,
		cell: ( campaign ) => campaignLabel( campaign ),
	},
	type: { cell: ( campaign ) => campaign.campaign_type.name },
	start: {
		className: `${ block }__cell--date`,
		cell: ( campaign ) => formatDate( campaign.dates.start ),
	},
	end: {
		className: `${ block }__cell--date`,
		cell: ( campaign ) => formatDate( campaign.dates.end ),
	},
	close: {
		className: `${ block }__cell--date`,
		cell: ( campaign ) => formatDate( campaign.dates.close ),
	},
	actions: {
		cell: ( campaign, { rowHeaderId } ) => (
			<Actions campaign={ campaign } rowHeaderId={ rowHeaderId } />
		),
	},
	availability: {
		cell: ( campaign, { rowHeaderId } ) => (
			<Availability campaign={ campaign } rowHeaderId={ rowHeaderId } />
		),
	},
};

/**
 * One of the four campaign tables of the dashboard: its filter and default sort, sortable date columns,
 * ten rows a page. While another page or order loads, the rows on screen stay, dimmed.
 *
 * @param props
 * @param props.config Which table, from TABLES.
 */
export function CampaignTable( { config }: { config: TableConfig } ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { sort, sortBy, page, setPage } = useTableState< SortKey >(
		config.defaultSort
	);
	const query = useListMyCampaignsQuery( {
		filterBy: config.filterBy,
		orderBy: sort.orderBy,
		order: sort.order,
		start: PAGE_SIZE * ( page - 1 ),
		limit: PAGE_SIZE,
		locale,
	} );
	const columns = useMemo(
		() =>
			config.columns.map(
				( id ): DataTableColumn< Campaign, SortKey > => ( {
					id,
					header: t( `dashboard.${ COLUMNS[ id ].header }` ),
					sortKey: COLUMNS[ id ].sortKey,
					...CELLS[ id ],
				} )
			),
		[ config.columns, t ]
	);
	// Only the table that shows availability dims the campaigns the tester cannot apply to.
	const dimsUnavailable = config.columns.includes( 'availability' );

	return (
		<DataTable
			className={ `${ block }__table-block` }
			caption={ t( `dashboard.${ config.caption }` ) }
			columns={ columns }
			query={ query }
			rowKey={ ( campaign ) => campaign.id }
			rowClassName={ ( campaign ) =>
				dimsUnavailable && campaign.visibility.type === 'unavailable'
					? `${ block }__row--unavailable`
					: undefined
			}
			emptyText={ t( `dashboard.${ config.empty }` ) }
			loadingLabel={ t( 'dashboard.loadingCampaigns' ) }
			sort={ sort }
			onSort={ sortBy }
			paging={ { page, pageSize: PAGE_SIZE, onChange: setPage } }
		/>
	);
}
