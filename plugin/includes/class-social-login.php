<?php
/**
 * Sign-in with Facebook and LinkedIn.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * The admin-ajax actions behind the "Continue with Facebook / LinkedIn" buttons (spec §2, "Sign-up landing"):
 *
 * - `<provider>_oauth_redirect` (GET, a browser navigation; query `redirect_to`, `log`): 302 to the provider's
 *   authorization page, with our own `<provider>_oauth_callback` action as redirect_uri and a signed, expiring
 *   `state` that carries where to return; a 503 page when the provider is not configured;
 * - `<provider>_oauth_callback` (GET; query `code`, `state`, or `error`): checks the state, exchanges the code for
 *   a token and reads the verified email from the provider, then logs in the WordPress user who has that email
 *   and returns to the state's address. An unknown email goes to the sign-up page with `email=<email>`; anything
 *   that fails gets a page that says so.
 *
 * The state is bound to the browser that started the sign-in by a short-lived HttpOnly cookie holding its random
 * part, so nobody can log someone else's browser into their own account with a callback link. There is no
 * WordPress nonce on these actions: they are plain navigations (the buttons are links), and the state plays that
 * part for the callback.
 *
 * The handlers build an outcome (status, location or page, cookie) and send it, so tests can check the outcome.
 */
final class Social_Login {

	public const PROVIDERS = array( 'facebook', 'linkedin' );

	/**
	 * Seconds a state stays valid.
	 */
	public const STATE_LIFETIME = 10 * MINUTE_IN_SECONDS;

	/**
	 * Cookie holding the random part of the pending state.
	 */
	public const COOKIE = 'crowdscout_oauth_state';

	public const FACEBOOK_AUTHORIZE = 'https://www.facebook.com/v19.0/dialog/oauth';
	public const FACEBOOK_TOKEN     = 'https://graph.facebook.com/v19.0/oauth/access_token';
	public const FACEBOOK_PROFILE   = 'https://graph.facebook.com/v19.0/me';
	public const LINKEDIN_AUTHORIZE = 'https://www.linkedin.com/oauth/v2/authorization';
	public const LINKEDIN_TOKEN     = 'https://www.linkedin.com/oauth/v2/accessToken';
	public const LINKEDIN_PROFILE   = 'https://api.linkedin.com/v2/userinfo';

	/**
	 * Display names of the providers.
	 */
	private const NAMES = array(
		'facebook' => 'Facebook',
		'linkedin' => 'LinkedIn',
	);

	/**
	 * Settings (app ids and secrets).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Key source for the state signature.
	 *
	 * @var Keys
	 */
	private Keys $keys;

	/**
	 * Constructor.
	 *
	 * @param Settings $settings Settings.
	 * @param Keys     $keys     Key source for the state signature.
	 */
	public function __construct( Settings $settings, Keys $keys ) {
		$this->settings = $settings;
		$this->keys     = $keys;
	}

	/**
	 * Registers the four actions for visitors and logged-in users.
	 *
	 * @return void
	 */
	public function register(): void {
		foreach ( self::PROVIDERS as $provider ) {
			$redirect = fn() => $this->send( $this->redirect_outcome( $provider, self::query() ) );
			$callback = fn() => $this->send( $this->callback_outcome( $provider, self::query(), self::cookie() ) );
			foreach ( array( 'wp_ajax_', 'wp_ajax_nopriv_' ) as $prefix ) {
				add_action( $prefix . $provider . '_oauth_redirect', $redirect );
				add_action( $prefix . $provider . '_oauth_callback', $callback );
			}
		}
	}

	/**
	 * Our callback address for a provider (the redirect_uri to register with it).
	 *
	 * @param string $provider facebook or linkedin.
	 * @return string
	 */
	public static function callback_url( string $provider ): string {
		return add_query_arg( 'action', $provider . '_oauth_callback', admin_url( 'admin-ajax.php' ) );
	}

