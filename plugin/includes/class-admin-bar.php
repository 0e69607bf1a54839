<?php
/**
 * Admin bar visibility.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Hides WordPress's admin bar on the front end from users who cannot edit posts (testers): the product has its
 * own navigation.
 */
final class Admin_Bar {

	/**
	 * Registers the filter.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'show_admin_bar', array( $this, 'filter' ) );
	}

	/**
	 * Keeps the bar only for users who can edit posts.
	 *
	 * @param bool $show Whether WordPress would show it.
	 * @return bool
	 */
	public function filter( $show ): bool {
		return (bool) $show && current_user_can( 'edit_posts' );
	}
}
