import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fromSqlDateTime, toInteger } from '../db/values.ts';
import { pageOf, type Page, type SortOrder } from './campaigns.ts';

export interface ExperienceQuery {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: 'date' | 'amount';
	/** Text the reason must contain. */
	search?: string;
	campaign?: number;
	activity?: number;
	/** One day, YYYY-MM-DD (UTC). */
	date?: string;
}

export interface ExperienceItem {
	id: number;
	amount: number;
	date: string;
	activity: { id: number };
	campaign: { id: number; title: string } | null;
	note: string;
}

export interface BugQuery {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: 'id' | 'severity' | 'status' | 'campaign';
	campaign?: number;
	severity?: number;
	status?: number;
}

export interface BugItem {
	id: number;
	title: string;
	severity: { id: number; name: string };
	status: { id: number; name: string };
	campaign: { id: number; name: string };
}

/** Bug severity and status names as the payloads spell them (spec section 3; codes in 0003-domain). */
export const BUG_SEVERITIES: Record< number, string > = {
	1: 'LOW',
	2: 'MEDIUM',
	3: 'HIGH',
	4: 'CRITICAL',
};
export const BUG_STATUSES: Record< number, string > = {
	1: 'Refused',
	2: 'Approved',
	3: 'Pending',
	4: 'Need Review',
};

const BUG_SORT = {
	id: 'id',
	severity: 'severity_id',
	status: 'status_id',
	campaign: 'campaign_id',
} as const;

/** `%` and `_` are literal in a search ("!" escapes them: the same on both engines, unlike a backslash). */
const likeContaining = ( text: string ) =>
	`%${ text.replace( /[!%_]/g, ( character ) => `!${ character }` ) }%`;

