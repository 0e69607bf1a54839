<?php
/**
 * Router for PHP's built-in web server: real files are served as they are, everything else goes to WordPress.
 *
 * @package crowdscout
 */

$crowdscout_path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
// Not realpath(): the plugin is a symlink out of the tree. Refusing dot segments keeps requests inside it.
$crowdscout_file = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' ) . $crowdscout_path;

if ( ! preg_match( '#(^|/)\.\.?(/|$)#', $crowdscout_path ) ) {
	if ( is_file( $crowdscout_file ) ) {
		// Never hand out the databases or the environment file, whatever asks for them.
		if ( preg_match( '/\.(sqlite|ht\..*)$|\/\.ht/', $crowdscout_file ) ) {
			http_response_code( 403 );
			return true;
		}
		return false;
	}
	if ( is_dir( $crowdscout_file ) && is_file( $crowdscout_file . '/index.php' ) ) {
		if ( ! str_ends_with( $crowdscout_path, '/' ) ) {
			header( 'Location: ' . $crowdscout_path . '/', true, 301 );
			return true;
		}
		$_SERVER['SCRIPT_NAME']     = rtrim( $crowdscout_path, '/' ) . '/index.php';
		$_SERVER['SCRIPT_FILENAME'] = rtrim( $crowdscout_file, '/' ) . '/index.php';
		chdir( $crowdscout_file );
		require $crowdscout_file . '/index.php';
		return true;
	}
}

$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
chdir( $_SERVER['DOCUMENT_ROOT'] );
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
