import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import {
	HttpError,
	expectationFailed,
	handleClientError,
	notAcceptable,
	notFound,
	notModified,
	preconditionFailed,
	registerErrorHandlers,
} from '../../src/lib/errors.ts';

describe( 'the central error handler', () => {
	let app: FastifyInstance;
	const thrown: Record< string, () => unknown > = {
		412: () => preconditionFailed( 'Email already exists' ),
		417: () => expectationFailed( 'Your current password is not correct' ),
		404: () => notFound( 'No devices' ),
		406: () =>
			notAcceptable(
				'You can’t delete this device, you are using it in a campaign!'
			),
		304: () => notModified(),
		crash: () =>
			new TypeError( 'secret internals: cannot read x of undefined' ),
		'bad-gateway': () =>
			new HttpError( 502, 'The identity service is down.' ),
		'fastify-413': () =>
			Object.assign( new Error( 'Request body is too large' ), {
				statusCode: 413,
			} ),
		'odd-status': () =>
			Object.assign( new Error( 'teapot internals' ), {
				statusCode: 299,
			} ),
	};

	before( async () => {
		app = Fastify();
		registerErrorHandlers( app );
		for ( const [ name, make ] of Object.entries( thrown ) ) {
			app.get( `/${ name }`, async () => {
				throw make();
			} );
		}
	} );
	after( () => app.close() );

	const get = ( name: string ) =>
		app.inject( { method: 'GET', url: `/${ name }` } );

	it( 'answers the spec’s domain statuses with the error body', async () => {
		for ( const status of [ 412, 417, 404, 406 ] ) {
			const response = await get( String( status ) );
			assert.equal( response.statusCode, status );
			assert.deepEqual( Object.keys( response.json() ).sort(), [
				'error',
				'message',
				'status',
			] );
			assert.equal( response.json().status, status );
		}
		assert.equal(
			( await get( '412' ) ).json().error,
			'Precondition Failed'
		);
		assert.equal(
			( await get( '417' ) ).json().message,
			'Your current password is not correct'
		);
	} );

	it( 'answers 304 without a body', async () => {
		const response = await get( '304' );
		assert.equal( response.statusCode, 304 );
		assert.equal( response.body, '' );
	} );

	it( 'hides the text of unexpected errors behind a 500', async () => {
		for ( const name of [ 'crash', 'odd-status' ] ) {
			const response = await get( name );
			assert.equal( response.statusCode, 500 );
			assert.deepEqual( response.json(), {
				status: 500,
				error: 'Internal Server Error',
				message: 'Something went wrong',
			} );
		}
	} );

	it( 'keeps the message of deliberate server errors and of framework client errors', async () => {
		assert.deepEqual( ( await get( 'bad-gateway' ) ).json(), {
			status: 502,
			error: 'Bad Gateway',
			message: 'The identity service is down.',
		} );
		const tooLarge = await get( 'fastify-413' );
		assert.equal( tooLarge.statusCode, 413 );
		assert.equal( tooLarge.json().message, 'Request body is too large' );
	} );
} );

describe( 'the answer to what the HTTP parser refuses', () => {
	/** A socket as node hands it to the clientError listener: what was written, and whether it was closed. */
	const fakeSocket = () => {
		const socket = {
			destroyed: false,
			writable: true,
			written: '',
			write( chunk: string ) {
				socket.written += chunk;
				return true;
			},
			destroy() {
				socket.destroyed = true;
			},
		};
		return socket;
	};
	const answer = ( code: string ) => {
		const socket = fakeSocket();
		handleClientError(
			Object.assign( new Error( code ), { code } ),
			socket as unknown as Socket
		);
		const [ head, body ] = socket.written.split( '\r\n\r\n' );
		return { head, body: body ? JSON.parse( body ) : undefined, socket };
	};

	it( 'writes the error body with the status of each parser error, then closes the socket', () => {
		for ( const [ code, status, error ] of [
			[ 'ERR_HTTP_REQUEST_TIMEOUT', 408, 'Request Timeout' ],
			[ 'HPE_HEADER_OVERFLOW', 431, 'Request Header Fields Too Large' ],
			[ 'HPE_INVALID_METHOD', 400, 'Bad Request' ],
		] as const ) {
			const { head, body, socket } = answer( code );
			assert.match(
				head,
				new RegExp( `^HTTP/1.1 ${ status } ${ error }\r\n` )
			);
			assert.match( head, /\r\nConnection: close(\r\n|$)/ );
			assert.equal( body.status, status );
			assert.equal( body.error, error );
			assert.deepEqual( Object.keys( body ).sort(), [
				'error',
				'message',
				'status',
			] );
			assert.ok( socket.destroyed );
		}
	} );

	it( 'writes nothing on a connection the client reset', () => {
		const { head, socket } = answer( 'ECONNRESET' );
		assert.equal( head, '' );
		assert.ok( ! socket.destroyed );
	} );
} );
