/**
 * The few editor APIs the block registration uses. They come from WordPress at run time (`wp.blocks`,
 * `wp.blockEditor`, `wp.components`: webpack externals), so they are not npm dependencies and the front end
 * does not pay for their type packages.
 */
declare module '@wordpress/blocks' {
	import type { ComponentType } from 'react';

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
		save: () => null;
	}

	export function getBlockType( name: string ): BlockMetadata | undefined;

	export function registerBlockType(
		metadata: BlockMetadata,
		settings: BlockSettings
	): unknown;
}

declare module '@wordpress/block-editor' {
	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;
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
}
