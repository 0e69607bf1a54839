import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveEmailConfirmationKey } from '../../lib/keys.ts';

/**
 * The email-confirmation link's token, minted by WordPress (`mcoptin`, plugin/includes/class-email-confirmation.php)
 * and checked here: `base64url(JSON {sub, email, exp}) + "." + base64url(HMAC-SHA256(key, first part))`, the key
 * derived from the shared secret for this purpose only. `sub` is the WordPress user id as a string (as in bearer
 * tokens), `email` the address it was sent to (trimmed, lower case), `exp` seconds since the epoch.
 */
export interface EmailConfirmationClaims {
	sub: string;
	email: string;
	exp: number;
}

/** How long a link works: WordPress mints with this lifetime. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 48 * 3600;

export type EmailConfirmationTokens = ReturnType<
	typeof createEmailConfirmationTokens
>;

const encode = ( bytes: Buffer | string ) =>
	Buffer.from( bytes ).toString( 'base64url' );

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function isClaims( value: unknown ): value is EmailConfirmationClaims {
	const claims = value as Partial< EmailConfirmationClaims > | null;
	return (
		typeof claims === 'object' &&
		claims !== null &&
		typeof claims.sub === 'string' &&
		/^[1-9][0-9]*$/.test( claims.sub ) &&
		typeof claims.email === 'string' &&
		claims.email !== '' &&
		typeof claims.exp === 'number' &&
		Number.isInteger( claims.exp )
	);
}

export function createEmailConfirmationTokens( secret: string ) {
	const key = deriveEmailConfirmationKey( secret );
	const sign = ( payload: string ) =>
		createHmac( 'sha256', key ).update( payload ).digest();

	return {
		/**
		 * What WordPress sends; here for tests and tools, the product mints in PHP.
		 *
		 * @param claims
		 */
		mint( claims: EmailConfirmationClaims ): string {
			const payload = encode(
				JSON.stringify( {
					sub: claims.sub,
					email: claims.email,
					exp: claims.exp,
				} )
			);
			return `${ payload }.${ encode( sign( payload ) ) }`;
		},

		/**
		 * The token's claims when its signature is ours (compared in constant time) and it has not expired; null
		 * for anything else. Whose and which address it is the caller checks.
		 *
		 * @param token
		 * @param now
		 */
		verify(
			token: string,
			now: Date = new Date()
		): EmailConfirmationClaims | null {
			const [ payload, signature, ...rest ] = token.split( '.' );
			if (
				rest.length > 0 ||
				! payload ||
				! signature ||
				! BASE64URL.test( payload ) ||
				! BASE64URL.test( signature )
			) {
				return null;
			}
			const expected = sign( payload );
			const given = Buffer.from( signature, 'base64url' );
			if (
				given.length !== expected.length ||
				! timingSafeEqual( given, expected )
			) {
				return null;
			}
			let claims: unknown;
			try {
				claims = JSON.parse(
					Buffer.from( payload, 'base64url' ).toString( 'utf8' )
				);
			} catch {
				return null;
			}
			if (
				! isClaims( claims ) ||
				claims.exp <= Math.floor( now.getTime() / 1000 )
			) {
				return null;
			}
			return claims;
		},
	};
}
