<?php
/**
 * The campaign's ajax action: start_tester_activities.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Account_Ajax;
use Crowdscout\Bare_Pages;
use Crowdscout\Campaign_Ajax;

/**
 * start_tester_activities through its registered hook, with WordPress's ajax exit turned into an exception and the
 * API's side answered by `pre_http_request` (what WordPress sends is recorded): the order of the checks, the call
 * WordPress makes server side (the URL from the settings, a token minted for that user) and how the API's answers
 * come back. tests/http/campaigns.test.mjs runs it against the real API.
 */
final class Campaign_Ajax_Test extends Test_Case {

	/**
	 * Request globals to restore.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $saved = array();

	/**
	 * Requests WordPress sent: URL and arguments.
	 *
	 * @var array<int, array{url: string, args: array<string, mixed>}>
	 */
	private array $sent = array();

	/**
	 * What the fake API answers: a response array, or a WP_Error.
	 *
	 * @var array<string, mixed>|\WP_Error
	 */
	private $api_answer = array();

	/**
	 * Ajax mode on, outgoing requests caught.
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
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
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
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
		parent::tearDown();
	}

	/**
	 * The action exists for logged-in users only: a visitor gets admin-ajax's own refusal.
	 */
	public function test_the_action_is_for_logged_in_users_only(): void {
		$this->assertNotFalse( has_action( 'wp_ajax_' . Campaign_Ajax::START_ACTION ) );
		$this->assertFalse( has_action( 'wp_ajax_nopriv_' . Campaign_Ajax::START_ACTION ) );
	}

	/**
	 * A bad nonce is refused before anything else, and nothing reaches the API.
	 */
	public function test_a_bad_nonce_is_refused(): void {
		wp_set_current_user( $this->create_user()->ID );
		$this->assertSame(
			array(
				'success' => false,
				'data'    => array( 'message' => 'Your session has expired. Please reload the page and try again.' ),
			),
			$this->call(
				array(
					'security' => 'nope',
					'cp_id'    => '7',
				)
			)
		);
		$this->assertSame( array(), $this->sent );
	}

