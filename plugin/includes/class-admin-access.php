<?php
/**
 * Who may open wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Sends testers who open wp-admin to their dashboard, as community sites do: the product is their interface. Users
 * who can edit posts (administrators, editors…) and team leads (the sidebar's Admin entry) stay. admin-ajax.php and
 * admin-post.php keep working for everyone: the product's own actions go through them. The front end's admin bar is
 * hidden from the same testers by Admin_Bar.
 */
final class Admin_Access {

	/**
	 * Registers the redirect.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_init', array( $this, 'redirect' ), 1 );
	}

	/**
	 * `admin_init`: a tester on a wp-admin screen goes to the dashboard page.
	 *
	 * @return void
	 */
	public function redirect(): void {
		global $pagenow;
		if ( wp_doing_ajax() || 'admin-post.php' === $pagenow || ! self::is_kept_out( get_current_user_id() ) ) {
			return;
		}
		wp_safe_redirect( Routes::url( Routes::DASHBOARD ), Routes::TEMPORARY );
		exit;
	}

	/**
	 * Whether a logged-in user is kept out of wp-admin screens.
	 *
	 * @param int $user_id User id (0: a visitor, whom WordPress sends to its login page itself).
	 * @return bool
	 */
	public static function is_kept_out( int $user_id ): bool {
		return $user_id > 0 && ! user_can( $user_id, 'edit_posts' ) && ! user_can( $user_id, Roles::LEAD_CAP );
	}
}
