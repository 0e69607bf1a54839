import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How a popup's body is stored and sent (spec: "compressed, base64 encoded"): base64 of a raw DEFLATE stream
 * (RFC 1951, no zlib or gzip header) of UTF-8 HTML. The inbox (src/widgets/dashboard/inbox/content.ts) inflates
 * it with fflate, fills the placeholders POPUP_PLACEHOLDERS in and sanitises it. The seed and the back office
 * write it with encodePopupContent; the back office reads it back with decodePopupContent.
 */

/** The placeholders the inbox fills in from the tester's profile, exactly as they are written in a popup. */
export const POPUP_PLACEHOLDERS = [
	'{{name}}',
	'{{surname}}',
	'{{id}}',
] as const;

/**
 * The stored form of a popup's HTML.
 *
 * @param html
 */
export function encodePopupContent( html: string ): string {
	return deflateRawSync( Buffer.from( html, 'utf8' ) ).toString( 'base64' );
}

/**
 * A popup's HTML from its stored form. Throws when it is not base64 of raw DEFLATE.
 *
 * @param encoded The stored text; the URL-safe alphabet is accepted too, as the inbox accepts it.
 */
export function decodePopupContent( encoded: string ): string {
	return inflateRawSync(
		Buffer.from(
			encoded.trim().replace( /-/g, '+' ).replace( /_/g, '/' ),
			'base64'
		)
	).toString( 'utf8' );
}
