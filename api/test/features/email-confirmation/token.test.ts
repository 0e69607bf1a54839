import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEmailConfirmationTokens } from '../../../src/features/email-confirmation/token.ts';
import { confirmationToken } from './helpers.ts';

/**
 * The vector tests/php/test-email-confirmation.php mints with the plugin's own code: a token WordPress sends is
 * one the API accepts.
 */
const VECTOR = {
	secret: 'shared-test-vector-secret-0123456789abcdef',
	claims: { sub: '42', email: 'vera.veteran@example.test', exp: 1900000000 },
	token: 'eyJzdWIiOiI0MiIsImVtYWlsIjoidmVyYS52ZXRlcmFuQGV4YW1wbGUudGVzdCIsImV4cCI6MTkwMDAwMDAwMH0.6_hOUicxskgDi2md1LH5-KV65XMwPBhLcjsRoCpmiiM',
};
const beforeExpiry = new Date( ( VECTOR.claims.exp - 60 ) * 1000 );

describe( 'email-confirmation tokens', () => {
	const tokens = createEmailConfirmationTokens( VECTOR.secret );

	it( 'accepts the token WordPress mints for the shared test vector, and mints the same', () => {
		assert.deepEqual(
			tokens.verify( VECTOR.token, beforeExpiry ),
			VECTOR.claims
		);
		assert.equal( tokens.mint( VECTOR.claims ), VECTOR.token );
		assert.equal(
			confirmationToken( { secret: VECTOR.secret, ...VECTOR.claims } ),
			VECTOR.token
		);
	} );

	it( 'refuses it from the second it expires', () => {
		assert.equal(
			tokens.verify( VECTOR.token, new Date( VECTOR.claims.exp * 1000 ) ),
			null
		);
	} );

	it( 'refuses a changed payload or signature, another secret and another purpose', () => {
		const [ payload, signature ] = VECTOR.token.split( '.' );
		const otherPayload = Buffer.from(
			JSON.stringify( { ...VECTOR.claims, sub: '43' } )
		).toString( 'base64url' );
		const flipped =
			signature.slice( 0, -2 ) +
			( signature.at( -2 ) === 'A' ? 'B' : 'A' ) +
			signature.at( -1 );
		for ( const token of [
			`${ otherPayload }.${ signature }`,
			`${ payload }.${ flipped }`,
			`${ payload }.${ signature.slice( 0, -4 ) }`,
			`${ payload }.${ signature }.x`,
			`${ payload }`,
			'',
			'not a token',
			confirmationToken( {
				secret: 'another-secret-0123456789abcdefghijk',
				...VECTOR.claims,
			} ),
			confirmationToken( {
				secret: VECTOR.secret,
				purpose: 'jwt',
				...VECTOR.claims,
			} ),
		] ) {
			assert.equal( tokens.verify( token, beforeExpiry ), null, token );
		}
	} );

	it( 'refuses a well-signed payload that is not the claims', () => {
		for ( const claims of [
			{ sub: 42, email: 'a@example.test', exp: VECTOR.claims.exp },
			{ sub: '0', email: 'a@example.test', exp: VECTOR.claims.exp },
			{ sub: '42', email: '', exp: VECTOR.claims.exp },
			{ sub: '42', email: 'a@example.test', exp: '1900000000' },
			{ sub: '42', email: 'a@example.test' },
		] ) {
			const payload = Buffer.from( JSON.stringify( claims ) ).toString(
				'base64url'
			);
			const token = confirmationToken( {
				secret: VECTOR.secret,
				payload,
			} );
			assert.equal(
				tokens.verify( token, beforeExpiry ),
				null,
				JSON.stringify( claims )
			);
		}
	} );
} );
