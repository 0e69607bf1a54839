/**
 * The monthly level change: for month M, every tester's row of M in tester_monthly_levels gets the level that
 * lookups/levels.ts levelAfterMonth gives from the tester's row of M-1 (level and points; none reads as level 0
 * with no points), the total at the end of M-1 (total_exp_pts less the points of M and later) and the entry test.
 * Set-based, in one transaction: an UPDATE of the rows M already has (a tester who earned points in M before the
 * change ran), an INSERT … SELECT of the missing rows of testers who have a level in M, then monthly_rank_counts
 * of M rebuilt from the rows (its buckets follow by 0007's triggers). Deleted testers are left out. Running it
 * again for the same month computes the same levels and writes nothing.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toInteger, toSqlDateTime } from '../../db/values.ts';
import { LEVELS } from '../../lookups/levels.ts';
import { rebuildRankCounts } from '../ranking/monthly-points.ts';
import { monthOf } from '../ranking/rank.ts';
import { levelAfterMonthSql } from './rules-sql.ts';
import type { Lease } from './lease.ts';

/** How the month's testers moved against the month before. */
export interface Movement {
	testers: number;
	raised: number;
	lowered: number;
	held: number;
}

export interface LevelChangeResult extends Movement {
	/** `YYYY-MM`. */
	month: string;
	/** Rows this run inserted or whose level it changed: 0 when the month was already done. */
	written: number;
	/** Per level id of the month. */
	byLevel: Record< string, Movement >;
	startedAt: string;
	finishedAt: string;
	ms: number;
	holder: string;
}

/** `YYYY-MM`. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The first day of a `YYYY-MM` month and of the month before it, as tester_monthly_levels stores them.
 *
 * @param month
 */
export function monthBounds( month: string ): {
	first: string;
	previous: string;
} {
	if ( ! MONTH_PATTERN.test( month ) ) {
		throw new RangeError( `Not a month (YYYY-MM): "${ month }"` );
	}
	const first = new Date( `${ month }-01T00:00:00Z` );
	return { first: monthOf( first ), previous: monthOf( first, 1 ) };
}

/** The month (`YYYY-MM`) `now` falls in, UTC. */
export const currentMonth = ( now: Date = new Date() ): string =>
	monthOf( now ).slice( 0, 7 );

/**
 * Whether the change of `month` has completed (its row in level_changes).
 *
 * @param db
 * @param month `YYYY-MM`.
 */
export async function isMonthDone(
	db: Kysely< Database >,
	month: string
): Promise< boolean > {
	const row = await db
		.selectFrom( 'level_changes' )
		.select( 'month' )
		.where( 'month', '=', monthBounds( month ).first )
		.executeTakeFirst();
	return row !== undefined;
}

/** How long a run may hold the lease: far longer than one takes (seconds at 100,000 testers). */
export const LEASE_TTL_MS = 10 * 60_000;

/**
 * Runs the change of `month` in one transaction, under `lease` (taken by the caller; checked again inside the
 * transaction), and records it in level_changes (replacing an earlier record of the month).
 *
 * @param db
 * @param month `YYYY-MM`.
 * @param lease
 * @return The counts, also recorded.
 */
export async function runLevelChange(
	db: Kysely< Database >,
	month: string,
	lease: Lease
): Promise< LevelChangeResult > {
	const { first, previous } = monthBounds( month );
	const started = performance.now();
	const startedAt = toSqlDateTime();
	return inTransaction( db, async ( trx ) => {
		// First, so that on MariaDB the lease's row stays locked until this commits.
		await lease.confirm( trx, LEASE_TTL_MS );
		const updated = await updateExistingRows( trx, first, previous );
		const inserted = await insertMissingRows( trx, first, previous );
		await rebuildRankCounts( trx, first );
		const { total, byLevel } = await movements( trx, first, previous );
		const finishedAt = toSqlDateTime();
		const result: LevelChangeResult = {
			month,
			...total,
			written: updated + inserted,
			byLevel,
			startedAt,
			finishedAt,
			ms: Math.round( performance.now() - started ),
			holder: lease.holder,
		};
		await trx
			.deleteFrom( 'level_changes' )
			.where( 'month', '=', first )
			.execute();
		await trx
			.insertInto( 'level_changes' )
			.values( {
				month: first,
				started_at: startedAt,
				finished_at: finishedAt,
				holder: lease.holder,
				testers: total.testers,
				raised: total.raised,
				lowered: total.lowered,
				held: total.held,
				written: result.written,
				by_level: JSON.stringify( byLevel ),
			} )
			.execute();
		return result;
	} );
}

/**
 * The total at the end of M-1 of the tester `t`: everything earned less what M and later months hold.
 *
 * @param first The first day of M.
 */
const totalBefore = ( first: string ) =>
	sql`t.total_exp_pts - coalesce((select sum(x.points) from tester_monthly_levels x
		where x.tester_id = t.id and x.month >= ${ first }), 0)`;

