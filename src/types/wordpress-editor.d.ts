/**
 * The few editor APIs the block registration uses. They come from WordPress at run time (`wp.blocks`,
 * `wp.blockEditor`, `wp.components`: webpack externals), so they are not npm dependencies and the front end
 * does not pay for their type packages.
 */
declare module '@wordpress/blocks' {
	import type { ComponentType, ReactElement } from 'react';

	export interface BlockMetadata {
		name: string;
		title: string;
		description?: string;
		icon?: string;
		[ key: string ]: unknown;
	}

	export interface BlockEditProps {
		attributes: Record< string, unknown >;
		setAttributes: ( next: Record< string, unknown > ) => void;
		clientId: string;
		isSelected: boolean;
	}

	export interface BlockSettings {
		edit: ComponentType< BlockEditProps >;
		/** Null for a dynamic block; the inner blocks for a block that holds some. */
		save: () => ReactElement | null;
	}

	export function getBlockType( name: string ): BlockMetadata | undefined;

	export function registerBlockType(
		metadata: BlockMetadata,
		settings: BlockSettings
	): unknown;
}

declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;

	export const InnerBlocks: ComponentType< {
		template?: Array< [ string, Record< string, unknown >? ] >;
	} > & { Content: ComponentType };

	export const InspectorControls: ComponentType< { children?: ReactNode } >;
}

declare module '@wordpress/components' {
	import type { ComponentType, ReactNode } from 'react';

	export const Placeholder: ComponentType< {
		icon?: string | ReactNode;
		label?: string;
		instructions?: string;
		className?: string;
		children?: ReactNode;
	} >;

	export const PanelBody: ComponentType< {
		title?: string;
		children?: ReactNode;
	} >;

	export const SelectControl: ComponentType< {
		label: string;
		value: string;
		options: Array< { value: string; label: string } >;
		onChange: ( value: string ) => void;
		__nextHasNoMarginBottom?: boolean;
	} >;
}

declare module '@wordpress/server-side-render' {
	import type { ComponentType } from 'react';

	const ServerSideRender: ComponentType< {
		block: string;
		attributes?: Record< string, unknown >;
	} >;
	export default ServerSideRender;
}
