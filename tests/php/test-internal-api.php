<?php
/**
 * The internal routes' behaviour.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use WP_REST_Request;
use WP_REST_Response;

/**
 * What each internal route does and answers (docs/contracts.md), through the real REST server with valid
 * signatures.
 */
final class Internal_Api_Test extends Test_Case {

	/**
	 * Sign-up creates a tester with a login derived from the email, names, and no password in the answer.
	 */
	public function test_create_user(): void {
		$email    = $this->unique_email( 'dana.demo' );
		$response = $this->send(
			'POST',
			'/internal/users',
			array(
				'email'    => $email,
				'password' => 'Passw0rd',
				'name'     => 'Dana',
				'surname'  => 'Demo',
			)
		);

		$this->assertSame( 201, $response->get_status() );
		$data = $response->get_data();
		$this->assertSame( array( 'id', 'username', 'email', 'role' ), array_keys( $data ) );
		$this->forget_user_after_test( $data['id'] );
		$this->assertSame( $email, $data['email'] );
		$this->assertSame( 'tester', $data['role'] );
		$this->assertStringStartsWith( strstr( $email, '@', true ), $data['username'] );

		$user = get_userdata( $data['id'] );
		$this->assertSame( array( 'tester' ), array_values( $user->roles ) );
		$this->assertSame( 'Dana', $user->first_name );
		$this->assertSame( 'Demo', $user->last_name );
		$this->assertSame( 'Dana Demo', $user->display_name );
		// Hashed like wp-login.php checks it: the slashed form of the password.
		$this->assertTrue( wp_check_password( wp_slash( 'Passw0rd' ), $user->user_pass, $user->ID ) );
	}

	/**
	 * wp_authenticate() trims every password it checks, so sign-up sets the password trimmed: the tester logs in
	 * with or without the spaces typed around it, at wp-login.php as through the API.
	 */
	public function test_create_user_sets_the_password_as_logins_check_it(): void {
		$response = $this->send(
			'POST',
			'/internal/users',
			array(
				'email'    => $this->unique_email( 'spaced' ),
				'password' => '  Passw0rd ',
				'name'     => 'Spaced',
				'surname'  => 'Password',
			)
		);
		$this->assertSame( 201, $response->get_status() );
		$data = $response->get_data();
		$this->forget_user_after_test( $data['id'] );
		$this->assertInstanceOf( \WP_User::class, wp_authenticate( $data['email'], 'Passw0rd' ) );
		$this->assertInstanceOf( \WP_User::class, wp_authenticate( $data['email'], '  Passw0rd ' ) );

		// Too short once trimmed: refused, as the form would refuse it.
		$short = $this->send(
			'POST',
			'/internal/users',
			array(
				'email'    => $this->unique_email( 'short' ),
				'password' => '  Ab1cd  ',
				'name'     => 'Short',
				'surname'  => 'Password',
			)
		);
		$this->assert_error( $short, 400, 'invalid_input' );
	}

	/**
	 * A taken email is 409 email_exists; a second user with the same local part gets another login.
	 */
	public function test_create_user_conflicts_and_login_uniqueness(): void {
		$first = $this->create_user( 'tester' );
		$this->assert_error( $this->send( 'POST', '/internal/users', $this->signup( $first->user_email ) ), 409, 'email_exists' );

		$local  = 'phpunit-same-' . strtolower( wp_generate_password( 6, false ) );
		$one    = $this->send( 'POST', '/internal/users', $this->signup( $local . '@one.example.test' ) )->get_data();
		$two    = $this->send( 'POST', '/internal/users', $this->signup( $local . '@two.example.test' ) )->get_data();
		$this->forget_user_after_test( $one['id'] );
		$this->forget_user_after_test( $two['id'] );
		$this->assertNotSame( $one['username'], $two['username'] );
	}

	/**
	 * Invalid sign-ups are 400 invalid_input with a message.
	 */
	public function test_create_user_validates_input(): void {
		$cases = array(
			array( 'email' => 'not-an-email' ),
			array( 'password' => 'short' ),
			array( 'password' => 'nouppercase1' ),
			array( 'password' => 'NoDigitsHere' ),
			array( 'name' => '' ),
			array( 'surname' => array( 'x' ) ),
		);
		foreach ( $cases as $override ) {
			$response = $this->send( 'POST', '/internal/users', array_merge( $this->signup( $this->unique_email( 'bad' ) ), $override ) );
			$this->assert_error( $response, 400, 'invalid_input' );
			$this->assertNotEmpty( $response->get_data()['message'] );
		}
		$this->assert_error( $this->send( 'POST', '/internal/users', array( 1, 2 ) ), 400, 'invalid_input' );
	}

