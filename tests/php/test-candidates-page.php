<?php
/**
 * Crowdscout → Candidates in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Candidates_Page;
use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Screen;
use Crowdscout\Roles;
use WP_Error;

/**
 * The menu entry and its capability; the list read from `GET /admin/campaigns/{id}/candidates` with the campaign
 * chooser (`GET /admin/campaigns`), the selection line, views, search and escaping; an application's history;
 * Select, Exclude and Back to review from a row or in bulk (nonce, capability, then input), each sent as one
 * `POST /admin/campaigns/{id}/candidates` with the user's token; the notices, the API's refusal among them.
 */
final class Candidates_Page_Test extends Test_Case {

	/**
	 * Requests the fake API received: method, URL, headers, body.
	 *
	 * @var array<int, array{method: string, url: string, headers: array<string, string>, body: mixed}>
	 */
	private array $calls = array();

	/**
	 * Answers of the fake API: URL path and query (after the base) → [status, body], or a WP_Error.
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
	 * The GET parameters before the test.
	 *
	 * @var array<string, mixed>
	 */
	private array $saved_get = array();

	/**
	 * The request parameters before the test (the search box reads its value there).
	 *
	 * @var array<string, mixed>
	 */
	private array $saved_request = array();

	/**
	 * Loads the admin API, fakes the Crowdscout API with two campaigns to choose from.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$this->base          = $this->plugin()->settings()->api_url();
		$this->saved_get     = $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		$this->saved_request = $_REQUEST; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
		set_current_screen( Menu::screen_id( Candidates_Page::SLUG ) );
		$this->answers['/admin/campaigns?status=all&limit=100'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 100,
				'size'    => 2,
				'total'   => 2,
				'results' => array(
					array(
						'id'    => 7,
						'title' => 'Shop <app>',
					),
					array(
						'id'    => 9,
						'title' => 'Bank app',
					),
				),
			),
		);
	}

	/**
	 * Restores the HTTP client, the parameters and the screen.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
		$_GET                      = $this->saved_get;
		$_REQUEST                  = $this->saved_request;
		$GLOBALS['current_screen'] = null;
		Screen::take_result( Candidates_Page::SLUG );
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
		$this->calls[] = array(
			'method'  => (string) $args['method'],
			'url'     => $url,
			'headers' => (array) $args['headers'],
			'body'    => is_string( $args['body'] ?? null ) ? json_decode( $args['body'], true ) : null,
		);
		$key    = substr( $url, strlen( $this->base ) );
		$answer = $this->answers[ $key ] ?? array(
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
	 * Candidates under the Crowdscout menu for a tester lead, with its load hook; nothing for a tester.
	 */
	public function test_menu_and_capability(): void {
		global $menu, $submenu;
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$page    = $this->plugin()->candidates_page();

		wp_set_current_user( $this->create_user( 'tester' )->ID );
		$page->add_menu();
		$this->assertEmpty( $submenu[ Menu::SLUG ] ?? array(), 'A tester gets no entry.' );
		ob_start();
		$page->render();
		$this->assertSame( '', ob_get_clean(), 'Nor the screen.' );
		$this->assertSame( array(), $this->calls );

		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->plugin()->admin_menu()->add_menu();
		$page->add_menu();
		$entries = array_values( array_filter( $submenu[ Menu::SLUG ] ?? array(), static fn( $item ): bool => Candidates_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'Candidates', $entries[0][0] );
		$this->assertSame( Roles::LEAD_CAP, $entries[0][1] );
		$this->assertNotFalse( has_action( 'load-' . Menu::screen_id( Candidates_Page::SLUG ), array( $page, 'load' ) ) );
	}

	/**
	 * A lead's list: the campaigns to choose from and the first one's candidates, asked with their token; the
	 * selection line, the views with the campaign's counts; every field escaped; the answers folded; the row and
	 * bulk actions.
	 */
	public function test_list(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->answers['/admin/campaigns/7/candidates?start=0&limit=20'] = array(
			200,
			$this->page( array( $this->candidate( 5 ), $this->candidate( 6, 'selected' ) ), 2 ),
		);

		$html = $this->render();

		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $lead->ID, $claims['sub'] );
		$this->assertSame( 'tester_lead', $claims['role'] );
		$this->assertSame( array( 'GET', 'GET' ), array_column( $this->calls, 'method' ) );

		$this->assertStringContainsString( 'CP7 - Shop &lt;app&gt;', $html );
		$this->assertStringContainsString( 'CP9 - Bank app', $html );
		$this->assertStringContainsString( '3 of 10 selected', $html );
		$this->assertStringContainsString( '12 applicants', $html );
		$this->assertMatchesRegularExpression( '/All <span class="count">\(12\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Applied <span class="count">\(8\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Selected <span class="count">\(3\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Excluded <span class="count">\(1\)<\/span>/', $html );

		$this->assertStringContainsString( 'T41 Ada &lt;b&gt;Lovelace&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( '<b>Lovelace', $html );
		$this->assertStringContainsString( 'ada@example.test · GB · Bronze', $html );
		$this->assertStringContainsString( '<li>Google Pixel 9 (Android 16)</li>', $html );
		$this->assertStringContainsString( '<details class="crowdscout-candidate-answers"><summary>2 answers</summary>', $html );
		$this->assertStringContainsString( '<dt>Your &lt;favourite&gt; shop?</dt><dd>Amazon, eBay</dd>', $html );
		$this->assertStringNotContainsString( '<favourite>', $html );

		$this->assertStringContainsString( 'name="application[]" value="5"', $html );
		$this->assertStringContainsString( '<option value="select">Select</option>', $html, 'The bulk actions.' );
		$this->assertStringContainsString( '<option value="exclude">Exclude</option>', $html );
		$this->assertStringContainsString( esc_url( Candidates_Page::action_url( 7, 'select', 5 ) ), $html, 'Select, with its nonce.' );
		$this->assertStringContainsString( esc_url( Candidates_Page::action_url( 7, 'exclude', 5 ) ), $html );
		$this->assertStringNotContainsString( esc_url( Candidates_Page::action_url( 7, 'review', 5 ) ), $html, 'Already under review.' );
		$this->assertStringNotContainsString( esc_url( Candidates_Page::action_url( 7, 'select', 6 ) ), $html, 'Already selected.' );
		$this->assertStringContainsString( esc_url( Candidates_Page::action_url( 7, 'review', 6 ) ), $html );
		$this->assertStringContainsString( esc_url( Candidates_Page::list_url( 7, array( 'history' => '5' ) ) ), $html, 'History.' );
		$this->assertStringContainsString( 'id="crowdscout-candidate-search-search-input"', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * A view, a search and a page are asked of the API as such; an application's history is shown above the list.
	 */
	public function test_filters_and_history(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$_GET['campaign'] = '9';
		$_GET['status']   = 'excluded';
		$_GET['s']        = 'ada & co';
		$_REQUEST['s']    = 'ada & co';
		$_GET['paged']    = '2';
		$_GET['history']  = '5';
		$this->answers['/admin/campaigns/9/candidates?status=excluded&search=ada+%26+co&start=20&limit=20'] = array( 200, $this->page( array(), 21, 20 ) );
		$this->answers['/admin/audit?subjectType=application&subjectId=5&limit=100'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 100,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'          => 1,
						'actor'       => $admin->ID,
						'actorRole'   => 'administrator',
						'action'      => 'application.status',
						'subjectType' => 'application',
						'subjectId'   => 5,
						'before'      => array( 'status' => 'applied' ),
						'after'       => array( 'status' => 'selected' ),
						'note'        => null,
						'date'        => '2026-05-03T10:00:00Z',
					),
				),
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'History of application #5', $html );
		$this->assertStringContainsString( 'Applied → Selected', $html );
		$this->assertStringContainsString( esc_html( $admin->display_name ), $html );
		$this->assertStringContainsString( '<option value="9" selected=\'selected\'>', $html );
		$this->assertStringContainsString( '21 items', $html );
		$this->assertStringContainsString( 'No application matches.', $html );
		$this->assertStringContainsString( 'value="ada &amp; co"', $html );
		$this->assertSame( 3, count( $this->calls ) );
	}

	/**
	 * A row's Select: its nonce, then one POST with the user's token; the notice says how many and the cap.
	 */
	public function test_select_from_a_row(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->answers['/admin/campaigns/7/candidates'] = array(
			200,
			array(
				'updated'  => 1,
				'campaign' => array(
					'selectedCount' => 4,
					'maxTesters'    => 10,
				),
			),
		);

		$result = $this->plugin()->candidates_page()->handle_action(
			array(
				'action'      => 'select',
				'campaign'    => '7',
				'application' => '5',
				'_wpnonce'    => wp_create_nonce( Candidates_Page::ROW_NONCE . 'select-5' ),
			)
		);

		$this->assertSame( 1, $result['updated'] );
		$this->assertCount( 1, $this->calls );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/campaigns/7/candidates', $this->calls[0]['url'] );
		$this->assertSame(
			array(
				'applications' => array( 5 ),
				'status'       => 'selected',
			),
			$this->calls[0]['body']
		);
		$this->assertSame( 'application/json', $this->calls[0]['headers']['Content-Type'] );
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $lead->ID, $claims['sub'] );

		Screen::keep_result( Candidates_Page::SLUG, $result );
		$this->answers['/admin/campaigns/7/candidates?start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( '1 candidate selected. Now 4 of 10 selected.', $html );
		$this->assertNull( Screen::take_result( Candidates_Page::SLUG ), 'Shown once.' );
	}

	/**
	 * Bulk: all the ticked applications in one call; the API's refusal (the cap) is shown, nothing changed.
	 */
	public function test_bulk_and_the_cap(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->answers['/admin/campaigns/7/candidates'] = array(
			409,
			array(
				'status'  => 409,
				'error'   => 'Conflict',
				'message' => 'The campaign takes at most 3 testers: 2 are selected, so 1 more can be, not 2.',
			),
		);

		$result = $this->plugin()->candidates_page()->handle_action(
			array(
				'action'      => '-1',
				'action2'     => 'select',
				'campaign'    => '7',
				'application' => array( '5', '6', '6', 'x' ),
				'_wpnonce'    => wp_create_nonce( Candidates_Page::BULK_NONCE ),
			)
		);

		$this->assertCount( 1, $this->calls, 'One call for the whole selection.' );
		$this->assertSame( array( 5, 6 ), $this->calls[0]['body']['applications'] );
		$this->assertNull( $result['updated'] );

		Screen::keep_result( Candidates_Page::SLUG, $result );
		$this->answers['/admin/campaigns/7/candidates?start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( 'Nothing was changed: The campaign takes at most 3 testers: 2 are selected, so 1 more can be, not 2.', $html );

		$this->answers['/admin/campaigns/7/candidates'] = array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Application not found',
			),
		);
		$excluded = $this->plugin()->candidates_page()->handle_action(
			array(
				'action'      => 'exclude',
				'campaign'    => '7',
				'application' => array( 5, 6, 7 ),
				'_wpnonce'    => wp_create_nonce( Candidates_Page::BULK_NONCE ),
			)
		);
		$last = end( $this->calls );
		$this->assertSame( 'POST', $last['method'] );
		$this->assertSame( 'excluded', $last['body']['status'] );
		$this->assertSame( 'Application not found', $excluded['error'] );
	}

