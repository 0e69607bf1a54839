<?php
/**
 * Crowdscout → Campaigns in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Campaigns_Page;
use Crowdscout\Admin\Menu;
use Crowdscout\Roles;
use WP_Error;

/**
 * The top-level page of the Crowdscout menu: who reaches it and what each sees (a tester nothing, a tester lead
 * the list with Candidates and Bugs, an administrator everything); the list read from `GET /admin/campaigns`,
 * escaped; the form sent as JSON with its rich texts cleaned by wp_kses_post; a refused save shown again with
 * what was typed; nonces and capabilities checked before the API is called; the close action and its notice.
 */
final class Campaigns_Page_Test extends Test_Case {

	/**
	 * Requests the fake API received: method, URL, headers, body.
	 *
	 * @var array<int, array{method: string, url: string, headers: array<string, string>, body: mixed}>
	 */
	private array $calls = array();

	/**
	 * Answers of the fake API: "METHOD path?query" or "path?query" (any method) → [status, body], or a WP_Error.
	 *
	 * @var array<string, array{0: int, 1: mixed}|WP_Error>
	 */
	private array $answers = array();

	/**
	 * The API's base URL as the plugin reaches it.
	 *
	 * @var string
	 */
	private string $base = '';

	/**
	 * Request parameters before the test.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $saved = array();

	/**
	 * The site's time zone before the test.
	 *
	 * @var mixed
	 */
	private $saved_timezone;

