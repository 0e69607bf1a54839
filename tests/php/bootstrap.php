<?php
/**
 * PHPUnit bootstrap: loads the WordPress named by CROWDSCOUT_WP_PATH with this repository's plugin.
 *
 * Run: CROWDSCOUT_WP_PATH=/path/to/wordpress phpunit -c tests/php/phpunit.xml
 * (see phpunit.xml). Use a disposable database: the tests write users, options and posts.
 *
 * @package Crowdscout
 */

/*
 * PHPUnit includes this file from inside a method, so the variables WordPress sets at file scope would be locals
 * here and invisible to the functions that read them as globals (shortcodes, rewrite rules and the query break
 * silently). Declare them global before loading WordPress.
 */
global $wpdb, $table_prefix, $wp_version, $wp_db_version, $tinymce_version, $required_php_version,
	$required_mysql_version, $wp_local_package, $wp, $wp_query, $wp_the_query, $wp_rewrite, $wp_roles, $wp_locale,
	$wp_locale_switcher, $wp_embed, $wp_widget_factory, $wp_textdomain_registry, $wp_plugin_paths, $wp_filter,
	$wp_actions, $wp_filters, $wp_current_filter, $shortcode_tags, $allowedposttags, $allowedtags,
	$allowedentitynames, $allowedxmlentitynames, $pagenow, $is_apache, $is_IIS, $is_iis7, $is_nginx, $is_caddy,
	$wp_registered_sidebars, $wp_registered_widgets, $wp_registered_widget_controls, $wp_registered_widget_updates,
	$_wp_sidebars_widgets, $_wp_deprecated_widgets_callbacks, $wp_post_types, $wp_post_statuses, $wp_taxonomies,
	$current_user, $post, $wp_scripts, $wp_styles, $blog_id, $content_width, $wp_theme_directories, $l10n, $locale,
	$timestart, $wp_object_cache, $_wp_using_ext_object_cache, $wp_rest_server, $wp_meta_boxes, $wp_admin_bar,
	$current_site, $current_blog, $wp_user_roles, $wp_cockneyreplace, $wpsmiliestrans, $wp_smiliessearch;

$crowdscout_wp_path = rtrim( (string) getenv( 'CROWDSCOUT_WP_PATH' ), '/' );
if ( '' === $crowdscout_wp_path || ! is_file( $crowdscout_wp_path . '/wp-load.php' ) ) {
	fwrite( STDERR, "Set CROWDSCOUT_WP_PATH to an installed WordPress (the folder holding wp-load.php).\n" );
	exit( 1 );
}

// A plausible web request for code that reads $_SERVER.
$_SERVER['HTTP_HOST']       = $_SERVER['HTTP_HOST'] ?? 'localhost';
$_SERVER['SERVER_NAME']     = $_SERVER['SERVER_NAME'] ?? 'localhost';
$_SERVER['SERVER_PORT']     = $_SERVER['SERVER_PORT'] ?? '80';
$_SERVER['REQUEST_URI']     = '/crowdscout-phpunit/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';

define( 'CROWDSCOUT_TESTS_PLUGIN_FILE', dirname( __DIR__, 2 ) . '/plugin/crowdscout.php' );

/*
 * Load this repository's plugin before the regular plugins, so the tests exercise this code even when the
 * install holds another copy (that copy then returns early: the plugin guards against a second load). Hooks
 * registered before plugin.php loads are picked up by WP_Hook::build_preinitialized_hooks().
 */
$wp_filter['muplugins_loaded'][10]['crowdscout_tests_load_plugin'] = array(
	'function'      => static function (): void {
		require_once CROWDSCOUT_TESTS_PLUGIN_FILE;
	},
	'accepted_args' => 0,
);

require_once $crowdscout_wp_path . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/user.php';
require_once __DIR__ . '/class-test-case.php';

if ( ! class_exists( 'Crowdscout\\Plugin' ) ) {
	fwrite( STDERR, "The Crowdscout plugin did not load.\n" );
	exit( 1 );
}
