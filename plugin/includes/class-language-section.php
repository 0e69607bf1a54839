<?php
/**
 * The block that holds a page's text in one language.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Block;

defined( 'ABSPATH' ) || exit;

/**
 * `crowdscout/language-section`: one page serves every language (the language is a URL prefix, see Routes), so a
 * page of text holds one section per language and each request shows the section of its language. A page without
 * a section in the request's language shows its English one, marked as English for assistive technology (WCAG
 * 3.1.2). Editors write the sections in the block editor like any other blocks (src/editor/language-section.tsx).
 * The sections belong in a page's content: the page (the block context's postId) tells which languages it has.
 */
final class Language_Section {

	public const BLOCK = 'crowdscout/language-section';

	/**
	 * Languages that have a section, by content: parsing a page once per request is enough.
	 *
	 * @var array<string, string[]>
	 */
	private static array $languages = array();

	/**
	 * Block markup of a section holding the given inner block markup.
	 *
	 * @param string $language Two-letter language.
	 * @param string $inner    Block markup of the section's content.
	 * @return string
	 */
	public static function markup( string $language, string $inner ): string {
		return sprintf(
			"<!-- wp:%s %s -->\n%s\n<!-- /wp:%s -->",
			self::BLOCK,
			wp_json_encode( array( 'language' => $language ) ),
			$inner,
			self::BLOCK
		);
	}

	/**
	 * Render callback: the section's content when it is in the request's language, or when it is the English
	 * section of a page that has none in that language; nothing otherwise.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param string               $content    The section's rendered content.
	 * @param WP_Block|null        $block      Block instance, whose context names the page.
	 * @return string
	 */
	public static function render( $attributes, $content = '', $block = null ): string {
		$language = is_array( $attributes ) && is_string( $attributes['language'] ?? null ) ? $attributes['language'] : Locale::FALLBACK;
		$current  = Locale::current();
		if ( $language === $current ) {
			return (string) $content;
		}
		if ( Locale::FALLBACK !== $language ) {
			return '';
		}
		// Only the page's own sections tell which languages it has; a section from elsewhere (a template part)
		// stands in for no other language.
		$post      = $block instanceof WP_Block && isset( $block->context['postId'] ) ? get_post( (int) $block->context['postId'] ) : null;
		$languages = $post instanceof \WP_Post ? self::languages( $post->post_content ) : array();
		if ( ! in_array( Locale::FALLBACK, $languages, true ) || in_array( $current, $languages, true ) ) {
			return '';
		}
		return self::in_language( (string) $content, $language );
	}

	/**
	 * Languages of the sections in some block markup, nested ones included.
	 *
	 * @param string $markup Block markup, e.g. a page's content.
	 * @return string[]
	 */
	public static function languages( string $markup ): array {
		$key = md5( $markup );
		if ( ! isset( self::$languages[ $key ] ) ) {
			self::$languages[ $key ] = array_values( array_unique( self::find( parse_blocks( $markup ) ) ) );
		}
		return self::$languages[ $key ];
	}

	/**
	 * Languages of the sections among parsed blocks and their inner blocks.
	 *
	 * @param array<int, array<string, mixed>> $blocks Parsed blocks.
	 * @return string[]
	 */
	private static function find( array $blocks ): array {
		$found = array();
		foreach ( $blocks as $parsed ) {
			if ( self::BLOCK === ( $parsed['blockName'] ?? null ) ) {
				$language = $parsed['attrs']['language'] ?? Locale::FALLBACK;
				$found[]  = is_string( $language ) ? $language : Locale::FALLBACK;
			}
			if ( ! empty( $parsed['innerBlocks'] ) && is_array( $parsed['innerBlocks'] ) ) {
				$found = array_merge( $found, self::find( $parsed['innerBlocks'] ) );
			}
		}
		return $found;
	}

	/**
	 * HTML whose elements all carry a `lang` attribute, for text shown on a page in another language.
	 *
	 * @param string $html     HTML.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	private static function in_language( string $html, string $language ): string {
		$tags = new \WP_HTML_Tag_Processor( $html );
		while ( $tags->next_tag() ) {
			if ( null === $tags->get_attribute( 'lang' ) ) {
				$tags->set_attribute( 'lang', $language );
			}
		}
		return $tags->get_updated_html();
	}
}
