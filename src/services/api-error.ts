/** Every failed call, API or ajax, reaches components in this one shape. */
export interface ApiError {
	/** HTTP status; 0 when no answer arrived (offline, aborted, unreadable). */
	status: number;
	/** The server's own sentence when it sent one, otherwise the spec's fallback. */
	message: string;
}

/** The spec's "API failure fallback". */
export const FALLBACK_MESSAGE = 'Something went wrong';

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null;

/**
 * api-fetch with `parse: false` rejects with the Response itself on a non-2xx status. Duck-typed rather
 * than `instanceof Response` because polyfilled or cross-realm responses are not instances of this
 * window's class.
 *
 * @param value Anything a request rejected with.
 */
export function isResponse( value: unknown ): value is Response {
	return (
		isObject( value ) &&
		typeof value.status === 'number' &&
		typeof value.text === 'function'
	);
}

export function isApiError( value: unknown ): value is ApiError {
	return (
		isObject( value ) &&
		typeof value.status === 'number' &&
		typeof value.message === 'string' &&
		! isResponse( value )
	);
}

/**
 * Reads a body that should be JSON without ever throwing: APIs behind proxies answer HTML error pages too.
 *
 * @param response The answer.
 */
export async function readJsonBody( response: Response ): Promise< unknown > {
	try {
		const text = await response.text();
		return text === '' ? null : JSON.parse( text );
	} catch {
		return undefined;
	}
}

/**
 * The API sends `message` (docs/contracts.md); the spec also names an `err` field. The ajax layer nests
 * its message under `data`.
 *
 * @param body A parsed error body.
 */
export function messageFromBody( body: unknown ): string | null {
	if ( ! isObject( body ) ) {
		return null;
	}
	for ( const candidate of [
		body.message,
		body.err,
		isObject( body.data ) ? body.data.message : undefined,
	] ) {
		if ( typeof candidate === 'string' && candidate.trim() !== '' ) {
			return candidate;
		}
	}
	return null;
}

/**
 * Normalises whatever a request rejected with: a Response (HTTP error), api-fetch's `{code, message}`
 * (network failure), an AbortError or anything else.
 *
 * @param thrown The rejection value.
 */
export async function toApiError( thrown: unknown ): Promise< ApiError > {
	if ( isApiError( thrown ) ) {
		return thrown;
	}
	if ( isResponse( thrown ) ) {
		const body = await readJsonBody( thrown );
		return {
			status: thrown.status,
			message: messageFromBody( body ) ?? FALLBACK_MESSAGE,
		};
	}
	return { status: 0, message: FALLBACK_MESSAGE };
}
