<?php
/**
 * The [crowdscout] shortcode.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Block_Type;
use WP_Block_Type_Registry;

defined( 'ABSPATH' ) || exit;

/**
 * `[crowdscout widget="dashboard" …]` renders the same mount container as the block. The other shortcode
 * attributes become widget attributes: matched case-insensitively to the block's declared attributes (shortcode
 * attribute names arrive lowercased), converted to the declared type, with the block's defaults filled in.
 */
final class Shortcode {

	public const TAG = 'crowdscout';

	/**
	 * The runtime.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Constructor.
	 *
	 * @param Assets $assets The runtime.
	 */
	public function __construct( Assets $assets ) {
		$this->assets = $assets;
	}

	/**
	 * Adds the shortcode on init.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'add_shortcode' ) );
	}

	/**
	 * Adds the shortcode.
	 *
	 * @return void
	 */
	public function add_shortcode(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/**
	 * Renders the container of the widget, or, for an unknown widget, an HTML comment (visitors) or a visible
	 * notice (people who can edit posts).
	 *
	 * @param array<string, string>|string $atts Shortcode attributes ('' when none).
	 * @return string
	 */
	public function render( $atts ): string {
		$atts   = is_array( $atts ) ? $atts : array();
		$widget = isset( $atts['widget'] ) ? strtolower( trim( (string) $atts['widget'] ) ) : '';
		unset( $atts['widget'] );

		$block_type = Widget_Container::is_valid_name( $widget )
			? WP_Block_Type_Registry::get_instance()->get_registered( Widget_Container::block_name( $widget ) )
			: null;
		if ( ! $block_type instanceof WP_Block_Type ) {
			return self::unknown_widget( $widget );
		}

		$this->assets->enqueue_runtime();
		return Widget_Container::render(
			Widget_Container::html_attributes( $widget, self::widget_attributes( $block_type, $atts ) )
		);
	}

	/**
	 * Widget attributes from shortcode attributes.
	 *
	 * @param WP_Block_Type         $block_type Block of the widget.
	 * @param array<string, string> $atts       Shortcode attributes other than widget.
	 * @return array<string, mixed>
	 */
	public static function widget_attributes( WP_Block_Type $block_type, array $atts ): array {
		$declared = is_array( $block_type->attributes ) ? $block_type->attributes : array();
		$by_lower = array();
		foreach ( array_keys( $declared ) as $name ) {
			$by_lower[ strtolower( (string) $name ) ] = (string) $name;
		}

		$attributes = array();
		foreach ( $atts as $key => $value ) {
			if ( is_int( $key ) ) {
				continue; // A bare word without "=": not an attribute.
			}
			$name                = $by_lower[ strtolower( $key ) ] ?? $key;
			$attributes[ $name ] = isset( $declared[ $name ] ) ? self::convert( (string) $value, $declared[ $name ] ) : (string) $value;
		}
		return $block_type->prepare_attributes_for_render( $attributes );
	}

	/**
	 * Converts a shortcode string to the type a block attribute declares.
	 *
	 * @param string               $value  Shortcode value.
	 * @param array<string, mixed> $schema Attribute schema.
	 * @return mixed
	 */
	private static function convert( string $value, array $schema ) {
		$type = $schema['type'] ?? 'string';
		$type = is_array( $type ) ? (string) reset( $type ) : (string) $type;
		switch ( $type ) {
			case 'boolean':
				return in_array( strtolower( trim( $value ) ), array( '1', 'true', 'yes', 'on' ), true );
			case 'integer':
				return is_numeric( $value ) ? (int) $value : $value;
			case 'number':
				return is_numeric( $value ) ? (float) $value : $value;
			case 'array':
			case 'object':
				$decoded = json_decode( $value, true );
				return is_array( $decoded ) ? $decoded : $value;
			default:
				return $value;
		}
	}

	/**
	 * What an unknown widget renders as.
	 *
	 * @param string $widget Requested widget name.
	 * @return string
	 */
	private static function unknown_widget( string $widget ): string {
		$shown = sanitize_key( $widget );
		if ( current_user_can( 'edit_posts' ) ) {
			return sprintf(
				'<p class="crowdscout-notice crowdscout-notice--unknown-widget" role="alert">%s</p>',
				esc_html(
					'' === $shown
						? __( 'Crowdscout: the shortcode needs a widget attribute, e.g. [crowdscout widget="dashboard"].', 'crowdscout' )
						/* translators: %s: widget name. */
						: sprintf( __( 'Crowdscout: unknown widget "%s".', 'crowdscout' ), $shown )
				)
			);
		}
		// sanitize_key() leaves no ">" and runs of dashes are collapsed, so the comment cannot be closed early.
		return '<!-- crowdscout: unknown widget "' . preg_replace( '/-{2,}/', '-', $shown ) . '" -->';
	}
}
