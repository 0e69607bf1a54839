<?php
/**
 * The welcome email sent after sign-up.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Writes and sends the welcome email in the tester's language: greeting by first name, the account is ready, a
 * link to the dashboard of that language. Subject and body come from `server.welcomeEmail.*` in the shared
 * catalogue. The API asks for it after a sign-up (internal route `POST /internal/users/{id}/welcome`).
 */
final class Welcome_Email {

	/**
	 * Subject and plain-text body of the email for a user in a language.
	 *
	 * @param WP_User $user     Recipient.
	 * @param string  $language Two-letter language (English when not supported).
	 * @return array{subject: string, body: string}
	 */
	public function compose( WP_User $user, string $language ): array {
		$language = Locale::is_supported( $language ) ? $language : Locale::FALLBACK;
		$name     = '' !== trim( (string) $user->first_name ) ? trim( (string) $user->first_name ) : $user->display_name;
		$vars     = array(
			'name'      => wp_specialchars_decode( $name, ENT_QUOTES ),
			'dashboard' => Routes::url( Routes::DASHBOARD, $language ),
			'site'      => wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ),
		);
		$body     = implode(
			"\n\n",
			array(
				Strings::get( 'server.welcomeEmailGreeting', $vars, $language ),
				Strings::get( 'server.welcomeEmailReady', $vars, $language ),
				Strings::get( 'server.welcomeEmailDashboard', $vars, $language ) . "\n" . $vars['dashboard'],
				Strings::get( 'server.welcomeEmailSignature', $vars, $language ),
			)
		);
		return array(
			'subject' => Strings::get( 'server.welcomeEmailSubject', $vars, $language ),
			'body'    => $body . "\n",
		);
	}

	/**
	 * Sends the email with wp_mail (plain text, UTF-8).
	 *
	 * @param WP_User $user     Recipient.
	 * @param string  $language Two-letter language.
	 * @return bool Whether wp_mail accepted it.
	 */
	public function send( WP_User $user, string $language ): bool {
		$mail = $this->compose( $user, $language );
		return wp_mail( $user->user_email, $mail['subject'], $mail['body'], array( 'Content-Type: text/plain; charset=UTF-8' ) );
	}
}
