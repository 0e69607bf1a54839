<?php
/**
 * The configuration object of the front end.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Builds `window.crowdscoutConfig` (docs/contracts.md, "Page configuration") for the current request.
 */
final class Page_Config {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Token minting.
	 *
	 * @var Jwt
	 */
	private Jwt $jwt;

	/**
	 * The visitor's referral.
	 *
	 * @var Referral
	 */
	private Referral $referral;

	/**
	 * Constructor.
	 *
	 * @param Settings $settings Settings.
	 * @param Jwt      $jwt      Token minting.
	 * @param Referral $referral The visitor's referral.
	 */
	public function __construct( Settings $settings, Jwt $jwt, Referral $referral ) {
		$this->settings = $settings;
		$this->jwt      = $jwt;
		$this->referral = $referral;
	}

	/**
	 * The configuration for the current user (token and user are null for visitors; the token is also null while
	 * no secret is configured; referral is null when the visitor brought none).
	 *
	 * @return array<string, mixed>
	 */
	public function build(): array {
		$user  = is_user_logged_in() ? wp_get_current_user() : null;
		$token = null !== $user ? $this->jwt->mint( $user ) : null;

		return array(
			'apiBase'        => $this->settings->public_api_url(),
			'token'          => null !== $token ? $token['token'] : null,
			'tokenExpiresAt' => null !== $token ? Jwt::iso8601( $token['expires_at'] ) : null,
			'ajaxUrl'        => admin_url( 'admin-ajax.php' ),
			'nonces'         => array(
				'token'  => wp_create_nonce( Ajax::ACTION ),
				'logout' => wp_create_nonce( Account_Ajax::LOGOUT_ACTION ),
			),
			'locale'         => Locale::current(),
			'productName'    => $this->settings->product_name(),
			'siteUrl'        => home_url( '/' ),
			'loginUrl'       => wp_login_url( self::current_url() ),
			'user'           => null === $user ? null : array(
				'id'          => $user->ID,
				'displayName' => $user->display_name,
				'roles'       => array_values( (array) $user->roles ),
			),
			'features'       => array(
				'publicUserPages' => $this->settings->public_user_pages(),
			),
			'referral'       => $this->referral->current(),
			'feedbackUrl'    => $this->settings->feedback_url(),
		);
	}

	/**
	 * The inline script that defines the configuration. The JSON escapes <, >, & and quotes, so no value can close
	 * the script element.
	 *
	 * @param array<string, mixed> $config Configuration.
	 * @return string
	 */
	public static function script( array $config ): string {
		return 'window.crowdscoutConfig = ' . wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) . ';';
	}

	/**
	 * URL of the current request on this site's origin (the login redirect target).
	 *
	 * @return string
	 */
	public static function current_url(): string {
		$request_uri = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
		$home        = wp_parse_url( home_url() );
		$origin      = ( $home['scheme'] ?? 'http' ) . '://' . ( $home['host'] ?? '' ) . ( isset( $home['port'] ) ? ':' . $home['port'] : '' );
		return $origin . '/' . ltrim( $request_uri, '/' );
	}
}
