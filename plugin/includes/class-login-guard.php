<?php
/**
 * The login throttle applied to every way WordPress checks a password.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Puts Login_Throttle in front of every password check: WordPress's `authenticate` filter (wp-login.php, XML-RPC,
 * application passwords over XML-RPC, our ajax login and the API's internal check, which call wp_authenticate()
 * through authenticate() below) and application passwords over the REST API (checked outside that filter, on
 * `determine_current_user`).
 *
 * A throttled attempt is refused with the WP_Error `throttled` (data: status 429, `retry_after` seconds) before any
 * password is checked: the core checkers get that error from `wp_authenticate_user` instead of checking, and
 * application passwords are not tried. Failures are counted once, on `wp_login_failed` (REST application passwords:
 * on their own failure action); a refusal is not a failure. Success forgets the account's failures from that
 * address. XML-RPC cannot log anyone in unless the setting turns it on, and a password reset forgets the account's
 * failures, so the owner of an account an attacker locked gets in through the reset link every refusal offers.
 */
final class Login_Guard {

	public const ERROR_CODE = 'throttled';

	/**
	 * A valid hash of a throwaway password, checked when the name matches no user, so that answer times do not
	 * tell which accounts exist.
	 */
	private const TIMING_HASH = '$P$BhUlScw9eCcz9IQLEVliZSmhU8i1Jd.';

	/**
	 * Failed-login counters.
	 *
	 * @var Login_Throttle
	 */
	private Login_Throttle $throttle;

	/**
	 * Settings (XML-RPC, trusted proxies).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * The client's address for the check under way when it is not this request's (the internal route's `ip`).
	 *
	 * @var string|null
	 */
	private ?string $address = null;

	/**
	 * The refusal of the password check under way, null while it may go on.
	 *
	 * @var WP_Error|null
	 */
	private ?WP_Error $refusal = null;

	/**
	 * Whether an `authenticate` pass is under way (its failures are counted by `wp_login_failed`).
	 *
	 * @var bool
	 */
	private bool $authenticating = false;

	/**
	 * The refusal of a REST request's application password, answered by `rest_authentication_errors`.
	 *
	 * @var WP_Error|null
	 */
	private ?WP_Error $rest_refusal = null;

	/**
	 * Constructor.
	 *
	 * @param Login_Throttle $throttle Failed-login counters.
	 * @param Settings       $settings Settings.
	 */
	public function __construct( Login_Throttle $throttle, Settings $settings ) {
		$this->throttle = $throttle;
		$this->settings = $settings;
	}

	/**
	 * Registers the hooks.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'authenticate', array( $this, 'refuse_throttled' ), 1, 2 );
		add_filter( 'wp_authenticate_user', array( $this, 'stop_password_check' ), 1 );
		add_filter( 'application_password_is_api_request', array( $this, 'skip_application_passwords' ), PHP_INT_MAX );
		add_filter( 'authenticate', array( $this, 'settle' ), PHP_INT_MAX, 2 );
		add_action( 'wp_login_failed', array( $this, 'count_failure' ), 10, 2 );

		add_filter( 'determine_current_user', array( $this, 'guard_application_password' ), 19 );
		add_filter( 'determine_current_user', array( $this, 'end_application_password' ), 21 );
		add_action( 'application_password_failed_authentication', array( $this, 'count_application_password_failure' ) );
		add_action( 'application_password_did_authenticate', array( $this, 'count_application_password_success' ) );
		add_filter( 'rest_authentication_errors', array( $this, 'rest_refusal' ), 99 );
		add_filter( 'rest_post_dispatch', array( $this, 'rest_retry_after' ) );

		add_filter( 'xmlrpc_enabled', array( $this, 'xmlrpc_enabled' ) );
		add_filter( 'xmlrpc_login_error', array( $this, 'xmlrpc_refusal' ), 10, 2 );
		add_action( 'after_password_reset', array( $this, 'forget_after_reset' ) );
		add_filter( 'shake_error_codes', array( $this, 'shake_error_codes' ) );
	}

	/**
	 * Checks a login for our own paths (ajax login, the internal check) through wp_authenticate(), so they obey and
	 * count exactly as wp-login.php does. Application passwords are not accepted here.
	 *
	 * @param string      $username Email or login as typed.
	 * @param string      $password Password as typed (unslashed).
	 * @param string|null $address  Client address; null for this request's.
	 * @return WP_User|WP_Error The user, the `throttled` refusal, or another error for wrong credentials.
	 */
	public function authenticate( string $username, string $password, ?string $address = null ) {
		$this->address = $address;
		add_filter( 'application_password_is_api_request', '__return_false', PHP_INT_MAX - 1 );
		try {
			// Passwords are hashed and checked slashed, as wp-login.php sends them (see Users).
			$user = wp_authenticate( $username, wp_slash( $password ) );
		} finally {
			remove_filter( 'application_password_is_api_request', '__return_false', PHP_INT_MAX - 1 );
			$this->address = null;
		}
		return $user;
	}

