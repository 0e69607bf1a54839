<?php
/**
 * Login throttling.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Client_Address;
use Crowdscout\Login_Throttle;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The failed-login table, its slow-down per account and address, its limits per account and per address, the
 * window, pruning, the client address behind trusted proxies, and the internal password check going through it.
 */
final class Login_Throttle_Test extends Test_Case {

	/**
	 * The throttle.
	 *
	 * @var Login_Throttle
	 */
	private Login_Throttle $throttle;

	/**
	 * An empty failure table.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->throttle = $this->plugin()->login_throttle();
		self::empty_table();
	}

	/**
	 * Leaves no failures behind.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		self::empty_table();
		parent::tearDown();
	}

	/**
	 * The table exists after set-up, and installing again changes nothing.
	 */
	public function test_table_is_installed_idempotently(): void {
		global $wpdb;
		$this->throttle->install();
		$this->throttle->install();
		$this->assertTrue( Login_Throttle::is_installed() );
		$this->assertSame( Login_Throttle::table(), $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Login_Throttle::table() ) ) );
		$this->throttle->record_failure( 'someone@example.test', '203.0.113.5' );
		$this->assertSame( 1, self::failures() );
		// Nothing readable is stored.
		$row = $wpdb->get_row( 'SELECT * FROM ' . Login_Throttle::table(), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertStringNotContainsString( 'someone', implode( ' ', $row ) );
		$this->assertStringNotContainsString( '203.0.113.5', implode( ' ', $row ) );
	}

	/**
	 * An account is refused at ACCOUNT_LIMIT failures within the window, from any address; its email and login
	 * share one budget; another account is not affected; failures older than the window do not count.
	 */
	public function test_account_limit(): void {
		$user  = $this->create_user();
		$other = $this->create_user();
		$now   = time();
		for ( $i = 0; $i < Login_Throttle::ACCOUNT_LIMIT - 1; $i++ ) {
			$this->throttle->record_failure( 0 === $i % 2 ? $user->user_email : $user->user_login, '198.51.100.' . ( $i % 200 ), $now - 10 );
		}
		$this->assertFalse( $this->throttle->is_throttled( $user->user_email, '203.0.113.9', $now ) );
		$this->throttle->record_failure( strtoupper( $user->user_email ), '198.51.100.1', $now - 10 );
		$this->assertTrue( $this->throttle->is_throttled( $user->user_email, '203.0.113.9', $now ) );
		$this->assertTrue( $this->throttle->is_throttled( ' ' . $user->user_login, '', $now ), 'The login is the same account.' );
		$this->assertFalse( $this->throttle->is_throttled( $other->user_email, '198.51.100.1', $now ) );
		$this->assertFalse( $this->throttle->is_throttled( $user->user_email, '203.0.113.9', $now + Login_Throttle::WINDOW ), 'The window passed.' );
	}

	/**
	 * An address is refused at ADDRESS_LIMIT failures within the window, whatever account it tries.
	 */
	public function test_address_limit(): void {
		global $wpdb;
		$now  = time();
		$hash = null;
		$this->throttle->record_failure( 'first@example.test', '203.0.113.7', $now - 5 );
		$hash = $wpdb->get_var( 'SELECT address_hash FROM ' . Login_Throttle::table() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		// Bulk rows for speed: ADDRESS_LIMIT - 2 more from the same address, each for another name.
		$values = array();
		for ( $i = 0; $i < Login_Throttle::ADDRESS_LIMIT - 2; $i++ ) {
			$values[] = $wpdb->prepare( '(%s, %s, %d)', hash( 'sha256', 'name' . $i ), $hash, $now - 5 );
		}
		foreach ( array_chunk( $values, 100 ) as $chunk ) {
			$wpdb->query( 'INSERT INTO ' . Login_Throttle::table() . ' (account_hash, address_hash, failed_at) VALUES ' . implode( ',', $chunk ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		}
		$this->assertFalse( $this->throttle->is_throttled( 'fresh@example.test', '203.0.113.7', $now ) );
		$this->throttle->record_failure( 'last@example.test', '203.0.113.7', $now - 5 );
		$this->assertTrue( $this->throttle->is_throttled( 'fresh@example.test', '203.0.113.7', $now ) );
		$this->assertFalse( $this->throttle->is_throttled( 'fresh@example.test', '203.0.113.8', $now ), 'Another address is fine.' );
		$this->assertFalse( $this->throttle->is_throttled( 'fresh@example.test', '', $now ), 'No address: only the account counts.' );
	}

	/**
	 * A success forgets that account's failures from that address only; pruning removes rows beyond the window.
	 */
	public function test_success_and_pruning(): void {
		$now = time();
		$this->throttle->record_failure( 'dana@example.test', '203.0.113.1', $now - 10 );
		$this->throttle->record_failure( 'dana@example.test', '203.0.113.2', $now - 10 );
		$this->throttle->record_failure( 'other@example.test', '203.0.113.1', $now - 10 );
		$this->throttle->record_success( 'DANA@example.test', '203.0.113.1' );
		$this->assertSame( 2, self::failures(), 'Other addresses and other accounts keep their history.' );

		$this->throttle->record_failure( 'old@example.test', '203.0.113.3', $now - Login_Throttle::WINDOW - 1 );
		$this->assertSame( 1, $this->throttle->prune( $now ) );
		$this->assertSame( 2, self::failures() );
	}

	/**
	 * One account from one address: FREE_ATTEMPTS tries, then a wait after the last failure that doubles at each
	 * failure up to MAX_DELAY; another address is not slowed down; the wait passes.
	 */
	public function test_account_and_address_slow_down(): void {
		$user = $this->create_user();
		$now  = time();
		for ( $i = 0; $i < Login_Throttle::FREE_ATTEMPTS - 1; $i++ ) {
			$this->throttle->record_failure( $user->user_email, '198.51.100.40', $now - 100 );
		}
		$this->assertSame( 0, $this->throttle->retry_after( $user->user_email, '198.51.100.40', $now ) );
		$this->throttle->record_failure( $user->user_login, '198.51.100.40', $now - 5 );
		$this->assertSame( Login_Throttle::FIRST_DELAY - 5, $this->throttle->retry_after( $user->user_email, '198.51.100.40', $now ) );
		$this->assertTrue( $this->throttle->is_throttled( $user->user_email, '198.51.100.40', $now ) );
		$this->assertSame( 0, $this->throttle->retry_after( $user->user_email, '198.51.100.41', $now ), 'Another address is not slowed down.' );
		$this->assertSame( 0, $this->throttle->retry_after( $user->user_email, '198.51.100.40', $now - 5 + Login_Throttle::FIRST_DELAY ), 'The wait passed.' );

		$this->throttle->record_failure( $user->user_email, '198.51.100.40', $now );
		$this->assertSame( 2 * Login_Throttle::FIRST_DELAY, $this->throttle->retry_after( $user->user_email, '198.51.100.40', $now ) );

		$this->assertSame( Login_Throttle::FIRST_DELAY, Login_Throttle::delay( Login_Throttle::FREE_ATTEMPTS ) );
		$this->assertSame( 4 * Login_Throttle::FIRST_DELAY, Login_Throttle::delay( Login_Throttle::FREE_ATTEMPTS + 2 ) );
		$this->assertSame( Login_Throttle::MAX_DELAY, Login_Throttle::delay( Login_Throttle::FREE_ATTEMPTS + 40 ) );
	}

	/**
	 * At the account ceiling the wait lasts until the oldest failures leave the window; a password reset forgets
	 * the account's failures.
	 */
	public function test_account_ceiling_wait_and_reset(): void {
		$user = $this->create_user();
		$now  = time();
		for ( $i = 0; $i < Login_Throttle::ACCOUNT_LIMIT; $i++ ) {
			$this->throttle->record_failure( $user->user_email, '198.51.' . intdiv( $i, 250 ) . '.' . ( $i % 250 ), $now - 600 );
		}
		$this->assertSame( Login_Throttle::WINDOW - 600 + 1, $this->throttle->retry_after( $user->user_email, '203.0.113.50', $now ) );
		do_action( 'after_password_reset', $user, 'New-pass1' );
		$this->assertSame( 0, $this->throttle->retry_after( $user->user_email, '203.0.113.50', $now ) );
		$this->assertSame( 0, self::failures() );
	}

	/**
	 * X-Forwarded-For only from a trusted proxy (by default 127.0.0.1 and ::1), walked from the right past trusted
	 * hops; CIDR ranges and IPv4-mapped addresses match.
	 */
	public function test_client_address(): void {
		$this->assertSame( '203.0.113.4', Login_Throttle::client_address( array( 'REMOTE_ADDR' => '203.0.113.4' ) ) );
		$this->assertSame(
			'203.0.113.4',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '203.0.113.4',
					'HTTP_X_FORWARDED_FOR' => '198.51.100.9',
				)
			),
			'A public peer cannot claim another address.'
		);
		$this->assertSame(
			'10.0.0.5',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '10.0.0.5',
					'HTTP_X_FORWARDED_FOR' => '198.51.100.9',
				)
			),
			'A private address is not a trusted proxy unless configured.'
		);
		$this->assertSame(
			'198.51.100.9',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '127.0.0.1',
					'HTTP_X_FORWARDED_FOR' => '10.1.1.1, 198.51.100.9',
				)
			)
		);
		$this->assertSame(
			'10.1.1.1',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '127.0.0.1',
					'HTTP_X_FORWARDED_FOR' => '203.0.113.66, 10.1.1.1, 127.0.0.1',
				)
			),
			'Trusted hops are skipped; what the first untrusted one claims is not believed.'
		);
		$this->assertSame(
			'203.0.113.66',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '10.0.0.5',
					'HTTP_X_FORWARDED_FOR' => '203.0.113.66, 10.1.1.1',
				),
				array( '10.0.0.0/8', '::1' )
			),
			'A configured range is trusted.'
		);
		$this->assertSame(
			'2001:db8::1',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '::ffff:127.0.0.1',
					'HTTP_X_FORWARDED_FOR' => '2001:DB8::1',
				)
			)
		);
		$this->assertSame(
			'::1',
			Login_Throttle::client_address(
				array(
					'REMOTE_ADDR'          => '::1',
					'HTTP_X_FORWARDED_FOR' => 'garbage',
				)
			)
		);
		$this->assertSame( '', Login_Throttle::client_address( array() ) );
		$this->assertSame( '', Login_Throttle::valid_ip( 'not-an-ip' ) );
		$this->assertSame( array( '127.0.0.1', '10.0.0.0/8', '2001:db8::/32' ), Client_Address::parse_list( '127.0.0.1, 10.0.0.0/8 nonsense 10.0.0.0/33 2001:db8::/32' ) );
		if ( ! defined( 'CROWDSCOUT_TRUSTED_PROXIES' ) ) {
			$this->assertSame( array( '127.0.0.1', '::1' ), $this->plugin()->settings()->trusted_proxies() );
			$this->set_settings( array( 'trusted_proxies' => '192.0.2.0/24' ) );
			$this->assertSame( array( '192.0.2.0/24' ), $this->plugin()->settings()->trusted_proxies() );
		}
	}

	/**
	 * The internal password check: refused with 429 `throttled` before the password is checked, failures counted
	 * per account and per the `ip` field.
	 */
	public function test_internal_check_password_is_throttled(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		for ( $i = 0; $i < Login_Throttle::ACCOUNT_LIMIT - 1; $i++ ) {
			$this->throttle->record_failure( $user->user_email, '198.51.100.20' );
		}
		$wrong = $this->check_password( $user->user_email, 'Wrong-pass1', '198.51.100.21' );
		$this->assertSame( 422, $wrong->get_status() );
		$this->assertSame( Login_Throttle::ACCOUNT_LIMIT, self::failures() );

		$refused = $this->check_password( $user->user_email, 'Right-pass1', '198.51.100.22' );
		$this->assertSame( 429, $refused->get_status() );
		$this->assertSame( 'throttled', $refused->get_data()['code'] );
		$wait = $refused->get_data()['retryAfter'];
		$this->assertGreaterThan( Login_Throttle::WINDOW - 60, $wait );
		$this->assertSame( (string) $wait, $refused->get_headers()['Retry-After'] );
		$this->assertSame(
			'Too many failed login attempts. Try again in ' . (int) ceil( $wait / 60 ) . ' min or reset your password: ' . wp_lostpassword_url(),
			$refused->get_data()['message']
		);
		$this->assertSame( Login_Throttle::ACCOUNT_LIMIT, self::failures(), 'A refusal is not a failure.' );

		self::empty_table();
		$this->assertSame( 200, $this->check_password( $user->user_email, 'Right-pass1', 'not an ip' )->get_status() );
	}

	/**
	 * Sends a signed check-password request.
	 *
	 * @param string $username Username.
	 * @param string $password Password.
	 * @param string $ip       Client address field.
	 * @return WP_REST_Response
	 */
	private function check_password( string $username, string $password, string $ip ): WP_REST_Response {
		$route     = '/crowdscout/v1/internal/users/check-password';
		$raw       = (string) wp_json_encode( compact( 'username', 'password', 'ip' ) );
		$timestamp = (string) time();
		$nonce     = bin2hex( random_bytes( 16 ) );
		$key       = hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true );
		$request   = new WP_REST_Request( 'POST', $route );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'X-Crowdscout-Timestamp', $timestamp );
		$request->set_header( 'X-Crowdscout-Nonce', $nonce );
		$request->set_header( 'X-Crowdscout-Signature', hash_hmac( 'sha256', "POST\n" . $route . "\n" . $timestamp . "\n" . $nonce . "\n" . hash( 'sha256', $raw ), $key ) );
		$request->set_body( $raw );
		return rest_do_request( $request );
	}

	/**
	 * Rows in the table.
	 *
	 * @return int
	 */
	private static function failures(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Login_Throttle::table() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * Deletes every row.
	 *
	 * @return void
	 */
	private static function empty_table(): void {
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . Login_Throttle::table() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}
}
