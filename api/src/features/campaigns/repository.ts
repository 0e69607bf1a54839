import { sql, type Kysely, type RawBuilder } from 'kysely';
import { forceIndex, isMysql } from '../../db/engine.ts';
import type { ApplicationStatus, Database } from '../../db/schema.ts';
import { fromSqlDateTime, toInteger, toSqlDateTime } from '../../db/values.ts';

export const LOCALES = [ 'en', 'it', 'es', 'fr' ] as const;
export type Locale = ( typeof LOCALES )[ number ];

const isLocale = ( code: string | null ): code is Locale =>
	( LOCALES as readonly ( string | null )[] ).includes( code );

export type Visibility = 'available' | 'candidate' | 'unavailable';
export type CampaignSort =
	| 'start_date'
	| 'end_date'
	| 'close_date'
	| 'visibility';
export type SortOrder = 'ASC' | 'DESC';

export interface CampaignListQuery {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: CampaignSort;
	locale: Locale;
	/** 1: the tester is selected; 0: not selected. */
	accepted?: 0 | 1;
	/** 1: the end date has passed; 0: it has not. */
	completed?: 0 | 1;
	/** 1 running, 2 closed. */
	statusId?: 1 | 2;
}

/**
 * Whose campaigns: the tester of a WordPress user, found inside each statement (see createCampaignsRepository).
 */
export interface Viewer {
	wpUserId: number;
	/** `YYYY-MM-01`: the month whose level the targeting rules read. */
	month: string;
}

export type PerLanguage = Record< Locale, string | null >;

export interface CampaignListItem {
	id: number;
	name: string;
	campaign_type: { id: number; name: string; icon: string | null };
	dates: { start: string; end: string; close: string };
	manual_link: PerLanguage;
	preview_link: PerLanguage;
	visibility: { type: Visibility };
}

export interface Page< Item > {
	results: Item[];
	start: number;
	limit: number;
	size: number;
	total: number;
}

/**
 * A page of a list as every list call answers it.
 *
 * @param results
 * @param query
 * @param query.start
 * @param query.limit
 * @param total       Items that match, over all pages.
 */
export const pageOf = < Item >(
	results: Item[],
	{ start, limit }: { start: number; limit: number },
	total: number
): Page< Item > => ( { results, start, limit, size: results.length, total } );

/** Each date's index on campaigns: (status, date), the id following as in every InnoDB and SQLite index. */
const DATE_INDEXES = {
	start_date: 'campaigns_start',
	end_date: 'campaigns_end',
	close_date: 'campaigns_close',
} as const;

/** What listed_end_counts (0010) sums for each status filter: 0 for none (running and closed). */
const LISTED_COLUMNS = [ 'k.running + k.closed', 'k.running', 'k.closed' ];

const DATE_COLUMNS = {
	start_date: 'start_date',
	end_date: 'end_date',
	close_date: 'close_date',
	// Equal visibility (always, for selected campaigns) goes by start date.
	visibility: 'start_date',
} as const;

/**
 * The order of a page: by a date in `direction`, then by id the same way; or, `byRank`, by visibility in
 * `direction`, then by the date ascending, then by id in `direction`.
 */
interface PageOrder {
	column: ( typeof DATE_COLUMNS )[ CampaignSort ];
	direction: SortOrder;
	byRank?: boolean;
}

/**
 * A page of campaigns as SQL: `ids` selects the page's campaigns (`id` and `visibility_rank` as a
 * VISIBILITY_ORDER position), already limited; `order` the order `ids` chose them in; `total` an expression
 * for the number of campaigns that match (a scalar subquery over counts kept by triggers).
 */
interface PageStatement {
	ids: RawBuilder< unknown >;
	order: PageOrder;
	total: RawBuilder< unknown >;
	/** Whether `ids` also selects CAMPAIGN_COLUMNS from the campaigns it read, so that they are not read again. */
	withColumns?: boolean;
}

/** What a page shows of a campaign `c`, for a page statement that reads the campaigns anyway. */
const CAMPAIGN_COLUMNS = sql`c.title, c.start_date, c.end_date, c.close_date, c.campaign_type_id`;

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

export type CampaignsRepository = ReturnType<
	typeof createCampaignsRepository
>;

