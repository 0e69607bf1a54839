import DOMPurify, { type Config } from 'dompurify';

/** The special blocks a campaign's content may hold, which the page fills in (api/openapi.yaml, CampaignPreview). */
export const CONTENT_BLOCKS = [
	'payout',
	'bug-types',
	'how-to-apply',
] as const;
export type ContentBlock = ( typeof CONTENT_BLOCKS )[ number ];

export const BLOCK_ATTRIBUTE = 'data-crowdscout-block';

export const isContentBlock = ( value: unknown ): value is ContentBlock =>
	( CONTENT_BLOCKS as readonly unknown[] ).includes( value );

/**
 * Rich text only: nothing that runs code, loads a document or posts data is in the list, and no attribute can
 * carry an event handler because only these attributes survive. The block marker is the one data attribute kept.
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
		BLOCK_ATTRIBUTE,
	],
	// Belt and braces: the allow-list already leaves these out. The page has its own h1 (the campaign's
	// heading), so a heading 1 in the content loses its tag and keeps its text.
	FORBID_TAGS: [ 'script', 'style', 'iframe', 'object', 'embed', 'form' ],
	ALLOW_DATA_ATTR: false,
	// Web and mail links, and addresses on this site (relative ones): never `javascript:` or `data:`.
	ALLOWED_URI_REGEXP:
		/^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const IMAGE_SOURCE = /^https?:\/\//i;

let purifier: ReturnType< typeof DOMPurify > | null = null;

/**
 * Our own DOMPurify instance, so its hooks never touch another user of the library on the page. Links open in a
 * new tab, so the preview stays where it was, with `noopener noreferrer`; images load only from web addresses;
 * the block marker keeps only the three known blocks.
 */
function getPurifier() {
	if ( ! purifier ) {
		purifier = DOMPurify( window );
		purifier.addHook( 'uponSanitizeAttribute', ( _node, data ) => {
			if (
				data.attrName === BLOCK_ATTRIBUTE &&
				! isContentBlock( data.attrValue )
			) {
				data.keepAttr = false;
			}
		} );
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
 * A campaign's content ready for `dangerouslySetInnerHTML`: scripts, event handlers, frames, forms and
 * `javascript:` links are gone.
 *
 * @param html The content as the API answers it (as stored).
 */
export function sanitizeContent( html: string ): string {
	return getPurifier().sanitize( html, SANITIZE_CONFIG );
}