	/**
	 * What `<provider>_oauth_redirect` answers: 302 to the provider with a fresh state and its cookie, or a 503
	 * page when the provider (or the shared secret that signs the state) is not configured.
	 *
	 * @param string               $provider facebook or linkedin.
	 * @param array<string, mixed> $query    Query parameters (slashed, as in $_GET).
	 * @return array{status: int, location?: string, html?: string, cookie?: string}
	 */
	public function redirect_outcome( string $provider, array $query ): array {
		$redirect_to = $this->redirect_target( self::field( $query, 'redirect_to' ) );
		$language    = Account_Ajax::language_of_url( $redirect_to ) ?? Account_Ajax::request_language( $query );
		$credentials = $this->settings->social_credentials( $provider );
		$key         = $this->keys->oauth_state_key();
		if ( null === $credentials || null === $key ) {
			return $this->page(
				503,
				$language,
				Strings::get( 'server.socialNotConfiguredTitle', array( 'provider' => self::NAMES[ $provider ] ), $language ),
				array( Strings::get( 'server.socialNotConfigured', array( 'provider' => self::NAMES[ $provider ] ), $language ) ),
				$this->signup_links( $language )
			);
		}

		$random = bin2hex( random_bytes( 16 ) );
		$state  = self::sign_state(
			$key,
			array(
				'p' => $provider,
				'r' => $redirect_to,
				'g' => $language,
				'l' => '1' === self::field( $query, 'log' ) ? 1 : 0,
				'x' => time() + self::STATE_LIFETIME,
				'n' => $random,
			)
		);
		$params = array(
			'client_id'    => $credentials['id'],
			'redirect_uri' => self::callback_url( $provider ),
			'state'        => $state,
		);
		if ( 'facebook' === $provider ) {
			$url = self::FACEBOOK_AUTHORIZE . '?' . http_build_query( $params + array( 'scope' => 'email', 'response_type' => 'code' ), '', '&', PHP_QUERY_RFC3986 );
		} else {
			$url = self::LINKEDIN_AUTHORIZE . '?' . http_build_query( array( 'response_type' => 'code' ) + $params + array( 'scope' => 'openid profile email' ), '', '&', PHP_QUERY_RFC3986 );
		}
		return array(
			'status'   => 302,
			'location' => $url,
			'cookie'   => $random,
		);
	}

	/**
	 * What `<provider>_oauth_callback` answers: 302 to the state's address with a session, 302 to the sign-up
	 * page for an unknown email, or a page: 400 for a bad or expired state or a refused authorization, 403 when
	 * the account needs two-factor authentication, 502 when the provider fails, 503 when not configured.
	 *
	 * @param string               $provider facebook or linkedin.
	 * @param array<string, mixed> $query    Query parameters (slashed, as in $_GET).
	 * @param string               $cookie   Value of the state cookie ('' when absent).
	 * @return array{status: int, location?: string, html?: string, cookie?: string}
	 */
	public function callback_outcome( string $provider, array $query, string $cookie ): array {
		$key   = $this->keys->oauth_state_key();
		$state = null === $key ? null : self::verify_state( $key, self::field( $query, 'state' ), $provider, $cookie );
		if ( null === $state ) {
			$language = Account_Ajax::request_language( $query );
			return $this->page(
				400,
				$language,
				Strings::get( 'server.socialFailedTitle', array(), $language ),
				array( Strings::get( 'server.socialInvalidState', array(), $language ) ),
				$this->signup_links( $language )
			);
		}
		$language    = $state['g'];
		$name        = self::NAMES[ $provider ];
		$credentials = $this->settings->social_credentials( $provider );
		if ( null === $credentials ) {
			return $this->page(
				503,
				$language,
				Strings::get( 'server.socialNotConfiguredTitle', array( 'provider' => $name ), $language ),
				array( Strings::get( 'server.socialNotConfigured', array( 'provider' => $name ), $language ) ),
				$this->signup_links( $language )
			);
		}
		$code = self::field( $query, 'code' );
		if ( '' !== self::field( $query, 'error' ) || '' === $code ) {
			return $this->failure( 400, $language, Strings::get( 'server.socialCancelled', array( 'provider' => $name ), $language ) );
		}

		$profile = 'facebook' === $provider ? $this->facebook_profile( $credentials, $code ) : $this->linkedin_profile( $credentials, $code );
		if ( null === $profile ) {
			return $this->failure( 502, $language, Strings::get( 'server.socialProviderError', array( 'provider' => $name ), $language ) );
		}
		if ( '' === $profile['email'] ) {
			return $this->failure( 400, $language, Strings::get( 'server.socialNoEmail', array( 'provider' => $name ), $language ) );
		}

		$user = get_user_by( 'email', $profile['email'] );
		if ( ! $user instanceof WP_User ) {
			return array(
				'status'   => 302,
				'location' => add_query_arg( 'email', rawurlencode( $profile['email'] ), Routes::url( 'getting-started/signup', $language ) ),
			);
		}
		if ( Account_Ajax::requires_two_factor( $user ) ) {
			return $this->page(
				403,
				$language,
				Strings::get( 'server.socialFailedTitle', array(), $language ),
				array( Strings::get( 'server.loginTwoFactorRequired', array(), $language ) ),
				array(
					array(
						'url'   => wp_login_url( $state['r'] ),
						'label' => Strings::get( 'server.socialLoginLink', array(), $language ),
					),
				)
			);
		}
		Account_Ajax::start_session( $user );
		return array(
			'status'   => 302,
			'location' => $state['r'],
		);
	}

