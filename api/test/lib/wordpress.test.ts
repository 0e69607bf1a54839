import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
	createWordPressClient,
	WordPressUnavailableError,
	type WordPressClient,
} from '../../src/lib/wordpress.ts';
import {
	startFakeWordPress,
	type FakeWordPress,
} from '../helpers/fake-wordpress.ts';

const SECRET = 'the-shared-secret-for-the-channel-tests';

describe( 'WordPress channel client', () => {
	let wordpress: FakeWordPress;
	let client: WordPressClient;
	before( async () => {
		wordpress = await startFakeWordPress( { secret: SECRET } );
		client = createWordPressClient( {
			baseUrl: `${ wordpress.url }/`,
			key: { secret: SECRET },
			timeoutMs: 1000,
		} );
	} );
	after( () => wordpress.close() );

	it( 'creates a user, then reports the email as taken', async () => {
		const input = {
			email: 'new@example.test',
			password: 'Secret123',
			name: 'N',
			surname: 'U',
		};
		const created = await client.createUser( input );
		assert.ok( created.ok );
		assert.equal( created.user.email, 'new@example.test' );
		assert.equal( created.user.role, 'tester' );
		assert.deepEqual( await client.createUser( input ), {
			ok: false,
			reason: 'email_exists',
		} );
		assert.deepEqual( await client.createUser( { ...input, email: '' } ), {
			ok: false,
			reason: 'invalid_input',
			message: 'email and password are required',
		} );
		assert.deepEqual( wordpress.requests[ 0 ], {
			method: 'POST',
			route: '/crowdscout/v1/internal/users',
			status: 201,
			body: input,
		} );
	} );

	it( 'checks a password by email or login', async () => {
		const user = wordpress.addUser( {
			email: 'check@example.test',
			login: 'checker',
			password: 'Right123',
		} );
		assert.equal(
			(
				await client.checkPassword( {
					username: 'checker',
					password: 'Right123',
				} )
			)?.id,
			user.id
		);
		assert.equal(
			(
				await client.checkPassword( {
					username: 'check@example.test',
					password: 'Right123',
				} )
			)?.id,
			user.id
		);
		assert.equal(
			await client.checkPassword( {
				username: 'checker',
				password: 'Wrong123',
			} ),
			null
		);
	} );

	it( 'changes a password', async () => {
		const user = wordpress.addUser( {
			email: 'pw@example.test',
			password: 'Old12345',
		} );
		assert.equal(
			await client.changePassword( user.id, {
				oldPassword: 'Wrong',
				password: 'New12345',
			} ),
			'wrong_password'
		);
		assert.equal(
			await client.changePassword( user.id, {
				oldPassword: 'Old12345',
				password: 'New12345',
			} ),
			'changed'
		);
		assert.equal( wordpress.users.get( user.id )?.password, 'New12345' );
		assert.equal(
			await client.changePassword( 999_999, {
				oldPassword: 'a',
				password: 'b',
			} ),
			'not_found'
		);
	} );

	it( 'changes an email', async () => {
		const user = wordpress.addUser( {
			email: 'mail@example.test',
			password: 'x',
		} );
		wordpress.addUser( { email: 'taken@example.test', password: 'x' } );
		assert.equal(
			await client.changeEmail( user.id, 'taken@example.test' ),
			'email_exists'
		);
		assert.equal(
			await client.changeEmail( user.id, 'fresh@example.test' ),
			'changed'
		);
		assert.equal(
			await client.changeEmail( 999_999, 'x@example.test' ),
			'not_found'
		);
	} );

	it( 'changes the names', async () => {
		const user = wordpress.addUser( {
			email: 'names@example.test',
			password: 'x',
			name: 'Ada',
			surname: 'Byron',
		} );
		assert.equal(
			await client.changeNames( user.id, {
				name: 'Augusta',
				surname: 'Lovelace',
			} ),
			'changed'
		);
		assert.deepEqual(
			[ user.name, user.surname ],
			[ 'Augusta', 'Lovelace' ]
		);
		assert.equal(
			await client.changeNames( 999_999, { name: 'A', surname: 'B' } ),
			'not_found'
		);
		// A refusal the contract does not list is WordPress misbehaving: 502.
		await assert.rejects(
			client.changeNames( user.id, { name: '', surname: 'B' } ),
			( error: Error ) =>
				error instanceof WordPressUnavailableError &&
				error.statusCode === 502
		);
	} );

	it( 'reads roles and deletes users', async () => {
		const user = wordpress.addUser( {
			email: 'lead@example.test',
			password: 'x',
			roles: [ 'tester_lead', 'tester' ],
		} );
		assert.deepEqual( await client.readRole( user.id ), {
			id: user.id,
			role: 'tester_lead',
			roles: [ 'tester_lead', 'tester' ],
		} );
		assert.equal( await client.deleteUser( user.id ), 'deleted' );
		assert.equal( await client.deleteUser( user.id ), 'not_found' );
		assert.equal( await client.readRole( user.id ), null );
	} );

	it( 'turns refusals, failures and silence into WordPressUnavailableError', async () => {
		const foreign = createWordPressClient( {
			baseUrl: wordpress.url,
			key: { secret: 'y'.repeat( 40 ) },
		} );
		await assert.rejects( foreign.readRole( 1 ), ( error: unknown ) => {
			assert.ok( error instanceof WordPressUnavailableError );
			assert.equal( error.statusCode, 502 );
			assert.match(
				error.detail,
				/refused the channel signature \(bad_signature\)/
			);
			return true;
		} );

		wordpress.failWith = 500;
		await assert.rejects( client.readRole( 1 ), WordPressUnavailableError );
		wordpress.failWith = null;

		wordpress.delayMs = 500;
		const impatient = createWordPressClient( {
			baseUrl: wordpress.url,
			key: { secret: SECRET },
			timeoutMs: 50,
		} );
		await assert.rejects( impatient.readRole( 1 ), /not answering/ );
		wordpress.delayMs = 0;

		const nowhere = createWordPressClient( {
			baseUrl: 'http://127.0.0.1:9',
			key: { secret: SECRET },
		} );
		await assert.rejects(
			nowhere.deleteUser( 1 ),
			WordPressUnavailableError
		);
	} );

	it( 'sends a call again on a new connection when WordPress closed the kept one, and only then', async () => {
		// A WordPress that answers the first request on a connection and drops the connection at the next one
		// (as a server does with an idle connection it closes while a request is on its way).
		let received = 0;
		let dropFirst = false;
		const server = http.createServer( ( request, response ) => {
			received++;
			const socket = request.socket as typeof request.socket & {
				answered?: boolean;
			};
			if ( socket.answered || dropFirst ) {
				socket.destroy();
				return;
			}
			socket.answered = true;
			response.writeHead( 200, { 'content-type': 'application/json' } );
			response.end( JSON.stringify( { publicUserPages: true } ) );
		} );
		await new Promise< void >( ( resolve ) =>
			server.listen( 0, '127.0.0.1', resolve )
		);
		const { port } = server.address() as AddressInfo;
		try {
			const kept = createWordPressClient( {
				baseUrl: `http://127.0.0.1:${ port }`,
				key: { secret: SECRET },
			} );
			assert.deepEqual( await kept.readSettings(), {
				publicUserPages: true,
			} );
			// The kept connection is dropped: the call goes through on a new one.
			assert.deepEqual( await kept.readSettings(), {
				publicUserPages: true,
			} );
			assert.equal( received, 3 );

			// Dropped on a new connection, the request may have reached WordPress: not sent again.
			dropFirst = true;
			received = 0;
			const fresh = createWordPressClient( {
				baseUrl: `http://127.0.0.1:${ port }`,
				key: { secret: SECRET },
			} );
			await assert.rejects( fresh.readSettings(), /not answering/ );
			assert.equal( received, 1 );
		} finally {
			server.closeAllConnections();
			await new Promise( ( resolve ) => server.close( resolve ) );
		}
	} );
} );
