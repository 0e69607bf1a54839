import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/keys.ts';

/**
 * The token of a bug's public view (/vdp/{id}/{token}): the first 32 characters of the base64url HMAC-SHA256 of
 * `bug:{id}` under a key derived from the shared secret for this purpose alone (WordPress: Keys::derive($secret,
 * 'public-bug')). Unguessable without the secret, the same for a bug every time (a shared link keeps working),
 * checked in constant time.
 */

export const PUBLIC_TOKEN_LENGTH = 32;

export interface PublicBugTokens {
	tokenOf: ( bugId: number ) => string;
	/** Whether `token` is the bug's, compared in constant time. */
	check: ( bugId: number, token: string ) => boolean;
}

/**
 * @param secret The shared secret (AppConfig.secret).
 */
export function createPublicBugTokens( secret: string ): PublicBugTokens {
	const key = deriveKey( secret, 'public-bug' );
	const tokenOf = ( bugId: number ) =>
		createHmac( 'sha256', key )
			.update( `bug:${ bugId }` )
			.digest( 'base64url' )
			.slice( 0, PUBLIC_TOKEN_LENGTH );
	return {
		tokenOf,
		check( bugId, token ) {
			const expected = Buffer.from( tokenOf( bugId ) );
			const given = Buffer.from( token );
			return (
				given.length === expected.length &&
				timingSafeEqual( given, expected )
			);
		},
	};
}
