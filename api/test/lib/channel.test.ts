import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { signInternalRequest, stringToSign } from '../../src/lib/channel.ts';
import { deriveChannelKey, deriveJwtKey } from '../../src/lib/keys.ts';
import {
	startFakeWordPress,
	type FakeWordPress,
} from '../helpers/fake-wordpress.ts';

const SECRET = 'correct horse battery staple, at least 32 chars';
const ROUTE = '/crowdscout/v1/internal/users';

describe( 'derived keys', () => {
	it( 'are HMAC-SHA256 of the purpose under the secret, raw 32 bytes, and differ', () => {
		const jwt = deriveJwtKey( SECRET );
		const channel = deriveChannelKey( SECRET );
		assert.equal( jwt.length, 32 );
		assert.deepEqual(
			jwt,
			createHmac( 'sha256', SECRET ).update( 'crowdscout:jwt' ).digest()
		);
		assert.deepEqual(
			channel,
			createHmac( 'sha256', SECRET )
				.update( 'crowdscout:internal' )
				.digest()
		);
		assert.notDeepEqual( jwt, channel );
	} );
} );

describe( 'signInternalRequest', () => {
	const body = '{"email":"a@b.co"}';

	it( 'signs METHOD\\nROUTE\\nTIMESTAMP\\nNONCE\\nsha256hex(body) with the channel key', () => {
		const nonce = '0123456789abcdef0123456789abcdef';
		const headers = signInternalRequest(
			{ secret: SECRET },
			'post',
			ROUTE,
			body,
			1_700_000_000,
			nonce
		);
		const expectedInput = `POST\n${ ROUTE }\n1700000000\n${ nonce }\n${ createHash(
			'sha256'
		)
			.update( body )
			.digest( 'hex' ) }`;
		assert.equal(
			stringToSign( 'post', ROUTE, 1_700_000_000, nonce, body ),
			expectedInput
		);
		assert.deepEqual( headers, {
			'X-Crowdscout-Timestamp': '1700000000',
			'X-Crowdscout-Nonce': nonce,
			'X-Crowdscout-Signature': createHmac(
				'sha256',
				createHmac( 'sha256', SECRET )
					.update( 'crowdscout:internal' )
					.digest()
			)
				.update( expectedInput )
				.digest( 'hex' ),
		} );
	} );

	it( 'accepts the derived key as well as the secret', () => {
		const args = [
			'GET',
			`${ ROUTE }/7/role`,
			'',
			1_700_000_000,
			'ab'.repeat( 16 ),
		] as const;
		assert.deepEqual(
			signInternalRequest( { secret: SECRET }, ...args ),
			signInternalRequest(
				{ channelKey: deriveChannelKey( SECRET ) },
				...args
			)
		);
	} );

	it( 'uses the current time and a fresh 32-hex nonce by default', () => {
		const first = signInternalRequest(
			{ secret: SECRET },
			'DELETE',
			`${ ROUTE }/7`
		);
		const second = signInternalRequest(
			{ secret: SECRET },
			'DELETE',
			`${ ROUTE }/7`
		);
		assert.match( first[ 'X-Crowdscout-Nonce' ], /^[0-9a-f]{32}$/ );
		assert.notEqual(
			first[ 'X-Crowdscout-Nonce' ],
			second[ 'X-Crowdscout-Nonce' ]
		);
		assert.ok(
			Math.abs(
				Number( first[ 'X-Crowdscout-Timestamp' ] ) - Date.now() / 1000
			) < 5
		);
	} );

	it( 'refuses routes with /wp-json or a query string', () => {
		assert.throws( () =>
			signInternalRequest(
				{ secret: SECRET },
				'GET',
				`/wp-json${ ROUTE }`
			)
		);
		assert.throws( () =>
			signInternalRequest( { secret: SECRET }, 'GET', `${ ROUTE }?x=1` )
		);
	} );
} );

describe( 'the fake WordPress checks signatures as the contract says', () => {
	let wordpress: FakeWordPress;
	before( async () => {
		wordpress = await startFakeWordPress( { secret: SECRET } );
	} );
	after( () => wordpress.close() );

	const send = (
		headers: Record< string, string >,
		body = '{"username":"x","password":"y"}'
	) =>
		fetch( `${ wordpress.url }/wp-json${ ROUTE }/check-password`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body,
		} ).then( async ( response ) => ( {
			status: response.status,
			body: ( await response.json() ) as { code?: string },
		} ) );
	const sign = (
		body = '{"username":"x","password":"y"}',
		timestamp?: number,
		nonce?: string,
		secret = SECRET
	) =>
		signInternalRequest(
			{ secret },
			'POST',
			`${ ROUTE }/check-password`,
			body,
			timestamp,
			nonce
		) as unknown as Record< string, string >;

	it( 'accepts a valid request', async () => {
		assert.equal( ( await send( sign() ) ).status, 422 );
	} );

	it( 'refuses an unsigned request, a foreign key, and a tampered body', async () => {
		assert.equal( ( await send( {} ) ).body.code, 'bad_signature' );
		assert.equal(
			(
				await send(
					sign( undefined, undefined, undefined, 'x'.repeat( 40 ) )
				)
			).body.code,
			'bad_signature'
		);
		assert.equal(
			( await send( sign(), '{"username":"x","password":"z"}' ) ).body
				.code,
			'bad_signature'
		);
	} );

	it( 'refuses a stale timestamp and a replayed nonce', async () => {
		const stale = await send(
			sign( undefined, Math.floor( Date.now() / 1000 ) - 301 )
		);
		assert.deepEqual(
			[ stale.status, stale.body.code ],
			[ 401, 'stale_request' ]
		);
		const headers = sign();
		assert.equal( ( await send( headers ) ).status, 422 );
		const replay = await send( headers );
		assert.deepEqual(
			[ replay.status, replay.body.code ],
			[ 401, 'replayed_request' ]
		);
	} );
} );
