import { registerBlockType, type BlockEditProps } from '@wordpress/blocks';
import {
	InnerBlocks,
	InspectorControls,
	useBlockProps,
} from '@wordpress/block-editor';
import { PanelBody, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import metadata from '../../blocks/language-section/block.json';
import { normaliseLocale, SUPPORTED_LOCALES, type Locale } from '../lib/locale';

/** Each language under its own name, as its readers look for it. */
export const LANGUAGE_NAMES: Readonly< Record< Locale, string > > = {
	en: 'English',
	it: 'Italiano',
	es: 'Español',
	fr: 'Français',
};

/** A new section starts with one paragraph to type into. */
const TEMPLATE: Array< [ string ] > = [ [ 'core/paragraph' ] ];

/**
 * The section as editors write it: its language named above its blocks (and chosen in the sidebar), the blocks
 * marked with that language so the browser spell-checks them in it. Every section shows in the editor; the page
 * shows only the reader's (plugin/includes/class-language-section.php).
 *
 * @param props               The block's editor props.
 * @param props.attributes    The block's attributes: `language`.
 * @param props.setAttributes Changes them.
 */
export function LanguageSectionEdit( {
	attributes,
	setAttributes,
}: BlockEditProps ) {
	const language = normaliseLocale( String( attributes.language ?? '' ) );
	const blockProps = useBlockProps( {
		className: 'crowdscout-language-section',
		lang: language,
	} );
	return (
		<div { ...blockProps }>
			<InspectorControls>
				<PanelBody title={ __( 'Language', 'crowdscout' ) }>
					<SelectControl
						label={ __( 'Shown to readers of', 'crowdscout' ) }
						value={ language }
						options={ SUPPORTED_LOCALES.map( ( value ) => ( {
							value,
							label: LANGUAGE_NAMES[ value ],
						} ) ) }
						onChange={ ( value ) =>
							setAttributes( { language: value } )
						}
						__nextHasNoMarginBottom
					/>
				</PanelBody>
			</InspectorControls>
			<p
				className="crowdscout-language-section__language"
				style={ {
					margin: 0,
					fontSize: '12px',
					fontWeight: 600,
					textTransform: 'uppercase',
					borderBottom: '1px solid currentColor',
				} }
			>
				{ LANGUAGE_NAMES[ language ] }
			</p>
			<InnerBlocks template={ TEMPLATE } />
		</div>
	);
}

/** Registers the block; the server renders it (the section of the reader's language), from its inner blocks. */
export function registerLanguageSection(): void {
	registerBlockType( metadata, {
		edit: LanguageSectionEdit,
		save: () => <InnerBlocks.Content />,
	} );
}
