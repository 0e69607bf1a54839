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
 * total is the count kept alongside, or a count over the same index range when a filter applies.
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
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const filtered =
				query.campaign !== undefined ||
				query.activity !== undefined ||
				query.date !== undefined ||
				Boolean( query.search );
			const sort = query.orderBy === 'amount' ? 'amount' : 'created_at';
			const page = base
				.select( 'id' )
				.orderBy( sort, direction )
				.orderBy( 'id', direction )
				.limit( query.limit )
				.offset( query.start )
				.as( 'page' );
			const [ total, rows ] = await Promise.all( [
				countOf( base, filtered ? undefined : unfilteredTotal ),
				db
					.selectFrom( page )
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
					.orderBy( `e.${ sort }`, direction )
					.orderBy( 'e.id', direction )
					.execute(),
			] );
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
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const sort = BUG_SORT[ query.orderBy ];
			let page = base.select( 'id' );
			if ( sort !== 'id' ) {
				page = page.orderBy( sort, direction );
			}
			const filtered =
				query.campaign !== undefined ||
				query.severity !== undefined ||
				query.status !== undefined;
			let described = db
				.selectFrom(
					page
						.orderBy( 'id', direction )
						.limit( query.limit )
						.offset( query.start )
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
				] );
			if ( sort !== 'id' ) {
				described = described.orderBy( `b.${ sort }`, direction );
			}
			const [ total, rows ] = await Promise.all( [
				countOf( base, filtered ? undefined : unfilteredTotal ),
				described.orderBy( 'b.id', direction ).execute(),
			] );
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
 * The rows a query matches: the count kept alongside when there is one, otherwise a count over the query's
 * index range.
 *
 * @param query
 * @param known
 */
async function countOf(
	query: SelectQueryBuilder< Database, any, object >,
	known: number | undefined
): Promise< number > {
	if ( known !== undefined ) {
		return known;
	}
	const row = await query
		.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
		.executeTakeFirstOrThrow();
	return toInteger( row.total as number );
}
