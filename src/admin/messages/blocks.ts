import {
	createBlock,
	isUnmodifiedDefaultBlock,
	rawHandler,
	serialize,
	type BlockInstance,
} from '@wordpress/blocks';
import {
	// registerCoreBlocks() takes the list this gives (its default): the one way to register a few core blocks.
	// eslint-disable-next-line @wordpress/no-unsafe-wp-apis
	__experimentalGetCoreBlocks as getCoreBlocks,
	registerCoreBlocks,
} from '@wordpress/block-library';
import { select } from '@wordpress/data';
import {
	store as richTextStore,
	unregisterFormatType,
} from '@wordpress/rich-text';
import '@wordpress/format-library';

/**
 * What a message may be made of: what the inbox shows (src/widgets/dashboard/inbox/content.ts keeps headings,
 * paragraphs, lists, quotes, bold, italic, strikethrough and links, and drops classes and styles). The HTML block
 * is registered but cannot be inserted: it only holds what an older message has that no other block reads.
 */
export const MESSAGE_BLOCKS = [
	'core/paragraph',
	'core/heading',
	'core/list',
	'core/list-item',
	'core/quote',
];
const REGISTERED_BLOCKS = [ ...MESSAGE_BLOCKS, 'core/html' ];
const MESSAGE_FORMATS = [
	'core/bold',
	'core/italic',
	'core/link',
	'core/strikethrough',
];

/** The block editor's settings: nothing the inbox would drop (colours, font sizes, uploads, patterns). */
export const EDITOR_SETTINGS = {
	allowedBlockTypes: MESSAGE_BLOCKS,
	hasFixedToolbar: false,
	colors: [],
	gradients: [],
	fontSizes: [],
	disableCustomColors: true,
	disableCustomGradients: true,
	disableCustomFontSizes: true,
	__experimentalBlockPatterns: [],
	__experimentalBlockPatternCategories: [],
};

/**
 * Registers the message's blocks (and no other core block: the page is not a post) and keeps the formats the
 * inbox shows. Run once, before the editor renders.
 */
export function setUpMessageBlocks(): void {
	// Should a later WordPress drop the list, every core block is registered, and the settings still allow only
	// the message's in the editor.
	registerCoreBlocks(
		getCoreBlocks?.().filter( ( block ) =>
			REGISTERED_BLOCKS.includes( block.name )
		)
	);
	for ( const { name } of select( richTextStore ).getFormatTypes() ) {
		if ( ! MESSAGE_FORMATS.includes( name ) ) {
			unregisterFormatType( name );
		}
	}
}

/**
 * The blocks of a stored message (plain HTML, as the server keeps it), or one empty paragraph to type in.
 *
 * @param html The content field's value.
 */
export function blocksOf( html: string ): BlockInstance[] {
	const blocks = html.trim() === '' ? [] : rawHandler( { HTML: html } );
	return blocks.length > 0 ? blocks : [ createBlock( 'core/paragraph' ) ];
}

/**
 * What the content field sends: the blocks' markup (the server keeps the HTML and drops the block comments), or
 * nothing for an editor left empty.
 *
 * @param blocks The editor's blocks.
 */
export function htmlOf( blocks: BlockInstance[] ): string {
	return blocks.every( isUnmodifiedDefaultBlock ) ? '' : serialize( blocks );
}
