<?php
/**
 * The token refresh ajax action.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * `crowdscout_refresh_token`: a fresh bearer token for the logged-in user (docs/contracts.md, "Token refresh").
 * The nopriv hook exists only so that a logged-out browser gets a clean JSON 403 instead of admin-ajax's "0".
 */
final class Ajax {

	public const ACTION = 'crowdscout_refresh_token';

	/**
	 * Token minting.
	 *
	 * @var Jwt
	 */
	private Jwt $jwt;

	/**
	 * Constructor.
	 *
	 * @param Jwt $jwt Token minting.
	 */
	public function __construct( Jwt $jwt ) {
		$this->jwt = $jwt;
	}

	/**
	 * Registers the action for logged-in and logged-out requests.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'refresh_token' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'refresh_token' ) );
	}

	/**
	 * Nonce, then login, then a new token: {"success": true, "data": {"token", "expiresAt"}}. 403 JSON for a bad
	 * nonce or a logged-out user; 503 while no secret is configured.
	 *
	 * @return void
	 */
	public function refresh_token(): void {
		if ( false === check_ajax_referer( self::ACTION, '_ajax_nonce', false ) ) {
			wp_send_json_error( array( 'message' => __( 'Your session has expired. Please reload the page.', 'crowdscout' ) ), 403 );
		}
		if ( ! is_user_logged_in() ) {
			wp_send_json_error( array( 'message' => __( 'You are not logged in.', 'crowdscout' ) ), 403 );
		}
		$token = $this->jwt->mint( wp_get_current_user() );
		if ( null === $token ) {
			wp_send_json_error( array( 'message' => __( 'Crowdscout is not configured: the shared secret is missing.', 'crowdscout' ) ), 503 );
		}
		wp_send_json_success(
			array(
				'token'     => $token['token'],
				'expiresAt' => Jwt::iso8601( $token['expires_at'] ),
			)
		);
	}
}
