import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app.ts';
import { startTestContext, type TestContext } from './helpers/context.ts';

describe( 'the app', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	it( 'answers unknown routes with a JSON 404', async () => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: '/api/nothing-here?x=1',
		} );
		assert.equal( response.statusCode, 404 );
		assert.match(
			response.headers[ 'content-type' ] as string,
			/^application\/json/
		);
		assert.deepEqual( response.json(), {
			status: 404,
			error: 'Not Found',
			message: 'No route GET /api/nothing-here',
		} );
	} );

	it( 'answers a wrong content type with the JSON error body', async () => {
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/authenticate',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			payload: 'username=a&password=b',
		} );
		assert.equal( response.statusCode, 415 );
		assert.equal( response.json().status, 415 );
		assert.equal( response.json().error, 'Unsupported Media Type' );
	} );

	it( 'refuses to build without a proper secret', async () => {
		await assert.rejects(
			buildApp( {
				config: { secret: 'short', wordpressUrl: ctx.wordpress.url },
				db: ctx.database.db,
			} ),
			/CROWDSCOUT_SECRET is too short/
		);
	} );

	it( 'logs requests as JSON without credentials', async () => {
		const token = await ctx.tokenFor( await ctx.createTester() );
		await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me',
			headers: { authorization: `Bearer ${ token }` },
		} );
		const lines = ctx.logs
			.map( ( line ) => JSON.parse( line ) )
			.filter( ( line ) => line.req?.url === '/api/users/me' );
		// One line per request, written when it is answered.
		assert.equal( lines.length, 1 );
		assert.equal( lines[ 0 ].msg, 'request completed' );
		assert.equal( lines[ 0 ].req.method, 'GET' );
		assert.equal( lines[ 0 ].res.statusCode, 200 );
		assert.equal( typeof lines[ 0 ].responseTime, 'number' );
		assert.ok( ! ctx.logs.join( '' ).includes( token ) );
	} );
} );
