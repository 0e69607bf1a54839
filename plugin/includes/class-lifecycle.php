<?php
/**
 * Activation, deactivation and uninstall.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * What the plugin sets up when activated and removes when deactivated or uninstalled. Activation is idempotent.
 * WordPress runs no activation on an update (nor does the development install script, which runs while WordPress
 * is installing and so never loads an active plugin), so the set-up also runs again on the first request after
 * the page list changed (and the login throttle's table when its schema version changed).
 */
final class Lifecycle {

	/**
	 * Option holding the page list version the site was last set up with (Pages::version()).
	 */
	public const SETUP_OPTION = 'crowdscout_setup';

	/**
	 * Pages.
	 *
	 * @var Pages
	 */
	private Pages $pages;

	/**
	 * Routing.
	 *
	 * @var Router
	 */
	private Router $router;

	/**
	 * Nonce memory.
	 *
	 * @var Replay_Guard
	 */
	private Replay_Guard $guard;

	/**
	 * Failed-login counters (they own a table).
	 *
	 * @var Login_Throttle
	 */
	private Login_Throttle $throttle;

	/**
	 * Constructor.
	 *
	 * @param Pages          $pages    Pages.
	 * @param Router         $router   Routing.
	 * @param Replay_Guard   $guard    Nonce memory.
	 * @param Login_Throttle $throttle Failed-login counters.
	 */
	public function __construct( Pages $pages, Router $router, Replay_Guard $guard, Login_Throttle $throttle ) {
		$this->pages    = $pages;
		$this->router   = $router;
		$this->guard    = $guard;
		$this->throttle = $throttle;
	}

	/**
	 * Registers the set-up after an update.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'maybe_upgrade' ), 20 );
	}

	/**
	 * Activation: roles, pages, cron — on every site when network-activated.
	 *
	 * @param bool $network_wide Whether the plugin is activated for the whole network.
	 * @return void
	 */
	public function activate( $network_wide = false ): void {
		$this->on_each_site( (bool) $network_wide, array( $this, 'activate_site' ) );
	}

	/**
	 * Deactivation: the cron event and our rewrite rules go; roles, pages and settings stay (uninstall removes
	 * roles and settings).
	 *
	 * @param bool $network_wide Whether the plugin is deactivated for the whole network.
	 * @return void
	 */
	public function deactivate( $network_wide = false ): void {
		$this->on_each_site( (bool) $network_wide, array( $this, 'deactivate_site' ) );
	}

	/**
	 * Sets up the current site: tables, roles, pages, rewrite rules, cron.
	 *
	 * @return void
	 */
	public function activate_site(): void {
		$this->throttle->install();
		Roles::add();
		$this->pages->create();
		// The plugin is being activated after init: its rules were never added in this request.
		$this->router->add_rewrite_rules();
		flush_rewrite_rules( false );
		$this->guard->schedule();
		update_option( self::SETUP_OPTION, Pages::version() );
	}

	/**
	 * Undoes the set-up of the current site that must not outlive the plugin.
	 *
	 * @return void
	 */
	public function deactivate_site(): void {
		$this->guard->unschedule();
		// Our rules are registered in this very request, so a flush now would keep them: let WordPress rebuild
		// the rules on the next request, without this plugin.
		delete_option( 'rewrite_rules' );
	}

	/**
	 * Sets the site up again when the page list changed since the last set-up (init). One request does it: the
	 * others go on meanwhile, so that two first requests never create the same page twice.
	 *
	 * @return void
	 */
	public function maybe_upgrade(): void {
		if ( wp_installing() ) {
			return;
		}
		if ( ! Login_Throttle::is_installed() ) {
			// dbDelta is idempotent, and a concurrent CREATE of the same table fails harmlessly.
			$this->throttle->install();
		}
		if ( Pages::version() === get_option( self::SETUP_OPTION ) ) {
			return;
		}
		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
		if ( ! \WP_Upgrader::create_lock( self::SETUP_OPTION, 5 * MINUTE_IN_SECONDS ) ) {
			return;
		}
		$this->activate_site();
		\WP_Upgrader::release_lock( self::SETUP_OPTION );
	}

	/**
	 * Removes what the plugin stored on the current site. Pages are content and stay.
	 *
	 * @return void
	 */
	public static function uninstall_site(): void {
		$guard = new Replay_Guard();
		Roles::remove();
		$guard->unschedule();
		$guard->forget_all();
		Login_Throttle::uninstall();
		delete_option( Settings::OPTION );
		delete_option( Pages::OPTION );
		delete_option( self::SETUP_OPTION );
	}

	/**
	 * Uninstall: every site of a network, or the single site.
	 *
	 * @return void
	 */
	public static function uninstall(): void {
		if ( ! is_multisite() ) {
			self::uninstall_site();
			return;
		}
		foreach ( self::site_ids() as $site_id ) {
			switch_to_blog( $site_id );
			self::uninstall_site();
			restore_current_blog();
		}
	}

	/**
	 * Runs a callback on the current site, or on every site of the network.
	 *
	 * @param bool     $network_wide Whether to run on every site.
	 * @param callable $callback     Callback.
	 * @return void
	 */
	private function on_each_site( bool $network_wide, callable $callback ): void {
		if ( ! $network_wide || ! is_multisite() ) {
			$callback();
			return;
		}
		foreach ( self::site_ids() as $site_id ) {
			switch_to_blog( $site_id );
			$callback();
			restore_current_blog();
		}
	}

	/**
	 * Ids of every site of the network.
	 *
	 * @return int[]
	 */
	private static function site_ids(): array {
		$ids = get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		);
		return array_map( 'intval', $ids );
	}
}
