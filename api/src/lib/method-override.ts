import type { IncomingMessage } from 'node:http';

const OVERRIDABLE = new Set( [ 'PUT', 'PATCH', 'DELETE' ] );

/**
 * The httpV1 middleware of `@wordpress/api-fetch` sends PUT, PATCH and DELETE as POST with the real method
 * in `X-HTTP-Method-Override`, for hosts that block those verbs. The method must change before routing, and
 * Fastify's only pre-routing hook is `rewriteUrl`, which sees the raw request for served and injected requests
 * alike; so the app calls this from there.
 *
 * @param request
 */
export function applyMethodOverride( request: IncomingMessage ): void {
	const header = request.headers[ 'x-http-method-override' ];
	const override = ( Array.isArray( header ) ? header[ 0 ] : header )
		?.trim()
		.toUpperCase();
	if (
		request.method === 'POST' &&
		override &&
		OVERRIDABLE.has( override )
	) {
		request.method = override;
	}
}
