<?php
/**
 * Crowdscout → Payouts in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Payouts_Page;
use Crowdscout\Admin\Screen;
use Crowdscout\Roles;
use WP_Error;

require_once __DIR__ . '/trait-fakes-api.php';

/**
 * The list read from `GET /admin/payments`, its views, columns and escaping; "Mark paid" from a row or in bulk
 * (nonce, capability, then `POST /admin/payments/{id}/paid` with the administrator's token); the notices; the CSV
 * export of a period's paid requests (nonce, capability, period, every page of `GET /admin/payments/export`,
 * formulas neutralised).
 */
final class Payouts_Page_Test extends Test_Case {

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
		set_current_screen( Menu::screen_id( Payouts_Page::SLUG ) );
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
		Screen::take_result( Payouts_Page::SLUG );
		parent::tearDown();
	}

	/**
	 * An entry under the Crowdscout menu, for whoever pays the testers; its actions run before the screen prints.
	 */
	public function test_menu(): void {
		global $menu, $submenu;
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited

		$this->plugin()->admin_menu()->add_menu();
		$this->plugin()->payouts_page()->add_menu();

		$this->assertSame( array(), array_filter( $menu, static fn( $item ): bool => Payouts_Page::SLUG === $item[2] ), 'No menu of its own.' );
		$entries = array_values( array_filter( $submenu[ Menu::SLUG ], static fn( $item ): bool => Payouts_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'Payouts', $entries[0][0] );
		$this->assertSame( Roles::CAP_PAYOUTS, $entries[0][1] );
		$this->assertNotFalse( has_action( 'load-' . Menu::screen_id( Payouts_Page::SLUG ), array( $this->plugin()->payouts_page(), 'load' ) ) );

		// A tester lead reaches the menu, not the payouts.
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->plugin()->payouts_page()->add_menu();
		$this->assertArrayNotHasKey( Menu::SLUG, $submenu );
	}

	/**
	 * The processing view: asked with the administrator's token, oldest first; every field escaped; the row and
	 * bulk "Mark paid" actions; both views' counts.
	 */
	public function test_processing_view(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/payments?status=processing&start=0&limit=20&order=ASC'] = array( 200, $this->page( array( $this->payment( 5 ) ), 1 ) );
		$this->answers['/admin/payments?status=paid&start=0&limit=1&order=ASC']        = array( 200, $this->page( array(), 4 ) );

		$html = $this->render();

		$this->assertSame( 'GET', $this->calls[0]['method'] );
		$claims = $this->claims_of_call( 0 );
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
		$this->assertSame( 'administrator', $claims['role'] );

		$this->assertStringContainsString( '#5', $html );
		$this->assertStringContainsString( 'T41 Ada &lt;b&gt;Lovelace&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( '<b>Lovelace', $html );
		$this->assertStringContainsString( 'ada@example.test', $html );
		$this->assertStringContainsString( 'PayPal', $html );
		$this->assertStringContainsString( '€1,234.50', $html );
		$this->assertStringContainsString( '€987.60', $html );
		$this->assertStringContainsString( 'name="payment[]" value="5"', $html );
		$this->assertStringContainsString( 'value="mark_paid"', $html, 'The bulk action.' );
		$this->assertStringContainsString( esc_url( Payouts_Page::mark_paid_url( 5 ) ), $html, 'The row action, with its nonce.' );
		$this->assertMatchesRegularExpression( '/Processing <span class="count">\(1\)<\/span>/', $html );
		$this->assertMatchesRegularExpression( '/Paid <span class="count">\(4\)<\/span>/', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * The paid view: the page asked for (start = 20 × (page − 1)), newest first; the receipt link; no action.
	 */
	public function test_paid_view_with_pagination_and_receipt(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET['status'] = 'paid';
		$_GET['paged']  = '2';
		$paid           = array_merge(
			$this->payment( 9 ),
			array(
				'status'   => 'paid',
				'paidDate' => '2026-05-03',
				'receipt'  => 'https://example.test/api/media/receipt-9.pdf?sig="x"',
				'method'   => array(
					'type'        => 'iban',
					'destination' => 'Ada Lovelace IT60X0542811101000000123456',
				),
			)
		);
		$this->answers['/admin/payments?status=paid&start=20&limit=20&order=DESC']    = array( 200, $this->page( array( $paid ), 21, 20 ) );
		$this->answers['/admin/payments?status=processing&start=0&limit=1&order=ASC'] = array( 200, $this->page( array(), 0 ) );

		$html = $this->render();

		$this->assertStringContainsString( 'Bank transfer', $html );
		$this->assertStringContainsString( 'IT60X0542811101000000123456', $html );
		$this->assertStringContainsString( 'href="https://example.test/api/media/receipt-9.pdf?sig=x"', $html );
		$this->assertStringContainsString( 'Receipt', $html );
		$this->assertStringNotContainsString( 'name="payment[]"', $html );
		$this->assertStringNotContainsString( 'action=mark_paid', $html );
		$this->assertStringContainsString( '21 items', $html );
		$this->assertStringContainsString( 'href="' . esc_url( Payouts_Page::history_url( 9 ) ) . '"', $html, 'The row\'s history.' );
	}

	/**
	 * A request's history: its audit trail, who marked it paid and when.
	 */
	public function test_history_of_a_request(): void {
		$admin = $this->create_user( 'administrator', array( 'display_name' => 'Ann Admin' ) );
		wp_set_current_user( $admin->ID );
		$_GET['payment'] = '9';
		$this->answers['/admin/audit?subjectType=payment&subjectId=9&limit=100'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 100,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'          => 4,
						'actor'       => $admin->ID,
						'actorRole'   => 'administrator',
						'action'      => 'payment.paid',
						'subjectType' => 'payment',
						'subjectId'   => 9,
						'before'      => array(
							'status'   => 'processing',
							'paidDate' => null,
						),
						'after'       => array(
							'status'   => 'paid',
							'paidDate' => '2026-05-03',
							'receipt'  => 'receipt-9.pdf',
						),
						'note'        => null,
						'date'        => '2026-05-03T09:00:00Z',
					),
				),
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'Payment request #9', $html );
		$this->assertStringContainsString( '<td>Ann Admin</td>', $html );
		$this->assertStringContainsString( 'Marked paid (paid date 2026-05-03); the receipt was produced.', $html );
		$this->assertCount( 1, $this->calls, 'Only the trail is read.' );
	}

	/**
	 * An API that cannot be reached: a clear notice naming its address, and an empty list.
	 */
	public function test_unreachable_api(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/payments?status=processing&start=0&limit=20&order=ASC'] = new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );

		$html = $this->render();

		$this->assertStringContainsString( 'notice-error', $html );
		$this->assertStringContainsString( 'The Crowdscout API cannot be reached at ' . esc_html( $this->base ) . ' (cURL error 7: Failed to connect)', $html );
		$this->assertStringContainsString( 'options-general.php?page=crowdscout', $html );
		$this->assertStringContainsString( 'No payment request is waiting to be paid.', $html );
		$this->assertCount( 1, $this->calls, 'The count of the other view is not asked of an API that is down.' );
	}

	/**
	 * An API refusal is shown with its status and message.
	 */
	public function test_api_refusal_is_shown(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/payments?status=processing&start=0&limit=20&order=ASC'] = array(
			403,
			array(
				'status'  => 403,
				'error'   => 'Forbidden',
				'message' => 'Administrators only <here>',
			),
		);
		$html = $this->render();
		$this->assertStringContainsString( 'The API did not give the payment requests (status 403): Administrators only &lt;here&gt;', $html );
	}

	/**
	 * A row's link: its nonce, then `POST /admin/payments/{id}/paid` with the administrator's token and a JSON type.
	 */
	public function test_mark_paid_from_a_row(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/payments/5/paid'] = array( 200, array_merge( $this->payment( 5 ), array( 'status' => 'paid' ) ) );

		$result = $this->plugin()->payouts_page()->handle_action(
			array(
				'page'     => Payouts_Page::SLUG,
				'action'   => 'mark_paid',
				'payment'  => '5',
				'_wpnonce' => wp_create_nonce( Payouts_Page::ROW_NONCE . '5' ),
			)
		);

		$this->assertSame(
			array(
				'paid'        => array( 5 ),
				'errors'      => array(),
				'unreachable' => null,
				'skipped'     => 0,
			),
			$result
		);
		$this->assertCount( 1, $this->calls );
		$this->assertSame( 'POST', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/payments/5/paid', $this->calls[0]['url'] );
		$this->assertSame( 'application/json', $this->calls[0]['headers']['Content-Type'] );
		$this->assertSame( (string) $admin->ID, $this->claims_of_call( 0 )['sub'] );
	}

	/**
	 * Bulk: each request in turn; the API's refusals kept with their messages; the notices then say it all once.
	 */
	public function test_bulk_mark_paid_and_its_notices(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/payments/5/paid'] = array( 200, array() );
		$this->answers['/admin/payments/6/paid'] = array(
			409,
			array(
				'status'  => 409,
				'error'   => 'Conflict',
				'message' => 'This payment request is already paid',
			),
		);
		$this->answers['/admin/payments/7/paid'] = array( 200, array() );

		$result = $this->plugin()->payouts_page()->handle_action(
			array(
				'action'   => '-1',
				'action2'  => 'mark_paid',
				'payment'  => array( '5', '6', '7', '7', 'x' ),
				'_wpnonce' => wp_create_nonce( Payouts_Page::BULK_NONCE ),
			)
		);

		$this->assertIsArray( $result );
		$this->assertSame( array( 5, 7 ), $result['paid'] );
		$this->assertSame(
			array(
				array(
					'id'      => 6,
					'message' => 'This payment request is already paid',
				),
			),
			$result['errors']
		);
		$this->assertCount( 3, $this->calls );

		Screen::keep_result( Payouts_Page::SLUG, $result );
		$html = $this->render();
		$this->assertStringContainsString( '2 payment requests marked paid: #5, #7.', $html );
		$this->assertStringContainsString( 'Request #6 was not marked paid: This payment request is already paid', $html );
		$this->assertNull( Screen::take_result( Payouts_Page::SLUG ), 'Shown once.' );
	}

	/**
	 * The API going away in the middle of a bulk action: the rest is not tried, and the notice says how many.
	 */
	public function test_bulk_mark_paid_with_the_api_down(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/payments/5/paid'] = array( 200, array() );
		$this->answers['/admin/payments/6/paid'] = new WP_Error( 'http_request_failed', 'Connection refused' );

		$result = $this->plugin()->payouts_page()->handle_action(
			array(
				'action'   => 'mark_paid',
				'payment'  => array( 5, 6, 7 ),
				'_wpnonce' => wp_create_nonce( Payouts_Page::BULK_NONCE ),
			)
		);

		$this->assertSame( array( 5 ), $result['paid'] );
		$this->assertSame( 'Connection refused', $result['unreachable'] );
		$this->assertSame( 2, $result['skipped'] );
		$this->assertCount( 2, $this->calls );

		Screen::keep_result( Payouts_Page::SLUG, $result );
		$html = $this->render();
		$this->assertStringContainsString( '1 payment request marked paid: #5.', $html );
		$this->assertStringContainsString( 'The Crowdscout API could not be reached, so 2 payment requests were not marked paid (Connection refused).', $html );
	}

	/**
	 * A bad nonce, a nonce of another row, or a user without the capability: refused before the API is called.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->payouts_page();
		wp_set_current_user( $this->create_user( 'administrator' )->ID );

		$bad = $page->handle_action(
			array(
				'action'   => 'mark_paid',
				'payment'  => '5',
				'_wpnonce' => 'nope',
			)
		);
		$this->assertInstanceOf( WP_Error::class, $bad );
		$this->assertSame( 'invalid_nonce', $bad->get_error_code() );

		$other_row = $page->handle_action(
			array(
				'action'   => 'mark_paid',
				'payment'  => '6',
				'_wpnonce' => wp_create_nonce( Payouts_Page::ROW_NONCE . '5' ),
			)
		);
		$this->assertSame( 'invalid_nonce', $other_row->get_error_code() );

		$tester = $this->create_user( 'tester' );
		wp_set_current_user( $tester->ID );
		$forbidden = $page->handle_action(
			array(
				'action'   => 'mark_paid',
				'payment'  => array( '5' ),
				'_wpnonce' => wp_create_nonce( Payouts_Page::BULK_NONCE ),
			)
		);
		$this->assertSame( 'forbidden', $forbidden->get_error_code() );

		// A tester lead runs campaigns, not payouts.
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$lead = $page->handle_action(
			array(
				'action'   => 'mark_paid',
				'payment'  => '5',
				'_wpnonce' => wp_create_nonce( Payouts_Page::ROW_NONCE . '5' ),
			)
		);
		$this->assertSame( 'forbidden', $lead->get_error_code() );
		$this->assertSame( '', $this->render(), 'Nor does the screen print for them.' );

		$this->assertNull( $page->handle_action( array( 'action' => '-1' ) ) );
		$this->assertSame( array(), $this->calls );

		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$nothing = $page->handle_action(
			array(
				'action'   => 'mark_paid',
				'_wpnonce' => wp_create_nonce( Payouts_Page::BULK_NONCE ),
			)
		);
		$this->assertSame( array(), $nothing['paid'] );
		Screen::keep_result( Payouts_Page::SLUG, $nothing );
		$this->assertStringContainsString( 'No payment request was selected.', $this->render() );
		$this->assertSame( array( 'GET', 'GET' ), array_column( $this->calls, 'method' ), 'Only the list was read.' );
	}

	/**
	 * The Paid view offers the export (last month by default, with its own nonce, to admin-post.php); the queue
	 * does not.
	 */
	public function test_export_form_on_the_paid_view(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/payments?status=processing&start=0&limit=20&order=ASC'] = array( 200, $this->page( array(), 0 ) );
		$this->assertStringNotContainsString( Payouts_Page::EXPORT_ACTION, $this->render() );

		$_GET['status'] = 'paid';
		$this->answers['/admin/payments?status=paid&start=0&limit=20&order=DESC'] = array( 200, $this->page( array(), 0 ) );
		$html       = $this->render();
		$last_month = new \DateTimeImmutable( 'first day of last month', new \DateTimeZone( 'UTC' ) );
		$this->assertStringContainsString( 'action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"', $html );
		$this->assertStringContainsString( 'name="action" value="' . Payouts_Page::EXPORT_ACTION . '"', $html );
		$this->assertStringContainsString( 'name="_wpnonce" value="' . wp_create_nonce( Payouts_Page::EXPORT_NONCE ) . '"', $html );
		$this->assertStringContainsString( 'name="from" value="' . $last_month->format( 'Y-m-01' ) . '"', $html );
		$this->assertStringContainsString( 'name="to" value="' . $last_month->format( 'Y-m-t' ) . '"', $html );
		$this->assertStringContainsString( 'Export CSV', $html );
	}

	/**
	 * The CSV: a byte-order mark, the header row, one row per paid request with the destination in full, amounts
	 * with two decimals, and every cell a spreadsheet would run as a formula quoted.
	 */
	public function test_export_writes_the_csv(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/payments/export?from=2026-04-01&to=2026-04-30&start=0&limit=500'] = array(
			200,
			$this->export_page(
				array(
					$this->export_row( 31 ),
					array_merge(
						$this->export_row( 32 ),
						array(
							'name'        => '=HYPERLINK("http://evil.test","Click")',
							'surname'     => '+SUM(A1)',
							'email'       => '@evil.test',
							'method'      => 'iban',
							'destination' => "-Ada, IT60X0542811101000000123456\tx",
							'net'         => null,
							'withholding' => null,
						)
					),
				),
				2
			),
		);

		$file    = fopen( 'php://memory', 'w+b' );
		$written = $this->plugin()->payouts_page()->write_export( $this->export_request( '2026-04-01', '2026-04-30' ), $file );
		rewind( $file );
		$csv = (string) stream_get_contents( $file );

		$this->assertSame( 2, $written );
		$this->assertSame( "\xEF\xBB\xBF", substr( $csv, 0, 3 ) );
		$rows = array_map( static fn( string $line ): array => str_getcsv( $line, ',', '"', '' ), explode( "\r\n", rtrim( substr( $csv, 3 ), "\r\n" ) ) );
		$this->assertSame(
			array( 'Request', 'Tester ID', 'Name', 'Surname', 'Email', 'Method', 'Destination', 'Gross', 'Net', 'Withholding', 'Currency', 'Requested', 'Paid' ),
			$rows[0]
		);
		$this->assertSame(
			array( '31', '41', 'Ada', 'Lovelace', 'ada@example.test', 'PayPal', 'ada@example.test', '1234.50', '987.60', '246.90', 'EUR', '2026-03-28', '2026-04-02' ),
			$rows[1]
		);
		$this->assertSame(
			array( '32', '41', '\'=HYPERLINK("http://evil.test","Click")', '\'+SUM(A1)', '\'@evil.test', 'Bank transfer', "'-Ada, IT60X0542811101000000123456\tx", '1234.50', '', '', 'EUR', '2026-03-28', '2026-04-02' ),
			$rows[2]
		);
		$this->assertCount( 3, $rows );
		$this->assertSame( (string) $admin->ID, $this->claims_of_call( 0 )['sub'] );
		$this->assertSame( 'crowdscout-payouts-2026-04-01-to-2026-04-30.csv', Payouts_Page::export_file_name( '2026-04-01', '2026-04-30' ) );
	}

	/**
	 * A period longer than a page: every page is asked in turn, and the file holds them all.
	 */
	public function test_export_reads_every_page(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$first = array();
		for ( $id = 1; $id <= Payouts_Page::EXPORT_PAGE; $id++ ) {
			$first[] = $this->export_row( $id );
		}
		$this->answers['/admin/payments/export?from=2026-01-01&to=2026-12-31&start=0&limit=500']   = array( 200, $this->export_page( $first, 501 ) );
		$this->answers['/admin/payments/export?from=2026-01-01&to=2026-12-31&start=500&limit=500'] = array( 200, $this->export_page( array( $this->export_row( 501 ) ), 501, 500 ) );

		$file    = fopen( 'php://memory', 'w+b' );
		$written = $this->plugin()->payouts_page()->write_export( $this->export_request( '2026-01-01', '2026-12-31' ), $file );
		rewind( $file );
		$lines = explode( "\r\n", rtrim( (string) stream_get_contents( $file ), "\r\n" ) );

		$this->assertSame( 501, $written );
		$this->assertCount( 502, $lines );
		$this->assertStringStartsWith( '501,', $lines[501] );
		$this->assertCount( 2, $this->calls );
	}

	/**
	 * Refused before the API is asked: a bad nonce, a user without the capability (a tester lead), a period that
	 * is not one; then the API's own refusal and an API that cannot be reached, each with a message and no file.
	 */
	public function test_export_refusals(): void {
		$page = $this->plugin()->payouts_page();
		$file = fopen( 'php://memory', 'w+b' );
		wp_set_current_user( $this->create_user( 'administrator' )->ID );

		$request             = $this->export_request( '2026-04-01', '2026-04-30' );
		$request['_wpnonce'] = wp_create_nonce( Payouts_Page::BULK_NONCE );
		$this->assertSame( 'invalid_nonce', $page->write_export( $request, $file )->get_error_code() );

		foreach ( array(
			array( '2026-04-30', '2026-04-01', 'The period to export must not end before it starts.' ),
			array( '2026-01-01', '2027-01-01', 'The period to export must be at most one year long.' ),
			array( '2026-02-30', '2026-03-01', 'Give the first and the last day of the period to export, as dates.' ),
			array( '', '2026-03-01', 'Give the first and the last day of the period to export, as dates.' ),
		) as list( $from, $to, $message ) ) {
			$refused = $page->write_export( $this->export_request( $from, $to ), $file );
			$this->assertSame( 'invalid_period', $refused->get_error_code(), $from . ' ' . $to );
			$this->assertSame( $message, $refused->get_error_message() );
		}
		$this->assertSame( array(), $this->calls );

		$this->answers['/admin/payments/export?from=2026-04-01&to=2026-04-30&start=0&limit=500'] = array(
			403,
			array(
				'status'  => 403,
				'error'   => 'Forbidden',
				'message' => 'Only administrators may do this.',
			),
		);
		$refused = $page->write_export( $this->export_request( '2026-04-01', '2026-04-30' ), $file );
		$this->assertSame( 'api_refused', $refused->get_error_code() );
		$this->assertSame( 'The API did not export the payouts (status 403): Only administrators may do this.', $refused->get_error_message() );

		$this->answers['/admin/payments/export?from=2026-04-01&to=2026-04-30&start=0&limit=500'] = new WP_Error( 'http_request_failed', 'Connection refused' );
		$unreachable = $page->write_export( $this->export_request( '2026-04-01', '2026-04-30' ), $file );
		$this->assertSame( 'api_unreachable', $unreachable->get_error_code() );
		$this->assertStringContainsString( '(Connection refused)', $unreachable->get_error_message() );

		// The reason is shown on the Paid view, with the period asked kept in the form.
		Screen::keep_result(
			Payouts_Page::SLUG,
			array(
				'export' => $unreachable->get_error_message(),
				'from'   => '2026-04-01',
				'to'     => '2026-04-30',
			)
		);
		$_GET['status'] = 'paid';
		$this->answers['/admin/payments?status=paid&start=0&limit=20&order=DESC'] = array( 200, $this->page( array(), 0 ) );
		$html = $this->render();
		$this->assertStringContainsString( 'notice-error', $html );
		$this->assertStringContainsString( 'so the payouts could not be exported (Connection refused)', $html );
		$this->assertStringContainsString( 'name="from" value="2026-04-01"', $html );

		$this->calls = array();
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$forbidden = $page->write_export( $this->export_request( '2026-04-01', '2026-04-30' ), $file );
		$this->assertSame( 'forbidden', $forbidden->get_error_code() );
		$this->assertSame( array(), $this->calls );
		rewind( $file );
	}

	/**
	 * The export form's fields for the current user.
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return array<string, string>
	 */
	private function export_request( string $from, string $to ): array {
		return array(
			'action'   => Payouts_Page::EXPORT_ACTION,
			'from'     => $from,
			'to'       => $to,
			'_wpnonce' => wp_create_nonce( Payouts_Page::EXPORT_NONCE ),
		);
	}

	/**
	 * A PaidPaymentExportPage.
	 *
	 * @param array<int, array<string, mixed>> $results Rows.
	 * @param int                              $total   Total.
	 * @param int                              $start   Start.
	 * @return array<string, mixed>
	 */
	private function export_page( array $results, int $total, int $start = 0 ): array {
		return array(
			'from'    => '2026-04-01',
			'to'      => '2026-04-30',
			'start'   => $start,
			'limit'   => Payouts_Page::EXPORT_PAGE,
			'size'    => count( $results ),
			'total'   => $total,
			'results' => $results,
		);
	}

	/**
	 * A PaidPaymentExportRow paid by PayPal.
	 *
	 * @param int $id Request id.
	 * @return array<string, mixed>
	 */
	private function export_row( int $id ): array {
		return array(
			'id'            => $id,
			'testerId'      => 41,
			'name'          => 'Ada',
			'surname'       => 'Lovelace',
			'email'         => 'ada@example.test',
			'method'        => 'paypal',
			'destination'   => 'ada@example.test',
			'gross'         => 1234.5,
			'net'           => 987.6,
			'withholding'   => 246.9,
			'currency'      => 'EUR',
			'requestedDate' => '2026-03-28',
			'paidDate'      => '2026-04-02',
		);
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->payouts_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * An AdminPaymentPage.
	 *
	 * @param array<int, array<string, mixed>> $results Payments.
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
	 * A processing AdminPayment whose tester's name holds markup.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>
	 */
	private function payment( int $id ): array {
		return array(
			'id'            => $id,
			'tester'        => array(
				'id'      => 41,
				'name'    => 'Ada',
				'surname' => '<b>Lovelace</b>',
			),
			'status'        => 'processing',
			'amount'        => array(
				'gross' => array(
					'value'    => 1234.5,
					'currency' => 'EUR',
				),
				'net'   => array(
					'value'    => 987.6,
					'currency' => 'EUR',
				),
			),
			'requestedDate' => '2026-04-01',
			'paidDate'      => null,
			'method'        => array(
				'type'        => 'paypal',
				'destination' => 'ada@example.test',
			),
			'receipt'       => null,
		);
	}
}
