<?php
/**
 * The account actions of the admin-ajax layer: nonce, login, logout.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * `appq_get_nonce`, `ajaxlogin` and `appq_wp_logout`, wire-compatible with the spec (form-encoded, field
 * `action`; docs/contracts.md, "Account ajax actions"). Each is registered for visitors and logged-in users alike:
 * logging in is what a visitor does, and a stale logged-in tab must get a JSON answer rather than admin-ajax's "0".
 *
 * Messages come from the shared catalogue (`server.*`) in the language of the page that asked: the `locale` field
 * when sent, else the language prefix of the referring page, else the request's own.
 */
final class Account_Ajax {

	public const NONCE_ACTION  = 'ajax-login-nonce';
	public const LOGOUT_ACTION = 'appq_wp_logout';

	/**
	 * Identity operations.
	 *
	 * @var Users
	 */
	private Users $users;

	/**
	 * Failed-login counters.
	 *
	 * @var Login_Throttle
	 */
	private Login_Throttle $throttle;

	/**
	 * Constructor.
	 *
	 * @param Users          $users    Identity operations.
	 * @param Login_Throttle $throttle Failed-login counters.
	 */
	public function __construct( Users $users, Login_Throttle $throttle ) {
		$this->users    = $users;
		$this->throttle = $throttle;
	}

	/**
	 * Registers the three actions for visitors and logged-in users.
	 *
	 * @return void
	 */
	public function register(): void {
		$actions = array(
			'appq_get_nonce'    => 'get_nonce',
			'ajaxlogin'         => 'login',
			self::LOGOUT_ACTION => 'logout',
		);
		foreach ( $actions as $action => $method ) {
			add_action( 'wp_ajax_' . $action, array( $this, $method ) );
			add_action( 'wp_ajax_nopriv_' . $action, array( $this, $method ) );
		}
	}

	/**
	 * `appq_get_nonce` → {"success": true, "data": "<nonce for ajax-login-nonce>"}. Anonymous by nature: it hands
	 * out the nonce the login form needs, so there is no nonce or capability to check first.
	 *
	 * @return void
	 */
	public function get_nonce(): void {
		nocache_headers();
		wp_send_json_success( wp_create_nonce( self::NONCE_ACTION ) );
	}

