<?php
/**
 * The profile's ajax actions.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Account_Ajax;
use Crowdscout\Keys;
use Crowdscout\Profile_Ajax;

/**
 * mcoptin (the email-confirmation link) and appq_personal_data_request (WordPress's personal-data export request),
 * through the registered admin-ajax hooks, with WordPress's ajax exit turned into an exception and wp_mail caught.
 * PHPUnit has printed before, so WordPress sends no status line here: tests/http/profile.test.mjs checks them.
 */
final class Profile_Ajax_Test extends Test_Case {

	/**
	 * Request globals to restore.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $saved = array();

	/**
	 * Emails wp_mail was asked to send: to, subject, message.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $mails = array();

	/**
	 * Whether wp_mail should fail.
	 *
	 * @var bool
	 */
	private bool $mail_fails = false;

	/**
	 * Ajax mode on, emails caught instead of sent,.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved = array(
			'post'    => $_POST,
			'get'     => $_GET,
			'request' => $_REQUEST,
			'server'  => $_SERVER,
		);
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		add_filter( 'pre_wp_mail', array( $this, 'catch_mail' ), 10, 2 );
	}

	/**
	 * Restores the request and the filters.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_POST    = $this->saved['post'];
		$_GET     = $this->saved['get'];
		$_REQUEST = $this->saved['request'];
		$_SERVER  = $this->saved['server'];
		remove_filter( 'wp_doing_ajax', '__return_true' );
		remove_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		remove_filter( 'pre_wp_mail', array( $this, 'catch_mail' ), 10 );
		parent::tearDown();
	}

	/**
	 * Both actions exist for logged-in users only: a visitor gets admin-ajax's own refusal.
	 */
	public function test_actions_are_for_logged_in_users_only(): void {
		foreach ( array( 'mcoptin', 'appq_personal_data_request' ) as $action ) {
			$this->assertNotFalse( has_action( 'wp_ajax_' . $action ), $action );
			$this->assertFalse( has_action( 'wp_ajax_nopriv_' . $action ), $action );
		}
	}

