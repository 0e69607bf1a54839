<?php
/**
 * REST routes of the internal channel.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * The routes the API calls to act on WordPress users (docs/contracts.md, "Internal channel"). Every route is
 * guarded by the channel signature; none needs cookies or a logged-in user. Routes are left out of the REST index.
 */
final class Internal_Api {

	public const NAMESPACE = 'crowdscout/v1';

	/**
	 * Signature verification.
	 *
	 * @var Channel_Signature
	 */
	private Channel_Signature $signature;

	/**
	 * Identity operations.
	 *
	 * @var Users
	 */
	private Users $users;

	/**
	 * The login throttle.
	 *
	 * @var Login_Guard
	 */
	private Login_Guard $guard;

	/**
	 * The welcome email.
	 *
	 * @var Welcome_Email
	 */
	private Welcome_Email $welcome;

	/**
	 * The payment mails.
	 *
	 * @var Payment_Email
	 */
	private Payment_Email $payment_email;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Constructor.
	 *
	 * @param Channel_Signature $signature Signature verification.
	 * @param Users             $users     Identity operations.
	 * @param Login_Guard       $guard     The login throttle.
	 * @param Welcome_Email     $welcome       The welcome email.
	 * @param Settings          $settings      Settings.
	 * @param Payment_Email     $payment_email The payment mails.
	 */
	public function __construct( Channel_Signature $signature, Users $users, Login_Guard $guard, Welcome_Email $welcome, Settings $settings, Payment_Email $payment_email ) {
		$this->signature     = $signature;
		$this->users         = $users;
		$this->guard         = $guard;
		$this->welcome       = $welcome;
		$this->settings      = $settings;
		$this->payment_email = $payment_email;
	}

	/**
	 * Registers the routes on rest_api_init.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	/**
	 * Registers the eleven routes.
	 *
	 * @return void
	 */
	public function register_routes(): void {
		$routes = array(
			'/internal/users'                          => array( WP_REST_Server::CREATABLE, 'create_user' ),
			'/internal/users/check-password'           => array( WP_REST_Server::CREATABLE, 'check_password' ),
			'/internal/users/list'                     => array( WP_REST_Server::CREATABLE, 'list_users' ),
			'/internal/users/(?P<id>\d+)/password'     => array( 'PUT', 'change_password' ),
			'/internal/users/(?P<id>\d+)/email'        => array( 'PUT', 'change_email' ),
			'/internal/users/(?P<id>\d+)/names'        => array( 'PUT', 'change_names' ),
			'/internal/users/(?P<id>\d+)'              => array( WP_REST_Server::DELETABLE, 'delete_user' ),
			'/internal/users/(?P<id>\d+)/role'         => array( WP_REST_Server::READABLE, 'read_role' ),
			'/internal/users/(?P<id>\d+)/welcome'      => array( WP_REST_Server::CREATABLE, 'send_welcome' ),
			'/internal/users/(?P<id>\d+)/payment-mail' => array( WP_REST_Server::CREATABLE, 'send_payment_mail' ),
			'/internal/settings'                       => array( WP_REST_Server::READABLE, 'read_settings' ),
		);
		foreach ( $routes as $route => list( $methods, $handler ) ) {
			register_rest_route(
				self::NAMESPACE,
				$route,
				array(
					'methods'             => $methods,
					'callback'            => array( $this, $handler ),
					'permission_callback' => array( $this, 'verify_signature' ),
					'show_in_index'       => false,
				)
			);
		}
	}

	/**
	 * Permission callback: the request must be signed, fresh and new.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return bool|WP_Error
	 */
	public function verify_signature( WP_REST_Request $request ) {
		return $this->signature->verify( $request );
	}

