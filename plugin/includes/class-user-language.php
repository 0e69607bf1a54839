<?php
/**
 * The language each user last read the site in.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Remembers, per user, the interface language of the last page they viewed while logged in (the URL prefix: /it,
 * /es, /fr, none for English), so that mails sent later on the API's behalf (payment requests received and paid)
 * speak that language. Kept in a meta of our own, not WordPress's `locale` meta: that one would also switch
 * wp-admin and admin-ajax to the language of the last front-end page an administrator looked at.
 */
final class User_Language {

	public const META_KEY = 'crowdscout_language';

	/**
	 * Records the language on every front-end page view.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'template_redirect', array( $this, 'remember' ) );
	}

	/**
	 * `template_redirect`: stores the language of the page for the logged-in user, when it changed.
	 *
	 * @return void
	 */
	public function remember(): void {
		$user_id = get_current_user_id();
		if ( $user_id < 1 || is_feed() || is_robots() || is_favicon() ) {
			return;
		}
		self::record( $user_id, Locale::from_path( Locale::request_path() ) ?? Locale::FALLBACK );
	}

	/**
	 * Stores a user's language (a database write only when it differs from the stored one).
	 *
	 * @param int    $user_id  User id.
	 * @param string $language Two-letter language; unsupported ones are ignored.
	 * @return void
	 */
	public static function record( int $user_id, string $language ): void {
		if ( $user_id < 1 || ! Locale::is_supported( $language ) ) {
			return;
		}
		if ( get_user_meta( $user_id, self::META_KEY, true ) !== $language ) {
			update_user_meta( $user_id, self::META_KEY, $language );
		}
	}

	/**
	 * The language to write to a user in: the one they last read the site in; else their WordPress locale's,
	 * when it is an interface language; else English.
	 *
	 * @param WP_User $user User.
	 * @return string Two-letter language.
	 */
	public static function of( WP_User $user ): string {
		$stored = get_user_meta( $user->ID, self::META_KEY, true );
		if ( is_string( $stored ) && Locale::is_supported( $stored ) ) {
			return $stored;
		}
		$language = strtolower( substr( get_user_locale( $user ), 0, 2 ) );
		return Locale::is_supported( $language ) ? $language : Locale::FALLBACK;
	}
}
