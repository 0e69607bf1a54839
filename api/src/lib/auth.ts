import type { FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { forbidden, unauthorized } from './errors.ts';
import { deriveJwtKey } from './keys.ts';

/** Claims of every bearer token, whoever minted it (docs/contracts.md). */
export const TOKEN_ISSUER = 'crowdscout';
export const TOKEN_AUDIENCE = 'crowdscout-api';
export const TOKEN_TTL_SECONDS = 900;

export const MISSING_TOKEN_MESSAGE =
	'Authentication required: send a bearer token in the Authorization header.';
export const INVALID_TOKEN_MESSAGE = 'Invalid token.';
export const EXPIRED_TOKEN_MESSAGE = 'Token expired';
export const NO_TESTER_MESSAGE = 'This account has no tester profile.';

export interface TokenClaims {
	/** WordPress user id. */
	sub: string;
	/** Primary WordPress role ("" when none). */
	role: string;
}

export interface IssuedToken {
	token: string;
	/** ISO 8601. */
	expiresAt: string;
}

/**
 * What an authenticated request knows about its caller: the token's claims, checked. The caller's tester is
 * read fresh by the handler, either in full (`requireTester`) or inside the statement that answers the request,
 * keyed by `wpUserId`: a read of its own would cost every request a round trip to the database.
 */
export interface AuthContext {
	claims: TokenClaims;
	/** The token's WordPress user (`sub`), the only identity a route may act on. */
	wpUserId: number;
	/** When the token was issued (`iat`), in seconds: a password change refuses the tokens issued before it. */
	issuedAt: number;
}

/** A token whose signature and claims were checked. */
export interface VerifiedToken {
	claims: TokenClaims;
	/** `iat`, in seconds. */
	issuedAt: number;
}

export type TokenService = ReturnType< typeof createTokenService >;

/** Seconds of clock drift allowed between WordPress and the API. */
const CLOCK_TOLERANCE = 5;
/** Tokens whose signature was checked, kept until they expire (a client reuses its token for 15 minutes). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService( secret: string ) {
	const key = deriveJwtKey( secret );
	// A token's claims cannot change: once its signature and claims are checked, only its expiry is left to
	// check on the next request with it. The oldest entries leave when the cache is full.
	const verified = new Map<
		string,
		{ claims: TokenClaims; iat: number; exp: number }
	>();

	/**
	 * @param token
	 * @throws HttpError 401 when the token has expired (the client refreshes it), 403 for anything else.
	 */
	async function inspect( token: string ): Promise< VerifiedToken > {
		const known = verified.get( token );
		if ( known && Date.now() / 1000 <= known.exp + CLOCK_TOLERANCE ) {
			return { claims: known.claims, issuedAt: known.iat };
		}
		let payload;
		try {
			( { payload } = await jwtVerify( token, key, {
				algorithms: [ 'HS256' ],
				issuer: TOKEN_ISSUER,
				audience: TOKEN_AUDIENCE,
				requiredClaims: [ 'sub', 'iat', 'exp' ],
				// WordPress and the API may sit on different hosts whose clocks drift a little.
				clockTolerance: CLOCK_TOLERANCE,
				// Also refuses an `iat` in the future (beyond the tolerance): a token cannot be minted ahead.
				maxTokenAge: TOKEN_TTL_SECONDS,
			} ) );
		} catch ( error ) {
			// jose checks the signature before the claims, so only a genuine token can be reported expired.
			if ( error instanceof joseErrors.JWTExpired ) {
				throw unauthorized( EXPIRED_TOKEN_MESSAGE );
			}
			throw forbidden( INVALID_TOKEN_MESSAGE );
		}
		// Tokens live 15 minutes (docs/contracts.md): one signed for longer is refused, whoever signed it.
		if (
			typeof payload.sub !== 'string' ||
			! /^[1-9]\d{0,18}$/.test( payload.sub ) ||
			payload.exp! - payload.iat! > TOKEN_TTL_SECONDS + CLOCK_TOLERANCE
		) {
			throw forbidden( INVALID_TOKEN_MESSAGE );
		}
		const claims = {
			sub: payload.sub,
			role: typeof payload.role === 'string' ? payload.role : '',
		};
		if ( verified.size >= VERIFIED_CACHE_SIZE ) {
			verified.delete( verified.keys().next().value! );
		}
		verified.set( token, { claims, iat: payload.iat!, exp: payload.exp! } );
		return { claims, issuedAt: payload.iat! };
	}

	return {
		async mint(
			claims: TokenClaims,
			now: Date = new Date()
		): Promise< IssuedToken > {
			const issuedAt = Math.floor( now.getTime() / 1000 );
			const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
			const token = await new SignJWT( { role: claims.role } )
				.setProtectedHeader( { alg: 'HS256', typ: 'JWT' } )
				.setIssuer( TOKEN_ISSUER )
				.setAudience( TOKEN_AUDIENCE )
				.setSubject( claims.sub )
				.setIssuedAt( issuedAt )
				.setExpirationTime( expiresAt )
				.sign( key );
			return {
				token,
				expiresAt: new Date( expiresAt * 1000 ).toISOString(),
			};
		},

		/** The token's claims and when it was issued (see `inspect`). */
		inspect,

		/**
		 * @param token
		 * @throws HttpError 401 when the token has expired (the client refreshes it), 403 for anything else.
		 */
		async verify( token: string ): Promise< TokenClaims > {
			return ( await inspect( token ) ).claims;
		},
	};
}