	/**
	 * `ajaxlogin` (username, password, security) → 200 {"loggedin", "message", "error"}.
	 *
	 * @return void
	 */
	public function login(): void {
		nocache_headers();
		wp_send_json( $this->attempt_login( $_POST, Login_Throttle::client_address() ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the nonce is checked first thing in attempt_login().
	}

	/**
	 * The login itself, without sending anything: nonce, then the session (already logged in), then the
	 * sanitised fields, the throttle (before any password check), the password, two-factor, and the session.
	 *
	 * @param array<string, mixed> $fields  Submitted fields (slashed, as in $_POST); the nonce is read from the
	 *                                      request by check_ajax_referer().
	 * @param string               $address Client address.
	 * @return array{loggedin: bool, message: string, error: string|null}
	 */
	public function attempt_login( array $fields, string $address ): array {
		$language = self::request_language( $fields );
		if ( false === check_ajax_referer( self::NONCE_ACTION, 'security', false ) ) {
			return self::answer( false, Strings::get( 'server.loginInvalidNonce', array(), $language ), 'invalid_nonce' );
		}
		if ( is_user_logged_in() ) {
			return self::answer( true, Strings::get( 'server.loginAlreadyLoggedIn', array(), $language ), null );
		}

		$username = isset( $fields['username'] ) && is_string( $fields['username'] ) ? trim( sanitize_text_field( wp_unslash( $fields['username'] ) ) ) : '';
		// Passwords are used as typed: sanitising would change them.
		$password = isset( $fields['password'] ) && is_string( $fields['password'] ) ? (string) wp_unslash( $fields['password'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized

		if ( $this->throttle->is_throttled( $username, $address ) ) {
			return self::answer( false, Strings::get( 'server.loginThrottled', array(), $language ), 'throttled' );
		}
		$user = $this->users->authenticate( $username, $password );
		if ( ! $user instanceof WP_User ) {
			$this->throttle->record_failure( $username, $address );
			return self::answer( false, Strings::get( 'server.loginWrongCredentials', array(), $language ), 'invalid_credentials' );
		}
		$this->throttle->record_success( $username, $address );

		if ( self::requires_two_factor( $user ) ) {
			return self::answer( false, Strings::get( 'server.loginTwoFactorRequired', array(), $language ), 'two_factor' );
		}

		self::start_session( $user );
		return self::answer( true, Strings::get( 'server.loginSuccess', array(), $language ), null );
	}

	/**
	 * `appq_wp_logout` (GET, POST accepted) with `_wpnonce` → {"success": true}; a bad nonce → 403
	 * {"success": false, "data": {"message"}}. A visitor has nothing to end and gets the same success.
	 *
	 * @return void
	 */
	public function logout(): void {
		nocache_headers();
		$language = self::request_language( $_REQUEST ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks the language of the refusal.
		if ( false === check_ajax_referer( self::LOGOUT_ACTION, '_wpnonce', false ) ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.logoutInvalidNonce', array(), $language ) ), 403 );
		}
		if ( is_user_logged_in() ) {
			wp_logout();
		}
		wp_send_json( array( 'success' => true ) );
	}

	/**
	 * Whether a user must pass two-factor authentication before getting a session: by default when the Two Factor
	 * plugin says the user has it enabled. Filter `crowdscout_login_requires_two_factor` ($required, $user).
	 *
	 * @param WP_User $user User.
	 * @return bool
	 */
	public static function requires_two_factor( WP_User $user ): bool {
		$required = class_exists( '\Two_Factor_Core' ) && method_exists( '\Two_Factor_Core', 'is_user_using_two_factor' )
			&& (bool) \Two_Factor_Core::is_user_using_two_factor( $user->ID );
		return (bool) apply_filters( 'crowdscout_login_requires_two_factor', $required, $user );
	}

	/**
	 * Logs a user in as wp_signon() does, "remember me" on: auth cookies, current user, `wp_login`.
	 *
	 * @param WP_User $user User.
	 * @return void
	 */
	public static function start_session( WP_User $user ): void {
		wp_set_auth_cookie( $user->ID, true, is_ssl() );
		wp_set_current_user( $user->ID );
		/** This action is documented in wp-includes/user.php */
		do_action( 'wp_login', $user->user_login, $user );
	}

	/**
	 * Language of an ajax request: the `locale` field when it names one of ours, else the language prefix of the
	 * referring page of this site, else the request's own (Locale::current()).
	 *
	 * @param array<string, mixed> $fields Request fields (slashed).
	 * @return string
	 */
	public static function request_language( array $fields ): string {
		$asked = isset( $fields['locale'] ) && is_string( $fields['locale'] ) ? sanitize_key( wp_unslash( $fields['locale'] ) ) : '';
		if ( Locale::is_supported( $asked ) ) {
			return $asked;
		}
		$referer = wp_get_raw_referer();
		if ( is_string( $referer ) && '' !== $referer ) {
			$language = self::language_of_url( $referer );
			if ( null !== $language ) {
				return $language;
			}
		}
		return Locale::current();
	}

	/**
	 * The language prefix of a URL of this site, or null when it is another site's or carries no prefix.
	 *
	 * @param string $url URL.
	 * @return string|null
	 */
	public static function language_of_url( string $url ): ?string {
		$host = wp_parse_url( $url, PHP_URL_HOST );
		if ( ! is_string( $host ) || strtolower( $host ) !== strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) ) ) {
			return null;
		}
		return Locale::from_path( Locale::relative_path( (string) wp_parse_url( $url, PHP_URL_PATH ) ) );
	}

	/**
	 * The answer of ajaxlogin.
	 *
	 * @param bool        $logged_in Whether the user is now logged in.
	 * @param string      $message   Sentence for the user.
	 * @param string|null $error     Stable error code, null on success.
	 * @return array{loggedin: bool, message: string, error: string|null}
	 */
	private static function answer( bool $logged_in, string $message, ?string $error ): array {
		return array(
			'loggedin' => $logged_in,
			'message'  => $message,
			'error'    => $error,
		);
	}
}
