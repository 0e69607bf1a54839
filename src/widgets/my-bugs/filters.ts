import type { TFunction } from 'i18next';

import type { SelectOption } from '../../components/form-field/form-field';
import type { FilterValues } from '../../components/filter-card';
import { bugValueIds, bugValueName } from '../../lib/bug-values';
import type { BugItem } from '../../services/contract';
import type { BugQuery, SortKey } from './my-bugs-api';

export type FilterName = 'campaign' | 'severity' | 'status' | 'sort';

/** The sort-by choices, as `orderBy:order`, with their names; the first is the spec's default. */
const SORTS = {
	'id:DESC': 'sortIdDesc',
	'id:ASC': 'sortIdAsc',
	'severity:DESC': 'sortSeverityDesc',
	'severity:ASC': 'sortSeverityAsc',
	'status:ASC': 'sortStatusAsc',
	'campaign:DESC': 'sortCampaignDesc',
} as const;

export const DEFAULT_SORT: keyof typeof SORTS = 'id:DESC';

export const NO_FILTERS: FilterValues< FilterName > = {
	campaign: '',
	severity: '',
	status: '',
	sort: DEFAULT_SORT,
};

const positiveId = ( value: string | null, max = Infinity ) => {
	const id = Number( value );
	return value && Number.isInteger( id ) && id >= 1 && id <= max
		? String( id )
		: '';
};

/**
 * The filters the page opens with: `?cp=` and `?status=` preselect the campaign and status (spec, "Uploaded
 * bugs"); values that are no id are ignored.
 *
 * @param search The page's query string.
 */
export function filtersFromQuery( search: string ): FilterValues< FilterName > {
	const query = new URLSearchParams( search );
	return {
		...NO_FILTERS,
		campaign: positiveId( query.get( 'cp' ) ),
		status: positiveId( query.get( 'status' ), 4 ),
	};
}

export const campaignLabel = ( campaign: BugItem[ 'campaign' ] ) =>
	`CP${ campaign.id } - ${ campaign.name }`;

/**
 * The filter selects' choices. Campaigns are those of the tester's bugs, newest bug first; a campaign chosen by
 * the address but not among them yet (still loading, or no bug there) is offered by its id, so the select
 * shows it rather than "All".
 *
 * @param bugs     Every bug of the tester, newest first.
 * @param selected The campaign filter's value.
 * @param t
 */
export function filterOptions(
	bugs: readonly BugItem[],
	selected: string,
	t: TFunction
): Record< FilterName, SelectOption[] > {
	const campaigns = new Map< string, string >();
	for ( const bug of bugs ) {
		campaigns.set(
			String( bug.campaign.id ),
			campaignLabel( bug.campaign )
		);
	}
	if ( selected && ! campaigns.has( selected ) ) {
		campaigns.set( selected, `CP${ selected }` );
	}
	const values = ( kind: 'severity' | 'status' ) =>
		bugValueIds( kind ).map( ( id ) => ( {
			value: String( id ),
			label: bugValueName( t, kind, { id, name: '' } ),
		} ) );
	return {
		campaign: [ ...campaigns ].map( ( [ value, label ] ) => ( {
			value,
			label,
		} ) ),
		severity: values( 'severity' ),
		status: values( 'status' ),
		sort: Object.entries( SORTS ).map( ( [ value, name ] ) => ( {
			value,
			label: t( `myBugs.${ name }` ),
		} ) ),
	};
}

/**
 * The list's query parameters for the filters on screen and a page.
 *
 * @param filters
 * @param start
 * @param limit
 */
export function bugQuery(
	filters: FilterValues< FilterName >,
	start: number,
	limit: number
): BugQuery {
	const [ orderBy, order ] = filters.sort.split( ':' ) as [
		SortKey,
		'ASC' | 'DESC',
	];
	const id = ( value: string ) => ( value ? Number( value ) : undefined );
	return {
		start,
		limit,
		orderBy,
		order,
		filterBy: {
			campaign: id( filters.campaign ),
			severity: id( filters.severity ),
			status: id( filters.status ),
		},
	};
}