function nextDay( day: string ): string {
	const date = new Date( `${ day }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + 1 );
	return date.toISOString().slice( 0, 10 );
}

export type HistoryRepository = ReturnType< typeof createHistoryRepository >;

/**
 * A tester's experience entries and bugs, a page at a time. Each page is found on an index that starts with the
 * tester and the filter and ends with the sort and the id (0003-domain), reading ids only, and only the page's
 * rows are read in full, with their campaign, in the same statement (a derived table of the page's ids). The
 * total is the count kept alongside, or, when a filter applies, a count over the same index range in the same
 * statement. Pages past the middle of an unfiltered list are read from its other end (pageWindow).
 *
 * @param db
 */
export function createHistoryRepository( db: Kysely< Database > ) {
	return {
		/**
		 * @param testerId
		 * @param query
		 * @param unfilteredTotal The tester's number of entries (kept alongside), used when nothing filters.
		 */
		async listExperience(
			testerId: number,
			query: ExperienceQuery,
			unfilteredTotal?: number
		): Promise< Page< ExperienceItem > > {
			let base = db
				.selectFrom( 'experience_entries' )
				.where( 'tester_id', '=', testerId );
			if ( query.campaign !== undefined ) {
				base = base.where( 'campaign_id', '=', query.campaign );
			}
			if ( query.activity !== undefined ) {
				base = base.where( 'activity_id', '=', query.activity );
			}
			if ( query.date !== undefined ) {
				base = base
					.where( 'created_at', '>=', `${ query.date } 00:00:00` )
					.where(
						'created_at',
						'<',
						`${ nextDay( query.date ) } 00:00:00`
					);
			}
			if ( query.search ) {
				base = base.where(
					sql< boolean >`note like ${ likeContaining(
						query.search
					) } escape '!'`
				);
			}
			const filtered =
				query.campaign !== undefined ||
				query.activity !== undefined ||
				query.date !== undefined ||
				Boolean( query.search );
			const known = filtered ? undefined : unfilteredTotal;
			const sort = query.orderBy === 'amount' ? 'amount' : 'created_at';
			const window = pageWindow( query, known );
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const rows = await db
				.selectFrom(
					base
						.select( 'id' )
						.orderBy( sort, window.direction )
						.orderBy( 'id', window.direction )
						.limit( window.limit )
						.offset( window.offset )
						.as( 'page' )
				)
				.innerJoin( 'experience_entries as e', 'e.id', 'page.id' )
				.leftJoin( 'campaigns as c', 'c.id', 'e.campaign_id' )
				.select( [
					'e.id',
					'e.amount',
					'e.activity_id',
					'e.campaign_id',
					'e.note',
					'e.created_at',
					'c.title',
				] )
				.$if( known === undefined, ( qb ) =>
					qb.select( totalColumn( base ) )
				)
				.orderBy( `e.${ sort }`, direction )
				.orderBy( 'e.id', direction )
				.execute();
			const total = await totalOf( base, known, rows );
			const results = rows.map( ( row ) => ( {
				id: row.id,
				amount: toInteger( row.amount ),
				date: fromSqlDateTime( row.created_at ),
				activity: { id: row.activity_id },
				campaign:
					row.campaign_id !== null && row.title !== null
						? { id: row.campaign_id, title: row.title }
						: null,
				note: row.note,
			} ) );
			return pageOf( results, query, total );
		},

		/**
		 * @param testerId
		 * @param query
		 * @param unfilteredTotal The tester's number of bugs (kept alongside), used when nothing filters.
		 */
		async listBugs(
			testerId: number,
			query: BugQuery,
			unfilteredTotal?: number
		): Promise< Page< BugItem > > {
			let base = db
				.selectFrom( 'bugs' )
				.where( 'tester_id', '=', testerId );
			if ( query.campaign !== undefined ) {
				base = base.where( 'campaign_id', '=', query.campaign );
			}
			if ( query.severity !== undefined ) {
				base = base.where( 'severity_id', '=', query.severity );
			}
			if ( query.status !== undefined ) {
				base = base.where( 'status_id', '=', query.status );
			}
			const filtered =
				query.campaign !== undefined ||
				query.severity !== undefined ||
				query.status !== undefined;
			const known = filtered ? undefined : unfilteredTotal;
			const sort = BUG_SORT[ query.orderBy ];
			const window = pageWindow( query, known );
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			let page = base.select( 'id' );
			if ( sort !== 'id' ) {
				page = page.orderBy( sort, window.direction );
			}
			let described = db
				.selectFrom(
					page
						.orderBy( 'id', window.direction )
						.limit( window.limit )
						.offset( window.offset )
						.as( 'page' )
				)
				.innerJoin( 'bugs as b', 'b.id', 'page.id' )
				.innerJoin( 'campaigns as c', 'c.id', 'b.campaign_id' )
				.select( [
					'b.id',
					'b.title',
					'b.severity_id',
					'b.status_id',
					'b.campaign_id',
					'c.title as campaign_title',
				] )
				.$if( known === undefined, ( qb ) =>
					qb.select( totalColumn( base ) )
				);
			if ( sort !== 'id' ) {
				described = described.orderBy( `b.${ sort }`, direction );
			}
			const rows = await described.orderBy( 'b.id', direction ).execute();
			const total = await totalOf( base, known, rows );
			const results = rows.map( ( row ) => ( {
				id: row.id,
				title: row.title,
				severity: {
					id: row.severity_id,
					name: BUG_SEVERITIES[ row.severity_id ],
				},
				status: {
					id: row.status_id,
					name: BUG_STATUSES[ row.status_id ],
				},
				campaign: {
					id: row.campaign_id,
					name: row.campaign_title,
				},
			} ) );
			return pageOf( results, query, total );
		},
	};
}

/**
 * Where a page is read from. A page past the middle of a list whose size is known is read from the list's
 * other end, in the reverse order (the statement orders it back): an index range is skipped one entry at a
 * time, so the last page of 3,200 entries would otherwise step over 3,175 of them.
 *
 * @param query
 * @param query.start
 * @param query.limit
 * @param query.order
 * @param total       The list's size, when it is known before reading.
 */
export function pageWindow(
	{ start, limit, order }: { start: number; limit: number; order: SortOrder },
	total: number | undefined
): { direction: 'asc' | 'desc'; offset: number; limit: number } {
	const direction = order === 'ASC' ? 'asc' : 'desc';
	if ( total === undefined || start >= total || start * 2 < total ) {
		return { direction, offset: start, limit };
	}
	const end = Math.min( total, start + limit );
	return {
		direction: direction === 'asc' ? 'desc' : 'asc',
		offset: total - end,
		limit: end - start,
	};
}

/**
 * The `total` column of a filtered page's statement: a count over the same index range, in the same statement
 * as the page (one round trip, one snapshot).
 *
 * @param base The list's rows, filtered.
 */
function totalColumn( base: SelectQueryBuilder< Database, any, object > ) {
	return base
		.select( ( eb ) => eb.fn.countAll< number | string >().as( 'n' ) )
		.as( 'total' );
}

/**
 * The list's size from its page's rows; an empty page (past the end, or nothing matches) counts on its own.
 *
 * @param base
 * @param known
 * @param rows
 */
async function totalOf(
	base: SelectQueryBuilder< Database, any, object >,
	known: number | undefined,
	rows: Array< { total?: number | string | null } >
): Promise< number > {
	if ( known !== undefined ) {
		return known;
	}
	if ( rows.length ) {
		return toInteger( rows[ 0 ].total ?? 0 );
	}
	const row = await base
		.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
		.executeTakeFirstOrThrow();
	return toInteger( row.total as number );
}
