<?php
/**
 * The public-user-pages setting and the public pages it opens.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Assets;
use Crowdscout\Public_Pages;
use Crowdscout\Settings;

/**
 * The setting (Settings → Crowdscout, off by default, a boolean whatever is posted) decides whether the public view
 * of a bug renders its widget or the loading placeholder alone; the other widgets never depend on it.
 */
final class Public_Pages_Test extends Test_Case {

	/**
	 * A fresh script registry for every test.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		self::reset_scripts();
	}

	/**
	 * Off by default: on a fresh site, with settings saved before the setting existed, and in the defaults.
	 */
	public function test_the_setting_is_off_by_default(): void {
		$this->assertFalse( Settings::defaults()['public_user_pages'] );
		delete_option( Settings::OPTION );
		$this->assertFalse( $this->plugin()->settings()->public_user_pages() );
		update_option( Settings::OPTION, array( 'product_name' => 'Scout' ) );
		$this->assertFalse( $this->plugin()->settings()->public_user_pages() );
		$this->set_settings( array( 'public_user_pages' => true ) );
		$this->assertTrue( $this->plugin()->settings()->public_user_pages() );
	}

	/**
	 * The checkbox posts "1" when ticked and nothing when not; anything else posted still ends as a boolean, and a
	 * missing field turns the setting off (an unticked checkbox sends nothing).
	 */
	public function test_the_setting_is_sanitised_to_a_boolean(): void {
		$settings = $this->plugin()->settings();
		$this->set_settings( array( 'public_user_pages' => true ) );
		foreach ( array( '1', 'on', 1, true ) as $ticked ) {
			$this->assertTrue( $settings->sanitize( array( 'public_user_pages' => $ticked ) )['public_user_pages'], var_export( $ticked, true ) );
		}
		foreach ( array( '', '0', 0, false, null ) as $unticked ) {
			$this->assertFalse( $settings->sanitize( array( 'public_user_pages' => $unticked ) )['public_user_pages'], var_export( $unticked, true ) );
		}
		$this->assertFalse( $settings->sanitize( array() )['public_user_pages'] );
		$this->assertFalse( $settings->sanitize( 'not an array' )['public_user_pages'] );
		$this->assertSame( true, $settings->sanitize( array( 'public_user_pages' => '<script>' ) )['public_user_pages'] );
	}

	/**
	 * The setting goes through the Settings API: registered in the plugin's group (options.php checks that group's
	 * nonce and manage_options), with the sanitiser, and shown as a checkbox reflecting the stored value.
	 */
	public function test_the_setting_is_a_checkbox_of_the_settings_page(): void {
		global $wp_registered_settings, $wp_settings_fields;
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->plugin()->settings()->register_option();
		$this->assertSame( Settings::GROUP, $wp_registered_settings[ Settings::OPTION ]['group'] ?? null );
		$this->assertIsCallable( $wp_registered_settings[ Settings::OPTION ]['sanitize_callback'] );
		$this->assertArrayHasKey( 'crowdscout_public_user_pages', $wp_settings_fields[ Settings::PAGE ]['crowdscout_product'] ?? array() );

		$this->set_settings( array( 'public_user_pages' => false ) );
		ob_start();
		$this->plugin()->settings()->render_public_user_pages_field();
		$off = (string) ob_get_clean();
		$this->assertMatchesRegularExpression( '/<input type="checkbox" id="crowdscout_public_user_pages" name="crowdscout_settings\[public_user_pages\]" value="1"\s*\/>/', $off );

		$this->set_settings( array( 'public_user_pages' => true ) );
		ob_start();
		$this->plugin()->settings()->render_public_user_pages_field();
		$this->assertStringContainsString( "checked='checked'", (string) ob_get_clean() );
	}

