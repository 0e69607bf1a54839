<?php
/**
 * Signatures of the internal channel.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

/**
 * Verifies the HMAC signature, freshness and uniqueness of internal-channel requests (docs/contracts.md,
 * "Internal channel").
 */
final class Channel_Signature {

	public const HEADER_TIMESTAMP = 'X-Crowdscout-Timestamp';
	public const HEADER_NONCE     = 'X-Crowdscout-Nonce';
	public const HEADER_SIGNATURE = 'X-Crowdscout-Signature';
	public const MAX_SKEW         = 300;

	/**
	 * Source of the channel key.
	 *
	 * @var Keys
	 */
	private Keys $keys;

	/**
	 * Nonce memory.
	 *
	 * @var Replay_Guard
	 */
	private Replay_Guard $guard;

	/**
	 * Constructor.
	 *
	 * @param Keys         $keys  Source of the channel key.
	 * @param Replay_Guard $guard Nonce memory.
	 */
	public function __construct( Keys $keys, Replay_Guard $guard ) {
		$this->keys  = $keys;
		$this->guard = $guard;
	}

	/**
	 * The signed string: METHOD \n ROUTE \n TIMESTAMP \n NONCE \n sha256hex(body).
	 *
	 * @param string $method    HTTP method.
	 * @param string $route     REST route, e.g. /crowdscout/v1/internal/users.
	 * @param string $timestamp Unix seconds, as sent.
	 * @param string $nonce     Nonce, as sent.
	 * @param string $body      Raw body.
	 * @return string
	 */
	public static function string_to_sign( string $method, string $route, string $timestamp, string $nonce, string $body ): string {
		return strtoupper( $method ) . "\n" . $route . "\n" . $timestamp . "\n" . $nonce . "\n" . hash( 'sha256', $body );
	}

	/**
	 * Lowercase hex HMAC-SHA256 of the signed string.
	 *
	 * @param string $key       Raw channel key.
	 * @param string $method    HTTP method.
	 * @param string $route     REST route.
	 * @param string $timestamp Unix seconds.
	 * @param string $nonce     Nonce.
	 * @param string $body      Raw body.
	 * @return string
	 */
	public static function sign( string $key, string $method, string $route, string $timestamp, string $nonce, string $body ): string {
		return hash_hmac( 'sha256', self::string_to_sign( $method, $route, $timestamp, $nonce, $body ), $key );
	}

	/**
	 * REST permission callback: true for a valid, fresh, first-seen request, otherwise a 401 error whose code is
	 * bad_signature, stale_request or replayed_request. The nonce is recorded only once the signature and the
	 * timestamp are good, so unsigned traffic cannot fill the nonce table.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int|null        $now     Current time; now when null.
	 * @return bool|WP_Error
	 */
	public function verify( WP_REST_Request $request, ?int $now = null ) {
		$now       = is_int( $now ) ? $now : time();
		$key       = $this->keys->channel_key();
		$timestamp = (string) $request->get_header( self::HEADER_TIMESTAMP );
		$nonce     = (string) $request->get_header( self::HEADER_NONCE );
		$signature = strtolower( (string) $request->get_header( self::HEADER_SIGNATURE ) );

		if ( null === $key ) {
			return self::error( 'bad_signature', __( 'WordPress has no shared secret configured, so it cannot verify the request.', 'crowdscout' ) );
		}
		if ( ! preg_match( '/^\d{1,12}$/', $timestamp ) || ! preg_match( '/^[0-9a-fA-F]{32}$/', $nonce ) || ! preg_match( '/^[0-9a-f]{64}$/', $signature ) ) {
			return self::error( 'bad_signature', __( 'The request is not signed.', 'crowdscout' ) );
		}
		if ( self::has_query( $request ) ) {
			return self::error( 'bad_signature', __( 'The internal routes take no query string: it is outside the signature.', 'crowdscout' ) );
		}

		$expected = self::sign( $key, $request->get_method(), $request->get_route(), $timestamp, $nonce, (string) $request->get_body() );
		if ( ! hash_equals( $expected, $signature ) ) {
			return self::error( 'bad_signature', __( 'The request signature is wrong.', 'crowdscout' ) );
		}
		if ( abs( $now - (int) $timestamp ) > self::MAX_SKEW ) {
			return self::error( 'stale_request', __( 'The request timestamp is too far from the server clock.', 'crowdscout' ) );
		}
		if ( ! $this->guard->remember( $nonce, $now ) ) {
			return self::error( 'replayed_request', __( 'The request nonce was already used.', 'crowdscout' ) );
		}
		$this->guard->maybe_purge();
		return true;
	}

	/**
	 * True when the request carries a query parameter. The signature covers the route and the body, not the query,
	 * and WordPress lets a query parameter stand in for a route or body one (`?id=`), so none is allowed. The one
	 * exception is `rest_route` of the `?rest_route=/…` form: its value is the route WordPress serves, which is
	 * the signed one.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return bool
	 */
	private static function has_query( WP_REST_Request $request ): bool {
		$query = (array) $request->get_query_params();
		unset( $query['rest_route'] );
		return array() !== $query;
	}

	/**
	 * A 401 error with the contract's code.
	 *
	 * @param string $code    Error code.
	 * @param string $message Message.
	 * @return WP_Error
	 */
	private static function error( string $code, string $message ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => 401 ) );
	}
}
