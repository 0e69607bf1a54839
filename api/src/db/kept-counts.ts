import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';
import { inTransaction } from './transaction.ts';
import { toInteger } from './values.ts';

/**
 * Every count the database keeps beside the rows it counts (migrations 0005–0011), in one list: what each table
 * counts, who keeps it, and how to count it again from the source rows. The dashboard reads sum these instead of
 * counting rows (api/README.md "Reads at scale"), so a count gone wrong (an admin's SQL with triggers off, a
 * MariaDB foreign-key cascade, which fires no trigger) shows as a wrong total until `recount` rebuilds it.
 */

/**
 * The width of monthly_rank_buckets' buckets, as migration 0007 built them and its triggers keep them: a landed
 * migration is history that running code does not import, so the width is stated here too, and
 * test/db/kept-counts.test.ts fails if the two ever differ.
 */
export const RANK_BUCKET_POINTS = 64;

/**
 * The bucket of a points expression, as SQL: floor(points / width) on both engines (SQLite's math functions).
 *
 * @param points
 */
export const bucketOf = ( points: string ) =>
	`floor(${ points } / ${ RANK_BUCKET_POINTS }.0)`;

export interface KeptTable {
	table: keyof Database & string;
	/** What one row counts. */
	counts: string;
	/** The triggers that keep it in the writing transaction. */
	triggers: readonly string[];
	/** The code that keeps it where no trigger does. */
	keptBy?: string;
	key: readonly string[];
	values: readonly string[];
	/**
	 * Its rows as the source rows make them, a column for each of the table's. A row whose values are all 0
	 * reads as no row (every reader sums), so the triggers may leave such rows behind.
	 */
	source: RawBuilder< unknown >;
}

/**
 * In recount order: the applications' campaign copies (CAMPAIGN_COPIES) come first, for application_counts is
 * keyed by them, and monthly_rank_counts before its buckets, whose triggers it fires.
 */
