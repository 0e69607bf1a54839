<?php
/**
 * The account ajax actions.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Account_Ajax;
use Crowdscout\Login_Throttle;
use WP_User;

/**
 * appq_get_nonce, ajaxlogin (nonce, credentials, throttle, two-factor, session) and appq_wp_logout, through the
 * registered admin-ajax hooks with WordPress's ajax exit turned into an exception.
 */
final class Account_Ajax_Test extends Test_Case {

	/**
	 * Request globals to restore.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $saved = array();

	/**
	 * Ajax mode on, no cookies sent, an empty failure table.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved = array(
			'post'    => $_POST,
			'get'     => $_GET,
			'request' => $_REQUEST,
			'server'  => $_SERVER,
		);
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter( 'send_auth_cookies', '__return_false' );
		add_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		self::empty_table();
	}

	/**
	 * Restores the request and the filters.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_POST    = $this->saved['post'];
		$_GET     = $this->saved['get'];
		$_REQUEST = $this->saved['request'];
		$_SERVER  = $this->saved['server'];
		remove_filter( 'wp_doing_ajax', '__return_true' );
		remove_filter( 'send_auth_cookies', '__return_false' );
		remove_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		remove_all_filters( 'crowdscout_login_requires_two_factor' );
		self::empty_table();
		parent::tearDown();
	}

	/**
	 * Every action is registered for visitors and logged-in users.
	 */
	public function test_actions_are_registered(): void {
		foreach ( array( 'appq_get_nonce', 'ajaxlogin', 'appq_wp_logout', 'facebook_oauth_redirect', 'linkedin_oauth_redirect', 'facebook_oauth_callback', 'linkedin_oauth_callback' ) as $action ) {
			$this->assertNotFalse( has_action( 'wp_ajax_' . $action ), $action );
			$this->assertNotFalse( has_action( 'wp_ajax_nopriv_' . $action ), $action );
		}
	}

	/**
	 * appq_get_nonce answers {"success": true, "data": nonce for ajax-login-nonce}.
	 */
	public function test_get_nonce(): void {
		$answer = $this->call( 'appq_get_nonce', array() );
		$this->assertSame( array( 'success', 'data' ), array_keys( $answer ) );
		$this->assertTrue( $answer['success'] );
		$this->assertSame( 1, wp_verify_nonce( $answer['data'], 'ajax-login-nonce' ) );
	}

	/**
	 * A right password with a valid nonce logs the user in: current user, wp_login fired, the spec's message.
	 */
	public function test_login_success(): void {
		$user   = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		$logins = array();
		$spy    = static function ( $login, $who ) use ( &$logins ) {
			$logins[] = array( $login, $who->ID );
		};
		add_action( 'wp_login', $spy, 10, 2 );
		try {
			$answer = $this->login( $user->user_email, 'Right-pass1' );
		} finally {
			remove_action( 'wp_login', $spy, 10 );
		}
		$this->assertSame(
			array(
				'loggedin' => true,
				'message'  => 'Login successful, redirecting...',
				'error'    => null,
			),
			$answer
		);
		$this->assertSame( $user->ID, get_current_user_id() );
		$this->assertSame( array( array( $user->user_login, $user->ID ) ), $logins );
	}

	/**
	 * Wrong password and unknown user: invalid_credentials with the spec's message; each counted.
	 */
	public function test_wrong_credentials(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		foreach ( array( array( $user->user_email, 'Wrong-pass1' ), array( 'nobody-' . wp_generate_password( 6, false ) . '@example.test', 'x' ), array( '', '' ) ) as $credentials ) {
			$answer = $this->login( ...$credentials );
			$this->assertSame(
				array(
					'loggedin' => false,
					'message'  => 'Wrong username or password.',
					'error'    => 'invalid_credentials',
				),
				$answer
			);
		}
		$this->assertSame( 0, get_current_user_id() );
		$this->assertSame( 2, self::failures(), 'Each counted once; an empty name is no attempt (as at wp-login.php).' );
	}

