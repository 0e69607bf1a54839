<?php
/**
 * Crowdscout → Testers in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Bugs_Page;
use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Screen;
use Crowdscout\Admin\Testers_Page;
use Crowdscout\Roles;
use WP_Error;

require_once __DIR__ . '/trait-fakes-api.php';

/**
 * The list read from `GET /admin/testers` (search, pages, escaping), one tester's record from
 * `GET /admin/testers/{id}` with its audit trail, and "Adjust experience points" (nonce, capability, input, then
 * `POST /admin/testers/{id}/experience` with the administrator's token) with its notices.
 */
final class Testers_Page_Test extends Test_Case {

	use Fakes_Api;

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
		$this->saved_get = $_GET; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		$this->start_fake_api();
		set_current_screen( Menu::screen_id( Testers_Page::SLUG ) );
	}

	/**
	 * Restores the HTTP client, the parameters and the screen.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$this->stop_fake_api();
		$_GET = $this->saved_get;
		$GLOBALS['current_screen'] = null;
		Screen::take_result( Testers_Page::SLUG );
		parent::tearDown();
	}

	/**
	 * An entry under the Crowdscout menu for administrators; none for a tester lead.
	 */
	public function test_menu(): void {
		global $menu, $submenu;
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited

		$this->plugin()->admin_menu()->add_menu();
		$this->plugin()->testers_page()->add_menu();

		$entries = array_values( array_filter( $submenu[ Menu::SLUG ], static fn( $item ): bool => Testers_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'Testers', $entries[0][0] );
		$this->assertSame( Roles::CAP_TESTERS, $entries[0][1] );
		$this->assertNotFalse( has_action( 'load-' . Menu::screen_id( Testers_Page::SLUG ), array( $this->plugin()->testers_page(), 'load' ) ) );

		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->plugin()->testers_page()->add_menu();
		$this->assertArrayNotHasKey( Menu::SLUG, $submenu );
		$this->assertSame( '', $this->render(), 'Nor does the screen print for them.' );
	}

	/**
	 * The list: asked with the administrator's token, a page at a time; every field escaped; each row opens its
	 * tester.
	 */
	public function test_list(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$_GET['paged'] = '2';
		$this->answers['/admin/testers?start=20&limit=20'] = array( 200, $this->page( array( $this->tester( 12 ), array( 'id' => 'x' ) ), 21, 20 ) );

		$html = $this->render();

		$this->assertSame( 'GET', $this->calls[0]['method'] );
		$this->assertSame( (string) $admin->ID, $this->claims_of_call( 0 )['sub'] );
		$this->assertStringContainsString( 'T12 Ada &lt;b&gt;Lovelace&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( '<b>Lovelace', $html );
		$this->assertStringContainsString( 'href="' . esc_url( Testers_Page::tester_url( 12 ) ) . '"', $html );
		$this->assertStringContainsString( 'ada@example.test', $html );
		$this->assertStringContainsString( 'Bronze', $html );
		$this->assertStringContainsString( '1,340', $html );
		$this->assertStringContainsString( '21 items', $html );
		$this->assertStringContainsString( 'name="s"', $html, 'The search box.' );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * A search is sent as typed (tags stripped) and shown in the title.
	 */
	public function test_search(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET['s'] = 'ada <script>x</script>lovelace';
		$this->answers['/admin/testers?search=ada+lovelace&start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );

		$html = $this->render();

		$this->assertCount( 1, $this->calls );
		$this->assertStringContainsString( 'Search results for: ada lovelace', $html );
		$this->assertStringContainsString( 'No tester found.', $html );
	}

	/**
	 * The list's API unreachable: a notice naming it, with the settings link.
	 */
	public function test_unreachable_api(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/testers?start=0&limit=20'] = new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );

		$html = $this->render();

		$this->assertStringContainsString( 'The Crowdscout API cannot be reached at ' . esc_html( $this->base ) . ' (cURL error 7: Failed to connect), so the testers cannot be shown.', $html );
		$this->assertStringContainsString( 'options-general.php?page=crowdscout', $html );
	}

	/**
	 * One tester: profile, fiscal profile, booty, the form, devices, experience, bugs linked to their review,
	 * payments with the receipt, and the audit trail; every field escaped.
	 */
	public function test_tester_record(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET['tester'] = '12';
		$this->answers['/admin/testers/12']                                       = array( 200, $this->record( 12 ) );
		$this->answers['/admin/audit?subjectType=tester&subjectId=12&limit=100'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 100,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'          => 3,
						'actor'       => get_current_user_id(),
						'actorRole'   => 'administrator',
						'action'      => 'tester.experience',
						'subjectType' => 'tester',
						'subjectId'   => 12,
						'before'      => array( 'totalExpPts' => 1290 ),
						'after'       => array(
							'totalExpPts' => 1340,
							'amount'      => 50,
							'activity'    => 'extra-award',
						),
						'note'        => 'Best <bug>',
						'date'        => '2026-05-02T10:00:00Z',
					),
				),
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'Tester T12: Ada &lt;b&gt;Lovelace&lt;/b&gt;', $html );
		$this->assertStringContainsString( 'ada@example.test', $html );
		$this->assertStringContainsString( '<td>#77</td>', $html, 'No link to a WordPress user that is not there.' );
		$this->assertStringContainsString( '€25.50 gross, €20.40 net', $html );
		$this->assertStringContainsString( 'Unverified: The tax code &lt;does not&gt; match', $html );
		$this->assertStringContainsString( 'Apple iPhone 15', $html );
		$this->assertStringContainsString( 'iOS 17.4', $html );
		$this->assertStringContainsString( 'The latest 1 of 35.', $html );
		$this->assertStringContainsString( 'Extra Award', $html );
		$this->assertStringContainsString( 'Welcome &lt;gift&gt;', $html );
		$this->assertStringContainsString( 'href="' . esc_url( Bugs_Page::bug_url( 7, 901 ) ) . '"', $html );
		$this->assertStringContainsString( 'Checkout &lt;crashes&gt;', $html );
		$this->assertStringContainsString( 'Critical', $html );
		$this->assertStringContainsString( 'Need review', $html );
		$this->assertStringContainsString( 'href="https://example.test/api/media/receipt-5.pdf?sig=x"', $html );
		$this->assertStringContainsString( '+50 experience points (Extra Award): 1,290 → 1,340', $html );
		$this->assertStringContainsString( 'Best &lt;bug&gt;', $html );
		$this->assertStringContainsString( 'name="action" value="adjust_experience"', $html );
		$this->assertStringContainsString( 'name="_wpnonce" value="' . wp_create_nonce( Testers_Page::NONCE . '12' ) . '"', $html );
		$this->assertStringContainsString( '<option value="points-fix"', $html );
		$this->assertStringContainsString( '<option value="extra-award"', $html );
		$this->assertStringContainsString( 'maxlength="500"', $html );
		$this->assertStringNotContainsString( '<b>', $html );
	}

	/**
	 * A tester the API does not know: its message, and no form.
	 */
	public function test_unknown_tester(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET['tester']                   = '99';
		$this->answers['/admin/testers/99'] = array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Tester not found',
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'The API did not give the tester (status 404): Tester not found', $html );
		$this->assertStringNotContainsString( 'adjust_experience', $html );
	}

	/**
	 * An adjustment: `POST /admin/testers/{id}/experience` with the typed fields, then the new total shown once.
	 */
	public function test_adjust_experience(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/testers/12/experience'] = array( 200, array( 'totalExpPts' => 1310 ) );

		$result = $this->plugin()->testers_page()->handle_action( $this->adjustment( 12, '-30', 'points-fix', "  Duplicate\nbug <b>paid</b> twice " ) );

		$this->assertSame(
			array(
				'tester' => 12,
				'amount' => -30,
				'total'  => 1310,
			),
			$result
		);
		$this->assertCount( 1, $this->calls );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/testers/12/experience', $this->calls[0]['url'] );
		$this->assertSame(
			array(
				'amount'   => -30,
				'activity' => 'points-fix',
				'reason'   => "Duplicate\nbug paid twice",
			),
			$this->calls[0]['body']
		);
		$this->assertSame( (string) $admin->ID, $this->claims_of_call( 0 )['sub'] );

		Screen::keep_result( Testers_Page::SLUG, $result );
		$_GET['tester']                   = '12';
		$this->answers['/admin/testers/12'] = array( 200, $this->record( 12 ) );
		$html                             = $this->render();
		$this->assertStringContainsString( 'Experience points adjusted by -30. The tester now has 1,310.', $html );
		$this->assertNull( Screen::take_result( Testers_Page::SLUG ), 'Shown once.' );
	}

	/**
	 * What is typed is checked before the API is asked, and a refused form comes back filled in.
	 */
	public function test_adjust_input_is_checked(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page  = $this->plugin()->testers_page();
		$cases = array(
			array( '0', 'points-fix', 'Fix', 'The amount must be a whole number of points from -10,000 to 10,000, other than 0.' ),
			array( '1.5', 'points-fix', 'Fix', 'The amount must be a whole number of points from -10,000 to 10,000, other than 0.' ),
			array( '10001', 'points-fix', 'Fix', 'The amount must be a whole number of points from -10,000 to 10,000, other than 0.' ),
			array( '', 'points-fix', 'Fix', 'The amount must be a whole number of points from -10,000 to 10,000, other than 0.' ),
			array( '5', 'bonus', 'Fix', 'Choose the activity: Points Fix or Extra Award.' ),
			array( '5', 'extra-award', " \n ", 'Give the reason: the tester reads it in their experience history.' ),
			array( '5', 'extra-award', str_repeat( 'é', 501 ), 'The reason must be at most 500 characters long.' ),
		);
		foreach ( $cases as list( $amount, $activity, $reason, $message ) ) {
			$result = $page->handle_action( $this->adjustment( 12, $amount, $activity, $reason ) );
			$this->assertSame( $message, $result['error'] ?? null, $amount . ' ' . $activity );
		}
		$this->assertSame( array(), $this->calls );

		$ok = $page->handle_action( $this->adjustment( 12, '+10000', 'extra-award', str_repeat( 'é', 500 ) ) );
		$this->assertSame( 'POST', $this->calls[0]['method'] ?? null );
		$this->assertSame( 10000, $this->calls[0]['body']['amount'] );
		$this->assertIsString( $ok['error'] ?? null, 'The fake API answers 404 to it.' );

		Screen::keep_result( Testers_Page::SLUG, $page->handle_action( $this->adjustment( 12, '0', 'extra-award', 'Kept <i>text</i>' ) ) );
		$_GET['tester']                   = '12';
		$this->answers['/admin/testers/12'] = array( 200, $this->record( 12 ) );
		$html                             = $this->render();
		$this->assertStringContainsString( 'notice-error', $html );
		$this->assertStringContainsString( '>Kept text</textarea>', $html );
		$this->assertMatchesRegularExpression( '/<option value="extra-award"\s+selected/', $html );
	}

	/**
	 * The API's refusal and an API that cannot be reached: each said with its message.
	 */
	public function test_adjust_refused_by_the_api(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page                                          = $this->plugin()->testers_page();
		$this->answers['/admin/testers/12/experience'] = array(
			409,
			array(
				'status'  => 409,
				'error'   => 'Conflict',
				'message' => 'The tester’s experience points cannot go below 0',
			),
		);
		$refused = $page->handle_action( $this->adjustment( 12, '-5000', 'points-fix', 'Too much' ) );
		$this->assertSame( 'The experience points were not changed: The tester’s experience points cannot go below 0', $refused['error'] );

		$this->answers['/admin/testers/12/experience'] = new WP_Error( 'http_request_failed', 'Connection refused' );
		$down = $page->handle_action( $this->adjustment( 12, '5', 'points-fix', 'Fix' ) );
		$this->assertSame( 'The Crowdscout API could not be reached, so the experience points were not changed (Connection refused).', $down['error'] );
	}

	/**
	 * A bad nonce, a nonce of another tester, or a user without the capability (a tester lead): refused before
	 * the API is called.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->testers_page();
		wp_set_current_user( $this->create_user( 'administrator' )->ID );

		$bad             = $this->adjustment( 12, '5', 'points-fix', 'Fix' );
		$bad['_wpnonce'] = 'nope';
		$this->assertSame( 'invalid_nonce', $page->handle_action( $bad )->get_error_code() );

		$other           = $this->adjustment( 12, '5', 'points-fix', 'Fix' );
		$other['tester'] = '13';
		$this->assertSame( 'invalid_nonce', $page->handle_action( $other )->get_error_code() );

		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->assertSame( 'forbidden', $page->handle_action( $this->adjustment( 12, '5', 'points-fix', 'Fix' ) )->get_error_code() );

		$this->assertNull( $page->handle_action( array( 'action' => '-1' ) ) );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->testers_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * The adjustment form's fields, with the current user's nonce for that tester.
	 *
	 * @param int    $tester   Tester id.
	 * @param string $amount   Points as typed.
	 * @param string $activity points-fix or extra-award.
	 * @param string $reason   Reason as typed.
	 * @return array<string, string>
	 */
	private function adjustment( int $tester, string $amount, string $activity, string $reason ): array {
		return array(
			'action'   => Testers_Page::ACTION,
			'tester'   => (string) $tester,
			'amount'   => $amount,
			'activity' => $activity,
			'reason'   => $reason,
			'_wpnonce' => wp_create_nonce( Testers_Page::NONCE . $tester ),
		);
	}

	/**
	 * An AdminTesterPage.
	 *
	 * @param array<int, mixed> $results Testers.
	 * @param int               $total   Total.
	 * @param int               $start   Start.
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
	 * An AdminTester whose surname holds markup.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>
	 */
	private function tester( int $id ): array {
		return array(
			'id'          => $id,
			'wpUserId'    => 77,
			'name'        => 'Ada',
			'surname'     => '<b>Lovelace</b>',
			'email'       => 'ada@example.test',
			'country'     => 'GB',
			'totalExpPts' => 1340,
			'level'       => array(
				'id'   => 20,
				'name' => 'Bronze',
			),
			'createdAt'   => '2026-01-05T09:30:00Z',
			'isVerified'  => true,
		);
	}

	/**
	 * An AdminTesterRecord.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>
	 */
	private function record( int $id ): array {
		$money = static fn( float $value ): array => array(
			'value'    => $value,
			'currency' => 'EUR',
		);
		return array(
			'tester'       => $this->tester( $id ),
			'fiscal'       => array(
				'type'       => 'withholding',
				'status'     => 'unverified',
				'reviewNote' => 'The tax code <does not> match',
				'reviewedAt' => '2026-04-30T08:00:00Z',
			),
			'pendingBooty' => array(
				'gross' => $money( 25.5 ),
				'net'   => $money( 20.4 ),
			),
			'earnedBooty'  => array( 'gross' => $money( 90 ) ),
			'devices'      => array(
				array(
					'id'               => 4,
					'type'             => 0,
					'device'           => array(
						'id'           => 8,
						'manufacturer' => 'Apple',
						'model'        => 'iPhone 15',
					),
					'operating_system' => array(
						'id'          => 3,
						'platform'    => 'iOS',
						'platform_id' => 2,
						'version'     => '17.4',
					),
					'added_on'         => '2026-01-06T10:00:00Z',
				),
			),
			'experience'   => array(
				'start'   => 0,
				'limit'   => 20,
				'size'    => 1,
				'total'   => 35,
				'results' => array(
					array(
						'id'       => 5,
						'amount'   => 50,
						'date'     => '2026-05-02T10:00:00Z',
						'activity' => array( 'id' => 4 ),
						'campaign' => null,
						'note'     => 'Welcome <gift>',
					),
				),
			),
			'bugs'         => array(
				'start'   => 0,
				'limit'   => 20,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'       => 901,
						'title'    => 'Checkout <crashes>',
						'severity' => array(
							'id'   => 4,
							'name' => 'CRITICAL',
						),
						'status'   => array(
							'id'   => 4,
							'name' => 'Need Review',
						),
						'campaign' => array(
							'id'   => 7,
							'name' => 'Shop app',
						),
					),
				),
			),
			'payments'     => array(
				'start'   => 0,
				'limit'   => 20,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'            => 5,
						'tester'        => array(
							'id'      => $id,
							'name'    => 'Ada',
							'surname' => 'Lovelace',
						),
						'status'        => 'paid',
						'amount'        => array(
							'gross' => $money( 15 ),
							'net'   => $money( 12 ),
						),
						'requestedDate' => '2026-04-01',
						'paidDate'      => '2026-04-03',
						'method'        => array(
							'type'        => 'paypal',
							'destination' => 'ada@example.test',
						),
						'receipt'       => 'https://example.test/api/media/receipt-5.pdf?sig="x"',
					),
				),
			),
		);
	}
}
