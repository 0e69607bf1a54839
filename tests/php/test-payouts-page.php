<?php
/**
 * Crowdscout → Payouts in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Payouts_Page;
use WP_Error;

/**
 * The list read from `GET /admin/payments`, its views, columns and escaping; "Mark paid" from a row or in bulk
 * (nonce, capability, then `POST /admin/payments/{id}/paid` with the administrator's token); the notices.
 */
final class Payouts_Page_Test extends Test_Case {

	/**
	 * Requests the fake API received: method, URL, headers.
	 *
	 * @var array<int, array{method: string, url: string, headers: array<string, string>}>
	 */
	private array $calls = array();

	/**
	 * Answers of the fake API: URL path and query (after the base) → [status, body], or a WP_Error.
	 *
	 * @var array<string, array{0: int, 1: mixed}|WP_Error>
	 */
	private array $answers = array();

	/**
	 * The API's base URL as the plugin reaches it (CROWDSCOUT_API_URL when wp-config.php defines it).
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
		set_current_screen( 'toplevel_page_' . Payouts_Page::SLUG );
	}

	/**
	 * Restores the HTTP client, the parameters and the screen.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
		$_GET = $this->saved_get;
		$GLOBALS['current_screen'] = null;
		delete_transient( Payouts_Page::RESULT_TRANSIENT . get_current_user_id() );
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
	 * The top-level Crowdscout menu with Payouts, for administrators.
	 */
	public function test_menu(): void {
		global $menu, $submenu;
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited

		$this->plugin()->payouts_page()->add_menu();

		$top = array_values( array_filter( $menu, static fn( $item ): bool => Payouts_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $top );
		$this->assertSame( 'Crowdscout', $top[0][0] );
		$this->assertSame( 'manage_options', $top[0][1] );
		$this->assertSame( 'dashicons-groups', $top[0][6] );
		$this->assertSame( 'Payouts', $submenu[ Payouts_Page::SLUG ][0][0] );
		$this->assertNotFalse( has_action( 'load-toplevel_page_' . Payouts_Page::SLUG, array( $this->plugin()->payouts_page(), 'load' ) ) );
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
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
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
		$this->assertStringContainsString( 'The API did not list the payment requests (status 403): Administrators only &lt;here&gt;', $html );
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
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
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

		set_transient( Payouts_Page::RESULT_TRANSIENT . get_current_user_id(), $result, 60 );
		$html = $this->render();
		$this->assertStringContainsString( '2 payment requests marked paid: #5, #7.', $html );
		$this->assertStringContainsString( 'Request #6 was not marked paid: This payment request is already paid', $html );
		$this->assertFalse( get_transient( Payouts_Page::RESULT_TRANSIENT . get_current_user_id() ), 'Shown once.' );
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

		set_transient( Payouts_Page::RESULT_TRANSIENT . get_current_user_id(), $result, 60 );
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
		set_transient( Payouts_Page::RESULT_TRANSIENT . get_current_user_id(), $nothing, 60 );
		$this->assertStringContainsString( 'No payment request was selected.', $this->render() );
		$this->assertSame( array( 'GET', 'GET' ), array_column( $this->calls, 'method' ), 'Only the list was read.' );
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