	/**
	 * `authenticate`, first: refuses a throttled attempt before anything checks its password.
	 *
	 * @param WP_User|WP_Error|null $user     Result so far.
	 * @param string                $username Login or email as typed.
	 * @return WP_User|WP_Error|null
	 */
	public function refuse_throttled( $user, $username ) {
		$this->authenticating = true;
		$this->refusal        = null;
		if ( $user instanceof WP_User || ! is_string( $username ) || '' === trim( $username ) ) {
			return $user;
		}
		$wait = $this->throttle->retry_after( $username, $this->address() );
		if ( $wait > 0 ) {
			$this->refusal = self::refusal( $wait );
			return $this->refusal;
		}
		return $user;
	}

	/**
	 * `wp_authenticate_user` (core's username and email checkers, just before they check the password): the
	 * refusal instead of the check.
	 *
	 * @param WP_User|WP_Error $user User found.
	 * @return WP_User|WP_Error
	 */
	public function stop_password_check( $user ) {
		return $this->refusal ?? $user;
	}

	/**
	 * `application_password_is_api_request`: no application password is tried for a refused attempt.
	 *
	 * @param bool $is_api_request Whether WordPress would try them.
	 * @return bool
	 */
	public function skip_application_passwords( $is_api_request ): bool {
		return null === $this->refusal && (bool) $is_api_request;
	}

	/**
	 * `authenticate`, last: the refusal wins over whatever ran in between; a success forgets the account's failures
	 * from this address.
	 *
	 * @param WP_User|WP_Error|null $user     Result.
	 * @param string                $username Login or email as typed.
	 * @return WP_User|WP_Error|null
	 */
	public function settle( $user, $username ) {
		$this->authenticating = false;
		if ( null !== $this->refusal ) {
			$user          = $this->refusal;
			$this->refusal = null;
			return $user;
		}
		if ( $user instanceof WP_User && is_string( $username ) ) {
			$this->throttle->record_success( $username, $this->address() );
		}
		if ( $user instanceof WP_Error && in_array( $user->get_error_code(), array( 'invalid_username', 'invalid_email' ), true ) ) {
			wp_check_password( 'no-such-user', self::TIMING_HASH );
		}
		return $user;
	}

	/**
	 * `wp_login_failed`: counts a failed password check (not a refusal).
	 *
	 * @param string        $username Login or email as typed.
	 * @param WP_Error|null $error    Why it failed.
	 * @return void
	 */
	public function count_failure( $username, $error = null ): void {
		if ( $error instanceof WP_Error && self::ERROR_CODE === $error->get_error_code() ) {
			return;
		}
		$this->throttle->record_failure( (string) $username, $this->address() );
	}

	/**
	 * `determine_current_user` before application passwords (REST API with Basic credentials): a throttled account
	 * is not tried, and the request is answered with the refusal.
	 *
	 * @param int|false $user_id User found so far.
	 * @return int|false
	 */
	public function guard_application_password( $user_id ) {
		$username = self::basic_auth_user();
		if ( ! empty( $user_id ) || null === $username || ! ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
			return $user_id;
		}
		$wait = $this->throttle->retry_after( $username, $this->address() );
		if ( $wait > 0 ) {
			$this->refusal      = self::refusal( $wait );
			$this->rest_refusal = $this->refusal;
		}
		return $user_id;
	}

	/**
	 * `determine_current_user` after application passwords: the refusal ends with that check.
	 *
	 * @param int|false $user_id User found.
	 * @return int|false
	 */
	public function end_application_password( $user_id ) {
		if ( ! $this->authenticating ) {
			$this->refusal = null;
		}
		return $user_id;
	}

	/**
	 * `application_password_failed_authentication` outside `authenticate` (REST): counted here, since
	 * `wp_login_failed` does not fire there.
	 *
	 * @return void
	 */
	public function count_application_password_failure(): void {
		$username = self::basic_auth_user();
		if ( ! $this->authenticating && null !== $username ) {
			$this->throttle->record_failure( $username, $this->address() );
		}
	}

	/**
	 * `application_password_did_authenticate` outside `authenticate` (REST): a success.
	 *
	 * @param WP_User $user User.
	 * @return void
	 */
	public function count_application_password_success( $user ): void {
		if ( ! $this->authenticating && $user instanceof WP_User ) {
			$this->throttle->record_success( $user->user_login, $this->address() );
		}
	}

	/**
	 * `rest_authentication_errors`: a refused application password answers 429 with the refusal.
	 *
	 * @param WP_Error|null|true $result Result so far.
	 * @return WP_Error|null|true
	 */
	public function rest_refusal( $result ) {
		if ( null === $this->rest_refusal && null !== self::basic_auth_user() ) {
			// The REST server forgot the visitor found before it started: look at the credentials now.
			wp_get_current_user();
		}
		return $this->rest_refusal ?? $result;
	}

