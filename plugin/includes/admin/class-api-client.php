<?php
/**
 * The API's back-office routes, as WordPress calls them for the user at a wp-admin screen.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Jwt;
use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Calls `/admin/…` (api/openapi.yaml, tag admin) with a short-lived bearer token minted for the user at the screen,
 * so the API checks the role (administrator, or the tester_lead of the campaign) and records who acted. Every
 * answer is {status, body}; the API's own refusals (401, 403, 404, 409…) come back as answers, with their message.
 * Only when no answer could be had is it a WP_Error: `api_unreachable` (no URL, or the connection failed) or
 * `no_secret` (no token can be minted).
 */
final class Api_Client {

	/**
	 * Seconds a call may take (marking paid writes a receipt; a bulk selection several rows).
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
	 * A GET with a query string.
	 *
	 * @param WP_User              $user  User the token speaks for.
	 * @param string               $path  Path from the API base, e.g. "/admin/campaigns".
	 * @param array<string, mixed> $query Query parameters (empty strings and nulls left out).
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function get( WP_User $user, string $path, array $query = array() ) {
		$query = array_filter( $query, static fn( $value ): bool => null !== $value && '' !== $value );
		return $this->call( $user, 'GET', array() === $query ? $path : $path . '?' . http_build_query( $query, '', '&' ) );
	}

	/**
	 * A call with a JSON body.
	 *
	 * @param WP_User                   $user   User the token speaks for.
	 * @param string                    $method POST, PUT, PATCH or DELETE.
	 * @param string                    $path   Path from the API base.
	 * @param array<string, mixed>|null $body   The JSON body (none: an empty one).
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function send( WP_User $user, string $method, string $path, ?array $body = null ) {
		return $this->call( $user, $method, $path, $body );
	}

	/**
	 * A call with the user's token.
	 *
	 * @param WP_User                   $user   User the token speaks for.
	 * @param string                    $method HTTP method.
	 * @param string                    $path   Path from the API base, with its query string.
	 * @param array<string, mixed>|null $body   JSON body for a method other than GET.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	private function call( WP_User $user, string $method, string $path, ?array $body = null ) {
		$base = $this->base_url();
		if ( '' === $base ) {
			return new WP_Error( 'api_unreachable', __( 'No API URL is configured.', 'crowdscout' ) );
		}
		$token = $this->jwt->mint( $user );
		if ( null === $token ) {
			return new WP_Error( 'no_secret', __( 'Crowdscout is not configured: the shared secret is missing.', 'crowdscout' ) );
		}
		$headers = array(
			'Authorization' => 'Bearer ' . $token['token'],
			'Accept'        => 'application/json',
		);
		$payload = null;
		if ( 'GET' !== $method ) {
			// Typed as JSON even when empty: left untyped, WordPress's HTTP client calls it a form, which the API refuses (415).
			$headers['Content-Type'] = 'application/json';
			$payload                 = null === $body ? '' : (string) wp_json_encode( $body );
		}
		$response = wp_remote_request(
			$base . $path,
			array(
				'method'      => $method,
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => $headers,
				'body'        => $payload,
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

	/**
	 * The body of a 200 answer when it is an object or list, else null.
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer Answer.
	 * @return array<mixed>|null
	 */
	public static function ok_body( $answer ): ?array {
		return ! is_wp_error( $answer ) && 200 === $answer['status'] && is_array( $answer['body'] ) ? $answer['body'] : null;
	}

	/**
	 * The `total` of a list answer, or null when it has none.
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer Answer.
	 * @return int|null
	 */
	public static function total( $answer ): ?int {
		$body = self::ok_body( $answer );
		return null !== $body && isset( $body['total'] ) && is_int( $body['total'] ) ? $body['total'] : null;
	}
}
