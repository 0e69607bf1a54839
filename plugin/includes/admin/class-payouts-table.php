<?php
/**
 * The list of payment requests on Crowdscout → Payouts.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Locale;
use Crowdscout\Money;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's payment requests (AdminPayment) with a status: views Processing and Paid, the API's total
 * for the pagination, the "Mark paid" row and bulk actions on processing requests, and the receipt link of paid
 * ones. It renders what Payouts_Page fetched; it calls nothing itself.
 */
final class Payouts_Table extends \WP_List_Table {

	/**
	 * The view: processing or paid.
	 *
	 * @var string
	 */
	private string $status;

	/**
	 * Number of requests per status, where known.
	 *
	 * @var array<string, int|null>
	 */
	private array $counts;

	/**
	 * Constructor.
	 *
	 * @param string                  $status processing or paid.
	 * @param array<string, int|null> $counts Number of requests per status (null where unknown).
	 */
	public function __construct( string $status, array $counts ) {
		parent::__construct(
			array(
				'singular' => 'payout',
				'plural'   => 'payouts',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Payouts_Page::SLUG ),
			)
		);
		$this->status = $status;
		$this->counts = $counts;
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, array<string, mixed>> $payments AdminPayment objects as the API sent them (invalid ones are skipped).
	 * @param int                              $total    Requests with the status, over all pages.
	 * @param int                              $per_page Page size.
	 * @return void
	 */
	public function set_payments( array $payments, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $payments ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns, hidden and sortable ones (none sortable: the API orders the queue).
	 *
	 * @return void
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), array(), 'id' );
	}

	/**
	 * The columns; the checkbox only where requests can be marked paid.
	 *
	 * @return array<string, string>
	 */
	public function get_columns(): array {
		$columns = array(
			'cb'        => '<input type="checkbox" />',
			'id'        => __( 'Request', 'crowdscout' ),
			'tester'    => __( 'Tester', 'crowdscout' ),
			'requested' => __( 'Requested', 'crowdscout' ),
			'paid'      => __( 'Paid', 'crowdscout' ),
			'method'    => __( 'Method', 'crowdscout' ),
			'gross'     => __( 'Gross', 'crowdscout' ),
			'net'       => __( 'Net', 'crowdscout' ),
			'receipt'   => __( 'Receipt', 'crowdscout' ),
		);
		if ( Payouts_Page::PROCESSING !== $this->status ) {
			unset( $columns['cb'] );
		}
		return $columns;
	}

	/**
	 * Links to the two views, with their counts where known.
	 *
	 * @return array<string, string>
	 */
	protected function get_views(): array {
		$labels = array(
			Payouts_Page::PROCESSING => __( 'Processing', 'crowdscout' ),
			Payouts_Page::PAID       => __( 'Paid', 'crowdscout' ),
		);
		$views  = array();
		foreach ( $labels as $status => $label ) {
			$count            = $this->counts[ $status ] ?? null;
			$views[ $status ] = sprintf(
				'<a href="%s"%s>%s%s</a>',
				esc_url( Payouts_Page::url( $status ) ),
				$status === $this->status ? ' class="current" aria-current="page"' : '',
				esc_html( $label ),
				null === $count ? '' : ' <span class="count">(' . esc_html( number_format_i18n( $count ) ) . ')</span>'
			);
		}
		return $views;
	}

	/**
	 * "Mark paid" on the processing view.
	 *
	 * @return array<string, string>
	 */
	protected function get_bulk_actions(): array {
		return Payouts_Page::PROCESSING === $this->status ? array( Payouts_Page::ACTION => __( 'Mark paid', 'crowdscout' ) ) : array();
	}

	/**
	 * What an empty view says.
	 *
	 * @return void
	 */
	public function no_items(): void {
		if ( Payouts_Page::PROCESSING === $this->status ) {
			esc_html_e( 'No payment request is waiting to be paid.', 'crowdscout' );
		} else {
			esc_html_e( 'No payment request has been paid yet.', 'crowdscout' );
		}
	}

	/**
	 * The row's checkbox.
	 *
	 * @param array<string, mixed> $item Row.
	 * @return string
	 */
	protected function column_cb( $item ): string {
		return sprintf(
			'<label class="screen-reader-text" for="crowdscout-payout-%1$d">%2$s</label><input type="checkbox" id="crowdscout-payout-%1$d" name="payment[]" value="%1$d" />',
			(int) $item['id'],
			/* translators: %d: payment request id. */
			esc_html( sprintf( __( 'Select request #%d', 'crowdscout' ), (int) $item['id'] ) )
		);
	}

	/**
	 * Every other column, escaped.
	 *
	 * @param array<string, mixed> $item        Row.
	 * @param string               $column_name Column.
	 * @return string
	 */
	protected function column_default( $item, $column_name ): string {
		switch ( $column_name ) {
			case 'id':
				return '<strong>' . esc_html( '#' . $item['id'] ) . '</strong>';
			case 'tester':
				return esc_html( trim( 'T' . $item['tester_id'] . ' ' . $item['tester_name'] ) );
			case 'requested':
				return esc_html( self::date( $item['requested'] ) );
			case 'paid':
				return null === $item['paid'] ? '&mdash;' : esc_html( self::date( $item['paid'] ) );
			case 'method':
				$method = 'iban' === $item['method'] ? __( 'Bank transfer', 'crowdscout' ) : __( 'PayPal', 'crowdscout' );
				return esc_html( $method ) . '<br /><code>' . esc_html( $item['destination'] ) . '</code>';
			case 'gross':
			case 'net':
				return null === $item[ $column_name ] ? '&mdash;' : esc_html( Money::format( $item[ $column_name ], $item['currency'], self::language() ) );
			case 'receipt':
				if ( null === $item['receipt'] ) {
					return '&mdash;';
				}
				return sprintf(
					'<a href="%s" target="_blank" rel="noopener noreferrer">%s<span class="screen-reader-text"> %s</span></a>',
					esc_url( $item['receipt'] ),
					esc_html__( 'Receipt', 'crowdscout' ),
					/* translators: accessibility text for a link that opens in a new tab. */
					esc_html__( '(opens in a new tab)', 'crowdscout' )
				);
			default:
				return '';
		}
	}

	/**
	 * "Mark paid" under the request id of a processing request, "History" under a paid one's.
	 *
	 * @param array<string, mixed> $item        Row.
	 * @param string               $column_name Column.
	 * @param string               $primary     Primary column.
	 * @return string
	 */
	protected function handle_row_actions( $item, $column_name, $primary ): string {
		if ( $primary !== $column_name ) {
			return '';
		}
		if ( Payouts_Page::PROCESSING !== $item['status'] ) {
			return $this->row_actions(
				array(
					'history' => sprintf(
						'<a href="%s" aria-label="%s">%s</a>',
						esc_url( Payouts_Page::history_url( (int) $item['id'] ) ),
						/* translators: %d: payment request id. */
						esc_attr( sprintf( __( 'History of request #%d', 'crowdscout' ), (int) $item['id'] ) ),
						esc_html__( 'History', 'crowdscout' )
					),
				)
			);
		}
		return $this->row_actions(
			array(
				Payouts_Page::ACTION => sprintf(
					'<a href="%s" onclick="%s" aria-label="%s">%s</a>',
					esc_url( Payouts_Page::mark_paid_url( (int) $item['id'] ) ),
					esc_attr(
						'return window.confirm(' . wp_json_encode(
							/* translators: %d: payment request id. */
							sprintf( __( 'Mark request #%d paid? Its receipt is produced and the tester is mailed.', 'crowdscout' ), (int) $item['id'] )
						) . ');'
					),
					/* translators: %d: payment request id. */
					esc_attr( sprintf( __( 'Mark request #%d paid', 'crowdscout' ), (int) $item['id'] ) ),
					esc_html__( 'Mark paid', 'crowdscout' )
				),
			)
		);
	}

	/**
	 * A row from an AdminPayment, each field of its type; null when the object lacks an id.
	 *
	 * @param mixed $payment AdminPayment as decoded from JSON.
	 * @return array{id: int, status: string, tester_id: int, tester_name: string, requested: string, paid: string|null, method: string, destination: string, gross: float|null, net: float|null, currency: string, receipt: string|null}|null
	 */
	public static function row( $payment ): ?array {
		if ( ! is_array( $payment ) || ! isset( $payment['id'] ) || ! is_int( $payment['id'] ) ) {
			return null;
		}
		$tester = is_array( $payment['tester'] ?? null ) ? $payment['tester'] : array();
		$method = is_array( $payment['method'] ?? null ) ? $payment['method'] : array();
		$amount = is_array( $payment['amount'] ?? null ) ? $payment['amount'] : array();
		$gross  = is_array( $amount['gross'] ?? null ) ? $amount['gross'] : array();
		$net    = is_array( $amount['net'] ?? null ) ? $amount['net'] : array();
		$text   = static fn( $value ): string => is_string( $value ) ? $value : '';
		$number = static fn( $value ): ?float => is_int( $value ) || is_float( $value ) ? (float) $value : null;
		return array(
			'id'          => $payment['id'],
			'status'      => $text( $payment['status'] ?? null ),
			'tester_id'   => is_int( $tester['id'] ?? null ) ? $tester['id'] : 0,
			'tester_name' => trim( $text( $tester['name'] ?? null ) . ' ' . $text( $tester['surname'] ?? null ) ),
			'requested'   => $text( $payment['requestedDate'] ?? null ),
			'paid'        => is_string( $payment['paidDate'] ?? null ) ? $payment['paidDate'] : null,
			'method'      => $text( $method['type'] ?? null ),
			'destination' => $text( $method['destination'] ?? null ),
			'gross'       => $number( $gross['value'] ?? null ),
			'net'         => $number( $net['value'] ?? null ),
			'currency'    => '' !== $text( $gross['currency'] ?? null ) ? $text( $gross['currency'] ) : Money::DEFAULT_CURRENCY,
			'receipt'     => is_string( $payment['receipt'] ?? null ) && '' !== $payment['receipt'] ? $payment['receipt'] : null,
		);
	}

	/**
	 * A date YYYY-MM-DD in the site's date format.
	 *
	 * @param string $date Date.
	 * @return string
	 */
	public static function date( string $date ): string {
		if ( 1 !== preg_match( '/^\d{4}-\d{2}-\d{2}$/', $date ) ) {
			return $date;
		}
		return (string) mysql2date( (string) get_option( 'date_format' ), $date . ' 00:00:00' );
	}

	/**
	 * The administrator's interface language, for the amounts' style.
	 *
	 * @return string
	 */
	public static function language(): string {
		$language = strtolower( substr( (string) determine_locale(), 0, 2 ) );
		return Locale::is_supported( $language ) ? $language : Locale::FALLBACK;
	}
}