	/**
	 * Password check by email or login; wrong password and unknown user answer the same 422.
	 */
	public function test_check_password(): void {
		$user = $this->create_user( 'tester', array( 'user_pass' => wp_slash( 'It\'s-a "Secret" \\1' ) ) );

		foreach ( array( $user->user_email, $user->user_login ) as $username ) {
			$response = $this->send(
				'POST',
				'/internal/users/check-password',
				array(
					'username' => $username,
					'password' => 'It\'s-a "Secret" \\1',
				)
			);
			$this->assertSame( 200, $response->get_status() );
			$this->assertSame( $user->ID, $response->get_data()['id'] );
			$this->assertSame( 'tester', $response->get_data()['role'] );
		}

		$wrong   = $this->send(
			'POST',
			'/internal/users/check-password',
			array(
				'username' => $user->user_email,
				'password' => 'nope',
			)
		);
		$unknown = $this->send(
			'POST',
			'/internal/users/check-password',
			array(
				'username' => 'phpunit-nobody@example.test',
				'password' => 'nope',
			)
		);
		$this->assert_error( $wrong, 422, 'invalid_credentials' );
		$this->assert_error( $unknown, 422, 'invalid_credentials' );
		$this->assertSame( $wrong->get_data()['message'], $unknown->get_data()['message'] );
	}

	/**
	 * Password change needs the current password.
	 */
	public function test_change_password(): void {
		$user  = $this->create_user( 'tester', array( 'user_pass' => 'Old-pass1' ) );
		$route = '/internal/users/' . $user->ID . '/password';

		$this->assert_error(
			$this->send(
				'PUT',
				$route,
				array(
					'oldPassword' => 'wrong',
					'password'    => 'New-pass1',
				)
			),
			417,
			'wrong_password'
		);
		$ok = $this->send(
			'PUT',
			$route,
			array(
				'oldPassword' => 'Old-pass1',
				'password'    => 'New-pass1',
			)
		);
		$this->assertSame( 200, $ok->get_status() );
		$this->assertSame( array( 'ok' => true ), $ok->get_data() );
		$this->assertTrue( wp_check_password( 'New-pass1', get_userdata( $user->ID )->user_pass, $user->ID ) );
		$this->assert_error(
			$this->send(
				'PUT',
				'/internal/users/999999999/password',
				array(
					'oldPassword' => 'x',
					'password'    => 'New-pass1',
				)
			),
			404,
			'user_not_found'
		);
	}

	/**
	 * Email change: 409 when another user has it, 200 otherwise.
	 */
	public function test_change_email(): void {
		$user  = $this->create_user( 'tester' );
		$other = $this->create_user( 'tester' );
		$route = '/internal/users/' . $user->ID . '/email';

		$this->assert_error( $this->send( 'PUT', $route, array( 'email' => $other->user_email ) ), 409, 'email_exists' );
		$this->assertSame( 200, $this->send( 'PUT', $route, array( 'email' => $user->user_email ) )->get_status() );
		$email = $this->unique_email( 'moved' );
		$this->assertSame( array( 'ok' => true ), $this->send( 'PUT', $route, array( 'email' => $email ) )->get_data() );
		$this->assertSame( $email, get_userdata( $user->ID )->user_email );
	}