	/**
	 * A signed state: base64url(JSON payload) "." hex HMAC-SHA256 of that text.
	 *
	 * @param string               $key     Raw key.
	 * @param array<string, mixed> $payload Payload.
	 * @return string
	 */
	public static function sign_state( string $key, array $payload ): string {
		$body = rtrim( strtr( base64_encode( (string) wp_json_encode( $payload ) ), '+/', '-_' ), '=' );
		return $body . '.' . hash_hmac( 'sha256', $body, $key );
	}

	/**
	 * The payload of a state that is well signed, for this provider, not expired and started in this browser;
	 * null otherwise.
	 *
	 * @param string   $key      Raw key.
	 * @param string   $state    State as received.
	 * @param string   $provider Provider of the callback.
	 * @param string   $cookie   Value of the state cookie.
	 * @param int|null $now      Current time; now when null.
	 * @return array{p: string, r: string, g: string, l: int, x: int, n: string}|null
	 */
	public static function verify_state( string $key, string $state, string $provider, string $cookie, ?int $now = null ): ?array {
		$parts = explode( '.', $state );
		if ( 2 !== count( $parts ) || ! hash_equals( hash_hmac( 'sha256', $parts[0], $key ), $parts[1] ) ) {
			return null;
		}
		$payload = json_decode( (string) base64_decode( strtr( $parts[0], '-_', '+/' ), true ), true );
		if ( ! is_array( $payload ) || ! isset( $payload['p'], $payload['r'], $payload['g'], $payload['x'], $payload['n'] ) ) {
			return null;
		}
		if ( $payload['p'] !== $provider || (int) $payload['x'] < ( $now ?? time() ) || ! Locale::is_supported( (string) $payload['g'] ) ) {
			return null;
		}
		if ( '' === $cookie || ! hash_equals( (string) $payload['n'], $cookie ) ) {
			return null;
		}
		return array(
			'p' => (string) $payload['p'],
			'r' => (string) $payload['r'],
			'g' => (string) $payload['g'],
			'l' => (int) ( $payload['l'] ?? 0 ),
			'x' => (int) $payload['x'],
			'n' => (string) $payload['n'],
		);
	}

	/**
	 * Where to return after the provider: `redirect_to` when it is a URL of this site's own host (or a path of
	 * it), else the sign-up confirmation page in the request's language.
	 *
	 * @param string $redirect_to Address asked for.
	 * @return string
	 */
	public function redirect_target( string $redirect_to ): string {
		$fallback = Routes::url( 'getting-started/confirmation', Account_Ajax::request_language( array() ) );
		$target   = wp_sanitize_redirect( trim( $redirect_to ) );
		if ( str_starts_with( $target, '/' ) && ! str_starts_with( $target, '//' ) ) {
			$home   = (array) wp_parse_url( home_url() );
			$target = ( $home['scheme'] ?? 'http' ) . '://' . ( $home['host'] ?? '' ) . ( isset( $home['port'] ) ? ':' . $home['port'] : '' ) . $target;
		}
		if ( '' === $target || ! preg_match( '#^https?://#i', $target ) ) {
			return $fallback;
		}
		$host = wp_parse_url( $target, PHP_URL_HOST );
		$home = wp_parse_url( home_url(), PHP_URL_HOST );
		return is_string( $host ) && is_string( $home ) && strtolower( $host ) === strtolower( $home ) ? $target : $fallback;
	}

