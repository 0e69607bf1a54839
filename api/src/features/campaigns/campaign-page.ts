/**
 * What every campaign list shares: a page statement (the page's ids, chosen by one of the list modules) read in
 * full in one statement with its campaigns' type and content languages and the list's total. The page's order
 * is put back in JS: sorting its rows again (10 campaigns × 4 languages) cost MariaDB ~160 µs, more than reading
 * them (api/README.md "Reads at scale").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fromSqlDateTime, toInteger } from '../../db/values.ts';
import { pageOf, type Page, type SortOrder } from '../paging.ts';
import type {
	CampaignListItem,
	CampaignListQuery,
	CampaignSort,
	Locale,
	PerLanguage,
	Visibility,
} from './types.ts';

export const LOCALES = [
	'en',
	'it',
	'es',
	'fr',
] as const satisfies readonly Locale[];

const isLocale = ( code: string | null ): code is Locale =>
	( LOCALES as readonly ( string | null )[] ).includes( code );

/** The visibility sort: open for the tester first, then awaiting selection, then the rest. */
const VISIBILITY_ORDER: readonly Visibility[] = [
	'available',
	'candidate',
	'unavailable',
];

export const DATE_COLUMNS = {
	start_date: 'start_date',
	end_date: 'end_date',
	close_date: 'close_date',
	// Equal visibility (always, for selected campaigns) goes by start date.
	visibility: 'start_date',
} as const;

/** What a page shows of a campaign `c`, for a page statement that reads the campaigns anyway. */
export const CAMPAIGN_COLUMNS = sql`c.title, c.start_date, c.end_date, c.close_date, c.campaign_type_id`;

/**
 * The order of a page: by a date in `direction`, then by id the same way; or, `byRank`, by visibility in
 * `direction`, then by the date ascending, then by id in `direction`.
 */
export interface PageOrder {
	column: ( typeof DATE_COLUMNS )[ CampaignSort ];
	direction: SortOrder;
	byRank?: boolean;
}

/**
 * A page of campaigns as SQL: `ids` selects the page's campaigns (`id` and `visibility_rank` as a
 * VISIBILITY_ORDER position), already limited; `order` the order `ids` chose them in; `total` an expression
 * for the number of campaigns that match (a scalar subquery over counts kept by triggers).
 */
export interface PageStatement {
	ids: RawBuilder< unknown >;
	order: PageOrder;
	total: RawBuilder< unknown >;
	/** Whether `ids` also selects CAMPAIGN_COLUMNS from the campaigns it read, so that they are not read again. */
	withColumns?: boolean;
}

interface DescribedRow {
	id: number;
	visibility_rank: number | string;
	total: number | string;
	title: string;
	start_date: string;
	end_date: string;
	close_date: string;
	type_id: number;
	type_name: string;
	type_icon: string | null;
	language_code: string | null;
	manual_link: string | null;
	preview_link: string | null;
}

/**
 * A page read in full in one statement: its campaigns (unless the page statement selected their columns)
 * joined to their type and every content language (a row per language), with the total in every row (none when
 * the page is empty).
 *
 * @param db
 * @param page
 * @param locale
 */
export async function describePage(
	db: Kysely< Database >,
	page: PageStatement,
	locale: Locale
): Promise< { items: CampaignListItem[]; total?: number } > {
	// Where the campaigns' columns come from: the page statement's rows, or the campaigns joined here.
	const source = page.withColumns ? sql`p` : sql`c`;
	const { rows } = await sql< DescribedRow >`select p.id, p.visibility_rank,
		${ page.total } as total,
		${ source }.title, ${ source }.start_date, ${ source }.end_date, ${ source }.close_date,
		t.id as type_id, t.name as type_name, t.icon as type_icon,
		l.language_code, l.manual_link, l.preview_link
		from (${ page.ids }) p${
			page.withColumns ? sql`` : sql` join campaigns c on c.id = p.id`
		}
		join campaign_types t on t.id = ${ source }.campaign_type_id
		left join campaign_contents l on l.campaign_id = p.id`.execute( db );
	const byCampaign = new Map< number, DescribedRow[] >();
	for ( const row of rows ) {
		const id = toInteger( row.id );
		const languages = byCampaign.get( id );
		if ( languages ) {
			languages.push( row );
		} else {
			byCampaign.set( id, [ row ] );
		}
	}
	const compare = inOrder( page.order );
	const campaigns = [ ...byCampaign.values() ].sort( ( a, b ) =>
		compare( a[ 0 ], b[ 0 ] )
	);
	return {
		items: campaigns.map( ( languages ) => itemOf( languages, locale ) ),
		total: rows.length ? toInteger( rows[ 0 ].total ) : undefined,
	};
}

