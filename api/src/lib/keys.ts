import { createHmac } from 'node:crypto';

/**
 * The keys derived from the shared secret (docs/contracts.md), one per purpose, so that a bearer token can never
 * pass for a channel signature or an email-confirmation link, nor the other way round. WordPress derives the same
 * keys (plugin/includes/class-keys.php).
 */
export type KeyPurpose =
	| 'jwt'
	| 'internal'
	| 'email-confirmation'
	// The signed URLs of stored files (storage/signed-url.ts): the API's own, WordPress never signs one.
	| 'media'
	// The tokens of bugs' public views (features/bugs/public-token.ts); WordPress derives the same key.
	| 'public-bug';

export function deriveKey( secret: string, purpose: KeyPurpose ): Buffer {
	return createHmac( 'sha256', secret )
		.update( `crowdscout:${ purpose }` )
		.digest();
}

export const deriveJwtKey = ( secret: string ) => deriveKey( secret, 'jwt' );
export const deriveChannelKey = ( secret: string ) =>
	deriveKey( secret, 'internal' );
export const deriveEmailConfirmationKey = ( secret: string ) =>
	deriveKey( secret, 'email-confirmation' );
