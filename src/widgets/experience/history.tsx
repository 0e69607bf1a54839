import { useMemo, useState } from '@wordpress/element';

import {
	DataTable,
	useTableState,
	type DataTableColumn,
} from '../../components/data-table';
import {
	FilterCard,
	type Filter,
	type FilterValues,
} from '../../components/filter-card';
import { ListPage, SideCard, emptyOnError } from '../../components/list-page';
import { useConfig } from '../../hooks/use-config';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { activityName } from '../../lib/activities';
import { formatDay } from '../../lib/dates';
import { routeUrl } from '../../lib/routes';
import { withoutBackslashEscapes } from '../../lib/text';
import { useTranslation } from '../../lib/use-translation';
import type { ExperienceItem } from '../../services/contract';
import {
	useListMyExperienceFiltersQuery,
	useListMyExperienceQuery,
	type SortKey,
} from './experience-api';
import { MISSING, campaignCode, filterOptions } from './format';

const block = 'wp-block-crowdscout-experience';

/** Spec section 9: 25 entries a page, newest first, the search asked 500 ms after the last keystroke. */
export const PAGE_SIZE = 25;
export const SEARCH_DELAY_MS = 500;
/** The API's longest search (api/openapi.yaml). */
const SEARCH_MAX = 100;

/** The page that explains experience points (spec section 1, "Fixed link paths"). */
export const LEARN_MORE_ROUTE = 'discover-experience-points';

type FilterName = 'search' | 'campaign' | 'activity' | 'date';

const NO_FILTERS: FilterValues< FilterName > = {
	search: '',
	campaign: '',
	activity: '',
	date: '',
};

const idOrUndefined = ( value: string ) =>
	value ? Number( value ) : undefined;

/**
 * The Experience Points page (spec "Experience Points"): the History table, sortable by points and date, 25
 * entries a page; the Filters card, whose selects offer the values of the whole history; the help card.
 */
export function ExperienceHistory() {
	const { t } = useTranslation();
	const config = useConfig();
	const { sort, sortBy, page, setPage } = useTableState< SortKey >( {
		orderBy: 'date',
		order: 'DESC',
	} );
	const [ filters, setFilters ] = useState( NO_FILTERS );
	const search = useDebouncedValue(
		filters.search.trim().slice( 0, SEARCH_MAX ),
		SEARCH_DELAY_MS
	);
	// Any change of the search goes back to page 1 (spec, "Experience list"), in the render that applies it,
	// so the old page of the new search is never asked.
	const [ appliedSearch, setAppliedSearch ] = useState( search );
	if ( appliedSearch !== search ) {
		setAppliedSearch( search );
		setPage( 1 );
	}

	const query = useListMyExperienceQuery( {
		start: PAGE_SIZE * ( page - 1 ),
		limit: PAGE_SIZE,
		order: sort.order,
		orderBy: sort.orderBy,
		...( search ? { search, searchBy: 'note' as const } : {} ),
		filterBy: {
			campaign: idOrUndefined( filters.campaign ),
			activity: idOrUndefined( filters.activity ),
			date: filters.date || undefined,
		},
	} );
	// Spec section 8, "Experience list error": an empty table, not an error.
	const shown = emptyOnError( query );

	const { data: values } = useListMyExperienceFiltersQuery();
	const options = useMemo( () => filterOptions( values, t ), [ values, t ] );

	const filterControls: Array< Filter< FilterName > > = [
		{
			type: 'search',
			name: 'search',
			label: t( 'experience.search' ),
			placeholder: t( 'experience.searchPlaceholder' ),
		},
		{
			type: 'select',
			name: 'campaign',
			label: t( 'experience.columnCampaign' ),
			options: options.campaign,
		},
		{
			type: 'select',
			name: 'activity',
			label: t( 'experience.columnActivity' ),
			options: options.activity,
		},
		{
			type: 'select',
			name: 'date',
			label: t( 'experience.columnDate' ),
			options: options.date,
		},
	];

	const numbers = useMemo(
		() =>
			new Intl.NumberFormat( config.locale, {
				signDisplay: 'exceptZero',
			} ),
		[ config.locale ]
	);
	const columns = useMemo(
		(): Array< DataTableColumn< ExperienceItem, SortKey > > => [
			{
				id: 'points',
				header: t( 'experience.columnPoints' ),
				sortKey: 'amount',
				className: `${ block }__points`,
				cell: ( entry ) => numbers.format( entry.amount ),
			},
			{
				id: 'date',
				header: t( 'experience.columnDate' ),
				sortKey: 'date',
				className: `${ block }__date`,
				cell: ( entry ) => formatDay( entry.date ) ?? MISSING,
			},
			{
				id: 'activity',
				header: t( 'experience.columnActivity' ),
				cell: ( entry ) => activityName( entry.activity.id, t ),
			},
			{
				id: 'campaign',
				header: t( 'experience.columnCampaign' ),
				cell: ( entry ) => campaignCode( entry.campaign ),
			},
			{
				id: 'reason',
				header: t( 'experience.columnReason' ),
				cell: ( entry ) => withoutBackslashEscapes( entry.note ),
			},
		],
		[ numbers, t ]
	);

	return (
		<ListPage
			title={ t( 'experience.title' ) }
			listTitle={ t( 'experience.history' ) }
			side={
				<>
					<FilterCard
						filters={ filterControls }
						value={ filters }
						onChange={ ( next ) => {
							// The search goes back to page 1 once it is asked (above); the selects at once.
							if (
								next.campaign !== filters.campaign ||
								next.activity !== filters.activity ||
								next.date !== filters.date
							) {
								setPage( 1 );
							}
							setFilters( next );
						} }
					/>
					<SideCard title={ t( 'experience.howTitle' ) }>
						<p>{ t( 'experience.howText' ) }</p>
						<a
							className="crowdscout-button crowdscout-button--secondary"
							href={ routeUrl( config, LEARN_MORE_ROUTE ) }
						>
							{ t( 'experience.learnMore' ) }
						</a>
					</SideCard>
				</>
			}
		>
			<DataTable
				className={ block }
				caption={ t( 'experience.history' ) }
				columns={ columns }
				query={ shown }
				rowKey={ ( entry ) => entry.id }
				emptyText={ t( 'experience.empty' ) }
				loadingLabel={ t( 'experience.loadingHistory' ) }
				sort={ sort }
				onSort={ sortBy }
				paging={ { page, pageSize: PAGE_SIZE, onChange: setPage } }
			/>
		</ListPage>
	);
}