/**
 * A page read in full, its total read on its own only for an empty page, whose statement returned no row to
 * carry it.
 *
 * @param db
 * @param page
 * @param query
 */
export async function readPage(
	db: Kysely< Database >,
	page: PageStatement,
	query: CampaignListQuery
): Promise< Page< CampaignListItem > > {
	const { items, total } = await describePage( db, page, query.locale );
	if ( total !== undefined ) {
		return pageOf( items, query, total );
	}
	const { rows } = await sql< {
		total: number | string;
	} >`select ${ page.total } as total`.execute( db );
	return pageOf( items, query, toInteger( rows[ 0 ].total ) );
}

/**
 * A campaign as the list answers it, from its rows (one per content language).
 *
 * @param languages
 * @param locale
 */
function itemOf( languages: DescribedRow[], locale: Locale ): CampaignListItem {
	const campaign = languages[ 0 ];
	return {
		id: campaign.id,
		name: campaign.title,
		campaign_type: {
			id: campaign.type_id,
			name: campaign.type_name,
			icon: campaign.type_icon,
		},
		dates: {
			start: fromSqlDateTime( campaign.start_date ),
			end: fromSqlDateTime( campaign.end_date ),
			close: fromSqlDateTime( campaign.close_date ),
		},
		manual_link: perLanguage( languages, 'manual_link', locale ),
		preview_link: perLanguage( languages, 'preview_link', locale ),
		visibility: {
			type: VISIBILITY_ORDER[ toInteger( campaign.visibility_rank ) ],
		},
	};
}

/**
 * A comparison of two campaigns' rows in a page's order.
 *
 * @param order
 */
function inOrder( order: PageOrder ) {
	const sign = order.direction === 'ASC' ? 1 : -1;
	const compare = ( a: string | number, b: string | number ) =>
		a < b ? -1 : Number( a > b );
	return ( a: DescribedRow, b: DescribedRow ) =>
		( order.byRank
			? sign *
			  compare(
					toInteger( a.visibility_rank ),
					toInteger( b.visibility_rank )
			  )
			: 0 ) ||
		( order.byRank ? 1 : sign ) *
			compare( a[ order.column ], b[ order.column ] ) ||
		sign * compare( toInteger( a.id ), toInteger( b.id ) );
}

/**
 * A link per language: the campaign's own page in that language, else the page in `locale`, else the English
 * one, else any, else null. One pass over the campaign's rows (one per content language, or a single row of
 * nulls), run twice for every campaign of every page.
 *
 * @param contents
 * @param column
 * @param locale
 */
function perLanguage(
	contents: DescribedRow[],
	column: 'manual_link' | 'preview_link',
	locale: Locale
): PerLanguage {
	const own: PerLanguage = { en: null, it: null, es: null, fr: null };
	let any: string | null = null;
	for ( const content of contents ) {
		const link = content[ column ];
		if ( isLocale( content.language_code ) ) {
			own[ content.language_code ] = link;
		}
		if ( ! any && link ) {
			any = link;
		}
	}
	const fallback = own[ locale ] ?? own.en ?? any;
	return {
		en: own.en ?? inLanguage( fallback, 'en' ),
		it: own.it ?? inLanguage( fallback, 'it' ),
		es: own.es ?? inLanguage( fallback, 'es' ),
		fr: own.fr ?? inLanguage( fallback, 'fr' ),
	};
}

/** A path of the site under a language prefix ("/it/campaigns/5/manual/"), the prefix apart. */
const SITE_PATH = /^\/(?:(?:it|es|fr)\/)?(?!\/)/;

/**
 * A link standing in for a language that has none of its own. One of the site's own pages ("/it/campaigns/5/
 * manual/") serves every language under that language's prefix, so it is moved there: an English tester is
 * never sent to the Italian page. Any other address (an external manual) is kept as it is.
 *
 * @param link
 * @param language
 */
function inLanguage( link: string | null, language: Locale ): string | null {
	if ( ! link || ! SITE_PATH.test( link ) ) {
		return link;
	}
	return link.replace(
		SITE_PATH,
		language === 'en' ? '/' : `/${ language }/`
	);
}
