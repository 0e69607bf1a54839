<?php
/**
 * Crowdscout → Bug review in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Bugs_Page;
use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Screen;
use Crowdscout\Roles;
use WP_Error;

/**
 * The menu entry and its capability; the list read from `GET /admin/campaigns/{id}/bugs` with the campaign chooser
 * (`GET /admin/campaigns`), views, filters and escaping; the bug's view with its media, review form and audit trail;
 * Approve from a row and the review form (nonce, capability, then input — a refusal or a request for review without
 * a comment never reaches the API), each sent as `POST /admin/bugs/{id}/review` with the user's token; the bulk
 * Approve, Refuse and Ask for review, sent as ONE `POST /admin/campaigns/{id}/bugs/review` (all the bugs or none);
 * the notices.
 */
final class Bugs_Page_Test extends Test_Case {

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
	 * The request parameters before the test.
	 *
	 * @var array<string, mixed>
	 */
	private array $saved_request = array();

	/**
	 * Loads the admin API, fakes the Crowdscout API.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$this->base      = $this->plugin()->settings()->api_url();
		$this->saved_get     = $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		$this->saved_request = $_REQUEST; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
		set_current_screen( Menu::screen_id( Bugs_Page::SLUG ) );
		$this->answers['/admin/campaigns?status=all&limit=100'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 100,
				'size'    => 2,
				'total'   => 2,
				'results' => array( $this->campaign( 7, 'Shop <app>' ), $this->campaign( 9, 'Bank app' ) ),
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
		Screen::take_result( Bugs_Page::SLUG );
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
	 * Bug review under the Crowdscout menu for a tester lead, with its load hook; nothing for a tester.
	 */
	public function test_menu_and_capability(): void {
		global $menu, $submenu;
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$page    = $this->plugin()->bugs_page();

		wp_set_current_user( $this->create_user( 'tester' )->ID );
		$page->add_menu();
		$this->assertEmpty( $submenu[ Menu::SLUG ] ?? array(), 'A tester gets no entry.' );
		$this->assertFalse( has_action( 'load-' . Menu::screen_id( Bugs_Page::SLUG ), array( $page, 'load' ) ) );
		ob_start();
		$page->render();
		$this->assertSame( '', ob_get_clean(), 'Nor the screen.' );
		$this->assertSame( array(), $this->calls );

		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->plugin()->admin_menu()->add_menu();
		$page->add_menu();
		$entries = array_values( array_filter( $submenu[ Menu::SLUG ] ?? array(), static fn( $item ): bool => Bugs_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'Bug review', $entries[0][0] );
		$this->assertSame( Roles::LEAD_CAP, $entries[0][1] );
		$this->assertNotFalse( has_action( 'load-' . Menu::screen_id( Bugs_Page::SLUG ), array( $page, 'load' ) ) );
	}

	/**
	 * A tester lead's list: the campaigns to choose from and the first one's bugs, asked with their token; every
	 * field escaped; the views with the campaign's counts; the row and bulk actions.
	 */
	public function test_list(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array( 200, $this->page( array( $this->item( 5 ), $this->item( 4, 'approved' ) ), 10 ) );

		$html = $this->render();

		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $lead->ID, $claims['sub'] );
		$this->assertSame( 'tester_lead', $claims['role'] );
		$this->assertSame( array( 'GET', 'GET' ), array_column( $this->calls, 'method' ) );

		$this->assertStringContainsString( 'CP7 - Shop &lt;app&gt;', $html );
		$this->assertStringContainsString( 'CP9 - Bank app', $html );
		$this->assertStringContainsString( 'Checkout &lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$this->assertStringNotContainsString( '<script>alert(1)', $html );
		$this->assertStringContainsString( 'T41 Ada &lt;b&gt;Lovelace&lt;/b&gt;', $html );
		$this->assertStringContainsString( 'Critical', $html );
		$this->assertStringContainsString( 'Pending', $html );
		$this->assertStringContainsString( esc_url( Bugs_Page::bug_url( 7, 5 ) ), $html, 'The title links to the bug.' );
		$this->assertStringContainsString( esc_url( Bugs_Page::approve_url( 7, 5 ) ), $html, 'Approve, with its nonce.' );
		$this->assertStringNotContainsString( '<span class="approve">', $html, 'WordPress’s list CSS hides `.row-actions .approve`: the link would be invisible.' );
		$this->assertStringContainsString( esc_url( Bugs_Page::bug_url( 7, 5, 'refused' ) ), $html, 'Refuse opens the bug.' );
		$this->assertStringContainsString( esc_url( Bugs_Page::bug_url( 7, 5, 'need-review' ) ), $html, 'So does Ask for review.' );
		$this->assertStringNotContainsString( esc_url( Bugs_Page::approve_url( 7, 4 ) ), $html, 'An approved bug is not approved again.' );
		$this->assertStringContainsString( 'name="bug[]" value="5"', $html );
		$this->assertStringContainsString( '<option value="approve">Approve</option>', $html, 'The bulk actions.' );
		$this->assertStringContainsString( '<option value="refuse">Refuse</option>', $html );
		$this->assertStringContainsString( '<option value="ask-review">Ask for review</option>', $html );
		$this->assertStringContainsString( 'name="comment" id="crowdscout-bulk-comment"', $html, 'The comment they send.' );
		$this->assertStringContainsString( 'name="severity"', $html );
		$this->assertStringContainsString( 'id="crowdscout-bug-search-search-input"', $html );
		$this->assertMatchesRegularExpression( '/All <span class="count">\(10\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Pending <span class="count">\(3\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Need review <span class="count">\(4\)<\/span>/', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * The view's status, severity, search and page go to the API; another campaign is chosen by `campaign`.
	 */
	public function test_filters_and_paging(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET = array(
			'page'     => Bugs_Page::SLUG,
			'campaign' => '9',
			'status'   => 'need-review',
			'severity' => 'high',
			's'        => 'crash & co',
			'paged'    => '2',
		);
		$_REQUEST = $_GET; // The search box reads the request.
		$this->answers['/admin/campaigns/9/bugs?status=need-review&severity=high&search=crash+%26+co&start=20&limit=20&order=DESC'] = array( 200, $this->page( array( $this->item( 30, 'need-review' ) ), 21, 20 ) );

		$html = $this->render();

		$this->assertStringContainsString( '21 items', $html );
		$this->assertStringContainsString( 'value="crash &amp; co"', $html );
		$this->assertMatchesRegularExpression( '/<option value="9"\s+selected=\'selected\'>CP9 - Bank app<\/option>/', $html );
		$this->assertMatchesRegularExpression( '/<option value="high"\s+selected=\'selected\'>High<\/option>/', $html );
		$this->assertStringContainsString( 'class="current" aria-current="page">Need review', $html );
	}

	/**
	 * The bug: its report escaped, images shown, other files linked, a dangerous URL dropped, the review form with
	 * its nonce, and its audit trail.
	 */
	public function test_bug_view(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$_GET = array(
			'page'     => Bugs_Page::SLUG,
			'campaign' => '7',
			'bug'      => '5',
			'review'   => 'refused',
		);
		$this->answers['/admin/bugs/5'] = array( 200, $this->bug( 5 ) );
		$this->answers['/admin/audit?subjectType=bug&subjectId=5&limit=100'] = array(
			200,
			$this->page(
				array(
					array(
						'id'          => 1,
						'actor'       => $admin->ID,
						'actorRole'   => 'administrator',
						'action'      => 'bug.review',
						'subjectType' => 'bug',
						'subjectId'   => 5,
						'before'      => array(
							'status'        => 'pending',
							'reviewComment' => null,
						),
						'after'       => array(
							'status'        => 'approved',
							'reviewComment' => 'Good <i>one</i>',
							'paid'          => array(
								'points' => 20,
								'gross'  => 10,
							),
						),
						'note'        => 'Good <i>one</i>',
						'date'        => '2026-05-03T10:00:00Z',
					),
				),
				1
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'Bug 5: Checkout &lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$this->assertStringContainsString( '1. Open &lt;the&gt; cart<br />', $html );
		$this->assertStringContainsString( 'Samsung Galaxy S21 · Android 13', $html );
		$this->assertStringContainsString( 'Browser', $html );
		$this->assertStringContainsString( 'Firefox &amp; co', $html );
		$this->assertStringContainsString( '<img src="/api/media/a1b2.png?expires=1&#038;signature=x"', $html );
		$this->assertStringContainsString( 'alt="shot &quot;1&quot;.png"', $html );
		$this->assertStringContainsString( '<a href="/api/media/c3d4.txt?expires=1&#038;signature=y" target="_blank" rel="noopener noreferrer">log.txt</a>', $html );
		$this->assertStringNotContainsString( 'javascript:', $html );
		$this->assertStringContainsString( 'name="_wpnonce" value="' . wp_create_nonce( Bugs_Page::REVIEW_NONCE . '5' ) . '"', $html );
		$this->assertMatchesRegularExpression( '/value="refused"\s+checked=\'checked\'/', $html, 'Refuse was asked from the list.' );
		$this->assertStringContainsString( '>Was &lt;b&gt;odd&lt;/b&gt;</textarea>', $html );
		$this->assertStringContainsString( 'Pending → Approved', $html );
		$this->assertStringContainsString( '20 points, €10.00', $html );
		$this->assertStringContainsString( 'Good &lt;i&gt;one&lt;/i&gt;', $html );
		$this->assertStringContainsString( esc_html( $admin->display_name ), $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * A row's Approve: its nonce, then `POST /admin/bugs/{id}/review` {status: approved} with the user's token; the
	 * notices then say it and what it paid.
	 */
	public function test_approve_from_a_row(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->answers['/admin/bugs/5/review'] = array(
			200,
			array_merge(
				$this->bug( 5 ),
				array(
					'status' => 'approved',
					'paid'   => array(
						'points' => 20,
						'gross'  => 10.5,
					),
				)
			),
		);

		$result = $this->plugin()->bugs_page()->handle_action(
			array(
				'page'     => Bugs_Page::SLUG,
				'campaign' => '7',
				'action'   => 'approve',
				'bug'      => '5',
				'_wpnonce' => wp_create_nonce( Bugs_Page::ROW_NONCE . '5' ),
			)
		);

		$this->assertIsArray( $result );
		$this->assertSame( array( 5 ), $result['reviewed'] );
		$this->assertSame(
			array(
				array(
					'id'     => 5,
					'points' => 20,
					'gross'  => 10.5,
				),
			),
			$result['paid']
		);
		$this->assertCount( 1, $this->calls );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/bugs/5/review', $this->calls[0]['url'] );
		$this->assertSame( array( 'status' => 'approved' ), $this->calls[0]['body'] );
		$this->assertSame( 'application/json', $this->calls[0]['headers']['Content-Type'] );
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $lead->ID, $claims['sub'] );

		Screen::keep_result( Bugs_Page::SLUG, $result );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( '1 bug approved: #5.', $html );
		$this->assertStringContainsString( 'Bug #5 paid its tester 20 experience points and €10.50.', $html );
	}

	/**
	 * Refusing or asking for review without a comment is refused before the API; the form shows what was typed and
	 * why. With a comment, it is sent, and the API's refusal is shown with its message.
	 */
	public function test_review_form_needs_a_comment(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page = $this->plugin()->bugs_page();
		foreach ( array( 'refused', 'need-review' ) as $status ) {
			$result = $page->handle_action(
				array(
					'action'   => 'review',
					'bug'      => '5',
					'campaign' => '7',
					'status'   => $status,
					'comment'  => "  \n ",
					'_wpnonce' => wp_create_nonce( Bugs_Page::REVIEW_NONCE . '5' ),
				)
			);
			$this->assertSame( 'Write a comment for the tester: it is required to refuse a bug or ask for its review.', $result['invalid'] );
		}
		$pending = $page->handle_action(
			array(
				'action'   => 'review',
				'bug'      => '5',
				'status'   => 'pending',
				'comment'  => 'Back',
				'_wpnonce' => wp_create_nonce( Bugs_Page::REVIEW_NONCE . '5' ),
			)
		);
		$this->assertIsString( $pending['invalid'] );
		$this->assertSame( array(), $this->calls, 'Nothing reached the API.' );

		Screen::keep_result( Bugs_Page::SLUG, $result );
		$_GET                           = array(
			'page'     => Bugs_Page::SLUG,
			'campaign' => '7',
			'bug'      => '5',
		);
		$this->answers['/admin/bugs/5'] = array( 200, $this->bug( 5 ) );
		$html                           = $this->render();
		$this->assertStringContainsString( 'notice-error', $html );
		$this->assertStringContainsString( 'Write a comment for the tester', $html );
		$this->assertMatchesRegularExpression( '/value="need-review"\s+checked=\'checked\'/', $html, 'The decision is kept.' );

		$this->calls                           = array();
		$this->answers['/admin/bugs/5/review'] = array(
			403,
			array(
				'status'  => 403,
				'error'   => 'Forbidden',
				'message' => 'Only the campaign’s team leader or an administrator may do this.',
			),
		);
		$refused                               = $page->handle_action(
			array(
				'action'   => 'review',
				'bug'      => '5',
				'status'   => 'refused',
				'comment'  => " Duplicate of <b>#12</b>\nSee there. ",
				'_wpnonce' => wp_create_nonce( Bugs_Page::REVIEW_NONCE . '5' ),
			)
		);
		$this->assertSame(
			array(
				'status'  => 'refused',
				'comment' => "Duplicate of #12\nSee there.",
			),
			$this->calls[0]['body']
		);
		$this->assertSame( array(), $refused['reviewed'] );
		Screen::keep_result( Bugs_Page::SLUG, $refused );
		$html = $this->render();
		$this->assertStringContainsString( 'Bug #5 was not reviewed: Only the campaign’s team leader or an administrator may do this.', $html );
	}

	/**
	 * Bulk Approve: one request for all the bugs chosen (duplicates and junk dropped), with the user's token; the
	 * notices say how many the API reviewed, how many were left as they were, and what was paid in all.
	 */
	public function test_bulk_approve(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->answers['/admin/campaigns/7/bugs/review'] = array(
			200,
			array(
				'reviewed' => 3,
				'paid'     => array(
					'points' => 55,
					'gross'  => 27.5,
				),
			),
		);

		$result = $this->plugin()->bugs_page()->handle_action(
			array(
				'action'   => '-1',
				'action2'  => 'approve',
				'campaign' => '7',
				'comment'  => '',
				'bug'      => array( '5', '6', '7', '7', 'x', '8' ),
				'_wpnonce' => wp_create_nonce( Bugs_Page::BULK_NONCE ),
			)
		);

		$this->assertCount( 1, $this->calls, 'One request for all the bugs.' );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/campaigns/7/bugs/review', $this->calls[0]['url'] );
		$this->assertSame(
			array(
				'bugs'   => array( 5, 6, 7, 8 ),
				'status' => 'approved',
			),
			$this->calls[0]['body']
		);
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $lead->ID, $claims['sub'] );
		$this->assertSame(
			array(
				'selected' => 4,
				'reviewed' => 3,
				'points'   => 55,
				'gross'    => 27.5,
			),
			$result['bulk']
		);
		$this->assertNull( $result['refusal'] );

		Screen::keep_result( Bugs_Page::SLUG, $result );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( '3 bugs approved.', $html );
		$this->assertStringContainsString( '1 selected bug already had this status and comment, and was left as it was.', $html );
		$this->assertStringContainsString( 'Their first approvals paid the testers 55 experience points and €27.50 in all.', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
		$this->assertNull( Screen::take_result( Bugs_Page::SLUG ), 'Shown once.' );
	}

	/**
	 * Bulk Refuse and Ask for review: without the list's comment they never reach the API; with it, one request
	 * carries the comment for every bug.
	 */
	public function test_bulk_refuse_and_ask_for_review_need_the_comment(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page = $this->plugin()->bugs_page();
		foreach ( array( 'refuse', 'ask-review' ) as $action ) {
			$result = $page->handle_action(
				array(
					'action'   => $action,
					'campaign' => '7',
					'comment'  => '  ',
					'bug'      => array( '5', '6' ),
					'_wpnonce' => wp_create_nonce( Bugs_Page::BULK_NONCE ),
				)
			);
			$this->assertSame( 'Write a comment for the testers in the field above the list: it is required to refuse bugs or ask for their review.', $result['invalid'] );
		}
		$this->assertSame( array(), $this->calls, 'Nothing reached the API.' );
		Screen::keep_result( Bugs_Page::SLUG, $result );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array( 200, $this->page( array( $this->item( 5 ) ), 1 ) );
		$this->assertStringContainsString( 'Write a comment for the testers in the field above the list', $this->render() );

		$this->calls = array();
		$this->answers['/admin/campaigns/7/bugs/review'] = array(
			200,
			array(
				'reviewed' => 2,
				'paid'     => array(
					'points' => 0,
					'gross'  => 0,
				),
			),
		);
		$expected = array(
			'refuse'     => array( 'refused', '2 bugs refused.' ),
			'ask-review' => array( 'need-review', '2 bugs sent back to their testers for review.' ),
		);
		foreach ( $expected as $action => list( $status, $notice ) ) {
			$this->calls = array();
			$result      = $page->handle_action(
				array(
					'action'   => $action,
					'campaign' => '7',
					'comment'  => " Out of <b>scope</b>\n",
					'bug'      => array( '5', '6' ),
					'_wpnonce' => wp_create_nonce( Bugs_Page::BULK_NONCE ),
				)
			);
			$this->assertSame(
				array(
					'bugs'    => array( 5, 6 ),
					'status'  => $status,
					'comment' => 'Out of scope',
				),
				$this->calls[0]['body']
			);
			Screen::keep_result( Bugs_Page::SLUG, $result );
			$html = $this->render();
			$this->assertStringContainsString( $notice, $html );
			$this->assertStringNotContainsString( 'experience points', $html, 'Nothing paid, nothing said.' );
		}

		$this->answers['/admin/campaigns/7/bugs/review'] = array(
			200,
			array(
				'reviewed' => 0,
				'paid'     => array(
					'points' => 0,
					'gross'  => 0,
				),
			),
		);
		Screen::keep_result(
			Bugs_Page::SLUG,
			$page->handle_action(
				array(
					'action'   => 'refuse',
					'campaign' => '7',
					'comment'  => 'Out of scope',
					'bug'      => array( '5' ),
					'_wpnonce' => wp_create_nonce( Bugs_Page::BULK_NONCE ),
				)
			)
		);
		$this->assertStringContainsString( 'No bug changed: the selected bugs already had this status and comment.', $this->render() );
	}

	/**
	 * The API's refusal of a bulk action (a bug of another campaign, the access) says that nothing changed; an API
	 * that cannot be reached says the list shows what happened. Filter with a bulk action chosen runs nothing.
	 */
	public function test_bulk_refusals(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$page = $this->plugin()->bugs_page();
		$ask  = array(
			'action'   => 'approve',
			'campaign' => '7',
			'bug'      => array( '5', '99' ),
			'_wpnonce' => wp_create_nonce( Bugs_Page::BULK_NONCE ),
		);
		$this->answers['/admin/campaigns/7/bugs/review'] = array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Bug <not> found',
			),
		);
		$refused = $page->handle_action( $ask );
		$this->assertSame( 'Bug <not> found', $refused['refusal'] );
		Screen::keep_result( Bugs_Page::SLUG, $refused );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( 'The bugs were not reviewed, and nothing was changed: Bug &lt;not&gt; found', $html );
		$this->assertStringNotContainsString( 'notice-success', $html );

		$this->answers['/admin/campaigns/7/bugs/review'] = new WP_Error( 'http_request_failed', 'Connection refused' );
		$unreachable                                     = $page->handle_action( $ask );
		$this->assertSame( 'Connection refused', $unreachable['unreachable'] );
		Screen::keep_result( Bugs_Page::SLUG, $unreachable );
		$this->assertStringContainsString( 'The Crowdscout API could not be reached (Connection refused), so the selected bugs may not have been reviewed', $this->render() );

		$this->calls = array();
		$this->assertNull( $page->handle_action( $ask + array( 'filter_action' => 'Filter' ) ), 'Filter filters.' );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * A bad nonce, another bug's nonce, or a user without the capability: refused before the API is called.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->bugs_page();
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$asks = array(
			array(
				'action'   => 'approve',
				'bug'      => '5',
				'_wpnonce' => 'nope',
			),
			array(
				'action'   => 'approve',
				'bug'      => '6',
				'_wpnonce' => wp_create_nonce( Bugs_Page::ROW_NONCE . '5' ),
			),
			array(
				'action'   => 'review',
				'bug'      => '6',
				'status'   => 'approved',
				'_wpnonce' => wp_create_nonce( Bugs_Page::REVIEW_NONCE . '5' ),
			),
			array(
				'action'   => 'approve',
				'bug'      => array( '5' ),
				'_wpnonce' => wp_create_nonce( Bugs_Page::ROW_NONCE . '5' ),
			),
		);
		foreach ( $asks as $ask ) {
			$refused = $page->handle_action( $ask );
			$this->assertInstanceOf( WP_Error::class, $refused );
			$this->assertSame( 'invalid_nonce', $refused->get_error_code() );
		}

		wp_set_current_user( $this->create_user( 'tester' )->ID );
		$forbidden = $page->handle_action(
			array(
				'action'   => 'approve',
				'bug'      => '5',
				'_wpnonce' => wp_create_nonce( Bugs_Page::ROW_NONCE . '5' ),
			)
		);
		$this->assertSame( 'forbidden', $forbidden->get_error_code() );
		$this->assertNull( $page->handle_action( array( 'action' => '-1' ) ) );
		$this->assertSame( array(), $this->calls );

		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$nothing = $page->handle_action(
			array(
				'action'   => 'approve',
				'_wpnonce' => wp_create_nonce( Bugs_Page::BULK_NONCE ),
			)
		);
		$this->assertSame( array(), $nothing['reviewed'] );
		Screen::keep_result( Bugs_Page::SLUG, $nothing );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array( 200, $this->page( array(), 0 ) );
		$this->assertStringContainsString( 'No bug was selected.', $this->render() );
	}

	/**
	 * The API's refusal of the list is shown with its message; without campaigns, the screen says so.
	 */
	public function test_api_refusals_are_shown(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->answers['/admin/campaigns/7/bugs?start=0&limit=20&order=DESC'] = array(
			403,
			array(
				'status'  => 403,
				'error'   => 'Forbidden',
				'message' => 'Not yours <here>',
			),
		);
		$this->assertStringContainsString( 'The API did not give the bugs (status 403): Not yours &lt;here&gt;', $this->render() );

		$this->answers['/admin/campaigns?status=all&limit=100'] = array( 200, $this->page( array(), 0 ) );
		$this->assertStringContainsString( 'There is no campaign whose bugs you may review.', $this->render() );
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->bugs_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * A page of a list.
	 *
	 * @param array<int, array<string, mixed>> $results Items.
	 * @param int                              $total   Total.
	 * @param int                              $start   Start.
	 * @return array<string, mixed>
	 */
	private function page( array $results, int $total, int $start = 0 ): array {
		return array(
			'start'   => $start,
			'limit'   => 20,
			'size'    => count( $results ),
			'total'   => $total,
			'results' => $results,
		);
	}

	/**
	 * An AdminCampaignItem.
	 *
	 * @param int    $id    Id.
	 * @param string $title Title.
	 * @return array<string, mixed>
	 */
	private function campaign( int $id, string $title ): array {
		return array(
			'id'    => $id,
			'title' => $title,
			'bugs'  => array(
				'pending'    => 3,
				'approved'   => 2,
				'refused'    => 1,
				'needReview' => 4,
			),
		);
	}

	/**
	 * An AdminBugItem whose texts hold markup.
	 *
	 * @param int    $id     Id.
	 * @param string $status Status.
	 * @return array<string, mixed>
	 */
	private function item( int $id, string $status = 'pending' ): array {
		return array(
			'id'            => $id,
			'title'         => 'Checkout <script>alert(1)</script>',
			'status'        => $status,
			'severity'      => 'critical',
			'type'          => 'crash',
			'replicability' => 'always',
			'created'       => '2026-05-01T08:00:00Z',
			'updated'       => '2026-05-01T08:00:00Z',
			'reviewComment' => null,
			'tester'        => array(
				'id'      => 41,
				'name'    => 'Ada',
				'surname' => '<b>Lovelace</b>',
			),
			'mediaCount'    => 2,
		);
	}

	/**
	 * An AdminBug with media (an image, a text file, a dangerous URL) and an additional field.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>
	 */
	private function bug( int $id ): array {
		return array_merge(
			$this->item( $id ),
			array(
				'reviewComment' => 'Was <b>odd</b>',
				'campaign'      => array(
					'id'   => 7,
					'name' => 'Shop <app>',
				),
				'useCase'       => array(
					'id'   => 3,
					'name' => 'Checkout',
				),
				'device'        => array(
					'id'               => 2,
					'type'             => 0,
					'device'           => array(
						'id'           => 8,
						'manufacturer' => 'Samsung',
						'model'        => 'Galaxy S21',
					),
					'operating_system' => array(
						'id'       => 4,
						'platform' => 'Android',
						'version'  => '13',
					),
				),
				'steps'         => "1. Open <the> cart\n2. Pay",
				'expected'      => 'Paid',
				'current'       => 'Blank',
				'notes'         => null,
				'occurredAt'    => '2026-04-30T18:00:00Z',
				'additional'    => array(
					array(
						'slug'  => 'browser',
						'name'  => 'Browser',
						'value' => 'Firefox & co',
					),
				),
				'media'         => array(
					array(
						'id'       => 1,
						'name'     => 'shot "1".png',
						'mimeType' => 'image/png',
						'url'      => '/api/media/a1b2.png?expires=1&signature=x',
					),
					array(
						'id'       => 2,
						'name'     => 'log.txt',
						'mimeType' => 'text/plain',
						'url'      => '/api/media/c3d4.txt?expires=1&signature=y',
					),
					array(
						'id'       => 3,
						'name'     => 'evil',
						'mimeType' => 'image/png',
						'url'      => 'javascript:alert(1)',
					),
				),
			)
		);
	}
}