function bearerToken( header: string | undefined ): string {
	if ( ! header ) {
		throw forbidden( MISSING_TOKEN_MESSAGE );
	}
	const match = /^Bearer\s+(\S+)\s*$/i.exec( header );
	if ( ! match ) {
		throw forbidden( INVALID_TOKEN_MESSAGE );
	}
	return match[ 1 ];
}

/**
 * The onRequest hook of every operation the contract secures with bearerAuth: it runs before the body is even
 * read, checks the token and leaves its claims on `request.auth`.
 *
 * @param tokens
 */
export function createAuthenticateHook( tokens: TokenService ) {
	return async function authenticate(
		request: FastifyRequest
	): Promise< void > {
		const { claims, issuedAt } = await tokens.inspect(
			bearerToken( request.headers.authorization )
		);
		request.auth = { claims, wpUserId: Number( claims.sub ), issuedAt };
	};
}

/** The caller of a secured operation; throws if a route forgot to declare its security in the contract. */
export function requireAuth( request: FastifyRequest ): AuthContext {
	if ( ! request.auth ) {
		throw new Error(
			`${ request.method } ${ request.url } reached its handler without authentication`
		);
	}
	return request.auth;
}

/**
 * Refuses a token issued before the tester's sessions were ended (a password change, `sessions_valid_from`) with
 * the 401 of an expired token, so the client refreshes it; the refresh fails, as WordPress ended its session too.
 * The instant comes with the tester row the request reads anyway: no query of its own.
 *
 * @param auth
 * @param sessionsValidFrom ISO 8601 (whole seconds), null when no session was ever ended.
 * @throws HttpError 401 'Token expired'.
 */
export function requireLiveSession(
	auth: AuthContext,
	sessionsValidFrom: string | null
): void {
	if (
		sessionsValidFrom !== null &&
		auth.issuedAt * 1000 < Date.parse( sessionsValidFrom )
	) {
		throw unauthorized( EXPIRED_TOKEN_MESSAGE );
	}
}

/** The 403 of a valid token whose WordPress user has no tester profile. */
export const noTester = () => forbidden( NO_TESTER_MESSAGE );

/**
 * The answer of a read that found the tester inside its own statement, which answers undefined when the token's
 * WordPress user has no tester.
 *
 * @param answer
 * @throws HttpError 403 when there is no tester.
 */
export function orNoTester< Answer >( answer: Answer | undefined ): Answer {
	if ( answer === undefined ) {
		throw noTester();
	}
	return answer;
}
