<?php
/**
 * Signatures of the internal channel.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Replay_Guard;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Requests to the internal routes pass only when signed with the channel key over method, route, timestamp,
 * nonce and body hash, fresh, never seen before and without a query — through the real REST server.
 */
final class Channel_Signature_Test extends Test_Case {

	/**
	 * A user whose role the requests read.
	 *
	 * @var \WP_User
	 */
	private \WP_User $user;

	/**
	 * Creates the user.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->user = $this->create_user( 'tester' );
	}

	/**
	 * A correctly signed request is served.
	 */
	public function test_valid_signature_passes(): void {
		$response = $this->send( 'GET', $this->role_route() );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame(
			array(
				'id'    => $this->user->ID,
				'role'  => 'tester',
				'roles' => array( 'tester' ),
			),
			$response->get_data()
		);
	}

	/**
	 * A valid signature over a body also passes for a write.
	 */
	public function test_valid_signature_with_body_passes(): void {
		$email    = 'phpunit-new-' . strtolower( wp_generate_password( 8, false ) ) . '@example.test';
		$response = $this->send( 'PUT', '/crowdscout/v1/internal/users/' . $this->user->ID . '/email', (string) wp_json_encode( array( 'email' => $email ) ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( $email, get_userdata( $this->user->ID )->user_email );
	}

	/**
	 * Changing the body after signing is refused, and nothing happens.
	 */
	public function test_tampered_body_is_refused(): void {
		$before   = get_userdata( $this->user->ID )->user_email;
		$signed   = (string) wp_json_encode( array( 'email' => 'phpunit-signed@example.test' ) );
		$sent     = (string) wp_json_encode( array( 'email' => 'phpunit-evil@example.test' ) );
		$response = $this->send( 'PUT', '/crowdscout/v1/internal/users/' . $this->user->ID . '/email', $sent, array( 'signed_body' => $signed ) );

		$this->assert_refused( $response, 'bad_signature' );
		clean_user_cache( $this->user->ID );
		$this->assertSame( $before, get_userdata( $this->user->ID )->user_email );
	}

	/**
	 * A signature made for another route does not open this one.
	 */
	public function test_tampered_route_is_refused(): void {
		$response = $this->send( 'GET', $this->role_route(), '', array( 'signed_route' => '/crowdscout/v1/internal/users/1/role' ) );
		$this->assert_refused( $response, 'bad_signature' );
	}

	/**
	 * The method is signed too.
	 */
	public function test_tampered_method_is_refused(): void {
		$response = $this->send( 'DELETE', '/crowdscout/v1/internal/users/' . $this->user->ID, '', array( 'signed_method' => 'GET' ) );
		$this->assert_refused( $response, 'bad_signature' );
		$this->assertInstanceOf( \WP_User::class, get_userdata( $this->user->ID ) );
	}

	/**
	 * A query is outside the signature, and WordPress would read `?id=` over the route's `{id}`: a request signed for
	 * one user with `?id=` of another appended is refused, and neither user is touched.
	 */
	public function test_query_parameter_is_refused_and_redirects_nothing(): void {
		$other = $this->create_user( 'tester' );
		$route = '/crowdscout/v1/internal/users/' . $this->user->ID;

		$this->assert_refused( $this->send( 'DELETE', $route, '', array( 'query' => array( 'id' => (string) $other->ID ) ) ), 'bad_signature' );
		$this->assert_refused( $this->send( 'GET', $this->role_route(), '', array( 'query' => array( '_method' => 'DELETE' ) ) ), 'bad_signature' );
		clean_user_cache( $other->ID );
		clean_user_cache( $this->user->ID );
		$this->assertInstanceOf( \WP_User::class, get_userdata( $other->ID ) );
		$this->assertInstanceOf( \WP_User::class, get_userdata( $this->user->ID ) );

		$email    = 'phpunit-moved-' . strtolower( wp_generate_password( 8, false ) ) . '@example.test';
		$response = $this->send( 'PUT', $route . '/email', (string) wp_json_encode( array( 'email' => $email ) ), array( 'query' => array( 'id' => (string) $other->ID ) ) );
		$this->assert_refused( $response, 'bad_signature' );
		clean_user_cache( $other->ID );
		$this->assertNotSame( $email, get_userdata( $other->ID )->user_email );
	}

	/**
	 * The `?rest_route=/…` form (sites without pretty permalinks) names the signed route itself, so it passes; any
	 * other parameter beside it does not.
	 */
	public function test_rest_route_form_passes_without_other_parameters(): void {
		$this->assertSame( 200, $this->send( 'GET', $this->role_route(), '', array( 'query' => array( 'rest_route' => $this->role_route() ) ) )->get_status() );
		$this->assert_refused(
			$this->send( 'GET', $this->role_route(), '', array( 'query' => array( 'rest_route' => $this->role_route(), 'id' => '1' ) ) ),
			'bad_signature'
		);
	}

	/**
	 * The id is the route's, even when the signed body carries another one.
	 */
	public function test_id_comes_from_the_route_not_the_body(): void {
		$other    = $this->create_user( 'tester' );
		$before   = get_userdata( $other->ID )->user_email;
		$email    = 'phpunit-own-' . strtolower( wp_generate_password( 8, false ) ) . '@example.test';
		$body     = (string) wp_json_encode(
			array(
				'email' => $email,
				'id'    => $other->ID,
			)
		);
		$response = $this->send( 'PUT', '/crowdscout/v1/internal/users/' . $this->user->ID . '/email', $body );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		clean_user_cache( $other->ID );
		clean_user_cache( $this->user->ID );
		$this->assertSame( $email, get_userdata( $this->user->ID )->user_email );
		$this->assertSame( $before, get_userdata( $other->ID )->user_email );
	}

	/**
	 * A signature by another key (e.g. the JWT key or the raw secret) is refused.
	 */
	public function test_signature_with_another_key_is_refused(): void {
		foreach ( array( hash_hmac( 'sha256', 'crowdscout:jwt', $this->secret(), true ), $this->secret() ) as $key ) {
			$this->assert_refused( $this->send( 'GET', $this->role_route(), '', array( 'key' => $key ) ), 'bad_signature' );
		}
	}

	/**
	 * Requests without the headers are refused.
	 */
	public function test_unsigned_request_is_refused(): void {
		$request = new WP_REST_Request( 'GET', $this->role_route() );
		$this->assert_refused( rest_do_request( $request ), 'bad_signature' );
	}

	/**
	 * Timestamps more than 300 s away, in either direction, are refused; within it they are accepted. The refused
	 * ones lie a few seconds past the edge: the clock may tick between signing and checking.
	 */
	public function test_stale_timestamp_is_refused(): void {
		$this->assert_refused( $this->send( 'GET', $this->role_route(), '', array( 'timestamp' => time() - 305 ) ), 'stale_request' );
		$this->assert_refused( $this->send( 'GET', $this->role_route(), '', array( 'timestamp' => time() + 305 ) ), 'stale_request' );
		$this->assertSame( 200, $this->send( 'GET', $this->role_route(), '', array( 'timestamp' => time() - 290 ) )->get_status() );
	}

	/**
	 * The same nonce cannot be used twice, even with a fresh timestamp and a correct signature.
	 */
	public function test_replayed_nonce_is_refused(): void {
		$nonce = bin2hex( random_bytes( 16 ) );
		$this->assertSame( 200, $this->send( 'GET', $this->role_route(), '', array( 'nonce' => $nonce ) )->get_status() );
		$this->assert_refused( $this->send( 'GET', $this->role_route(), '', array( 'nonce' => $nonce ) ), 'replayed_request' );
		$this->assert_refused(
			$this->send( 'GET', $this->role_route(), '', array( 'nonce' => $nonce, 'timestamp' => time() + 1 ) ),
			'replayed_request'
		);
	}

	/**
	 * The nonce store: first use true, second false; rows older than the window are purged or taken over.
	 */
	public function test_replay_guard_remembers_and_forgets_after_the_window(): void {
		$guard = $this->plugin()->replay_guard();
		$nonce = bin2hex( random_bytes( 16 ) );
		$then  = time() - 1000;

		$this->assertTrue( $guard->remember( $nonce, $then ) );
		$this->assertFalse( $guard->remember( $nonce, $then + 1 ) );
		$this->assertFalse( $guard->remember( $nonce, $then + Replay_Guard::WINDOW ) );
		$this->assertTrue( $guard->remember( $nonce, $then + Replay_Guard::WINDOW + 1 ), 'A nonce older than the window may be used again.' );
		$this->assertFalse( $guard->remember( $nonce, $then + Replay_Guard::WINDOW + 2 ) );

		$old = bin2hex( random_bytes( 16 ) );
		$new = bin2hex( random_bytes( 16 ) );
		$guard->remember( $old, time() - Replay_Guard::WINDOW - 10 );
		$guard->remember( $new, time() );
		$this->assertGreaterThanOrEqual( 1, $guard->purge() );
		$this->assertTrue( $guard->remember( $old ), 'Purged nonce is gone.' );
		$this->assertFalse( $guard->remember( $new ), 'Recent nonce is kept.' );
	}

	/**
	 * Route of the role read.
	 *
	 * @return string
	 */
	private function role_route(): string {
		return '/crowdscout/v1/internal/users/' . $this->user->ID . '/role';
	}

	/**
	 * Sends a signed request through the REST server.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $route  Route.
	 * @param string               $body   Raw body.
	 * @param array<string, mixed> $tweak  What to sign differently: signed_body, signed_route, signed_method,
	 *                                     timestamp, nonce, key; query: parameters added to the URL, unsigned.
	 * @return WP_REST_Response
	 */
	private function send( string $method, string $route, string $body = '', array $tweak = array() ): WP_REST_Response {
		$timestamp = (string) ( $tweak['timestamp'] ?? time() );
		$nonce     = $tweak['nonce'] ?? bin2hex( random_bytes( 16 ) );
		$key       = $tweak['key'] ?? hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true );
		$string    = ( $tweak['signed_method'] ?? $method ) . "\n" . ( $tweak['signed_route'] ?? $route ) . "\n" . $timestamp . "\n" . $nonce . "\n" . hash( 'sha256', $tweak['signed_body'] ?? $body );

		$request = new WP_REST_Request( $method, $route );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'X-Crowdscout-Timestamp', $timestamp );
		$request->set_header( 'X-Crowdscout-Nonce', $nonce );
		$request->set_header( 'X-Crowdscout-Signature', hash_hmac( 'sha256', $string, $key ) );
		$request->set_body( $body );
		$request->set_query_params( $tweak['query'] ?? array() );
		return rest_do_request( $request );
	}

	/**
	 * Asserts a 401 with the contract's code.
	 *
	 * @param WP_REST_Response $response Response.
	 * @param string           $code     Expected code.
	 * @return void
	 */
	private function assert_refused( WP_REST_Response $response, string $code ): void {
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( $code, $response->get_data()['code'] ?? null );
		$this->assertArrayHasKey( 'message', $response->get_data() );
	}
}
