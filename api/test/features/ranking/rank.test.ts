import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	createRankingRepository,
	monthOf,
} from '../../../src/features/ranking/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { get, getOk } from '../../helpers/requests.ts';
import { countingStatements, recordPoints } from '../../helpers/rows.ts';

/**
 * GET /users/me/rank, /users/me/rank/list and `fields=rank` over monthly points recorded through the
 * repository. The prospect's testers and the lists' have a database each: ranks count everyone at a level.
 */

const NONE = { id: 0, name: 'None' };
const BASIC = { id: 10, name: 'Basic' };
const BRONZE = { id: 20, name: 'Bronze' };
const SILVER = { id: 30, name: 'Silver' };
const GOLD = { id: 40, name: 'Gold' };

describe( 'GET /api/users/me/rank prospect', () => {
	let ctx: TestContext;
	const month = monthOf( new Date() );
	let low: Tester;
	let holding: Tester;
	let climbing: Tester;
	let passed: Tester;

	before( async () => {
		ctx = await startTestContext();
		low = await ctx.createTester();
		holding = await ctx.createTester();
		climbing = await ctx.createTester();
		passed = await ctx.createTester( {
			set: { entry_test_passed_at: '2026-01-05 10:00:00' },
		} );
		await recordPoints( ctx, [
			[ low, month, 100, 20 ],
			[ holding, month, 600, 20 ],
			[ climbing, monthOf( new Date(), 1 ), 1200, 20 ],
			[ climbing, month, 1200, 20 ],
		] );
	} );
	after( () => ctx.close() );

	const rankOf = ( tester: Tester ) => getOk( ctx, '/users/me/rank', tester );

	it( 'Bronze with 100 points: 150 to keep it, one level down otherwise', async () => {
		const summary = await rankOf( low );
		assert.equal( summary.points, 100 );
		assert.equal( summary.rank, 3 );
		assert.deepEqual( summary.level, BRONZE );
		assert.equal( summary.prospect.maintenance, 150 );
		assert.deepEqual( summary.prospect.level, BASIC );
	} );

	it( 'Bronze with 100 points: the next level above the prospect is Bronze, 150 points away', async () => {
		const summary = await rankOf( low );
		// Not Bronze's reach points (500 - 100 = 400): Bronze is kept next month with its hold points (250),
		// 150 more points, as `maintenance` says.
		assert.deepEqual( summary.prospect.next, {
			points: 150,
			level: BRONZE,
		} );
	} );

	it( 'Bronze with 600 points: kept, 400 to Silver', async () => {
		assert.deepEqual( await rankOf( holding ), {
			points: 600,
			rank: 2,
			level: BRONZE,
			previousLevel: NONE,
			prospect: {
				level: BRONZE,
				maintenance: 0,
				next: { points: 400, level: SILVER },
			},
		} );
	} );

	it( 'level 0 with the entry test passed: Basic next month, nothing more to earn by points', async () => {
		assert.deepEqual( await rankOf( passed ), {
			points: 0,
			rank: null,
			level: NONE,
			previousLevel: NONE,
			prospect: { level: BASIC, maintenance: 0 },
		} );
	} );

	it( 'Bronze with 1,200 points: Silver next month, 800 to Gold', async () => {
		assert.deepEqual( await rankOf( climbing ), {
			points: 1200,
			rank: 1,
			level: BRONZE,
			previousLevel: BRONZE,
			prospect: {
				level: SILVER,
				maintenance: 0,
				next: { points: 800, level: GOLD },
			},
		} );
	} );
} );

