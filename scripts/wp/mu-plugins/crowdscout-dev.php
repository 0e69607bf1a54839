<?php
/**
 * Plugin Name: Crowdscout development environment
 * Description: Keeps the development WordPress offline and quiet: no outbound HTTP but loopback, no update
 * checks, mail written to a file. Installed by scripts/start.mjs; never part of the plugin zip.
 *
 * @package crowdscout
 */

add_filter(
	'pre_http_request',
	static function ( $preempt, $args, $url ) {
		$host = (string) wp_parse_url( $url, PHP_URL_HOST );
		if ( in_array( $host, array( '127.0.0.1', 'localhost', '::1', '[::1]' ), true ) ) {
			return $preempt;
		}
		return new WP_Error( 'crowdscout_offline', sprintf( 'Outbound HTTP is blocked in development (%s).', $host ) );
	},
	1,
	3
);

add_filter( 'automatic_updater_disabled', '__return_true' );
add_filter( 'wp_is_application_passwords_available', '__return_false' );
remove_action( 'init', 'wp_schedule_update_checks' );
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
remove_action( 'wp_version_check', 'wp_version_check' );
add_filter( 'pre_site_transient_update_core', '__return_null' );
add_filter( 'pre_site_transient_update_plugins', '__return_null' );
add_filter( 'pre_site_transient_update_themes', '__return_null' );

// Mail goes to a JSON-lines file that tests and developers can read.
add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, $atts ) {
		if ( ! defined( 'CROWDSCOUT_MAIL_FILE' ) ) {
			return $short_circuit;
		}
		$line = wp_json_encode(
			array(
				'date'    => gmdate( 'c' ),
				'to'      => $atts['to'],
				'subject' => $atts['subject'],
				'message' => $atts['message'],
				'headers' => $atts['headers'],
			)
		);
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a log file, not content.
		return false !== file_put_contents( CROWDSCOUT_MAIL_FILE, $line . "\n", FILE_APPEND | LOCK_EX );
	},
	10,
	2
);

// The demo team lead (README, "Demo logins") signs up through the API like every demo tester; here it becomes a
// tester_lead, the role that sees the Admin entry of the sidebar. Development only.
add_action(
	'user_register',
	static function ( $user_id ) {
		$user = get_userdata( $user_id );
		if ( $user instanceof WP_User && 'lead@crowdscout.test' === $user->user_email ) {
			$user->set_role( 'tester_lead' );
		}
	},
	20
);
