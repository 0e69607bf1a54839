import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { resetSeed, seed } from '../../../src/seed/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { getOk } from '../../helpers/requests.ts';

/**
 * The veteran demo tester's bug pages, as the demo shows them: a bug in each of the four statuses with a real
 * screenshot in the storage, the reviewer's comment on the refused and need-review ones; reset removes the files.
 */

const PNG_SIGNATURE = Buffer.from( [
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
] );

describe( 'the demo bug reports', () => {
	let ctx: TestContext;
	let vera: Tester;
	const showcase = new Map< number, any >();

	before( async () => {
		ctx = await startTestContext();
		vera = await ctx.createTester( { email: 'veteran@crowdscout.test' } );
		await seed( ctx.database.db, {
			seed: 'demo',
			testers: 5,
			// As many campaigns as `npm start` seeds (scripts/lib/demo.mjs).
			campaigns: 40,
			bugsPerTester: 2,
			experiencePerTester: 3,
			demo: [ { testerId: vera.id, profile: 'veteran' } ],
			storage: ctx.storage,
		} );
		for ( const status of [ 1, 2, 3, 4 ] ) {
			const first = await getOk(
				ctx,
				`/users/me/bugs?order=ASC&limit=1&filterBy[status]=${ status }`,
				vera
			);
			assert.equal( first.results.length, 1, `status ${ status }` );
			showcase.set(
				status,
				await getOk(
					ctx,
					`/users/me/bugs/${ first.results[ 0 ].id }`,
					vera
				)
			);
		}
	} );
	after( () => ctx.close() );

	const fetch = ( url: string ) => ctx.app.inject( { method: 'GET', url } );

	it( 'shows a bug in each status with a screenshot that is a real image', async () => {
		for ( const [ status, bug ] of showcase ) {
			assert.equal( bug.status.id, status );
			assert.ok( bug.notes, `notes of status ${ status }` );
			const [ image ] = bug.media;
			assert.deepEqual(
				{ name: image.name, mimeType: image.mimeType },
				{ name: 'screenshot.png', mimeType: 'image/png' }
			);
			const response = await fetch( image.url );
			assert.equal( response.statusCode, 200, response.body );
			assert.equal( response.headers[ 'content-type' ], 'image/png' );
			const png = response.rawPayload;
			assert.deepEqual( png.subarray( 0, 8 ), PNG_SIGNATURE );
			// IHDR: 180 × 320, and its pixels inflate to exactly that many rows.
			assert.equal( png.readUInt32BE( 16 ), 180 );
			assert.equal( png.readUInt32BE( 20 ), 320 );
			const idat = png.indexOf( 'IDAT' );
			const pixels = inflateSync(
				png.subarray(
					idat + 4,
					idat + 4 + png.readUInt32BE( idat - 4 )
				)
			);
			assert.equal( pixels.length, ( 180 * 3 + 1 ) * 320 );
		}
	} );

	it( 'has the reviewer’s comment on the refused and need-review bugs only', () => {
		assert.match( showcase.get( 1 ).review.comment, /Duplicate/ );
		assert.match( showcase.get( 4 ).review.comment, /screen recording/ );
		assert.equal( showcase.get( 2 ).review.comment, null );
		assert.equal( showcase.get( 3 ).review.comment, null );
	} );

	it( 'attaches a console log to the approved bug', async () => {
		const log = showcase.get( 2 ).media[ 1 ];
		assert.equal( log.name, 'console log.txt' );
		const response = await fetch( log.url );
		assert.equal( response.statusCode, 200 );
		assert.match( response.body, /ERROR payment/ );
	} );

	it( 'comments every other refused and need-review bug of the veteran', async () => {
		for ( const status of [ 1, 4 ] ) {
			const list = await getOk(
				ctx,
				`/users/me/bugs?limit=100&filterBy[status]=${ status }`,
				vera
			);
			for ( const { id } of list.results ) {
				const bug = await getOk( ctx, `/users/me/bugs/${ id }`, vera );
				assert.ok( bug.review.comment, `bug ${ id }` );
			}
		}
	} );

	it( 'removes the files with the seeded rows on reset', async () => {
		const keys = [ ...showcase.values() ].flatMap( ( bug ) =>
			bug.media.map( ( item: { url: string } ) =>
				new URL( item.url, 'http://x' ).pathname.split( '/' ).pop()
			)
		);
		assert.equal( keys.length, 5 );
		await resetSeed( ctx.database.db, ctx.storage );
		for ( const key of keys ) {
			assert.equal( await ctx.storage.stat( key ), undefined, key );
		}
	} );
} );
