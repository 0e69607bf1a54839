import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHistoryRepository } from '../../../src/features/history/repository.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { compare, get, getOk, idsOf } from '../../helpers/requests.ts';
import {
	countingStatements,
	insertCampaign,
	thenDelete,
} from '../../helpers/rows.ts';

/**
 * GET /users/me/experience over entries written straight into the database: order, pages from either end of the
 * list, filters, search, and the entries of another tester never shown.
 */

interface Entry {
	id: number;
	tester: 'me' | 'other';
	created: string;
	amount: number;
	activity: number;
	campaign: 'A' | 'B' | null;
	note: string;
}

const pad = ( value: number ) => String( value ).padStart( 2, '0' );

/** 32 entries of the tester: generic ones (some sharing a timestamp) and a few that the filters aim at. */
function experienceFixture(): Array< Omit< Entry, 'id' > > {
	const entries: Array< Omit< Entry, 'id' > > = [];
	for ( let i = 0; i < 24; i++ ) {
		const campaigns = [ null, 'A', 'B' ] as const;
		entries.push( {
			tester: 'me',
			// Entries i and i + 20 share their timestamp: the id breaks the tie.
			created: `2024-01-${ pad( 1 + ( i % 20 ) ) } 10:00:00`,
			amount: ( ( i * 37 ) % 11 ) * 10 - 20,
			activity: 1 + ( i % 5 ),
			campaign: campaigns[ i % 3 ],
			note: `Entry ${ i }`,
		} );
	}
	const special = (
		created: string,
		note: string,
		amount = 10,
		activity = 4,
		campaign: 'A' | 'B' | null = null
	) =>
		entries.push( {
			tester: 'me',
			created,
			amount,
			activity,
			campaign,
			note,
		} );
	special( '2024-03-09 23:59:59', 'Before the day' );
	special( '2024-03-10 00:00:00', 'Day start', 30, 1, 'A' );
	special( '2024-03-10 12:00:00', 'Bonus 100% complete', 100, 42 );
	special( '2024-03-10 23:59:59', 'Bonus 1000 complete', 1000 );
	special( '2024-03-11 00:00:00', 'fix_up', -10, 3 );
	special( '2024-03-31 12:00:00', 'fixAup' );
	special( '2024-04-01 00:00:00', 'Wow! great' );
	special( '2024-02-29 08:00:00', 'Wow great', -50, 3, 'B' );
	return entries;
}