describe( 'GET /api/users/me/rank and /rank/list', () => {
	let ctx: TestContext;
	const month = monthOf( new Date() );
	const lastMonth = monthOf( new Date(), 1 );
	/** Bronze this month: 900, 700, 700, 300, 0. */
	let bronze: Tester[] = [];
	let silver: Tester;
	let formerBronze: Tester;
	let levelZero: Tester;
	let nobody: Tester;
	/** Gold this month, by points descending (ids ascending among equal points). */
	const GOLD_POINTS = [
		1000, 950, 900, 900, 850, 800, 800, 800, 700, 650, 600, 600, 500, 400,
	];
	const gold: Tester[] = [];

	before( async () => {
		ctx = await startTestContext();
		const names: Array< [ string, string ] > = [
			[ 'Ada', 'Lovelace' ],
			[ 'Bea', 'Brown' ],
			[ 'Cat', 'Carter' ],
			[ 'Dan', 'Dorsey' ],
			[ 'Eve', 'Evans' ],
		];
		for ( const [ name, surname ] of names ) {
			bronze.push(
				await ctx.createTester( {
					name,
					surname,
					set:
						name === 'Ada'
							? { image: 'https://images.test/ada.png' }
							: undefined,
				} )
			);
		}
		silver = await ctx.createTester( { name: 'Sil', surname: 'Ver' } );
		formerBronze = await ctx.createTester();
		levelZero = await ctx.createTester();
		nobody = await ctx.createTester();
		for ( const [ index ] of GOLD_POINTS.entries() ) {
			gold.push(
				await ctx.createTester( {
					name: `Gold${ index }`,
					surname: `Surname${ index }`,
				} )
			);
		}
		const [ ada, bea, cat, dan, eve ] = bronze;
		await recordPoints( ctx, [
			[ ada, lastMonth, 600, 10 ],
			[ ada, month, 900, 20 ],
			[ bea, month, 700, 20 ],
			[ cat, month, 700, 20 ],
			[ dan, month, 300, 20 ],
			[ eve, month, 0, 20 ],
			// Another level, and another month of the same level: not counted.
			[ silver, month, 800, 30 ],
			[ formerBronze, lastMonth, 1000, 20 ],
			[ levelZero, month, 300, 0 ],
			...gold.map(
				( tester, index ) =>
					[ tester, month, GOLD_POINTS[ index ], 40 ] as [
						Tester,
						string,
						number,
						number,
					]
			),
		] );
		bronze = [ ada, bea, cat, dan, eve ];
	} );
	after( () => ctx.close() );

	const rankOf = ( tester: Tester ) => getOk( ctx, '/users/me/rank', tester );
	const listsOf = ( tester: Tester ) =>
		getOk( ctx, '/users/me/rank/list', tester );

	it( 'a tester without any monthly row: no rank, level None, no points, no level to earn by points', async () => {
		// Level 0 is left through the entry test only (docs/levels.md): no `next`.
		assert.deepEqual( await rankOf( nobody ), {
			points: 0,
			rank: null,
			level: NONE,
			previousLevel: NONE,
			prospect: {
				level: NONE,
				maintenance: 0,
			},
		} );
		assert.deepEqual( await listsOf( nobody ), { tops: [], peers: [] } );
	} );

	it( 'level 0: no rank and empty lists, whatever the points', async () => {
		const summary = await rankOf( levelZero );
		assert.equal( summary.rank, null );
		assert.equal( summary.points, 300 );
		assert.deepEqual( summary.level, NONE );
		assert.deepEqual( await listsOf( levelZero ), { tops: [], peers: [] } );
		const me = await get( ctx, '/users/me?fields=rank', levelZero );
		assert.deepEqual( me.json(), { id: levelZero.id, rank: null } );
	} );

	it( 'equal points share a rank: 900, 700, 700, 300, 0 → 1, 2, 2, 4, 5', async () => {
		const ranks = [];
		for ( const tester of bronze ) {
			ranks.push( ( await rankOf( tester ) ).rank );
		}
		assert.deepEqual( ranks, [ 1, 2, 2, 4, 5 ] );
	} );

	it( 'answers this month’s points, level, the previous month’s level and the prospect', async () => {
		assert.deepEqual( await rankOf( bronze[ 0 ] ), {
			points: 900,
			rank: 1,
			level: BRONZE,
			previousLevel: BASIC,
			prospect: {
				level: BRONZE,
				maintenance: 0,
				next: { points: 100, level: SILVER },
			},
		} );
		const eve = await rankOf( bronze[ 4 ] );
		assert.deepEqual( eve.previousLevel, NONE );
		assert.equal( eve.points, 0 );
		assert.equal( eve.prospect.maintenance, 250 );
	} );

	it( 'GET /users/me answers the same rank for fields=rank and in all', async () => {
		for ( const [ index, tester ] of bronze.entries() ) {
			const response = await get( ctx, '/users/me?fields=rank', tester );
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: tester.id,
				rank: [ 1, 2, 2, 4, 5 ][ index ],
			} );
		}
		const all = await get( ctx, '/users/me?fields=all', bronze[ 3 ] );
		assert.equal( all.json().rank, 4 );
		const silverRank = await get( ctx, '/users/me?fields=rank', silver );
		assert.equal( silverRank.json().rank, 1 );
	} );

	it( 'lists the top three and the peers around the tester, self included', async () => {
		const [ ada, bea, cat, dan, eve ] = bronze;
		const entry = (
			tester: Tester,
			position: number,
			name: string,
			points: number
		) => ( {
			id: tester.id,
			position,
			name,
			image: tester === ada ? 'https://images.test/ada.png' : null,
			monthly_exp: points,
		} );
		const expectedTops = [
			entry( ada, 1, 'Ada L.', 900 ),
			entry( bea, 2, 'Bea B.', 700 ),
			entry( cat, 2, 'Cat C.', 700 ),
		];
		const everyone = [
			...expectedTops,
			entry( dan, 4, 'Dan D.', 300 ),
			entry( eve, 5, 'Eve E.', 0 ),
		];
		for ( const tester of bronze ) {
			assert.deepEqual(
				await listsOf( tester ),
				{ tops: expectedTops, peers: everyone },
				tester.name
			);
		}
	} );

	it( 'keeps five peers each side, positions from the ranks', async () => {
		const position = ( index: number ) =>
			1 +
			GOLD_POINTS.filter( ( points ) => points > GOLD_POINTS[ index ] )
				.length;
		const expectedFor = ( index: number ) =>
			gold
				.map( ( tester, at ) => ( { tester, at } ) )
				.filter( ( { at } ) => Math.abs( at - index ) <= 5 )
				.map( ( { tester, at } ) => ( {
					id: tester.id,
					position: position( at ),
					name: `Gold${ at } S.`,
					image: null,
					monthly_exp: GOLD_POINTS[ at ],
				} ) );
		for ( const index of [ 0, 3, 6, 7, 11, 13 ] ) {
			const lists = await listsOf( gold[ index ] );
			assert.deepEqual(
				lists.peers,
				expectedFor( index ),
				`peers of Gold${ index }`
			);
			assert.deepEqual(
				lists.tops.map( ( item: { id: number; position: number } ) => [
					item.id,
					item.position,
				] ),
				[
					[ gold[ 0 ].id, 1 ],
					[ gold[ 1 ].id, 2 ],
					[ gold[ 2 ].id, 3 ],
				]
			);
			assert.equal(
				( await rankOf( gold[ index ] ) ).rank,
				position( index )
			);
		}
		assert.deepEqual( ( await rankOf( gold[ 6 ] ) ).level, GOLD );
	} );

	it( 'lists again from the tester’s new place when its points moved since its last list', async () => {
		// The peers' seeks start from the place the tester's previous list found (ranking.ts lists).
		const peersFor = ( points: number[], index: number ) => {
			const order = gold
				.map( ( tester, at ) => ( {
					tester,
					at,
					value: points[ at ],
				} ) )
				.sort(
					( a, b ) => b.value - a.value || a.tester.id - b.tester.id
				);
			const place = order.findIndex( ( { at } ) => at === index );
			return order
				.filter( ( _, rank ) => Math.abs( rank - place ) <= 5 )
				.map( ( { tester, at, value } ) => ( {
					id: tester.id,
					position:
						1 + points.filter( ( other ) => other > value ).length,
					name: `Gold${ at } S.`,
					image: null,
					monthly_exp: value,
				} ) );
		};
		const moved = GOLD_POINTS.map( ( points, at ) =>
			at === 7 ? points + 300 : points
		);
		assert.deepEqual(
			( await listsOf( gold[ 7 ] ) ).peers,
			peersFor( GOLD_POINTS, 7 )
		);
		await recordPoints( ctx, [ [ gold[ 7 ], month, 300, 40 ] ] );
		try {
			const lists = await listsOf( gold[ 7 ] );
			assert.deepEqual( lists.peers, peersFor( moved, 7 ) );
			assert.equal( lists.tops[ 0 ].id, gold[ 7 ].id );
		} finally {
			await recordPoints( ctx, [ [ gold[ 7 ], month, -300, 40 ] ] );
		}
		assert.deepEqual(
			( await listsOf( gold[ 7 ] ) ).peers,
			peersFor( GOLD_POINTS, 7 )
		);
	} );

	it( 'lists in one statement while the tester’s place stays, two the first time and after it moved', async () => {
		const counting = countingStatements( ctx );
		const ranking = createRankingRepository( counting.db );
		const read = async () => {
			counting.taken();
			const lists = await ranking.lists( gold[ 3 ].wpUserId );
			const counted = counting.taken();
			// The same lists as the app's own repository answers.
			assert.deepEqual( lists, await listsOf( gold[ 3 ] ) );
			return counted;
		};
		assert.equal( await read(), 2 );
		assert.equal( await read(), 1 );
		await recordPoints( ctx, [ [ gold[ 3 ], month, 1, 40 ] ] );
		try {
			assert.equal( await read(), 2 );
			assert.equal( await read(), 1 );
		} finally {
			await recordPoints( ctx, [ [ gold[ 3 ], month, -1, 40 ] ] );
		}
	} );

	it( 'answers 403 without a token', async () => {
		assert.equal( ( await get( ctx, '/users/me/rank' ) ).statusCode, 403 );
		assert.equal(
			( await get( ctx, '/users/me/rank/list' ) ).statusCode,
			403
		);
	} );
} );
