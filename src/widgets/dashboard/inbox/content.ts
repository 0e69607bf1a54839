import DOMPurify, { type Config } from 'dompurify';
import { inflateSync, strFromU8, strToU8 } from 'fflate';

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

/**
 * Rich text only. Anything that runs code, loads a document or posts data is not in the list, and no
 * attribute can carry an event handler because only these attributes survive.
 */
const SANITIZE_CONFIG: Config = {
	ALLOWED_TAGS: [
		'h1',
		'h2',
		'h3',
		'h4',
		'h5',
		'h6',
		'p',
		'br',
		'hr',
		'strong',
		'b',
		'em',
		'i',
		'u',
		's',
		'small',
		'sub',
		'sup',
		'mark',
		'span',
		'div',
		'blockquote',
		'pre',
		'code',
		'ul',
		'ol',
		'li',
		'a',
		'img',
		'figure',
		'figcaption',
		'table',
		'caption',
		'thead',
		'tbody',
		'tfoot',
		'tr',
		'th',
		'td',
	],
	ALLOWED_ATTR: [
		'href',
		'title',
		'src',
		'alt',
		'width',
		'height',
		'colspan',
		'rowspan',
		'scope',
	],
	// Belt and braces: the allow-list already leaves these out.
	FORBID_TAGS: [ 'script', 'style', 'iframe', 'object', 'embed', 'form' ],
	ALLOW_DATA_ATTR: false,
	// Web and mail links, and addresses on this site (relative ones).
	ALLOWED_URI_REGEXP:
		/^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const IMAGE_SOURCE = /^(?:https?:\/\/|data:image\/)/i;

let purifier: ReturnType< typeof DOMPurify > | null = null;

/**
 * Our own DOMPurify instance, so the hooks below never touch another user of the library on the page.
 * Links open in a new tab, so following one leaves the dashboard and its messages where they were; they get
 * `noopener noreferrer` so the opened page cannot reach back into this one.
 */
function getPurifier() {
	if ( ! purifier ) {
		purifier = DOMPurify( window );
		purifier.addHook( 'afterSanitizeAttributes', ( node ) => {
			if ( node.tagName === 'A' && node.hasAttribute( 'href' ) ) {
				node.setAttribute( 'target', '_blank' );
				node.setAttribute( 'rel', 'noopener noreferrer' );
			}
			if (
				node.tagName === 'IMG' &&
				! IMAGE_SOURCE.test( node.getAttribute( 'src' ) ?? '' )
			) {
				node.removeAttribute( 'src' );
			}
		} );
	}
	return purifier;
}

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
	return getPurifier().sanitize(
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
