import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	runLevelChange,
	type LevelChangeResult,
} from '../../../src/features/levels/change.ts';
import { createLease } from '../../../src/features/levels/lease.ts';
import { LEVEL_CHANGE_LEASE } from '../../../src/features/levels/schedule.ts';
import { LEVELS, levelAfterMonth } from '../../../src/lookups/levels.ts';
import { createRankingRepository } from '../../../src/features/ranking/repository.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';
import {
	FIRST,
	MONTH,
	assertCountsExact,
	novemberLevels,
	writeTesters,
} from './world.ts';

/** October's rows and the testers' totals → November's levels, through the whole change on a real database. */

const runAs = async ( database: TestDatabase, holder = 'test-holder' ) => {
	const lease = createLease( database.db, LEVEL_CHANGE_LEASE, holder );
	assert.ok( await lease.acquire( 60_000 ) );
	try {
		return await runLevelChange( database.db, MONTH, lease );
	} finally {
		await lease.release();
	}
};

describe( `the monthly level change on ${ testEngine() }`, () => {
	let database: TestDatabase;
	let ids: Record< string, number >;
	let first: LevelChangeResult;

	before( async () => {
		database = await createTestDatabase();
		ids = await writeTesters( database.db, {
			basicToSilver: { october: [ 10, 1200 ] },
			bronzeToDiamond: { october: [ 20, 5200 ] },
			goldDown: { october: [ 40, 900 ] },
			silverHeld: { october: [ 30, 600 ] },
			diamondDown: { october: [ 60, 2400 ] },
			legendaryKept: { october: [ 100, 0 ], total: 120_000 },
			// 100,000 at the end of October; November's 700 do not count.
			goldToLegendary: {
				october: [ 40, 300 ],
				november: [ 40, 700 ],
				total: 100_700,
			},
			goldJustShort: {
				october: [ 40, 1000 ],
				november: [ 40, 800 ],
				total: 100_799,
			},
			// Passed in October without a row: Basic in November, a new row.
			passedInOctober: { entryTestPassedAt: '2026-10-15 10:00:00' },
			// Many points without the test: still no level, and no row.
			notPassedBusy: {
				october: [ 0, 800 ],
				entryTestPassedAt: null,
			},
			// Points in November already (its row made at level 0): kept at 0.
			notPassedNovemberPoints: {
				november: [ 0, 150 ],
				entryTestPassedAt: null,
			},
			// Passed on 3 November: Basic only from December.
			passedInNovember: {
				october: [ 0, 0 ],
				entryTestPassedAt: '2026-11-03 08:00:00',
			},
			// A row of November made at the wrong level (Bronze) before the change: set to Silver.
			wrongNovemberLevel: {
				october: [ 20, 1000 ],
				november: [ 20, 420 ],
			},
			deletedWithLevel: {
				october: [ 30, 2000 ],
				deletedAt: '2026-10-20 12:00:00',
			},
			deletedWithNovemberRow: {
				october: [ 30, 2000 ],
				november: [ 20, 10 ],
				deletedAt: '2026-11-02 12:00:00',
			},
			neverStarted: { entryTestPassedAt: null },
			basicQuiet: { october: [ 10, 0 ] },
		} );
		first = await runAs( database );
	} );
	after( () => database.drop() );

	it( 'moves each tester by the rules', async () => {
		const levels = await novemberLevels( database.db );
		const expected: Record< string, number | undefined > = {
			basicToSilver: 30,
			bronzeToDiamond: 60,
			goldDown: 30,
			silverHeld: 30,
			diamondDown: 50,
			legendaryKept: 100,
			goldToLegendary: 100,
			goldJustShort: 40,
			passedInOctober: 10,
			notPassedBusy: undefined,
			notPassedNovemberPoints: 0,
			passedInNovember: undefined,
			wrongNovemberLevel: 30,
			deletedWithLevel: undefined,
			// Left as it was: the change does not touch deleted testers.
			deletedWithNovemberRow: 20,
			neverStarted: undefined,
			basicQuiet: 10,
		};
		assert.deepEqual(
			Object.fromEntries(
				Object.entries( ids ).map( ( [ name, id ] ) => [
					name,
					levels.get( id ),
				] )
			),
			expected
		);
	} );

	it( 'keeps the points of the rows November had', async () => {
		const row = await database.db
			.selectFrom( 'tester_monthly_levels' )
			.select( [ 'points' ] )
			.where( 'tester_id', '=', ids.wrongNovemberLevel )
			.where( 'month', '=', FIRST )
			.executeTakeFirstOrThrow();
		assert.equal( Number( row.points ), 420 );
	} );

	it( 'counts the testers moved, up, down and held, per level', () => {
		// 12 testers with a row of November: 11 with a level and the level-0 one with points (the deleted
		// tester's row is not counted). Written: 8 new rows and 2 levels changed.
		assert.deepEqual(
			{
				testers: first.testers,
				raised: first.raised,
				lowered: first.lowered,
				held: first.held,
				written: first.written,
			},
			{ testers: 12, raised: 5, lowered: 2, held: 5, written: 10 }
		);
		assert.deepEqual( first.byLevel[ 30 ], {
			testers: 4,
			raised: 2,
			lowered: 1,
			held: 1,
		} );
		assert.deepEqual( first.byLevel[ 100 ], {
			testers: 2,
			raised: 1,
			lowered: 0,
			held: 1,
		} );
		assert.deepEqual( first.byLevel[ 0 ], {
			testers: 1,
			raised: 0,
			lowered: 0,
			held: 1,
		} );
	} );

	it( 'leaves monthly_rank_counts and its buckets exact', async () => {
		await assertCountsExact( database.db );
	} );

	it( 'ranks the moved testers in their new level', async () => {
		const ranking = createRankingRepository( database.db );
		const tester = await database.db
			.selectFrom( 'testers' )
			.select( 'wp_user_id' )
			.where( 'id', '=', ids.wrongNovemberLevel )
			.executeTakeFirstOrThrow();
		const summary = await ranking.summary(
			Number( tester.wp_user_id ),
			new Date( `${ FIRST }T12:00:00Z` )
		);
		assert.deepEqual( summary?.level, { id: 30, name: 'Silver' } );
		// Silver's other testers have no points in November yet: first.
		assert.equal( summary?.rank, 1 );
	} );

	it( 'records the run with its counts', async () => {
		const rows = await database.db
			.selectFrom( 'level_changes' )
			.selectAll()
			.execute();
		assert.equal( rows.length, 1 );
		assert.equal( String( rows[ 0 ].month ).slice( 0, 10 ), FIRST );
		assert.equal( rows[ 0 ].holder, 'test-holder' );
		assert.equal( Number( rows[ 0 ].testers ), 12 );
		assert.deepEqual( JSON.parse( rows[ 0 ].by_level ), first.byLevel );
	} );

	it( 'run twice: the same levels and counts, nothing written', async () => {
		const earlier = await novemberLevels( database.db );
		const again = await runAs( database, 'another-holder' );
		assert.deepEqual( await novemberLevels( database.db ), earlier );
		assert.equal( again.written, 0 );
		assert.deepEqual(
			{ ...again, ms: 0, startedAt: '', finishedAt: '', holder: '' },
			{
				...first,
				written: 0,
				ms: 0,
				startedAt: '',
				finishedAt: '',
				holder: '',
			}
		);
		await assertCountsExact( database.db );
		const rows = await database.db
			.selectFrom( 'level_changes' )
			.select( [ 'holder', 'written' ] )
			.execute();
		assert.deepEqual(
			rows.map( ( row ) => [ row.holder, Number( row.written ) ] ),
			[ [ 'another-holder', 0 ] ]
		);
	} );
} );