	/**
	 * POST /internal/users {email, password, name, surname} → 201 {id, username, email, role}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_user( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$user = $this->users->create( $body );
		if ( is_wp_error( $user ) ) {
			return $user;
		}
		return new WP_REST_Response( Users::summary( $user ), 201 );
	}

	/**
	 * POST /internal/users/check-password {username, password, ip?} → 200 {id, username, email, role}, 422, or
	 * 429 {code: "throttled", message, retryAfter} with Retry-After (checked before the password) when the account
	 * or the client address `ip` has failed too often. It goes through wp_authenticate() as every login does
	 * (Login_Guard), counting against the account and `ip`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function check_password( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$user = $this->guard->authenticate(
			self::string( $body, 'username' ),
			self::string( $body, 'password' ),
			Login_Throttle::valid_ip( self::string( $body, 'ip' ) )
		);
		if ( is_wp_error( $user ) && Login_Guard::ERROR_CODE === $user->get_error_code() ) {
			$wait = Login_Guard::retry_after( $user );
			return new WP_REST_Response(
				array(
					'code'       => Login_Guard::ERROR_CODE,
					'message'    => Login_Guard::message( $wait, Locale::FALLBACK ),
					'retryAfter' => $wait,
				),
				429,
				array( 'Retry-After' => (string) $wait )
			);
		}
		if ( ! $user instanceof \WP_User ) {
			return new WP_Error( 'invalid_credentials', __( 'Wrong username or password.', 'crowdscout' ), array( 'status' => 422 ) );
		}
		return new WP_REST_Response( Users::summary( $user ), 200 );
	}

	/**
	 * POST /internal/users/{id}/welcome {locale} → 202 {sent: true}; 404 for an unknown user; 500 when the mail
	 * could not be handed over. An unsupported or missing locale means English.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function send_welcome( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$user = $this->users->find( self::user_id( $request ) );
		if ( null === $user ) {
			return new WP_Error( 'user_not_found', __( 'No such user.', 'crowdscout' ), array( 'status' => 404 ) );
		}
		$locale = strtolower( self::string( $body, 'locale' ) );
		if ( ! $this->welcome->send( $user, Locale::is_supported( $locale ) ? $locale : Locale::FALLBACK ) ) {
			return new WP_Error( 'mail_failed', __( 'The welcome email could not be sent.', 'crowdscout' ), array( 'status' => 500 ) );
		}
		return new WP_REST_Response( array( 'sent' => true ), 202 );
	}

	/**
	 * POST /internal/users/{id}/payment-mail {event, payment, gross, net, currency, method, paidDate} → 202
	 * {sent: true}: the mail that the payment request was received (`event` received) or paid (`event` paid, with
	 * `paidDate` YYYY-MM-DD), in the language the tester last read the site in (User_Language); 400 invalid_input
	 * for a body that is not such an object; 404 for an unknown user; 500 when the mail could not be handed over.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function send_payment_mail( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$mail = Payment_Email::payload( $body );
		if ( is_wp_error( $mail ) ) {
			return $mail;
		}
		$user = $this->users->find( self::user_id( $request ) );
		if ( null === $user ) {
			return new WP_Error( 'user_not_found', __( 'No such user.', 'crowdscout' ), array( 'status' => 404 ) );
		}
		if ( ! $this->payment_email->send( $user, $mail ) ) {
			return new WP_Error( 'mail_failed', __( 'The payment email could not be sent.', 'crowdscout' ), array( 'status' => 500 ) );
		}
		return new WP_REST_Response( array( 'sent' => true ), 202 );
	}

	/**
	 * PUT /internal/users/{id}/password {oldPassword, password} → 200 {ok: true}, 417, 404.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function change_password( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$result = $this->users->change_password(
			self::user_id( $request ),
			self::string( $body, 'oldPassword' ),
			self::string( $body, 'password' )
		);
		return is_wp_error( $result ) ? $result : new WP_REST_Response( array( 'ok' => true ), 200 );
	}

	/**
	 * PUT /internal/users/{id}/email {email} → 200 {ok: true}, 409, 404.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function change_email( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$result = $this->users->change_email( self::user_id( $request ), self::string( $body, 'email' ) );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( array( 'ok' => true ), 200 );
	}

	/**
	 * PUT /internal/users/{id}/names {name, surname} → 200 {ok: true}, 400 invalid_input, 404: first name, last
	 * name and display name "Name Surname", as sign-up sets them.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function change_names( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$result = $this->users->change_names(
			self::user_id( $request ),
			self::string( $body, 'name' ),
			self::string( $body, 'surname' )
		);
		return is_wp_error( $result ) ? $result : new WP_REST_Response( array( 'ok' => true ), 200 );
	}

	/**
	 * DELETE /internal/users/{id} → 200 {deleted: true}, 404.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_user( WP_REST_Request $request ) {
		$result = $this->users->delete( self::user_id( $request ) );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( array( 'deleted' => true ), 200 );
	}

	/**
	 * GET /internal/users/{id}/role → 200 {id, role, roles}, 404.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function read_role( WP_REST_Request $request ) {
		$user = $this->users->find( self::user_id( $request ) );
		if ( null === $user ) {
			return new WP_Error( 'user_not_found', __( 'No such user.', 'crowdscout' ), array( 'status' => 404 ) );
		}
		return new WP_REST_Response(
			array(
				'id'    => $user->ID,
				'role'  => Jwt::primary_role( $user ),
				'roles' => array_values( (array) $user->roles ),
			),
			200
		);
	}

	/**
	 * GET /internal/settings → 200 {publicUserPages}: the settings the API acts on (the public bug view answers
	 * only while the public-user-pages setting is on).
	 *
	 * @return WP_REST_Response
	 */
	public function read_settings(): WP_REST_Response {
		return new WP_REST_Response( array( 'publicUserPages' => $this->settings->public_user_pages() ), 200 );
	}