	/**
	 * mcoptin mails a link to the profile's base tab in the page's language, carrying a token the API accepts
	 * (signed with the email-confirmation key, for this user and this email, valid 48 hours), and answers the
	 * spec's message.
	 */
	public function test_mcoptin_sends_the_link(): void {
		$user = $this->create_user( 'tester', array( 'first_name' => 'Vera' ) );
		wp_set_current_user( $user->ID );
		$before = time();
		$answer = $this->call( 'mcoptin', array( 'security' => $this->nonce() ) );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array( 'message' => 'An Email has been sent to the provided address' ),
			),
			$answer
		);
		$this->assertCount( 1, $this->mails );
		$mail = $this->mails[0];
		$this->assertSame( $user->user_email, $mail['to'] );
		$this->assertStringContainsString( 'Confirm your email address', $mail['subject'] );
		$this->assertStringContainsString( 'Hi Vera,', $mail['message'] );

		$this->assertSame( 1, preg_match( '#(https?://\S+)#', $mail['message'], $found ) );
		$link = $found[1];
		$this->assertStringStartsWith( home_url( '/my-account/' ), $link );
		parse_str( (string) wp_parse_url( $link, PHP_URL_QUERY ), $query );
		$this->assertSame( 'base', $query['tab'] );
		$claims = $this->verify( $query['confirm_email'] );
		$this->assertSame( (string) $user->ID, $claims['sub'] );
		$this->assertSame( strtolower( $user->user_email ), $claims['email'] );
		$this->assertGreaterThanOrEqual( $before + 48 * HOUR_IN_SECONDS, $claims['exp'] );
		$this->assertLessThanOrEqual( time() + 48 * HOUR_IN_SECONDS, $claims['exp'] );
	}

	/**
	 * The email and the answer follow the page's language; the link carries the language's prefix.
	 */
	public function test_mcoptin_in_the_page_language(): void {
		$expected = array(
			'it' => array( "Abbiamo inviato un'email all'indirizzo indicato", 'Conferma il tuo indirizzo email' ),
			'es' => array( 'Hemos enviado un correo electrónico a la dirección indicada', 'Confirma tu dirección de correo' ),
			'fr' => array( "Un e-mail a été envoyé à l'adresse indiquée", 'Confirmez votre adresse e-mail' ),
		);
		foreach ( $expected as $language => list( $message, $subject ) ) {
			$user = $this->create_user();
			wp_set_current_user( $user->ID );
			$this->mails             = array();
			$_SERVER['HTTP_REFERER'] = home_url( '/' . $language . '/my-account/?tab=settings' );
			$answer                  = $this->call( 'mcoptin', array( 'security' => $this->nonce() ) );
			$this->assertSame( $message, $answer['data']['message'], $language );
			$this->assertStringContainsString( $subject, $this->mails[0]['subject'], $language );
			$this->assertStringContainsString( home_url( '/' . $language . '/my-account/?tab=base&confirm_email=' ), $this->mails[0]['message'], $language );
		}
	}

	/**
	 * A missing or wrong nonce is refused before anything is sent.
	 */
	public function test_mcoptin_without_a_valid_nonce(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		foreach ( array( array(), array( 'security' => 'nope' ), array( 'security' => wp_create_nonce( 'another-action' ) ) ) as $fields ) {
			$answer = $this->call( 'mcoptin', $fields );
			$this->assertFalse( $answer['success'] );
			$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'] );
		}
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * A visitor reaching the handler (with a visitor's nonce) is refused and nothing is sent.
	 */
	public function test_mcoptin_logged_out(): void {
		$answer = $this->call( 'mcoptin', array( 'security' => $this->nonce() ), 'wp_ajax_mcoptin' );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'You are not logged in. Please log in and try again.', $answer['data']['message'] );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * One email a minute per user: a second ask within the minute is refused, another user is not
	 * held up.
	 */
	public function test_mcoptin_is_throttled(): void {
		$user  = $this->create_user();
		$other = $this->create_user();
		wp_set_current_user( $user->ID );
		$this->assertTrue( $this->call( 'mcoptin', array( 'security' => $this->nonce() ) )['success'] );
		$again = $this->call( 'mcoptin', array( 'security' => $this->nonce() ) );
		$this->assertFalse( $again['success'] );
		$this->assertStringContainsString( 'wait a minute', $again['data']['message'] );
		$this->assertCount( 1, $this->mails );

		wp_set_current_user( $other->ID );
		$this->assertTrue( $this->call( 'mcoptin', array( 'security' => $this->nonce() ) )['success'] );
		$this->assertCount( 2, $this->mails );
		delete_transient( Profile_Ajax::CONFIRM_THROTTLE_KEY . $user->ID );
		delete_transient( Profile_Ajax::CONFIRM_THROTTLE_KEY . $other->ID );
	}

	/**
	 * An email that cannot be sent answers the spec's failure message, and the tester may try again at once.
	 */
	public function test_mcoptin_when_the_mail_fails(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		$this->mail_fails = true;
		$answer           = $this->call( 'mcoptin', array( 'security' => $this->nonce() ) );
		$this->assertSame(
			array(
				'success' => false,
				'data'    => array( 'message' => 'error retrieving mail confirmation information' ),
			),
			$answer
		);
		$this->mail_fails = false;
		$this->assertTrue( $this->call( 'mcoptin', array( 'security' => $this->nonce() ) )['success'] );
		delete_transient( Profile_Ajax::CONFIRM_THROTTLE_KEY . $user->ID );
	}

	/**
	 * The personal-data request is WordPress's own export request, so the site owner finds it under Tools →
	 * Export Personal Data; WordPress mails the tester its confirmation link. Asking again while it waits says so.
	 */
	public function test_personal_data_request(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		try {
			$answer = $this->call( 'appq_personal_data_request', array( 'security' => $this->nonce() ) );
			$this->assertSame( array( 'success' => true ), $answer );

			$requests = self::export_requests( $user->user_email );
			$this->assertCount( 1, $requests );
			$request = wp_get_user_request( $requests[0] );
			$this->assertSame( 'export_personal_data', $request->action_name );
			$this->assertSame( $user->user_email, $request->email );
			$this->assertSame( 'request-pending', $request->status );
			$this->assertCount( 1, $this->mails, 'WordPress mails the confirmation request.' );
			$this->assertSame( $user->user_email, $this->mails[0]['to'] );
			$this->assertStringContainsString( 'confirmaction', $this->mails[0]['message'] );

			$again = $this->call( 'appq_personal_data_request', array( 'security' => $this->nonce(), 'locale' => 'it' ) );
			$this->assertFalse( $again['success'] );
			$this->assertStringStartsWith( 'Hai già richiesto i tuoi dati personali', $again['data']['message'] );
			$this->assertCount( 1, self::export_requests( $user->user_email ), 'No second request.' );
		} finally {
			foreach ( self::export_requests( $user->user_email ) as $id ) {
				wp_delete_post( $id, true );
			}
		}
	}

	/**
	 * Without a valid nonce, or logged out, no request is filed.
	 */
	public function test_personal_data_request_refused(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		$answer = $this->call( 'appq_personal_data_request', array( 'security' => 'nope' ) );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( array(), self::export_requests( $user->user_email ) );

		wp_set_current_user( 0 );
		$answer = $this->call( 'appq_personal_data_request', array( 'security' => $this->nonce() ), 'wp_ajax_appq_personal_data_request' );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( array(), self::export_requests( $user->user_email ) );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * pre_wp_mail: records the email and answers as wp_mail would, without sending.
	 *
	 * @param null|bool            $short Short-circuit value.
	 * @param array<string, mixed> $atts  wp_mail arguments.
	 * @return bool
	 */
	public function catch_mail( $short, array $atts ): bool {
		unset( $short );
		if ( $this->mail_fails ) {
			return false;
		}
		$this->mails[] = $atts;
		return true;
	}

	/**
	 * Turns WordPress's ajax exit into an exception.
	 *
	 * @return callable
	 */
	public static function die_handler(): callable {
		return static function (): void {
			throw new Profile_Ajax_Exit();
		};
	}

	/**
	 * The nonce appq_get_nonce hands the current user.
	 *
	 * @return string
	 */
	private function nonce(): string {
		return wp_create_nonce( Account_Ajax::NONCE_ACTION );
	}

	/**
	 * The claims of a token after checking its signature as the API does (the key derived for email confirmation).
	 *
	 * @param string $token Token.
	 * @return array<string, mixed>
	 */
	private function verify( string $token ): array {
		$parts = explode( '.', $token );
		$this->assertCount( 2, $parts );
		$key      = Keys::derive( $this->secret(), 'crowdscout:email-confirmation' );
		$expected = rtrim( strtr( base64_encode( hash_hmac( 'sha256', $parts[0], $key, true ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
		$this->assertSame( $expected, $parts[1] );
		$claims = json_decode( (string) base64_decode( strtr( $parts[0], '-_', '+/' ), true ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode
		$this->assertIsArray( $claims );
		$this->assertSame( array( 'sub', 'email', 'exp' ), array_keys( $claims ) );
		return $claims;
	}

	/**
	 * Ids of the export requests of an email, as Tools → Export Personal Data lists them.
	 *
	 * @param string $email Email.
	 * @return int[]
	 */
	private static function export_requests( string $email ): array {
		return array_map(
			'intval',
			get_posts(
				array(
					'post_type'   => 'user_request',
					'name'        => 'export_personal_data',
					'title'       => $email,
					'post_status' => 'any',
					'numberposts' => -1,
					'fields'      => 'ids',
				)
			)
		);
	}

	/**
	 * Runs an ajax action as admin-ajax.php does and decodes its JSON answer.
	 *
	 * @param string               $action Action.
	 * @param array<string, mixed> $fields Fields (unslashed).
	 * @param string|null          $hook   Hook to run; by default the one admin-ajax.php would pick.
	 * @return array<string, mixed>
	 */
	private function call( string $action, array $fields, ?string $hook = null ): array {
		$fields                    = wp_slash( array( 'action' => $action ) + $fields );
		$_POST                     = $fields;
		$_GET                      = array();
		$_REQUEST                  = $fields;
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$hook                      = $hook ?? ( is_user_logged_in() ? 'wp_ajax_' : 'wp_ajax_nopriv_' ) . $action;
		ob_start();
		try {
			do_action( $hook );
			ob_end_clean();
			$this->fail( $action . ' did not end the request.' );
		} catch ( Profile_Ajax_Exit $exit ) {
			$output = (string) ob_get_clean();
		}
		$decoded = json_decode( $output, true );
		$this->assertIsArray( $decoded, $output );
		return $decoded;
	}
}

/**
 * Thrown where admin-ajax would exit.
 */
final class Profile_Ajax_Exit extends \RuntimeException {
}