/**
 * The dashboard's campaign tables. Two paths, both index ranges (migrations/0005-dashboard-reads.ts):
 * - the tester's selected campaigns (`accepted` 1) come from the tester's applications alone, which carry their
 *   campaign's status and dates;
 * - every other list reads the campaigns that match the status and date filters (for the dashboard, the ones
 *   not ended yet: a number that follows how many campaigns run at a time, not the platform's history) with the
 *   tester's application, if any, found through the (tester, campaign) unique key. Without a date filter (the
 *   platform's whole history) a list by a date walks each status's date index and stops at the page's end, and
 *   its total adds the public and targeted campaigns kept per status (0008) to the internal and small-group ones
 *   the tester sees.
 * Either way the page's campaigns are read in full in the same statement.
 *
 * The tester is not read beforehand: every select block that needs it joins `testers me` through the unique
 * key of its WordPress user, a constant table to both engines' planners (one row, read before the plan is
 * made), and uses `me.id` and `me.country`. A page is then one round trip, where a read of the tester would
 * cost every request one more. An empty page is the one answer that does not tell whether the tester exists;
 * only then is that looked up.
 *
 * @param db
 */
export function createCampaignsRepository( db: Kysely< Database > ) {
	/**
	 * A page read in full in one statement: its campaigns (unless the page statement selected their columns)
	 * joined to their type and every content language (a row per language), with the total in every row (none
	 * when the page is empty). The page's order is put back here: sorting its rows again cost MariaDB more than
	 * the rest of reading them.
	 *
	 * @param page
	 * @param locale
	 */
	async function describe(
		page: PageStatement,
		locale: Locale
	): Promise< { items: CampaignListItem[]; total?: number } > {
		// Where the campaigns' columns come from: the page statement's rows, or the campaigns joined here.
		const source = page.withColumns ? sql`p` : sql`c`;
		const { rows } =
			await sql< DescribedRow >`select p.id, p.visibility_rank,
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
		const items: CampaignListItem[] = [];
		for ( const languages of campaigns ) {
			const campaign = languages[ 0 ];
			items.push( {
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
					type: VISIBILITY_ORDER[
						toInteger( campaign.visibility_rank )
					],
				},
			} );
		}
		return {
			items,
			total: rows.length ? toInteger( rows[ 0 ].total ) : undefined,
		};
	}

	/**
	 * A page read in full, its total read on its own only for an empty page, whose statement returned no row to
	 * carry it.
	 *
	 * @param page
	 * @param query
	 */
	async function pageFrom( page: PageStatement, query: CampaignListQuery ) {
		const { items, total } = await describe( page, query.locale );
		if ( total !== undefined ) {
			return pageOf( items, query, total );
		}
		const { rows } = await sql< {
			total: number | string;
		} >`select ${ page.total } as total`.execute( db );
		return pageOf( items, query, toInteger( rows[ 0 ].total ) );
	}

	async function selectedPage(
		viewer: Viewer,
		query: CampaignListQuery,
		now: string
	): Promise< Page< CampaignListItem > > {
		const statuses = sql.join(
			query.statusId ? [ query.statusId ] : [ 1, 2 ]
		);
		// The tester's applications through the board index that serves the page: by close date only when that
		// is the sort and no end date filters.
		const applications = sql`applications a${ forceIndex(
			db,
			query.completed === undefined && query.orderBy === 'close_date'
				? 'applications_board_close'
				: 'applications_board_end'
		) }`;
		const ended = sql.raw( query.completed ? '<' : '>=' );
		// Over `testers me join ${ applications }`.
		const range = sql`me.wp_user_id = ${
			viewer.wpUserId
		} and a.status = 'selected' and a.campaign_status_id in (${ statuses })${
			query.completed === undefined
				? sql``
				: sql` and a.campaign_end_date ${ ended } ${ now }`
		}`;
		const direction = sql.raw( query.order === 'ASC' ? 'asc' : 'desc' );
		// The total is a sum of counts kept by triggers, not a count of the range: the tester's selected applications
		// per campaign status (0006) or, with a date filter, per campaign status and end date (0009), fewer rows than
		// the range has entries (a tester's campaigns share end dates), where a window count over the range had to
		// copy it into a temporary table first.
		const total =
			query.completed === undefined
				? sql`(select coalesce(sum(n.applications), 0) from testers me
					join application_counts n on n.tester_id = me.id where me.wp_user_id = ${ viewer.wpUserId }
					and n.status = 'selected' and n.campaign_status_id in (${ statuses }))`
				: sql`(select coalesce(sum(e.selected), 0) from testers me
					join tester_end_counts e on e.tester_id = me.id where me.wp_user_id = ${ viewer.wpUserId }
					and e.campaign_status_id in (${ statuses }) and e.end_date ${ ended } ${ now })`;
		return pageFrom(
			{
				ids: sql`select a.campaign_id as id, 0 as visibility_rank, a.${ sql.raw(
					`campaign_${ DATE_COLUMNS[ query.orderBy ] }`
				) } as sort_key from testers me join ${ applications } on a.tester_id = me.id
					where ${ range }
					order by sort_key ${ direction }, a.campaign_id ${ direction }
					limit ${ query.limit } offset ${ query.start }`,
				order: {
					column: DATE_COLUMNS[ query.orderBy ],
					direction: query.order,
				},
				total,
			},
			query
		);
	}

	async function visiblePage(
		viewer: Viewer,
		query: CampaignListQuery,
		now: string
	): Promise< Page< CampaignListItem > > {
		// Written as SQL text rather than with the query builder: building this statement's tree of
		// subqueries on every request cost more than running it.
		const statusIds = query.statusId ? [ query.statusId ] : [ 1, 2 ];
		const statuses = sql.join( statusIds );
		const ended =
			query.completed === undefined
				? null
				: sql.raw( query.completed ? '<' : '>=' );
		// The tester, in a block that joins `testers me`.
		const isMe = sql`me.wp_user_id = ${ viewer.wpUserId }`;
		// The tester's applications of some statuses among the campaigns the filters keep: a short index range
		// that the database reads once into a list, so no campaign costs a lookup of its own.
		const applications = ( ...status: ApplicationStatus[] ) =>
			sql`(select n.campaign_id from testers me join applications n${ forceIndex(
				db,
				'applications_board_end'
			) } on n.tester_id = me.id
				where ${ isMe } and n.status in (${ sql.join(
					status
				) }) and n.campaign_status_id in (${ statuses })${
					ended
						? sql` and n.campaign_end_date ${ ended } ${ now }`
						: sql``
				})`;
		// The status and date filters on a campaign.
		const filters = sql`c.status_id in (${ statuses })${
			ended ? sql` and c.end_date ${ ended } ${ now }` : sql``
		}`;
		// A campaign the tester may apply to (when they have no application yet): running, start date ahead,
		// a free place, and for a targeted one the tester's country, a spoken language and this month's level.
		// The block joins `me` and `targeting`.
		const open = sql`c.status_id = 1 and c.start_date > ${ now }
			and (c.max_testers is null or c.selected_count < c.max_testers)
			and (c.visibility <> 'target' or (
				(c.target_country is null or c.target_country = me.country)
				and (c.target_min_level_id is null or c.target_min_level_id <= coalesce(ml.level_id, 0))
				and (c.target_language_id is null or tl.language_id is not null)))`;
		// The tester's level this month (`ml`) and, for a targeted campaign `c`, the tester's speaking its language
		// (`tl`): joins through unique keys, which MariaDB plans for less than the subqueries they replace.
		const targeting = sql`left join tester_monthly_levels ml${ forceIndex(
			db,
			'tester_monthly_levels_unique'
		) } on ml.tester_id = me.id and ml.month = ${ viewer.month }
			left join tester_languages tl${ forceIndex(
				db,
				'tester_languages_unique'
			) } on c.visibility = 'target' and tl.tester_id = me.id
				and tl.language_id = c.target_language_id`;
		// The tester's application of a campaign `c` (`a`) and, for a small-group one, the tester's listing (`g`):
		// both through a unique key, one row at most.
		const mine = sql`left join applications a${ forceIndex(
			db,
			'applications_tester_campaign_unique'
		) } on a.tester_id = me.id and a.campaign_id = c.id
			left join campaign_targets g${ forceIndex(
				db,
				'campaign_targets_unique'
			) } on c.visibility = 'small-group' and g.tester_id = me.id
				and g.campaign_id = c.id`;
		// The total, in the page's statement: the public and targeted campaigns of the filters, plus the internal
		// and small-group ones the tester sees, less for `accepted` 0 the tester's selected ones.
		// - With a date filter, all three are sums over the counts kept per end date: the public and targeted
		//   campaigns, a column per status (0010); the tester's restricted campaigns and selected applications per
		//   campaign status (0009).
		// - Without one, the first is a sum over the counts kept per status and visibility (0008), the second a
		//   lookup of the tester's application or listing for each internal and small-group campaign
		//   (`campaigns_visibility` finds them), the third a sum over the applications kept per status (0006).
		const total = ended
			? sql`((select coalesce(sum(${ sql.raw(
					LISTED_COLUMNS[ query.statusId ?? 0 ]
			  ) }), 0) from listed_end_counts k where k.end_date ${ ended } ${ now })
				+ (select coalesce(sum(e.restricted${
					query.accepted === 0 ? sql` - e.selected` : sql``
				}), 0) from testers me join tester_end_counts e on e.tester_id = me.id
					where ${ isMe } and e.campaign_status_id in (${ statuses })
					and e.end_date ${ ended } ${ now }))`
			: sql`((select coalesce(sum(k.campaigns), 0) from campaign_counts k
					where k.status_id in (${ statuses }) and k.visibility in ('public', 'target'))
				+ (select count(*) from testers me join campaigns c${ forceIndex(
					db,
					'campaigns_visibility'
				) } ${ mine }
					where ${ isMe } and c.visibility in ('internal', 'small-group') and c.status_id in (${ statuses })
					and (a.campaign_id is not null or g.campaign_id is not null))${
						query.accepted === 0
							? sql` - (select coalesce(sum(n.applications), 0) from testers me
							join application_counts n on n.tester_id = me.id
							where ${ isMe } and n.status = 'selected'
							and n.campaign_status_id in (${ statuses }))`
							: sql``
					})`;
		// The date index a walk in that date's order reads. MariaDB is told it: weighing each of the campaigns'
		// nine indexes cost it more than the walk itself.
		const walking = ( column: keyof typeof DATE_INDEXES ) =>
			forceIndex( db, DATE_INDEXES[ column ] );
		// The available table's first pages hold open campaigns only: they are read in start-date order from
		// the index, stopping at the page's end, instead of ranking every campaign not ended yet. The page is
		// theirs when there are enough of them to fill it.
		if (
			query.orderBy === 'visibility' &&
			query.order === 'ASC' &&
			query.accepted === 0
		) {
			const firstOpen = await describe(
				{
					ids: sql`select c.id, 0 as visibility_rank, ${ CAMPAIGN_COLUMNS } from testers me join campaigns c${ walking(
						'start_date'
					) } ${ mine } ${ targeting }
						where ${ isMe } and ${ filters } and ${ open }
						and (c.visibility in ('public', 'target') or g.campaign_id is not null)
						and a.campaign_id is null
						order by c.start_date asc, c.id asc limit ${ query.limit } offset ${
							query.start
						}`,
					order: { column: 'start_date', direction: 'ASC' },
					total,
					withColumns: true,
				},
				query.locale
			);
			if (
				firstOpen.items.length === query.limit &&
				firstOpen.total !== undefined
			) {
				return pageOf( firstOpen.items, query, firstOpen.total );
			}
		}
		const direction = sql.raw( query.order === 'ASC' ? 'asc' : 'desc' );
		// Without a date filter, a list by a date would rank the platform's whole history to keep a page of it.
		// Instead, each status's date index (status, date, id) is walked in the page's order, the tester's
		// application and listing looked up for each campaign on the way, and the walk stops after `start + limit`
		// campaigns the tester sees; the page is cut from the merged walks.
		if ( ! ended && query.orderBy !== 'visibility' ) {
			const column = DATE_COLUMNS[ query.orderBy ];
			const walkStatus = ( status: number ) => {
				// The visibility as the ranked lists give it (VISIBILITY_ORDER positions); only a running campaign is open.
				const steps = sql`select c.id, c.${ sql.raw(
					column
				) } as sort_key, case a.status when 'applied' then 1 when 'selected' then 0
						when 'excluded' then 2 else ${
							status === 1
								? sql`case when ${ open } then 0 else 2 end`
								: sql`2`
						} end as visibility_rank
					from testers me join campaigns c${ walking( column ) } ${ mine }${
						status === 1 ? sql` ${ targeting }` : sql``
					}
					where ${ isMe } and c.status_id = ${ status }
					and (c.visibility in ('public', 'target') or a.campaign_id is not null or g.campaign_id is not null)${
						query.accepted === 0
							? sql` and (a.status is null or a.status <> 'selected')`
							: sql``
					}
					order by c.${ sql.raw( column ) } ${ direction }, c.id ${ direction }
					limit ${ query.start + query.limit }`;
				// MariaDB reads a parenthesised member as it is; SQLite takes an ordered, limited one as a subquery.
				return isMysql( db )
					? sql`(${ steps })`
					: sql`select * from (${ steps }) as s${ sql.lit(
							status
					  ) }`;
			};
			return pageFrom(
				{
					ids: sql`select w.id, w.visibility_rank from (${ sql.join(
						statusIds.map( walkStatus ),
						sql` union all `
					) }) as w
						order by w.sort_key ${ direction }, w.id ${ direction }
						limit ${ query.limit } offset ${ query.start }`,
					order: { column, direction: query.order },
					total,
				},
				query
			);
		}
		// Every other list ranks the campaigns of the filters: those the tester sees (built only here, on the one
		// path that reads them).
		const where = sql`${ filters } and (c.visibility in ('public', 'target')
			or c.id in ${ applications( 'applied', 'selected', 'excluded' ) }
			or (c.visibility = 'small-group' and c.id in (select n.campaign_id from testers me
				join campaign_targets n on n.tester_id = me.id where ${ isMe })))${
					query.accepted === 0
						? sql` and c.id not in ${ applications( 'selected' ) }`
						: sql``
				}`;
		// VISIBILITY_ORDER positions: 0 available (selected, or open), 1 candidate (applied), 2 unavailable.
		const rank = sql`case
			when c.id in ${ applications( 'applied' ) } then 1
			${
				query.accepted === 0
					? sql``
					: sql`when c.id in ${ applications( 'selected' ) } then 0`
			}
			when c.id in ${ applications( 'excluded' ) } then 2
			when ${ open } then 0
			else 2 end`;
		const sortColumn = sql.raw( DATE_COLUMNS[ query.orderBy ] );
		const byVisibility = query.orderBy === 'visibility';
		return pageFrom(
			{
				ids: sql`select c.id, ${ rank } as visibility_rank from testers me join campaigns c ${ targeting }
					where ${ isMe } and ${ where }
					order by ${
						byVisibility
							? sql`visibility_rank ${ direction }, `
							: sql``
					}c.${ sortColumn } ${
						byVisibility ? sql`asc` : direction
					}, c.id ${ direction } limit ${ query.limit } offset ${
						query.start
					}`,
				order: {
					column: DATE_COLUMNS[ query.orderBy ],
					direction: query.order,
					byRank: byVisibility,
				},
				total,
			},
			query
		);
	}

	return {
		/**
		 * One page of the campaigns the tester sees, with the number that match.
		 *
		 * @param viewer
		 * @param query
		 * @param now    The moment "ended" and "open for subscription" are measured against.
		 * @return Undefined when the WordPress user has no tester.
		 */
		async listForTester(
			viewer: Viewer,
			query: CampaignListQuery,
			now: Date = new Date()
		): Promise< Page< CampaignListItem > | undefined > {
			const at = toSqlDateTime( now );
			const page = await ( query.accepted === 1
				? selectedPage( viewer, query, at )
				: visiblePage( viewer, query, at ) );
			if ( page.results.length ) {
				return page;
			}
			const tester = await db
				.selectFrom( 'testers' )
				.select( 'id' )
				.where( 'wp_user_id', '=', viewer.wpUserId )
				.executeTakeFirst();
			return tester && page;
		},
	};
}

/** The visibility sort: open for the tester first, then awaiting selection, then the rest. */
const VISIBILITY_ORDER: readonly Visibility[] = [
	'available',
	'candidate',
	'unavailable',
];

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
		en: own.en ?? fallback,
		it: own.it ?? fallback,
		es: own.es ?? fallback,
		fr: own.fr ?? fallback,
	};
}