	/**
	 * A tester who applied with several devices: the row offers them, the one chosen before preselected, and a
	 * bulk Select sends the device of each checked row; Exclude sends none.
	 */
	public function test_the_device_a_selected_tester_tests_with(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$two                     = $this->candidate( 5 );
		$two['devices'][]        = array(
			'id'   => 8,
			'name' => 'Apple iPhone 16 (iOS 18)',
		);
		$two['selectedDevice']   = 8;
		$this->answers['/admin/campaigns/7/candidates?start=0&limit=20'] = array( 200, $this->page( array( $two, $this->candidate( 6 ) ), 2 ) );

		$html = $this->render();

		$this->assertStringContainsString( '<label class="screen-reader-text" for="crowdscout-device-5">Device Ada &lt;b&gt;Lovelace&lt;/b&gt; tests with</label>', $html );
		$this->assertStringContainsString( '<select id="crowdscout-device-5" name="device[5]" class="widefat"><option value="3">Google Pixel 9 (Android 16)</option><option value="8" selected=\'selected\'>Apple iPhone 16 (iOS 18)</option></select>', $html );
		$this->assertStringNotContainsString( 'name="device[6]"', $html, 'One device: nothing to choose.' );

		$this->answers['/admin/campaigns/7/candidates'] = array(
			200,
			array(
				'updated'  => 1,
				'campaign' => array(
					'selectedCount' => 4,
					'maxTesters'    => 10,
				),
			),
		);
		$request = array(
			'action'      => 'select',
			'campaign'    => '7',
			'application' => array( '5' ),
			'device'      => array(
				'5' => '3',
				'6' => '3',
			),
			'_wpnonce'    => wp_create_nonce( Candidates_Page::BULK_NONCE ),
		);
		$this->plugin()->candidates_page()->handle_action( $request );
		$this->assertSame(
			array(
				array(
					'application' => 5,
					'device'      => 3,
				),
			),
			end( $this->calls )['body']['devices'],
			'Only the checked row’s device.'
		);

		$this->plugin()->candidates_page()->handle_action( array_merge( $request, array( 'action' => 'exclude' ) ) );
		$this->assertSame( 'excluded', end( $this->calls )['body']['status'] );
		$this->assertArrayNotHasKey( 'devices', end( $this->calls )['body'] );
	}

