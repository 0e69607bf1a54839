<?php
/**
 * Installs or updates the development WordPress: core install, permalinks, the Crowdscout plugin active,
 * rewrite rules flushed. Idempotent; run by scripts/start.mjs with the WordPress directory as argument.
 *
 * Environment: CROWDSCOUT_SITE_TITLE, CROWDSCOUT_ADMIN_EMAIL, CROWDSCOUT_ADMIN_PASSWORD.
 *
 * @package crowdscout
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

// WordPress expects these as globals; this file may be included from a function by PHP's CLI, so say so.
global $wpdb, $wp_rewrite, $wp_roles, $current_site;

$crowdscout_wp_dir = $argv[1] ?? '';
if ( ! is_file( $crowdscout_wp_dir . '/wp-load.php' ) ) {
	fwrite( STDERR, "install.php: no WordPress in '$crowdscout_wp_dir'\n" );
	exit( 1 );
}

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'CROWDSCOUT_SITE_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'CROWDSCOUT_SITE_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $crowdscout_wp_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$crowdscout_admin_email    = getenv( 'CROWDSCOUT_ADMIN_EMAIL' );
$crowdscout_admin_password = getenv( 'CROWDSCOUT_ADMIN_PASSWORD' );

if ( ! is_blog_installed() ) {
	$crowdscout_result = wp_install(
		getenv( 'CROWDSCOUT_SITE_TITLE' ) ? getenv( 'CROWDSCOUT_SITE_TITLE' ) : 'Crowdscout',
		'admin',
		$crowdscout_admin_email,
		true,
		'',
		wp_slash( $crowdscout_admin_password )
	);
	if ( is_wp_error( $crowdscout_result ) ) {
		fwrite( STDERR, 'install.php: ' . $crowdscout_result->get_error_message() . "\n" );
		exit( 1 );
	}
	update_user_meta( $crowdscout_result['user_id'], 'first_name', 'Ada' );
	update_user_meta( $crowdscout_result['user_id'], 'last_name', 'Admin' );
	wp_update_user(
		array(
			'ID'           => $crowdscout_result['user_id'],
			'display_name' => 'Ada Admin',
		)
	);
	echo "WordPress installed\n";
}

// The demo has no mail server and no comments; keep the front page on the dashboard side of the product.
update_option( 'blog_public', '0' );
update_option( 'default_comment_status', 'closed' );
update_option( 'permalink_structure', '/%postname%/' );

if ( ! is_plugin_active( 'crowdscout/crowdscout.php' ) ) {
	$crowdscout_activation = activate_plugin( 'crowdscout/crowdscout.php' );
	if ( is_wp_error( $crowdscout_activation ) ) {
		fwrite( STDERR, 'install.php: ' . $crowdscout_activation->get_error_message() . "\n" );
		exit( 1 );
	}
	echo "Crowdscout plugin activated\n";
} else {
	// Activation creates pages and roles idempotently; re-run it so a newer plugin adds what it brings.
	do_action( 'activate_crowdscout/crowdscout.php', false );
}

// WordPress loads no plugin while installing, so rules flushed here would lack the plugin's: drop them instead
// and let the first request, with the plugin loaded, build them.
delete_option( 'rewrite_rules' );
echo "WordPress ready\n";
