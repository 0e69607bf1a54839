<?php
/**
 * The mount container of a widget.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Markup the front-end runtime mounts widgets into (docs/contracts.md, "Mount containers"):
 * `<div class="wp-block-crowdscout-<widget> crowdscout-widget" data-crowdscout-widget="<widget>"
 * data-crowdscout-attributes="<JSON>"></div>`.
 */
final class Widget_Container {

	public const BLOCK_NAMESPACE = 'crowdscout';
	public const CLASS_NAME      = 'crowdscout-widget';

	/**
	 * Attributes that belong to the editor, not to the widget.
	 */
	private const EDITOR_ONLY_ATTRIBUTES = array( 'lock', 'metadata' );

	/**
	 * Whether a widget name is well formed (lowercase letters, digits, dashes).
	 *
	 * @param string $widget Widget name.
	 * @return bool
	 */
	public static function is_valid_name( string $widget ): bool {
		return 1 === preg_match( '/^[a-z0-9]+(?:-[a-z0-9]+)*$/', $widget );
	}

	/**
	 * Block name of a widget: crowdscout/<widget>.
	 *
	 * @param string $widget Widget name.
	 * @return string
	 */
	public static function block_name( string $widget ): string {
		return self::BLOCK_NAMESPACE . '/' . $widget;
	}

	/**
	 * Class names of a widget's container.
	 *
	 * @param string $widget Widget name.
	 * @return string
	 */
	public static function class_names( string $widget ): string {
		return 'wp-block-' . self::BLOCK_NAMESPACE . '-' . $widget . ' ' . self::CLASS_NAME;
	}

	/**
	 * HTML attributes of a container (unescaped values): class and the two data attributes.
	 *
	 * @param string               $widget     Widget name.
	 * @param array<string, mixed> $attributes Widget attributes.
	 * @return array<string, string>
	 */
	public static function html_attributes( string $widget, array $attributes ): array {
		return array(
			'class'                      => self::class_names( $widget ),
			'data-crowdscout-widget'     => $widget,
			'data-crowdscout-attributes' => self::encode_attributes( $attributes ),
		);
	}

	/**
	 * The container element from unescaped HTML attributes (each value is escaped here).
	 *
	 * @param array<string, string> $html_attributes Attributes.
	 * @return string
	 */
	public static function render( array $html_attributes ): string {
		$parts = array();
		foreach ( $html_attributes as $name => $value ) {
			$parts[] = sprintf( '%s="%s"', $name, esc_attr( $value ) );
		}
		return self::wrap( implode( ' ', $parts ) );
	}

	/**
	 * The container element from an already escaped attribute string (e.g. get_block_wrapper_attributes()).
	 *
	 * @param string $escaped_attributes Escaped attributes.
	 * @return string
	 */
	public static function wrap( string $escaped_attributes ): string {
		return '<div ' . $escaped_attributes . '></div>';
	}

	/**
	 * JSON object of the widget attributes (never a JSON array, even when empty). <, >, &, ' and " inside strings
	 * are \u-escaped, so the attribute value holds no character that esc_attr() could leave ambiguous (it does not
	 * re-encode an existing "&amp;").
	 *
	 * @param array<string, mixed> $attributes Attributes.
	 * @return string
	 */
	public static function encode_attributes( array $attributes ): string {
		$attributes = array_diff_key( $attributes, array_flip( self::EDITOR_ONLY_ATTRIBUTES ) );
		$json       = wp_json_encode( (object) $attributes, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		return false === $json ? '{}' : $json;
	}
}
