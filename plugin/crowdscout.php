<?php
/**
 * Plugin Name:       Crowdscout
 * Description:       The WordPress side of Crowdscout, the crowd-testing community platform: widget blocks and shortcodes, page configuration and bearer tokens for the front end, and the signed internal channel the API uses to act on WordPress users.
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      8.1
 * Author:            Crowdscout
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       crowdscout
 * Domain Path:       /languages
 *
 * @package Crowdscout
 */

defined( 'ABSPATH' ) || exit;

if ( defined( 'CROWDSCOUT_PLUGIN_FILE' ) ) {
	return;
}

define( 'CROWDSCOUT_PLUGIN_FILE', __FILE__ );
define( 'CROWDSCOUT_VERSION', '0.1.0' );

/*
 * Classes live in includes/ under WordPress file names:
 * Crowdscout\Internal_Api → includes/class-internal-api.php,
 * Crowdscout\Admin\Some_Page → includes/admin/class-some-page.php.
 */
spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'Crowdscout\\';
		if ( 0 !== strncmp( $class_name, $prefix, strlen( $prefix ) ) ) {
			return;
		}
		$parts = explode( '\\', substr( $class_name, strlen( $prefix ) ) );
		$class = array_pop( $parts );
		$dirs  = array_map( static fn( string $part ): string => strtolower( str_replace( '_', '-', $part ) ) . '/', $parts );
		$file  = __DIR__ . '/includes/' . implode( '', $dirs ) . 'class-' . strtolower( str_replace( '_', '-', $class ) ) . '.php';
		if ( is_readable( $file ) ) {
			require_once $file;
		}
	}
);

Crowdscout\Plugin::instance()->register();
