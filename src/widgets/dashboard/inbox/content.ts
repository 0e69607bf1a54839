import { inflateSync, strFromU8, strToU8 } from 'fflate';

import { createRichTextPurifier, richTextConfig } from '../../../lib/rich-text';

/** Whose values fill a popup's placeholders. */
export interface PopupProfile {
	id: number;
	name: string;
	surname: string;
}

const PLACEHOLDER = /{{\s*(name|surname|id)\s*}}/g;

const HTML_ESCAPES: Record< string, string > = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

const escapeHtml = ( text: string ) =>
	text.replace( /[&<>"']/g, ( character ) => HTML_ESCAPES[ character ] );

function fillPlaceholders(
	text: string,
	profile: PopupProfile,
	escape: ( value: string ) => string
): string {
	return text.replace( PLACEHOLDER, ( _placeholder, field ) =>
		escape( String( profile[ field as keyof PopupProfile ] ?? '' ) )
	);
}

/**
 * Popup texts travel as base64 of a raw DEFLATE stream (RFC 1951, no zlib header) of UTF-8. Throws on
 * anything else.
 *
 * @param encoded The text as the API sends it; the URL-safe alphabet is accepted too.
 */
export function inflateBase64( encoded: string ): string {
	const binary = atob(
		encoded.trim().replace( /-/g, '+' ).replace( /_/g, '/' )
	);
	return strFromU8( inflateSync( strToU8( binary, true ) ) );
}

const SANITIZE_CONFIG = richTextConfig( { headingOne: true } );

/** Images load only from web addresses and inline image data. */
const IMAGE_SOURCE = /^(?:https?:\/\/|data:image\/)/i;

let purifier: ReturnType< typeof createRichTextPurifier > | null = null;

/**
 * A popup's body ready for `dangerouslySetInnerHTML`: decoded, placeholders filled with the tester's values
 * (escaped, they are text), then sanitised. `null` when the data cannot be decoded.
 *
 * @param encoded The `content` the API sent.
 * @param profile The tester.
 */
export function renderPopupContent(
	encoded: string,
	profile: PopupProfile
): string | null {
	let html: string;
	try {
		html = inflateBase64( encoded );
	} catch {
		return null;
	}
	purifier ??= createRichTextPurifier( IMAGE_SOURCE );
	return purifier.sanitize(
		fillPlaceholders( html, profile, escapeHtml ),
		SANITIZE_CONFIG
	);
}

/**
 * A popup's title as plain text (the API stores titles as they are; only the content is compressed), its
 * placeholders filled. React escapes it when it renders.
 *
 * @param title   The `title` the API sent.
 * @param profile The tester.
 */
export function renderPopupTitle(
	title: string,
	profile: PopupProfile
): string {
	return fillPlaceholders( title.trim(), profile, ( value ) => value );
}
