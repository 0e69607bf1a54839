<?php
/**
 * Base class of the plugin tests.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Assets;
use Crowdscout\Plugin;
use Crowdscout\Settings;
use PHPUnit\Framework\TestCase;
use WP_User;

/**
 * Gives every test a known shared secret (CROWDSCOUT_SECRET when wp-config defines it, else one stored for the
 * test), a logged-out start, and cleans up the users and settings it changed.
 */
abstract class Test_Case extends TestCase {

	/**
	 * Secret stored when wp-config.php defines none.
	 */
	protected const TEST_SECRET = 'phpunit-secret-0123456789-abcdefghijklmnop';

	/**
	 * The settings option as it was before the test (null when absent).
	 *
	 * @var mixed
	 */
	private $saved_settings;

	/**
	 * Ids of users created by the test.
	 *
	 * @var int[]
	 */
	private array $created_users = array();

	/**
	 * Stores the test secret and logs out.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved_settings = get_option( Settings::OPTION, null );
		if ( ! defined( 'CROWDSCOUT_SECRET' ) ) {
			$this->set_settings( array( 'secret' => self::TEST_SECRET ) );
		}
		wp_set_current_user( 0 );
	}

	/**
	 * Deletes the test's users and restores the settings.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		wp_set_current_user( 0 );
		foreach ( $this->created_users as $user_id ) {
			if ( get_userdata( $user_id ) ) {
				wp_delete_user( $user_id );
			}
		}
		if ( null === $this->saved_settings ) {
			delete_option( Settings::OPTION );
		} else {
			update_option( Settings::OPTION, $this->saved_settings );
		}
		parent::tearDown();
	}

	/**
	 * The plugin.
	 *
	 * @return Plugin
	 */
	protected function plugin(): Plugin {
		return Plugin::instance();
	}

	/**
	 * The secret the plugin is expected to use.
	 *
	 * @return string
	 */
	protected function secret(): string {
		return defined( 'CROWDSCOUT_SECRET' ) ? trim( (string) CROWDSCOUT_SECRET ) : self::TEST_SECRET;
	}

	/**
	 * Overwrites some stored settings for this test.
	 *
	 * @param array<string, mixed> $values Settings.
	 * @return void
	 */
	protected function set_settings( array $values ): void {
		$current = get_option( Settings::OPTION, array() );
		update_option( Settings::OPTION, array_merge( Settings::defaults(), is_array( $current ) ? $current : array(), $values ) );
	}

	/**
	 * Creates a user that is deleted after the test.
	 *
	 * @param string               $role  Role ('' for none).
	 * @param array<string, mixed> $extra More user fields.
	 * @return WP_User
	 */
	protected function create_user( string $role = 'tester', array $extra = array() ): WP_User {
		$suffix  = strtolower( wp_generate_password( 10, false ) );
		$user_id = wp_insert_user(
			array_merge(
				array(
					'user_login'   => 'phpunit_' . $suffix,
					'user_email'   => 'phpunit_' . $suffix . '@example.test',
					'user_pass'    => wp_generate_password( 20 ),
					'display_name' => 'PHPUnit ' . $suffix,
					'role'         => $role,
				),
				$extra
			)
		);
		$this->assertIsInt( $user_id, is_wp_error( $user_id ) ? $user_id->get_error_message() : '' );
		$this->created_users[] = $user_id;
		return new WP_User( $user_id );
	}

	/**
	 * Marks a user created by code under test for deletion after the test.
	 *
	 * @param int $user_id User id.
	 * @return void
	 */
	protected function forget_user_after_test( int $user_id ): void {
		$this->created_users[] = $user_id;
	}

	/**
	 * Starts a fresh script and style registry (nothing enqueued, no inline scripts) with the runtime handle
	 * registered: from the build when there is one, else a stand-in, so the tests do not depend on `npm run build`.
	 *
	 * @return void
	 */
	protected static function reset_scripts(): void {
		$GLOBALS['wp_scripts'] = null;
		$GLOBALS['wp_styles']  = null;
		wp_scripts();
		wp_styles();
		Plugin::instance()->assets()->register_assets();
		if ( ! wp_script_is( Assets::FRONTEND, 'registered' ) ) {
			wp_register_script( Assets::FRONTEND, 'https://example.test/frontend.js', array(), '1', array( 'in_footer' => true ) );
		}
	}

	/**
	 * Splits and decodes a JWT.
	 *
	 * @param string $token Token.
	 * @return array{header: array<string, mixed>, claims: array<string, mixed>, signing_input: string, signature: string}
	 */
	protected static function decode_jwt( string $token ): array {
		$parts = explode( '.', $token );
		self::assertCount( 3, $parts, 'A JWT has three parts.' );
		$decode = static fn( string $part ): string => (string) base64_decode( strtr( $part, '-_', '+/' ), true );
		return array(
			'header'        => json_decode( $decode( $parts[0] ), true ),
			'claims'        => json_decode( $decode( $parts[1] ), true ),
			'signing_input' => $parts[0] . '.' . $parts[1],
			'signature'     => $decode( $parts[2] ),
		);
	}
}