	/**
	 * The notices of a partly done change, an unreachable API and an empty bulk selection.
	 */
	public function test_notices(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->answers['/admin/campaigns/7/candidates?start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );
		$page = $this->plugin()->candidates_page();

		$this->answers['/admin/campaigns/7/candidates'] = array(
			200,
			array(
				'updated'  => 2,
				'campaign' => array(
					'selectedCount' => 1,
					'maxTesters'    => null,
				),
			),
		);
		Screen::keep_result(
			Candidates_Page::SLUG,
			$page->handle_action(
				array(
					'action'      => 'exclude',
					'campaign'    => '7',
					'application' => array( 5, 6, 8 ),
					'_wpnonce'    => wp_create_nonce( Candidates_Page::BULK_NONCE ),
				)
			)
		);
		$this->assertStringContainsString( '2 candidates excluded. 1 already had that status. Now 1 selected.', $this->render() );

		$this->answers['/admin/campaigns/7/candidates'] = new WP_Error( 'http_request_failed', 'Connection refused' );
		Screen::keep_result(
			Candidates_Page::SLUG,
			$page->handle_action(
				array(
					'action'      => 'review',
					'campaign'    => '7',
					'application' => '5',
					'_wpnonce'    => wp_create_nonce( Candidates_Page::ROW_NONCE . 'review-5' ),
				)
			)
		);
		$this->assertStringContainsString( 'The Crowdscout API could not be reached, so nothing was changed (Connection refused).', $this->render() );

		$calls = count( $this->calls );
		Screen::keep_result(
			Candidates_Page::SLUG,
			$page->handle_action(
				array(
					'action'   => 'select',
					'campaign' => '7',
					'_wpnonce' => wp_create_nonce( Candidates_Page::BULK_NONCE ),
				)
			)
		);
		$this->assertStringContainsString( 'No candidate was ticked.', $this->render() );
		$this->assertSame( array( 'GET', 'GET' ), array_column( array_slice( $this->calls, $calls ), 'method' ), 'Only the list was read.' );
	}

	/**
	 * A bad nonce, a nonce of another row or action, or a user without the capability: refused before the API.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->candidates_page();
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );

		$bad = $page->handle_action(
			array(
				'action'      => 'select',
				'campaign'    => '7',
				'application' => '5',
				'_wpnonce'    => 'nope',
			)
		);
		$this->assertInstanceOf( WP_Error::class, $bad );
		$this->assertSame( 'invalid_nonce', $bad->get_error_code() );

		foreach ( array( array( 'select', '6' ), array( 'exclude', '5' ) ) as list( $action, $id ) ) {
			$other = $page->handle_action(
				array(
					'action'      => $action,
					'campaign'    => '7',
					'application' => $id,
					'_wpnonce'    => wp_create_nonce( Candidates_Page::ROW_NONCE . 'select-5' ),
				)
			);
			$this->assertSame( 'invalid_nonce', $other->get_error_code() );
		}

		wp_set_current_user( $this->create_user( 'tester' )->ID );
		$forbidden = $page->handle_action(
			array(
				'action'      => 'select',
				'campaign'    => '7',
				'application' => array( '5' ),
				'_wpnonce'    => wp_create_nonce( Candidates_Page::BULK_NONCE ),
			)
		);
		$this->assertSame( 'forbidden', $forbidden->get_error_code() );

		$this->assertNull( $page->handle_action( array( 'action' => 'approve' ) ) );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->candidates_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * A CandidatePage of campaign 7.
	 *
	 * @param array<int, array<string, mixed>> $results Candidates.
	 * @param int                              $total   Total.
	 * @param int                              $start   Start.
	 * @return array<string, mixed>
	 */
	private function page( array $results, int $total, int $start = 0 ): array {
		return array(
			'start'    => $start,
			'limit'    => 20,
			'size'     => count( $results ),
			'total'    => $total,
			'campaign' => array(
				'id'              => 7,
				'title'           => 'Shop <app>',
				'maxTesters'      => 10,
				'selectedCount'   => 3,
				'applicantsCount' => 12,
				'statusCounts'    => array(
					'applied'  => 8,
					'selected' => 3,
					'excluded' => 1,
				),
			),
			'results'  => $results,
		);
	}

	/**
	 * A Candidate whose tester's name and a question hold markup.
	 *
	 * @param int    $id     Application id.
	 * @param string $status Its status.
	 * @return array<string, mixed>
	 */
	private function candidate( int $id, string $status = 'applied' ): array {
		return array(
			'id'        => $id,
			'status'    => $status,
			'appliedAt' => '2026-04-01T09:30:00Z',
			'tester'    => array(
				'id'      => 41,
				'name'    => 'Ada',
				'surname' => '<b>Lovelace</b>',
				'email'   => 'ada@example.test',
				'country' => 'GB',
				'level'   => array(
					'id'   => 20,
					'name' => 'Bronze',
				),
			),
			'devices'   => array(
				array(
					'id'   => 3,
					'name' => 'Google Pixel 9 (Android 16)',
				),
			),
			'answers'   => array(
				array(
					'question' => 'Your <favourite> shop?',
					'value'    => 'Amazon, eBay',
				),
				array(
					'question' => 'Your postcode',
					'value'    => '20121',
				),
			),
		);
	}
}
