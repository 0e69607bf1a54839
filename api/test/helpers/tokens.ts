import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * Tokens as WordPress mints them (docs/contracts.md), built here from the contract rather than with the API's
 * own token service, plus the knobs to make them wrong in every way a test needs.
 */
export interface TokenOptions {
	secret: string;
	sub: string | number;
	role?: string;
	/** Seconds from now; negative for an expired token. */
	expiresIn?: number;
	/** Seconds from now (negative in the past); by default the lifetime is 15 minutes, ending at `expiresIn`. */
	issuedIn?: number;
	issuer?: string;
	audience?: string;
	/** Derive the key for another purpose, e.g. "internal", to show keys are not interchangeable. */
	purpose?: string;
}

export async function mintToken( {
	secret,
	sub,
	role = 'tester',
	expiresIn = 900,
	issuedIn = Math.min( 0, expiresIn - 900 ),
	issuer = 'crowdscout',
	audience = 'crowdscout-api',
	purpose = 'jwt',
}: TokenOptions ): Promise< string > {
	const key = createHmac( 'sha256', secret )
		.update( `crowdscout:${ purpose }` )
		.digest();
	const now = Math.floor( Date.now() / 1000 );
	return new SignJWT( { role } )
		.setProtectedHeader( { alg: 'HS256', typ: 'JWT' } )
		.setIssuer( issuer )
		.setAudience( audience )
		.setSubject( String( sub ) )
		.setIssuedAt( now + issuedIn )
		.setExpirationTime( now + expiresIn )
		.sign( key );
}
