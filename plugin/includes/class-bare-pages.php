<?php
/**
 * Pages shown without the site's frame.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * A page whose definition is "bare" (Pages::definitions(): the pre-selection form, which the campaign preview opens
 * in a frame; spec route table: "no header or sidebar") is its widget alone: no shell (the sidebar, see Shell), no
 * header or footer template part of a block theme, no header login button and no admin bar.
 */
final class Bare_Pages {

	/**
	 * Template-part areas (or slugs, when a theme names no area) left out of a bare page.
	 */
	private const FRAME_PARTS = array( 'header', 'footer' );

	/**
	 * Pages.
	 *
	 * @var Pages
	 */
	private Pages $pages;

	/**
	 * Constructor.
	 *
	 * @param Pages $pages Pages.
	 */
	public function __construct( Pages $pages ) {
		$this->pages = $pages;
	}

	/**
	 * Registers the filters.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'crowdscout_show_shell', array( $this, 'filter_shown' ), 10, 2 );
		add_filter( 'crowdscout_header_login_button', array( $this, 'filter_shown' ) );
		add_filter( 'show_admin_bar', array( $this, 'filter_shown' ) );
		add_filter( 'render_block_core/template-part', array( $this, 'filter_template_part' ), 10, 2 );
		add_filter( 'body_class', array( $this, 'filter_body_class' ) );
	}

	/**
	 * Whether the current front-end request shows a bare page.
	 *
	 * @param \WP_Post|null $post Page asked about; the queried page when null.
	 * @return bool
	 */
	public function is_bare( ?\WP_Post $post = null ): bool {
		if ( null === $post ) {
			if ( is_admin() || ! is_singular() ) {
				return false;
			}
			$queried = get_queried_object();
			$post    = $queried instanceof \WP_Post ? $queried : null;
		}
		$route = null !== $post ? $this->pages->route_of( $post ) : null;
		return null !== $route && Pages::is_bare( $route );
	}

	/**
	 * `crowdscout_show_shell`, `crowdscout_header_login_button`, `show_admin_bar`: off on a bare page.
	 *
	 * @param bool          $shown Whether the part is shown.
	 * @param \WP_Post|null $post  Page (crowdscout_show_shell only).
	 * @return bool
	 */
	public function filter_shown( $shown, $post = null ) {
		return $this->is_bare( $post instanceof \WP_Post ? $post : null ) ? false : $shown;
	}

	/**
	 * `render_block_core/template-part`: nothing for the header and footer of a bare page.
	 *
	 * @param string               $html  Rendered part.
	 * @param array<string, mixed> $block Parsed block.
	 * @return string
	 */
	public function filter_template_part( $html, $block = array() ) {
		$attributes = is_array( $block ) && is_array( $block['attrs'] ?? null ) ? $block['attrs'] : array();
		$part       = (string) ( $attributes['area'] ?? $attributes['slug'] ?? '' );
		$tag        = (string) ( $attributes['tagName'] ?? '' );
		if ( ( in_array( $part, self::FRAME_PARTS, true ) || in_array( $tag, self::FRAME_PARTS, true ) ) && $this->is_bare() ) {
			return '';
		}
		return $html;
	}

	/**
	 * `body_class`: "crowdscout-bare-page" on a bare page, for its styles.
	 *
	 * @param string[] $classes Classes.
	 * @return string[]
	 */
	public function filter_body_class( $classes ) {
		$classes = is_array( $classes ) ? $classes : array();
		if ( $this->is_bare() ) {
			$classes[] = 'crowdscout-bare-page';
		}
		return $classes;
	}
}
