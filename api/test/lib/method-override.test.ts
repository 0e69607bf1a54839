import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { applyMethodOverride } from '../../src/lib/method-override.ts';
import { startTestContext, type TestContext } from '../helpers/context.ts';

describe( 'X-HTTP-Method-Override', () => {
	let app: FastifyInstance;
	before( async () => {
		app = Fastify( {
			rewriteUrl( request ) {
				applyMethodOverride( request );
				return request.url ?? '/';
			},
		} );
		for ( const method of [ 'POST', 'PUT', 'PATCH', 'DELETE' ] as const ) {
			app.route( {
				method,
				url: '/thing',
				handler: async ( request ) => ( {
					method,
					body: request.body ?? null,
				} ),
			} );
		}
	} );
	after( () => app.close() );

	const post = ( override?: string ) =>
		app.inject( {
			method: 'POST',
			url: '/thing',
			headers: override ? { 'x-http-method-override': override } : {},
			payload: { a: 1 },
		} );

	it( 'routes POST + override to PUT, PATCH and DELETE, body included', async () => {
		for ( const method of [ 'PUT', 'PATCH', 'DELETE' ] ) {
			assert.deepEqual( ( await post( method ) ).json(), {
				method,
				body: { a: 1 },
			} );
		}
		assert.deepEqual( ( await post( 'patch' ) ).json().method, 'PATCH' );
	} );

	it( 'ignores other overrides and plain POSTs', async () => {
		assert.equal( ( await post( 'GET' ) ).json().method, 'POST' );
		assert.equal( ( await post( 'TRACE' ) ).json().method, 'POST' );
		assert.equal( ( await post() ).json().method, 'POST' );
	} );

	it( 'only applies to POST', async () => {
		const response = await app.inject( {
			method: 'PUT',
			url: '/thing',
			headers: { 'x-http-method-override': 'DELETE' },
			payload: {},
		} );
		assert.equal( response.json().method, 'PUT' );
	} );
} );

describe( 'the app honours X-HTTP-Method-Override before routing', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	it( 'answers POST+DELETE on /api/authenticate as the DELETE it is (no such route)', async () => {
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/authenticate',
			headers: { 'x-http-method-override': 'DELETE' },
			payload: { username: 'a', password: 'b' },
		} );
		assert.equal( response.statusCode, 404 );
		assert.equal(
			response.json().message,
			'No route DELETE /api/authenticate'
		);
	} );
} );
