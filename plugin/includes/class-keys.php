<?php
/**
 * Keys derived from the shared secret.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Derives one key per purpose from the shared secret (docs/contracts.md, "The shared secret"), so that a bearer
 * token can never pass for a channel signature or an email-confirmation link, nor the other way round. The API
 * derives the same keys (api/src/lib/keys.ts).
 */
final class Keys {

	public const JWT_PURPOSE     = 'crowdscout:jwt';
	public const CHANNEL_PURPOSE = 'crowdscout:internal';
	public const OAUTH_PURPOSE   = 'crowdscout:oauth-state';

	public const EMAIL_CONFIRMATION_PURPOSE = 'crowdscout:email-confirmation';

	/**
	 * Source of the secret: answers the usable secret or null (read on each use, so a changed setting applies).
	 *
	 * @var \Closure(): ?string
	 */
	private \Closure $secret;

	/**
	 * Constructor.
	 *
	 * @param callable(): ?string $secret Source of the secret, e.g. Settings::secret.
	 */
	public function __construct( callable $secret ) {
		$this->secret = \Closure::fromCallable( $secret );
	}

	/**
	 * HMAC-SHA256(key = secret, message = purpose), raw 32 bytes.
	 *
	 * @param string $secret  Shared secret.
	 * @param string $purpose Purpose label.
	 * @return string
	 */
	public static function derive( string $secret, string $purpose ): string {
		return hash_hmac( 'sha256', $purpose, $secret, true );
	}

	/**
	 * Key that signs bearer tokens, or null without a secret.
	 *
	 * @return string|null
	 */
	public function jwt_key(): ?string {
		return $this->key( self::JWT_PURPOSE );
	}

	/**
	 * Key that signs internal-channel requests, or null without a secret.
	 *
	 * @return string|null
	 */
	public function channel_key(): ?string {
		return $this->key( self::CHANNEL_PURPOSE );
	}

	/**
	 * Key that signs the `state` of social logins, or null without a secret.
	 *
	 * @return string|null
	 */
	public function oauth_state_key(): ?string {
		return $this->key( self::OAUTH_PURPOSE );
	}

	/**
	 * Key that signs email-confirmation links (the API checks them), or null without a secret.
	 *
	 * @return string|null
	 */
	public function email_confirmation_key(): ?string {
		return $this->key( self::EMAIL_CONFIRMATION_PURPOSE );
	}

	/**
	 * Derives the key of a purpose from the configured secret.
	 *
	 * @param string $purpose Purpose label.
	 * @return string|null
	 */
	private function key( string $purpose ): ?string {
		$secret = ( $this->secret )();
		return null === $secret ? null : self::derive( $secret, $purpose );
	}
}
