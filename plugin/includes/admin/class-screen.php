<?php
/**
 * What every back-office screen shares: notices, the requested action, the outcome kept across a redirect, and why
 * a list could not be read.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Settings;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Static helpers of the Crowdscout screens in wp-admin. A screen handles its action on `load-{screen}` (nonce, then
 * capability, then input), keeps the outcome with keep_result(), redirects back, and prints it with take_result().
 */
final class Screen {

	/**
	 * Transient holding a screen's outcome until it prints, followed by the screen's slug and the user id.
	 */
	public const RESULT_TRANSIENT = 'crowdscout_result_';

	/**
	 * Prints an admin notice, escaped; with a link to the settings when they may be the cause.
	 *
	 * @param string $type          success, warning, info or error.
	 * @param string $message       Plain text.
	 * @param bool   $settings_link Whether to link to Settings → Crowdscout.
	 * @return void
	 */
	public static function notice( string $type, string $message, bool $settings_link = false ): void {
		printf( '<div class="notice notice-%s"><p>%s', esc_attr( $type ), esc_html( $message ) );
		if ( $settings_link ) {
			printf(
				' <a href="%s">%s</a>',
				esc_url( admin_url( 'options-general.php?page=' . Settings::PAGE ) ),
				esc_html__( 'Open the settings', 'crowdscout' )
			);
		}
		echo '</p></div>';
	}

	/**
	 * The action asked for: `action`, or `action2` (the bulk selector under a list); '' for none.
	 *
	 * @param array<string, mixed> $request Parameters.
	 * @return string
	 */
	public static function requested_action( array $request ): string {
		foreach ( array( 'action', 'action2' ) as $key ) {
			if ( isset( $request[ $key ] ) && is_string( $request[ $key ] ) && '-1' !== $request[ $key ] && '' !== $request[ $key ] ) {
				return sanitize_key( $request[ $key ] );
			}
		}
		return '';
	}

	/**
	 * The positive integer ids of a parameter that is one id or a list of them.
	 *
	 * @param mixed $value `id` or `id[]`.
	 * @return int[]
	 */
	public static function ids( $value ): array {
		$ids = is_array( $value ) ? $value : array( $value );
		return array_values( array_unique( array_filter( array_map( static fn( $id ): int => is_scalar( $id ) ? absint( $id ) : 0, $ids ) ) ) );
	}

	/**
	 * A text parameter, sanitised ('' when absent).
	 *
	 * @param array<string, mixed> $request   Parameters, unslashed.
	 * @param string               $key       Name.
	 * @param bool                 $multiline Whether line breaks are kept (a comment, a reason).
	 * @return string
	 */
	public static function text( array $request, string $key, bool $multiline = false ): string {
		if ( ! isset( $request[ $key ] ) || ! is_string( $request[ $key ] ) ) {
			return '';
		}
		return trim( $multiline ? sanitize_textarea_field( $request[ $key ] ) : sanitize_text_field( $request[ $key ] ) );
	}

	/**
	 * Keeps an action's outcome for the screen's next view (the user is redirected there).
	 *
	 * @param string $slug   The screen's slug.
	 * @param mixed  $result The outcome.
	 * @return void
	 */
	public static function keep_result( string $slug, $result ): void {
		set_transient( self::RESULT_TRANSIENT . $slug . '_' . get_current_user_id(), $result, 5 * MINUTE_IN_SECONDS );
	}

	/**
	 * The outcome kept for this screen, once (null when there is none).
	 *
	 * @param string $slug The screen's slug.
	 * @return mixed
	 */
	public static function take_result( string $slug ) {
		$key    = self::RESULT_TRANSIENT . $slug . '_' . get_current_user_id();
		$result = get_transient( $key );
		if ( false === $result ) {
			return null;
		}
		delete_transient( $key );
		return $result;
	}

	/**
	 * Stops a refused action: a bad nonce or a missing capability (nothing was sent to the API).
	 *
	 * @param WP_Error $error Why.
	 * @param string   $title The screen's title.
	 * @return void
	 */
	public static function refuse( WP_Error $error, string $title ): void {
		wp_die(
			esc_html( $error->get_error_message() ),
			esc_html( $title ),
			array(
				'response'  => 403,
				'back_link' => true,
			)
		);
	}