	/**
	 * Facebook: code → access token → {email, first_name, last_name}. Facebook only shares confirmed emails.
	 *
	 * @param array{id: string, secret: string} $credentials App id and secret.
	 * @param string                            $code        Authorization code.
	 * @return array{email: string, first_name: string, last_name: string}|null
	 */
	private function facebook_profile( array $credentials, string $code ): ?array {
		$token = self::json(
			wp_remote_post(
				self::FACEBOOK_TOKEN,
				array(
					'timeout' => 10,
					'body'    => array(
						'client_id'     => $credentials['id'],
						'client_secret' => $credentials['secret'],
						'redirect_uri'  => self::callback_url( 'facebook' ),
						'code'          => $code,
					),
				)
			)
		);
		$access_token = is_array( $token ) && isset( $token['access_token'] ) && is_string( $token['access_token'] ) ? $token['access_token'] : '';
		if ( '' === $access_token ) {
			return null;
		}
		$me = self::json(
			wp_remote_get(
				self::FACEBOOK_PROFILE . '?' . http_build_query(
					array(
						'fields'          => 'email,first_name,last_name',
						'access_token'    => $access_token,
						'appsecret_proof' => hash_hmac( 'sha256', $access_token, $credentials['secret'] ),
					),
					'',
					'&',
					PHP_QUERY_RFC3986
				),
				array( 'timeout' => 10 )
			)
		);
		if ( ! is_array( $me ) ) {
			return null;
		}
		return array(
			'email'      => self::email( $me['email'] ?? '' ),
			'first_name' => is_string( $me['first_name'] ?? null ) ? $me['first_name'] : '',
			'last_name'  => is_string( $me['last_name'] ?? null ) ? $me['last_name'] : '',
		);
	}

	/**
	 * LinkedIn (OpenID Connect): code → access token → userinfo {email, email_verified, given_name, family_name}.
	 * An email LinkedIn does not call verified counts as none.
	 *
	 * @param array{id: string, secret: string} $credentials Client id and secret.
	 * @param string                            $code        Authorization code.
	 * @return array{email: string, first_name: string, last_name: string}|null
	 */
	private function linkedin_profile( array $credentials, string $code ): ?array {
		$token = self::json(
			wp_remote_post(
				self::LINKEDIN_TOKEN,
				array(
					'timeout' => 10,
					'headers' => array( 'Content-Type' => 'application/x-www-form-urlencoded' ),
					'body'    => array(
						'grant_type'    => 'authorization_code',
						'code'          => $code,
						'redirect_uri'  => self::callback_url( 'linkedin' ),
						'client_id'     => $credentials['id'],
						'client_secret' => $credentials['secret'],
					),
				)
			)
		);
		$access_token = is_array( $token ) && isset( $token['access_token'] ) && is_string( $token['access_token'] ) ? $token['access_token'] : '';
		if ( '' === $access_token ) {
			return null;
		}
		$info = self::json(
			wp_remote_get(
				self::LINKEDIN_PROFILE,
				array(
					'timeout' => 10,
					'headers' => array( 'Authorization' => 'Bearer ' . $access_token ),
				)
			)
		);
		if ( ! is_array( $info ) ) {
			return null;
		}
		$verified = ! array_key_exists( 'email_verified', $info ) || true === $info['email_verified'] || 'true' === $info['email_verified'];
		return array(
			'email'      => $verified ? self::email( $info['email'] ?? '' ) : '',
			'first_name' => is_string( $info['given_name'] ?? null ) ? $info['given_name'] : '',
			'last_name'  => is_string( $info['family_name'] ?? null ) ? $info['family_name'] : '',
		);
	}

