<?php
/**
 * Crowdscout → Payouts in wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;
use DateTimeImmutable;
use DateTimeZone;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Crowdscout → Payouts: the testers' payment requests read from the API (Payouts_Table), the "Mark paid" action,
 * one request from its row or several at once (the list's form is sent by GET, as WordPress's own lists are),
 * each sent to the API with a token minted for the user, and, on the Paid view, the CSV export of a period's paid
 * requests for accounting (admin-post.php).
 * An action is handled before the screen prints (nonce, then capability, then input), then the browser is sent
 * back to the list, which shows what happened: how many were marked paid, each refusal with the API's message, or
 * that the API could not be reached.
 *
 * The export carries the destination in full (the PayPal e-mail, or the account holder and the IBAN): the books
 * reconcile each bank transfer by its IBAN, and the file goes only to users who see the same destinations on this
 * screen. It is sent with no-cache headers, and every text cell that a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with a quote.
 */
final class Payouts_Page {

	public const SLUG       = 'crowdscout-payouts';
	public const CAPABILITY = Roles::CAP_PAYOUTS;
	public const ACTION     = 'mark_paid';
	public const PROCESSING = 'processing';
	public const PAID       = 'paid';
	public const PER_PAGE   = 20;

	/**
	 * Nonce action of the bulk form (WP_List_Table's `bulk-{plural}`).
	 */
	public const BULK_NONCE = 'bulk-payouts';

	/**
	 * Nonce action of a row's link, followed by the request id.
	 */
	public const ROW_NONCE = 'crowdscout-mark-paid-';

	/**
	 * The export's admin-post.php action, and its nonce action.
	 */
	public const EXPORT_ACTION = 'crowdscout_export_payouts';
	public const EXPORT_NONCE  = 'crowdscout-export-payouts';

	/**
	 * Rows asked of the API per page of an export.
	 */
	public const EXPORT_PAGE = 500;

	/**
	 * The API's payment routes.
	 *
	 * @var Payments_Api
	 */
	private Payments_Api $api;

	/**
	 * Constructor.
	 *
	 * @param Payments_Api $api The API's payment routes.
	 */
	public function __construct( Payments_Api $api ) {
		$this->api = $api;
	}

