<?php
/**
 * The profile's admin-ajax actions: email confirmation and the personal-data request.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * `mcoptin` mails the email-confirmation link; `appq_personal_data_request` files a WordPress personal-data export
 * request (listed under Tools → Export Personal Data, confirmed by the tester through WordPress's own email).
 *
 * Both act on the logged-in user only, so neither is registered for visitors. Both take the nonce of the account
 * actions (`security`, from `appq_get_nonce`). Messages come from the shared catalogue (`server.*`) in the
 * language of the page that asked (Account_Ajax::request_language()).
 */
final class Profile_Ajax {

	public const CONFIRM_ACTION       = 'mcoptin';
	public const DATA_REQUEST_ACTION  = 'appq_personal_data_request';
	public const CONFIRM_INTERVAL     = MINUTE_IN_SECONDS;
	public const CONFIRM_THROTTLE_KEY = 'crowdscout_mcoptin_';

	/**
	 * The confirmation link and its email.
	 *
	 * @var Email_Confirmation
	 */
	private Email_Confirmation $confirmation;

	/**
	 * Constructor.
	 *
	 * @param Email_Confirmation $confirmation The confirmation link and its email.
	 */
	public function __construct( Email_Confirmation $confirmation ) {
		$this->confirmation = $confirmation;
	}

	/**
	 * Registers the two actions for logged-in users.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'wp_ajax_' . self::CONFIRM_ACTION, array( $this, 'confirm_email' ) );
		add_action( 'wp_ajax_' . self::DATA_REQUEST_ACTION, array( $this, 'request_personal_data' ) );
	}

	/**
	 * `mcoptin` (security) → {"success": true, "data": {"message"}}; refusals and failures →
	 * {"success": false, "data": {"message"}}: 403 for a bad nonce or no session, 429 within a minute of the last
	 * email, 500 when the email could not be sent.
	 *
	 * @return void
	 */
	public function confirm_email(): void {
		nocache_headers();
		$language = $this->check_request();
		$user     = wp_get_current_user();

		$throttle = self::CONFIRM_THROTTLE_KEY . $user->ID;
		if ( false !== get_transient( $throttle ) ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.emailConfirmationThrottled', array(), $language ) ), 429 );
		}
		// Taken before sending, so that a double click sends one email; given back when nothing was sent.
		set_transient( $throttle, time(), self::CONFIRM_INTERVAL );
		if ( ! $this->confirmation->send( $user, $language ) ) {
			delete_transient( $throttle );
			wp_send_json_error( array( 'message' => Strings::get( 'server.emailConfirmationFailed', array(), $language ) ), 500 );
		}
		wp_send_json_success( array( 'message' => Strings::get( 'server.emailConfirmationSent', array(), $language ) ) );
	}

	/**
	 * `appq_personal_data_request` (security) → {"success": true}; a request already waiting for the tester's
	 * confirmation, or any failure → {"success": false, "data": {"message"}}.
	 *
	 * @return void
	 */
	public function request_personal_data(): void {
		nocache_headers();
		$language = $this->check_request();
		$email    = wp_get_current_user()->user_email;

		$request_id = wp_create_user_request( $email, 'export_personal_data' );
		if ( $request_id instanceof WP_Error ) {
			$key = 'duplicate_request' === $request_id->get_error_code() ? 'server.personalDataDuplicate' : 'server.personalDataFailed';
			wp_send_json_error( array( 'message' => Strings::get( $key, array(), $language ) ), 'duplicate_request' === $request_id->get_error_code() ? 409 : 500 );
		}
		// A request whose email failed stays listed: the site owner can send it again from Tools.
		if ( true !== wp_send_user_request( $request_id ) ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.personalDataFailed', array(), $language ) ), 500 );
		}
		wp_send_json_success();
	}

	/**
	 * Nonce, then session; answers 403 and ends the request when either fails.
	 *
	 * @return string The language of the answer.
	 */
	private function check_request(): string {
		$language = Account_Ajax::request_language( $_POST ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- only picks the language of the refusal.
		if ( false === check_ajax_referer( Account_Ajax::NONCE_ACTION, 'security', false ) ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.profileInvalidNonce', array(), $language ) ), 403 );
		}
		if ( ! is_user_logged_in() ) {
			wp_send_json_error( array( 'message' => Strings::get( 'server.profileNotLoggedIn', array(), $language ) ), 403 );
		}
		return $language;
	}
}