	/**
	 * A missing or wrong nonce is invalid_nonce, checked before anything else (not even counted).
	 */
	public function test_bad_nonce(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		foreach ( array( 'nope', null ) as $nonce ) {
			$fields = array(
				'username' => $user->user_email,
				'password' => 'Right-pass1',
			);
			if ( null !== $nonce ) {
				$fields['security'] = $nonce;
			}
			$answer = $this->call( 'ajaxlogin', $fields );
			$this->assertSame( 'invalid_nonce', $answer['error'] );
			$this->assertFalse( $answer['loggedin'] );
			$this->assertSame( 'There was an error, please reload.', $answer['message'] );
		}
		$this->assertSame( 0, get_current_user_id() );
		$this->assertSame( 0, self::failures() );
	}

	/**
	 * Messages follow the page's language: the locale field, else the referring page's prefix.
	 */
	public function test_messages_in_the_page_language(): void {
		$answer = $this->login( 'nobody@example.test', 'x', array( 'locale' => 'it' ) );
		$this->assertSame( 'Nome utente o password errati.', $answer['message'] );
		$_SERVER['HTTP_REFERER'] = home_url( '/fr/login/' );
		$answer                  = $this->login( 'nobody@example.test', 'x' );
		$this->assertSame( "Nom d'utilisateur ou mot de passe incorrect.", $answer['message'] );
		$_SERVER['HTTP_REFERER'] = 'https://elsewhere.example/es/login/';
		$this->assertSame( 'Wrong username or password.', $this->login( 'nobody@example.test', 'x' )['message'] );
	}

	/**
	 * At the account limit even the right password is refused, before it is checked; another account still
	 * logs in.
	 */
	public function test_throttled(): void {
		$user  = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		$other = $this->create_user( 'tester', array( 'user_pass' => 'Other-pass1' ) );
		for ( $i = 0; $i < Login_Throttle::ACCOUNT_LIMIT; $i++ ) {
			$this->plugin()->login_throttle()->record_failure( $user->user_login, '198.51.100.30' );
		}
		$checked = false;
		$spy     = static function ( $check ) use ( &$checked ) {
			$checked = true;
			return $check;
		};
		add_filter( 'check_password', $spy );
		try {
			$answer = $this->login( $user->user_email, 'Right-pass1' );
		} finally {
			remove_filter( 'check_password', $spy );
		}
		$this->assertFalse( $checked, 'The password is not checked.' );
		$this->assertSame( 'throttled', $answer['error'] );
		$this->assertFalse( $answer['loggedin'] );
		$this->assertMatchesRegularExpression( '/^Too many failed login attempts\. Try again in \d+ min or reset your password: /', $answer['message'] );
		$this->assertStringEndsWith( wp_lostpassword_url(), $answer['message'] );
		$this->assertSame( 0, get_current_user_id() );
		$this->assertSame( Login_Throttle::ACCOUNT_LIMIT, self::failures(), 'A refusal is not a failure.' );

		$this->assertTrue( $this->login( $other->user_email, 'Other-pass1' )['loggedin'] );
	}

	/**
	 * wp-login.php (wp_signon) and ajaxlogin share one budget, each failure counted once; past FREE_ATTEMPTS from
	 * one address both refuse the right password without checking it, with the reset link, while another address
	 * still logs in.
	 */
	public function test_every_path_shares_the_throttle(): void {
		$user                   = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		$_SERVER['REMOTE_ADDR'] = '198.51.100.99';
		for ( $i = 0; $i < 2; $i++ ) {
			$this->assertInstanceOf( \WP_Error::class, wp_signon( self::wp_login_fields( $user->user_login, 'Wrong-pass1' ) ) );
			$this->assertSame( 'invalid_credentials', $this->login( $user->user_email, 'Wrong-pass1' )['error'] );
		}
		$this->assertSame( 4, self::failures(), 'Counted once per attempt, whatever the path.' );
		$this->assertTrue( $this->login( $user->user_email, 'Right-pass1' )['loggedin'] );
		$this->assertSame( 0, self::failures(), 'A success forgets that address\'s failures.' );
		wp_set_current_user( 0 );

		for ( $i = 0; $i < Login_Throttle::FREE_ATTEMPTS; $i++ ) {
			$this->assertInstanceOf( \WP_Error::class, wp_signon( self::wp_login_fields( $user->user_login, 'Wrong-pass1' ) ) );
		}
		$checked = false;
		$spy     = static function ( $check ) use ( &$checked ) {
			$checked = true;
			return $check;
		};
		add_filter( 'check_password', $spy );
		try {
			$refused = wp_signon( self::wp_login_fields( $user->user_login, 'Right-pass1' ) );
			$answer  = $this->login( $user->user_email, 'Right-pass1' );
		} finally {
			remove_filter( 'check_password', $spy );
		}
		$this->assertFalse( $checked, 'The password is not checked.' );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( 'throttled', $refused->get_error_code() );
		$this->assertStringContainsString( 'href="' . esc_url( wp_lostpassword_url() ) . '"', $refused->get_error_message() );
		$this->assertSame( 'throttled', $answer['error'] );
		$this->assertStringContainsString( wp_lostpassword_url(), $answer['message'] );
		$this->assertSame( Login_Throttle::FREE_ATTEMPTS, self::failures() );

		$_SERVER['REMOTE_ADDR'] = '198.51.100.98';
		$this->assertInstanceOf( WP_User::class, wp_signon( self::wp_login_fields( $user->user_login, 'Right-pass1' ) ), 'Another address logs in.' );
	}

