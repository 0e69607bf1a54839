import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.ts';
import { rebuildMonthlyRankCounts } from '../../../src/seed/reset.ts';

/** Testers and monthly rows written straight into the database, for the level change to move. */

export const MONTH = '2026-11';
export const FIRST = '2026-11-01';
export const PREVIOUS = '2026-10-01';

export interface TesterSpec {
	/** Level and points of October (no row when missing). */
	october?: [ level: number, points: number ];
	/** Level and points of November, when the tester earned points before the change ran. */
	november?: [ level: number, points: number ];
	/** Total experience, November's points included. */
	total?: number;
	entryTestPassedAt?: string | null;
	deletedAt?: string | null;
}

let next = 1;

/**
 * Writes the testers and their rows, then monthly_rank_counts from the rows (their buckets follow).
 *
 * @param db
 * @param specs
 * @return Each spec's tester id, by name.
 */
export async function writeTesters< Name extends string >(
	db: Kysely< Database >,
	specs: Record< Name, TesterSpec >
): Promise< Record< Name, number > > {
	const ids = {} as Record< Name, number >;
	for ( const [ name, spec ] of Object.entries( specs ) as Array<
		[ Name, TesterSpec ]
	> ) {
		const serial = next++;
		const { insertId } = await db
			.insertInto( 'testers' )
			.values( {
				wp_user_id: 500_000 + serial,
				email: `levels-${ serial }@example.test`,
				name: name.slice( 0, 40 ),
				surname: 'Levels',
				total_exp_pts:
					spec.total ??
					( spec.october?.[ 1 ] ?? 0 ) +
						( spec.november?.[ 1 ] ?? 0 ),
				entry_test_passed_at:
					spec.entryTestPassedAt === undefined
						? '2024-01-10 09:00:00'
						: spec.entryTestPassedAt,
				deleted_at: spec.deletedAt ?? null,
			} )
			.executeTakeFirstOrThrow();
		const id = Number( insertId );
		ids[ name ] = id;
		for ( const [ month, row ] of [
			[ PREVIOUS, spec.october ],
			[ FIRST, spec.november ],
		] as const ) {
			if ( row ) {
				await db
					.insertInto( 'tester_monthly_levels' )
					.values( {
						tester_id: id,
						month,
						level_id: row[ 0 ],
						points: row[ 1 ],
					} )
					.execute();
			}
		}
	}
	await rebuildMonthlyRankCounts( db );
	return ids;
}

/**
 * Every tester's level in November (absent: no row).
 *
 * @param db
 */
export async function novemberLevels(
	db: Kysely< Database >
): Promise< Map< number, number > > {
	const rows = await db
		.selectFrom( 'tester_monthly_levels' )
		.select( [ 'tester_id', 'level_id' ] )
		.where( 'month', '=', FIRST )
		.execute();
	return new Map( rows.map( ( row ) => [ row.tester_id, row.level_id ] ) );
}

/**
 * monthly_rank_counts and monthly_rank_buckets of November are exactly the rows counted again.
 *
 * @param db
 */
export async function assertCountsExact(
	db: Kysely< Database >
): Promise< void > {
	const rows = async ( query: ReturnType< typeof sql > ) =>
		( await query.execute( db ) ).rows.map( ( row ) =>
			Object.values( row as object )
				.map( Number )
				.join( ':' )
		);
	assert.deepEqual(
		await rows(
			sql`select level_id, points, testers from monthly_rank_counts
				where month = ${ FIRST } and testers <> 0 order by level_id, points`
		),
		await rows(
			sql`select level_id, points, count(*) from tester_monthly_levels
				where month = ${ FIRST } group by level_id, points order by level_id, points`
		)
	);
	assert.deepEqual(
		await rows(
			sql`select level_id, bucket, testers from monthly_rank_buckets
				where month = ${ FIRST } and testers <> 0 order by level_id, bucket`
		),
		await rows(
			sql`select level_id, floor(points / 64.0) as bucket, count(*) from tester_monthly_levels
				where month = ${ FIRST } group by level_id, floor(points / 64.0) order by level_id, bucket`
		)
	);
}
