import { createHash, createHmac, randomBytes } from 'node:crypto';
import { deriveChannelKey } from './keys.ts';

/**
 * Signing of the internal channel (API → WordPress), exactly as docs/contracts.md states it. Pure apart from
 * the default timestamp and nonce, so WordPress-side tests can forge valid, stale, replayed and tampered
 * requests with the same code the API uses.
 */

/** Either the shared secret or the channel key already derived from it. */
export type KeyMaterial = { secret: string } | { channelKey: Uint8Array };

export interface InternalRequestHeaders {
	'X-Crowdscout-Timestamp': string;
	'X-Crowdscout-Nonce': string;
	'X-Crowdscout-Signature': string;
}

export const CHANNEL_NAMESPACE = '/crowdscout/v1';

function channelKey( key: KeyMaterial ): Uint8Array {
	return 'secret' in key ? deriveChannelKey( key.secret ) : key.channelKey;
}

export function sha256Hex( body: string | Uint8Array ): string {
	return createHash( 'sha256' ).update( body ).digest( 'hex' );
}

/** `METHOD\nROUTE\nTIMESTAMP\nNONCE\nsha256hex(body)`. */
export function stringToSign(
	method: string,
	route: string,
	timestamp: number | string,
	nonce: string,
	body: string | Uint8Array
): string {
	return [
		method.toUpperCase(),
		route,
		String( timestamp ),
		nonce,
		sha256Hex( body ),
	].join( '\n' );
}

export function newNonce(): string {
	return randomBytes( 16 ).toString( 'hex' );
}

/**
 * Headers that authenticate one request on the internal channel.
 *
 * @param key       The shared secret or the derived channel key.
 * @param method    HTTP method.
 * @param route     WordPress REST route, e.g. `/crowdscout/v1/internal/users` (no `/wp-json`, no query).
 * @param body      The exact bytes sent; empty for GET and DELETE.
 * @param timestamp Unix seconds; now by default.
 * @param nonce     32 hex characters; random by default.
 */
export function signInternalRequest(
	key: KeyMaterial,
	method: string,
	route: string,
	body: string | Uint8Array = '',
	timestamp: number = Math.floor( Date.now() / 1000 ),
	nonce: string = newNonce()
): InternalRequestHeaders {
	if (
		! route.startsWith( '/' ) ||
		route.includes( '?' ) ||
		route.startsWith( '/wp-json' )
	) {
		throw new Error(
			`The signed route must be a bare REST route like /crowdscout/v1/…, not "${ route }"`
		);
	}
	const signature = createHmac( 'sha256', channelKey( key ) )
		.update( stringToSign( method, route, timestamp, nonce, body ) )
		.digest( 'hex' );
	return {
		'X-Crowdscout-Timestamp': String( timestamp ),
		'X-Crowdscout-Nonce': nonce,
		'X-Crowdscout-Signature': signature,
	};
}
