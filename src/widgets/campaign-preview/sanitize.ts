import { createRichTextPurifier, richTextConfig } from '../../lib/rich-text';

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

/** The page has its own h1 (the campaign's heading); the block marker is the one data attribute kept. */
const SANITIZE_CONFIG = richTextConfig( { attributes: [ BLOCK_ATTRIBUTE ] } );

/** Images load only from web addresses. */
const IMAGE_SOURCE = /^https?:\/\//i;

let purifier: ReturnType< typeof createRichTextPurifier > | null = null;

/** The shared rich-text purifier, whose block marker keeps only the three known blocks. */
function getPurifier() {
	if ( ! purifier ) {
		purifier = createRichTextPurifier( IMAGE_SOURCE );
		purifier.addHook( 'uponSanitizeAttribute', ( _node, data ) => {
			if (
				data.attrName === BLOCK_ATTRIBUTE &&
				! isContentBlock( data.attrValue )
			) {
				data.keepAttr = false;
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
