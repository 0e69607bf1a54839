<?php
/**
 * What the product's header and footer share, and the skip link of block themes.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Block_Supports;

defined( 'ABSPATH' ) || exit;

/**
 * The frame around the widgets that is ours rather than the theme's: the stylesheet of the site-header and
 * site-footer blocks (Site_Header, Site_Footer), and the skip link. Core's block-theme skip link is made by a
 * script, in English; ours is printed first in the body, in the page's language, and leads to the template's
 * <main>, which gets an id when it has none. None of it needs a script.
 */
final class Site_Chrome {

	public const STYLE = 'crowdscout-site-chrome';

	/**
	 * Id given to a <main> that has none: core's own skip-link target, which the product's 404 page uses too.
	 */
	public const MAIN_ID = 'wp--skip-link--target';

	/**
	 * Id of the page's <main>, once a block rendered it.
	 *
	 * @var string|null
	 */
	private ?string $main_id = null;

	/**
	 * Registers the stylesheet, replaces core's skip link with ours.
	 *
	 * @return void
	 */
	public function register(): void {
		// Core adds these in default-filters.php, before any plugin loads.
		remove_action( 'wp_enqueue_scripts', 'wp_enqueue_block_template_skip_link' );
		remove_action( 'wp_footer', 'the_block_template_skip_link' );

		add_action( 'init', array( $this, 'register_style' ), 5 );
		add_filter( 'render_block', array( $this, 'mark_main' ), 10, 2 );
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style' ) );
		add_action( 'wp_body_open', array( $this, 'print_skip_link' ), 5 );
	}

	/**
	 * Registers the stylesheet the blocks name in their block.json; WordPress inlines it (it is small).
	 *
	 * @return void
	 */
	public function register_style(): void {
		$file = Plugin::instance()->dir() . 'assets/site-chrome.css';
		wp_register_style( self::STYLE, plugins_url( 'assets/site-chrome.css', Plugin::instance()->file() ), array(), (string) filemtime( $file ) );
		wp_style_add_data( self::STYLE, 'path', $file );
	}

	/**
	 * `render_block`: gives the first <main> a block renders an id, or notes its own.
	 *
	 * @param string               $html  Rendered block.
	 * @param array<string, mixed> $block Parsed block.
	 * @return string
	 */
	public function mark_main( $html, $block = array() ) {
		if ( null !== $this->main_id || 'main' !== ( $block['attrs']['tagName'] ?? '' ) || ! is_string( $html ) ) {
			return $html;
		}
		$tags = new \WP_HTML_Tag_Processor( $html );
		if ( ! $tags->next_tag( 'main' ) ) {
			return $html;
		}
		$id = $tags->get_attribute( 'id' );
		if ( is_string( $id ) && '' !== $id ) {
			$this->main_id = $id;
			return $html;
		}
		$tags->set_attribute( 'id', self::MAIN_ID );
		$this->main_id = self::MAIN_ID;
		return $tags->get_updated_html();
	}

	/**
	 * The skip link's target: the <main> rendered so far, the product's 404 page's, or null.
	 *
	 * @return string|null
	 */
	public function skip_link_target(): ?string {
		if ( null !== $this->main_id ) {
			return $this->main_id;
		}
		// Our 404 template prints its <main> after the body opens, so no block has rendered it yet.
		return is_404() && wp_is_block_theme() ? self::MAIN_ID : null;
	}

	/**
	 * Enqueues the stylesheet for the skip link (block themes render the template before wp_head).
	 *
	 * @return void
	 */
	public function enqueue_style(): void {
		if ( null !== $this->skip_link_target() ) {
			wp_enqueue_style( self::STYLE );
		}
	}

	/**
	 * Prints the skip link, first thing in the body, when the page has a <main>.
	 *
	 * @return void
	 */
	public function print_skip_link(): void {
		$target = $this->skip_link_target();
		if ( null === $target ) {
			return;
		}
		printf(
			'<a class="crowdscout-skip-link" href="#%s">%s</a>',
			esc_attr( $target ),
			esc_html( Strings::get( 'siteHeader.skipToContent' ) )
		);
	}

	/**
	 * Forgets the <main> seen (a new page render, in tests).
	 *
	 * @return void
	 */
	public function reset(): void {
		$this->main_id = null;
	}

	/**
	 * The wrapper attributes of a chrome block: the block supports' (its class, an editor's own class) when a block
	 * is rendering, else its class.
	 *
	 * @param string $widget Block name after "crowdscout/".
	 * @return string Escaped attributes.
	 */
	public static function wrapper_attributes( string $widget ): string {
		return null !== WP_Block_Supports::$block_to_render
			? get_block_wrapper_attributes()
			: 'class="' . esc_attr( 'wp-block-' . Widget_Container::BLOCK_NAMESPACE . '-' . $widget ) . '"';
	}

	/**
	 * Path of the page being shown, relative to the site: "" in the editor's preview (a REST request).
	 *
	 * @return string
	 */
	public static function current_path(): string {
		return self::is_editor_preview() ? '' : Locale::request_path();
	}

	/**
	 * Query string of the page being shown (without "?"): "" in the editor's preview.
	 *
	 * @return string
	 */
	public static function current_query(): string {
		if ( self::is_editor_preview() || ! isset( $_SERVER['REQUEST_URI'] ) ) {
			return '';
		}
		// Escaped by the callers, never stored.
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		return (string) wp_parse_url( (string) wp_unslash( $_SERVER['REQUEST_URI'] ), PHP_URL_QUERY );
	}

	/**
	 * Whether a URL of this site leads to the page being shown.
	 *
	 * @param string $url URL.
	 * @return bool
	 */
	public static function is_current( string $url ): bool {
		return Locale::relative_path( (string) wp_parse_url( $url, PHP_URL_PATH ) ) === self::current_path();
	}

	/**
	 * Whether the block renders for the editor (the block renderer's REST route), not for a page.
	 *
	 * @return bool
	 */
	private static function is_editor_preview(): bool {
		return defined( 'REST_REQUEST' ) && REST_REQUEST;
	}

	/**
	 * `aria-current="page"` for a link to the page being shown, else nothing.
	 *
	 * @param string $url URL.
	 * @return string
	 */
	public static function aria_current( string $url ): string {
		return self::is_current( $url ) ? ' aria-current="page"' : '';
	}
}
