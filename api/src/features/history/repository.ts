import {
	sql,
	type Kysely,
	type Selectable,
	type SelectQueryBuilder,
} from 'kysely';
import type {
	BugPage,
	ExperienceFilters,
	ExperiencePage,
	QueryOf,
} from '../../contract/index.ts';
import { forceIndex } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { fromSqlDateTime, toDateOnly, toInteger } from '../../db/values.ts';
import { LastSeen } from '../../lib/last-seen.ts';
import { pageOf, type SortOrder } from '../paging.ts';

export interface ExperienceQuery {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: QueryOf< 'listMyExperience' >[ 'orderBy' ];
	/** Text the reason must contain. */
	search?: string;
	campaign?: number;
	activity?: number;
	/** One day, YYYY-MM-DD (UTC). */
	date?: string;
}

export interface BugQuery {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: QueryOf< 'listMyBugs' >[ 'orderBy' ];
	campaign?: number;
	severity?: number;
	status?: number;
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

/**
 * The LIKE patterns of a search: the text as typed, and, when it has quotes or backslashes, as PHP's `addslashes`
 * stored it in the reasons that came from WordPress (shown without the backslashes, src/lib/text.ts), so what the
 * tester reads is what the tester finds.
 *
 * @param text
 */
const searchPatterns = ( text: string ): string[] => {
	const slashed = text.replace( /[\\'"\0]/g, ( character ) =>
		character === '\0' ? '\\0' : `\\${ character }`
	);
	return [ ...new Set( [ text, slashed ] ) ].map( likeContaining );
};

function nextDay( day: string ): string {
	const date = new Date( `${ day }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + 1 );
	return date.toISOString().slice( 0, 10 );
}

/** The index that holds a tester's experience entries in each sort's order (0003-domain). */
const EXPERIENCE_SORT_INDEXES = {
	date: 'experience_entries_tester_date',
	amount: 'experience_entries_tester_amount',
} as const;

/** The index that starts with the tester and each filter's column (0003-domain). */
const EXPERIENCE_FILTER_INDEXES = {
	campaign: 'experience_entries_tester_campaign',
	activity: 'experience_entries_tester_activity',
	date: 'experience_entries_tester_date',
} as const;

/** The index that holds a tester's bugs in each sort's order (0003-domain). */
const BUG_SORT_INDEXES = {
	id: 'bugs_tester',
	severity: 'bugs_tester_severity',
	status: 'bugs_tester_status',
	campaign: 'bugs_tester_campaign',
} as const;

/** The lists with a count kept alongside (tester_counts, 0006). */
type Counter = 'experience_entries' | 'bugs';

/** Where a page is read from: see pageWindow. */
export interface PageWindow {
	direction: 'asc' | 'desc';
	offset: number;
	limit: number;
	/** Read from the list's other end, placed by the list's size. */
	reversed: boolean;
}

/** Testers whose lists' last sizes are remembered, each list apart (readList). */
const SIZES_REMEMBERED = 10_000;

export type HistoryRepository = ReturnType< typeof createHistoryRepository >;

/**
 * A tester's experience entries and bugs, a page at a time. Each page is found on an index that starts with the
 * tester and the filter and ends with the sort and the id (0003-domain), reading ids only, and only the page's
 * rows are read in full, with their campaign, in the same statement (a derived table of the page's ids). The
 * total is the count kept alongside (0006), or, when a filter applies, a count over the same index range in the
 * same statement. Pages past the middle of an unfiltered list are read from its other end (pageWindow).
 *
 * The tester is the token's WordPress user, found inside the statements through `testers`' unique key (`me`):
 * a page is one round trip, but for a page past the middle of a list whose size has changed since this process
 * last read it (readList). A list answers undefined when that user has no tester.
 *
 * @param db
 */
export function createHistoryRepository( db: Kysely< Database > ) {
	/**
	 * A tester's rows of a list as `x`. An unfiltered list is read through the index of its sort (`index`), which
	 * MariaDB is told (forceIndex); a filter's index is the planner's choice, as it depends on the data.
	 *
	 * @param table
	 * @param index
	 */
	const ownRows = < Table extends 'experience_entries' | 'bugs' >(
		table: Table,
		index: string | undefined
	) =>
		sql< Selectable< Database[ Table ] > >`${ sql.table(
			table
		) }`.as< 'x' >( sql`x${ index ? forceIndex( db, index ) : sql`` }` );

	/**
	 * The tester's counts kept alongside, or undefined without a tester.
	 *
	 * @param wpUserId
	 */
	const countsOf = ( wpUserId: number ) =>
		db
			.selectFrom( 'testers as me' )
			.leftJoin( 'tester_counts as k', 'k.tester_id', 'me.id' )
			.select( [ 'k.experience_entries', 'k.bugs' ] )
			.where( 'me.wp_user_id', '=', wpUserId )
			.executeTakeFirst()
			.then(
				( row ) =>
					row && {
						experience_entries: toInteger(
							row.experience_entries ?? 0
						),
						bugs: toInteger( row.bugs ?? 0 ),
					}
			);

	/**
	 * The distinct campaigns (ids: the list shows CP+id), activities and days of a tester's experience entries, or
	 * undefined without a tester. One statement: each value's branch reads only the tester's range of the index
	 * that starts with the tester and that value, and a branch of the tester's own row tells an empty history
	 * from no tester.
	 *
	 * @param wpUserId The tester's WordPress user.
	 */
	const readExperienceFilters = async (
		wpUserId: number
	): Promise< ExperienceFilters | undefined > => {
		const own = ( index: string ) =>
			db
				.selectFrom( 'testers as me' )
				.innerJoin(
					ownRows( 'experience_entries', index ),
					'x.tester_id',
					'me.id'
				)
				.where( 'me.wp_user_id', '=', wpUserId );
		// The union's columns: a value's id or its label (a campaign's title, a day), and which value it is.
		const noId = sql< number | null >`null`;
		const noLabel = sql< string | null >`null`;
		const rows = await db
			.selectFrom( 'testers as me' )
			.where( 'me.wp_user_id', '=', wpUserId )
			.select( ( eb ) => [
				sql.lit( 'tester' ).as( 'kind' ),
				eb.ref( 'me.id' ).$castTo< number | null >().as( 'id' ),
				noLabel.as( 'label' ),
			] )
			.unionAll(
				db
					.selectFrom(
						own( EXPERIENCE_FILTER_INDEXES.campaign )
							.where( 'x.campaign_id', '>', 0 )
							.select( 'x.campaign_id' )
							.distinct()
							.as( 'd' )
					)
					.innerJoin( 'campaigns as c', 'c.id', 'd.campaign_id' )
					.select( [
						sql.lit( 'campaign' ).as( 'kind' ),
						'c.id as id',
						noLabel.as( 'label' ),
					] )
			)
			.unionAll(
				own( EXPERIENCE_FILTER_INDEXES.activity )
					.select( [
						sql.lit( 'activity' ).as( 'kind' ),
						'x.activity_id as id',
						noLabel.as( 'label' ),
					] )
					.distinct()
			)
			.unionAll(
				own( EXPERIENCE_FILTER_INDEXES.date )
					.select( [
						sql.lit( 'date' ).as( 'kind' ),
						noId.as( 'id' ),
						// A string on both engines (mysql2 runs with dateStrings).
						sql< string >`date(x.created_at)`.as( 'label' ),
					] )
					.distinct()
			)
			.execute();
		if ( ! rows.some( ( row ) => row.kind === 'tester' ) ) {
			return undefined;
		}
		const of = ( kind: string ) =>
			rows.filter( ( row ) => row.kind === kind );
		return {
			campaigns: of( 'campaign' )
				.map( ( row ) => toInteger( row.id! ) )
				.sort( ( a, b ) => b - a ),
			activities: of( 'activity' )
				.map( ( row ) => toInteger( row.id! ) )
				.sort( ( a, b ) => a - b ),
			dates: of( 'date' )
				.map( ( row ) => toDateOnly( row.label )! )
				.sort()
				.reverse(),
		};
	};
	// The last filters answer per tester, with the kept entry count and total it was read with.
	const lastFilters = new LastSeen<
		number,
		{ version: string; answer: ExperienceFilters }
	>( SIZES_REMEMBERED );

	// The size of each tester's lists when a page of them was last read: where a page past the middle is read from
	// (pageWindow) depends on it, and it would otherwise take a round trip of its own. Only a hint: each page's
	// statement reads the list's size too, and a page placed by a size that has changed since is read again.
	const lastSizes = {
		experience_entries: new LastSeen< number, number >( SIZES_REMEMBERED ),
		bugs: new LastSeen< number, number >( SIZES_REMEMBERED ),
	};

	/**
	 * The size of a list whose page came back empty: the count kept alongside, or, with a filter, a count of
	 * the filtered rows. Undefined without a tester.
	 *
	 * @param wpUserId
	 * @param counter
	 * @param filtered The list's rows, filtered, when a filter applies.
	 */
	async function sizeOfEmpty(
		wpUserId: number,
		counter: Counter,
		filtered: SelectQueryBuilder< Database, any, object > | undefined
	): Promise< number | undefined > {
		const counts = await countsOf( wpUserId );
		if ( ! counts || ! filtered ) {
			return counts?.[ counter ];
		}
		const row = await filtered
			.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
			.executeTakeFirstOrThrow();
		return toInteger( row.total as number );
	}

	/**
	 * A page of a list with the list's size, or undefined without a tester. `read` runs the page's statement
	 * for a window, each row carrying the list's size (`total`). A page past the middle of an unfiltered list
	 * is read from the other end, placed by the size the list had last time (or, the first time, by the count
	 * kept alongside): one round trip when the size has not changed, and read again when it has. A window read
	 * from the query's own end does not depend on the size.
	 *
	 * @param wpUserId
	 * @param query
	 * @param query.start
	 * @param query.limit
	 * @param query.order
	 * @param counter     The count kept alongside for the unfiltered list.
	 * @param filtered    The list's rows, filtered, when a filter applies.
	 * @param read
	 */
	async function readList< Row extends { total?: number | string | null } >(
		wpUserId: number,
		query: { start: number; limit: number; order: SortOrder },
		counter: Counter,
		filtered: SelectQueryBuilder< Database, any, object > | undefined,
		read: ( window: PageWindow ) => Promise< Row[] >
	): Promise< { rows: Row[]; total: number } | undefined > {
		let size: number | undefined;
		if ( ! filtered && query.start > 0 ) {
			size =
				lastSizes[ counter ].get( wpUserId ) ??
				( await countsOf( wpUserId ) )?.[ counter ];
			if ( size === undefined ) {
				return undefined;
			}
		}
		// A third read, after the size changed between two, goes from the query's own end.
		for ( let reads = 1; ; reads++ ) {
			const window = pageWindow( query, reads < 3 ? size : undefined );
			const rows = await read( window );
			const total = rows.length
				? toInteger( rows[ 0 ].total ?? 0 )
				: await sizeOfEmpty( wpUserId, counter, filtered );
			if ( total === undefined ) {
				return undefined;
			}
			if ( ! filtered ) {
				lastSizes[ counter ].set( wpUserId, total );
			}
			if ( ! window.reversed || total === size ) {
				return { rows, total };
			}
			size = total;
		}
	}

	return {
		/**
		 * @param wpUserId The tester's WordPress user.
		 * @param query
		 */
		async listExperience(
			wpUserId: number,
			query: ExperienceQuery
		): Promise< ExperiencePage | undefined > {
			const filtered =
				query.campaign !== undefined ||
				query.activity !== undefined ||
				query.date !== undefined ||
				Boolean( query.search );
			const sort = query.orderBy === 'amount' ? 'amount' : 'created_at';
			let base = db
				.selectFrom( 'testers as me' )
				.innerJoin(
					ownRows(
						'experience_entries',
						filtered
							? undefined
							: EXPERIENCE_SORT_INDEXES[ query.orderBy ]
					),
					'x.tester_id',
					'me.id'
				)
				.where( 'me.wp_user_id', '=', wpUserId );
			if ( query.campaign !== undefined ) {
				base = base.where( 'x.campaign_id', '=', query.campaign );
			}
			if ( query.activity !== undefined ) {
				base = base.where( 'x.activity_id', '=', query.activity );
			}
			if ( query.date !== undefined ) {
				base = base
					.where( 'x.created_at', '>=', `${ query.date } 00:00:00` )
					.where(
						'x.created_at',
						'<',
						`${ nextDay( query.date ) } 00:00:00`
					);
			}
			if ( query.search ) {
				const matches = searchPatterns( query.search ).map(
					( pattern ) => sql`x.note like ${ pattern } escape '!'`
				);
				base = base.where(
					sql< boolean >`(${ sql.join( matches, sql` or ` ) })`
				);
			}
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const read = ( window: PageWindow ) =>
				db
					.selectFrom(
						base
							.select( 'x.id' )
							.orderBy( `x.${ sort }`, window.direction )
							.orderBy( 'x.id', window.direction )
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
					.$if( filtered, ( qb ) => qb.select( totalColumn( base ) ) )
					.$if( ! filtered, ( qb ) =>
						qb
							.leftJoin(
								'tester_counts as k',
								'k.tester_id',
								'e.tester_id'
							)
							.select( 'k.experience_entries as total' )
					)
					.orderBy( `e.${ sort }`, direction )
					.orderBy( 'e.id', direction )
					.execute();
			const list = await readList(
				wpUserId,
				query,
				'experience_entries',
				filtered ? base : undefined,
				read
			);
			if ( ! list ) {
				return undefined;
			}
			const { rows, total } = list;
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
		 * The distinct campaigns, activities and days of a tester's experience entries, or undefined without a
		 * tester: the last answer while the tester's kept entry count and total are those it was read with (a
		 * history of thousands of campaigns is milliseconds of distincts, measured in docs/performance.md), else
		 * read again (readExperienceFilters).
		 *
		 * @param wpUserId The tester's WordPress user.
		 */
		async listExperienceFilters(
			wpUserId: number
		): Promise< ExperienceFilters | undefined > {
			const stamp = await db
				.selectFrom( 'testers as me' )
				.leftJoin( 'tester_counts as k', 'k.tester_id', 'me.id' )
				.select( [ 'me.total_exp_pts', 'k.experience_entries' ] )
				.where( 'me.wp_user_id', '=', wpUserId )
				.executeTakeFirst();
			if ( ! stamp ) {
				return undefined;
			}
			const version = `${ toInteger(
				stamp.experience_entries ?? 0
			) }:${ toInteger( stamp.total_exp_pts ) }`;
			const known = lastFilters.get( wpUserId );
			if ( known?.version === version ) {
				return known.answer;
			}
			const answer = await readExperienceFilters( wpUserId );
			if ( answer ) {
				lastFilters.set( wpUserId, { version, answer } );
			}
			return answer;
		},

		/**
		 * @param wpUserId The tester's WordPress user.
		 * @param query
		 */
		async listBugs(
			wpUserId: number,
			query: BugQuery
		): Promise< BugPage | undefined > {
			const filtered =
				query.campaign !== undefined ||
				query.severity !== undefined ||
				query.status !== undefined;
			const sort = BUG_SORT[ query.orderBy ];
			let base = db
				.selectFrom( 'testers as me' )
				.innerJoin(
					ownRows(
						'bugs',
						filtered ? undefined : BUG_SORT_INDEXES[ query.orderBy ]
					),
					'x.tester_id',
					'me.id'
				)
				.where( 'me.wp_user_id', '=', wpUserId );
			if ( query.campaign !== undefined ) {
				base = base.where( 'x.campaign_id', '=', query.campaign );
			}
			if ( query.severity !== undefined ) {
				base = base.where( 'x.severity_id', '=', query.severity );
			}
			if ( query.status !== undefined ) {
				base = base.where( 'x.status_id', '=', query.status );
			}
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const read = ( window: PageWindow ) => {
				let page = base.select( 'x.id' );
				if ( sort !== 'id' ) {
					page = page.orderBy( `x.${ sort }`, window.direction );
				}
				let described = db
					.selectFrom(
						page
							.orderBy( 'x.id', window.direction )
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
					.$if( filtered, ( qb ) => qb.select( totalColumn( base ) ) )
					.$if( ! filtered, ( qb ) =>
						qb
							.leftJoin(
								'tester_counts as k',
								'k.tester_id',
								'b.tester_id'
							)
							.select( 'k.bugs as total' )
					);
				if ( sort !== 'id' ) {
					described = described.orderBy( `b.${ sort }`, direction );
				}
				return described.orderBy( 'b.id', direction ).execute();
			};
			const list = await readList(
				wpUserId,
				query,
				'bugs',
				filtered ? base : undefined,
				read
			);
			if ( ! list ) {
				return undefined;
			}
			const { rows, total } = list;
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
): PageWindow {
	const direction = order === 'ASC' ? 'asc' : 'desc';
	if ( total === undefined || start >= total || start * 2 < total ) {
		return { direction, offset: start, limit, reversed: false };
	}
	const end = Math.min( total, start + limit );
	return {
		direction: direction === 'asc' ? 'desc' : 'asc',
		offset: total - end,
		limit: end - start,
		reversed: true,
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
