import assert from 'node:assert/strict';
import http, { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { CLOSING_MESSAGE } from '../src/lib/errors.ts';
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

interface Answer {
	statusCode: number;
	headers: Record< string, unknown >;
	body: string;
}

/**
 * The error body, exactly, with the status's own reason phrase: its message.
 *
 * @param response
 * @param status
 */
function assertErrorBody( response: Answer, status: number ) {
	assert.equal( response.statusCode, status, response.body );
	assert.match(
		String( response.headers[ 'content-type' ] ),
		/^application\/json/
	);
	const body = JSON.parse( response.body );
	assert.deepEqual( Object.keys( body ).sort(), [
		'error',
		'message',
		'status',
	] );
	assert.equal( body.status, status );
	assert.equal( body.error, STATUS_CODES[ status ] );
	assert.equal( typeof body.message, 'string' );
	return body.message as string;
}

/**
 * Writes raw bytes to the server and reads what comes back until the server closes the connection.
 *
 * @param port
 * @param request
 */
function rawExchange( port: number, request: string ): Promise< string > {
	return new Promise( ( resolve, reject ) => {
		const socket = net.connect( port, '127.0.0.1' );
		let answer = '';
		socket.setEncoding( 'utf8' );
		socket.on( 'data', ( chunk ) => ( answer += chunk ) );
		socket.on( 'close', () => resolve( answer ) );
		socket.on( 'error', reject );
		socket.write( request );
	} );
}

function parseRaw( raw: string ) {
	const [ head, body ] = raw.split( '\r\n\r\n' );
	const [ statusLine, ...lines ] = head.split( '\r\n' );
	const headers: IncomingHttpHeaders = {};
	for ( const line of lines ) {
		const colon = line.indexOf( ':' );
		headers[ line.slice( 0, colon ).toLowerCase() ] = line
			.slice( colon + 1 )
			.trim();
	}
	return {
		statusCode: Number( statusLine.split( ' ' )[ 1 ] ),
		headers,
		body,
	};
}

describe( 'errors from every layer', () => {
	let ctx: TestContext;
	let port: number;
	before( async () => {
		ctx = await startTestContext();
		await ctx.app.listen( { port: 0, host: '127.0.0.1' } );
		port = ( ctx.app.server.address() as net.AddressInfo ).port;
	} );
	after( () => ctx.close() );

	const send = ( options: InjectOptions ) => ctx.app.inject( options );

	it( 'answers an overlong path parameter with a 414 error body', async () => {
		const email = `${ 'a'.repeat( 300 ) }@example.test`;
		const message = assertErrorBody(
			await send( {
				method: 'GET',
				url: `/api/users/by-email/${ email }`,
			} ),
			414
		);
		assert.equal(
			message,
			'A path parameter is longer than 300 characters'
		);
	} );

	it( 'answers a path that does not decode with a 400 error body', async () => {
		for ( const url of [
			'/api/users/by-email/%E0%A4%A',
			'/api/nothing/%C0',
		] ) {
			assertErrorBody( await send( { method: 'GET', url } ), 400 );
		}
	} );

	it( 'answers unknown routes and methods with a 404 error body', async () => {
		assertErrorBody(
			await send( { method: 'GET', url: '/nothing' } ),
			404
		);
		assert.equal(
			assertErrorBody(
				await send( { method: 'DELETE', url: '/api/health' } ),
				404
			),
			'No route DELETE /api/health'
		);
	} );

	it( 'answers what the body parser refuses with the error body', async () => {
		const post = ( payload: string, contentType = 'application/json' ) =>
			send( {
				method: 'POST',
				url: '/api/authenticate',
				headers: { 'content-type': contentType },
				payload,
			} );
		assertErrorBody(
			await post(
				JSON.stringify( {
					username: 'a',
					password: 'x'.repeat( 1024 * 1024 ),
				} )
			),
			413
		);
		assertErrorBody( await post( '{"username":' ), 400 );
		assertErrorBody( await post( '' ), 400 );
		assertErrorBody(
			await post( '{"__proto__":{"admin":true},"username":"a"}' ),
			400
		);
		assertErrorBody( await post( '<a/>', 'application/xml' ), 415 );
	} );

	it( 'answers what the HTTP parser refuses with the error body, and closes the connection', async () => {
		const garbage = parseRaw(
			await rawExchange( port, 'NOT HTTP AT ALL\r\n\r\n' )
		);
		assertErrorBody( garbage, 400 );
		assert.equal( garbage.headers.connection, 'close' );
		assertErrorBody(
			parseRaw(
				await rawExchange(
					port,
					`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${ 'b'.repeat(
						20_000
					) }\r\n\r\n`
				)
			),
			431
		);
		assertErrorBody(
			parseRaw(
				await rawExchange(
					port,
					'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'
				)
			),
			404
		);
	} );

	it( 'answers a request arriving while the server closes with a 503 error body', async () => {
		const app = await buildApp( {
			config: { secret: ctx.secret, wordpressUrl: ctx.wordpress.url },
			db: ctx.database.db,
		} );
		const agent = new http.Agent( { keepAlive: true, maxSockets: 1 } );
		const request = () =>
			new Promise< Answer >( ( resolve, reject ) => {
				http.get(
					{
						agent,
						host: '127.0.0.1',
						port: ( app.server.address() as net.AddressInfo ).port,
						path: '/api/health',
					},
					( response ) => {
						let body = '';
						response.setEncoding( 'utf8' );
						response.on( 'data', ( chunk ) => ( body += chunk ) );
						response.on( 'end', () =>
							resolve( {
								statusCode: response.statusCode ?? 0,
								headers: response.headers,
								body,
							} )
						);
					}
				).on( 'error', reject );
			} );
		let during: Answer | undefined;
		// The open keep-alive connection is still there while the preClose hooks run.
		app.addHook( 'preClose', async () => {
			during = await request();
		} );
		await app.listen( { port: 0, host: '127.0.0.1' } );
		assert.equal( ( await request() ).statusCode, 200 );
		await app.close();
		agent.destroy();
		assert.ok( during );
		assert.equal( assertErrorBody( during, 503 ), CLOSING_MESSAGE );
		assert.equal( during.headers.connection, 'close' );
	} );
} );

describe( 'the client address behind the trusted proxies', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext( {
			rateLimits: {
				emailCheck: { max: 1, windowSeconds: 600 },
				signUp: { max: 10_000, windowSeconds: 3600 },
			},
			trustedProxies: [ '127.0.0.1', '::1', '10.0.0.2' ],
		} );
	} );
	after( () => ctx.close() );

	let probe = 0;
	/** One email check (one allowed per address): its status tells whether the address had checked before. */
	const check = async ( remoteAddress: string, forwardedFor?: string ) => {
		probe += 1;
		const response = await ctx.app.inject( {
			method: 'HEAD',
			url: `/api/users/by-email/probe${ probe }%40example.test`,
			remoteAddress,
			headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
		} );
		return response.statusCode;
	};

	it( 'limits a client that is no trusted proxy by its own address, whatever it forwards', async () => {
		assert.equal( await check( '203.0.113.50', '198.51.100.1' ), 404 );
		assert.equal( await check( '203.0.113.50', '198.51.100.2' ), 429 );
		assert.equal( await check( '203.0.113.50' ), 429 );
		// A private address is not a proxy unless it is configured as one.
		assert.equal( await check( '10.0.0.3', '198.51.100.3' ), 404 );
		assert.equal( await check( '10.0.0.3', '198.51.100.4' ), 429 );
		assert.equal( await check( '198.51.100.3' ), 404 );
	} );

	it( 'limits a client behind a trusted proxy by the address the proxy saw', async () => {
		assert.equal( await check( '127.0.0.1', '198.51.100.20' ), 404 );
		assert.equal( await check( '::1', '198.51.100.21' ), 404 );
		assert.equal( await check( '127.0.0.1', '198.51.100.20' ), 429 );
		assert.equal( await check( '10.0.0.2', '198.51.100.21' ), 429 );
	} );

	it( 'believes the chain only as far as it is made of trusted proxies', async () => {
		// The client wrote the first entry itself; the trusted proxy appended the address it saw.
		assert.equal(
			await check( '10.0.0.2', '192.0.2.1, 198.51.100.30' ),
			404
		);
		assert.equal(
			await check( '10.0.0.2', '192.0.2.2, 198.51.100.30' ),
			429
		);
		// Two trusted hops (nginx in front of the development proxy) lead to the client.
		assert.equal(
			await check( '127.0.0.1', '192.0.2.3, 198.51.100.31, 10.0.0.2' ),
			404
		);
		assert.equal( await check( '10.0.0.2', '198.51.100.31' ), 429 );
	} );
} );
