<?php
/**
 * The page configuration.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Assets;
use Crowdscout\Page_Config;

/**
 * `window.crowdscoutConfig`: its shape, the token only for logged-in users, added once per page.
 */
final class Page_Config_Test extends Test_Case {

	/**
	 * Fresh script registry with the runtime handle.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		self::reset_scripts();
	}

	/**
	 * Visitors: no token, no user; every other key present.
	 */
	public function test_visitor_gets_no_token_and_no_user(): void {
		$config = $this->plugin()->page_config()->build();

		$this->assertSame(
			array( 'apiBase', 'token', 'tokenExpiresAt', 'ajaxUrl', 'nonces', 'locale', 'productName', 'siteUrl', 'loginUrl', 'user', 'features', 'referral', 'feedbackUrl' ),
			array_keys( $config )
		);
		$this->assertNull( $config['token'] );
		$this->assertNull( $config['tokenExpiresAt'] );
		$this->assertNull( $config['user'] );
		$this->assertSame( admin_url( 'admin-ajax.php' ), $config['ajaxUrl'] );
		$this->assertSame( home_url( '/' ), $config['siteUrl'] );
		$this->assertStringStartsWith( wp_login_url(), $config['loginUrl'] );
		$home   = wp_parse_url( home_url() );
		$origin = $home['scheme'] . '://' . $home['host'] . ( isset( $home['port'] ) ? ':' . $home['port'] : '' );
		$this->assertSame( wp_login_url( $origin . '/crowdscout-phpunit/' ), $config['loginUrl'], 'Login comes back to the current page.' );
		$this->assertContains( $config['locale'], array( 'en', 'it', 'es', 'fr' ) );
		$this->assertSame( array( 'publicUserPages' => false ), $config['features'] );
		$this->assertNull( $config['referral'] );
		$this->assertSame( 1, wp_verify_nonce( $config['nonces']['token'], 'crowdscout_refresh_token' ) );
	}

	/**
	 * Logged-in users: a token for them, their basics.
	 */
	public function test_logged_in_user_gets_a_token_and_basics(): void {
		$user = $this->create_user( 'tester', array( 'display_name' => 'Dana Demo' ) );
		wp_set_current_user( $user->ID );

		$before = time();
		$config = $this->plugin()->page_config()->build();

		$this->assertIsString( $config['token'] );
		$claims = self::decode_jwt( $config['token'] )['claims'];
		$this->assertSame( (string) $user->ID, $claims['sub'] );
		$this->assertSame( 'tester', $claims['role'] );
		$this->assertGreaterThanOrEqual( $before, $claims['iat'] );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:s\Z', $claims['exp'] ), $config['tokenExpiresAt'] );
		$this->assertSame(
			array(
				'id'          => $user->ID,
				'displayName' => 'Dana Demo',
				'roles'       => array( 'tester' ),
			),
			$config['user']
		);
		$this->assertSame( 1, wp_verify_nonce( $config['nonces']['token'], 'crowdscout_refresh_token' ) );
	}

	/**
	 * Settings flow into the configuration.
	 */
	public function test_settings_are_reflected(): void {
		$this->set_settings(
			array(
				'product_name'      => 'Ranger',
				'public_user_pages' => true,
			)
		);
		$config = $this->plugin()->page_config()->build();
		$this->assertSame( 'Ranger', $config['productName'] );
		$this->assertSame( array( 'publicUserPages' => true ), $config['features'] );
		if ( ! defined( 'CROWDSCOUT_PUBLIC_API_URL' ) ) {
			$this->assertSame( home_url( '/api' ), $config['apiBase'] );
			$this->set_settings( array( 'public_api_url' => 'https://api.example.test/api' ) );
			$this->assertSame( 'https://api.example.test/api', $this->plugin()->page_config()->build()['apiBase'] );
		}
	}

	/**
	 * The inline script defines the object, in JSON that cannot close the script element.
	 */
	public function test_script_is_safe_json(): void {
		$script = Page_Config::script( array( 'productName' => '</script><script>alert(1)</script>' ) );
		$this->assertStringStartsWith( 'window.crowdscoutConfig = {', $script );
		$this->assertStringEndsWith( '};', $script );
		$this->assertStringNotContainsString( '<', $script );
		$json = substr( $script, strlen( 'window.crowdscoutConfig = ' ), -1 );
		$this->assertSame( '</script><script>alert(1)</script>', json_decode( $json, true )['productName'] );
	}

	/**
	 * Enqueuing the runtime for several widgets adds the configuration exactly once, before the runtime.
	 */
	public function test_config_is_added_once_per_page(): void {
		$user = $this->create_user( 'tester' );
		wp_set_current_user( $user->ID );

		$assets = $this->plugin()->assets();
		$assets->enqueue_runtime();
		$assets->enqueue_runtime();
		$assets->enqueue_runtime();

		$this->assertTrue( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
		$before = wp_scripts()->get_data( Assets::FRONTEND, 'before' );
		$this->assertIsArray( $before );
		$configs = array_filter( $before, static fn( $s ) => is_string( $s ) && str_contains( $s, 'window.crowdscoutConfig' ) );
		$this->assertCount( 1, $configs );
		$config = json_decode( substr( (string) reset( $configs ), strlen( 'window.crowdscoutConfig = ' ), -1 ), true );
		$this->assertSame( $user->ID, $config['user']['id'] );
		$this->assertSame( (string) $user->ID, self::decode_jwt( $config['token'] )['claims']['sub'] );
	}

	/**
	 * Nothing is enqueued on a page that renders no widget.
	 */
	public function test_runtime_is_not_enqueued_by_default(): void {
		$this->assertTrue( wp_script_is( Assets::FRONTEND, 'registered' ) );
		$this->assertFalse( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
		$this->assertFalse( $this->plugin()->assets()->has_page_config() );
	}
}
