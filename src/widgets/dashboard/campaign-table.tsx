import type { ComponentType } from 'react';
import { useEffect, useId, useState } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { Spinner } from '../../components/spinner';
import type { IconProps } from '../../components/icons/svg-icon';
import { useConfig } from '../../hooks/use-config';
import type { Locale } from '../../lib/locale';
import { useTranslation } from '../../lib/use-translation';
import { useGetMyCampaignsQuery } from './dashboard-api';
import { campaignLabel, formatDate, linkFor } from './format';
import { CrossIcon, HandIcon, HourglassIcon } from './icons';
import { ManualComingSoon } from './manual-coming-soon';
import { Pagination } from './pagination';
import { COLUMNS, PAGE_SIZE, type ColumnId, type TableConfig } from './tables';
import type { DashboardKey } from './translation-keys';
import type { Campaign, Sort, SortKey, Visibility } from './types';

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

const nextSort = ( current: Sort, orderBy: SortKey ): Sort =>
	current.orderBy === orderBy
		? { orderBy, order: current.order === 'ASC' ? 'DESC' : 'ASC' }
		: { orderBy, order: 'ASC' };

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
	describedBy: string;
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

interface CellProps {
	column: ColumnId;
	campaign: Campaign;
	rowHeaderId: string;
	locale: Locale;
	siteUrl: string;
}

function Cell( { column, campaign, rowHeaderId, locale, siteUrl }: CellProps ) {
	const { t } = useTranslation();
	const preview = linkFor( campaign.preview_link, locale, siteUrl );
	switch ( column ) {
		case 'campaign':
			return (
				<th
					scope="row"
					id={ rowHeaderId }
					className={ `${ block }__cell ${ block }__cell--campaign` }
				>
					{ campaignLabel( campaign ) }
				</th>
			);
		case 'type':
			return (
				<td className={ `${ block }__cell` }>
					{ campaign.campaign_type.name }
				</td>
			);
		case 'start':
		case 'end':
		case 'close':
			return (
				<td className={ `${ block }__cell ${ block }__cell--date` }>
					{ formatDate( campaign.dates[ column ] ) }
				</td>
			);
		case 'actions': {
			const manual = linkFor( campaign.manual_link, locale, siteUrl );
			return (
				<td className={ `${ block }__cell` }>
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
							href={ preview }
							label={ t( 'dashboard.preview' ) }
							describedBy={ rowHeaderId }
						/>
					</div>
				</td>
			);
		}
		case 'availability': {
			const state = VISIBILITY[ campaign.visibility.type ];
			if ( ! state ) {
				return <td className={ `${ block }__cell` } />;
			}
			return (
				<td className={ `${ block }__cell` }>
					<div className={ `${ block }__availability` }>
						<span
							className={ `${ block }__visibility ${ block }__visibility--${ campaign.visibility.type }` }
						>
							<state.Icon
								className={ `${ block }__visibility-icon` }
							/>
							{ t( `dashboard.${ state.text }` ) }
						</span>
						<LinkButton
							href={ preview }
							label={ t( `dashboard.${ state.action }` ) }
							describedBy={ rowHeaderId }
							primary={ campaign.visibility.type === 'available' }
						/>
					</div>
				</td>
			);
		}
	}
}

function HeaderCell( {
	column,
	sort,
	onSort,
}: {
	column: ColumnId;
	sort: Sort;
	onSort: ( key: SortKey ) => void;
} ) {
	const { t } = useTranslation();
	const { header, sortKey } = COLUMNS[ column ];
	const label = t( `dashboard.${ header }` );
	if ( ! sortKey ) {
		return (
			<th scope="col" className={ `${ block }__heading` }>
				{ label }
			</th>
		);
	}
	const sorted = sort.orderBy === sortKey;
	let ariaSort: 'ascending' | 'descending' | undefined;
	if ( sorted ) {
		ariaSort = sort.order === 'ASC' ? 'ascending' : 'descending';
	}
	return (
		<th
			scope="col"
			className={ `${ block }__heading` }
			aria-sort={ ariaSort }
		>
			<button
				type="button"
				className={ `${ block }__sort` }
				onClick={ () => onSort( sortKey ) }
			>
				{ label }
				<span
					className={ `${ block }__sort-icon${
						ariaSort ? ` ${ block }__sort-icon--${ ariaSort }` : ''
					}` }
					aria-hidden="true"
				/>
			</button>
		</th>
	);
}

