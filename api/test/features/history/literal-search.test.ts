import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { get, getOk } from '../../helpers/requests.ts';

/**
 * The experience search finds what the tester typed, literally, on both engines: quotes (also in reasons stored
 * with the backslashes of PHP's addslashes, which the client removes for display), LIKE's own `%` and `_`, and
 * text beyond ASCII, emoji included. And both history lists bound their page size.
 */

/** Reasons as stored; `shown` is what the tester reads (backslash escapes removed). */
const NOTES = [
	'Bug "Crash on login" approved',
	// addslashes: shown as `It's approved: "Login" fixed \o/`.
	'It\\\'s approved: \\"Login\\" fixed \\\\o/',
	"O'Brien's referral bonus",
	'Café crème ☕ — naïve tester',
	'Bug 🐞 found in checkout',
	'Rocket 🚀 launch bonus',
	'日本語のテスト完了',
	'50% bonus_extra',
	'500 bonusXextra',
	'Plain entry',
];

describe( 'GET /api/users/me/experience: a search is literal', () => {
	let ctx: TestContext;
	let me: Tester;

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
		const other = await ctx.createTester();
		let day = 1;
		for ( const note of NOTES ) {
			await ctx.database.db
				.insertInto( 'experience_entries' )
				.values( {
					tester_id: me.id,
					amount: 10,
					activity_id: 4,
					campaign_id: null,
					note,
					created_at: `2025-05-${ String( day++ ).padStart(
						2,
						'0'
					) } 10:00:00`,
				} )
				.execute();
		}
		// Another tester's entry that every search below would find.
		await ctx.database.db
			.insertInto( 'experience_entries' )
			.values( {
				tester_id: other.id,
				amount: 5,
				activity_id: 4,
				campaign_id: null,
				note: `Theirs: ${ NOTES.join( ' ' ) }`,
			} )
			.execute();
	} );
	after( () => ctx.close() );

	const found = async ( search: string ) =>
		(
			await getOk(
				ctx,
				`/users/me/experience?limit=100&order=ASC&search=${ encodeURIComponent(
					search
				) }`,
				me
			)
		).results.map( ( item: { note: string } ) => item.note );

	it( 'finds double quotes, as stored and behind backslashes', async () => {
		assert.deepEqual( await found( '"Crash on login"' ), [ NOTES[ 0 ] ] );
		assert.deepEqual( await found( '"Login"' ), [ NOTES[ 1 ] ] );
		assert.deepEqual( await found( '"' ), [ NOTES[ 0 ], NOTES[ 1 ] ] );
	} );

	it( 'finds apostrophes, as stored and behind backslashes', async () => {
		assert.deepEqual( await found( "It's approved" ), [ NOTES[ 1 ] ] );
		assert.deepEqual( await found( "O'Brien's" ), [ NOTES[ 2 ] ] );
		assert.deepEqual( await found( "'" ), [ NOTES[ 1 ], NOTES[ 2 ] ] );
		assert.deepEqual( await found( "' OR '1'='1" ), [] );
	} );

	it( 'finds a backslash the tester typed', async () => {
		assert.deepEqual( await found( '\\o/' ), [ NOTES[ 1 ] ] );
	} );

	it( 'takes % and _ as themselves', async () => {
		assert.deepEqual( await found( '50%' ), [ NOTES[ 7 ] ] );
		assert.deepEqual( await found( 'bonus_extra' ), [ NOTES[ 7 ] ] );
		assert.deepEqual( await found( '%' ), [ NOTES[ 7 ] ] );
		assert.deepEqual( await found( '_' ), [ NOTES[ 7 ] ] );
	} );

	it( 'finds text beyond ASCII, emoji each as itself', async () => {
		assert.deepEqual( await found( 'Café crème' ), [ NOTES[ 3 ] ] );
		assert.deepEqual( await found( 'naïve' ), [ NOTES[ 3 ] ] );
		assert.deepEqual( await found( '☕' ), [ NOTES[ 3 ] ] );
		assert.deepEqual( await found( '—' ), [ NOTES[ 3 ] ] );
		assert.deepEqual( await found( '🐞' ), [ NOTES[ 4 ] ] );
		assert.deepEqual( await found( '🚀' ), [ NOTES[ 5 ] ] );
		assert.deepEqual( await found( '🦄' ), [] );
		assert.deepEqual( await found( '日本語' ), [ NOTES[ 6 ] ] );
		assert.deepEqual( await found( 'テスト完了' ), [ NOTES[ 6 ] ] );
	} );

	it( 'answers an empty page, not an error, when nothing matches', async () => {
		const body = await getOk(
			ctx,
			`/users/me/experience?search=${ encodeURIComponent(
				'"nothing"'
			) }`,
			me
		);
		assert.deepEqual( body.results, [] );
		assert.equal( body.total, 0 );
	} );
} );

describe( 'page sizes of the history lists are bounded', () => {
	let ctx: TestContext;
	let me: Tester;

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
	} );
	after( () => ctx.close() );

	for ( const list of [ '/users/me/experience', '/users/me/bugs' ] ) {
		it( `${ list } takes a limit of 1 to 100`, async () => {
			for ( const limit of [ 1, 100 ] ) {
				const response = await get(
					ctx,
					`${ list }?limit=${ limit }`,
					me
				);
				assert.equal( response.statusCode, 200, response.body );
				assert.equal( response.json().limit, limit );
			}
			for ( const limit of [
				'101',
				'1000000',
				'0',
				'-1',
				'1e3',
				'all',
			] ) {
				const response = await get(
					ctx,
					`${ list }?limit=${ limit }`,
					me
				);
				assert.equal( response.statusCode, 400, `limit=${ limit }` );
				assert.match( response.json().message, /limit/ );
			}
			const deep = await get( ctx, `${ list }?start=1000001`, me );
			assert.equal( deep.statusCode, 400 );
		} );
	}
} );
