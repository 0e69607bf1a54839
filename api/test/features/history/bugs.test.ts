import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { compare, get, getOk, idsOf } from '../../helpers/requests.ts';
import { insertCampaign, thenDelete } from '../../helpers/rows.ts';

/**
 * GET /users/me/bugs over bugs written straight into the database: order, pages from either end of the list,
 * filters, the names answered, and another tester's bugs never shown.
 */

const SEVERITY_NAMES: Record< number, string > = {
	1: 'LOW',
	2: 'MEDIUM',
	3: 'HIGH',
	4: 'CRITICAL',
};
const STATUS_NAMES: Record< number, string > = {
	1: 'Refused',
	2: 'Approved',
	3: 'Pending',
	4: 'Need Review',
};

interface BugRow {
	id: number;
	tester: 'me' | 'other';
	campaign: number;
	severity: number;
	status: number;
	title: string;
}

describe( 'GET /api/users/me/bugs', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	const campaigns: number[] = [];
	const campaignTitles = new Map< number, string >();
	const bugs: BugRow[] = [];
	let mine: BugRow[] = [];

	const sortBy =
		(
			column: 'id' | 'severity' | 'status' | 'campaign',
			order: 'ASC' | 'DESC'
		) =>
		( a: BugRow, b: BugRow ) =>
			( order === 'ASC' ? 1 : -1 ) *
			( compare( a[ column ], b[ column ] ) || compare( a.id, b.id ) );
	const expectedIds = (
		rows: BugRow[],
		column: 'id' | 'severity' | 'status' | 'campaign' = 'id',
		order: 'ASC' | 'DESC' = 'DESC',
		start = 0,
		limit = 25
	) =>
		[ ...rows ]
			.sort( sortBy( column, order ) )
			.slice( start, start + limit )
			.map( ( bug ) => bug.id );

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
		other = await ctx.createTester();
		for ( const title of [ 'Shop app', 'Bank site', 'Game' ] ) {
			const id = await insertCampaign( ctx, {
				title,
				visibility: 'internal',
				status: 1,
				start: -20,
				end: -10,
				close: 10,
			} );
			campaigns.push( id );
			campaignTitles.set( id, title );
		}
		const insert = async ( row: Omit< BugRow, 'id' > ) => {
			const result = await ctx.database.db
				.insertInto( 'bugs' )
				.values( {
					tester_id: row.tester === 'me' ? me.id : other.id,
					campaign_id: row.campaign,
					title: row.title,
					severity_id: row.severity,
					type_id: 1 + ( bugs.length % 8 ),
					replicability_id: 1 + ( bugs.length % 3 ),
					status_id: row.status,
					steps: 'Open it',
					expected: 'It works',
					current: 'It does not',
				} )
				.executeTakeFirstOrThrow();
			bugs.push( { ...row, id: Number( result.insertId ) } );
		};
		for ( let i = 0; i < 30; i++ ) {
			await insert( {
				tester: 'me',
				// Not in id order: campaign 2 before 0 before 1, and so on.
				campaign: campaigns[ ( i * 2 + 2 ) % 3 ],
				severity: 1 + ( ( i * 3 ) % 4 ),
				status: 1 + ( ( i * 7 + 2 ) % 4 ),
				title: `Bug ${ i }`,
			} );
			if ( i % 10 === 4 ) {
				await insert( {
					tester: 'other',
					campaign: campaigns[ i % 3 ],
					severity: 4,
					status: 2,
					title: `Their bug ${ i }`,
				} );
			}
		}
		mine = bugs.filter( ( bug ) => bug.tester === 'me' );
	} );
	after( () => ctx.close() );

	const list = ( query = '' ) => getOk( ctx, `/users/me/bugs${ query }`, me );

	it( 'defaults to newest first, 25 a page, with the total', async () => {
		const body = await list();
		assert.deepEqual( idsOf( body ), expectedIds( mine ) );
		assert.equal( body.start, 0 );
		assert.equal( body.limit, 25 );
		assert.equal( body.size, 25 );
		assert.equal( body.total, 30 );
		const rest = await list( '?start=25' );
		assert.deepEqual(
			idsOf( rest ),
			expectedIds( mine, 'id', 'DESC', 25 )
		);
		assert.equal( rest.size, 5 );
		const ascending = await list( '?order=ASC&limit=5' );
		assert.deepEqual(
			idsOf( ascending ),
			expectedIds( mine, 'id', 'ASC', 0, 5 )
		);
	} );

	it( 'answers every page the same from either end of the list, filtered or not', async () => {
		for ( const column of [ 'id', 'severity', 'status' ] as const ) {
			for ( const order of [ 'ASC', 'DESC' ] as const ) {
				for ( let start = 0; start < 30; start += 7 ) {
					const body = await list(
						`?orderBy=${ column }&order=${ order }&start=${ start }&limit=7`
					);
					assert.deepEqual(
						idsOf( body ),
						expectedIds( mine, column, order, start, 7 ),
						`${ column } ${ order } start ${ start }`
					);
					assert.equal( body.total, 30 );
				}
			}
		}
		const inCampaign = mine.filter(
			( bug ) => bug.campaign === campaigns[ 0 ]
		);
		const filtered = await list(
			`?filterBy[campaign]=${ campaigns[ 0 ] }&start=8&limit=5`
		);
		assert.deepEqual(
			idsOf( filtered ),
			expectedIds( inCampaign, 'id', 'DESC', 8, 5 )
		);
		assert.equal( filtered.total, inCampaign.length );
		const past = await list(
			`?filterBy[campaign]=${ campaigns[ 0 ] }&start=100`
		);
		assert.deepEqual( past.results, [] );
		assert.equal( past.total, inCampaign.length );
	} );

	it( 'reads a page past the middle again when the list changed size since its last page', async () => {
		const deep = '?start=25&limit=10';
		const expectDeep = async ( rows: BugRow[] ) => {
			const body = await list( deep );
			assert.deepEqual(
				idsOf( body ),
				expectedIds( rows, 'id', 'DESC', 25, 10 )
			);
			assert.equal( body.total, rows.length );
		};
		await expectDeep( mine );
		const added: BugRow[] = [];
		for ( const title of [ 'Later 1', 'Later 2' ] ) {
			const row = {
				tester: 'me',
				campaign: campaigns[ 0 ],
				severity: 1,
				status: 3,
				title,
			} as const;
			const result = await ctx.database.db
				.insertInto( 'bugs' )
				.values( {
					tester_id: me.id,
					campaign_id: row.campaign,
					title: row.title,
					severity_id: row.severity,
					type_id: 1,
					replicability_id: 1,
					status_id: row.status,
					steps: 'Open it',
					expected: 'It works',
					current: 'It does not',
				} )
				.executeTakeFirstOrThrow();
			added.push( { ...row, id: Number( result.insertId ) } );
		}
		await thenDelete(
			ctx,
			'bugs',
			added.map( ( bug ) => bug.id ),
			() => expectDeep( [ ...mine, ...added ] )
		);
		await expectDeep( mine );
	} );

	it( 'answers title, severity and status with their names, and the campaign', async () => {
		const body = await list( '?limit=100' );
		const byId = new Map( mine.map( ( bug ) => [ bug.id, bug ] ) );
		for ( const item of body.results ) {
			const bug = byId.get( item.id )!;
			assert.deepEqual( item, {
				id: bug.id,
				title: bug.title,
				severity: {
					id: bug.severity,
					name: SEVERITY_NAMES[ bug.severity ],
				},
				status: {
					id: bug.status,
					name: STATUS_NAMES[ bug.status ],
				},
				campaign: {
					id: bug.campaign,
					name: campaignTitles.get( bug.campaign ),
				},
			} );
		}
		const seen = ( key: 'severity' | 'status' ) =>
			[
				...new Set(
					body.results.map(
						( item: Record< string, { name: string } > ) =>
							item[ key ].name
					)
				),
			].sort();
		assert.deepEqual( seen( 'severity' ), [
			'CRITICAL',
			'HIGH',
			'LOW',
			'MEDIUM',
		] );
		assert.deepEqual( seen( 'status' ), [
			'Approved',
			'Need Review',
			'Pending',
			'Refused',
		] );
	} );

	it( 'filters by campaign, severity and status, alone and together', async () => {
		const cases: Array< [ string, ( bug: BugRow ) => boolean ] > = [
			[
				`filterBy[campaign]=${ campaigns[ 1 ] }`,
				( bug ) => bug.campaign === campaigns[ 1 ],
			],
			[ 'filterBy[severity]=4', ( bug ) => bug.severity === 4 ],
			[ 'filterBy[status]=2', ( bug ) => bug.status === 2 ],
			[
				`filterBy[campaign]=${ campaigns[ 0 ] }&filterBy[status]=3`,
				( bug ) => bug.campaign === campaigns[ 0 ] && bug.status === 3,
			],
			[
				'filterBy[severity]=2&filterBy[status]=4',
				( bug ) => bug.severity === 2 && bug.status === 4,
			],
		];
		for ( const [ query, keep ] of cases ) {
			const body = await list( `?${ query }&limit=100` );
			const expected = mine.filter( keep );
			assert.ok( expected.length > 0, query );
			assert.deepEqual(
				idsOf( body ),
				expectedIds( expected, 'id', 'DESC', 0, 100 ),
				query
			);
			assert.equal( body.total, expected.length, query );
		}
		const none = await list( '?filterBy[campaign]=999999' );
		assert.deepEqual( none.results, [] );
		assert.equal( none.total, 0 );
	} );

	for ( const column of [ 'severity', 'status', 'campaign' ] as const ) {
		for ( const order of [ 'ASC', 'DESC' ] as const ) {
			it( `orders by ${ column } ${ order }, id breaking ties`, async () => {
				const body = await list(
					`?orderBy=${ column }&order=${ order }&limit=100`
				);
				assert.deepEqual(
					idsOf( body ),
					expectedIds( mine, column, order, 0, 100 )
				);
				const second = await list(
					`?orderBy=${ column }&order=${ order }&limit=10&start=10`
				);
				assert.deepEqual(
					idsOf( second ),
					expectedIds( mine, column, order, 10, 10 )
				);
			} );
		}
	}

	it( 'never shows another tester’s bugs', async () => {
		const theirs = bugs
			.filter( ( bug ) => bug.tester === 'other' )
			.map( ( bug ) => bug.id );
		assert.equal( theirs.length, 3 );
		const body = await list( '?limit=100&filterBy[severity]=4' );
		assert.ok( idsOf( body ).every( ( id ) => ! theirs.includes( id ) ) );
		const response = await get( ctx, '/users/me/bugs', other );
		assert.deepEqual( idsOf( response.json() ), [ ...theirs ].reverse() );
		assert.equal( response.json().total, 3 );
	} );

	for ( const query of [
		'?orderBy=title',
		'?limit=101',
		'?filterBy[severity]=5',
		'?filterBy[status]=0',
		'?filterBy[campaign]=abc',
		'?filterBy[date]=2024-01-01',
	] ) {
		it( `answers 400 to ${ query }`, async () => {
			const response = await get( ctx, `/users/me/bugs${ query }`, me );
			assert.equal( response.statusCode, 400, response.body );
		} );
	}

	it( 'answers 403 without a token', async () => {
		assert.equal( ( await get( ctx, '/users/me/bugs' ) ).statusCode, 403 );
	} );
} );
