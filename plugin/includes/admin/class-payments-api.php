<?php
/**
 * The API's back-office payment routes, as WordPress calls them for an administrator.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /admin/payments`, `POST /admin/payments/{id}/paid` and `GET /admin/payments/export` (api/openapi.yaml,
 * listPayments, markPaymentPaid and exportPaidPayments), through Api_Client: a token minted for the administrator
 * at the screen, answers as {status, body}, a WP_Error only when no answer could be had.
 */
final class Payments_Api {

	/**
	 * The back office's API client.
	 *
	 * @var Api_Client
	 */
	private Api_Client $client;

	/**
	 * Constructor.
	 *
	 * @param Api_Client $client The back office's API client.
	 */
	public function __construct( Api_Client $client ) {
		$this->client = $client;
	}

	/**
	 * The back office's API client (for Screen::answer_ok()).
	 *
	 * @return Api_Client
	 */
	public function client(): Api_Client {
		return $this->client;
	}

	/**
	 * One page of payment requests with a status.
	 *
	 * @param WP_User $admin  The administrator asking.
	 * @param string  $status processing or paid.
	 * @param int     $start  Requests to skip.
	 * @param int     $limit  Page size (1–100).
	 * @param string  $order  ASC (oldest requested first) or DESC.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function list_payments( WP_User $admin, string $status, int $start, int $limit, string $order = 'ASC' ) {
		return $this->client->get(
			$admin,
			'/admin/payments',
			array(
				'status' => $status,
				'start'  => max( 0, $start ),
				'limit'  => min( 100, max( 1, $limit ) ),
				'order'  => 'DESC' === $order ? 'DESC' : 'ASC',
			)
		);
	}

	/**
	 * Marks a processing request paid: the API writes the paid date and the receipt, and mails the tester.
	 *
	 * @param WP_User $admin      The administrator acting.
	 * @param int     $payment_id Request id.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function mark_paid( WP_User $admin, int $payment_id ) {
		return $this->client->send( $admin, 'POST', '/admin/payments/' . $payment_id . '/paid' );
	}

	/**
	 * One page of the requests paid between two days (both included), by paid date, for the accounting export.
	 *
	 * @param WP_User $admin The administrator asking.
	 * @param string  $from  First day, YYYY-MM-DD.
	 * @param string  $to    Last day, YYYY-MM-DD.
	 * @param int     $start Requests to skip.
	 * @param int     $limit Page size (1–1000).
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	public function export_paid( WP_User $admin, string $from, string $to, int $start, int $limit ) {
		return $this->client->get(
			$admin,
			'/admin/payments/export',
			array(
				'from'  => $from,
				'to'    => $to,
				'start' => max( 0, $start ),
				'limit' => min( 1000, max( 1, $limit ) ),
			)
		);
	}
}
