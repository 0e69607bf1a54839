<?php
/**
 * Bearer tokens for the API.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Mints HS256 JWTs for WordPress users with the claims of docs/contracts.md ("Bearer tokens").
 */
final class Jwt {

	public const ISSUER   = 'crowdscout';
	public const AUDIENCE = 'crowdscout-api';
	public const LIFETIME = 900;

	/**
	 * Source of the signing key.
	 *
	 * @var Keys
	 */
	private Keys $keys;

	/**
	 * Constructor.
	 *
	 * @param Keys $keys Source of the signing key.
	 */
	public function __construct( Keys $keys ) {
		$this->keys = $keys;
	}

	/**
	 * Mints a token for a user. Null when no secret is configured or the user is not a saved user.
	 *
	 * @param WP_User  $user User the token speaks for.
	 * @param int|null $now  Issue time (Unix seconds); now when null.
	 * @return array{token: string, expires_at: int}|null
	 */
	public function mint( WP_User $user, ?int $now = null ): ?array {
		$key = $this->keys->jwt_key();
		if ( null === $key || $user->ID <= 0 ) {
			return null;
		}
		$issued_at = $now ?? time();
		$claims    = array(
			'iss'  => self::ISSUER,
			'aud'  => self::AUDIENCE,
			'sub'  => (string) $user->ID,
			'role' => self::primary_role( $user ),
			'iat'  => $issued_at,
			'exp'  => $issued_at + self::LIFETIME,
		);
		return array(
			'token'      => self::encode( $claims, $key ),
			'expires_at' => $claims['exp'],
		);
	}

	/**
	 * Encodes and signs claims as an HS256 JWT.
	 *
	 * @param array<string, mixed> $claims Claims.
	 * @param string               $key    Raw signing key.
	 * @return string
	 */
	public static function encode( array $claims, string $key ): string {
		$header  = self::base64url_encode( (string) wp_json_encode( array( 'alg' => 'HS256', 'typ' => 'JWT' ) ) );
		$payload = self::base64url_encode( (string) wp_json_encode( $claims, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
		$signed  = $header . '.' . $payload;
		return $signed . '.' . self::base64url_encode( hash_hmac( 'sha256', $signed, $key, true ) );
	}

	/**
	 * The user's primary role: the first of its roles, '' when it has none.
	 *
	 * @param WP_User $user User.
	 * @return string
	 */
	public static function primary_role( WP_User $user ): string {
		$roles = array_values( (array) $user->roles );
		return isset( $roles[0] ) ? (string) $roles[0] : '';
	}

	/**
	 * Base64url without padding (RFC 7515).
	 *
	 * @param string $data Bytes.
	 * @return string
	 */
	public static function base64url_encode( string $data ): string {
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- JWT encoding, not obfuscation.
		return rtrim( strtr( base64_encode( $data ), '+/', '-_' ), '=' );
	}

	/**
	 * ISO 8601 UTC form of a Unix time, as the front end receives expiry times.
	 *
	 * @param int $timestamp Unix seconds.
	 * @return string
	 */
	public static function iso8601( int $timestamp ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', $timestamp );
	}
}
