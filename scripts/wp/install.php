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
// Through $wp_rewrite, so that URLs built in this run (the plugin's pages link to each other) have the structure.
$wp_rewrite->set_permalink_structure( '/%postname%/' );

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

/*
 * The demo shows the product's header and footer (crowdscout/site-header and crowdscout/site-footer), not the
 * theme's navigation listing every page: the active block theme's header and footer template parts are created
 * holding them, once. A part an editor has customised already is left alone, and so is one reset to the theme's
 * after ours was placed (the option remembers what was placed).
 */
$crowdscout_theme  = get_stylesheet();
$crowdscout_placed = get_option( 'crowdscout_demo_template_parts', array() );
$crowdscout_placed = is_array( $crowdscout_placed ) ? $crowdscout_placed : array();
foreach ( wp_is_block_theme() ? array( 'header', 'footer' ) : array() as $crowdscout_area ) {
	if ( in_array( $crowdscout_theme . '//' . $crowdscout_area, $crowdscout_placed, true ) ) {
		continue;
	}
	$crowdscout_customised = get_posts(
		array(
			'post_type'      => 'wp_template_part',
			'post_status'    => 'any',
			'name'           => $crowdscout_area,
			'tax_query'      => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_tax_query -- once per start.
				array(
					'taxonomy' => 'wp_theme',
					'field'    => 'name',
					'terms'    => $crowdscout_theme,
				),
			),
			'fields'         => 'ids',
			'posts_per_page' => 1,
		)
	);
	if ( array() === $crowdscout_customised ) {
		$crowdscout_part = wp_insert_post(
			array(
				'post_type'    => 'wp_template_part',
				'post_status'  => 'publish',
				'post_name'    => $crowdscout_area,
				'post_title'   => ucfirst( $crowdscout_area ),
				'post_content' => '<!-- wp:crowdscout/site-' . $crowdscout_area . ' /-->',
			),
			true
		);
		if ( is_wp_error( $crowdscout_part ) ) {
			fwrite( STDERR, 'install.php: ' . $crowdscout_part->get_error_message() . "\n" );
			exit( 1 );
		}
		wp_set_post_terms( $crowdscout_part, $crowdscout_theme, 'wp_theme' );
		wp_set_post_terms( $crowdscout_part, $crowdscout_area, 'wp_template_part_area' );
		echo "Crowdscout $crowdscout_area placed in the $crowdscout_theme theme\n";
	}
	$crowdscout_placed[] = $crowdscout_theme . '//' . $crowdscout_area;
}
update_option( 'crowdscout_demo_template_parts', $crowdscout_placed, false );

// WordPress loads no plugin while installing, so rules flushed here would lack the plugin's: drop them instead
// and let the first request, with the plugin loaded, build them.
delete_option( 'rewrite_rules' );
echo "WordPress ready\n";
