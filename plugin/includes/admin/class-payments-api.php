<?php
/**
 * The API's back-office payment routes, as WordPress calls them for an administrator.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Jwt;
use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /admin/payments` and `POST /admin/payments/{id}/paid` (api/openapi.yaml, listPayments and markPaymentPaid),
 * each with a short-lived bearer token minted for the administrator at the screen, so the API checks the role and
 * records who acted. Every answer is {status, body}; the API's own refusals (401, 403, 404, 409…) come back as
 * answers, with their message. Only when no answer could be had is it a WP_Error: `api_unreachable` (no URL, or
 * the connection failed) or `no_secret` (no token can be minted).
 */
final class Payments_Api {

	/**
	 * Seconds a call may take (marking paid writes the receipt).
	 */
	public const TIMEOUT = 20;

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
	 * The API's base URL, without a trailing slash ('' when none is set).
	 *
	 * @return string
	 */
	public function base_url(): string {
		return untrailingslashit( (string) call_user_func( $this->api_url ) );
	}

	/**
	 * One page of payment requests with a status.
	 *
	 * @param WP_User $admin  The administrator asking.
	 * @param string  $status processing or paid.
	 * @param int     $start  Requests to skip.
	 * @param int     $limit  Page size (1–100).
	 * @param string  $order  ASC (oldest requested first) or DESC.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function list_payments( WP_User $admin, string $status, int $start, int $limit, string $order = 'ASC' ) {
		$query = array(
			'status' => $status,
			'start'  => max( 0, $start ),
			'limit'  => min( 100, max( 1, $limit ) ),
			'order'  => 'DESC' === $order ? 'DESC' : 'ASC',
		);
		return $this->call( $admin, 'GET', '/admin/payments?' . http_build_query( $query, '', '&' ) );
	}

	/**
	 * Marks a processing request paid: the API writes the paid date and the receipt, and mails the tester.
	 *
	 * @param WP_User $admin      The administrator acting.
	 * @param int     $payment_id Request id.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function mark_paid( WP_User $admin, int $payment_id ) {
		return $this->call( $admin, 'POST', '/admin/payments/' . $payment_id . '/paid' );
	}

	/**
	 * A call with the administrator's token.
	 *
	 * @param WP_User $admin  User the token speaks for.
	 * @param string  $method GET or POST.
	 * @param string  $path   Path from the API base, with its query string.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	private function call( WP_User $admin, string $method, string $path ) {
		$base = $this->base_url();
		if ( '' === $base ) {
			return new WP_Error( 'api_unreachable', __( 'No API URL is configured.', 'crowdscout' ) );
		}
		$token = $this->jwt->mint( $admin );
		if ( null === $token ) {
			return new WP_Error( 'no_secret', __( 'Crowdscout is not configured: the shared secret is missing.', 'crowdscout' ) );
		}
		$headers = array(
			'Authorization' => 'Bearer ' . $token['token'],
			'Accept'        => 'application/json',
		);
		if ( 'POST' === $method ) {
			// An empty body typed as JSON: left untyped, WordPress's HTTP client calls it a form, which the API refuses (415).
			$headers['Content-Type'] = 'application/json';
		}
		$response = wp_remote_request(
			$base . $path,
			array(
				'method'      => $method,
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => $headers,
				'body'        => 'POST' === $method ? '' : null,
			)
		);
		if ( is_wp_error( $response ) ) {
			return new WP_Error( 'api_unreachable', $response->get_error_message() );
		}
		return array(
			'status' => (int) wp_remote_retrieve_response_code( $response ),
			'body'   => json_decode( (string) wp_remote_retrieve_body( $response ), true ),
		);
	}

	/**
	 * The message of an API error answer, or a default.
	 *
	 * @param array{status: int, body: mixed} $answer   Answer.
	 * @param string                          $fallback Message when the answer has none.
	 * @return string
	 */
	public static function message( array $answer, string $fallback ): string {
		$body = $answer['body'];
		return is_array( $body ) && isset( $body['message'] ) && is_string( $body['message'] ) && '' !== $body['message']
			? $body['message']
			: $fallback;
	}
}
