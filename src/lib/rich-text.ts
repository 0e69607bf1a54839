import DOMPurify, { type Config } from 'dompurify';

/**
 * Rich text only: nothing that runs code, loads a document or posts data is in the list, and no attribute can
 * carry an event handler because only these attributes survive.
 */
const TAGS = [
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
];

const ATTRIBUTES = [
	'href',
	'title',
	'src',
	'alt',
	'width',
	'height',
	'colspan',
	'rowspan',
	'scope',
];

/**
 * The DOMPurify settings for HTML written by people in the back office (popups, campaign pages).
 *
 * @param options
 * @param options.headingOne Whether an `h1` is kept: not on a page that has its own (it then loses its tag and
 *                           keeps its text).
 * @param options.attributes Attributes kept besides the rich-text ones (a widget's own data marker).
 */
export function richTextConfig( {
	headingOne = false,
	attributes = [],
}: { headingOne?: boolean; attributes?: string[] } = {} ): Config {
	return {
		ALLOWED_TAGS: headingOne ? [ 'h1', ...TAGS ] : TAGS,
		ALLOWED_ATTR: [ ...ATTRIBUTES, ...attributes ],
		// Belt and braces: the allow-list already leaves these out.
		FORBID_TAGS: [ 'script', 'style', 'iframe', 'object', 'embed', 'form' ],
		ALLOW_DATA_ATTR: false,
		// Web, mail and phone links, and addresses on this site (relative ones): never `javascript:` or `data:`.
		ALLOWED_URI_REGEXP:
			/^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
	};
}

/**
 * A DOMPurify instance of one widget's own, so its hooks never touch another user of the library on the page.
 * Links open in a new tab, so following one leaves the page where it was, with `noopener noreferrer` so the
 * opened page cannot reach back; images load only from the sources `imageSource` accepts.
 *
 * @param imageSource The `src` values an image keeps.
 */
export function createRichTextPurifier( imageSource: RegExp ) {
	const purifier = DOMPurify( window );
	purifier.addHook( 'afterSanitizeAttributes', ( node ) => {
		if ( node.tagName === 'A' && node.hasAttribute( 'href' ) ) {
			node.setAttribute( 'target', '_blank' );
			node.setAttribute( 'rel', 'noopener noreferrer' );
		}
		if (
			node.tagName === 'IMG' &&
			! imageSource.test( node.getAttribute( 'src' ) ?? '' )
		) {
			node.removeAttribute( 'src' );
		}
	} );
	return purifier;
}