	/**
	 * Adds the menu entry and the export's handler.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		add_action( 'admin_post_' . self::EXPORT_ACTION, array( $this, 'export' ) );
	}

	/**
	 * `admin_menu`: Crowdscout → Payouts, for whoever pays the testers (administrators).
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Payouts', 'crowdscout' ), self::CAPABILITY, self::SLUG, $this, 'payouts' );
	}

	/**
	 * `load-{screen}`: runs a submitted action, keeps its outcome for the list and sends the browser back to it.
	 *
	 * @return void
	 */
	public function load(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle_action() verifies the nonce, then sanitises each field it reads.
		$result = $this->handle_action( wp_unslash( $_REQUEST ) );
		if ( null === $result ) {
			// The list's form, sent without an action (a page number typed in): the same view without the form's nonce.
			if ( isset( $_GET['_wp_http_referer'], $_SERVER['REQUEST_URI'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only drops the form's fields from the address.
				wp_safe_redirect( remove_query_arg( array( '_wp_http_referer', '_wpnonce', 'action', 'action2', 'payment' ), esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) ) );
				exit;
			}
			return;
		}
		if ( is_wp_error( $result ) ) {
			Screen::refuse( $result, __( 'Payouts', 'crowdscout' ) );
			return;
		}
		Screen::keep_result( self::SLUG, $result );
		wp_safe_redirect( self::url( self::PROCESSING ) );
		exit;
	}

	/**
	 * Runs "Mark paid" when the request asks for it: the bulk form (`payment[]`, nonce `bulk-payouts`) or a row's
	 * link (`payment`, nonce `crowdscout-mark-paid-{id}`). Null when no action is asked; a WP_Error for a bad
	 * nonce or a user without the capability (nothing is sent to the API then); else the outcome: the ids marked
	 * paid, the refusals with the API's messages, and whether the API could not be reached (the requests not tried
	 * then are counted as skipped).
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array{paid: int[], errors: array<int, array{id: int, message: string}>, unreachable: string|null, skipped: int}|WP_Error|null
	 */
	public function handle_action( array $request ) {
		if ( self::ACTION !== Screen::requested_action( $request ) ) {
			return null;
		}
		// The list's form sends `payment[]` (nothing when no box is ticked); a row's link sends one `payment`.
		$bulk  = ! isset( $request['payment'] ) || is_array( $request['payment'] );
		$nonce = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		$ids   = Screen::ids( $request['payment'] ?? array() );

		$nonce_action = $bulk ? self::BULK_NONCE : self::ROW_NONCE . ( $ids[0] ?? 0 );
		if ( false === wp_verify_nonce( $nonce, $nonce_action ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the payouts, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to mark payment requests paid.', 'crowdscout' ) );
		}

		$result = array(
			'paid'        => array(),
			'errors'      => array(),
			'unreachable' => null,
			'skipped'     => 0,
		);
		$user   = wp_get_current_user();
		foreach ( $ids as $index => $id ) {
			$answer = $this->api->mark_paid( $user, $id );
			if ( is_wp_error( $answer ) ) {
				$result['unreachable'] = $answer->get_error_message();
				$result['skipped']     = count( $ids ) - $index;
				break;
			}
			if ( 200 === $answer['status'] ) {
				$result['paid'][] = $id;
				continue;
			}
			$result['errors'][] = array(
				'id'      => $id,
				'message' => Api_Client::message(
					$answer,
					/* translators: %d: HTTP status. */
					sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
				),
			);
		}
		return $result;
	}

	/**
	 * `admin_post_crowdscout_export_payouts`: the CSV file of a period's paid requests, or, when it cannot be
	 * made, back to the Paid view with the reason (a bad nonce or a missing capability stops with a 403).
	 *
	 * @return void
	 */
	public function export(): void {
		$file = fopen( 'php://temp', 'w+b' );
		if ( false === $file ) {
			wp_die( esc_html__( 'The export file could not be created.', 'crowdscout' ) );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- write_export() verifies the nonce, then sanitises each field it reads.
		$request = wp_unslash( $_POST );
		$written = $this->write_export( $request, $file );
		if ( is_wp_error( $written ) ) {
			fclose( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a php://temp stream, not a file of the site.
			if ( in_array( $written->get_error_code(), array( 'invalid_nonce', 'forbidden' ), true ) ) {
				Screen::refuse( $written, __( 'Payouts', 'crowdscout' ) );
				return;
			}
			Screen::keep_result(
				self::SLUG,
				array(
					'export' => $written->get_error_message(),
					'from'   => Screen::text( $request, 'from' ),
					'to'     => Screen::text( $request, 'to' ),
				)
			);
			wp_safe_redirect( self::url( self::PAID ) );
			exit;
		}
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'Content-Disposition: attachment; filename="' . self::export_file_name( Screen::text( $request, 'from' ), Screen::text( $request, 'to' ) ) . '"' );
		rewind( $file );
		fpassthru( $file );
		fclose( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a php://temp stream, not a file of the site.
		exit;
	}

	/**
	 * Writes the CSV of the requests paid between `from` and `to` (days, both included) to `$file`, every page of
	 * `GET /admin/payments/export` in turn, so the file is whole or not made at all: nonce, capability, then the
	 * period (YYYY-MM-DD, in order, at most a year, as the API also checks), then the API.
	 *
	 * @param array<string, mixed> $request The form's fields, unslashed: from, to, _wpnonce.
	 * @param resource             $file    Where the CSV goes.
	 * @return int|WP_Error The number of requests written, or why there is no file.
	 */
	public function write_export( array $request, $file ) {
		$nonce = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		if ( false === wp_verify_nonce( $nonce, self::EXPORT_NONCE ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the payouts, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to export the payouts.', 'crowdscout' ) );
		}
		$from   = self::day( Screen::text( $request, 'from' ) );
		$to     = self::day( Screen::text( $request, 'to' ) );
		$period = self::period_problem( $from, $to );
		if ( null !== $period ) {
			return new WP_Error( 'invalid_period', $period );
		}

		fwrite( $file, "\xEF\xBB\xBF" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- a stream given by the caller. The byte-order mark makes spreadsheets read the file as UTF-8.
		self::put_row( $file, self::export_columns() );
		$user    = wp_get_current_user();
		$written = 0;
		do {
			$answer = $this->api->export_paid( $user, (string) $from, (string) $to, $written, self::EXPORT_PAGE );
			if ( is_wp_error( $answer ) ) {
				return new WP_Error(
					'api_unreachable',
					sprintf(
						/* translators: %s: the reason given by WordPress's HTTP client. */
						__( 'The Crowdscout API could not be reached, so the payouts could not be exported (%s).', 'crowdscout' ),
						$answer->get_error_message()
					)
				);
			}
			$body = Api_Client::ok_body( $answer );
			if ( null === $body || ! is_array( $body['results'] ?? null ) ) {
				return new WP_Error(
					'api_refused',
					sprintf(
						/* translators: 1: HTTP status, 2: the API's message. */
						__( 'The API did not export the payouts (status %1$d): %2$s', 'crowdscout' ),
						$answer['status'],
						Api_Client::message( $answer, __( 'unexpected answer.', 'crowdscout' ) )
					)
				);
			}
			$rows = array_filter( $body['results'], 'is_array' );
			foreach ( $rows as $row ) {
				self::put_row( $file, self::export_row( $row ) );
			}
			$written += count( $body['results'] );
			$total    = is_int( $body['total'] ?? null ) ? $body['total'] : 0;
		} while ( count( $body['results'] ) === self::EXPORT_PAGE && $written < $total );
		return $written;
	}

	/**
	 * The export's header row.
	 *
	 * @return string[]
	 */
	public static function export_columns(): array {
		return array(
			__( 'Request', 'crowdscout' ),
			__( 'Tester ID', 'crowdscout' ),
			__( 'Name', 'crowdscout' ),
			__( 'Surname', 'crowdscout' ),
			__( 'Email', 'crowdscout' ),
			__( 'Method', 'crowdscout' ),
			__( 'Destination', 'crowdscout' ),
			__( 'Gross', 'crowdscout' ),
			__( 'Net', 'crowdscout' ),
			__( 'Withholding', 'crowdscout' ),
			__( 'Currency', 'crowdscout' ),
			__( 'Requested', 'crowdscout' ),
			__( 'Paid', 'crowdscout' ),
		);
	}

	/**
	 * One export row from a PaidPaymentExportRow: amounts with a decimal point and two decimals, dates YYYY-MM-DD,
	 * every text neutralised for spreadsheets.
	 *
	 * @param array<string, mixed> $row The API's row.
	 * @return string[]
	 */
	public static function export_row( array $row ): array {
		$text   = static fn( $value ): string => is_string( $value ) || is_int( $value ) ? self::csv_cell( (string) $value ) : '';
		$amount = static fn( $value ): string => is_int( $value ) || is_float( $value ) ? number_format( (float) $value, 2, '.', '' ) : '';
		$method = $row['method'] ?? '';
		return array(
			$text( $row['id'] ?? '' ),
			$text( $row['testerId'] ?? '' ),
			$text( $row['name'] ?? '' ),
			$text( $row['surname'] ?? '' ),
			$text( $row['email'] ?? '' ),
			'iban' === $method ? __( 'Bank transfer', 'crowdscout' ) : ( 'paypal' === $method ? __( 'PayPal', 'crowdscout' ) : '' ),
			$text( $row['destination'] ?? '' ),
			$amount( $row['gross'] ?? null ),
			$amount( $row['net'] ?? null ),
			$amount( $row['withholding'] ?? null ),
			$text( $row['currency'] ?? '' ),
			$text( $row['requestedDate'] ?? '' ),
			$text( $row['paidDate'] ?? '' ),
		);
	}

	/**
	 * A text cell a spreadsheet will not run: one starting with = + - @, a tab or a carriage return (a formula, or
	 * a way to start one) gets a leading quote.
	 *
	 * @param string $value The text.
	 * @return string
	 */
	public static function csv_cell( string $value ): string {
		return '' !== $value && false !== strpos( "=+-@\t\r", $value[0] ) ? "'" . $value : $value;
	}

	/**
	 * Writes one CSV line (RFC 4180: quotes doubled, no backslash escape, CRLF).
	 *
	 * @param resource $file Where it goes.
	 * @param string[] $row  The cells.
	 * @return void
	 */
	private static function put_row( $file, array $row ): void {
		fputcsv( $file, $row, ',', '"', '', "\r\n" );
	}

	/**
	 * The export's file name.
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return string
	 */
	public static function export_file_name( string $from, string $to ): string {
		return sanitize_file_name( 'crowdscout-payouts-' . $from . '-to-' . $to . '.csv' );
	}

	/**
	 * Prints the screen: the outcome of the last action, the views, the export form on the Paid view, and the list
	 * (or why it could not be read).
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$payment = Screen::view_id( 'payment' );
		if ( $payment > 0 && '' === Screen::view_key( 'action' ) ) {
			$this->render_history( $payment );
			return;
		}
		$status = self::PAID === Screen::view_key( 'status' ) ? self::PAID : self::PROCESSING;
		$page   = Screen::page_number();
		$user   = wp_get_current_user();

		$answer = $this->api->list_payments( $user, $status, ( $page - 1 ) * self::PER_PAGE, self::PER_PAGE, self::PAID === $status ? 'DESC' : 'ASC' );
		$other  = self::PAID === $status ? self::PROCESSING : self::PAID;
		$counts = array(
			$status => Api_Client::total( $answer ),
			$other  => is_wp_error( $answer ) ? null : Api_Client::total( $this->api->list_payments( $user, $other, 0, 1 ) ),
		);

		$table = new Payouts_Table( $status, $counts );
		$table->prepare_items();
		$body = Api_Client::ok_body( $answer ) ?? array();
		$table->set_payments(
			isset( $body['results'] ) && is_array( $body['results'] ) ? $body['results'] : array(),
			(int) ( $counts[ $status ] ?? 0 ),
			self::PER_PAGE
		);
		$kept = Screen::take_result( self::SLUG );
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Payouts', 'crowdscout' ); ?></h1>
			<hr class="wp-header-end" />
			<?php
			$this->print_result( $kept );
			Screen::answer_ok( $answer, $this->api->client(), __( 'the payment requests', 'crowdscout' ) );
			$table->views();
			if ( self::PAID === $status ) {
				$this->print_export_form( is_array( $kept ) ? $kept : array() );
			}
			?>
			<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>">
				<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
				<input type="hidden" name="status" value="<?php echo esc_attr( $status ); ?>" />
				<?php $table->display(); ?>
			</form>
		</div>
		<?php
	}

	/**
	 * URL of a view of the screen.
	 *
	 * @param string $status processing or paid.
	 * @return string
	 */
	public static function url( string $status ): string {
		$args = array( 'page' => self::SLUG );
		if ( self::PAID === $status ) {
			$args['status'] = self::PAID;
		}
		return add_query_arg( $args, admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a request's history (its audit trail).
	 *
	 * @param int $payment_id Request id.
	 * @return string
	 */
	public static function history_url( int $payment_id ): string {
		return add_query_arg(
			array(
				'page'    => self::SLUG,
				'payment' => $payment_id,
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * An audit entry of a request as one line.
	 *
	 * @param array<string, mixed> $entry An AuditEntry.
	 * @return string
	 */
	public static function describe( array $entry ): string {
		if ( 'payment.paid' === ( $entry['action'] ?? null ) ) {
			/* translators: %s: the paid date, YYYY-MM-DD. */
			return sprintf( __( 'Marked paid (paid date %s); the receipt was produced.', 'crowdscout' ), Audit_Trail::field( $entry, 'after', 'paidDate' ) );
		}
		return is_string( $entry['action'] ?? null ) ? $entry['action'] : '';
	}

	/**
	 * URL of a row's "Mark paid" link, with its nonce.
	 *
	 * @param int $payment_id Request id.
	 * @return string
	 */
	public static function mark_paid_url( int $payment_id ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'page'    => self::SLUG,
					'action'  => self::ACTION,
					'payment' => $payment_id,
				),
				admin_url( 'admin.php' )
			),
			self::ROW_NONCE . $payment_id
		);
	}

	/**
	 * Prints a request's history: who marked it paid, and when.
	 *
	 * @param int $payment_id Request id.
	 * @return void
	 */
	private function render_history( int $payment_id ): void {
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline">
				<?php
				/* translators: %d: payment request id. */
				echo esc_html( sprintf( __( 'Payment request #%d', 'crowdscout' ), $payment_id ) );
				?>
			</h1>
			<a class="page-title-action" href="<?php echo esc_url( self::url( self::PAID ) ); ?>"><?php esc_html_e( 'All paid requests', 'crowdscout' ); ?></a>
			<hr class="wp-header-end" />
			<h2><?php esc_html_e( 'History of changes', 'crowdscout' ); ?></h2>
			<?php
			Audit_Trail::render(
				$this->api->client(),
				'payment',
				$payment_id,
				array( self::class, 'describe' ),
				__( 'the request’s history', 'crowdscout' ),
				__( 'No change was recorded for this request.', 'crowdscout' )
			);
			?>
		</div>
		<?php
	}

	/**
	 * The export form: a period, last month by default (or what was asked before an export that failed).
	 *
	 * @param array<string, mixed> $kept The outcome kept from the last action.
	 * @return void
	 */
	private function print_export_form( array $kept ): void {
		$last_month = new DateTimeImmutable( 'first day of last month', new DateTimeZone( 'UTC' ) );
		$from       = is_string( $kept['from'] ?? null ) && null !== self::day( $kept['from'] ) ? $kept['from'] : $last_month->format( 'Y-m-01' );
		$to         = is_string( $kept['to'] ?? null ) && null !== self::day( $kept['to'] ) ? $kept['to'] : $last_month->format( 'Y-m-t' );
		?>
		<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>" class="crowdscout-payouts-export">
			<h2><?php esc_html_e( 'Export for accounting', 'crowdscout' ); ?></h2>
			<p class="description"><?php esc_html_e( 'A CSV file of the requests paid in the period, with the full payment details. Days in UTC, both included; at most a year.', 'crowdscout' ); ?></p>
			<input type="hidden" name="action" value="<?php echo esc_attr( self::EXPORT_ACTION ); ?>" />
			<?php wp_nonce_field( self::EXPORT_NONCE ); ?>
			<p>
				<label for="crowdscout-export-from"><?php esc_html_e( 'From', 'crowdscout' ); ?></label>
				<input type="date" id="crowdscout-export-from" name="from" value="<?php echo esc_attr( $from ); ?>" required />
				<label for="crowdscout-export-to"><?php esc_html_e( 'To', 'crowdscout' ); ?></label>
				<input type="date" id="crowdscout-export-to" name="to" value="<?php echo esc_attr( $to ); ?>" required />
				<?php submit_button( __( 'Export CSV', 'crowdscout' ), 'secondary', 'submit', false ); ?>
			</p>
		</form>
		<?php
	}

	/**
	 * Prints the outcome of the user's last action, once.
	 *
	 * @param mixed $result The outcome kept for the screen.
	 * @return void
	 */
	private function print_result( $result ): void {
		if ( ! is_array( $result ) ) {
			return;
		}
		if ( is_string( $result['export'] ?? null ) ) {
			Screen::notice( 'error', $result['export'] );
			return;
		}
		$paid   = isset( $result['paid'] ) && is_array( $result['paid'] ) ? array_map( 'intval', $result['paid'] ) : array();
		$errors = isset( $result['errors'] ) && is_array( $result['errors'] ) ? $result['errors'] : array();
		$tried  = count( $paid ) + count( $errors ) + (int) ( $result['skipped'] ?? 0 );

		if ( 0 === $tried ) {
			Screen::notice( 'warning', __( 'No payment request was selected.', 'crowdscout' ) );
		}
		if ( array() !== $paid ) {
			Screen::notice(
				'success',
				sprintf(
					/* translators: 1: number of requests, 2: their ids, e.g. "#3, #4". */
					_n( '%1$d payment request marked paid: %2$s. Its receipt was produced and the tester mailed.', '%1$d payment requests marked paid: %2$s. Their receipts were produced and the testers mailed.', count( $paid ), 'crowdscout' ),
					count( $paid ),
					implode( ', ', array_map( static fn( int $id ): string => '#' . $id, $paid ) )
				)
			);
		}
		foreach ( $errors as $error ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: 1: payment request id, 2: the API's message. */
					__( 'Request #%1$d was not marked paid: %2$s', 'crowdscout' ),
					(int) ( $error['id'] ?? 0 ),
					(string) ( $error['message'] ?? '' )
				)
			);
		}
		if ( is_string( $result['unreachable'] ?? null ) ) {
			$skipped = (int) ( $result['skipped'] ?? 0 );
			Screen::notice(
				'error',
				sprintf(
					/* translators: 1: number of requests, 2: the reason given by WordPress's HTTP client. */
					_n( 'The Crowdscout API could not be reached, so %1$d payment request was not marked paid (%2$s).', 'The Crowdscout API could not be reached, so %1$d payment requests were not marked paid (%2$s).', $skipped, 'crowdscout' ),
					$skipped,
					$result['unreachable']
				),
				true
			);
		}
	}

	/**
	 * A day YYYY-MM-DD that exists, or null.
	 *
	 * @param string $value The text.
	 * @return string|null
	 */
	private static function day( string $value ): ?string {
		if ( 1 !== preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $parts ) ) {
			return null;
		}
		return checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ? $value : null;
	}

	/**
	 * What is wrong with an export's period, or null: both days given, in order, and the last one before the same
	 * day a year after the first.
	 *
	 * @param string|null $from First day.
	 * @param string|null $to   Last day.
	 * @return string|null
	 */
	private static function period_problem( ?string $from, ?string $to ): ?string {
		if ( null === $from || null === $to ) {
			return __( 'Give the first and the last day of the period to export, as dates.', 'crowdscout' );
		}
		if ( $to < $from ) {
			return __( 'The period to export must not end before it starts.', 'crowdscout' );
		}
		$anniversary = ( new DateTimeImmutable( $from, new DateTimeZone( 'UTC' ) ) )->modify( '+1 year' )->format( 'Y-m-d' );
		if ( $to >= $anniversary ) {
			return __( 'The period to export must be at most one year long.', 'crowdscout' );
		}
		return null;
	}
}
