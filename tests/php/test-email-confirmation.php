<?php
/**
 * The email-confirmation token and email.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Email_Confirmation;
use Crowdscout\Keys;
use Crowdscout\Strings;

/**
 * The token WordPress mints is the one the API checks (a vector shared with
 * api/test/features/email-confirmation/token.test.ts), and the email reads well in every language.
 */
final class Email_Confirmation_Test extends Test_Case {

	private const VECTOR_SECRET = 'shared-test-vector-secret-0123456789abcdef';
	private const VECTOR_TOKEN  = 'eyJzdWIiOiI0MiIsImVtYWlsIjoidmVyYS52ZXRlcmFuQGV4YW1wbGUudGVzdCIsImV4cCI6MTkwMDAwMDAwMH0.6_hOUicxskgDi2md1LH5-KV65XMwPBhLcjsRoCpmiiM';

	/**
	 * The shared vector: user 42, vera.veteran@example.test, expiring at 1900000000.
	 */
	public function test_shared_vector(): void {
		$this->assertSame( 'crowdscout:email-confirmation', Keys::EMAIL_CONFIRMATION_PURPOSE );
		$key = Keys::derive( self::VECTOR_SECRET, Keys::EMAIL_CONFIRMATION_PURPOSE );
		$this->assertSame( self::VECTOR_TOKEN, Email_Confirmation::sign( $key, '42', 'vera.veteran@example.test', 1900000000 ) );
	}

	/**
	 * mint() binds the token to the user and the current email (normalised), for 48 hours, with the configured
	 * secret's email-confirmation key, which is neither the JWT nor the channel key.
	 */
	public function test_mint(): void {
		$user  = $this->create_user( 'tester', array( 'user_email' => 'Mixed.Case.' . wp_generate_password( 6, false ) . '@Example.test' ) );
		$token = $this->plugin()->email_confirmation()->mint( $user, 1700000000 );
		$key   = $this->plugin()->keys()->email_confirmation_key();
		$this->assertSame( Keys::derive( $this->secret(), 'crowdscout:email-confirmation' ), $key );
		$this->assertNotSame( $this->plugin()->keys()->jwt_key(), $key );
		$this->assertNotSame( $this->plugin()->keys()->channel_key(), $key );
		$this->assertSame( Email_Confirmation::sign( $key, (string) $user->ID, strtolower( $user->user_email ), 1700000000 + 48 * HOUR_IN_SECONDS ), $token );
	}

	/**
	 * Without a secret there is no token and nothing is sent.
	 */
	public function test_no_secret_no_token(): void {
		$unconfigured = new Email_Confirmation( new Keys( static fn() => null ) );
		$user         = $this->create_user();
		$this->assertNull( $unconfigured->mint( $user ) );
		$sent = false;
		$spy  = static function ( $short ) use ( &$sent ) {
			$sent = true;
			return $short;
		};
		add_filter( 'pre_wp_mail', $spy );
		try {
			$this->assertFalse( $unconfigured->send( $user, 'en' ) );
		} finally {
			remove_filter( 'pre_wp_mail', $spy );
		}
		$this->assertFalse( $sent );
	}

	/**
	 * Every string of the email and of the two actions exists in the four languages, and the email carries the
	 * name, the address and the link.
	 */
	public function test_the_email_in_every_language(): void {
		$keys = array(
			'emailConfirmationSubject',
			'emailConfirmationGreeting',
			'emailConfirmationBody',
			'emailConfirmationIgnore',
			'emailConfirmationSent',
			'emailConfirmationFailed',
			'emailConfirmationThrottled',
			'personalDataDuplicate',
			'personalDataFailed',
			'profileInvalidNonce',
			'profileNotLoggedIn',
		);
		$user = $this->create_user( 'tester', array( 'first_name' => 'Umberto' ) );
		$link = Email_Confirmation::link( 'abc.def', 'it' );
		$this->assertSame( home_url( '/it/my-account/?tab=base&confirm_email=abc.def' ), $link );
		$this->assertSame( home_url( '/my-account/?tab=base&confirm_email=abc.def' ), Email_Confirmation::link( 'abc.def', 'en' ) );
		foreach ( array( 'en', 'it', 'es', 'fr' ) as $language ) {
			foreach ( $keys as $key ) {
				$this->assertTrue( Strings::has( 'server.' . $key, $language ), $language . ' ' . $key );
			}
			$mail = $this->plugin()->email_confirmation()->compose( $user, $link, $language );
			$this->assertStringContainsString( wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ), $mail['subject'], $language );
			$this->assertStringContainsString( 'Umberto', $mail['body'], $language );
			$this->assertStringContainsString( $user->user_email, $mail['body'], $language );
			$this->assertStringContainsString( "\n" . $link . "\n", $mail['body'], $language );
			$this->assertStringNotContainsString( '{{', $mail['subject'] . $mail['body'], $language );
		}
		$this->assertSame( 'An Email has been sent to the provided address', Strings::get( 'server.emailConfirmationSent', array(), 'en' ) );
		$this->assertSame( 'error retrieving mail confirmation information', Strings::get( 'server.emailConfirmationFailed', array(), 'en' ) );
	}
}
