/**
 * The block editor APIs the Messages screen's editor uses (src/admin/message-editor.tsx). Like the widget blocks'
 * (wordpress-editor.d.ts, merged with these), they come from WordPress's own scripts at run time (webpack
 * externals: wp.blockEditor, wp.blocks, wp.blockLibrary, wp.richText, wp.data, wp.components), so they are typed
 * here rather than installed.
 */
declare module '@wordpress/blocks' {
	export interface BlockInstance {
		clientId: string;
		name: string;
		isValid?: boolean;
		attributes: Record< string, unknown >;
		innerBlocks: BlockInstance[];
	}

	export function createBlock(
		name: string,
		attributes?: Record< string, unknown >,
		innerBlocks?: BlockInstance[]
	): BlockInstance;

	/** Blocks from HTML: block markup as it is, plain HTML by the blocks' raw transforms. */
	export function rawHandler( options: { HTML: string } ): BlockInstance[];

	export function serialize( blocks: BlockInstance[] ): string;

	export function isUnmodifiedDefaultBlock( block: BlockInstance ): boolean;
}

declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';
	import type { BlockInstance } from '@wordpress/blocks';

	export interface RichTextSelection {
		clientId?: string;
		attributeKey?: string;
		offset?: number;
	}

	export interface BlockEditorSelectors {
		getBlock( clientId: string ): BlockInstance | null;
		getBlocks(): BlockInstance[];
		getSelectionStart(): RichTextSelection;
		getSelectionEnd(): RichTextSelection;
	}

	export interface BlockEditorActions {
		updateBlockAttributes(
			clientId: string,
			attributes: Record< string, unknown >
		): void;
		insertBlock( block: BlockInstance ): void;
		selectionChange(
			clientId: string,
			attributeKey: string,
			startOffset: number,
			endOffset: number
		): void;
	}

	/** The block editor's data store (`core/block-editor`). */
	export const store: {
		name: 'core/block-editor';
		__selectors?: BlockEditorSelectors;
		__actions?: BlockEditorActions;
	};

	export const BlockEditorProvider: ComponentType< {
		value: BlockInstance[];
		onInput: ( blocks: BlockInstance[] ) => void;
		onChange: ( blocks: BlockInstance[] ) => void;
		settings?: Record< string, unknown >;
		children?: ReactNode;
	} >;
	export const BlockList: ComponentType;
	export const BlockTools: ComponentType< { children?: ReactNode } >;
	export const WritingFlow: ComponentType< { children?: ReactNode } >;
	export const ObserveTyping: ComponentType< { children?: ReactNode } >;
}

declare module '@wordpress/block-library' {
	export interface CoreBlock {
		name: string;
		init: () => unknown;
	}

	export function registerCoreBlocks( blocks?: CoreBlock[] ): void;

	export function __experimentalGetCoreBlocks(): CoreBlock[];
}

/** Registers the rich-text formats (bold, italic, link…) when it loads. */
declare module '@wordpress/format-library' {}

declare module '@wordpress/rich-text' {
	export interface RichTextValue {
		text: string;
		formats: unknown[];
		replacements: unknown[];
		start?: number;
		end?: number;
	}

	export function create( options: { html: string } ): RichTextValue;

	export function insert(
		value: RichTextValue,
		valueToInsert: string,
		startIndex?: number,
		endIndex?: number
	): RichTextValue;

	export function toHTMLString( options: { value: RichTextValue } ): string;

	/** WordPress 6.5 and later: the value of a `rich-text` attribute. */
	export const RichTextData:
		| { fromHTMLString( html: string ): unknown }
		| undefined;

	export function unregisterFormatType( name: string ): unknown;

	/** The format types' store (`core/rich-text`). */
	export const store: {
		name: 'core/rich-text';
	};
}

declare module '@wordpress/data' {
	import type {
		BlockEditorActions,
		BlockEditorSelectors,
	} from '@wordpress/block-editor';

	export interface Registry {
		select( store: { name: 'core/block-editor' } ): BlockEditorSelectors;
		dispatch( store: { name: 'core/block-editor' } ): BlockEditorActions;
		batch( callback: () => void ): void;
	}

	export function useRegistry(): Registry;

	export function select( store: { name: 'core/rich-text' } ): {
		getFormatTypes(): Array< { name: string } >;
	};
}

declare module '@wordpress/components' {
	import type { ComponentType } from 'react';

	export const Popover: ComponentType & {
		Slot: ComponentType;
	};
}
