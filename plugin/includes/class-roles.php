<?php
/**
 * The tester roles.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Adds the roles `tester` (read) and `tester_lead` (read + crowdscout_lead). They are added on activation and
 * re-added if missing (a site restored without them), and removed only on uninstall.
 */
final class Roles {

	public const TESTER   = 'tester';
	public const LEAD     = 'tester_lead';
	public const LEAD_CAP = 'crowdscout_lead';

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
		if ( null === get_role( self::TESTER ) || null === get_role( self::LEAD ) ) {
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
		// Administrators can do whatever a lead can.
		$administrator = get_role( 'administrator' );
		if ( null !== $administrator && ! $administrator->has_cap( self::LEAD_CAP ) ) {
			$administrator->add_cap( self::LEAD_CAP );
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
			$administrator->remove_cap( self::LEAD_CAP );
		}
	}
}