describe( `the level change in SQL agrees with levelAfterMonth on ${ testEngine() }`, () => {
	let database: TestDatabase;
	before( async () => {
		database = await createTestDatabase();
	} );
	after( () => database.drop() );

	it( 'for 400 testers drawn around every threshold', async () => {
		// A small deterministic generator: the same testers every run.
		let state = 7;
		const draw = ( below: number ) => {
			state = ( state * 1_103_515_245 + 12_345 ) % 2_147_483_648;
			return state % below;
		};
		const thresholds = LEVELS.flatMap( ( level ) => [
			level.reachPoints,
			level.holdPoints,
		] ).filter( ( value ) => value < 10_000 );
		const specs: Record<
			string,
			Parameters< typeof writeTesters >[ 1 ][ string ]
		> = {};
		const expected: Record< string, number | undefined > = {};
		for ( let index = 0; index < 400; index++ ) {
			const level = LEVELS[ draw( LEVELS.length ) ].id;
			const hasRow = level !== 0 || draw( 2 ) === 0;
			const points = hasRow
				? Math.max(
						0,
						thresholds[ draw( thresholds.length ) ] + draw( 3 ) - 1
				  )
				: 0;
			const november = draw( 3 ) === 0 ? draw( 900 ) : null;
			// The total before October.
			const earlier = [ 0, points, 99_999 - points, 100_000 ][
				draw( 4 )
			];
			const passed = draw( 3 ) !== 0;
			const name = `t${ index }`;
			specs[ name ] = {
				october: hasRow ? [ level, points ] : undefined,
				// Made at a drawn level, as a first entry of the month would.
				november:
					november === null
						? undefined
						: [ LEVELS[ draw( LEVELS.length ) ].id, november ],
				total: earlier + points + ( november ?? 0 ),
				entryTestPassedAt: passed ? '2026-10-31 23:59:59' : null,
			};
			const due = levelAfterMonth(
				level,
				points,
				earlier + points,
				passed
			);
			expected[ name ] = due === 0 && november === null ? undefined : due;
		}
		const ids = await writeTesters( database.db, specs );
		const lease = createLease( database.db, LEVEL_CHANGE_LEASE, 'sql' );
		assert.ok( await lease.acquire( 60_000 ) );
		await runLevelChange( database.db, MONTH, lease );
		const levels = await novemberLevels( database.db );
		const actual = Object.fromEntries(
			Object.keys( specs ).map( ( name ) => [
				name,
				levels.get( ids[ name ] ),
			] )
		);
		assert.deepEqual( actual, expected );
		await assertCountsExact( database.db );
	} );
} );
