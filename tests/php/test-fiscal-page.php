<?php
/**
 * Crowdscout → Fiscal profiles in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Fiscal_Page;
use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Screen;
use Crowdscout\Roles;
use WP_Error;

/**
 * The menu entry, for administrators only; the list read from `GET /admin/fiscal_profiles` with its views, search
 * and escaping; one profile with its verdict forms and audit trail; Verify and Refuse (nonce, capability, then input
 * — a refusal without a reason never reaches the API), each sent as `POST /admin/fiscal_profiles/{id}/review` with
 * the administrator's token; the notices.
 */
final class Fiscal_Page_Test extends Test_Case {

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
	 * Loads the admin API, fakes the Crowdscout API.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$this->base      = $this->plugin()->settings()->api_url();
		$this->saved_get = $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
		set_current_screen( Menu::screen_id( Fiscal_Page::SLUG ) );
	}

	/**
	 * Restores the HTTP client, the parameters and the screen.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
		$_GET                      = $this->saved_get;
		$GLOBALS['current_screen'] = null;
		Screen::take_result( Fiscal_Page::SLUG );
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
	 * Fiscal profiles under the Crowdscout menu for administrators, with its load hook; nothing for a tester lead.
	 */
	public function test_menu_and_capability(): void {
		global $menu, $submenu;
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$page    = $this->plugin()->fiscal_page();

		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->plugin()->admin_menu()->add_menu();
		$page->add_menu();
		$entries = array_filter( $submenu[ Menu::SLUG ] ?? array(), static fn( $item ): bool => Fiscal_Page::SLUG === $item[2] );
		$this->assertSame( array(), $entries, 'A tester lead gets no entry.' );
		ob_start();
		$page->render();
		$this->assertSame( '', ob_get_clean(), 'Nor the screen.' );
		$this->assertSame( array(), $this->calls );

		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page->add_menu();
		$entries = array_values( array_filter( $submenu[ Menu::SLUG ] ?? array(), static fn( $item ): bool => Fiscal_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'Fiscal profiles', $entries[0][0] );
		$this->assertSame( Roles::CAP_FISCAL, $entries[0][1] );
		$this->assertNotFalse( has_action( 'load-' . Menu::screen_id( Fiscal_Page::SLUG ), array( $page, 'load' ) ) );
	}

	/**
	 * The unverified view: asked with the administrator's token, every field escaped, both views' counts, the row
	 * actions.
	 */
	public function test_unverified_view(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/fiscal_profiles?status=unverified&start=0&limit=20'] = array( 200, $this->page( array( $this->profile( 41 ) ), 3 ) );
		$this->answers['/admin/fiscal_profiles?status=verified&limit=1']           = array( 200, $this->page( array(), 8 ) );

		$html = $this->render();

		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
		$this->assertSame( 'administrator', $claims['role'] );

		$this->assertStringContainsString( 'T41 Vera &lt;i&gt;Rossi&lt;/i&gt;', $html );
		$this->assertStringNotContainsString( '<i>Rossi', $html );
		$this->assertStringContainsString( 'vera@example.test · 1990-04-02', $html );
		$this->assertStringContainsString( 'Withholding tax, under €5,000 gross a year', $html );
		$this->assertStringContainsString( '<code>RSSVRA90D42F205X</code>', $html );
		$this->assertStringContainsString( 'Milano, MI', $html );
		$this->assertStringContainsString( 'Via Roma 1, 20121 Milano, MI, IT', $html );
		$this->assertStringContainsString( 'Tax id &lt;does not&gt; match', $html );
		$this->assertMatchesRegularExpression( '/Unverified <span class="count">\(3\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Verified <span class="count">\(8\)<\/span>/', $html );
		$this->assertStringContainsString( esc_url( Fiscal_Page::verify_url( 41, array( 'status' => 'unverified', 'paged' => '1' ) ) ), $html, 'Verify, with its nonce.' );
		$this->assertStringContainsString( esc_url( Fiscal_Page::profile_url( 41 ) . '#crowdscout-refuse' ), $html, 'Refuse opens the profile.' );
		$this->assertStringContainsString( 'id="crowdscout-fiscal-search-search-input"', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * The verified view with a search and a page: asked as such; no Verify link on a verified profile.
	 */
	public function test_verified_view_with_search(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET['status'] = 'verified';
		$_GET['s']      = 'rossi';
		$_GET['paged']  = '2';
		$verified       = array_merge( $this->profile( 42 ), array( 'status' => 'verified' ) );
		$this->answers['/admin/fiscal_profiles?status=verified&search=rossi&start=20&limit=20'] = array( 200, $this->page( array( $verified ), 21, 20 ) );

		$html = $this->render();

		$this->assertSame(
			array(
				$this->base . '/admin/fiscal_profiles?status=verified&search=rossi&start=20&limit=20',
				$this->base . '/admin/fiscal_profiles?status=unverified&limit=1',
				$this->base . '/admin/fiscal_profiles?status=verified&limit=1',
			),
			array_column( $this->calls, 'url' )
		);
		$this->assertStringContainsString( '21 items', $html );
		$this->assertStringNotContainsString( 'action=verify', $html );
	}

	/**
	 * An API that cannot be reached: a notice naming its address, an empty list, no count asked.
	 */
	public function test_unreachable_api(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/fiscal_profiles?status=unverified&start=0&limit=20'] = new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );

		$html = $this->render();

		$this->assertStringContainsString( 'The Crowdscout API cannot be reached at ' . esc_html( $this->base ) . ' (cURL error 7: Failed to connect)', $html );
		$this->assertStringContainsString( 'No fiscal profile is waiting for a check.', $html );
		$this->assertCount( 1, $this->calls );
	}

	/**
	 * One profile: its fields, the Verify and Refuse forms with their nonces, and its audit trail.
	 */
	public function test_profile_with_forms_and_history(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$_GET['tester'] = '41';
		$this->answers['/admin/fiscal_profiles?testerId=41&limit=1'] = array( 200, $this->page( array( $this->profile( 41 ) ), 1 ) );
		$this->answers['/admin/audit?subjectType=fiscal_profile&subjectId=7&limit=100'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 100,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'          => 3,
						'actor'       => $admin->ID,
						'actorRole'   => 'administrator',
						'action'      => 'fiscal_profile.review',
						'subjectType' => 'fiscal_profile',
						'subjectId'   => 7,
						'before'      => array(
							'status'     => 'verified',
							'reviewNote' => null,
						),
						'after'       => array(
							'status'     => 'unverified',
							'reviewNote' => 'Wrong <birth> date',
						),
						'note'        => 'Wrong <birth> date',
						'date'        => '2026-05-03T10:00:00Z',
					),
				),
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'Fiscal profile of Vera &lt;i&gt;Rossi&lt;/i&gt;', $html );
		$this->assertStringContainsString( 'RSSVRA90D42F205X', $html );
		$this->assertStringContainsString( 'name="action" value="verify"', $html );
		$this->assertStringContainsString( 'name="action" value="refuse"', $html );
		$this->assertStringContainsString( 'value="' . wp_create_nonce( Fiscal_Page::NONCE . 'verify-41' ) . '"', $html );
		$this->assertStringContainsString( 'value="' . wp_create_nonce( Fiscal_Page::NONCE . 'refuse-41' ) . '"', $html );
		$this->assertMatchesRegularExpression( '/<textarea name="reason"[^>]* required/', $html );
		$this->assertStringContainsString( 'Verified → Unverified', $html );
		$this->assertStringContainsString( 'Wrong &lt;birth&gt; date', $html );
		$this->assertStringNotContainsString( '<birth>', $html );

		$this->answers['/admin/fiscal_profiles?testerId=41&limit=1'] = array( 200, $this->page( array(), 0 ) );
		$this->assertStringContainsString( 'This tester has no fiscal profile.', $this->render() );
	}

	/**
	 * Verify from a row: its nonce, then the POST with the administrator's token; the notice names the tester.
	 */
	public function test_verify(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/fiscal_profiles/41/review'] = array( 200, array_merge( $this->profile( 41 ), array( 'status' => 'verified' ) ) );

		$result = $this->plugin()->fiscal_page()->handle_action(
			array(
				'action'   => 'verify',
				'tester'   => '41',
				'_wpnonce' => wp_create_nonce( Fiscal_Page::NONCE . 'verify-41' ),
			)
		);

		$this->assertNull( $result['error'] );
		$this->assertCount( 1, $this->calls );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/fiscal_profiles/41/review', $this->calls[0]['url'] );
		$this->assertSame( array( 'status' => 'verified' ), $this->calls[0]['body'] );
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );

		Screen::keep_result( Fiscal_Page::SLUG, $result );
		$this->answers['/admin/fiscal_profiles?status=unverified&start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( 'The fiscal profile of T41 Vera &lt;i&gt;Rossi&lt;/i&gt; is verified.', $html );
		$this->assertStringContainsString( 'No fiscal profile is waiting for a check.', $html );
	}

	/**
	 * Refuse: a reason is required before the API is asked; with one, it is sent; the API's refusal is shown.
	 */
	public function test_refuse(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page  = $this->plugin()->fiscal_page();
		$nonce = wp_create_nonce( Fiscal_Page::NONCE . 'refuse-41' );

		$empty = $page->handle_action(
			array(
				'action'   => 'refuse',
				'tester'   => '41',
				'reason'   => "  \n ",
				'_wpnonce' => $nonce,
			)
		);
		$this->assertSame( 'Write the reason of the refusal: it is required.', $empty['invalid'] );
		$this->assertSame( array(), $this->calls );

		$this->answers['/admin/fiscal_profiles/41/review'] = array( 200, array_merge( $this->profile( 41 ), array( 'reviewNote' => 'Wrong birth date' ) ) );
		$refused = $page->handle_action(
			array(
				'action'   => 'refuse',
				'tester'   => '41',
				'reason'   => " Wrong birth date\n<b>See</b> the ID card ",
				'_wpnonce' => $nonce,
			)
		);
		$this->assertNull( $refused['error'] );
		$this->assertSame(
			array(
				'status' => 'unverified',
				'reason' => "Wrong birth date\nSee the ID card",
			),
			$this->calls[0]['body'],
			'Sanitised, line breaks kept.'
		);

		Screen::keep_result( Fiscal_Page::SLUG, $refused );
		$_GET['tester'] = '41';
		$this->answers['/admin/fiscal_profiles?testerId=41&limit=1'] = array( 200, $this->page( array( $this->profile( 41 ) ), 1 ) );
		$this->assertStringContainsString( 'The fiscal profile of T41 Vera &lt;i&gt;Rossi&lt;/i&gt; was refused; the tester sees it as invalid.', $this->render() );

		$this->answers['/admin/fiscal_profiles/41/review'] = array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Fiscal profile not found',
			),
		);
		Screen::keep_result(
			Fiscal_Page::SLUG,
			$page->handle_action(
				array(
					'action'   => 'refuse',
					'tester'   => '41',
					'reason'   => 'No match',
					'_wpnonce' => $nonce,
				)
			)
		);
		$this->assertStringContainsString( 'The fiscal profile of tester T41 was not changed: Fiscal profile not found', $this->render() );

		$this->answers['/admin/fiscal_profiles/41/review'] = new WP_Error( 'http_request_failed', 'Connection refused' );
		Screen::keep_result(
			Fiscal_Page::SLUG,
			$page->handle_action(
				array(
					'action'   => 'verify',
					'tester'   => '41',
					'_wpnonce' => wp_create_nonce( Fiscal_Page::NONCE . 'verify-41' ),
				)
			)
		);
		$this->assertStringContainsString( 'The Crowdscout API could not be reached, so the fiscal profile was not changed (Connection refused).', $this->render() );
	}

	/**
	 * The refusal form shows the typed reason again after an invalid submit (too long).
	 */
	public function test_invalid_refusal_keeps_the_reason(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$long   = str_repeat( 'a', Fiscal_Page::REASON_MAX + 1 );
		$result = $this->plugin()->fiscal_page()->handle_action(
			array(
				'action'   => 'refuse',
				'tester'   => '41',
				'reason'   => $long,
				'_wpnonce' => wp_create_nonce( Fiscal_Page::NONCE . 'refuse-41' ),
			)
		);
		$this->assertSame( 'The reason is too long: at most 2000 characters.', $result['invalid'] );
		$this->assertSame( array(), $this->calls );

		Screen::keep_result( Fiscal_Page::SLUG, $result );
		$_GET['tester'] = '41';
		$this->answers['/admin/fiscal_profiles?testerId=41&limit=1'] = array( 200, $this->page( array( $this->profile( 41 ) ), 1 ) );
		$html = $this->render();
		$this->assertStringContainsString( 'The reason is too long', $html );
		$this->assertStringContainsString( '>' . $long . '</textarea>', $html );
	}

	/**
	 * A bad nonce, a nonce of another tester or verdict, a tester lead: refused before the API is called.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->fiscal_page();
		wp_set_current_user( $this->create_user( 'administrator' )->ID );

		$bad = $page->handle_action(
			array(
				'action'   => 'verify',
				'tester'   => '41',
				'_wpnonce' => 'nope',
			)
		);
		$this->assertInstanceOf( WP_Error::class, $bad );
		$this->assertSame( 'invalid_nonce', $bad->get_error_code() );

		foreach ( array( array( 'verify', '42' ), array( 'refuse', '41' ) ) as list( $action, $tester ) ) {
			$other = $page->handle_action(
				array(
					'action'   => $action,
					'tester'   => $tester,
					'reason'   => 'x',
					'_wpnonce' => wp_create_nonce( Fiscal_Page::NONCE . 'verify-41' ),
				)
			);
			$this->assertSame( 'invalid_nonce', $other->get_error_code() );
		}

		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$forbidden = $page->handle_action(
			array(
				'action'   => 'verify',
				'tester'   => '41',
				'_wpnonce' => wp_create_nonce( Fiscal_Page::NONCE . 'verify-41' ),
			)
		);
		$this->assertSame( 'forbidden', $forbidden->get_error_code() );

		$this->assertNull( $page->handle_action( array( 'action' => 'select' ) ) );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->fiscal_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * An AdminFiscalProfilePage.
	 *
	 * @param array<int, array<string, mixed>> $results Profiles.
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
	 * An unverified AdminFiscalProfile (id 7) whose tester's surname and refusal reason hold markup.
	 *
	 * @param int $tester Tester id.
	 * @return array<string, mixed>
	 */
	private function profile( int $tester ): array {
		return array(
			'id'         => 7,
			'tester'     => array(
				'id'        => $tester,
				'name'      => 'Vera',
				'surname'   => '<i>Rossi</i>',
				'email'     => 'vera@example.test',
				'birthDate' => '1990-04-02',
			),
			'type'       => 'withholding',
			'fiscalId'   => 'RSSVRA90D42F205X',
			'status'     => 'unverified',
			'reviewNote' => 'Tax id <does not> match',
			'reviewedAt' => '2026-05-02T08:00:00Z',
			'updatedAt'  => '2026-05-01T08:00:00Z',
			'gender'     => 'female',
			'birthPlace' => array(
				'city'     => 'Milano',
				'province' => 'MI',
			),
			'address'    => array(
				'country'      => 'IT',
				'province'     => 'MI',
				'city'         => 'Milano',
				'street'       => 'Via Roma',
				'streetNumber' => '1',
				'cityCode'     => '20121',
			),
		);
	}
}