/**
 * One of the four campaign tables of the dashboard: its filter and default sort, sortable date columns,
 * ten rows a page. While another page or order loads, the rows on screen stay, dimmed.
 *
 * @param props
 * @param props.config Which table, from TABLES.
 */
export function CampaignTable( { config }: { config: TableConfig } ) {
	const { t } = useTranslation();
	const { locale, siteUrl } = useConfig();
	const rowIds = useId();
	const captionId = `${ rowIds }-caption`;
	const [ sort, setSort ] = useState< Sort >( config.defaultSort );
	const [ page, setPage ] = useState( 1 );
	const { data, currentData, isFetching, isError, refetch } =
		useGetMyCampaignsQuery( {
			filterBy: config.filterBy,
			orderBy: sort.orderBy,
			order: sort.order,
			start: PAGE_SIZE * ( page - 1 ),
			limit: PAGE_SIZE,
			locale,
		} );
	const pages = data ? Math.max( 1, Math.ceil( data.total / PAGE_SIZE ) ) : 1;

	// Campaigns can close between two pages: a page past the end goes back to the last one.
	useEffect( () => {
		if ( currentData && page > pages ) {
			setPage( pages );
		}
	}, [ currentData, page, pages ] );

	if ( isError && ! isFetching ) {
		return (
			<ErrorNotice
				title={ t( 'common.somethingWentWrong' ) }
				onRetry={ refetch }
			/>
		);
	}
	if ( ! data ) {
		return <Spinner label={ t( 'dashboard.loadingCampaigns' ) } />;
	}
	if ( data.results.length === 0 && data.total === 0 ) {
		return (
			<p className={ `${ block }__empty` }>
				{ t( `dashboard.${ config.empty }` ) }
			</p>
		);
	}

	const stale = isFetching && ! currentData;
	const caption = t( `dashboard.${ config.caption }` );
	const onSort = ( key: SortKey ) => {
		setSort( ( current ) => nextSort( current, key ) );
		setPage( 1 );
	};

	return (
		<div className={ `${ block }__table-block` }>
			{ /* Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too. */ }
			<div
				className={ `${ block }__scroll` }
				role="region"
				aria-labelledby={ captionId }
				// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
				tabIndex={ 0 }
			>
				<table
					className={ `${ block }__table${
						stale ? ` ${ block }__table--stale` : ''
					}` }
					aria-busy={ stale || undefined }
				>
					<caption
						id={ captionId }
						className="crowdscout-visually-hidden"
					>
						{ caption }
					</caption>
					<thead>
						<tr>
							{ config.columns.map( ( column ) => (
								<HeaderCell
									key={ column }
									column={ column }
									sort={ sort }
									onSort={ onSort }
								/>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ data.results.map( ( campaign ) => (
							<tr
								key={ campaign.id }
								className={ `${ block }__row${
									campaign.visibility.type ===
										'unavailable' &&
									config.columns.includes( 'availability' )
										? ` ${ block }__row--unavailable`
										: ''
								}` }
							>
								{ config.columns.map( ( column ) => (
									<Cell
										key={ column }
										column={ column }
										campaign={ campaign }
										rowHeaderId={ `${ rowIds }-${ campaign.id }` }
										locale={ locale }
										siteUrl={ siteUrl }
									/>
								) ) }
							</tr>
						) ) }
					</tbody>
				</table>
			</div>
			{ data.total > PAGE_SIZE && (
				<Pagination
					page={ Math.min( page, pages ) }
					pages={ pages }
					onChange={ setPage }
					label={ t( 'dashboard.pagination', { table: caption } ) }
				/>
			) }
		</div>
	);
}
