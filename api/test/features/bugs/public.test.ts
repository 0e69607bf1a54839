import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicBugTokens } from '../../../src/features/bugs/public-token.ts';
import { BugFormWorld, keyOf } from './world.ts';

/**
 * GET /public/bugs/{bugId}/{token}, a bug's public view, without a login: only with the bug's token and while
 * WordPress's "Public user pages" is on (the fake WordPress's setting); every refusal the same 404; no device or
 * use case in the answer.
 */

describe( 'GET /api/public/bugs/{bugId}/{token}', () => {
	const world = new BugFormWorld();
	let bugId: number;
	let token: string;
	let otherBug: number;

	before( async () => {
		await world.start();
		const { me, shop, other, plain } = world;
		const url = await world.uploaded( me, shop );
		const created = await world.send(
			me,
			'POST',
			`/users/me/campaigns/${ shop }/bugs`,
			world.shopBug( me, [ url ] )
		);
		assert.equal( created.statusCode, 201, created.body );
		( { id: bugId, publicToken: token } = created.json() );
		const theirs = await world.send(
			other,
			'POST',
			`/users/me/campaigns/${ plain }/bugs`,
			world.plainBug( other, 'Their bug' )
		);
		otherBug = theirs.json().id;
	} );
	after( () => world.close() );

	const read = ( id: number, given: string ) =>
		world.ctx.app.inject( {
			method: 'GET',
			url: `/api/public/bugs/${ id }/${ encodeURIComponent( given ) }`,
		} );
	const setting = ( on: boolean ) => {
		world.ctx.wordpress.settings.publicUserPages = on;
		world.ctx.app.services.siteSettings.forget();
	};
	const refused = async ( id: number, given: string ) => {
		const response = await read( id, given );
		assert.equal( response.statusCode, 404, response.body );
		assert.deepEqual( response.json(), {
			status: 404,
			error: 'Not Found',
			message: 'Bug not found',
		} );
	};

	it( 'answers 404 while the setting is off, even with the right token', async () => {
		setting( false );
		await refused( bugId, token );
	} );

	it( 'answers the bug without device, use case or token while the setting is on', async () => {
		setting( true );
		const response = await read( bugId, token );
		assert.equal( response.statusCode, 200, response.body );
		const bug = response.json();
		assert.equal( bug.id, bugId );
		assert.equal( bug.title, '[Checkout] - The pay button does nothing' );
		for ( const hidden of [ 'device', 'useCase', 'publicToken' ] ) {
			assert.ok( ! ( hidden in bug ), hidden );
		}
		assert.equal( bug.media.length, 1 );
		const file = await world.ctx.app.inject( {
			method: 'GET',
			url: bug.media[ 0 ].url,
		} );
		assert.equal( file.statusCode, 200 );
		assert.ok( keyOf( bug.media[ 0 ].url ) );
	} );

	it( "answers 404 for a wrong token, another bug's token, an unknown bug", async () => {
		setting( true );
		const tokens = createPublicBugTokens( world.ctx.secret );
		assert.equal( tokens.tokenOf( bugId ), token );
		await refused(
			bugId,
			`${ token.slice( 0, -1 ) }${ token.endsWith( 'A' ) ? 'B' : 'A' }`
		);
		await refused( bugId, token.slice( 0, 31 ) );
		await refused( bugId, tokens.tokenOf( otherBug ) );
		await refused( otherBug, token );
		await refused( 999999, tokens.tokenOf( 999999 ) );
		const other = createPublicBugTokens( 'another secret' );
		await refused( bugId, other.tokenOf( bugId ) );
	} );

	it( 'treats an unreachable WordPress as the setting off', async () => {
		setting( true );
		world.ctx.wordpress.failWith = 503;
		try {
			await refused( bugId, token );
		} finally {
			world.ctx.wordpress.failWith = null;
			world.ctx.app.services.siteSettings.forget();
		}
		const response = await read( bugId, token );
		assert.equal( response.statusCode, 200, response.body );
	} );

	it( 'reads the setting from WordPress at most once per 30 seconds', async () => {
		setting( true );
		const asked = () =>
			world.ctx.wordpress.requests.filter( ( request ) =>
				request.route.endsWith( '/internal/settings' )
			).length;
		const askedBefore = asked();
		for ( let n = 0; n < 5; n++ ) {
			assert.equal( ( await read( bugId, token ) ).statusCode, 200 );
		}
		assert.equal( asked(), askedBefore + 1 );
	} );
} );
