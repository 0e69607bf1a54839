<?php
/**
 * Activation, deactivation and uninstall.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * What the plugin sets up when activated and removes when deactivated or uninstalled. Activation is idempotent:
 * the start script runs it again on every start so that a newer plugin adds what it brings.
 */
final class Lifecycle {

	/**
	 * Pages.
	 *
	 * @var Pages
	 */
	private Pages $pages;

	/**
	 * Nonce memory.
	 *
	 * @var Replay_Guard
	 */
	private Replay_Guard $guard;

	/**
	 * Constructor.
	 *
	 * @param Pages        $pages Pages.
	 * @param Replay_Guard $guard Nonce memory.
	 */
	public function __construct( Pages $pages, Replay_Guard $guard ) {
		$this->pages = $pages;
		$this->guard = $guard;
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
	 * Deactivation: the cron event goes; roles, pages and settings stay (uninstall removes roles and settings).
	 *
	 * @param bool $network_wide Whether the plugin is deactivated for the whole network.
	 * @return void
	 */
	public function deactivate( $network_wide = false ): void {
		$this->on_each_site( (bool) $network_wide, array( $this->guard, 'unschedule' ) );
	}

	/**
	 * Sets up the current site.
	 *
	 * @return void
	 */
	public function activate_site(): void {
		Roles::add();
		$this->pages->create();
		$this->guard->schedule();
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
		delete_option( Settings::OPTION );
		delete_option( Pages::OPTION );
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