	/**
	 * The decoded JSON object of a 2xx answer, null for a transport error, another status or another body.
	 *
	 * @param array|\WP_Error $response Answer of wp_remote_*.
	 * @return array<string, mixed>|null
	 */
	private static function json( $response ): ?array {
		if ( is_wp_error( $response ) ) {
			return null;
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$body   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		return $status >= 200 && $status < 300 && is_array( $body ) ? $body : null;
	}

	/**
	 * A valid email from a provider's answer, '' otherwise.
	 *
	 * @param mixed $value Value.
	 * @return string
	 */
	private static function email( $value ): string {
		$email = is_string( $value ) ? sanitize_email( $value ) : '';
		return '' !== $email && is_email( $email ) ? $email : '';
	}

	/**
	 * A failure page with the links back to sign-up and login.
	 *
	 * @param int    $status   HTTP status.
	 * @param string $language Two-letter language.
	 * @param string $message  What went wrong.
	 * @return array{status: int, html: string}
	 */
	private function failure( int $status, string $language, string $message ): array {
		return $this->page( $status, $language, Strings::get( 'server.socialFailedTitle', array(), $language ), array( $message ), $this->signup_links( $language ) );
	}

	/**
	 * A page outcome.
	 *
	 * @param int                                           $status     HTTP status.
	 * @param string                                        $language   Two-letter language.
	 * @param string                                        $title      Title.
	 * @param string[]                                      $paragraphs Sentences.
	 * @param array<int, array{url: string, label: string}> $links      Links.
	 * @return array{status: int, html: string}
	 */
	private function page( int $status, string $language, string $title, array $paragraphs, array $links ): array {
		return array(
			'status' => $status,
			'html'   => Message_Page::html( $language, $title, $paragraphs, $links ),
		);
	}

	/**
	 * Links to the sign-up landing, the email sign-up and the login page of a language.
	 *
	 * @param string $language Two-letter language.
	 * @return array<int, array{url: string, label: string}>
	 */
	private function signup_links( string $language ): array {
		return array(
			array(
				'url'   => Routes::url( 'getting-started', $language ),
				'label' => Strings::get( 'server.socialSignupLink', array(), $language ),
			),
			array(
				'url'   => Routes::url( 'getting-started/signup', $language ),
				'label' => Strings::get( 'server.socialEmailSignupLink', array(), $language ),
			),
			array(
				'url'   => Routes::url( 'login', $language ),
				'label' => Strings::get( 'server.socialLoginLink', array(), $language ),
			),
		);
	}

	/**
	 * Sends an outcome and ends the request.
	 *
	 * @param array{status: int, location?: string, html?: string, cookie?: string} $outcome Outcome.
	 * @return void
	 */
	private function send( array $outcome ): void {
		nocache_headers();
		if ( isset( $outcome['cookie'] ) && ! headers_sent() ) {
			setcookie(
				self::COOKIE,
				$outcome['cookie'],
				array(
					'expires'  => time() + self::STATE_LIFETIME,
					'path'     => COOKIEPATH,
					'domain'   => COOKIE_DOMAIN,
					'secure'   => is_ssl(),
					'httponly' => true,
					'samesite' => 'Lax',
				)
			);
		}
		if ( isset( $outcome['location'] ) ) {
			// The provider's page is another host: wp_redirect, not wp_safe_redirect; ours were checked already.
			wp_redirect( $outcome['location'], $outcome['status'], 'Crowdscout' ); // phpcs:ignore WordPress.Security.SafeRedirect.wp_redirect_wp_redirect
			exit;
		}
		Message_Page::send( $outcome['status'], $outcome['html'] ?? '' );
	}

	/**
	 * The query parameters of the request.
	 *
	 * @return array<string, mixed>
	 */
	private static function query(): array {
		return $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a navigation; the state protects the callback.
	}

	/**
	 * The state cookie ('' when absent).
	 *
	 * @return string
	 */
	private static function cookie(): string {
		return isset( $_COOKIE[ self::COOKIE ] ) && is_string( $_COOKIE[ self::COOKIE ] ) ? sanitize_key( wp_unslash( $_COOKIE[ self::COOKIE ] ) ) : '';
	}

	/**
	 * A string query parameter, unslashed and stripped of control characters ('' when absent).
	 *
	 * @param array<string, mixed> $query Query parameters (slashed).
	 * @param string               $key   Parameter.
	 * @return string
	 */
	private static function field( array $query, string $key ): string {
		return isset( $query[ $key ] ) && is_string( $query[ $key ] ) ? trim( (string) preg_replace( '/[\x00-\x1F\x7F]/', '', wp_unslash( $query[ $key ] ) ) ) : '';
	}
}
