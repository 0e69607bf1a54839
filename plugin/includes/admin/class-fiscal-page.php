<?php
/**
 * Crowdscout → Fiscal profiles in wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Crowdscout → Fiscal profiles: the testers' fiscal profiles waiting for a check (Unverified) or checked (Verified),
 * searchable, and one profile in full with its audit trail. Verify is a row action and a button on the profile;
 * Refuse is a form on the profile, because the reason is required. Each verdict is sent to the API
 * (`POST /admin/fiscal_profiles/{testerId}/review`) with a token minted for the administrator; the tester's profile
 * tab and wallet follow it at once.
 * An action is handled before the screen prints (nonce, then capability, then input), its outcome kept, and the
 * browser sent back to where it came from, which shows what happened.
 */
final class Fiscal_Page {

	public const SLUG       = 'crowdscout-fiscal';
	public const CAPABILITY = Roles::CAP_FISCAL;
	public const PER_PAGE   = 20;

	/**
	 * Actions: verify (a row's link or the profile's button), refuse (the profile's form).
	 */
	public const VERIFY = 'verify';
	public const REFUSE = 'refuse';

	/**
	 * Statuses as the API names them.
	 */
	public const UNVERIFIED = 'unverified';
	public const VERIFIED   = 'verified';

	/**
	 * Nonce action of a verdict, followed by the action, a dash and the tester id.
	 */
	public const NONCE = 'crowdscout-fiscal-';

	/**
	 * Longest reason the API takes.
	 */
	public const REASON_MAX = 2000;

	/**
	 * The API's back-office routes.
	 *
	 * @var Api_Client
	 */
	private Api_Client $api;

	/**
	 * The outcome of the user's last action, once printed: the refusal form shows what was typed again.
	 *
	 * @var array<string, mixed>
	 */
	private array $kept = array();

	/**
	 * Constructor.
	 *
	 * @param Api_Client $api The API's back-office routes.
	 */
	public function __construct( Api_Client $api ) {
		$this->api = $api;
	}

	/**
	 * Adds the menu entry.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
	}

	/**
	 * `admin_menu`: Crowdscout → Fiscal profiles, for whoever checks fiscal profiles (administrators).
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Fiscal profiles', 'crowdscout' ), self::CAPABILITY, self::SLUG, $this, 'fiscal' );
	}

	/**
	 * The statuses by name, with their labels.
	 *
	 * @return array<string, string>
	 */
	public static function status_labels(): array {
		return array(
			self::UNVERIFIED => __( 'Unverified', 'crowdscout' ),
			self::VERIFIED   => __( 'Verified', 'crowdscout' ),
		);
	}

	/**
	 * The fiscal types by name, with their labels (the profile tab's).
	 *
	 * @return array<string, string>
	 */
	public static function type_labels(): array {
		return array(
			'non-italian'      => __( 'Not resident in Italy', 'crowdscout' ),
			'withholding'      => __( 'Withholding tax, under €5,000 gross a year', 'crowdscout' ),
			'witholding-extra' => __( 'Withholding tax, over €5,000 gross a year', 'crowdscout' ),
			'vat'              => __( 'Flat-rate VAT', 'crowdscout' ),
			'company'          => __( 'Standard VAT scheme or company', 'crowdscout' ),
			'internal'         => __( 'Employee', 'crowdscout' ),
		);
	}

