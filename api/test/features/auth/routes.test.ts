import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { buildApp } from '../../../src/app.ts';
import {
	startTestContext,
	uniqueEmail,
	type TestContext,
} from '../../helpers/context.ts';

describe( 'POST /api/authenticate', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const login = ( payload: Record< string, unknown >, app = ctx.app ) =>
		app.inject( { method: 'POST', url: '/api/authenticate', payload } );

	it( 'answers a 15-minute token for a tester, usable on /users/me', async () => {
		const email = uniqueEmail();
		const tester = await ctx.createTester( {
			email,
			password: 'Right123',
		} );
		const startedAt = Date.now();
		const response = await login( {
			username: email,
			password: 'Right123',
		} );
		assert.equal( response.statusCode, 200 );
		const { token, expiresAt } = response.json();
		assert.match( expiresAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/ );
		const lifetime = Date.parse( expiresAt ) - startedAt;
		assert.ok(
			lifetime > 890_000 && lifetime <= 901_000,
			`lifetime ${ lifetime } ms`
		);

		const claims = decodeJwt( token );
		assert.equal( claims.iss, 'crowdscout' );
		assert.equal( claims.aud, 'crowdscout-api' );
		assert.equal( claims.sub, String( tester.wpUserId ) );
		assert.equal( claims.role, 'tester' );
		assert.equal(
			( claims.exp as number ) - ( claims.iat as number ),
			900
		);

		const me = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me?fields=email,role',
			headers: { authorization: `Bearer ${ token }` },
		} );
		assert.equal( me.statusCode, 200 );
		assert.deepEqual( me.json(), { id: tester.id, email, role: 'tester' } );
	} );

	it( 'accepts the WordPress login as username', async () => {
		const tester = await ctx.createTester( { password: 'Right123' } );
		const user = ctx.wordpress.users.get( tester.wpUserId );
		assert.ok( user );
		assert.equal(
			( await login( { username: user.login, password: 'Right123' } ) )
				.statusCode,
			200
		);
	} );

	it( 'answers 401 "Wrong username or password." to a wrong password or unknown user', async () => {
		const email = uniqueEmail();
		await ctx.createTester( { email, password: 'Right123' } );
		for ( const credentials of [
			{ username: email, password: 'Wrong123' },
			{ username: 'nobody@example.test', password: 'Right123' },
		] ) {
			const response = await login( credentials );
			assert.equal( response.statusCode, 401 );
			assert.deepEqual( response.json(), {
				status: 401,
				error: 'Unauthorized',
				message: 'Wrong username or password.',
			} );
		}
	} );

	it( 'answers 429 with the message of WordPress when the login is throttled, passing the client address', async () => {
		const email = uniqueEmail();
		await ctx.createTester( { email, password: 'Right123' } );
		ctx.wordpress.throttled.add( email );
		try {
			const response = await ctx.app.inject( {
				method: 'POST',
				url: '/api/authenticate',
				headers: { 'x-forwarded-for': '203.0.113.7' },
				payload: { username: email, password: 'Right123' },
			} );
			assert.equal( response.statusCode, 429 );
			assert.equal( response.headers[ 'retry-after' ], '42' );
			assert.deepEqual( response.json(), {
				status: 429,
				error: 'Too Many Requests',
				message: 'Too many failed login attempts.',
			} );
			const asked = ctx.wordpress.requests.at( -1 );
			assert.equal(
				( asked?.body as { ip?: string } | undefined )?.ip,
				'203.0.113.7'
			);
		} finally {
			ctx.wordpress.throttled.delete( email );
		}
	} );

	it( 'answers 429 with a Retry-After of a minute when WordPress does not say how long to wait', async () => {
		const email = uniqueEmail();
		await ctx.createTester( { email, password: 'Right123' } );
		ctx.wordpress.throttled.add( email );
		ctx.wordpress.throttledRetryAfter = null;
		try {
			const response = await login( {
				username: email,
				password: 'Right123',
			} );
			assert.equal( response.statusCode, 429 );
			assert.equal( response.headers[ 'retry-after' ], '60' );
		} finally {
			ctx.wordpress.throttled.delete( email );
			ctx.wordpress.throttledRetryAfter = 42;
		}
	} );

	it( 'answers 403 when the password is right but there is no tester profile', async () => {
		ctx.wordpress.addUser( {
			email: 'editor@example.test',
			password: 'Right123',
			roles: [ 'editor' ],
		} );
		const response = await login( {
			username: 'editor@example.test',
			password: 'Right123',
		} );
		assert.equal( response.statusCode, 403 );
		assert.equal(
			response.json().message,
			'This account has no tester profile.'
		);
	} );

	it( 'answers 400 naming a missing field, without asking WordPress', async () => {
		const asked = ctx.wordpress.requests.length;
		const response = await login( { username: 'someone@example.test' } );
		assert.equal( response.statusCode, 400 );
		assert.equal( response.json().message, 'Password is required' );
		assert.equal( ctx.wordpress.requests.length, asked );
	} );

	it( 'answers 502 when WordPress does not answer', async () => {
		const closed = http.createServer();
		await new Promise< void >( ( resolve ) =>
			closed.listen( 0, '127.0.0.1', resolve )
		);
		const { port } = closed.address() as AddressInfo;
		await new Promise( ( resolve ) => closed.close( resolve ) );
		const app = await buildApp( {
			config: {
				secret: ctx.secret,
				wordpressUrl: `http://127.0.0.1:${ port }`,
			},
			db: ctx.database.db,
		} );
		try {
			const response = await login(
				{ username: 'a@example.test', password: 'Right123' },
				app
			);
			assert.equal( response.statusCode, 502 );
			assert.equal( response.json().error, 'Bad Gateway' );
			assert.match(
				response.json().message,
				/WordPress\) is not answering/
			);
		} finally {
			await app.close();
		}
	} );

	it( 'answers 502 when WordPress fails or is too slow', async () => {
		const slow = await startTestContext( { wordpressTimeoutMs: 200 } );
		try {
			slow.wordpress.delayMs = 1000;
			const timedOut = await login(
				{ username: 'a@example.test', password: 'Right123' },
				slow.app
			);
			assert.equal( timedOut.statusCode, 502 );
			slow.wordpress.delayMs = 0;
			slow.wordpress.failWith = 500;
			const failed = await login(
				{ username: 'a@example.test', password: 'Right123' },
				slow.app
			);
			assert.equal( failed.statusCode, 502 );
			assert.ok(
				slow.logs.some( ( line ) => line.includes( 'answered 500' ) )
			);
		} finally {
			await slow.close();
		}
	} );

	it( 'answers 502 when WordPress refuses the signature (secrets differ)', async () => {
		const app = await buildApp( {
			config: {
				secret: 'a-different-secret-that-is-long-enough!!',
				wordpressUrl: ctx.wordpress.url,
			},
			db: ctx.database.db,
		} );
		try {
			const response = await login(
				{ username: 'a@example.test', password: 'Right123' },
				app
			);
			assert.equal( response.statusCode, 502 );
			assert.equal( ctx.wordpress.requests.at( -1 )?.status, 401 );
		} finally {
			await app.close();
		}
	} );

	it( 'never writes the password or the token to the logs', async () => {
		const email = uniqueEmail();
		await ctx.createTester( { email, password: 'VerySecret123' } );
		const response = await login( {
			username: email,
			password: 'VerySecret123',
		} );
		const { token } = response.json();
		await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me',
			headers: { authorization: `Bearer ${ token }` },
		} );
		const logs = ctx.logs.join( '' );
		assert.ok( logs.length > 0 );
		assert.ok( ! logs.includes( 'VerySecret123' ) );
		assert.ok( ! logs.includes( token ) );
	} );
} );