	/**
	 * Names change: first, last and display name as sent (sanitised), only with a valid signature; 400 for an
	 * empty name, 404 for nobody.
	 */
	public function test_change_names(): void {
		$user  = $this->create_user(
			'tester',
			array(
				'first_name'   => 'Ada',
				'last_name'    => 'Byron',
				'display_name' => 'Ada Byron',
			)
		);
		$other = $this->create_user(
			'tester',
			array(
				'first_name' => 'Other',
				'last_name'  => 'One',
			)
		);
		$route = '/internal/users/' . $user->ID . '/names';

		$ok = $this->send(
			'PUT',
			$route,
			array(
				'name'    => "Zoë O'Brien",
				'surname' => 'Lovelace "Jr."',
			)
		);
		$this->assertSame( 200, $ok->get_status(), (string) wp_json_encode( $ok->get_data() ) );
		$this->assertSame( array( 'ok' => true ), $ok->get_data() );
		clean_user_cache( $user->ID );
		$changed = get_userdata( $user->ID );
		$this->assertSame( "Zoë O'Brien", $changed->first_name );
		$this->assertSame( 'Lovelace "Jr."', $changed->last_name );
		$this->assertSame( "Zoë O'Brien Lovelace \"Jr.\"", $changed->display_name );
		$this->assertSame( 'Other', get_userdata( $other->ID )->first_name );

		// Markup is not kept.
		$this->assertSame(
			200,
			$this->send(
				'PUT',
				$route,
				array(
					'name'    => '<b>Ada</b><script>alert(1)</script>',
					'surname' => 'Byron',
				)
			)->get_status()
		);
		clean_user_cache( $user->ID );
		$this->assertSame( 'Ada', get_userdata( $user->ID )->first_name );
		$this->assertSame( 'Ada Byron', get_userdata( $user->ID )->display_name );

		$this->assert_error(
			$this->send(
				'PUT',
				$route,
				array(
					'name'    => '  ',
					'surname' => 'Byron',
				)
			),
			400,
			'invalid_input'
		);
		$this->assert_error( $this->send( 'PUT', $route, array( 'name' => 'Ada' ) ), 400, 'invalid_input' );
		$this->assert_error(
			$this->send(
				'PUT',
				'/internal/users/999999999/names',
				array(
					'name'    => 'Ada',
					'surname' => 'Byron',
				)
			),
			404,
			'user_not_found'
		);

		$unsigned = new WP_REST_Request( 'PUT', '/crowdscout/v1' . $route );
		$unsigned->set_header( 'Content-Type', 'application/json' );
		$unsigned->set_body(
			(string) wp_json_encode(
				array(
					'name'    => 'Mallory',
					'surname' => 'Unsigned',
				)
			)
		);
		$this->assertSame( 401, rest_do_request( $unsigned )->get_status() );
		clean_user_cache( $user->ID );
		$this->assertSame( 'Ada', get_userdata( $user->ID )->first_name );
	}

