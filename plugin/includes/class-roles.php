<?php
/**
 * The tester roles.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Adds the roles `tester` (read) and `tester_lead` (read + crowdscout_lead), and the back office's capabilities.
 * They are added on activation and re-added if missing (a site restored without them, or one activated before a
 * capability existed), and removed only on uninstall.
 *
 * The back office (wp-admin → Crowdscout) checks these, never a role name:
 * - `crowdscout_lead`: reach the back office and run the campaigns one leads (their candidates, bugs and tasks);
 *   a `tester_lead` has only this, and the API holds them to the campaigns whose team leader they are;
 * - `crowdscout_manage_campaigns`: every campaign, to create, edit, duplicate and close;
 * - `crowdscout_manage_payouts`, `crowdscout_verify_fiscal`, `crowdscout_send_messages`,
 *   `crowdscout_manage_testers`: the screens of those names.
 * Administrators have them all.
 */
final class Roles {

	public const TESTER   = 'tester';
	public const LEAD     = 'tester_lead';
	public const LEAD_CAP = 'crowdscout_lead';

	public const CAP_CAMPAIGNS = 'crowdscout_manage_campaigns';
	public const CAP_PAYOUTS   = 'crowdscout_manage_payouts';
	public const CAP_FISCAL    = 'crowdscout_verify_fiscal';
	public const CAP_MESSAGES  = 'crowdscout_send_messages';
	public const CAP_TESTERS   = 'crowdscout_manage_testers';

	/**
	 * Every capability an administrator is given.
	 *
	 * @return string[]
	 */
	public static function administrator_caps(): array {
		return array( self::LEAD_CAP, self::CAP_CAMPAIGNS, self::CAP_PAYOUTS, self::CAP_FISCAL, self::CAP_MESSAGES, self::CAP_TESTERS );
	}

	/**
	 * Registers the self-repair on init.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( self::class, 'ensure' ) );
	}

	/**
	 * Adds the roles if one is missing (role lookups are in memory: cheap on every request).
	 *
	 * @return void
	 */
	public static function ensure(): void {
		$administrator = get_role( 'administrator' );
		if ( null === get_role( self::TESTER ) || null === get_role( self::LEAD ) || ( null !== $administrator && ! $administrator->has_cap( self::CAP_TESTERS ) ) ) {
			self::add();
		}
	}

	/**
	 * Adds the roles and capabilities; idempotent.
	 *
	 * @return void
	 */
	public static function add(): void {
		$roles = array(
			self::TESTER => array(
				'name' => 'Tester',
				'caps' => array( 'read' => true ),
			),
			self::LEAD   => array(
				'name' => 'Tester lead',
				'caps' => array(
					'read'         => true,
					self::LEAD_CAP => true,
				),
			),
		);
		foreach ( $roles as $slug => $role ) {
			$existing = get_role( $slug );
			if ( null === $existing ) {
				add_role( $slug, $role['name'], $role['caps'] );
				continue;
			}
			foreach ( $role['caps'] as $cap => $grant ) {
				if ( ! $existing->has_cap( $cap ) ) {
					$existing->add_cap( $cap, $grant );
				}
			}
		}
		// Administrators can do everything in the back office.
		$administrator = get_role( 'administrator' );
		if ( null !== $administrator ) {
			foreach ( self::administrator_caps() as $cap ) {
				if ( ! $administrator->has_cap( $cap ) ) {
					$administrator->add_cap( $cap );
				}
			}
		}
	}

	/**
	 * Removes the roles and the capability (uninstall).
	 *
	 * @return void
	 */
	public static function remove(): void {
		remove_role( self::TESTER );
		remove_role( self::LEAD );
		$administrator = get_role( 'administrator' );
		if ( null !== $administrator ) {
			foreach ( self::administrator_caps() as $cap ) {
				$administrator->remove_cap( $cap );
			}
		}
	}
}
