/**
 * A tester's points of a month, written with monthly_rank_counts in step, and the counts rebuilt from the rows
 * (db/kept-counts.ts lists this as the counts' keeper; their buckets follow by 0007's triggers).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { toInteger } from '../../db/values.ts';

/**
 * Adds `amount` to a tester's points of `month` (the row exists from the month's level assignment or is created
 * at level `levelId`), keeping monthly_rank_counts in step. Run it inside the transaction that writes the
 * experience entry, started with db/transaction.ts inTransaction (MariaDB may ask for a retry).
 *
 * @param db       The database `trx` runs on.
 * @param trx
 * @param testerId
 * @param month
 * @param amount
 * @param levelId  The level for a row that does not exist yet.
 */
export async function recordMonthlyPoints(
	db: Kysely< Database >,
	trx: Transaction< Database >,
	testerId: number,
	month: string,
	amount: number,
	levelId = 0
): Promise< void > {
	const mysql = isMysql( db );
	// Testers with `points` at `level`, up or down by one (the row is created when missing).
	const count = async ( level: number, points: number, delta: 1 | -1 ) => {
		const insert = trx.insertInto( 'monthly_rank_counts' ).values( {
			month,
			level_id: level,
			points,
			testers: Math.max( 0, delta ),
		} );
		const change = { testers: sql< number >`testers + ${ delta }` };
		await ( mysql
			? insert.onDuplicateKeyUpdate( change )
			: insert.onConflict( ( conflict ) =>
					conflict
						.columns( [ 'month', 'level_id', 'points' ] )
						.doUpdateSet( change )
			  )
		).execute();
	};
	// The month's row is created (at `levelId`, 0 points) when missing, then read FOR UPDATE: reading a missing
	// row FOR UPDATE first would gap-lock the key in InnoDB, and concurrent first entries of a month would deadlock
	// on each other's gap locks. (InnoDB may still pick a deadlock victim here; callers run in inTransaction, which
	// retries it.)
	const created =
		await sql`insert into tester_monthly_levels (tester_id, month, level_id, points)
		select ${ testerId }, ${ month }, ${ levelId }, 0 from (select 1 as one) as d
		where not exists (select 1 from tester_monthly_levels
			where tester_id = ${ testerId } and month = ${ month })`.execute( trx );
	const isNew = Number( created.numAffectedRows ?? 0 ) > 0;
	let read = trx
		.selectFrom( 'tester_monthly_levels' )
		.select( [ 'level_id', 'points' ] )
		.where( 'tester_id', '=', testerId )
		.where( 'month', '=', month );
	// SQLite has no row locks: its writers are serialised by the database lock instead.
	if ( mysql ) {
		read = read.forUpdate();
	}
	const row = await read.executeTakeFirstOrThrow();
	const before = toInteger( row.points );
	const after = before + amount;
	await trx
		.updateTable( 'tester_monthly_levels' )
		.set( { points: after } )
		.where( 'tester_id', '=', testerId )
		.where( 'month', '=', month )
		.execute();
	if ( ! isNew ) {
		await count( row.level_id, before, -1 );
	}
	await count( row.level_id, after, 1 );
}

/**
 * Sets monthly_rank_counts from tester_monthly_levels by one grouped scan: of `month` (the level change, after
 * writing the month's rows), or of every month (the seed, whatever it wrote or deleted). The delete's triggers
 * empty the buckets (0007), their leftover zero rows go, and the insert's triggers fill them again. Run it inside
 * a transaction: the counts are wrong between the delete and the insert.
 *
 * @param trx
 * @param month `YYYY-MM-01`; every month when left out.
 */
export async function rebuildRankCounts(
	trx: Kysely< Database >,
	month?: string
): Promise< void > {
	const inMonth = month !== undefined;
	await trx
		.deleteFrom( 'monthly_rank_counts' )
		.$if( inMonth, ( qb ) => qb.where( 'month', '=', month! ) )
		.execute();
	await trx
		.deleteFrom( 'monthly_rank_buckets' )
		.$if( inMonth, ( qb ) => qb.where( 'month', '=', month! ) )
		.execute();
	await trx
		.insertInto( 'monthly_rank_counts' )
		.columns( [ 'month', 'level_id', 'points', 'testers' ] )
		.expression(
			trx
				.selectFrom( 'tester_monthly_levels' )
				.select( [
					'month',
					'level_id',
					'points',
					( eb ) => eb.fn.countAll< number >().as( 'testers' ),
				] )
				.$if( inMonth, ( qb ) => qb.where( 'month', '=', month! ) )
				.groupBy( [ 'month', 'level_id', 'points' ] )
		)
		.execute();
}
