import { createHmac } from 'node:crypto';

/**
 * An email-confirmation token as WordPress mints it (docs in api/openapi.yaml, confirmMyEmail), built here from
 * the contract rather than with the API's own code, with the knobs to make it wrong.
 */
export function confirmationToken( {
	secret,
	purpose = 'email-confirmation',
	payload,
	sub,
	email,
	exp,
}: {
	secret: string;
	/** Derive the key for another purpose, e.g. "jwt". */
	purpose?: string;
	/** An already encoded first part, instead of sub, email and exp. */
	payload?: string;
	sub?: string;
	email?: string;
	exp?: number;
} ): string {
	const key = createHmac( 'sha256', secret )
		.update( `crowdscout:${ purpose }` )
		.digest();
	const first =
		payload ??
		Buffer.from( JSON.stringify( { sub, email, exp } ) ).toString(
			'base64url'
		);
	const signature = createHmac( 'sha256', key )
		.update( first )
		.digest( 'base64url' );
	return `${ first }.${ signature }`;
}
