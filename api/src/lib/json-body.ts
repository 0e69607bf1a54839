import type { FastifyInstance } from 'fastify';

/**
 * Reads `application/json` bodies with Fastify's own parser (prototype-poisoning checks included) but takes an
 * empty one as no body. The browser's client (`@wordpress/api-fetch`, httpV1) sends a DELETE as a POST with
 * `X-HTTP-Method-Override: DELETE` and `Content-Type: application/json` even when it has nothing to send, which
 * Fastify's default parser refuses before the contract is asked whether the call takes a body at all.
 *
 * @param app
 */
export function acceptEmptyJsonBodies( app: FastifyInstance ): void {
	const parseJson = app.getDefaultJsonParser( 'error', 'error' );
	app.removeContentTypeParser( 'application/json' );
	app.addContentTypeParser(
		'application/json',
		{ parseAs: 'string' },
		( request, body, done ) => {
			// `parseAs: 'string'` hands a string; the type admits a Buffer for other settings.
			const text =
				typeof body === 'string' ? body : body.toString( 'utf8' );
			if ( text === '' ) {
				done( null, undefined );
				return;
			}
			parseJson( request, text, done );
		}
	);
}
