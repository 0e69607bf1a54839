import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../lib/keys.ts';

/**
 * Signed URLs of stored files: GET /media/{key}?expires=…&signature=… answers only while the URL is unexpired and
 * its signature is the HMAC-SHA256 of the key and the expiry under a key derived from the shared secret (no
 * default secret: config.ts refuses to start without one). The signature is the permission, as an `<img>` cannot
 * send a bearer token; whoever may see a file is decided when the URL is made (the bug's own page: its tester).
 */

/** How long a URL works: a few minutes, enough to open the page and start a video. */
export const MEDIA_URL_SECONDS = 300;

/**
 * Expiries are rounded up to the minute, so a page read again within it gets the same URLs and the browser's
 * cached files; a URL then works from MEDIA_URL_SECONDS to a minute more.
 */
const EXPIRY_STEP_SECONDS = 60;

/** Where the API serves stored files (openapi.yaml: servers `/api`, path `/media/{key}`). */
export const MEDIA_PATH = '/api/media/';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export interface MediaUrls {
	/**
	 * The signed URL of a file, relative to the site.
	 *
	 * @param key A storage key.
	 * @param now Milliseconds since 1970; the clock by default.
	 */
	url: ( key: string, now?: number ) => string;
	/**
	 * Whether a URL's parts are the API's own and unexpired: the signature is checked first, in constant time.
	 *
	 * @param key
	 * @param expires   Seconds since 1970, from the URL.
	 * @param signature From the URL.
	 * @param now       Milliseconds since 1970; the clock by default.
	 */
	check: (
		key: string,
		expires: number,
		signature: string,
		now?: number
	) => SignatureCheck;
}

/**
 * @param secret     The shared secret (AppConfig.secret).
 * @param ttlSeconds How long a URL works, before rounding.
 */
export function createMediaUrls(
	secret: string,
	ttlSeconds: number = MEDIA_URL_SECONDS
): MediaUrls {
	const key = deriveKey( secret, 'media' );
	const sign = ( storageKey: string, expires: number ) =>
		createHmac( 'sha256', key )
			.update( `${ storageKey }\n${ expires }` )
			.digest();

	return {
		url( storageKey, now = Date.now() ) {
			const expires =
				Math.ceil(
					( Math.floor( now / 1000 ) + ttlSeconds ) /
						EXPIRY_STEP_SECONDS
				) * EXPIRY_STEP_SECONDS;
			const signature = sign( storageKey, expires ).toString(
				'base64url'
			);
			return `${ MEDIA_PATH }${ storageKey }?expires=${ expires }&signature=${ signature }`;
		},

		check( storageKey, expires, signature, now = Date.now() ) {
			const expected = sign( storageKey, expires );
			const given = Buffer.from( signature, 'base64url' );
			// base64url decoding skips what is not base64url: only the exact spelling is accepted.
			if (
				given.length !== expected.length ||
				given.toString( 'base64url' ) !== signature ||
				! timingSafeEqual( given, expected )
			) {
				return 'invalid';
			}
			return expires * 1000 > now ? 'valid' : 'expired';
		},
	};
}