	/**
	 * X-Forwarded-For from a peer that is not a trusted proxy is ignored: every failure counts against the peer,
	 * whatever address it claims.
	 */
	public function test_forwarded_for_from_an_untrusted_peer_is_ignored(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		for ( $i = 0; $i < Login_Throttle::FREE_ATTEMPTS; $i++ ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = '203.0.113.' . ( 100 + $i );
			$this->assertSame( 'invalid_credentials', $this->login( $user->user_email, 'Wrong-pass1' )['error'] );
		}
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '203.0.113.200';
		$this->assertSame( 'throttled', $this->login( $user->user_email, 'Right-pass1' )['error'] );
	}

	/**
	 * A login posted from another site is refused (the nonce is the same for every visitor): by Origin, or by
	 * Sec-Fetch-Site without one; the site's own origin logs in.
	 */
	public function test_cross_site_login_is_refused(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		foreach ( array( array( 'HTTP_ORIGIN' => 'https://attacker.example' ), array( 'HTTP_ORIGIN' => 'null' ), array( 'HTTP_SEC_FETCH_SITE' => 'cross-site' ) ) as $headers ) {
			unset( $_SERVER['HTTP_ORIGIN'], $_SERVER['HTTP_SEC_FETCH_SITE'] );
			$_SERVER = $headers + $_SERVER;
			$answer  = $this->login( $user->user_email, 'Right-pass1' );
			$this->assertSame( 'cross_site', $answer['error'], (string) wp_json_encode( $headers ) );
			$this->assertFalse( $answer['loggedin'] );
			$this->assertSame( 0, get_current_user_id() );
		}
		$this->assertSame( 0, self::failures() );

		unset( $_SERVER['HTTP_SEC_FETCH_SITE'] );
		$_SERVER['HTTP_ORIGIN'] = untrailingslashit( home_url() );
		$this->assertTrue( $this->login( $user->user_email, 'Right-pass1' )['loggedin'] );
	}

