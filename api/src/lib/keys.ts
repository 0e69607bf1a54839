import { createHmac } from 'node:crypto';

/**
 * The two keys derived from the shared secret (docs/contracts.md), kept apart so that a bearer token can never
 * pass for a channel signature, nor the other way round.
 */
export type KeyPurpose = 'jwt' | 'internal';

export function deriveKey( secret: string, purpose: KeyPurpose ): Buffer {
	return createHmac( 'sha256', secret )
		.update( `crowdscout:${ purpose }` )
		.digest();
}

export const deriveJwtKey = ( secret: string ) => deriveKey( secret, 'jwt' );
export const deriveChannelKey = ( secret: string ) =>
	deriveKey( secret, 'internal' );
