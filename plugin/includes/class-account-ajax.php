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
	 * The login throttle, in front of the password check.
	 *
	 * @var Login_Guard
	 */
	private Login_Guard $guard;

	/**
	 * Constructor.
	 *
	 * @param Login_Guard $guard The login throttle.
	 */
	public function __construct( Login_Guard $guard ) {
		$this->guard = $guard;
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
		wp_send_json( $this->attempt_login( $_POST ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the nonce is checked first thing in attempt_login().
	}

	/**
	 * The login itself, without sending anything: nonce, then the origin (a post from another site is refused: the
	 * nonce is the same for every visitor), then the session (already logged in), then the sanitised fields, the
	 * password through wp_authenticate() and so the login throttle (Login_Guard: a throttled attempt is refused
	 * before any password check), two-factor, and the session.
	 *
	 * @param array<string, mixed>      $fields Submitted fields (slashed, as in $_POST); the nonce is read from the
	 *                                          request by check_ajax_referer().
	 * @param array<string, mixed>|null $server Server variables (Origin, Sec-Fetch-Site); $_SERVER when null.
	 * @return array{loggedin: bool, message: string, error: string|null}
	 */
	public function attempt_login( array $fields, ?array $server = null ): array {
		$language = self::request_language( $fields );
		if ( false === check_ajax_referer( self::NONCE_ACTION, 'security', false ) ) {
			return self::answer( false, Strings::get( 'server.loginInvalidNonce', array(), $language ), 'invalid_nonce' );
		}
		if ( ! self::is_same_origin( $server ?? $_SERVER ) ) {
			return self::answer( false, Strings::get( 'server.loginCrossSite', array(), $language ), 'cross_site' );
		}
		if ( is_user_logged_in() ) {
			return self::answer( true, Strings::get( 'server.loginAlreadyLoggedIn', array(), $language ), null );
		}

		$username = isset( $fields['username'] ) && is_string( $fields['username'] ) ? trim( sanitize_text_field( wp_unslash( $fields['username'] ) ) ) : '';
		// Passwords are used as typed: sanitising would change them.
		$password = isset( $fields['password'] ) && is_string( $fields['password'] ) ? (string) wp_unslash( $fields['password'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized

		$user = $this->guard->authenticate( $username, $password );
		if ( is_wp_error( $user ) && Login_Guard::ERROR_CODE === $user->get_error_code() ) {
			return self::answer( false, Login_Guard::message( Login_Guard::retry_after( $user ), $language ), 'throttled' );
		}
		if ( ! $user instanceof WP_User ) {
			return self::answer( false, Strings::get( 'server.loginWrongCredentials', array(), $language ), 'invalid_credentials' );
		}

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
	 * Whether a request comes from this site's own pages: its Origin is the site's (scheme, host and port of
	 * home_url() or site_url()); without an Origin, Sec-Fetch-Site, when sent, must be "same-origin". A request with
	 * neither is not from a browser that could be made to post cross-site, and passes.
	 *
	 * @param array<string, mixed> $server Server variables.
	 * @return bool
	 */
	public static function is_same_origin( array $server ): bool {
		$origin = isset( $server['HTTP_ORIGIN'] ) && is_string( $server['HTTP_ORIGIN'] ) ? trim( $server['HTTP_ORIGIN'] ) : '';
		if ( '' !== $origin ) {
			$own = array_filter( array( self::origin_of( home_url() ), self::origin_of( site_url() ) ) );
			return in_array( self::origin_of( $origin ), $own, true );
		}
		$fetch_site = isset( $server['HTTP_SEC_FETCH_SITE'] ) && is_string( $server['HTTP_SEC_FETCH_SITE'] ) ? strtolower( trim( $server['HTTP_SEC_FETCH_SITE'] ) ) : '';
		return '' === $fetch_site || 'same-origin' === $fetch_site;
	}

	/**
	 * "scheme://host:port" of a URL (default port spelled out), '' when it has no scheme or host ("null" origins).
	 *
	 * @param string $url URL or origin.
	 * @return string
	 */
	private static function origin_of( string $url ): string {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return '';
		}
		$scheme = strtolower( $parts['scheme'] );
		$port   = $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 );
		return $scheme . '://' . strtolower( $parts['host'] ) . ':' . $port;
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