	/**
	 * `load-{screen}`: runs a submitted action, keeps its outcome and sends the browser back.
	 *
	 * @return void
	 */
	public function load(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle_action() verifies the nonce, then sanitises each field it reads.
		$request = wp_unslash( $_REQUEST );
		$result  = $this->handle_action( $request );
		if ( null === $result ) {
			// The search form: the same view without the form's fields.
			if ( isset( $_GET['_wp_http_referer'], $_SERVER['REQUEST_URI'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only drops the form's fields from the address.
				wp_safe_redirect( remove_query_arg( array( '_wp_http_referer', '_wpnonce', 'action', 'action2' ), esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) ) );
				exit;
			}
			return;
		}
		if ( is_wp_error( $result ) ) {
			Screen::refuse( $result, __( 'Fiscal profiles', 'crowdscout' ) );
			return;
		}
		Screen::keep_result( self::SLUG, $result );
		$back = self::REFUSE === $result['action'] || 'profile' === Screen::text( $request, 'return' )
			? self::profile_url( (int) $result['tester'] )
			: self::list_url(
				array(
					'status' => Screen::text( $request, 'status' ),
					's'      => Screen::text( $request, 's' ),
					'paged'  => Screen::text( $request, 'paged' ),
				)
			);
		wp_safe_redirect( $back );
		exit;
	}

	/**
	 * Runs the verdict the request asks for: Verify (`tester`, nonce `crowdscout-fiscal-verify-{id}`) or Refuse
	 * (`tester`, `reason`, nonce `crowdscout-fiscal-refuse-{id}`). Null when no action is asked; a WP_Error for a bad
	 * nonce or a user without the capability (nothing is sent to the API then); else the outcome: the profile as
	 * reviewed, or the API's refusal with its message, or that the API could not be reached, or `invalid` when the
	 * form was refused before the API (no reason), with the reason typed, for the form to show again.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array{action: string, tester: int, name: string, error: string|null, unreachable: string|null, invalid: string|null, reason: string}|WP_Error|null
	 */
	public function handle_action( array $request ) {
		$action = Screen::requested_action( $request );
		if ( self::VERIFY !== $action && self::REFUSE !== $action ) {
			return null;
		}
		$tester = isset( $request['tester'] ) && is_scalar( $request['tester'] ) ? absint( $request['tester'] ) : 0;
		$nonce  = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		if ( false === wp_verify_nonce( $nonce, self::NONCE . $action . '-' . $tester ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the fiscal profiles, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to check fiscal profiles.', 'crowdscout' ) );
		}

		$reason = self::REFUSE === $action ? Screen::text( $request, 'reason', true ) : '';
		$result = array(
			'action'      => $action,
			'tester'      => $tester,
			'name'        => '',
			'error'       => null,
			'unreachable' => null,
			'invalid'     => null,
			'reason'      => $reason,
		);
		if ( self::REFUSE === $action && '' === $reason ) {
			$result['invalid'] = __( 'Write the reason of the refusal: it is required.', 'crowdscout' );
			return $result;
		}
		if ( mb_strlen( $reason ) > self::REASON_MAX ) {
			/* translators: %d: the longest reason, in characters. */
			$result['invalid'] = sprintf( __( 'The reason is too long: at most %d characters.', 'crowdscout' ), self::REASON_MAX );
			return $result;
		}
		$body = array( 'status' => self::REFUSE === $action ? self::UNVERIFIED : self::VERIFIED );
		if ( '' !== $reason ) {
			$body['reason'] = $reason;
		}
		$answer = $this->api->send( wp_get_current_user(), 'POST', '/admin/fiscal_profiles/' . $tester . '/review', $body );
		if ( is_wp_error( $answer ) ) {
			$result['unreachable'] = $answer->get_error_message();
			return $result;
		}
		$profile = Api_Client::ok_body( $answer );
		if ( null === $profile ) {
			$result['error'] = Api_Client::message(
				$answer,
				/* translators: %d: HTTP status. */
				sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
			);
			return $result;
		}
		$result['name'] = Fiscal_Table::row( $profile )['name'] ?? '';
		return $result;
	}

	/**
	 * Prints the screen: the outcome of the last action, then one profile or the list.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$tester = Screen::view_id( 'tester' );
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Fiscal profiles', 'crowdscout' ); ?></h1>
			<hr class="wp-header-end" />
			<?php
			$this->print_result();
			if ( $tester > 0 ) {
				$this->render_profile( $tester );
			} else {
				$this->render_list();
			}
			?>
		</div>
		<?php
	}

	/**
	 * The views, the search and the list.
	 *
	 * @return void
	 */
	private function render_list(): void {
		$status = Screen::view_key( 'status' );
		$status = self::VERIFIED === $status ? self::VERIFIED : self::UNVERIFIED;
		$search = Screen::view_text( 's' );
		$page   = Screen::page_number();
		$user   = wp_get_current_user();
		$answer = $this->api->get(
			$user,
			'/admin/fiscal_profiles',
			array(
				'status' => $status,
				'search' => $search,
				'start'  => ( $page - 1 ) * self::PER_PAGE,
				'limit'  => self::PER_PAGE,
			)
		);
		// Each view's count: this page's total unless a search narrows it; the API is not asked again when it is down.
		$counts = array();
		foreach ( array_keys( self::status_labels() ) as $view_status ) {
			$counts[ $view_status ] = null;
			if ( is_wp_error( $answer ) ) {
				continue;
			}
			$counts[ $view_status ] = $view_status === $status && '' === $search
				? Api_Client::total( $answer )
				: Api_Client::total(
					$this->api->get(
						$user,
						'/admin/fiscal_profiles',
						array(
							'status' => $view_status,
							'limit'  => 1,
						)
					)
				);
		}
		Screen::answer_ok( $answer, $this->api, __( 'the fiscal profiles', 'crowdscout' ) );

		$view  = array(
			'status' => $status,
			's'      => $search,
			'paged'  => (string) $page,
		);
		$table = new Fiscal_Table( $status, $counts, $view );
		$table->prepare_items();
		$body = Api_Client::ok_body( $answer ) ?? array();
		$table->set_profiles(
			is_array( $body['results'] ?? null ) ? $body['results'] : array(),
			(int) ( Api_Client::total( $answer ) ?? 0 ),
			self::PER_PAGE
		);
		$table->views();
		?>
		<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>">
			<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
			<input type="hidden" name="status" value="<?php echo esc_attr( $status ); ?>" />
			<?php
			$table->search_box( __( 'Search profiles', 'crowdscout' ), 'crowdscout-fiscal-search' );
			$table->display();
			?>
		</form>
		<?php
	}

	/**
	 * One tester's profile: its fields, the verdict forms and the audit trail.
	 *
	 * @param int $tester_id The tester.
	 * @return void
	 */
	private function render_profile( int $tester_id ): void {
		printf(
			'<p><a href="%s">&larr; %s</a></p>',
			esc_url( self::list_url() ),
			esc_html__( 'Back to the fiscal profiles', 'crowdscout' )
		);
		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/fiscal_profiles',
			array(
				'testerId' => $tester_id,
				'limit'    => 1,
			)
		);
		if ( ! Screen::answer_ok( $answer, $this->api, __( 'the fiscal profile', 'crowdscout' ) ) ) {
			return;
		}
		$body    = Api_Client::ok_body( $answer ) ?? array();
		$results = is_array( $body['results'] ?? null ) ? $body['results'] : array();
		$profile = Fiscal_Table::row( $results[0] ?? null );
		if ( null === $profile ) {
			Screen::notice( 'warning', __( 'This tester has no fiscal profile.', 'crowdscout' ) );
			return;
		}
		$rows = array(
			__( 'Tester', 'crowdscout' )         => 'T' . $profile['tester_id'] . ' ' . $profile['name'],
			__( 'E-mail', 'crowdscout' )         => $profile['email'],
			__( 'Birth date', 'crowdscout' )     => $profile['birth_date'],
			__( 'Status', 'crowdscout' )         => self::status_labels()[ $profile['status'] ] ?? $profile['status'],
			__( 'Fiscal type', 'crowdscout' )    => self::type_labels()[ $profile['type'] ] ?? $profile['type'],
			__( 'Tax id', 'crowdscout' )         => $profile['fiscal_id'],
			__( 'Gender', 'crowdscout' )         => $profile['gender'],
			__( 'Birth place', 'crowdscout' )    => $profile['birth_place'],
			__( 'Address', 'crowdscout' )        => $profile['address'],
			__( 'Last saved', 'crowdscout' )     => Audit_Trail::date( $profile['updated'] ),
			__( 'Last checked', 'crowdscout' )   => Audit_Trail::date( $profile['reviewed'] ),
			__( 'Refusal reason', 'crowdscout' ) => $profile['note'],
		);
		?>
		<h2>
			<?php
			/* translators: %s: the tester's name. */
			echo esc_html( sprintf( __( 'Fiscal profile of %s', 'crowdscout' ), $profile['name'] ) );
			?>
		</h2>
		<table class="form-table" role="presentation"><tbody>
			<?php foreach ( $rows as $label => $value ) : ?>
				<tr><th scope="row"><?php echo esc_html( (string) $label ); ?></th><td><?php echo esc_html( '' !== $value ? $value : '—' ); ?></td></tr>
			<?php endforeach; ?>
		</tbody></table>
		<?php
		$this->print_verdict_forms( $tester_id );
		printf( '<h3>%s</h3>', esc_html__( 'History', 'crowdscout' ) );
		$labels = self::status_labels();
		Audit_Trail::render(
			$this->api,
			'fiscal_profile',
			$profile['id'],
			static function ( array $entry ) use ( $labels ): string {
				$from = Audit_Trail::field( $entry, 'before', 'status' );
				$to   = Audit_Trail::field( $entry, 'after', 'status' );
				return ( $labels[ $from ] ?? ( '' !== $from ? $from : '—' ) ) . ' → ' . ( $labels[ $to ] ?? ( '' !== $to ? $to : '—' ) );
			},
			__( 'the profile’s history', 'crowdscout' ),
			__( 'Not checked in the back office yet.', 'crowdscout' )
		);
	}

	/**
	 * Verify (a button) and Refuse (a reason, required).
	 *
	 * @param int $tester_id The tester.
	 * @return void
	 */
	private function print_verdict_forms( int $tester_id ): void {
		$reason = null !== ( $this->kept['invalid'] ?? null ) && is_string( $this->kept['reason'] ?? null ) ? $this->kept['reason'] : '';
		$url    = self::profile_url( $tester_id );
		?>
		<form method="post" action="<?php echo esc_url( $url ); ?>" class="crowdscout-fiscal-verify">
			<input type="hidden" name="action" value="<?php echo esc_attr( self::VERIFY ); ?>" />
			<input type="hidden" name="tester" value="<?php echo esc_attr( (string) $tester_id ); ?>" />
			<input type="hidden" name="return" value="profile" />
			<?php
			wp_nonce_field( self::NONCE . self::VERIFY . '-' . $tester_id );
			submit_button( __( 'Verify', 'crowdscout' ), 'primary', 'submit', false );
			?>
		</form>
		<h3 id="crowdscout-refuse"><?php esc_html_e( 'Refuse', 'crowdscout' ); ?></h3>
		<form method="post" action="<?php echo esc_url( $url ); ?>" class="crowdscout-fiscal-refuse">
			<input type="hidden" name="action" value="<?php echo esc_attr( self::REFUSE ); ?>" />
			<input type="hidden" name="tester" value="<?php echo esc_attr( (string) $tester_id ); ?>" />
			<?php wp_nonce_field( self::NONCE . self::REFUSE . '-' . $tester_id ); ?>
			<p>
				<label for="crowdscout-fiscal-reason"><?php esc_html_e( 'Reason', 'crowdscout' ); ?></label><br />
				<textarea name="reason" id="crowdscout-fiscal-reason" rows="4" cols="80" class="large-text" required maxlength="<?php echo esc_attr( (string) self::REASON_MAX ); ?>" aria-describedby="crowdscout-fiscal-reason-help"><?php echo esc_textarea( $reason ); ?></textarea>
				<span id="crowdscout-fiscal-reason-help" class="description"><?php esc_html_e( 'Required. The profile becomes Unverified and the tester cannot request a payment until it is verified again.', 'crowdscout' ); ?></span>
			</p>
			<?php submit_button( __( 'Refuse the profile', 'crowdscout' ), 'secondary', 'submit', false ); ?>
		</form>
		<?php
	}

	/**
	 * Prints the outcome of the user's last action, once, and keeps it for the refusal form.
	 *
	 * @return void
	 */
	private function print_result(): void {
		$result     = Screen::take_result( self::SLUG );
		$this->kept = is_array( $result ) ? $result : array();
		if ( ! is_array( $result ) ) {
			return;
		}
		if ( is_string( $result['invalid'] ?? null ) ) {
			Screen::notice( 'error', $result['invalid'] );
			return;
		}
		if ( is_string( $result['unreachable'] ?? null ) ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API could not be reached, so the fiscal profile was not changed (%s).', 'crowdscout' ),
					$result['unreachable']
				),
				true
			);
			return;
		}
		$tester = (int) ( $result['tester'] ?? 0 );
		if ( is_string( $result['error'] ?? null ) ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: 1: tester id, 2: the API's message. */
					__( 'The fiscal profile of tester T%1$d was not changed: %2$s', 'crowdscout' ),
					$tester,
					$result['error']
				)
			);
			return;
		}
		$who = trim( 'T' . $tester . ' ' . ( is_string( $result['name'] ?? null ) ? $result['name'] : '' ) );
		Screen::notice(
			'success',
			self::REFUSE === ( $result['action'] ?? '' )
				/* translators: %s: the tester, e.g. "T41 Ada Lovelace". */
				? sprintf( __( 'The fiscal profile of %s was refused; the tester sees it as invalid.', 'crowdscout' ), $who )
				/* translators: %s: the tester, e.g. "T41 Ada Lovelace". */
				: sprintf( __( 'The fiscal profile of %s is verified.', 'crowdscout' ), $who )
		);
	}

	/**
	 * URL of the list, in a view.
	 *
	 * @param array<string, string> $view status, s, paged ('' left out; unverified and page 1 are the defaults).
	 * @return string
	 */
	public static function list_url( array $view = array() ): string {
		$args = array( 'page' => self::SLUG );
		foreach ( array( 'status', 's', 'paged' ) as $key ) {
			$value = $view[ $key ] ?? '';
			if ( '' !== $value && ! ( 'status' === $key && self::UNVERIFIED === $value ) && ! ( 'paged' === $key && '1' === $value ) ) {
				$args[ $key ] = $value;
			}
		}
		return add_query_arg( array_map( 'rawurlencode', $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a tester's profile.
	 *
	 * @param int $tester_id The tester.
	 * @return string
	 */
	public static function profile_url( int $tester_id ): string {
		return add_query_arg(
			array(
				'page'   => self::SLUG,
				'tester' => $tester_id,
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * URL of a row's Verify link, with its nonce, coming back to the view it is in.
	 *
	 * @param int                   $tester_id The tester.
	 * @param array<string, string> $view      The view's status, search and page.
	 * @return string
	 */
	public static function verify_url( int $tester_id, array $view = array() ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::VERIFY,
					'tester' => $tester_id,
				),
				self::list_url( $view )
			),
			self::NONCE . self::VERIFY . '-' . $tester_id
		);
	}
}
