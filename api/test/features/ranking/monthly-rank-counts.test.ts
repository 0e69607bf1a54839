import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inTransaction } from '../../../src/db/transaction.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	createRankingRepository,
	monthOf,
} from '../../../src/features/ranking/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { get } from '../../helpers/requests.ts';
import { recordPoints } from '../../helpers/rows.ts';

/**
 * monthly_rank_counts and the buckets over it (0007), which the ranks and lists read instead of the monthly
 * rows: kept in step by recordMonthlyPoints whatever the points do, and ranking as the rows would.
 */

describe( 'recordMonthlyPoints keeps monthly_rank_counts in step', () => {
	let ctx: TestContext;
	const month = monthOf( new Date() );
	const lastMonth = monthOf( new Date(), 1 );
	let testers: Tester[] = [];

	before( async () => {
		ctx = await startTestContext();
		testers = [];
		for ( let i = 0; i < 5; i++ ) {
			testers.push( await ctx.createTester() );
		}
	} );
	after( () => ctx.close() );

	/** Both sides as sorted `month|level|points|testers` lines, zero counts left out. */
	async function snapshot() {
		const { db } = ctx.database;
		const line = ( row: {
			month: string;
			level_id: number;
			points: number | string;
			testers: number | string | bigint;
		} ) =>
			`${ String( row.month ).slice( 0, 10 ) }|${
				row.level_id
			}|${ Number( row.points ) }|${ Number( row.testers ) }`;
		const counts = await db
			.selectFrom( 'monthly_rank_counts' )
			.select( [ 'month', 'level_id', 'points', 'testers' ] )
			.execute();
		const grouped = await db
			.selectFrom( 'tester_monthly_levels' )
			.select( ( eb ) => [
				'month',
				'level_id',
				'points',
				eb.fn.countAll< number | string >().as( 'testers' ),
			] )
			.groupBy( [ 'month', 'level_id', 'points' ] )
			.execute();
		const buckets = await db
			.selectFrom( 'monthly_rank_buckets' )
			.select( [ 'month', 'level_id', 'bucket', 'testers' ] )
			.execute();
		// The buckets the counts add up to (0007: 64 point values a bucket, floor for negative points).
		const bucketed = new Map< string, number >();
		for ( const row of counts ) {
			const key = `${ String( row.month ).slice( 0, 10 ) }|${
				row.level_id
			}|${ Math.floor( Number( row.points ) / 64 ) }`;
			bucketed.set(
				key,
				( bucketed.get( key ) ?? 0 ) + Number( row.testers )
			);
		}
		return {
			counts: counts
				.filter( ( row ) => Number( row.testers ) !== 0 )
				.map( line )
				.sort(),
			grouped: grouped.map( line ).sort(),
			buckets: buckets
				.filter( ( row ) => Number( row.testers ) !== 0 )
				.map(
					( row ) =>
						`${ String( row.month ).slice( 0, 10 ) }|${
							row.level_id
						}|${ Number( row.bucket ) }|${ Number( row.testers ) }`
				)
				.sort(),
			bucketed: [ ...bucketed ]
				.filter( ( [ , sum ] ) => sum !== 0 )
				.map( ( [ key, sum ] ) => `${ key }|${ sum }` )
				.sort(),
		};
	}

	it( 'matches the rows after points move up and down', async () => {
		const [ t1, t2, t3, t4, t5 ] = testers;
		await recordPoints( ctx, [
			[ t1, month, 100, 20 ],
			[ t2, month, 100, 20 ],
			[ t3, month, 50, 20 ],
		] );
		await recordPoints( ctx, [
			[ t1, month, 50, 20 ],
			[ t3, month, 100, 20 ],
			[ t2, month, -100, 20 ],
		] );
		await recordPoints( ctx, [
			[ t4, month, 0, 30 ],
			[ t4, month, 200, 30 ],
			[ t1, month, -30, 20 ],
			[ t3, month, 0, 20 ],
			// The level of an existing row stays; the argument is for new rows only.
			[ t3, month, 0, 40 ],
			[ t1, lastMonth, 70, 10 ],
			[ t2, lastMonth, 70, 10 ],
			[ t2, lastMonth, -20, 10 ],
			[ t5, '2021-06-01', 10, 40 ],
			[ t5, '2021-06-01', -10, 40 ],
		] );
		const { counts, grouped, buckets, bucketed } = await snapshot();
		assert.deepEqual( counts, grouped );
		assert.deepEqual( buckets, bucketed );
		assert.deepEqual(
			buckets,
			[
				`${ lastMonth }|10|0|1`,
				`${ lastMonth }|10|1|1`,
				`${ month }|20|0|1`,
				`${ month }|20|1|1`,
				`${ month }|20|2|1`,
				`${ month }|30|3|1`,
				'2021-06-01|40|0|1',
			].sort()
		);
		assert.deepEqual(
			grouped,
			[
				`${ lastMonth }|10|50|1`,
				`${ lastMonth }|10|70|1`,
				`${ month }|20|0|1`,
				`${ month }|20|120|1`,
				`${ month }|20|150|1`,
				`${ month }|30|200|1`,
				'2021-06-01|40|0|1',
			].sort()
		);
	} );

	it( 'leaves nothing behind when the transaction rolls back', async () => {
		const previous = await snapshot();
		const ranking = createRankingRepository( ctx.database.db );
		await assert.rejects(
			ctx.database.db.transaction().execute( async ( trx ) => {
				await ranking.recordMonthlyPoints(
					trx,
					testers[ 0 ].id,
					month,
					500,
					20
				);
				await ranking.recordMonthlyPoints(
					trx,
					testers[ 4 ].id,
					month,
					500,
					20
				);
				throw new Error( 'rolled back' );
			} ),
			/rolled back/
		);
		assert.deepEqual( await snapshot(), previous );
	} );

	it( 'ranks from the counts agree with the rows', async () => {
		const [ t1, t2, t3 ] = testers;
		// Month 20: t3 150, t1 120, t2 0.
		const expected = new Map( [
			[ t3.id, 1 ],
			[ t1.id, 2 ],
			[ t2.id, 3 ],
		] );
		for ( const tester of [ t1, t2, t3 ] ) {
			const response = await get( ctx, '/users/me?fields=rank', tester );
			assert.equal( response.json().rank, expected.get( tester.id ) );
		}
		const lists = await get( ctx, '/users/me/rank/list', t2 );
		assert.deepEqual(
			lists
				.json()
				.peers.map( ( item: { id: number; position: number } ) => [
					item.id,
					item.position,
				] ),
			[
				[ t3.id, 1 ],
				[ t1.id, 2 ],
				[ t2.id, 3 ],
			]
		);
	} );

	it( 'ranks and lists positions right across buckets, negative points included', async () => {
		// Level 50 this month, its own ranking: points spread over several buckets of 64 values, below zero,
		// on a bucket's edges, and ties.
		const POINTS = [
			-200, -129, -128, -65, -64, -64, -1, 0, 0, 1, 63, 64, 64, 65, 127,
			128, 200, 200, 255, 256, 300, 511, 512, 900,
		];
		const crowd: Array< { tester: Tester; points: number } > = [];
		for ( const points of POINTS ) {
			crowd.push( { tester: await ctx.createTester(), points } );
		}
		await recordPoints(
			ctx,
			crowd.map( ( { tester, points } ) => [ tester, month, points, 50 ] )
		);
		const { buckets, bucketed } = await snapshot();
		assert.deepEqual( buckets, bucketed );
		const rankOf = ( points: number ) =>
			1 + crowd.filter( ( other ) => other.points > points ).length;
		const ordered = [ ...crowd ].sort(
			( a, b ) => b.points - a.points || a.tester.id - b.tester.id
		);
		for ( const [ index, { tester, points } ] of ordered.entries() ) {
			const me = await get( ctx, '/users/me?fields=rank', tester );
			assert.equal( me.json().rank, rankOf( points ), `${ points }` );
			const summary = await get( ctx, '/users/me/rank', tester );
			assert.equal( summary.json().rank, rankOf( points ) );
			const lists = (
				await get( ctx, '/users/me/rank/list', tester )
			).json();
			const around = ordered.slice( Math.max( 0, index - 5 ), index + 6 );
			assert.deepEqual(
				lists.peers.map(
					( item: {
						id: number;
						position: number;
						monthly_exp: number;
					} ) => [ item.id, item.position, item.monthly_exp ]
				),
				around.map( ( other ) => [
					other.tester.id,
					rankOf( other.points ),
					other.points,
				] ),
				`peers of ${ points }`
			);
			assert.deepEqual(
				lists.tops.map( ( item: { id: number; position: number } ) => [
					item.id,
					item.position,
				] ),
				ordered
					.slice( 0, 3 )
					.map( ( other ) => [
						other.tester.id,
						rankOf( other.points ),
					] )
			);
		}
	} );

	it( 'commits every call when several testers record points at once', async () => {
		const { db } = ctx.database;
		const ranking = createRankingRepository( db );
		// A month of its own, so the other tests' rows do not matter.
		const crowdMonth = monthOf( new Date(), 2 );
		const crowd: Tester[] = [];
		for ( let i = 0; i < 6; i++ ) {
			crowd.push( await ctx.createTester() );
		}
		const failures: string[] = [];
		const together = async ( amountOf: ( index: number ) => number ) => {
			const results = await Promise.allSettled(
				crowd.map( ( tester, index ) =>
					inTransaction( db, ( trx ) =>
						ranking.recordMonthlyPoints(
							trx,
							tester.id,
							crowdMonth,
							amountOf( index ),
							20
						)
					)
				)
			);
			for ( const result of results ) {
				if ( result.status === 'rejected' ) {
					failures.push(
						String( result.reason?.message ?? result.reason )
					);
				}
			}
		};
		// Each tester's first points of the month, all at once; then each moves to a points value of its own.
		await together( () => 100 );
		await together( ( index ) => 10 * ( index + 1 ) );
		// Whatever committed, the counts still match the rows.
		const { counts, grouped } = await snapshot();
		assert.deepEqual( counts, grouped );
		// Every transaction commits: concurrent first entries of a month do not deadlock, and InnoDB's rare
		// deadlocks are retried by inTransaction.
		assert.deepEqual( failures, [] );
		assert.deepEqual(
			grouped.filter( ( line ) => line.startsWith( crowdMonth ) ),
			crowd
				.map(
					( _, index ) => `${ crowdMonth }|20|${ 110 + 10 * index }|1`
				)
				.sort()
		);
	} );
} );