	/**
	 * Loads the admin API, fakes the Crowdscout API.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$this->base  = $this->plugin()->settings()->api_url();
		$this->saved = array(
			'get'     => $_GET, // phpcs:ignore WordPress.Security.NonceVerification.Recommended
			'request' => $_REQUEST, // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		);
		$this->saved_timezone = get_option( 'timezone_string' );
		update_option( 'timezone_string', 'Europe/Rome' );
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
		set_current_screen( Menu::screen_id( Menu::SLUG ) );
	}

	/**
	 * Restores the HTTP client, the parameters, the time zone and the screen.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
		$_GET     = $this->saved['get'];
		$_REQUEST = $this->saved['request'];
		update_option( 'timezone_string', $this->saved_timezone );
		$GLOBALS['current_screen'] = null;
		delete_transient( 'crowdscout_result_' . Menu::SLUG . '_' . get_current_user_id() );
		parent::tearDown();
	}

	/**
	 * `pre_http_request`: records the call and answers from $this->answers (404 for anything else).
	 *
	 * @param mixed                $preempt Earlier answer.
	 * @param array<string, mixed> $args    Request arguments.
	 * @param string               $url     URL.
	 * @return array<string, mixed>|WP_Error
	 */
	public function fake_api( $preempt, $args, $url ) {
		$method        = (string) $args['method'];
		$this->calls[] = array(
			'method'  => $method,
			'url'     => $url,
			'headers' => (array) $args['headers'],
			'body'    => is_string( $args['body'] ?? null ) && '' !== $args['body'] ? json_decode( $args['body'], true ) : null,
		);
		$key    = substr( $url, strlen( $this->base ) );
		$answer = $this->answers[ $method . ' ' . $key ] ?? $this->answers[ $key ] ?? array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Not found',
			),
		);
		if ( $answer instanceof WP_Error ) {
			return $answer;
		}
		return array(
			'headers'  => array( 'content-type' => 'application/json' ),
			'body'     => (string) wp_json_encode( $answer[1] ),
			'response' => array(
				'code'    => $answer[0],
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * The menu's top-level page is Campaigns, open to leads; only administrators manage campaigns.
	 */
	public function test_menu_and_capabilities(): void {
		global $menu, $submenu;
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited

		$this->plugin()->admin_menu()->add_menu();
		$this->plugin()->campaigns_page()->add_menu();

		$top = array_values( array_filter( $menu, static fn( $item ): bool => Menu::SLUG === $item[2] ) );
		$this->assertCount( 1, $top );
		$this->assertSame( Roles::LEAD_CAP, $top[0][1] );
		$this->assertSame( 'Campaigns', $submenu[ Menu::SLUG ][0][0] );
		$this->assertSame( Roles::LEAD_CAP, $submenu[ Menu::SLUG ][0][1] );
		$this->assertSame( Menu::SLUG, $submenu[ Menu::SLUG ][0][2] );
		$this->assertNotFalse( has_action( 'load-toplevel_page_' . Menu::SLUG, array( $this->plugin()->campaigns_page(), 'load' ) ) );

		$tester = $this->create_user( 'tester' );
		$lead   = $this->create_user( Roles::LEAD );
		$admin  = $this->create_user( 'administrator' );
		$this->assertFalse( user_can( $tester, Roles::LEAD_CAP ) );
		$this->assertTrue( user_can( $lead, Roles::LEAD_CAP ) );
		$this->assertFalse( user_can( $lead, Roles::CAP_CAMPAIGNS ) );
		$this->assertTrue( user_can( $admin, Roles::CAP_CAMPAIGNS ) );

		wp_set_current_user( $tester->ID );
		$this->assertSame( '', $this->render() );
		$this->assertSame( array(), $this->calls, 'Nothing is asked of the API for a tester.' );
	}

	/**
	 * An administrator's list: every field escaped, the views' counts, the row actions with their nonces.
	 */
	public function test_list_for_an_administrator(): void {
		$admin = $this->create_user( 'administrator' );
		$lead  = $this->create_user( Roles::LEAD, array( 'display_name' => 'Tina Lead' ) );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/campaigns?status=running&start=0&limit=20'] = array( 200, $this->page( array( $this->item( 7, $lead->ID ) ), 1 ) );
		$this->answers['/admin/campaigns?status=closed&limit=1']           = array( 200, $this->page( array(), 4 ) );
		$this->answers['/admin/campaigns?status=all&limit=1']              = array( 200, $this->page( array(), 5 ) );

		$html = $this->render();

		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
		$this->assertSame( 'administrator', $claims['role'] );
		$this->assertStringContainsString( 'CP7 - Shop &lt;b&gt;app&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( '<b>app', $html );
		$this->assertStringContainsString( 'Bug hunting', $html );
		$this->assertStringContainsString( '2 / 8', $html );
		$this->assertStringContainsString( '5 applicants', $html );
		$this->assertStringContainsString( '>Tina Lead</td>', $html );
		$this->assertMatchesRegularExpression( '/Running <span class="count">\(1\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Closed <span class="count">\(4\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/All <span class="count">\(5\)<\/span>/', $html );
		$this->assertStringContainsString( esc_url( Campaigns_Page::edit_url( 7 ) ), $html );
		$this->assertStringContainsString( esc_url( admin_url( 'admin.php?page=crowdscout-candidates&campaign=7' ) ), $html );
		$this->assertStringContainsString( esc_url( admin_url( 'admin.php?page=crowdscout-bugs&campaign=7' ) ), $html );
		$this->assertStringContainsString( esc_url( Campaigns_Page::action_url( Campaigns_Page::DUPLICATE, 7 ) ), $html );
		$this->assertStringContainsString( esc_url( Campaigns_Page::action_url( Campaigns_Page::CLOSE, 7 ) ), $html );
		$this->assertStringContainsString( 'window.confirm', $html );
		$this->assertStringContainsString( 'Add campaign', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * A lead's list: their token, no Add, Edit, Duplicate or Close; Candidates and Bugs.
	 */
	public function test_list_for_a_lead(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$_GET['status'] = 'all';
		$_GET['s']      = 'CP7';
		$this->answers['/admin/campaigns?status=all&search=CP7&start=0&limit=20'] = array( 200, $this->page( array( $this->item( 7, $lead->ID ) ), 1 ) );

		$html = $this->render();

		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( Roles::LEAD, $claims['role'] );
		$this->assertStringContainsString( 'CP7 - Shop', $html );
		$this->assertStringContainsString( 'page=crowdscout-candidates&#038;campaign=7', $html );
		$this->assertStringContainsString( 'page=crowdscout-bugs&#038;campaign=7', $html );
		$this->assertStringNotContainsString( 'Add campaign', $html );
		$this->assertStringNotContainsString( 'view=edit', $html );
		$this->assertStringNotContainsString( 'action=close', $html );
		$this->assertStringNotContainsString( 'action=duplicate', $html );

		$_GET['view']     = 'edit';
		$_GET['campaign'] = '7';
		$this->assertStringContainsString( 'Sorry, you are not allowed to edit campaigns.', $this->render() );
	}

	/**
	 * The list when the API is down: a notice naming its address, and an empty list.
	 */
	public function test_unreachable_api(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/campaigns?status=running&start=0&limit=20'] = new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );

		$html = $this->render();

		$this->assertStringContainsString( 'The Crowdscout API cannot be reached at ' . esc_html( $this->base ), $html );
		$this->assertStringContainsString( 'No campaign found.', $html );
		$this->assertCount( 1, $this->calls );
	}

	/**
	 * Creating: the form's fields as the API's JSON, typed; rich texts through wp_kses_post, so a script never
	 * reaches the API; dates from the site's time zone to UTC.
	 */
	public function test_create_sends_the_settings_as_json(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/campaigns'] = array( 201, array( 'id' => 12 ) );

		$outcome = $this->plugin()->campaigns_page()->handle_action(
			array(
				'action'        => Campaigns_Page::SAVE,
				'_wpnonce'      => wp_create_nonce( Campaigns_Page::SAVE_NONCE . 'new' ),
				'campaign_form' => $this->form(),
			)
		);

		$this->assertSame( Campaigns_Page::edit_url( 12 ), $outcome['redirect'] );
		$this->assertSame( 'CP12 created.', $outcome['notice']['message'] );
		$this->assertCount( 1, $this->calls );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/campaigns', $this->calls[0]['url'] );
		$this->assertSame( 'application/json', $this->calls[0]['headers']['Content-Type'] );
		$body = $this->calls[0]['body'];
		$this->assertSame( 'Shop app', $body['title'] );
		$this->assertSame( 2, $body['typeId'] );
		$this->assertSame( '2026-06-01T07:30:00Z', $body['startDate'], 'Rome is UTC+2 in June.' );
		$this->assertSame( '2026-06-10T22:00:00Z', $body['endDate'] );
		$this->assertSame( 'small-group', $body['visibility'] );
		$this->assertSame( array( 12, 15 ), $body['targetTesterIds'] );
		$this->assertSame( 'IT', $body['targetCountry'] );
		$this->assertNull( $body['targetLanguageId'] );
		$this->assertSame( 25, $body['maxTesters'] );
		$this->assertSame(
			array(
				array(
					'deviceType'  => 0,
					'platformIds' => array(),
				),
				array(
					'deviceType'  => 2,
					'platformIds' => array( 4, 5 ),
				),
			),
			$body['acceptedDevices']
		);
		$this->assertCount( 1, $body['contents'] );
		$this->assertSame( 'en', $body['contents'][0]['language'] );
		$this->assertStringContainsString( '<h2>Welcome</h2>', $body['contents'][0]['previewContent'] );
		$this->assertStringContainsString( '<div data-crowdscout-block="payout"></div>', $body['contents'][0]['previewContent'], 'A special block is kept.' );
		$this->assertSame( 12.5, $body['payout']['completeBonus'] );
		$this->assertSame( 50, $body['payout']['percentUsecases'] );
		$this->assertSame( 150, $body['payout']['campaignPts'] );
		$this->assertTrue( $body['bugForm']['hasBugForm'] );
		$this->assertFalse( $body['bugForm']['hasBugParade'] );
		$this->assertSame( array( 'png', 'mp4' ), $body['bugForm']['validFileExtensions'] );
		$this->assertSame( array( 'LOW', 'HIGH' ), $body['bugForm']['severities'] );
		$this->assertSame(
			array(
				array(
					'slug'    => 'browser',
					'name'    => 'Browser',
					'type'    => 'select',
					'regex'   => null,
					'error'   => null,
					'options' => array( 'Firefox', 'Chrome' ),
				),
			),
			$body['bugForm']['additionalFields']
		);
		$this->assertSame(
			array(
				array(
					'name'           => 'Buy',
					'content'        => '<p>Pay</p>alert(2)',
					'canUploadMedia' => true,
				),
			),
			$body['tasks'],
			'Empty rows are left out.'
		);
		$this->assertSame( 'radio', $body['questions'][0]['type'] );
		$this->assertSame( array( array( 'name' => 'Yes' ), array( 'name' => 'No' ) ), $body['questions'][0]['options'] );
		$this->assertSame( 'cuf', $body['questions'][1]['type'] );
		$this->assertSame( 3, $body['questions'][1]['customUserFieldId'] );
		$this->assertSame(
			array(
				'code'    => 'en',
				'message' => 'In English',
			),
			$body['language']
		);
		$this->assertStringNotContainsString( '<script', (string) wp_json_encode( $body ) );
		$this->assertStringNotContainsString( 'onerror', (string) wp_json_encode( $body ) );
	}

	/**
	 * Tasks and questions go to the API in the order the administrator numbered them (the testers' order); rows
	 * without a number keep their place, equal numbers keep the page's order among them; the form numbers its
	 * rows from 1.
	 */
	public function test_tasks_and_questions_move_by_their_order_numbers(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/campaigns'] = array( 201, array( 'id' => 12 ) );
		$form              = $this->form();
		$form['tasks']     = array(
			array(
				'name'  => 'Buy',
				'order' => '3',
			),
			array(
				'name'  => 'Browse',
				'order' => '1',
			),
			array(
				'name'  => 'Pay',
				'order' => 'soon',
			),
			array(
				'name'  => 'Log in',
				'order' => '1',
			),
		);
		$form['questions'] = array(
			array(
				'question' => 'Own a card?',
				'type'     => 'text',
				'order'    => '2',
			),
			array(
				'question' => 'Your phone',
				'type'     => 'phone_number',
				'order'    => '1',
			),
			array(
				'question' => '',
				'order'    => '0',
			),
		);

		$this->plugin()->campaigns_page()->handle_action(
			array(
				'action'        => Campaigns_Page::SAVE,
				'_wpnonce'      => wp_create_nonce( Campaigns_Page::SAVE_NONCE . 'new' ),
				'campaign_form' => $form,
			)
		);

		$body = $this->calls[0]['body'];
		$this->assertSame( array( 'Browse', 'Log in', 'Buy', 'Pay' ), array_column( $body['tasks'], 'name' ), 'Pay has no number: it counts as 3, its place on the page, after the 3 above it.' );
		$this->assertSame( array( 'Your phone', 'Own a card?' ), array_column( $body['questions'], 'question' ) );

		$_GET = array(
			'page' => Menu::SLUG,
			'view' => 'new',
		);
		$this->answers['/admin/campaign_choices'] = array( 200, $this->choices() );
		$page                                     = $this->plugin()->campaigns_page();
		$page->load();
		$html = $this->render();
		$this->assertStringContainsString( 'name="campaign_form[tasks][0][order]" value="1"', $html );
		$this->assertStringContainsString( 'name="campaign_form[tasks][1][order]" value="2"', $html );
		$this->assertStringContainsString( 'name="campaign_form[questions][0][order]" value="1"', $html );
		$this->assertStringContainsString( 'aria-label="Order of row 1"', $html );
	}

	/**
	 * A refused save: the API's message above the form, which keeps what was typed.
	 */
	public function test_a_refused_update_keeps_what_was_typed(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['PUT /admin/campaigns/5'] = array(
			400,
			array(
				'status'  => 400,
				'error'   => 'Bad Request',
				'message' => 'The close date must not be before the end date',
			),
		);
		$this->answers['/admin/campaign_choices'] = array( 200, $this->choices() );
		$this->answers['/admin/audit?subjectType=campaign&subjectId=5&limit=50'] = array( 200, $this->page( array(), 0 ) );
		$form               = $this->form();
		$form['tasks'][0]   = array_merge( $form['tasks'][0], array( 'id' => '31' ) );
		$_REQUEST           = array(
			'page'          => Menu::SLUG,
			'view'          => 'edit',
			'campaign'      => '5',
			'action'        => Campaigns_Page::SAVE,
			'_wpnonce'      => wp_create_nonce( Campaigns_Page::SAVE_NONCE . '5' ),
			'campaign_form' => $form,
		);
		$_GET               = array(
			'page'     => Menu::SLUG,
			'view'     => 'edit',
			'campaign' => '5',
		);
		$page               = $this->plugin()->campaigns_page();

		$page->load();
		$html = $this->render();

		$this->assertSame( 'PUT', $this->calls[0]['method'] );
		$this->assertSame( 31, $this->calls[0]['body']['tasks'][0]['id'] );
		$this->assertStringContainsString( 'The campaign was not saved: The close date must not be before the end date', $html );
		$this->assertStringContainsString( 'Edit campaign CP5', $html );
		$this->assertStringContainsString( 'value="Shop app"', $html );
		$this->assertStringContainsString( 'value="2026-06-01T09:30"', $html, 'The date as typed, in the site’s time zone.' );
		$this->assertStringContainsString( 'value="T12, T15"', $html );
		$this->assertStringContainsString( 'name="campaign_form[tasks][0][id]" value="31"', $html );
		$this->assertStringContainsString( 'value="Buy"', $html );
		$this->assertStringContainsString( 'value="Yes"', $html );
		$this->assertStringContainsString( '<h2>Welcome</h2>', html_entity_decode( $html ) );
		$this->assertSame( array( 'PUT', 'GET', 'GET' ), array_column( $this->calls, 'method' ), 'The campaign is not read again over what was typed.' );
	}

	/**
	 * The edit form of a stored campaign: every field escaped, the rows' ids, the choices, the audit trail.
	 */
	public function test_edit_form(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET = array(
			'page'     => Menu::SLUG,
			'view'     => 'edit',
			'campaign' => '5',
		);
		$this->answers['/admin/campaigns/5']      = array( 200, $this->campaign() );
		$this->answers['/admin/campaign_choices'] = array( 200, $this->choices() );
		$this->answers['/admin/audit?subjectType=campaign&subjectId=5&limit=50'] = array(
			200,
			$this->page(
				array(
					array(
						'id'          => 1,
						'actor'       => get_current_user_id(),
						'actorRole'   => 'administrator',
						'action'      => 'campaign.update',
						'subjectType' => 'campaign',
						'subjectId'   => 5,
						'before'      => array( 'title' => 'Old <b>title</b>' ),
						'after'       => array( 'title' => 'Shop' ),
						'note'        => null,
						'date'        => '2026-05-01T10:00:00Z',
					),
				),
				1
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'value="Shop &lt;b&gt;app&lt;/b&gt;"', $html );
		$this->assertStringContainsString( 'name="campaign_form[tasks][0][id]" value="31"', $html );
		$this->assertStringContainsString( 'name="campaign_form[questions][0][options][0][id]" value="41"', $html );
		$this->assertStringContainsString( '<option value="2" selected=\'selected\'>Bug hunting</option>', $html );
		$this->assertStringContainsString( 'name="campaign_form[devices][2][platforms][]" value="5" checked=\'checked\'', $html );
		$this->assertStringContainsString( 'title: Old &lt;b&gt;title&lt;/b&gt; → Shop', $html );
		$this->assertStringContainsString( 'campaign.update', $html );
		$this->assertStringContainsString( wp_create_nonce( Campaigns_Page::SAVE_NONCE . '5' ), $html );
		$this->assertStringNotContainsString( '<script>alert', $html );
	}

	/**
	 * A bad nonce, or a user who may not manage campaigns: refused before the API is called.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->campaigns_page();
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$bad = $page->handle_action(
			array(
				'action'   => Campaigns_Page::CLOSE,
				'campaign' => '7',
				'_wpnonce' => wp_create_nonce( Campaigns_Page::CLOSE_NONCE . '8' ),
			)
		);
		$this->assertSame( 'invalid_nonce', $bad->get_error_code() );

		foreach ( array( Roles::LEAD, 'tester' ) as $role ) {
			wp_set_current_user( $this->create_user( $role )->ID );
			foreach ( array(
				Campaigns_Page::CLOSE     => Campaigns_Page::CLOSE_NONCE . '7',
				Campaigns_Page::DUPLICATE => Campaigns_Page::DUPLICATE_NONCE . '7',
				Campaigns_Page::SAVE      => Campaigns_Page::SAVE_NONCE . '7',
			) as $action => $nonce ) {
				$refused = $page->handle_action(
					array(
						'action'        => $action,
						'campaign'      => '7',
						'_wpnonce'      => wp_create_nonce( $nonce ),
						'campaign_form' => $this->form(),
					)
				);
				$this->assertInstanceOf( WP_Error::class, $refused, $role . ' ' . $action );
				$this->assertSame( 'forbidden', $refused->get_error_code() );
			}
		}
		$this->assertNull( $page->handle_action( array( 'action' => 'delete' ) ) );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * Close from a row: `POST /admin/campaigns/{id}/close`, then a notice naming the testers paid; a second close
	 * shows the API's refusal.
	 */
	public function test_close(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/campaigns/7/close'] = array(
			200,
			array(
				'id'        => 7,
				'status'    => 'closed',
				'closeDate' => '2026-05-01T10:00:00Z',
				'paid'      => array(
					array(
						'testerId' => 3,
						'points'   => 150,
						'booty'    => 12.5,
					),
					array(
						'testerId' => 4,
						'points'   => 150,
						'booty'    => 12.5,
					),
				),
			),
		);
		$request = array(
			'action'   => Campaigns_Page::CLOSE,
			'campaign' => '7',
			'_wpnonce' => wp_create_nonce( Campaigns_Page::CLOSE_NONCE . '7' ),
		);

		$outcome = $this->plugin()->campaigns_page()->handle_action( $request );

		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/campaigns/7/close', $this->calls[0]['url'] );
		$this->assertSame( 'CP7 closed. 2 testers were paid the completion bonus: T3, T4.', $outcome['notice']['message'] );
		$this->assertSame( Campaigns_Page::list_url( Campaigns_Page::CLOSED ), $outcome['redirect'] );

		$this->answers['POST /admin/campaigns/7/close'] = array(
			409,
			array(
				'status'  => 409,
				'error'   => 'Conflict',
				'message' => 'This campaign is already closed',
			),
		);
		$again = $this->plugin()->campaigns_page()->handle_action( $request );
		$this->assertSame( 'error', $again['notice']['type'] );
		$this->assertSame( 'CP7 was not closed: This campaign is already closed', $again['notice']['message'] );

		// The list shows the kept outcome once.
		set_transient( 'crowdscout_result_' . Menu::SLUG . '_' . get_current_user_id(), $again['notice'], 60 );
		$this->answers['/admin/campaigns?status=running&start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );
		$this->assertStringContainsString( 'CP7 was not closed: This campaign is already closed', $this->render() );
		$this->assertStringNotContainsString( 'CP7 was not closed', $this->render() );
	}

	/**
	 * Duplicate from a row: `POST /admin/campaigns/{id}/duplicate`, then the copy's form.
	 */
	public function test_duplicate(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/campaigns/7/duplicate'] = array( 201, array( 'id' => 9 ) );

		$outcome = $this->plugin()->campaigns_page()->handle_action(
			array(
				'action'   => Campaigns_Page::DUPLICATE,
				'campaign' => '7',
				'_wpnonce' => wp_create_nonce( Campaigns_Page::DUPLICATE_NONCE . '7' ),
			)
		);

		$this->assertSame( Campaigns_Page::edit_url( 9 ), $outcome['redirect'] );
		$this->assertSame( 'CP9 is a copy of CP7: review its dates and title.', $outcome['notice']['message'] );
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->campaigns_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * The form as a browser sends it (unslashed): two devices, one content, a task and empty rows, two questions.
	 *
	 * @return array<string, mixed>
	 */
	private function form(): array {
		return array(
			'title'            => ' Shop app ',
			'typeId'           => '2',
			'visibility'       => 'small-group',
			'leader'           => '',
			'tlName'           => 'Tina',
			'tlEmail'          => 'tina@example.test',
			'startDate'        => '2026-06-01T09:30',
			'endDate'          => '2026-06-11T00:00',
			'closeDate'        => '2026-06-15T00:00',
			'maxTesters'       => '25',
			'targetCountry'    => 'it',
			'targetLanguageId' => '',
			'targetMinLevelId' => '',
			'targetTesterIds'  => 'T12, t15 12',
			'devices'          => array(
				0 => array( 'accepted' => '1' ),
				1 => array( 'platforms' => array( '3' ) ),
				2 => array(
					'accepted'  => '1',
					'platforms' => array( '4', '5' ),
				),
			),
			'contents'         => array(
				'en' => array(
					'previewContent' => '<h2>Welcome</h2><script>alert(1)</script><img src="x.png" onerror="alert(1)" /><div data-crowdscout-block="payout"></div>',
					'manualContent'  => '',
					'previewLink'    => '',
					'manualLink'     => '',
				),
				'it' => array(
					'previewContent' => '',
					'manualContent'  => '',
				),
			),
			'payout'           => array(
				'completeBonus'   => '12,50',
				'percentUsecases' => '50',
				'campaignPts'     => '150',
				'minimumBugs'     => '1',
			),
			'bugForm'          => array(
				'hasBugForm'          => '1',
				'minimumMedia'        => '1',
				'validFileExtensions' => 'PNG, .mp4',
				'severities'          => array( 'LOW', 'HIGH', 'EVIL' ),
				'additionalFields'    => array(
					array(
						'slug'    => 'browser',
						'name'    => 'Browser',
						'type'    => 'select',
						'options' => "Firefox\r\n\r\nChrome",
					),
					array(
						'slug' => '',
						'name' => '',
					),
				),
			),
			'tasks'            => array(
				array(
					'name'           => 'Buy',
					'content'        => '<p>Pay</p><script>alert(2)</script>',
					'canUploadMedia' => '1',
				),
				array(
					'name'    => '',
					'content' => '',
				),
			),
			'questions'        => array(
				array(
					'question' => 'Own a card?',
					'type'     => 'radio',
					'options'  => array(
						array( 'name' => 'Yes' ),
						array( 'name' => 'No' ),
						array( 'name' => '' ),
					),
				),
				array(
					'question'          => 'Favourite shop',
					'type'              => 'cuf',
					'customUserFieldId' => '3',
				),
				array( 'question' => '' ),
			),
			'language'         => array(
				'code'    => 'en',
				'message' => 'In English',
			),
		);
	}

	/**
	 * An AdminCampaignPage (or AuditPage).
	 *
	 * @param array<int, mixed> $results Items.
	 * @param int               $total   Total.
	 * @return array<string, mixed>
	 */
	private function page( array $results, int $total ): array {
		return array(
			'start'   => 0,
			'limit'   => 20,
			'size'    => count( $results ),
			'total'   => $total,
			'results' => $results,
		);
	}

	/**
	 * An AdminCampaignItem whose title holds markup.
	 *
	 * @param int $id     Id.
	 * @param int $leader Leader's user id.
	 * @return array<string, mixed>
	 */
	private function item( int $id, int $leader ): array {
		return array(
			'id'              => $id,
			'title'           => 'Shop <b>app</b>',
			'type'            => array(
				'id'   => 1,
				'name' => 'Bug hunting',
			),
			'status'          => 'running',
			'startDate'       => '2026-05-01T08:00:00Z',
			'endDate'         => '2026-05-10T08:00:00Z',
			'closeDate'       => '2026-05-15T08:00:00Z',
			'visibility'      => 'public',
			'maxTesters'      => 8,
			'selectedCount'   => 2,
			'applicantsCount' => 5,
			'bugs'            => array(
				'pending'    => 3,
				'approved'   => 1,
				'refused'    => 0,
				'needReview' => 0,
			),
			'leader'          => $leader,
		);
	}

	/**
	 * AdminCampaignChoices.
	 *
	 * @return array<string, mixed>
	 */
	private function choices(): array {
		return array(
			'types'            => array(
				array(
					'id'   => 1,
					'name' => 'Exploratory',
				),
				array(
					'id'   => 2,
					'name' => 'Bug hunting',
				),
			),
			'languages'        => array(
				array(
					'id'   => 1,
					'name' => 'English',
				),
			),
			'levels'           => array(
				array(
					'id'   => 10,
					'name' => 'Basic',
				),
			),
			'platforms'        => array(
				array(
					'id'         => 4,
					'name'       => 'Windows',
					'deviceType' => 2,
				),
				array(
					'id'         => 5,
					'name'       => 'macOS',
					'deviceType' => 2,
				),
			),
			'customUserFields' => array(
				array(
					'id'   => 3,
					'name' => 'Favourite shop',
					'type' => 'select',
				),
			),
		);
	}

	/**
	 * An AdminCampaign with markup in its texts.
	 *
	 * @return array<string, mixed>
	 */
	private function campaign(): array {
		return array(
			'id'               => 5,
			'status'           => 'running',
			'title'            => 'Shop <b>app</b>',
			'typeId'           => 2,
			'startDate'        => '2026-06-01T07:30:00Z',
			'endDate'          => '2026-06-10T22:00:00Z',
			'closeDate'        => '2026-06-14T22:00:00Z',
			'visibility'       => 'public',
			'targetCountry'    => null,
			'targetLanguageId' => null,
			'targetMinLevelId' => 10,
			'targetTesterIds'  => array(),
			'maxTesters'       => null,
			'acceptedDevices'  => array(
				array(
					'deviceType'  => 2,
					'platformIds' => array( 5 ),
				),
			),
			'contents'         => array(
				array(
					'language'       => 'en',
					'previewContent' => '<p>Hello</p>',
					'manualContent'  => '',
					'previewLink'    => null,
					'manualLink'     => null,
				),
			),
			'payout'           => array(
				'completeBonus'     => 12.5,
				'minimumBugs'       => 1,
				'percentUsecases'   => 50,
				'payoutLimit'       => 60,
				'criticalBugPayout' => 10,
				'highBugPayout'     => 5,
				'mediumBugPayout'   => 2,
				'lowBugPayout'      => 0.5,
				'topTesterBonus'    => 20,
				'campaignPts'       => 150,
			),
			'bugForm'          => array(
				'hasBugForm'          => true,
				'hasBugParade'        => false,
				'titleRule'           => true,
				'minimumMedia'        => 0,
				'validFileExtensions' => array(),
				'severities'          => array( 'LOW' ),
				'types'               => array( 'CRASH' ),
				'replicabilities'     => array( 'ONCE' ),
				'additionalFields'    => array(),
			),
			'tasks'            => array(
				array(
					'id'             => 31,
					'name'           => 'Buy',
					'content'        => '<p>Pay</p>',
					'canUploadMedia' => true,
				),
			),
			'questions'        => array(
				array(
					'id'                => 40,
					'type'              => 'radio',
					'question'          => 'Own a card?',
					'customUserFieldId' => null,
					'regex'             => null,
					'error'             => null,
					'options'           => array(
						array(
							'id'   => 41,
							'name' => 'Yes',
						),
					),
				),
			),
			'leader'           => null,
			'tlName'           => null,
			'tlEmail'          => null,
			'language'         => null,
			'selectedCount'    => 0,
			'applicantsCount'  => 0,
			'bugs'             => array(
				'pending'    => 0,
				'approved'   => 0,
				'refused'    => 0,
				'needReview' => 0,
			),
		);
	}
}