	/**
	 * Without a session the call is refused (the hook reached directly), and nothing reaches the API.
	 */
	public function test_a_visitor_is_refused(): void {
		$answer = $this->call(
			array(
				'security' => wp_create_nonce( Account_Ajax::NONCE_ACTION ),
				'cp_id'    => '7',
			),
			'wp_ajax_' . Campaign_Ajax::START_ACTION
		);
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'You are not logged in. Please log in and try again.', $answer['data']['message'] );
		$this->assertSame( array(), $this->sent );
	}

	/**
	 * A campaign id that is no positive whole number is refused here.
	 */
	public function test_a_missing_campaign_is_refused(): void {
		wp_set_current_user( $this->create_user()->ID );
		foreach ( array( array(), array( 'cp_id' => 'abc' ), array( 'cp_id' => '0' ), array( 'cp_id' => array( '3' ) ) ) as $fields ) {
			$answer = $this->call( array( 'security' => wp_create_nonce( Account_Ajax::NONCE_ACTION ) ) + $fields );
			$this->assertSame( 'There was an error in this campaign. Please contact us', $answer['data']['message'], wp_json_encode( $fields ) );
		}
		$this->assertSame( array(), $this->sent );
	}

	/**
	 * Success: WordPress posts to the API's start of the campaign with a token minted for the user, and answers the
	 * start time the API gives.
	 */
	public function test_it_starts_the_campaign_through_the_api(): void {
		$user = $this->create_user();
		wp_set_current_user( $user->ID );
		$this->api_answer = $this->response( 200, array( 'id' => 12, 'startedAt' => '2026-11-02T09:30:00Z' ) );
		$answer           = $this->call(
			array(
				'security' => wp_create_nonce( Account_Ajax::NONCE_ACTION ),
				'cp_id'    => '12',
			)
		);
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array( 'startedAt' => '2026-11-02T09:30:00Z' ),
			),
			$answer
		);
		$this->assertCount( 1, $this->sent );
		// The API's URL as the settings give it (wp-config.php's constant wins over the stored setting).
		$this->assertSame( $this->plugin()->settings()->api_url() . '/users/me/campaigns/12/start', $this->sent[0]['url'] );
		$this->assertSame( 'POST', $this->sent[0]['args']['method'] );
		$this->assertSame( 0, $this->sent[0]['args']['redirection'] );
		// Typed as JSON with an empty body: an untyped POST goes out as a form, which the API answers 415.
		$this->assertSame( 'application/json', $this->sent[0]['args']['headers']['Content-Type'] );
		$this->assertSame( '', $this->sent[0]['args']['body'] );
		$authorization = $this->sent[0]['args']['headers']['Authorization'];
		$this->assertStringStartsWith( 'Bearer ', $authorization );
		$claims = self::decode_jwt( substr( $authorization, 7 ) )['claims'];
		$this->assertSame( (string) $user->ID, $claims['sub'] );
		$this->assertGreaterThan( time(), $claims['exp'] );
	}

	/**
	 * The API's refusals come back with its status and message; an API that cannot be reached gives the spec's
	 * campaign error with 502.
	 */
	public function test_the_api_refusals_come_back(): void {
		wp_set_current_user( $this->create_user()->ID );
		$fields  = array(
			'security' => wp_create_nonce( Account_Ajax::NONCE_ACTION ),
			'cp_id'    => '12',
		);
		$refusal = array(
			403 => 'You do not have permission to access this campaign',
			404 => 'Campaign not found',
			409 => 'The manual is not ready yet, the activity will start on 2026-12-01',
		);
		foreach ( $refusal as $status => $message ) {
			$this->api_answer = $this->response(
				$status,
				array(
					'status'  => $status,
					'error'   => 'Refused',
					'message' => $message,
				)
			);
			$this->assertSame(
				array(
					'success' => false,
					'data'    => array( 'message' => $message ),
				),
				$this->call( $fields ),
				(string) $status
			);
		}
		$this->api_answer = new \WP_Error( 'http_request_failed', 'Connection refused' );
		$this->assertSame( 'There was an error in this campaign. Please contact us', $this->call( $fields )['data']['message'] );
		$this->api_answer = $this->response( 200, array( 'unexpected' => true ) );
		$this->assertFalse( $this->call( $fields )['success'], 'A 200 without a start time is no success.' );
	}

	/**
	 * The pre-selection form is bare: no shell, header login button, admin bar, header or footer; other pages keep
	 * them.
	 */
	public function test_the_preselection_form_page_is_bare(): void {
		$pages = $this->plugin()->pages()->create();
		$bare  = $this->plugin()->bare_pages();
		$this->assertInstanceOf( Bare_Pages::class, $bare );
		$form    = get_post( $pages['campaign/preview-selection-form'] );
		$preview = get_post( $pages['campaigns/preview'] );
		$this->assertTrue( $bare->is_bare( $form ) );
		$this->assertFalse( $bare->is_bare( $preview ) );
		$this->assertFalse( apply_filters( 'crowdscout_show_shell', true, $form ) );
		$this->assertTrue( apply_filters( 'crowdscout_show_shell', true, $preview ) );

		$this->go_to( $pages['campaign/preview-selection-form'] );
		$this->assertSame( '', $bare->filter_template_part( '<header>site</header>', array( 'attrs' => array( 'slug' => 'header' ) ) ) );
		$this->assertSame( '', $bare->filter_template_part( '<footer>site</footer>', array( 'attrs' => array( 'slug' => 'footer', 'tagName' => 'footer' ) ) ) );
		$this->assertSame( '<div>x</div>', $bare->filter_template_part( '<div>x</div>', array( 'attrs' => array( 'slug' => 'sidebar' ) ) ) );
		$this->assertFalse( $bare->filter_shown( true ) );
		$this->assertContains( 'crowdscout-bare-page', $bare->filter_body_class( array() ) );

		$this->go_to( $pages['campaigns/preview'] );
		$this->assertSame( '<header>site</header>', $bare->filter_template_part( '<header>site</header>', array( 'attrs' => array( 'slug' => 'header' ) ) ) );
		$this->assertTrue( $bare->filter_shown( true ) );
	}

	/**
	 * `pre_http_request`: records the request and answers the fake API's answer.
	 *
	 * @param mixed                $preempt Whether to preempt.
	 * @param array<string, mixed> $args    Request arguments.
	 * @param string               $url     URL.
	 * @return array<string, mixed>|\WP_Error
	 */
	public function fake_api( $preempt, $args, $url ) {
		unset( $preempt );
		$this->sent[] = array(
			'url'  => (string) $url,
			'args' => (array) $args,
		);
		return $this->api_answer;
	}

	/**
	 * Turns WordPress's ajax exit into an exception.
	 *
	 * @return callable
	 */
	public static function die_handler(): callable {
		return static function (): void {
			throw new Campaign_Ajax_Exit();
		};
	}

	/**
	 * A fake API response.
	 *
	 * @param int                  $status Status.
	 * @param array<string, mixed> $body   JSON body.
	 * @return array<string, mixed>
	 */
	private function response( int $status, array $body ): array {
		return array(
			'headers'  => array(),
			'body'     => (string) wp_json_encode( $body ),
			'response' => array(
				'code'    => $status,
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * Queries a page as the front end would.
	 *
	 * @param int $page_id Page id.
	 * @return void
	 */
	private function go_to( int $page_id ): void {
		global $wp_query, $wp_the_query;
		$wp_query     = new \WP_Query( array( 'page_id' => $page_id ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the test's front-end request.
		$wp_the_query = $wp_query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}

	/**
	 * Runs the action's hook with the fields posted; answers the decoded JSON it printed.
	 *
	 * @param array<string, mixed> $fields Fields besides the action.
	 * @param string|null          $hook   Hook to run; the one for the current user when null.
	 * @return array<string, mixed>
	 */
	private function call( array $fields, ?string $hook = null ): array {
		$fields                    = wp_slash( array( 'action' => Campaign_Ajax::START_ACTION ) + $fields );
		$_POST                     = $fields;
		$_GET                      = array();
		$_REQUEST                  = $fields;
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$hook                      = $hook ?? ( is_user_logged_in() ? 'wp_ajax_' : 'wp_ajax_nopriv_' ) . Campaign_Ajax::START_ACTION;
		ob_start();
		try {
			do_action( $hook );
			ob_end_clean();
			$this->fail( 'The action did not end the request.' );
		} catch ( Campaign_Ajax_Exit $exit ) {
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
final class Campaign_Ajax_Exit extends \RuntimeException {
}