	/**
	 * Prints why an answer could not be used, if it could not: the API unreachable (with the settings link), no
	 * secret, or the API's refusal with its message. True when the answer is a usable 200.
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer The answer.
	 * @param Api_Client                               $api    The client (for its URL).
	 * @param string                                   $what   What could not be shown, e.g. "the campaigns".
	 * @return bool
	 */
	public static function answer_ok( $answer, Api_Client $api, string $what ): bool {
		if ( is_wp_error( $answer ) ) {
			$message = 'no_secret' === $answer->get_error_code()
				? $answer->get_error_message()
				: sprintf(
					/* translators: 1: the API's URL, 2: the reason given by WordPress's HTTP client, 3: what cannot be shown, e.g. "the campaigns". */
					__( 'The Crowdscout API cannot be reached at %1$s (%2$s), so %3$s cannot be shown. Check that the API is running and that its URL is right.', 'crowdscout' ),
					'' !== $api->base_url() ? $api->base_url() : '—',
					$answer->get_error_message(),
					$what
				);
			self::notice( 'error', $message, true );
			return false;
		}
		if ( 200 !== $answer['status'] || ! is_array( $answer['body'] ) ) {
			self::notice(
				'error',
				sprintf(
					/* translators: 1: what could not be read, e.g. "the campaigns", 2: HTTP status, 3: the API's message. */
					__( 'The API did not give %1$s (status %2$d): %3$s', 'crowdscout' ),
					$what,
					$answer['status'],
					Api_Client::message( $answer, __( 'unexpected answer.', 'crowdscout' ) )
				)
			);
			return false;
		}
		return true;
	}

	/**
	 * The current page number of a list (`paged`).
	 *
	 * @return int
	 */
	public static function page_number(): int {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses what is read.
		return isset( $_GET['paged'] ) && is_scalar( $_GET['paged'] ) ? max( 1, absint( wp_unslash( $_GET['paged'] ) ) ) : 1;
	}

	/**
	 * A query parameter of the current view, sanitised as a key ('' when absent).
	 *
	 * @param string $key Name.
	 * @return string
	 */
	public static function view_key( string $key ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses what is read.
		return isset( $_GET[ $key ] ) && is_string( $_GET[ $key ] ) ? sanitize_key( wp_unslash( $_GET[ $key ] ) ) : '';
	}

	/**
	 * A query parameter of the current view, sanitised as text ('' when absent): a search.
	 *
	 * @param string $key Name.
	 * @return string
	 */
	public static function view_text( string $key ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses what is read.
		return isset( $_GET[ $key ] ) && is_string( $_GET[ $key ] ) ? trim( sanitize_text_field( wp_unslash( $_GET[ $key ] ) ) ) : '';
	}

	/**
	 * A positive integer query parameter of the current view (0 when absent).
	 *
	 * @param string $key Name.
	 * @return int
	 */
	public static function view_id( string $key ): int {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses what is read.
		return isset( $_GET[ $key ] ) && is_scalar( $_GET[ $key ] ) ? absint( wp_unslash( $_GET[ $key ] ) ) : 0;
	}

	/**
	 * The campaigns the user may run, for a screen's campaign chooser: every status, the newest 100, by id.
	 *
	 * @param Api_Client $api  The client.
	 * @param \WP_User   $user The user.
	 * @return array{answer: array{status: int, body: mixed}|WP_Error, campaigns: array<int, array<string, mixed>>}
	 */
	public static function campaign_choices( Api_Client $api, \WP_User $user ): array {
		$answer    = $api->get(
			$user,
			'/admin/campaigns',
			array(
				'status' => 'all',
				'limit'  => 100,
			)
		);
		$campaigns = array();
		$body      = Api_Client::ok_body( $answer );
		foreach ( is_array( $body['results'] ?? null ) ? $body['results'] : array() as $campaign ) {
			if ( is_array( $campaign ) && is_int( $campaign['id'] ?? null ) ) {
				$campaigns[ $campaign['id'] ] = $campaign;
			}
		}
		return array(
			'answer'    => $answer,
			'campaigns' => $campaigns,
		);
	}

	/**
	 * The campaign a screen opens on: the one asked for (`?campaign=`), else the newest that has work waiting on this
	 * screen, else the newest (0 when there is none).
	 *
	 * @param array<int, array<string, mixed>> $campaigns  The chooser's campaigns, by id (newest first).
	 * @param callable                         $has_work   Whether a campaign has work waiting: fn( array ): bool.
	 * @return int
	 */
	public static function chosen_campaign( array $campaigns, callable $has_work ): int {
		$asked = self::view_id( 'campaign' );
		if ( 0 !== $asked ) {
			return $asked;
		}
		foreach ( $campaigns as $id => $campaign ) {
			if ( $has_work( $campaign ) ) {
				return (int) $id;
			}
		}
		return array() === $campaigns ? 0 : (int) array_key_first( $campaigns );
	}
}
