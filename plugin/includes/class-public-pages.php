<?php
/**
 * The public pages and their setting.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * The widgets anyone with a link may open (the public view of a bug, vdp/{id}/{token}) exist only while the
 * public-user-pages setting is on (spec, section 2: "otherwise a loading placeholder inside a logged-out page").
 * While it is off, their block and shortcode render the loading placeholder alone: no mount container, so the
 * runtime, the page configuration and the widget's request to the API stay out of the page.
 */
final class Public_Pages {

	/**
	 * Widgets that need the setting.
	 */
	public const WIDGETS = array( 'public-bug' );

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Constructor.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Registers the filters that answer before the block or the shortcode renders.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'pre_render_block', array( $this, 'filter_block' ), 10, 2 );
		add_filter( 'pre_do_shortcode_tag', array( $this, 'filter_shortcode' ), 10, 3 );
		add_filter( 'wp_robots', array( $this, 'robots' ) );
	}

	/**
	 * Keeps search engines away from a page holding a public widget: a bug shared by its link is for whoever has
	 * the link, not for every search.
	 *
	 * @param array<string, bool|string> $robots The robots directives so far.
	 * @return array<string, bool|string>
	 */
	public function robots( array $robots ): array {
		if ( ! is_singular() ) {
			return $robots;
		}
		foreach ( self::WIDGETS as $widget ) {
			if ( has_block( Widget_Container::block_name( $widget ), get_queried_object_id() ) ) {
				$robots['noindex']  = true;
				$robots['nofollow'] = true;
			}
		}
		return $robots;
	}

	/**
	 * Whether a widget may render now: any widget but the public ones, and those while the setting is on.
	 *
	 * @param string $widget Widget name.
	 * @return bool
	 */
	public function is_available( string $widget ): bool {
		return ! in_array( $widget, self::WIDGETS, true ) || $this->settings->public_user_pages();
	}

	/**
	 * `pre_render_block`: the placeholder in place of a public widget's block while the setting is off.
	 *
	 * @param string|null          $pre_render Output decided earlier, null to render the block.
	 * @param array<string, mixed> $block      Parsed block.
	 * @return string|null
	 */
	public function filter_block( $pre_render, $block ) {
		if ( null !== $pre_render || ! is_array( $block ) || ! is_string( $block['blockName'] ?? null ) ) {
			return $pre_render;
		}
		$widget = self::widget_of_block( $block['blockName'] );
		if ( null === $widget || $this->is_available( $widget ) ) {
			return $pre_render;
		}
		$align = is_array( $block['attrs'] ?? null ) ? (string) ( $block['attrs']['align'] ?? 'wide' ) : 'wide';
		return $this->placeholder( $widget, $align );
	}

	/**
	 * `pre_do_shortcode_tag`: the placeholder in place of `[crowdscout widget="public-bug"]` while the setting is
	 * off.
	 *
	 * @param false|string                 $output Output decided earlier, false to run the shortcode.
	 * @param string                       $tag    Shortcode tag.
	 * @param array<string, string>|string $atts   Shortcode attributes.
	 * @return false|string
	 */
	public function filter_shortcode( $output, $tag, $atts ) {
		if ( false !== $output || Shortcode::TAG !== $tag || ! is_array( $atts ) || ! isset( $atts['widget'] ) ) {
			return $output;
		}
		$widget = strtolower( trim( (string) $atts['widget'] ) );
		if ( ! in_array( $widget, self::WIDGETS, true ) || $this->is_available( $widget ) ) {
			return $output;
		}
		return $this->placeholder( $widget, 'wide' );
	}

	/**
	 * The loading placeholder: the widget's wrapper (so the page keeps its layout and the spinner its styles) with
	 * the spinner the widgets show while loading, and no `data-crowdscout-widget`, so nothing mounts there. Only the
	 * runtime's stylesheet is enqueued.
	 *
	 * @param string $widget Widget name.
	 * @param string $align  Block alignment ("wide", "full" or none).
	 * @return string
	 */
	public function placeholder( string $widget, string $align ): string {
		if ( wp_style_is( Assets::FRONTEND, 'registered' ) ) {
			wp_enqueue_style( Assets::FRONTEND );
		}
		$classes = Widget_Container::class_names( $widget ) . ( in_array( $align, array( 'wide', 'full' ), true ) ? ' align' . $align : '' );
		return sprintf(
			'<div class="%s"><div class="crowdscout-spinner" role="status"><span class="crowdscout-spinner__circle" aria-hidden="true"></span><span class="crowdscout-visually-hidden">%s</span></div></div>',
			esc_attr( $classes ),
			esc_html( Strings::get( 'common.loading' ) )
		);
	}

	/**
	 * The public widget a block name shows, or null for any other block.
	 *
	 * @param string $block_name Block name.
	 * @return string|null
	 */
	private static function widget_of_block( string $block_name ): ?string {
		foreach ( self::WIDGETS as $widget ) {
			if ( Widget_Container::block_name( $widget ) === $block_name ) {
				return $widget;
			}
		}
		return null;
	}
}