	/**
	 * Two-factor: no session, error two_factor; decided by the filter (default: the Two Factor plugin).
	 */
	public function test_two_factor(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => 'Right-pass1' ) );
		$seen = null;
		add_filter(
			'crowdscout_login_requires_two_factor',
			static function ( $required, $who ) use ( &$seen ) {
				$seen = array( $required, $who instanceof WP_User ? $who->ID : 0 );
				return true;
			},
			10,
			2
		);
		$answer = $this->login( $user->user_email, 'Right-pass1' );
		$this->assertSame( 'two_factor', $answer['error'] );
		$this->assertFalse( $answer['loggedin'] );
		$this->assertStringContainsString( 'Two-factor authentication', $answer['message'] );
		$this->assertSame( 0, get_current_user_id() );
		$this->assertSame( array( class_exists( 'Two_Factor_Core' ) && \Two_Factor_Core::is_user_using_two_factor( $user->ID ), $user->ID ), $seen );
	}

	/**
	 * A logged-in user asking again is told so, logged in.
	 */
	public function test_already_logged_in(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		$answer = $this->login( $user->user_email, 'whatever' );
		$this->assertTrue( $answer['loggedin'] );
		$this->assertNull( $answer['error'] );
	}

	/**
	 * Logout: a valid nonce ends the session with {"success": true}; a bad one is {"success": false, data.message}.
	 */
	public function test_logout(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		$ended = 0;
		$spy   = static function () use ( &$ended ) {
			++$ended;
		};
		add_action( 'wp_logout', $spy );
		try {
			$refused = $this->call( 'appq_wp_logout', array( '_wpnonce' => 'nope' ), 'GET' );
			$this->assertFalse( $refused['success'] );
			$this->assertNotEmpty( $refused['data']['message'] );
			$this->assertSame( $user->ID, get_current_user_id() );

			$answer = $this->call( 'appq_wp_logout', array( '_wpnonce' => wp_create_nonce( 'appq_wp_logout' ) ), 'GET' );
		} finally {
			remove_action( 'wp_logout', $spy );
		}
		$this->assertSame( array( 'success' => true ), $answer );
		$this->assertSame( 0, get_current_user_id() );
		$this->assertSame( 1, $ended );
	}

	/**
	 * The page configuration carries the logout nonce.
	 */
	public function test_page_config_has_the_logout_nonce(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		$config = $this->plugin()->page_config()->build();
		$this->assertSame( 1, wp_verify_nonce( $config['nonces']['logout'], 'appq_wp_logout' ) );
	}

	/**
	 * Turns WordPress's ajax exit into an exception.
	 *
	 * @return callable
	 */
	public static function die_handler(): callable {
		return static function (): void {
			throw new Ajax_Exit();
		};
	}

	/**
	 * Logs in through ajaxlogin with a fresh nonce.
	 *
	 * @param string               $username Username.
	 * @param string               $password Password.
	 * @param array<string, mixed> $extra    More fields.
	 * @return array<string, mixed>
	 */
	private function login( string $username, string $password, array $extra = array() ): array {
		$nonce = $this->call( 'appq_get_nonce', array() )['data'];
		return $this->call(
			'ajaxlogin',
			array(
				'username' => $username,
				'password' => $password,
				'security' => $nonce,
			) + $extra
		);
	}

	/**
	 * The fields wp_signon() reads, slashed as wp-login.php has them.
	 *
	 * @param string $login    Login.
	 * @param string $password Password.
	 * @return array<string, mixed>
	 */
	private static function wp_login_fields( string $login, string $password ): array {
		return array(
			'user_login'    => $login,
			'user_password' => wp_slash( $password ),
			'remember'      => false,
		);
	}

	/**
	 * Runs an ajax action as admin-ajax.php does and decodes its JSON answer.
	 *
	 * @param string               $action Action.
	 * @param array<string, mixed> $fields Fields (unslashed).
	 * @param string               $method POST or GET.
	 * @return array<string, mixed>
	 */
	private function call( string $action, array $fields, string $method = 'POST' ): array {
		$fields                    = wp_slash( array( 'action' => $action ) + $fields );
		$_POST                     = 'POST' === $method ? $fields : array();
		$_GET                      = 'GET' === $method ? $fields : array();
		$_REQUEST                  = $fields;
		$_SERVER['REQUEST_METHOD'] = $method;
		$_SERVER['REMOTE_ADDR']    = '198.51.100.99';
		$hook                      = ( is_user_logged_in() ? 'wp_ajax_' : 'wp_ajax_nopriv_' ) . $action;
		ob_start();
		try {
			do_action( $hook );
			$this->fail( $action . ' did not end the request.' );
		} catch ( Ajax_Exit $exit ) {
			$output = (string) ob_get_clean();
		}
		$decoded = json_decode( $output, true );
		$this->assertIsArray( $decoded, $output );
		return $decoded;
	}

	/**
	 * Rows in the failure table.
	 *
	 * @return int
	 */
	private static function failures(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Login_Throttle::table() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * Deletes every failure.
	 *
	 * @return void
	 */
	private static function empty_table(): void {
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . Login_Throttle::table() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}
}

/**
 * Thrown where admin-ajax would exit.
 */
final class Ajax_Exit extends \RuntimeException {
}