	/**
	 * POST /internal/users/list {role, after?, limit?} → 200 {users: [{id, email, name, surname, roles}], next}:
	 * the users with `role` whose id is above `after`, by id, at most `limit` (1–500, 100 by default); `next` is the
	 * `after` of the next page, null on the last. Names are plain text (WordPress keeps them HTML-escaped). The
	 * API's reconciliation reads the testers with it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function list_users( WP_REST_Request $request ) {
		$body = self::body( $request );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$role = self::string( $body, 'role' );
		if ( '' === $role ) {
			return new WP_Error( 'invalid_input', __( 'role is required.', 'crowdscout' ), array( 'status' => 400 ) );
		}
		$after = isset( $body['after'] ) && is_int( $body['after'] ) ? max( 0, $body['after'] ) : 0;
		$limit = isset( $body['limit'] ) && is_int( $body['limit'] ) ? min( 500, max( 1, $body['limit'] ) ) : 100;
		$users = $this->users->with_role( $role, $after, $limit + 1 );
		$more  = count( $users ) > $limit;
		$users = array_slice( $users, 0, $limit );
		return new WP_REST_Response(
			array(
				'users' => array_map( array( Users::class, 'listing' ), $users ),
				'next'  => $more ? end( $users )->ID : null,
			),
			200
		);
	}

	/**
	 * The `{id}` of the route, from the URL only: WordPress's `$request['id']` would prefer a query or body
	 * parameter of the same name.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return int
	 */
	private static function user_id( WP_REST_Request $request ): int {
		$params = $request->get_url_params();
		return isset( $params['id'] ) && is_string( $params['id'] ) && ctype_digit( $params['id'] ) ? (int) $params['id'] : 0;
	}

	/**
	 * The JSON object in the body, whatever the Content-Type says; 400 invalid_input otherwise.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>|WP_Error
	 */
	private static function body( WP_REST_Request $request ) {
		$body = $request->get_json_params();
		if ( ! is_array( $body ) ) {
			$body = json_decode( (string) $request->get_body(), true );
		}
		if ( ! is_array( $body ) || ( array() !== $body && array_is_list( $body ) ) ) {
			return new WP_Error( 'invalid_input', __( 'The body must be a JSON object.', 'crowdscout' ), array( 'status' => 400 ) );
		}
		return $body;
	}

	/**
	 * A string field of the body ('' when absent or not a string).
	 *
	 * @param array<string, mixed> $body Body.
	 * @param string               $key  Field.
	 * @return string
	 */
	private static function string( array $body, string $key ): string {
		return isset( $body[ $key ] ) && is_string( $body[ $key ] ) ? $body[ $key ] : '';
	}
}
