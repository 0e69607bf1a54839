<?php
/**
 * Uninstall: removes the roles, settings, page ids, stored nonces and the failed-login table. Pages and users stay.
 *
 * @package Crowdscout
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'settings', 'roles', 'pages', 'replay-guard', 'login-throttle', 'lifecycle' ) as $crowdscout_class_file ) {
	require_once __DIR__ . '/includes/class-' . $crowdscout_class_file . '.php';
}

Crowdscout\Lifecycle::uninstall();