	/**
	 * `rest_post_dispatch`: the refusal of an application password says when to come back.
	 *
	 * @param mixed $response REST response.
	 * @return mixed
	 */
	public function rest_retry_after( $response ) {
		if ( null !== $this->rest_refusal && $response instanceof \WP_REST_Response ) {
			$response->header( 'Retry-After', (string) self::retry_after( $this->rest_refusal ) );
		}
		return $response;
	}

	/**
	 * `xmlrpc_enabled`: XML-RPC's authenticated methods only when the setting turns them on.
	 *
	 * @param bool $enabled Whether WordPress would allow them.
	 * @return bool
	 */
	public function xmlrpc_enabled( $enabled ): bool {
		return (bool) $enabled && $this->settings->xmlrpc_enabled();
	}

	/**
	 * `xmlrpc_login_error`: a refusal says so (fault 429, the wait and the reset address) instead of "Incorrect
	 * username or password".
	 *
	 * @param \IXR_Error $error Fault XML-RPC would answer.
	 * @param mixed      $user  What wp_authenticate() returned.
	 * @return \IXR_Error
	 */
	public function xmlrpc_refusal( $error, $user ) {
		if ( $user instanceof WP_Error && self::ERROR_CODE === $user->get_error_code() ) {
			return new \IXR_Error( 429, self::message( self::retry_after( $user ) ) );
		}
		return $error;
	}

	/**
	 * `after_password_reset`: the owner proved they read the account's mail; what attackers tried no longer counts.
	 *
	 * @param WP_User $user User.
	 * @return void
	 */
	public function forget_after_reset( $user ): void {
		if ( $user instanceof WP_User ) {
			$this->throttle->forget_account( $user->user_login );
		}
	}

	/**
	 * `shake_error_codes`: the login form shakes on a refusal as on a wrong password.
	 *
	 * @param string[] $codes Codes.
	 * @return string[]
	 */
	public function shake_error_codes( $codes ): array {
		return array_merge( (array) $codes, array( self::ERROR_CODE ) );
	}

	/**
	 * Seconds a refusal asks to wait (at least 1).
	 *
	 * @param WP_Error $error A refusal.
	 * @return int
	 */
	public static function retry_after( WP_Error $error ): int {
		$data = $error->get_error_data( self::ERROR_CODE );
		return is_array( $data ) && isset( $data['retry_after'] ) ? max( 1, (int) $data['retry_after'] ) : 1;
	}

	/**
	 * The refusal sentence, plain text: how long to wait and the password reset address.
	 *
	 * @param int         $wait     Seconds.
	 * @param string|null $language Two-letter language; null for the request's.
	 * @return string
	 */
	public static function message( int $wait, ?string $language = null ): string {
		return Strings::get(
			'server.loginThrottled',
			array(
				'wait'     => self::format_wait( $wait ),
				'resetUrl' => wp_lostpassword_url(),
			),
			$language
		);
	}

	/**
	 * A wait as people read it: "45 s", "2 min" (rounded up).
	 *
	 * @param int $seconds Seconds.
	 * @return string
	 */
	public static function format_wait( int $seconds ): string {
		$seconds = max( 1, $seconds );
		return $seconds < MINUTE_IN_SECONDS ? $seconds . ' s' : (int) ceil( $seconds / MINUTE_IN_SECONDS ) . ' min';
	}

	/**
	 * The WP_Error of a refusal, its message as wp-login.php prints it (HTML, the reset address a link).
	 *
	 * @param int $wait Seconds.
	 * @return WP_Error
	 */
	private static function refusal( int $wait ): WP_Error {
		$url     = wp_lostpassword_url();
		$message = str_replace(
			esc_html( $url ),
			sprintf( '<a href="%s">%s</a>', esc_url( $url ), esc_html( $url ) ),
			esc_html( self::message( $wait ) )
		);
		return new WP_Error(
			self::ERROR_CODE,
			$message,
			array(
				'status'      => 429,
				'retry_after' => $wait,
			)
		);
	}

	/**
	 * The client's address of the check under way.
	 *
	 * @return string
	 */
	private function address(): string {
		return $this->address ?? Login_Throttle::client_address();
	}

	/**
	 * The user name of HTTP Basic credentials, null without them.
	 *
	 * @return string|null
	 */
	private static function basic_auth_user(): ?string {
		if ( ! isset( $_SERVER['PHP_AUTH_USER'], $_SERVER['PHP_AUTH_PW'] ) || ! is_string( $_SERVER['PHP_AUTH_USER'] ) ) {
			return null;
		}
		$username = sanitize_user( wp_unslash( $_SERVER['PHP_AUTH_USER'] ) );
		return '' === $username ? null : $username;
	}
}
