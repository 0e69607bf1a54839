<?php
/**
 * The Crowdscout menu of wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;

defined( 'ABSPATH' ) || exit;

/**
 * The top-level "Crowdscout" menu, open to whoever has `crowdscout_lead` (administrators and tester leads). Its
 * first entry is Campaigns, which shares the menu's slug; every other screen adds itself under it with its own
 * capability and position (add_submenu_page), after this runs.
 */
final class Menu {

	public const SLUG = 'crowdscout-campaigns';

	/**
	 * Positions of the entries under the menu.
	 */
	public const POSITION = array(
		'campaigns'  => 0,
		'candidates' => 1,
		'bugs'       => 2,
		'testers'    => 3,
		'fiscal'     => 4,
		'payouts'    => 5,
		'messages'   => 6,
	);

	/**
	 * Adds the menu before the screens add their entries.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ), 9 );
	}

	/**
	 * `admin_menu`: the top-level menu. Its page is the Campaigns screen's, registered by that screen under the
	 * same slug.
	 *
	 * @return void
	 */
	public function add_menu(): void {
		add_menu_page(
			__( 'Campaigns', 'crowdscout' ),
			__( 'Crowdscout', 'crowdscout' ),
			Roles::LEAD_CAP,
			self::SLUG,
			'',
			'dashicons-groups',
			30
		);
	}

	/**
	 * The screen id WordPress gives an entry under the menu (`{menu}_page_{slug}`; the first entry's is
	 * `toplevel_page_{slug}`).
	 *
	 * @param string $slug The entry's slug.
	 * @return string
	 */
	public static function screen_id( string $slug ): string {
		return self::SLUG === $slug ? 'toplevel_page_' . $slug : 'crowdscout_page_' . $slug;
	}

	/**
	 * Adds a screen's entry under the menu and runs its `load()` before it prints (where its actions are handled).
	 *
	 * @param string $title      The entry's and the page's title.
	 * @param string $capability Who sees it.
	 * @param string $slug       The page's slug.
	 * @param object $screen     The screen: its `render()` prints the page, its `load()` runs first.
	 * @param string $position   Its key in POSITION.
	 * @return void
	 */
	public static function add_entry( string $title, string $capability, string $slug, object $screen, string $position ): void {
		$hook = add_submenu_page( self::SLUG, $title, $title, $capability, $slug, array( $screen, 'render' ), self::POSITION[ $position ] );
		if ( is_string( $hook ) ) {
			add_action( 'load-' . $hook, array( $screen, 'load' ) );
		}
	}
}