/** Passed the entry test before M began. */
const passedBefore = ( first: string ) =>
	sql`(t.entry_test_passed_at is not null and t.entry_test_passed_at < ${ first })`;

const newLevel = ( first: string, total: RawBuilder< unknown > ) =>
	levelAfterMonthSql(
		sql`coalesce(p.level_id, 0)`,
		sql`coalesce(p.points, 0)`,
		total,
		passedBefore( first )
	);

/**
 * The rows M has already (points earned in M before the change ran), where their level is not the one due: the
 * rows of M joined to the tester and to the month before, the level due computed once per row. MySQL has
 * UPDATE … JOIN but refuses a subquery on the table an UPDATE writes, so there the points of M and later months
 * are joined, summed per tester over the month range of the ranking index; SQLite has UPDATE … FROM, joined to
 * the same rows by row id, and sums them per row (its planner would sum the derived table over every month's
 * rows through the (tester, month) key).
 *
 * @param trx
 * @param first
 * @param previous
 * @return Rows changed.
 */
async function updateExistingRows(
	trx: Kysely< Database >,
	first: string,
	previous: string
): Promise< number > {
	const rows = sql`tester_monthly_levels m
		join testers t on t.id = m.tester_id
		left join tester_monthly_levels p on p.tester_id = m.tester_id and p.month = ${ previous }`;
	if ( isMysql( trx ) ) {
		const level = newLevel(
			first,
			sql`t.total_exp_pts - coalesce(l.later, 0)`
		);
		const result = await sql`update ${ rows }
			left join (select tester_id, sum(points) as later from tester_monthly_levels
				where month >= ${ first } group by tester_id) l on l.tester_id = m.tester_id
			set m.level_id = ${ level }
			where m.month = ${ first } and t.deleted_at is null and m.level_id <> ${ level }`.execute(
			trx
		);
		return Number( result.numAffectedRows ?? 0 );
	}
	const result =
		await sql`update tester_monthly_levels set level_id = d.level_id
		from (select m.id, ${ newLevel(
			first,
			totalBefore( first )
		) } as level_id from ${ rows }
			where m.month = ${ first } and t.deleted_at is null) as d
		where tester_monthly_levels.id = d.id and tester_monthly_levels.level_id <> d.level_id`.execute(
			trx
		);
	return Number( result.numAffectedRows ?? 0 );
}

/**
 * A row of M, with no points yet, for each tester (not deleted) without one whose level in M is above 0.
 *
 * @param trx
 * @param first
 * @param previous
 * @return Rows inserted.
 */
async function insertMissingRows(
	trx: Kysely< Database >,
	first: string,
	previous: string
): Promise< number > {
	const level = newLevel( first, totalBefore( first ) );
	const result =
		await sql`insert into tester_monthly_levels (tester_id, month, level_id, points)
		select t.id, ${ first }, ${ level }, 0 from testers t
		left join tester_monthly_levels p on p.tester_id = t.id and p.month = ${ previous }
		where t.deleted_at is null
		and not exists (select 1 from tester_monthly_levels m where m.tester_id = t.id and m.month = ${ first })
		and ${ level } > 0`.execute( trx );
	return Number( result.numAffectedRows ?? 0 );
}

/**
 * The rows of M of testers not deleted, per level, against the level of M-1 (0 without a row).
 *
 * @param trx
 * @param first
 * @param previous
 */
async function movements(
	trx: Kysely< Database >,
	first: string,
	previous: string
): Promise< { total: Movement; byLevel: Record< string, Movement > } > {
	const { rows } = await sql< {
		level_id: number;
		before_id: number | string;
		testers: number | string;
	} >`select m.level_id, coalesce(p.level_id, 0) as before_id, count(*) as testers
		from tester_monthly_levels m
		join testers t on t.id = m.tester_id
		left join tester_monthly_levels p on p.tester_id = m.tester_id and p.month = ${ previous }
		where m.month = ${ first } and t.deleted_at is null
		group by m.level_id, coalesce(p.level_id, 0)`.execute( trx );
	const empty = (): Movement => ( {
		testers: 0,
		raised: 0,
		lowered: 0,
		held: 0,
	} );
	const total = empty();
	const byLevel: Record< string, Movement > = {};
	for ( const level of LEVELS ) {
		byLevel[ level.id ] = empty();
	}
	for ( const row of rows ) {
		const testers = toInteger( row.testers );
		const after = Number( row.level_id );
		const before = Number( row.before_id );
		let kind: keyof Movement = 'held';
		if ( after !== before ) {
			kind = after > before ? 'raised' : 'lowered';
		}
		for ( const movement of [ total, byLevel[ after ] ] ) {
			movement.testers += testers;
			movement[ kind ] += testers;
		}
	}
	return { total, byLevel };
}