describe( 'GET /api/users/me/experience', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	const campaignIds: Record< 'A' | 'B', number > = { A: 0, B: 0 };
	const entries: Entry[] = [];
	let mine: Entry[] = [];

	const byDate = ( order: 'ASC' | 'DESC' ) => ( a: Entry, b: Entry ) =>
		( order === 'ASC' ? 1 : -1 ) *
		( compare( a.created, b.created ) || compare( a.id, b.id ) );
	const byAmount = ( order: 'ASC' | 'DESC' ) => ( a: Entry, b: Entry ) =>
		( order === 'ASC' ? 1 : -1 ) *
		( compare( a.amount, b.amount ) || compare( a.id, b.id ) );
	const page = (
		rows: Entry[],
		sort: ( a: Entry, b: Entry ) => number,
		start = 0,
		limit = 25
	) =>
		[ ...rows ]
			.sort( sort )
			.slice( start, start + limit )
			.map( ( entry ) => entry.id );

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
		other = await ctx.createTester();
		campaignIds.A = await insertCampaign( ctx, {
			title: 'History A',
			visibility: 'internal',
			status: 2,
			start: -60,
			end: -50,
			close: -40,
		} );
		campaignIds.B = await insertCampaign( ctx, {
			title: 'History B',
			visibility: 'internal',
			status: 2,
			start: -45,
			end: -35,
			close: -30,
		} );
		const fixture = experienceFixture();
		const others: Array< Omit< Entry, 'id' > > = [
			{
				tester: 'other',
				created: '2024-03-10 06:00:00',
				amount: 100,
				activity: 1,
				campaign: 'A',
				note: 'Bonus 100% complete',
			},
			{
				tester: 'other',
				created: '2024-01-05 10:00:00',
				amount: 5,
				activity: 3,
				campaign: null,
				note: 'Entry 3',
			},
			{
				tester: 'other',
				created: '2024-03-31 01:00:00',
				amount: -5,
				activity: 4,
				campaign: 'B',
				note: 'fix_up',
			},
		];
		// Inserted out of date order (13 is prime to 32), the other tester's rows in between.
		const order = fixture.map( ( _, index ) => ( index * 13 ) % 32 );
		const rows = [
			...order.slice( 0, 10 ).map( ( index ) => fixture[ index ] ),
			others[ 0 ],
			...order.slice( 10, 20 ).map( ( index ) => fixture[ index ] ),
			others[ 1 ],
			...order.slice( 20 ).map( ( index ) => fixture[ index ] ),
			others[ 2 ],
		];
		for ( const row of rows ) {
			const result = await ctx.database.db
				.insertInto( 'experience_entries' )
				.values( {
					tester_id: row.tester === 'me' ? me.id : other.id,
					amount: row.amount,
					activity_id: row.activity,
					campaign_id: row.campaign
						? campaignIds[ row.campaign ]
						: null,
					note: row.note,
					created_at: row.created,
				} )
				.executeTakeFirstOrThrow();
			entries.push( { ...row, id: Number( result.insertId ) } );
		}
		mine = entries.filter( ( entry ) => entry.tester === 'me' );
	} );
	after( () => ctx.close() );

	const list = ( query = '' ) =>
		getOk( ctx, `/users/me/experience${ query }`, me );

	it( 'has a fixture of more than a page', () => {
		assert.equal( mine.length, 32 );
		assert.equal( entries.length, 35 );
	} );

	it( 'defaults to date descending, id breaking ties, 25 a page', async () => {
		const body = await list();
		assert.deepEqual( idsOf( body ), page( mine, byDate( 'DESC' ) ) );
		assert.equal( body.start, 0 );
		assert.equal( body.limit, 25 );
		assert.equal( body.size, 25 );
		assert.equal( body.total, 32 );
	} );

	it( 'orders by date ascending', async () => {
		const body = await list( '?order=ASC' );
		assert.deepEqual( idsOf( body ), page( mine, byDate( 'ASC' ) ) );
	} );

	it( 'orders by amount, both ways, id breaking ties', async () => {
		const descending = await list( '?orderBy=amount&limit=100' );
		assert.deepEqual(
			idsOf( descending ),
			page( mine, byAmount( 'DESC' ), 0, 100 )
		);
		const ascending = await list( '?orderBy=amount&order=ASC&limit=100' );
		assert.deepEqual(
			idsOf( ascending ),
			page( mine, byAmount( 'ASC' ), 0, 100 )
		);
		assert.equal( ascending.results[ 0 ].amount, -50 );
	} );

	it( 'serves a deep page', async () => {
		const body = await list( '?start=25' );
		assert.deepEqual( idsOf( body ), page( mine, byDate( 'DESC' ), 25 ) );
		assert.equal( body.size, 7 );
		assert.equal( body.start, 25 );
		assert.equal( body.total, 32 );
	} );

	it( 'answers every page the same from either end of the list, and nothing past its end', async () => {
		// Pages past the middle are read from the list's other end (history.ts pageWindow).
		for ( const [ orderBy, sort ] of [
			[ 'date', byDate ],
			[ 'amount', byAmount ],
		] as const ) {
			for ( const order of [ 'ASC', 'DESC' ] as const ) {
				for ( const limit of [ 5, 7, 31 ] ) {
					for ( let start = 0; start < 32; start += limit ) {
						const body = await list(
							`?orderBy=${ orderBy }&order=${ order }&start=${ start }&limit=${ limit }`
						);
						assert.deepEqual(
							idsOf( body ),
							page( mine, sort( order ), start, limit ),
							`${ orderBy } ${ order } start ${ start } limit ${ limit }`
						);
						assert.equal( body.total, 32 );
					}
				}
			}
		}
		for ( const start of [ 32, 40 ] ) {
			const body = await list( `?start=${ start }` );
			assert.deepEqual( body.results, [] );
			assert.equal( body.size, 0 );
			assert.equal( body.total, 32 );
		}
	} );

	it( 'reads a page past the middle again when the list changed size since its last page', async () => {
		// The last page is placed from the list's end by the size its previous read found (history.ts
		// readList); entries newer than all the others move every page by as many.
		const deep = '?start=30&limit=5';
		const expectDeep = async ( rows: Entry[] ) => {
			const body = await list( deep );
			assert.deepEqual(
				idsOf( body ),
				page( rows, byDate( 'DESC' ), 30, 5 )
			);
			assert.equal( body.total, rows.length );
		};
		await expectDeep( mine );
		const added: Entry[] = [];
		for ( const day of [ '01', '02', '03' ] ) {
			const row = {
				tester: 'me',
				created: `2030-01-${ day } 00:00:00`,
				amount: 1,
				activity: 3,
				campaign: null,
				note: `Later ${ day }`,
			} as const;
			const result = await ctx.database.db
				.insertInto( 'experience_entries' )
				.values( {
					tester_id: me.id,
					amount: row.amount,
					activity_id: row.activity,
					note: row.note,
					created_at: row.created,
				} )
				.executeTakeFirstOrThrow();
			added.push( { ...row, id: Number( result.insertId ) } );
		}
		// 35 entries: five on the page where there were two.
		await thenDelete(
			ctx,
			'experience_entries',
			added.map( ( entry ) => entry.id ),
			() => expectDeep( [ ...mine, ...added ] )
		);
		await expectDeep( mine );
	} );

	it( 'reads a deep page in one statement once the list’s size is known, two the first time', async () => {
		const counting = countingStatements( ctx );
		const history = createHistoryRepository( counting.db );
		const read = async () => {
			counting.taken();
			const result = await history.listExperience( me.wpUserId, {
				start: 25,
				limit: 25,
				order: 'DESC',
				orderBy: 'date',
			} );
			assert.deepEqual(
				result?.results.map( ( item ) => item.id ),
				page( mine, byDate( 'DESC' ), 25 )
			);
			return counting.taken();
		};
		assert.equal( await read(), 2 );
		assert.equal( await read(), 1 );
	} );

	it( 'filters by campaign and by activity', async () => {
		for ( const key of [ 'A', 'B' ] as const ) {
			const body = await list(
				`?filterBy[campaign]=${ campaignIds[ key ] }&limit=100`
			);
			const expected = mine.filter( ( entry ) => entry.campaign === key );
			assert.deepEqual(
				idsOf( body ),
				page( expected, byDate( 'DESC' ), 0, 100 )
			);
			assert.equal( body.total, expected.length );
		}
		const activity = await list( '?filterBy[activity]=3&limit=100' );
		const expected = mine.filter( ( entry ) => entry.activity === 3 );
		assert.deepEqual(
			idsOf( activity ),
			page( expected, byDate( 'DESC' ), 0, 100 )
		);
		assert.equal( activity.total, expected.length );
		const otherActivity = await list( '?filterBy[activity]=42' );
		assert.deepEqual(
			otherActivity.results.map( ( item: Entry ) => item.note ),
			[ 'Bonus 100% complete' ]
		);
	} );

	it( 'filters by one UTC day, both bounds', async () => {
		const notes = async ( day: string ) =>
			( await list( `?filterBy[date]=${ day }&order=ASC` ) ).results.map(
				( item: { note: string } ) => item.note
			);
		assert.deepEqual( await notes( '2024-03-10' ), [
			'Day start',
			'Bonus 100% complete',
			'Bonus 1000 complete',
		] );
		assert.deepEqual( await notes( '2024-03-31' ), [ 'fixAup' ] );
		assert.deepEqual( await notes( '2024-02-29' ), [ 'Wow great' ] );
		assert.deepEqual( await notes( '2024-05-01' ), [] );
		const body = await list(
			`?filterBy[date]=2024-03-10&filterBy[campaign]=${ campaignIds.A }`
		);
		assert.deepEqual(
			body.results.map( ( item: { note: string } ) => item.note ),
			[ 'Day start' ]
		);
		assert.equal( body.total, 1 );
	} );

	it( 'searches the note, case-insensitively', async () => {
		const body = await list( '?search=BONUS' );
		assert.deepEqual(
			body.results.map( ( item: { note: string } ) => item.note ),
			[ 'Bonus 1000 complete', 'Bonus 100% complete' ]
		);
		assert.equal( body.total, 2 );
		const entry1 = await list( '?search=entry%201&limit=100' );
		const expected = mine.filter( ( entry ) =>
			entry.note.toLowerCase().includes( 'entry 1' )
		);
		assert.deepEqual(
			idsOf( entry1 ),
			page( expected, byDate( 'DESC' ), 0, 100 )
		);
		assert.equal( entry1.total, expected.length );
		const both = await list( '?search=bonus&filterBy[date]=2024-03-10' );
		assert.equal( both.total, 2 );
	} );

	it( 'takes % and _ in a search literally', async () => {
		const notes = async ( search: string ) =>
			(
				await list( `?search=${ encodeURIComponent( search ) }` )
			).results.map( ( item: { note: string } ) => item.note );
		assert.deepEqual( await notes( '100%' ), [ 'Bonus 100% complete' ] );
		assert.deepEqual( await notes( '0% c' ), [ 'Bonus 100% complete' ] );
		assert.deepEqual( await notes( 'fix_up' ), [ 'fix_up' ] );
		assert.deepEqual( await notes( '_' ), [ 'fix_up' ] );
		assert.deepEqual( await notes( '%' ), [ 'Bonus 100% complete' ] );
		// The escape character itself is literal too.
		assert.deepEqual( await notes( 'wow!' ), [ 'Wow! great' ] );
		assert.deepEqual( await notes( 'nothing like this' ), [] );
	} );

	it( 'answers the campaign as {id, title}, or null without one; negative amounts as they are', async () => {
		const body = await list( '?filterBy[date]=2024-02-29' );
		const wow = mine.find( ( entry ) => entry.note === 'Wow great' )!;
		assert.deepEqual( body.results, [
			{
				id: wow.id,
				amount: -50,
				date: '2024-02-29T08:00:00Z',
				activity: { id: 3 },
				campaign: { id: campaignIds.B, title: 'History B' },
				note: 'Wow great',
			},
		] );
		const fix = ( await list( '?search=fix_up' ) ).results[ 0 ];
		assert.deepEqual( fix, {
			id: mine.find( ( entry ) => entry.note === 'fix_up' )!.id,
			amount: -10,
			date: '2024-03-11T00:00:00Z',
			activity: { id: 3 },
			campaign: null,
			note: 'fix_up',
		} );
	} );

	it( 'never shows another tester’s entries', async () => {
		const body = await list( '?limit=100' );
		const theirs = new Set(
			entries
				.filter( ( entry ) => entry.tester === 'other' )
				.map( ( entry ) => entry.id )
		);
		assert.equal( body.total, 32 );
		assert.ok( idsOf( body ).every( ( id ) => ! theirs.has( id ) ) );
		const response = await get(
			ctx,
			'/users/me/experience?limit=100',
			other
		);
		assert.deepEqual(
			idsOf( response.json() ).sort( compare ),
			[ ...theirs ].sort( compare )
		);
	} );

	for ( const query of [
		'?orderBy=points',
		'?limit=101',
		'?limit=0',
		'?order=down',
		'?filterBy[date]=notadate',
		'?filterBy[date]=2024-13-01',
		'?filterBy[activity]=100',
		'?filterBy[campaign]=0',
		'?filterBy[severity]=1',
		`?search=${ 'x'.repeat( 101 ) }`,
		'?searchBy=title',
	] ) {
		it( `answers 400 to ${ query.slice( 0, 40 ) }`, async () => {
			const response = await get(
				ctx,
				`/users/me/experience${ query }`,
				me
			);
			assert.equal( response.statusCode, 400, response.body );
		} );
	}

	it( 'answers 403 without a token', async () => {
		assert.equal(
			( await get( ctx, '/users/me/experience' ) ).statusCode,
			403
		);
	} );
} );
