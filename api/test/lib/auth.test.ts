import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import {
	EXPIRED_TOKEN_MESSAGE,
	INVALID_TOKEN_MESSAGE,
	TOKEN_TTL_SECONDS,
	createTokenService,
} from '../../src/lib/auth.ts';
import { HttpError } from '../../src/lib/errors.ts';
import { mintToken } from '../helpers/tokens.ts';

describe( 'bearer token lifetime', () => {
	const secret = randomBytes( 32 ).toString( 'hex' );
	const tokens = createTokenService( secret );
	/** A token minted by hand as WordPress would, with the lifetime under test. */
	const token = ( issuedIn: number, expiresIn: number ) =>
		mintToken( { secret, sub: 7, issuedIn, expiresIn } );
	const refusedWith =
		( status: number, message: string ) => ( error: unknown ) =>
			error instanceof HttpError &&
			error.statusCode === status &&
			error.message === message;

	it( 'accepts the tokens WordPress and the API mint, within the clock tolerance', async () => {
		assert.deepEqual( await tokens.verify( await token( 0, 900 ) ), {
			sub: '7',
			role: 'tester',
		} );
		assert.equal(
			( await tokens.verify( await token( 3, 903 ) ) ).sub,
			'7',
			'issued by a clock 3 s ahead'
		);
		assert.equal(
			( await tokens.verify( await token( -600, 304 ) ) ).sub,
			'7',
			'15 minutes and 4 s'
		);
		const minted = await tokens.mint( { sub: '8', role: 'tester' } );
		assert.equal( ( await tokens.verify( minted.token ) ).sub, '8' );
	} );

	it( 'refuses a genuine token that lives longer than 15 minutes', async () => {
		for ( const [ issuedIn, expiresIn ] of [
			[ 0, 3600 ],
			[ -60, 900 ],
			[ -TOKEN_TTL_SECONDS, 86_400 * 365 ],
		] ) {
			await assert.rejects(
				tokens.verify( await token( issuedIn, expiresIn ) ),
				refusedWith( 403, INVALID_TOKEN_MESSAGE ),
				`issued ${ issuedIn } s, expiring ${ expiresIn } s from now`
			);
		}
	} );

	it( 'refuses a token issued in the future', async () => {
		await assert.rejects(
			tokens.verify( await token( 60, 900 ) ),
			refusedWith( 403, INVALID_TOKEN_MESSAGE )
		);
	} );

	it( 'still reports an expired token as expired', async () => {
		await assert.rejects(
			tokens.verify( await token( -960, -60 ) ),
			refusedWith( 401, EXPIRED_TOKEN_MESSAGE )
		);
	} );
} );
