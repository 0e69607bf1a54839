<?php
/**
 * The welcome email and its internal route.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use WP_REST_Request;
use WP_REST_Response;

/**
 * `POST /internal/users/{id}/welcome {locale}` → 202 {sent: true} and one email in that language.
 */
final class Welcome_Email_Test extends Test_Case {

	/**
	 * Emails handed to wp_mail.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $mails = array();

	/**
	 * Captures mail instead of sending it.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		add_filter( 'pre_wp_mail', array( $this, 'capture' ), 99, 2 );
	}

	/**
	 * Stops capturing.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_wp_mail', array( $this, 'capture' ), 99 );
		parent::tearDown();
	}

	/**
	 * `pre_wp_mail`: records the mail and reports it sent.
	 *
	 * @param mixed                $short_circuit Earlier answer.
	 * @param array<string, mixed> $atts          Mail.
	 * @return bool
	 */
	public function capture( $short_circuit, $atts ): bool {
		$this->mails[] = $atts;
		return true;
	}

	/**
	 * Italian: greeting by first name, the Italian dashboard link, subject from the catalogue.
	 */
	public function test_sends_the_welcome_email_in_the_language_asked(): void {
		$user     = $this->create_user( 'tester', array( 'first_name' => 'Giulia' ) );
		$response = $this->send( $user->ID, array( 'locale' => 'it' ) );

		$this->assertSame( 202, $response->get_status() );
		$this->assertSame( array( 'sent' => true ), $response->get_data() );
		$this->assertCount( 1, $this->mails );
		$mail = $this->mails[0];
		$this->assertSame( $user->user_email, $mail['to'] );
		$this->assertStringContainsString( 'Giulia', $mail['subject'] );
		$this->assertStringStartsWith( 'Ti diamo il benvenuto', $mail['subject'] );
		$this->assertStringContainsString( 'Ciao Giulia,', $mail['message'] );
		$this->assertStringContainsString( 'il tuo account Scout è pronto', $mail['message'] );
		$this->assertStringContainsString( home_url( '/it/my-dashboard/' ), $mail['message'] );
	}

	/**
	 * English for another or no locale; the display name when there is no first name.
	 */
	public function test_falls_back_to_english(): void {
		$user = $this->create_user( 'tester', array( 'display_name' => 'Sam Sample' ) );
		$this->assertSame( 202, $this->send( $user->ID, array( 'locale' => 'de' ) )->get_status() );
		$this->assertSame( 202, $this->send( $user->ID, array() )->get_status() );
		foreach ( $this->mails as $mail ) {
			$this->assertStringContainsString( 'Hi Sam Sample,', $mail['message'] );
			$this->assertStringContainsString( home_url( '/my-dashboard/' ), $mail['message'] );
			$this->assertStringStartsWith( 'Welcome to ', $mail['subject'] );
		}
	}

	/**
	 * Unknown user: 404, nothing sent. Unsigned: 401.
	 */
	public function test_refusals(): void {
		$response = $this->send( 999999999, array( 'locale' => 'en' ) );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'user_not_found', $response->get_data()['code'] );

		$request = new WP_REST_Request( 'POST', '/crowdscout/v1/internal/users/1/welcome' );
		$request->set_body( '{"locale":"en"}' );
		$this->assertSame( 401, rest_do_request( $request )->get_status() );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * Sends a signed welcome request.
	 *
	 * @param int                  $user_id User id.
	 * @param array<string, mixed> $body    Body.
	 * @return WP_REST_Response
	 */
	private function send( int $user_id, array $body ): WP_REST_Response {
		$route     = '/crowdscout/v1/internal/users/' . $user_id . '/welcome';
		$raw       = (string) wp_json_encode( (object) $body );
		$timestamp = (string) time();
		$nonce     = bin2hex( random_bytes( 16 ) );
		$key       = hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true );
		$request   = new WP_REST_Request( 'POST', $route );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'X-Crowdscout-Timestamp', $timestamp );
		$request->set_header( 'X-Crowdscout-Nonce', $nonce );
		$request->set_header( 'X-Crowdscout-Signature', hash_hmac( 'sha256', "POST\n" . $route . "\n" . $timestamp . "\n" . $nonce . "\n" . hash( 'sha256', $raw ), $key ) );
		$request->set_body( $raw );
		return rest_do_request( $request );
	}
}