	/**
	 * Delete removes the user; a second delete is 404; administrators are protected.
	 */
	public function test_delete_user(): void {
		$user  = $this->create_user( 'tester' );
		$route = '/internal/users/' . $user->ID;

		$response = $this->send( 'DELETE', $route );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'deleted' => true ), $response->get_data() );
		clean_user_cache( $user->ID );
		$this->assertFalse( get_userdata( $user->ID ) );
		$this->assert_error( $this->send( 'DELETE', $route ), 404, 'user_not_found' );

		$admin = $this->create_user( 'administrator' );
		$this->assert_error( $this->send( 'DELETE', '/internal/users/' . $admin->ID ), 403, 'protected_user' );
	}

	/**
	 * Role read: first role and all roles; 404 for nobody.
	 */
	public function test_read_role(): void {
		$lead = $this->create_user( 'tester_lead' );
		$lead->add_role( 'tester' );
		$this->assertSame(
			array(
				'id'    => $lead->ID,
				'role'  => 'tester_lead',
				'roles' => array( 'tester_lead', 'tester' ),
			),
			$this->send( 'GET', '/internal/users/' . $lead->ID . '/role' )->get_data()
		);
		$this->assert_error( $this->send( 'GET', '/internal/users/999999999/role' ), 404, 'user_not_found' );
	}

	/**
	 * The list of a role's users pages by id, with names as plain text; other roles are left out.
	 */
	public function test_list_users_by_role(): void {
		$first  = $this->create_user(
			'tester',
			array(
				'first_name' => 'Tom & Jo',
				'last_name'  => 'Ölund',
			)
		);
		$admin  = $this->create_user( 'administrator' );
		$second = $this->create_user( 'tester' );

		$page = $this->send(
			'POST',
			'/internal/users/list',
			array(
				'role'  => 'tester',
				'after' => $first->ID - 1,
				'limit' => 1,
			)
		);
		$this->assertSame( 200, $page->get_status(), (string) wp_json_encode( $page->get_data() ) );
		$this->assertSame(
			array(
				'users' => array(
					array(
						'id'      => $first->ID,
						'email'   => $first->user_email,
						'name'    => 'Tom & Jo',
						'surname' => 'Ölund',
						'roles'   => array( 'tester' ),
					),
				),
				'next'  => $first->ID,
			),
			$page->get_data()
		);

		$rest = $this->send(
			'POST',
			'/internal/users/list',
			array(
				'role'  => 'tester',
				'after' => $first->ID,
			)
		)->get_data();
		$ids  = array_column( $rest['users'], 'id' );
		$this->assertContains( $second->ID, $ids );
		$this->assertNotContains( $admin->ID, $ids );
		$this->assertNotContains( $first->ID, $ids );
		$this->assertNull( $rest['next'] );

		$this->assert_error( $this->send( 'POST', '/internal/users/list', array( 'after' => 0 ) ), 400, 'invalid_input' );
	}

	/**
	 * A name the API accepted (api/src/features/users/person-name.ts) is stored as sent: first and last name, and
	 * the display name the API would show.
	 */
	public function test_create_user_keeps_a_normalised_name_as_sent(): void {
		$response = $this->send(
			'POST',
			'/internal/users',
			array_merge(
				$this->signup( $this->unique_email( 'names' ) ),
				array(
					'name'    => "Zoë Anne-Marie O'Brien",
					'surname' => 'Ōtsuka "Jr."',
				)
			)
		);
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->forget_user_after_test( $response->get_data()['id'] );
		$user = get_userdata( $response->get_data()['id'] );
		$this->assertSame( "Zoë Anne-Marie O'Brien", $user->first_name );
		$this->assertSame( 'Ōtsuka "Jr."', $user->last_name );
		$this->assertSame( "Zoë Anne-Marie O'Brien Ōtsuka \"Jr.\"", $user->display_name );
	}

	/**
	 * GET /internal/settings answers the public-user-pages setting, off by default, to a signed request only.
	 */
	public function test_read_settings(): void {
		$this->set_settings( array( 'public_user_pages' => false ) );
		$response = $this->send( 'GET', '/internal/settings' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'publicUserPages' => false ), $response->get_data() );

		$this->set_settings( array( 'public_user_pages' => true ) );
		$this->assertSame( array( 'publicUserPages' => true ), $this->send( 'GET', '/internal/settings' )->get_data() );

		$unsigned = rest_do_request( new WP_REST_Request( 'GET', '/crowdscout/v1/internal/settings' ) );
		$this->assertSame( 401, $unsigned->get_status() );
		$this->assertArrayNotHasKey( 'publicUserPages', (array) $unsigned->get_data() );
		$this->assert_error( $this->send( 'POST', '/internal/settings', array( 'publicUserPages' => false ) ), 404, 'rest_no_route' );
		$this->assertTrue( $this->plugin()->settings()->public_user_pages(), 'Read-only: nothing changes it.' );
	}

	/**
	 * The internal routes are not advertised in the REST index.
	 */
	public function test_routes_are_hidden_from_the_index(): void {
		$index = rest_do_request( new WP_REST_Request( 'GET', '/' ) )->get_data();
		foreach ( array_keys( $index['routes'] ?? array() ) as $route ) {
			$this->assertStringNotContainsString( '/internal/', $route );
		}
	}

	/**
	 * A sign-up body.
	 *
	 * @param string $email Email.
	 * @return array<string, string>
	 */
	private function signup( string $email ): array {
		return array(
			'email'    => $email,
			'password' => 'Passw0rd',
			'name'     => 'Test',
			'surname'  => 'User',
		);
	}

	/**
	 * A fresh email address.
	 *
	 * @param string $local Local part prefix.
	 * @return string
	 */
	private function unique_email( string $local ): string {
		return 'phpunit-' . $local . '-' . strtolower( wp_generate_password( 8, false ) ) . '@example.test';
	}

	/**
	 * Sends a signed JSON request to a route of the namespace.
	 *
	 * @param string     $method HTTP method.
	 * @param string     $path   Path under /crowdscout/v1.
	 * @param array|null $body   Body (JSON-encoded), none when null.
	 * @return WP_REST_Response
	 */
	private function send( string $method, string $path, ?array $body = null ): WP_REST_Response {
		$route     = '/crowdscout/v1' . $path;
		$raw       = null === $body ? '' : (string) wp_json_encode( $body );
		$timestamp = (string) time();
		$nonce     = bin2hex( random_bytes( 16 ) );
		$key       = hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true );

		$request = new WP_REST_Request( $method, $route );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'X-Crowdscout-Timestamp', $timestamp );
		$request->set_header( 'X-Crowdscout-Nonce', $nonce );
		$request->set_header(
			'X-Crowdscout-Signature',
			hash_hmac( 'sha256', $method . "\n" . $route . "\n" . $timestamp . "\n" . $nonce . "\n" . hash( 'sha256', $raw ), $key )
		);
		$request->set_body( $raw );
		return rest_do_request( $request );
	}

	/**
	 * Asserts an error answer.
	 *
	 * @param WP_REST_Response $response Response.
	 * @param int              $status   Expected status.
	 * @param string           $code     Expected code.
	 * @return void
	 */
	private function assert_error( WP_REST_Response $response, int $status, string $code ): void {
		$this->assertSame( $status, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( $code, $response->get_data()['code'] ?? null );
	}
}
