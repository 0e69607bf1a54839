<?php
/**
 * The referral a visitor arrived with.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * A `referral` query parameter on any page is kept for sign-up: stored in an HttpOnly cookie for 30 days and
 * handed to the front end through the page configuration (`referral`), so no script needs to read the cookie.
 * Only letters, digits, dashes and underscores are kept, at most 64 of them.
 */
final class Referral {

	public const PARAMETER  = 'referral';
	public const COOKIE     = 'crowdscout_referral';
	public const MAX_LENGTH = 64;
	public const LIFETIME   = 30 * DAY_IN_SECONDS;

	/**
	 * Registers the cookie writer, ahead of the redirects so that a referral on a redirected address is kept.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'template_redirect', array( $this, 'remember' ), 0 );
	}

	/**
	 * A referral as stored: letters, digits, dashes and underscores, cut to 64 characters ("" for anything else
	 * than a string).
	 *
	 * @param mixed $value Raw value.
	 * @return string
	 */
	public static function sanitize( $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		return substr( (string) preg_replace( '/[^A-Za-z0-9_-]/', '', $value ), 0, self::MAX_LENGTH );
	}

	/**
	 * The referral of the current request's query string, "" when none.
	 *
	 * @return string
	 */
	public function from_query(): string {
		// A public link parameter, not a form submission: there is no nonce to check. Sanitised right here.
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		return isset( $_GET[ self::PARAMETER ] ) ? self::sanitize( wp_unslash( $_GET[ self::PARAMETER ] ) ) : '';
	}

	/**
	 * The referral for this visitor: the one in the query string, else the stored one; null when there is none.
	 *
	 * @return string|null
	 */
	public function current(): ?string {
		$referral = $this->from_query();
		if ( '' === $referral && isset( $_COOKIE[ self::COOKIE ] ) ) {
			// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitised by self::sanitize().
			$referral = self::sanitize( wp_unslash( $_COOKIE[ self::COOKIE ] ) );
		}
		return '' === $referral ? null : $referral;
	}

	/**
	 * Stores the query string's referral in the cookie (template_redirect). A response that depends on a
	 * visitor's referral is marked not cacheable, so a shared cache never hands it to someone else.
	 *
	 * @return void
	 */
	public function remember(): void {
		if ( null === $this->current() || headers_sent() ) {
			return;
		}
		nocache_headers();
		$referral = $this->from_query();
		if ( '' === $referral ) {
			return;
		}
		setcookie(
			self::COOKIE,
			$referral,
			array(
				'expires'  => time() + self::LIFETIME,
				'path'     => COOKIEPATH ? COOKIEPATH : '/',
				'domain'   => COOKIE_DOMAIN ? COOKIE_DOMAIN : '',
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Lax',
			)
		);
	}
}
