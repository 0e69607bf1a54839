<?php
/**
 * The Crowdscout menu of wp-admin and its Payouts screen.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Settings;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Crowdscout → Payouts: the testers' payment requests read from the API (Payouts_Table) and the "Mark paid" action,
 * one request from its row or several at once (the list's form is sent by GET, as WordPress's own lists are),
 * each sent to the API with a token minted for the administrator.
 * The action is handled before the screen prints (nonce, then capability, then input), then the browser is sent
 * back to the list, which shows what happened: how many were marked paid, each refusal with the API's message, or
 * that the API could not be reached.
 */
final class Payouts_Page {

	public const SLUG       = 'crowdscout-payouts';
	public const CAPABILITY = 'manage_options';
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
	 * Transient holding the outcome of an action until the list shows it, followed by the user id.
	 */
	public const RESULT_TRANSIENT = 'crowdscout_payouts_result_';

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
	 * Adds the menu.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
	}

	/**
	 * `admin_menu`: the top-level Crowdscout menu, whose first entry is Payouts.
	 *
	 * @return void
	 */
	public function add_menu(): void {
		// The first entry shares the menu's slug, so its title is the page's.
		add_menu_page(
			__( 'Payouts', 'crowdscout' ),
			__( 'Crowdscout', 'crowdscout' ),
			self::CAPABILITY,
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-groups',
			30
		);
		$hook = add_submenu_page(
			self::SLUG,
			__( 'Payouts', 'crowdscout' ),
			__( 'Payouts', 'crowdscout' ),
			self::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
		if ( is_string( $hook ) ) {
			add_action( 'load-' . $hook, array( $this, 'load' ) );
		}
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
			wp_die(
				esc_html( $result->get_error_message() ),
				esc_html__( 'Payouts', 'crowdscout' ),
				array(
					'response'  => 403,
					'back_link' => true,
				)
			);
		}
		set_transient( self::RESULT_TRANSIENT . get_current_user_id(), $result, 5 * MINUTE_IN_SECONDS );
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
		$action = self::action( $request );
		if ( self::ACTION !== $action ) {
			return null;
		}
		// The list's form sends `payment[]` (nothing when no box is ticked); a row's link sends one `payment`.
		$bulk  = ! isset( $request['payment'] ) || is_array( $request['payment'] );
		$nonce = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		$ids   = $bulk ? (array) ( $request['payment'] ?? array() ) : array( $request['payment'] );
		$ids   = array_values( array_unique( array_filter( array_map( static fn( $id ): int => is_scalar( $id ) ? absint( $id ) : 0, $ids ) ) ) );

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
		$admin  = wp_get_current_user();
		foreach ( $ids as $index => $id ) {
			$answer = $this->api->mark_paid( $admin, $id );
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
				'message' => Payments_Api::message(
					$answer,
					/* translators: %d: HTTP status. */
					sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
				),
			);
		}
		return $result;
	}

	/**
	 * Prints the screen: the outcome of the last action, the views, and the list (or why it could not be read).
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- the view and the page only choose what is read.
		$status = isset( $_GET['status'] ) && is_string( $_GET['status'] ) ? sanitize_key( wp_unslash( $_GET['status'] ) ) : '';
		$page   = isset( $_GET['paged'] ) && is_scalar( $_GET['paged'] ) ? max( 1, absint( wp_unslash( $_GET['paged'] ) ) ) : 1;
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$status = self::PAID === $status ? self::PAID : self::PROCESSING;
		$admin  = wp_get_current_user();

		$answer = $this->api->list_payments( $admin, $status, ( $page - 1 ) * self::PER_PAGE, self::PER_PAGE, self::PAID === $status ? 'DESC' : 'ASC' );
		$other  = self::PAID === $status ? self::PROCESSING : self::PAID;
		$counts = array(
			$status => self::total( $answer ),
			$other  => is_wp_error( $answer ) ? null : self::total( $this->api->list_payments( $admin, $other, 0, 1 ) ),
		);

		$table = new Payouts_Table( $status, $counts );
		$table->prepare_items();
		$body = is_array( $answer ) && 200 === $answer['status'] && is_array( $answer['body'] ) ? $answer['body'] : array();
		$table->set_payments(
			isset( $body['results'] ) && is_array( $body['results'] ) ? $body['results'] : array(),
			(int) ( $counts[ $status ] ?? 0 ),
			self::PER_PAGE
		);
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Payouts', 'crowdscout' ); ?></h1>
			<hr class="wp-header-end" />
			<?php
			$this->print_result();
			$this->print_list_problem( $answer );
			$table->views();
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
	 * Prints the outcome of the user's last action, once.
	 *
	 * @return void
	 */
	private function print_result(): void {
		$key    = self::RESULT_TRANSIENT . get_current_user_id();
		$result = get_transient( $key );
		if ( ! is_array( $result ) ) {
			return;
		}
		delete_transient( $key );
		$paid   = isset( $result['paid'] ) && is_array( $result['paid'] ) ? array_map( 'intval', $result['paid'] ) : array();
		$errors = isset( $result['errors'] ) && is_array( $result['errors'] ) ? $result['errors'] : array();
		$tried  = count( $paid ) + count( $errors ) + (int) ( $result['skipped'] ?? 0 );

		if ( 0 === $tried ) {
			self::notice( 'warning', __( 'No payment request was selected.', 'crowdscout' ) );
		}
		if ( array() !== $paid ) {
			self::notice(
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
			self::notice(
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
			self::notice(
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
	 * Prints why the list could not be read, if it could not.
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer The list's answer.
	 * @return void
	 */
	private function print_list_problem( $answer ): void {
		if ( is_wp_error( $answer ) ) {
			$message = 'no_secret' === $answer->get_error_code()
				? $answer->get_error_message()
				: sprintf(
					/* translators: 1: the API's URL, 2: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API cannot be reached at %1$s (%2$s), so the payment requests cannot be shown. Check that the API is running and that its URL is right.', 'crowdscout' ),
					'' !== $this->api->base_url() ? $this->api->base_url() : '—',
					$answer->get_error_message()
				);
			self::notice( 'error', $message, true );
			return;
		}
		if ( 200 !== $answer['status'] || ! is_array( $answer['body'] ) || ! isset( $answer['body']['results'] ) ) {
			self::notice(
				'error',
				sprintf(
					/* translators: 1: HTTP status, 2: the API's message. */
					__( 'The API did not list the payment requests (status %1$d): %2$s', 'crowdscout' ),
					$answer['status'],
					Payments_Api::message( $answer, __( 'unexpected answer.', 'crowdscout' ) )
				)
			);
		}
	}

	/**
	 * Prints an admin notice, escaped; with a link to the settings when they may be the cause.
	 *
	 * @param string $type          success, warning or error.
	 * @param string $message       Plain text.
	 * @param bool   $settings_link Whether to link to Settings → Crowdscout.
	 * @return void
	 */
	private static function notice( string $type, string $message, bool $settings_link = false ): void {
		printf( '<div class="notice notice-%s"><p>%s', esc_attr( $type ), esc_html( $message ) );
		if ( $settings_link ) {
			printf(
				' <a href="%s">%s</a>',
				esc_url( admin_url( 'options-general.php?page=' . Settings::PAGE ) ),
				esc_html__( 'Open the settings', 'crowdscout' )
			);
		}
		echo '</p></div>';
	}

	/**
	 * The `total` of a list answer, or null when it has none.
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer Answer.
	 * @return int|null
	 */
	private static function total( $answer ): ?int {
		if ( is_wp_error( $answer ) || 200 !== $answer['status'] || ! is_array( $answer['body'] ) ) {
			return null;
		}
		return isset( $answer['body']['total'] ) && is_int( $answer['body']['total'] ) ? $answer['body']['total'] : null;
	}

	/**
	 * The action asked for: `action`, or `action2` (the bulk selector under the list); '' for none.
	 *
	 * @param array<string, mixed> $request Parameters.
	 * @return string
	 */
	private static function action( array $request ): string {
		foreach ( array( 'action', 'action2' ) as $key ) {
			if ( isset( $request[ $key ] ) && is_string( $request[ $key ] ) && '-1' !== $request[ $key ] && '' !== $request[ $key ] ) {
				return sanitize_key( $request[ $key ] );
			}
		}
		return '';
	}
}
