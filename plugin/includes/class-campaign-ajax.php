<?php
/**
 * The campaign's action of the admin-ajax layer: starting a campaign.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * `start_tester_activities` (security, cp_id): the manual's accept-contract button (spec section 4, "Manual access":
 * starting). WordPress forwards it to the API server side, `POST /users/me/campaigns/{cp_id}/start`, with a
 * short-lived bearer token minted for the logged-in user, as the personal-data export reads the API
 * (docs/contracts.md, "Starting a campaign"). The API decides everything else: a campaign the tester may not see
 * answers 404, one they are not selected in 403, one not started yet 409; its message and status are passed on.
 */
final class Campaign_Ajax {

	public const START_ACTION = 'start_tester_activities';

	/**
	 * Seconds the API call may take.
	 */
	public const TIMEOUT = 10;

	/**
	 * Token minting.
	 *
	 * @var Jwt
	 */
	private Jwt $jwt;

	/**
	 * Gives the API's server-side base URL (Settings::api_url()).
	 *
	 * @var callable(): string
	 */
	private $api_url;

	/**
	 * Constructor.
	 *
	 * @param Jwt      $jwt     Token minting.
	 * @param callable $api_url Gives the API's server-side base URL, e.g. "http://127.0.0.1:8082/api".
	 */
	public function __construct( Jwt $jwt, callable $api_url ) {
		$this->jwt     = $jwt;
		$this->api_url = $api_url;
	}

	/**
	 * Registers the action for logged-in users (a visitor has no campaign to start: admin-ajax answers 400).
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'wp_ajax_' . self::START_ACTION, array( $this, 'start' ) );
	}

	/**
	 * `start_tester_activities` → {"success": true, "data": {"startedAt"}}; refusals → {"success": false, "data":
	 * {"message"}}: 403 for a bad nonce or no session, 400 without a campaign id, the API's status and message when
	 * it refuses, 502 when it cannot be reached, 503 while no secret is configured.
	 *
	 * @return void
	 */
	public function start(): void {
		nocache_headers();
		$language = Account_Ajax::request_language( $_POST ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- only picks the language of the refusal.
		if ( false === check_ajax_referer( Account_Ajax::NONCE_ACTION, 'security', false ) ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.profileInvalidNonce', array(), $language ) ), 403 );
		}
		if ( ! is_user_logged_in() ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.profileNotLoggedIn', array(), $language ) ), 403 );
		}
		$campaign_id = isset( $_POST['cp_id'] ) && is_scalar( $_POST['cp_id'] ) ? absint( wp_unslash( $_POST['cp_id'] ) ) : 0;
		if ( $campaign_id < 1 ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.campaignStartFailed', array(), $language ) ), 400 );
		}

		$token = $this->jwt->mint( wp_get_current_user() );
		if ( null === $token ) {
			wp_send_json_error( array( 'message' => __( 'Crowdscout is not configured: the shared secret is missing.', 'crowdscout' ) ), 503 );
		}
		$answer = $this->post( '/users/me/campaigns/' . $campaign_id . '/start', $token['token'] );
		if ( null === $answer ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.campaignStartFailed', array(), $language ) ), 502 );
		}
		$body = is_array( $answer['body'] ) ? $answer['body'] : array();
		if ( 200 === $answer['status'] && is_string( $body['startedAt'] ?? null ) ) {
			wp_send_json_success( array( 'startedAt' => $body['startedAt'] ) );
		}
		$message = is_string( $body['message'] ?? null ) && '' !== $body['message']
			? $body['message']
			: Strings::get( 'server.campaignStartFailed', array(), $language );
		$status  = $answer['status'] >= 400 && $answer['status'] < 600 ? $answer['status'] : 502;
		wp_send_json_error( array( 'message' => $message ), $status );
	}

	/**
	 * POST without a body on the API, with the bearer token. Null when the API cannot be reached (or no URL is set).
	 *
	 * @param string $path  Path from the API base.
	 * @param string $token Bearer token.
	 * @return array{status: int, body: mixed}|null
	 */
	private function post( string $path, string $token ): ?array {
		$base = untrailingslashit( (string) call_user_func( $this->api_url ) );
		if ( '' === $base ) {
			return null;
		}
		$response = wp_remote_post(
			$base . $path,
			array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				// An empty body typed as JSON: left untyped, WordPress's HTTP client calls it a form, which the API refuses (415).
				'headers'     => array(
					'Authorization' => 'Bearer ' . $token,
					'Accept'        => 'application/json',
					'Content-Type'  => 'application/json',
				),
				'body'        => '',
			)
		);
		if ( is_wp_error( $response ) ) {
			return null;
		}
		return array(
			'status' => (int) wp_remote_retrieve_response_code( $response ),
			'body'   => json_decode( (string) wp_remote_retrieve_body( $response ), true ),
		);
	}
}