export const KEPT_TABLES: readonly KeptTable[] = [
	{
		table: 'tester_counts',
		counts: "a tester's experience entries and bugs (0006) and payment requests (0021); a row per tester",
		triggers: [
			'testers_counts_insert',
			'experience_entries_count_insert',
			'experience_entries_count_delete',
			'bugs_count_insert',
			'bugs_count_delete',
			'payment_requests_count_insert',
			'payment_requests_count_delete',
		],
		key: [ 'tester_id' ],
		values: [ 'experience_entries', 'bugs', 'payment_requests' ],
		// Every tester has a row: the entries', bugs' and requests' triggers only update it.
		source: sql`select t.id as tester_id,
			(select count(*) from experience_entries e where e.tester_id = t.id) as experience_entries,
			(select count(*) from bugs b where b.tester_id = t.id) as bugs,
			(select count(*) from payment_requests p where p.tester_id = t.id) as payment_requests
			from testers t`,
	},
	{
		table: 'application_counts',
		counts: "a tester's applications per status and campaign status (0006)",
		triggers: [
			'applications_count_insert',
			'applications_count_delete',
			'applications_count_update',
		],
		key: [ 'tester_id', 'status', 'campaign_status_id' ],
		values: [ 'applications' ],
		source: sql`select tester_id, status, campaign_status_id, count(*) as applications
			from applications group by tester_id, status, campaign_status_id`,
	},
	{
		table: 'campaign_counts',
		counts: 'campaigns per status and visibility (0008)',
		triggers: [
			'campaign_counts_insert',
			'campaign_counts_delete',
			'campaign_counts_update',
		],
		key: [ 'status_id', 'visibility' ],
		values: [ 'campaigns' ],
		source: sql`select status_id, visibility, count(*) as campaigns
			from campaigns group by status_id, visibility`,
	},
	{
		table: 'listed_end_counts',
		counts: 'the public and targeted campaigns per end date, running and closed (0010)',
		triggers: [
			'listed_end_counts_insert',
			'listed_end_counts_delete',
			'listed_end_counts_update',
		],
		key: [ 'end_date' ],
		values: [ 'running', 'closed' ],
		source: sql`select end_date, sum(case when status_id = 1 then 1 else 0 end) as running,
			sum(case when status_id = 2 then 1 else 0 end) as closed
			from campaigns where visibility in ('public', 'target') group by end_date`,
	},
	{
		table: 'tester_end_counts',
		counts: "per tester and campaign status and end date: the tester's selected applications and the internal and small-group campaigns they see, through an application or, small-group, a listing (0009)",
		triggers: [
			'tester_end_counts_campaign_update',
			'tester_end_counts_campaign_delete',
			'tester_end_counts_application_insert',
			'tester_end_counts_application_delete',
			'tester_end_counts_application_update',
			'tester_end_counts_listing_insert',
			'tester_end_counts_listing_delete',
		],
		key: [ 'tester_id', 'campaign_status_id', 'end_date' ],
		values: [ 'selected', 'restricted' ],
		// Keyed by the campaign's own status and end date, not by its applications' copies. Each (tester,
		// campaign) pair once, whether the tester applied, is listed, or both.
		source: sql`select p.tester_id, c.status_id as campaign_status_id, c.end_date,
			sum(case when a.status = 'selected' then 1 else 0 end) as selected,
			sum(case when c.visibility = 'small-group' or (c.visibility = 'internal' and a.id is not null)
				then 1 else 0 end) as restricted
			from (select tester_id, campaign_id from applications
				union select tester_id, campaign_id from campaign_targets) p
			join campaigns c on c.id = p.campaign_id
			left join applications a on a.tester_id = p.tester_id and a.campaign_id = p.campaign_id
			group by p.tester_id, c.status_id, c.end_date`,
	},
	{
		table: 'monthly_rank_counts',
		counts: 'testers per month, level and points value (0005)',
		// No trigger: the few paths that write tester_monthly_levels keep the counts themselves. A deleted row (a
		// tester's deletion cascades to theirs) leaves its count behind until a recount.
		triggers: [],
		keptBy: "features/ranking/monthly-points.ts recordMonthlyPoints, and its rebuildRankCounts for features/levels/change.ts (a month's, after its level change) and the seed's rebuildMonthlyRankCounts",
		key: [ 'month', 'level_id', 'points' ],
		values: [ 'testers' ],
		source: sql`select month, level_id, points, count(*) as testers
			from tester_monthly_levels group by month, level_id, points`,
	},
	{
		table: 'monthly_rank_buckets',
		counts: `testers per month, level and bucket of ${ RANK_BUCKET_POINTS } points values (0007)`,
		triggers: [
			'monthly_rank_buckets_insert',
			'monthly_rank_buckets_delete',
			'monthly_rank_buckets_update',
		],
		key: [ 'month', 'level_id', 'bucket' ],
		values: [ 'testers' ],
		source: sql`select month, level_id, ${ sql.raw(
			bucketOf( 'points' )
		) } as bucket, count(*) as testers from tester_monthly_levels
			group by month, level_id, ${ sql.raw( bucketOf( 'points' ) ) }`,
	},
];

/**
 * The campaign's status and dates that each application carries (0005), and the triggers that keep them: one follows a
 * campaign's changes, one refuses an application inserted without its campaign's copies (0011).
 */
export const CAMPAIGN_COPIES = {
	table: 'applications',
	copies: "its campaign's status_id, start_date, end_date and close_date, as campaign_status_id, campaign_start_date, campaign_end_date, campaign_close_date (0005)",
	triggers: [
		'applications_campaign_copy',
		'applications_campaign_copy_insert',
	],
} as const;

/**
 * The full-text index of bug titles (0018, the bug form's duplicate hint), kept by triggers on bugs: a copy of
 * each title with its campaign and tester, not a count, so `recount` leaves it alone.
 */
export const BUG_SEARCH = {
	table: 'bug_search',
	copies: "each bug's title, campaign and tester (0018)",
	triggers: [
		'bugs_search_insert',
		'bugs_search_update',
		'bugs_search_delete',
	],
} as const;

/** Every trigger that keeps a count, a copy or an index. */
export const KEEPING_TRIGGERS: readonly string[] = [
	...KEPT_TABLES.flatMap( ( kept ) => kept.triggers ),
	...CAMPAIGN_COPIES.triggers,
	...BUG_SEARCH.triggers,
];

