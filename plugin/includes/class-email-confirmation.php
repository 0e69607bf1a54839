<?php
/**
 * The email-confirmation link and its email.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Mints the token of the email-confirmation link and mails the link in the tester's language. The profile screen
 * opened by the link sends the token to the API (`POST /users/me/email_confirmation`), which checks it with the
 * same key and marks the email confirmed.
 *
 * Token: `base64url(JSON {sub, email, exp}) + "." + base64url(HMAC-SHA256(key, first part))`, the key derived from
 * the shared secret for this purpose only (Keys::EMAIL_CONFIRMATION_PURPOSE); `sub` is the user id as a string, as
 * in bearer tokens, `email` the address it is sent to (trimmed, lower case), `exp` seconds since the epoch. A link
 * is worth nothing once the tester's email changes or 48 hours pass.
 */
final class Email_Confirmation {

	public const LIFETIME  = 2 * DAY_IN_SECONDS;
	public const QUERY_ARG = 'confirm_email';

	/**
	 * Keys derived from the shared secret.
	 *
	 * @var Keys
	 */
	private Keys $keys;

	/**
	 * Constructor.
	 *
	 * @param Keys $keys Keys derived from the shared secret.
	 */
	public function __construct( Keys $keys ) {
		$this->keys = $keys;
	}

	/**
	 * The token for a user's current email, or null while no secret is configured.
	 *
	 * @param WP_User  $user User.
	 * @param int|null $now  Unix time; null for now.
	 * @return string|null
	 */
	public function mint( WP_User $user, ?int $now = null ): ?string {
		$key = $this->keys->email_confirmation_key();
		if ( null === $key ) {
			return null;
		}
		return self::sign( $key, (string) $user->ID, self::normalise_email( $user->user_email ), ( $now ?? time() ) + self::LIFETIME );
	}

	/**
	 * A token from its parts.
	 *
	 * @param string $key   Derived key (raw bytes).
	 * @param string $sub   WordPress user id.
	 * @param string $email Normalised email.
	 * @param int    $exp   Expiry, Unix time.
	 * @return string
	 */
	public static function sign( string $key, string $sub, string $email, int $exp ): string {
		$claims  = array(
			'sub'   => $sub,
			'email' => $email,
			'exp'   => $exp,
		);
		$payload = Jwt::base64url_encode( (string) wp_json_encode( $claims, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
		return $payload . '.' . Jwt::base64url_encode( hash_hmac( 'sha256', $payload, $key, true ) );
	}

	/**
	 * The link to the profile's base tab, in a language, carrying a token.
	 *
	 * @param string $token    Token.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	public static function link( string $token, string $language ): string {
		return add_query_arg(
			array(
				'tab'           => 'base',
				self::QUERY_ARG => rawurlencode( $token ),
			),
			Routes::url( 'my-account', $language )
		);
	}

	/**
	 * Subject and plain-text body of the email.
	 *
	 * @param WP_User $user     Recipient.
	 * @param string  $link     Confirmation link.
	 * @param string  $language Two-letter language (English when not supported).
	 * @return array{subject: string, body: string}
	 */
	public function compose( WP_User $user, string $link, string $language ): array {
		$language = Locale::is_supported( $language ) ? $language : Locale::FALLBACK;
		$name     = '' !== trim( (string) $user->first_name ) ? trim( (string) $user->first_name ) : $user->display_name;
		$vars     = array(
			'name'  => wp_specialchars_decode( $name, ENT_QUOTES ),
			'email' => $user->user_email,
			'site'  => wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ),
		);
		$body     = implode(
			"\n\n",
			array(
				Strings::get( 'server.emailConfirmationGreeting', $vars, $language ),
				Strings::get( 'server.emailConfirmationBody', $vars, $language ) . "\n" . $link,
				Strings::get( 'server.emailConfirmationIgnore', $vars, $language ),
				Strings::get( 'server.welcomeEmailSignature', $vars, $language ),
			)
		);
		return array(
			'subject' => Strings::get( 'server.emailConfirmationSubject', $vars, $language ),
			'body'    => $body . "\n",
		);
	}

	/**
	 * Mints a token and mails the link with wp_mail (plain text, UTF-8).
	 *
	 * @param WP_User $user     Recipient.
	 * @param string  $language Two-letter language.
	 * @return bool Whether a token could be minted and wp_mail accepted the email.
	 */
	public function send( WP_User $user, string $language ): bool {
		$token = $this->mint( $user );
		if ( null === $token ) {
			return false;
		}
		$mail = $this->compose( $user, self::link( $token, $language ), $language );
		return wp_mail( $user->user_email, $mail['subject'], $mail['body'], array( 'Content-Type: text/plain; charset=UTF-8' ) );
	}

	/**
	 * An email as the API stores it: trimmed, lower case.
	 *
	 * @param string $email Email.
	 * @return string
	 */
	public static function normalise_email( string $email ): string {
		return strtolower( trim( $email ) );
	}
}
