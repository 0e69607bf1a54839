<?php
/**
 * The widget blocks.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Block;
use WP_Block_Supports;
use WP_Block_Type;

defined( 'ABSPATH' ) || exit;

/**
 * Registers one dynamic block per built `block.json` (plugin/build/blocks/<widget>/) and renders it into the
 * mount container. Also adds the "Crowdscout" block category.
 */
final class Blocks {

	public const CATEGORY = 'crowdscout';

	/**
	 * The build.
	 *
	 * @var Build
	 */
	private Build $build;

	/**
	 * The runtime.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Constructor.
	 *
	 * @param Build  $build  The build.
	 * @param Assets $assets The runtime.
	 */
	public function __construct( Build $build, Assets $assets ) {
		$this->build  = $build;
		$this->assets = $assets;
	}

	/**
	 * Registers the blocks on init, the category and the missing-build notice.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_blocks' ) );
		add_filter( 'block_categories_all', array( $this, 'add_category' ) );
		add_action( 'admin_notices', array( $this, 'missing_build_notice' ) );
	}

	/**
	 * Registers every built block; nothing when the build is missing.
	 *
	 * @return void
	 */
	public function register_blocks(): void {
		foreach ( $this->build->block_dirs() as $dir ) {
			$this->register_block( $dir );
		}
	}

	/**
	 * Blocks that are no widget, each with its render callback: they render text on the server, with no runtime.
	 */
	private const RENDERERS = array(
		'language-section' => array( Language_Section::class, 'render' ),
		'site-header'      => array( Site_Header::class, 'render' ),
		'site-footer'      => array( Site_Footer::class, 'render' ),
	);

	/**
	 * Registers the block of a folder holding a block.json, rendered by this class (a widget) or by its own
	 * renderer (RENDERERS).
	 *
	 * @param string $dir Folder.
	 * @return WP_Block_Type|false
	 */
	public function register_block( string $dir ) {
		return register_block_type( $dir, array( 'render_callback' => self::RENDERERS[ basename( $dir ) ] ?? array( $this, 'render' ) ) );
	}

	/**
	 * Render callback: the mount container, with the classes of the block supports (alignment, custom class), and
	 * the runtime enqueued.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param string               $content    Inner content (unused: the blocks are dynamic).
	 * @param WP_Block|null        $block      Block instance.
	 * @return string
	 */
	public function render( $attributes, $content = '', $block = null ): string {
		$name   = $block instanceof WP_Block ? $block->name : (string) ( WP_Block_Supports::$block_to_render['blockName'] ?? '' );
		$widget = self::widget_name( $name );
		if ( ! Widget_Container::is_valid_name( $widget ) ) {
			return '';
		}
		$attributes = is_array( $attributes ) ? $attributes : array();

		$html_attributes = Widget_Container::html_attributes( $widget, $attributes );
		// Block supports add the alignment class only for an alignment saved in the markup, not for the default
		// of block.json (the dashboard is wide unless an editor chooses otherwise).
		$align = $attributes['align'] ?? '';
		if ( in_array( $align, array( 'wide', 'full' ), true ) ) {
			$html_attributes['class'] .= ' align' . $align;
		}
		$wrapper         = null !== WP_Block_Supports::$block_to_render
			? self::unique_classes( get_block_wrapper_attributes( $html_attributes ) )
			: null;

		$this->assets->enqueue_runtime();
		return null !== $wrapper ? Widget_Container::wrap( $wrapper ) : Widget_Container::render( $html_attributes );
	}

	/**
	 * Adds the Crowdscout category to the inserter.
	 *
	 * @param array<int, array<string, mixed>> $categories Categories.
	 * @return array<int, array<string, mixed>>
	 */
	public function add_category( $categories ): array {
		$categories = is_array( $categories ) ? $categories : array();
		foreach ( $categories as $category ) {
			if ( isset( $category['slug'] ) && self::CATEGORY === $category['slug'] ) {
				return $categories;
			}
		}
		$categories[] = array(
			'slug'  => self::CATEGORY,
			'title' => __( 'Crowdscout', 'crowdscout' ),
			'icon'  => null,
		);
		return $categories;
	}

	/**
	 * Tells administrators that the front end has not been built.
	 *
	 * @return void
	 */
	public function missing_build_notice(): void {
		if ( $this->build->is_built() && array() !== $this->build->block_dirs() ) {
			return;
		}
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		printf(
			'<div class="notice notice-warning"><p>%s</p></div>',
			wp_kses(
				__( 'Crowdscout: the front-end build is missing (<code>plugin/build/</code>), so no widget blocks are available. Run <code>npm run build</code> in the project folder.', 'crowdscout' ),
				array( 'code' => array() )
			)
		);
	}

	/**
	 * Widget name of a block name: the part after "crowdscout/".
	 *
	 * @param string $block_name Block name.
	 * @return string
	 */
	public static function widget_name( string $block_name ): string {
		$slash = strpos( $block_name, '/' );
		return false === $slash ? $block_name : substr( $block_name, $slash + 1 );
	}

	/**
	 * Drops repeated class names (the generated wp-block-crowdscout-<widget> class comes from the block supports
	 * and from the container itself), keeping the first occurrence so the container's order is preserved.
	 *
	 * @param string $wrapper Escaped wrapper attributes.
	 * @return string
	 */
	private static function unique_classes( string $wrapper ): string {
		return (string) preg_replace_callback(
			'/(^|\s)class="([^"]*)"/',
			static fn( array $matches ): string => $matches[1] . 'class="' . implode( ' ', array_unique( preg_split( '/\s+/', trim( $matches[2] ) ) ) ) . '"',
			$wrapper,
			1
		);
	}
}