export interface Recounted {
	table: string;
	/** Rows after the recount. */
	rows: number;
	/** Rows (by key; applications, by id) the recount changed, added or removed. */
	differed: number;
}

/**
 * Rebuilds every kept count and copy from the source rows, in one transaction: the copies are set from their
 * campaigns, then each table is emptied and filled again by an INSERT … SELECT. Safe beside running writers: they
 * wait for the transaction (InnoDB locks what it reads, SQLite has one writer).
 *
 * @param db
 * @return What changed, table by table.
 */
export function recount( db: Kysely< Database > ): Promise< Recounted[] > {
	return inTransaction( db, async ( trx ) => {
		const recounted = [ await recopy( trx ) ];
		for ( const kept of KEPT_TABLES ) {
			recounted.push( await rebuild( trx, kept ) );
		}
		return recounted;
	} );
}

/**
 * Sets each application's copies from its campaign where they differ.
 *
 * @param db
 */
async function recopy( db: Kysely< Database > ): Promise< Recounted > {
	const campaign = ( column: string ) =>
		sql`(select c.${ sql.raw(
			column
		) } from campaigns c where c.id = applications.campaign_id)`;
	const stale = sql`exists (select 1 from campaigns c where c.id = applications.campaign_id
		and (c.status_id <> applications.campaign_status_id
			or applications.campaign_start_date is null or c.start_date <> applications.campaign_start_date
			or applications.campaign_end_date is null or c.end_date <> applications.campaign_end_date
			or applications.campaign_close_date is null or c.close_date <> applications.campaign_close_date))`;
	const updated = await sql`update applications set
		campaign_status_id = ${ campaign( 'status_id' ) },
		campaign_start_date = ${ campaign( 'start_date' ) },
		campaign_end_date = ${ campaign( 'end_date' ) },
		campaign_close_date = ${ campaign( 'close_date' ) }
		where ${ stale }`.execute( db );
	return {
		table: `${ CAMPAIGN_COPIES.table }.campaign_*`,
		rows: await countRows( db, CAMPAIGN_COPIES.table ),
		differed: Number( updated.numAffectedRows ?? 0 ),
	};
}

/**
 * Empties a kept table and fills it from its source rows, counting first the keys whose rows differ (a row of
 * zeros counting as none).
 *
 * @param db
 * @param kept
 */
async function rebuild(
	db: Kysely< Database >,
	kept: KeptTable
): Promise< Recounted > {
	const columns = [ ...kept.key, ...kept.values ];
	const list = ( prefix: string, names: readonly string[] ) =>
		sql.raw( names.map( ( name ) => `${ prefix }${ name }` ).join( ', ' ) );
	const nonZero = sql.raw(
		kept.values.map( ( name ) => `${ name } <> 0` ).join( ' or ' )
	);
	const stored = sql`select ${ list( '', columns ) } from ${ sql.table(
		kept.table
	) } where ${ nonZero }`;
	const fresh = sql`select ${ list( '', columns ) } from (${
		kept.source
	}) as s where ${ nonZero }`;
	const keys = list( 'd.', kept.key );
	const { rows } = await sql< {
		differed: number | string;
	} >`select count(*) as differed from (
		select ${ keys } from (${ stored } except ${ fresh }) as d
		union select ${ keys } from (${ fresh } except ${ stored }) as d) as k`.execute(
		db
	);
	await sql`delete from ${ sql.table( kept.table ) }`.execute( db );
	await sql`insert into ${ sql.table( kept.table ) } (${ list(
		'',
		columns
	) }) ${ kept.source }`.execute( db );
	return {
		table: kept.table,
		rows: await countRows( db, kept.table ),
		differed: toInteger( rows[ 0 ].differed ),
	};
}

async function countRows(
	db: Kysely< Database >,
	table: keyof Database & string
): Promise< number > {
	const { rows } = await sql< {
		n: number | string;
	} >`select count(*) as n from ${ sql.table( table ) }`.execute( db );
	return toInteger( rows[ 0 ].n );
}
