<?php
/**
 * Sign-in with Facebook and LinkedIn.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Keys;
use Crowdscout\Settings;
use Crowdscout\Social_Login;

/**
 * The redirect to the provider (configured or not), the signed state, and the callback with the provider's HTTP
 * faked through `pre_http_request`: existing user logged in, unknown email sent to sign-up, failures explained.
 */
final class Social_Login_Test extends Test_Case {

	/**
	 * Requests the fake provider received: [method, url, args].
	 *
	 * @var array<int, array{0: string, 1: string, 2: array<string, mixed>}>
	 */
	private array $requests = array();

	/**
	 * Answers of the fake provider by URL prefix: [status, body].
	 *
	 * @var array<string, array{0: int, 1: string}>
	 */
	private array $answers = array();

	/**
	 * No cookies sent; the fake provider in place (after the development mu-plugin, which blocks outbound HTTP
	 * at priority 1).
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		add_filter( 'send_auth_cookies', '__return_false' );
		add_filter( 'pre_http_request', array( $this, 'fake_http' ), 99, 3 );
	}

	/**
	 * Removes the fakes.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'send_auth_cookies', '__return_false' );
		remove_filter( 'pre_http_request', array( $this, 'fake_http' ), 99 );
		parent::tearDown();
	}

	/**
	 * `pre_http_request`: answers from $this->answers, records the request; no network.
	 *
	 * @param mixed                $preempt Earlier answer.
	 * @param array<string, mixed> $args    Request arguments.
	 * @param string               $url     URL.
	 * @return array<string, mixed>
	 */
	public function fake_http( $preempt, $args, $url ): array {
		$this->requests[] = array( (string) ( $args['method'] ?? 'GET' ), $url, $args );
		foreach ( $this->answers as $prefix => list( $status, $body ) ) {
			if ( str_starts_with( $url, $prefix ) ) {
				return array(
					'headers'  => array(),
					'body'     => $body,
					'response' => array(
						'code'    => $status,
						'message' => '',
					),
					'cookies'  => array(),
					'filename' => null,
				);
			}
		}
		return array(
			'headers'  => array(),
			'body'     => '',
			'response' => array(
				'code'    => 404,
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * Not configured: a 503 page in the request's language with links to sign-up; no HTTP.
	 */
	public function test_redirect_when_not_configured(): void {
		$outcome = $this->social()->redirect_outcome( 'facebook', array( 'redirect_to' => home_url( '/it/getting-started/confirmation/' ) ) );
		$this->assertSame( 503, $outcome['status'] );
		$this->assertArrayNotHasKey( 'location', $outcome );
		$this->assertStringContainsString( '<html lang="it">', $outcome['html'] );
		$this->assertStringContainsString( "L&#039;accesso con Facebook non è configurato su questo sito.", $outcome['html'] );
		$this->assertStringContainsString( 'href="' . home_url( '/it/getting-started/' ) . '"', $outcome['html'] );
		$this->assertStringContainsString( 'href="' . home_url( '/it/getting-started/signup/' ) . '"', $outcome['html'] );

		$english = $this->social()->redirect_outcome( 'linkedin', array() );
		$this->assertSame( 503, $english['status'] );
		$this->assertStringContainsString( 'Sign-in with LinkedIn is not configured on this site.', $english['html'] );
		$this->assertSame( array(), $this->requests );

		$this->set_settings( array( 'linkedin_client_id' => 'only-the-id' ) );
		$this->assertSame( 503, $this->social()->redirect_outcome( 'linkedin', array() )['status'], 'The secret is needed too.' );
	}

	/**
	 * Configured: 302 to the provider with client id, our callback, the scope and a state that verifies; no HTTP.
	 */
	public function test_redirect_when_configured(): void {
		$this->configure();
		$back    = home_url( '/it/getting-started/confirmation/' );
		$outcome = $this->social()->redirect_outcome(
			'facebook',
			array(
				'redirect_to' => $back,
				'log'         => '0',
			)
		);
		$this->assertSame( 302, $outcome['status'] );
		$this->assertStringStartsWith( 'https://www.facebook.com/v19.0/dialog/oauth?', $outcome['location'] );
		parse_str( (string) wp_parse_url( $outcome['location'], PHP_URL_QUERY ), $query );
		$this->assertSame( 'fb-app', $query['client_id'] );
		$this->assertSame( 'email', $query['scope'] );
		$this->assertSame( admin_url( 'admin-ajax.php?action=facebook_oauth_callback' ), $query['redirect_uri'] );
		$state = Social_Login::verify_state( $this->state_key(), $query['state'], 'facebook', $outcome['cookie'] );
		$this->assertNotNull( $state );
		$this->assertSame( $back, $state['r'] );
		$this->assertSame( 'it', $state['g'] );

		$linkedin = $this->social()->redirect_outcome( 'linkedin', array( 'redirect_to' => 'https://evil.example/steal' ) );
		$this->assertStringStartsWith( 'https://www.linkedin.com/oauth/v2/authorization?', $linkedin['location'] );
		parse_str( (string) wp_parse_url( $linkedin['location'], PHP_URL_QUERY ), $query );
		$this->assertSame( 'code', $query['response_type'] );
		$this->assertSame( 'openid profile email', $query['scope'] );
		$this->assertSame( 'li-client', $query['client_id'] );
		$state = Social_Login::verify_state( $this->state_key(), $query['state'], 'linkedin', $linkedin['cookie'] );
		$this->assertSame( home_url( '/getting-started/confirmation/' ), $state['r'], 'Another host falls back to the confirmation page.' );
		$this->assertSame( array(), $this->requests );
	}

	/**
	 * States: tampered, expired, for the other provider or from another browser are refused.
	 */
	public function test_state_verification(): void {
		$key     = $this->state_key();
		$payload = array(
			'p' => 'facebook',
			'r' => home_url( '/' ),
			'g' => 'en',
			'l' => 0,
			'x' => time() + 60,
			'n' => 'abc123',
		);
		$state   = Social_Login::sign_state( $key, $payload );
		$this->assertNotNull( Social_Login::verify_state( $key, $state, 'facebook', 'abc123' ) );
		$this->assertNull( Social_Login::verify_state( $key, $state, 'linkedin', 'abc123' ) );
		$this->assertNull( Social_Login::verify_state( $key, $state, 'facebook', 'other' ) );
		$this->assertNull( Social_Login::verify_state( $key, $state, 'facebook', '' ) );
		$this->assertNull( Social_Login::verify_state( $key, $state, 'facebook', 'abc123', time() + 61 ) );
		$this->assertNull( Social_Login::verify_state( $key, 'x' . $state, 'facebook', 'abc123' ) );
		$this->assertNull( Social_Login::verify_state( str_repeat( 'k', 32 ), $state, 'facebook', 'abc123' ) );
	}

	/**
	 * Facebook callback for an existing user: token exchange, profile, session, back to the state's address.
	 */
	public function test_facebook_callback_logs_in_an_existing_user(): void {
		$this->configure();
		$user          = $this->create_user();
		$this->answers = array(
			'https://graph.facebook.com/v19.0/oauth/access_token' => array( 200, '{"access_token":"fb-token","token_type":"bearer"}' ),
			'https://graph.facebook.com/v19.0/me'                 => array( 200, wp_json_encode( array( 'email' => $user->user_email, 'first_name' => 'Dana', 'last_name' => 'Demo', 'id' => '1' ) ) ),
		);
		list( $state, $cookie ) = $this->start( 'facebook', home_url( '/it/my-dashboard/' ) );

		$outcome = $this->social()->callback_outcome(
			'facebook',
			array(
				'code'  => 'the-code',
				'state' => $state,
			),
			$cookie
		);
		$this->assertSame(
			array(
				'status'   => 302,
				'location' => home_url( '/it/my-dashboard/' ),
			),
			$outcome
		);
		$this->assertSame( $user->ID, get_current_user_id() );

		$this->assertCount( 2, $this->requests );
		list( $method, $url, $args ) = $this->requests[0];
		$this->assertSame( 'POST', $method );
		$this->assertSame( 'https://graph.facebook.com/v19.0/oauth/access_token', $url );
		$this->assertSame( 'the-code', $args['body']['code'] );
		$this->assertSame( 'fb-secret', $args['body']['client_secret'] );
		$this->assertSame( admin_url( 'admin-ajax.php?action=facebook_oauth_callback' ), $args['body']['redirect_uri'] );
		parse_str( (string) wp_parse_url( $this->requests[1][1], PHP_URL_QUERY ), $query );
		$this->assertSame( 'email,first_name,last_name', $query['fields'] );
		$this->assertSame( 'fb-token', $query['access_token'] );
		$this->assertSame( hash_hmac( 'sha256', 'fb-token', 'fb-secret' ), $query['appsecret_proof'] );
	}

	/**
	 * LinkedIn callback for an unknown verified email: to the sign-up page of the language with the email; no
	 * session.
	 */
	public function test_linkedin_callback_sends_an_unknown_email_to_sign_up(): void {
		$this->configure();
		$email         = 'new+' . strtolower( wp_generate_password( 6, false ) ) . '@example.test';
		$this->answers = array(
			'https://www.linkedin.com/oauth/v2/accessToken' => array( 200, '{"access_token":"li-token","expires_in":3600}' ),
			'https://api.linkedin.com/v2/userinfo'          => array( 200, wp_json_encode( array( 'email' => $email, 'email_verified' => true, 'given_name' => 'Nina' ) ) ),
		);
		list( $state, $cookie ) = $this->start( 'linkedin', home_url( '/es/getting-started/confirmation/' ) );

		$outcome = $this->social()->callback_outcome(
			'linkedin',
			array(
				'code'  => 'li-code',
				'state' => $state,
			),
			$cookie
		);
		$this->assertSame( 302, $outcome['status'] );
		$this->assertSame( home_url( '/es/getting-started/signup/' ) . '?email=' . rawurlencode( $email ), $outcome['location'] );
		$this->assertSame( 0, get_current_user_id() );
		$this->assertSame( 'authorization_code', $this->requests[0][2]['body']['grant_type'] );
		$this->assertSame( 'Bearer li-token', $this->requests[1][2]['headers']['Authorization'] );
	}

	/**
	 * Failures: a refused authorization (400), a provider error (502), an unverified email (400), a bad state
	 * (400) — each a page, never a session.
	 */
	public function test_callback_failures(): void {
		$this->configure();
		$user = $this->create_user();

		list( $state, $cookie ) = $this->start( 'facebook', home_url( '/' ) );
		$denied                 = $this->social()->callback_outcome(
			'facebook',
			array(
				'error' => 'access_denied',
				'state' => $state,
			),
			$cookie
		);
		$this->assertSame( 400, $denied['status'] );
		$this->assertStringContainsString( 'Sign-in failed', $denied['html'] );
		$this->assertSame( array(), $this->requests );

		$this->answers = array( 'https://graph.facebook.com/v19.0/oauth/access_token' => array( 400, '{"error":{"message":"Invalid code"}}' ) );
		$failed        = $this->social()->callback_outcome(
			'facebook',
			array(
				'code'  => 'bad',
				'state' => $state,
			),
			$cookie
		);
		$this->assertSame( 502, $failed['status'] );
		$this->assertStringContainsString( "We couldn&#039;t complete the sign-in with Facebook.", $failed['html'] );

		$this->answers          = array(
			'https://www.linkedin.com/oauth/v2/accessToken' => array( 200, '{"access_token":"li-token"}' ),
			'https://api.linkedin.com/v2/userinfo'          => array( 200, wp_json_encode( array( 'email' => $user->user_email, 'email_verified' => false ) ) ),
		);
		list( $state, $cookie ) = $this->start( 'linkedin', home_url( '/fr/my-dashboard/' ) );
		$unverified             = $this->social()->callback_outcome(
			'linkedin',
			array(
				'code'  => 'x',
				'state' => $state,
			),
			$cookie
		);
		$this->assertSame( 400, $unverified['status'] );
		$this->assertStringContainsString( '<html lang="fr">', $unverified['html'] );

		$forged = $this->social()->callback_outcome(
			'linkedin',
			array(
				'code'  => 'x',
				'state' => $state,
			),
			'another-browser'
		);
		$this->assertSame( 400, $forged['status'] );
		$this->assertStringContainsString( 'invalid or has expired', $forged['html'] );
		$this->assertSame( 0, get_current_user_id() );
	}

	/**
	 * Secrets are kept when the field is left empty and never printed back; the feedback URL must be https.
	 */
	public function test_settings(): void {
		$this->configure();
		$settings = $this->plugin()->settings();
		$clean    = $settings->sanitize(
			array(
				'facebook_app_id'     => ' new-app ',
				'facebook_app_secret' => '',
				'feedback_url'        => 'https://forms.example/feedback?x=1',
			)
		);
		$this->assertSame( 'new-app', $clean['facebook_app_id'] );
		$this->assertSame( 'fb-secret', $clean['facebook_app_secret'] );
		$this->assertSame( 'https://forms.example/feedback?x=1', $clean['feedback_url'] );
		$this->assertSame( 'li-secret', $clean['linkedin_client_secret'] );

		$this->assertSame( '', $settings->sanitize( array( 'facebook_app_secret' => '-' ) )['facebook_app_secret'] );
		$kept = $settings->sanitize( array( 'feedback_url' => 'http://insecure.example/' ) );
		$this->assertSame( '', $kept['feedback_url'], 'The previous (empty) value is kept.' );

		ob_start();
		$settings->render_social_field( array( 'key' => 'facebook_app_secret' ) );
		$html = (string) ob_get_clean();
		$this->assertStringNotContainsString( 'fb-secret', $html );
		$this->assertStringContainsString( 'type="password"', $html );

		$this->assertNull( $this->plugin()->page_config()->build()['feedbackUrl'] );
		$this->set_settings( array( 'feedback_url' => 'https://forms.example/f' ) );
		$this->assertSame( 'https://forms.example/f', $this->plugin()->page_config()->build()['feedbackUrl'] );
		$this->assertSame(
			array(
				'id'     => 'fb-app',
				'secret' => 'fb-secret',
			),
			$settings->social_credentials( 'facebook' )
		);
	}

	/**
	 * Starts a sign-in and returns its state and cookie.
	 *
	 * @param string $provider    Provider.
	 * @param string $redirect_to Where to come back.
	 * @return array{0: string, 1: string}
	 */
	private function start( string $provider, string $redirect_to ): array {
		$outcome = $this->social()->redirect_outcome( $provider, array( 'redirect_to' => $redirect_to ) );
		parse_str( (string) wp_parse_url( $outcome['location'], PHP_URL_QUERY ), $query );
		return array( $query['state'], $outcome['cookie'] );
	}

	/**
	 * Stores app ids and secrets for both providers.
	 *
	 * @return void
	 */
	private function configure(): void {
		$this->set_settings(
			array(
				'facebook_app_id'        => 'fb-app',
				'facebook_app_secret'    => 'fb-secret',
				'linkedin_client_id'     => 'li-client',
				'linkedin_client_secret' => 'li-secret',
			)
		);
	}

	/**
	 * The social login service.
	 *
	 * @return Social_Login
	 */
	private function social(): Social_Login {
		return $this->plugin()->social_login();
	}

	/**
	 * The key that signs states.
	 *
	 * @return string
	 */
	private function state_key(): string {
		return Keys::derive( $this->secret(), Keys::OAUTH_PURPOSE );
	}
}