	/**
	 * Off: the public bug's block is the loading placeholder alone, in its wide wrapper; nothing mounts there, so
	 * neither the runtime nor the page configuration is added. The stylesheet is, for the spinner.
	 */
	public function test_off_the_public_bug_is_a_placeholder(): void {
		$this->set_settings( array( 'public_user_pages' => false ) );
		$html = do_blocks( '<!-- wp:crowdscout/public-bug /-->' );

		$this->assertStringNotContainsString( 'data-crowdscout-widget', $html );
		$this->assertStringNotContainsString( 'data-crowdscout-attributes', $html );
		$this->assertMatchesRegularExpression( '/^<div class="wp-block-crowdscout-public-bug crowdscout-widget alignwide"><div class="crowdscout-spinner" role="status">/', $html );
		$this->assertStringContainsString( '<span class="crowdscout-visually-hidden">Loading…</span>', $html );
		$this->assertFalse( wp_script_is( Assets::FRONTEND, 'enqueued' ), 'No runtime, so no widget and no configuration.' );
		$this->assertFalse( $this->plugin()->assets()->has_page_config() );

		$this->assertStringContainsString( 'alignfull', do_blocks( '<!-- wp:crowdscout/public-bug {"align":"full"} /-->' ) );
		$shortcode = do_shortcode( '[crowdscout widget="Public-Bug"]' );
		$this->assertStringNotContainsString( 'data-crowdscout-widget', $shortcode );
		$this->assertStringContainsString( 'crowdscout-spinner', $shortcode );
		$this->assertFalse( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
	}

	/**
	 * On: the public bug's block and shortcode render the mount container as every widget does.
	 */
	public function test_on_the_public_bug_mounts(): void {
		$this->set_settings( array( 'public_user_pages' => true ) );
		$html = do_blocks( '<!-- wp:crowdscout/public-bug /-->' );
		$this->assertStringContainsString( 'data-crowdscout-widget="public-bug"', $html );
		$this->assertStringNotContainsString( 'crowdscout-spinner', $html );
		$this->assertTrue( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
		$this->assertStringContainsString( 'data-crowdscout-widget="public-bug"', do_shortcode( '[crowdscout widget="public-bug"]' ) );
	}

	/**
	 * The setting concerns the public widgets only: the bug form and the bug's own page render either way.
	 */
	public function test_other_widgets_do_not_depend_on_the_setting(): void {
		$this->set_settings( array( 'public_user_pages' => false ) );
		$pages = $this->plugin()->public_pages();
		$this->assertInstanceOf( Public_Pages::class, $pages );
		$this->assertFalse( $pages->is_available( 'public-bug' ) );
		$this->assertTrue( $pages->is_available( 'bug-form' ) );
		$this->assertStringContainsString( 'data-crowdscout-widget="bug-form"', do_blocks( '<!-- wp:crowdscout/bug-form /-->' ) );
		$this->assertStringContainsString( 'data-crowdscout-widget="bug"', do_shortcode( '[crowdscout widget="bug"]' ) );
		$this->assertSame( 'kept', $pages->filter_block( 'kept', array( 'blockName' => 'crowdscout/public-bug' ) ), 'An earlier answer wins.' );
	}

	/**
	 * A page holding the public bug is kept out of search engines; any other page is left as it was.
	 */
	public function test_the_public_page_is_not_indexed(): void {
		$public = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_content' => '<!-- wp:crowdscout/public-bug /-->',
			)
		);
		$other  = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_content' => '<!-- wp:paragraph --><p>Hello</p><!-- /wp:paragraph -->',
			)
		);
		$pages = $this->plugin()->public_pages();

		$this->query_page( $public );
		$this->assertSame( array( 'noindex' => true, 'nofollow' => true ), $pages->robots( array() ) );
		$this->query_page( $other );
		$this->assertSame( array( 'max-image-preview' => 'large' ), $pages->robots( array( 'max-image-preview' => 'large' ) ) );
		wp_delete_post( $public, true );
		wp_delete_post( $other, true );
	}

	/**
	 * Queries a page as the front end would.
	 *
	 * @param int $page_id Page id.
	 * @return void
	 */
	private function query_page( int $page_id ): void {
		global $wp_query, $wp_the_query;
		$wp_query     = new \WP_Query( array( 'page_id' => $page_id ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the test's front-end request.
		$wp_the_query = $wp_query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}
}
