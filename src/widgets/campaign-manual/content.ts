import DOMPurify, { type Config } from 'dompurify';

/**
 * Rich text only: what runs code, loads a document or posts data is not in the list, and no attribute can carry
 * an event handler because only these attributes survive. Links keep web, mail and phone addresses and addresses
 * on this site, so `javascript:` links lose their target.
 */
const SANITIZE_CONFIG: Config = {
	ALLOWED_TAGS: [
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
		'dl',
		'dt',
		'dd',
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
	FORBID_TAGS: [ 'script', 'style', 'iframe', 'object', 'embed', 'form' ],
	ALLOW_DATA_ATTR: false,
	ALLOWED_URI_REGEXP:
		/^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const IMAGE_SOURCE = /^(?:https?:\/\/|\/(?!\/))/i;

let purifier: ReturnType< typeof DOMPurify > | null = null;

/**
 * The widget's own DOMPurify instance, so its hooks never touch another user of the library on the page. Links
 * open in a new tab, so following one leaves the manual where it was, with `noopener noreferrer` so the opened
 * page cannot reach back; images load only from web addresses.
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
 * Campaign HTML (the manual, a task's instructions) as the API stores it, made safe for
 * `dangerouslySetInnerHTML`. The page has its own `h1`, so the content's headings start at `h2` (an `h1` keeps
 * its text as a paragraph-level block).
 *
 * @param html The stored HTML.
 */
export function sanitizeContent( html: string ): string {
	return getPurifier().sanitize(
		html.replace( /<(\/?)h1\b/gi, '<$1h2' ),
		SANITIZE_CONFIG
	);
}
