<?php
/**
 * Crowdscout → Candidates in wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Crowdscout → Candidates: the applications of a campaign (chosen among those the user may run) with their testers,
 * devices and pre-selection answers, and the selection: Select, Exclude or Back to review, from a row or in bulk.
 * Each change is one call to the API (`POST /admin/campaigns/{id}/candidates`) with a token minted for the user,
 * which checks again that they lead the campaign, changes all the applications or none, and refuses to select past
 * the campaign's cap. A row's History shows the application's audit trail.
 * An action is handled before the screen prints (nonce, then capability, then input), its outcome kept, and the
 * browser sent back to the list, which shows what happened.
 */
final class Candidates_Page {

	public const SLUG       = 'crowdscout-candidates';
	public const CAPABILITY = Roles::LEAD_CAP;
	public const PER_PAGE   = 20;

	/**
	 * Actions, from a row's link or the bulk form.
	 */
	public const SELECT  = 'select';
	public const EXCLUDE = 'exclude';
	public const REVIEW  = 'review';

	/**
	 * Statuses as the API names them.
	 */
	public const APPLIED  = 'applied';
	public const SELECTED = 'selected';
	public const EXCLUDED = 'excluded';

	/**
	 * The status each action gives.
	 */
	public const STATUS_OF = array(
		self::SELECT  => self::SELECTED,
		self::EXCLUDE => self::EXCLUDED,
		self::REVIEW  => self::APPLIED,
	);

	/**
	 * Nonce action of the bulk form (WP_List_Table's `bulk-{plural}`).
	 */
	public const BULK_NONCE = 'bulk-candidates';

	/**
	 * Nonce action of a row's link, followed by the action, a dash and the application id.
	 */
	public const ROW_NONCE = 'crowdscout-candidate-';

	/**
	 * The API's back-office routes.
	 *
	 * @var Api_Client
	 */
	private Api_Client $api;

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
	 * `admin_menu`: Crowdscout → Candidates, for whoever may lead a campaign.
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Candidates', 'crowdscout' ), self::CAPABILITY, self::SLUG, $this, 'candidates' );
	}

	/**
	 * The statuses by name, with their labels.
	 *
	 * @return array<string, string>
	 */
	public static function status_labels(): array {
		return array(
			self::APPLIED  => __( 'Applied', 'crowdscout' ),
			self::SELECTED => __( 'Selected', 'crowdscout' ),
			self::EXCLUDED => __( 'Excluded', 'crowdscout' ),
		);
	}

	/**
	 * The actions by name, with their labels.
	 *
	 * @return array<string, string>
	 */
	public static function action_labels(): array {
		return array(
			self::SELECT  => __( 'Select', 'crowdscout' ),
			self::EXCLUDE => __( 'Exclude', 'crowdscout' ),
			self::REVIEW  => __( 'Back to review', 'crowdscout' ),
		);
	}

	/**
	 * `load-{screen}`: runs a submitted action, keeps its outcome and sends the browser back to the list.
	 *
	 * @return void
	 */
	public function load(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle_action() verifies the nonce, then sanitises each field it reads.
		$request = wp_unslash( $_REQUEST );
		$result  = $this->handle_action( $request );
		if ( null === $result ) {
			// The list's form, sent without an action (a search, a page number): the same view without the form's nonce.
			if ( isset( $_GET['_wp_http_referer'], $_SERVER['REQUEST_URI'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only drops the form's fields from the address.
				wp_safe_redirect( remove_query_arg( array( '_wp_http_referer', '_wpnonce', 'action', 'action2', 'application' ), esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) ) );
				exit;
			}
			return;
		}
		if ( is_wp_error( $result ) ) {
			Screen::refuse( $result, __( 'Candidates', 'crowdscout' ) );
			return;
		}
		Screen::keep_result( self::SLUG, $result );
		wp_safe_redirect( self::list_url( (int) $result['campaign'], self::view_of( $request ) ) );
		exit;
	}

	/**
	 * Runs the action the request asks for: from a row's link (`application`, nonce
	 * `crowdscout-candidate-{action}-{id}`) or the bulk form (`application[]`, nonce `bulk-candidates`), for the
	 * campaign `campaign`. Null when no action is asked; a WP_Error for a bad nonce or a user without the capability
	 * (nothing is sent to the API then); else the outcome: the action, the campaign, how many applications were
	 * asked and how many changed, the campaign's selected count and cap after it, or the API's refusal with its
	 * message (nothing changed then), or that the API could not be reached.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array{action: string, campaign: int, asked: int, updated: int|null, selected: int|null, cap: int|null, error: string|null, unreachable: string|null}|WP_Error|null
	 */
	public function handle_action( array $request ) {
		$action = Screen::requested_action( $request );
		if ( ! isset( self::STATUS_OF[ $action ] ) ) {
			return null;
		}
		$bulk  = ! isset( $request['application'] ) || is_array( $request['application'] );
		$ids   = Screen::ids( $request['application'] ?? array() );
		$nonce = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		if ( $bulk ) {
			$nonce_action = self::BULK_NONCE;
		} else {
			$ids          = array_slice( $ids, 0, 1 );
			$nonce_action = self::ROW_NONCE . $action . '-' . ( $ids[0] ?? 0 );
		}
		if ( false === wp_verify_nonce( $nonce, $nonce_action ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the candidates, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to select candidates.', 'crowdscout' ) );
		}

		$campaign = isset( $request['campaign'] ) && is_scalar( $request['campaign'] ) ? absint( $request['campaign'] ) : 0;
		$result   = array(
			'action'      => $action,
			'campaign'    => $campaign,
			'asked'       => count( $ids ),
			'updated'     => null,
			'selected'    => null,
			'cap'         => null,
			'error'       => null,
			'unreachable' => null,
		);
		if ( 0 === $campaign ) {
			$result['error'] = __( 'Choose a campaign first.', 'crowdscout' );
			return $result;
		}
		if ( array() === $ids ) {
			return $result;
		}
		$body = array(
			'applications' => $ids,
			'status'       => self::STATUS_OF[ $action ],
		);
		// The device chosen in each row (of a tester with several) goes with a bulk Select of that row.
		$chosen = self::SELECT === $action && is_array( $request['device'] ?? null ) ? $request['device'] : array();
		foreach ( $ids as $id ) {
			$device = isset( $chosen[ $id ] ) && is_scalar( $chosen[ $id ] ) ? absint( $chosen[ $id ] ) : 0;
			if ( $device > 0 ) {
				$body['devices'][] = array(
					'application' => $id,
					'device'      => $device,
				);
			}
		}
		$answer = $this->api->send( wp_get_current_user(), 'POST', '/admin/campaigns/' . $campaign . '/candidates', $body );
		if ( is_wp_error( $answer ) ) {
			$result['unreachable'] = $answer->get_error_message();
			return $result;
		}
		$body = Api_Client::ok_body( $answer );
		if ( null === $body ) {
			$result['error'] = Api_Client::message(
				$answer,
				/* translators: %d: HTTP status. */
				sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
			);
			return $result;
		}
		$after              = is_array( $body['campaign'] ?? null ) ? $body['campaign'] : array();
		$result['updated']  = is_int( $body['updated'] ?? null ) ? $body['updated'] : 0;
		$result['selected'] = is_int( $after['selectedCount'] ?? null ) ? $after['selectedCount'] : null;
		$result['cap']      = is_int( $after['maxTesters'] ?? null ) ? $after['maxTesters'] : null;
		return $result;
	}

	/**
	 * Prints the screen: the campaign chooser, the outcome of the last action, an application's history when asked,
	 * then the list.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$choices   = Screen::campaign_choices( $this->api, wp_get_current_user() );
		$campaigns = $choices['answer'];
		$options   = array_map( static fn( array $item ): string => is_string( $item['title'] ?? null ) ? $item['title'] : '', $choices['campaigns'] );
		// Opens on the newest running campaign with applications still to decide.
		$campaign = Screen::chosen_campaign(
			$choices['campaigns'],
			static fn( array $item ): bool => 'running' === ( $item['status'] ?? '' ) && (int) ( $item['applicantsCount'] ?? 0 ) > (int) ( $item['selectedCount'] ?? 0 )
		);
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Candidates', 'crowdscout' ); ?></h1>
			<hr class="wp-header-end" />
			<?php
			$this->print_result();
			if ( null === Api_Client::ok_body( $campaigns ) ) {
				Screen::answer_ok( $campaigns, $this->api, __( 'the campaigns', 'crowdscout' ) );
			}
			$this->print_campaign_chooser( $options, $campaign );
			if ( 0 === $campaign ) {
				Screen::notice( 'info', __( 'There is no campaign whose candidates you may select.', 'crowdscout' ) );
			} else {
				$application = Screen::view_id( 'history' );
				if ( $application > 0 ) {
					$this->print_history( $campaign, $application );
				}
				$this->render_list( $campaign );
			}
			?>
		</div>
		<?php
	}

	/**
	 * The select of the campaigns the user may run.
	 *
	 * @param array<int, string> $campaigns Titles by campaign id.
	 * @param int                $current   The campaign shown.
	 * @return void
	 */
	private function print_campaign_chooser( array $campaigns, int $current ): void {
		if ( array() === $campaigns ) {
			return;
		}
		?>
		<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>" class="crowdscout-campaign-chooser">
			<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
			<label for="crowdscout-candidates-campaign"><?php esc_html_e( 'Campaign', 'crowdscout' ); ?></label>
			<select name="campaign" id="crowdscout-candidates-campaign">
				<?php
				foreach ( $campaigns as $id => $title ) {
					printf(
						'<option value="%d"%s>%s</option>',
						(int) $id,
						selected( $id, $current, false ),
						esc_html(
							/* translators: 1: campaign id, 2: campaign title. */
							sprintf( __( 'CP%1$d - %2$s', 'crowdscout' ), $id, $title )
						)
					);
				}
				?>
			</select>
			<?php submit_button( __( 'Show its candidates', 'crowdscout' ), 'secondary', '', false ); ?>
		</form>
		<?php
	}

	/**
	 * The campaign's selection line, views, search and list.
	 *
	 * @param int $campaign The campaign.
	 * @return void
	 */
	private function render_list( int $campaign ): void {
		$view   = array(
			'status' => Screen::view_key( 'status' ),
			's'      => Screen::view_text( 's' ),
			'paged'  => (string) Screen::page_number(),
		);
		$status = isset( self::status_labels()[ $view['status'] ] ) ? $view['status'] : '';
		$page   = Screen::page_number();
		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/campaigns/' . $campaign . '/candidates',
			array(
				'status' => $status,
				'search' => $view['s'],
				'start'  => ( $page - 1 ) * self::PER_PAGE,
				'limit'  => self::PER_PAGE,
			)
		);
		$ok      = Screen::answer_ok( $answer, $this->api, __( 'the candidates', 'crowdscout' ) );
		$body    = Api_Client::ok_body( $answer ) ?? array();
		$summary = is_array( $body['campaign'] ?? null ) ? $body['campaign'] : array();
		$counts  = is_array( $summary['statusCounts'] ?? null ) ? $summary['statusCounts'] : array();
		$known   = array();
		foreach ( array_keys( self::status_labels() ) as $name ) {
			$known[ $name ] = is_int( $counts[ $name ] ?? null ) ? $counts[ $name ] : null;
		}
		$known[''] = in_array( null, $known, true ) ? null : array_sum( $known );
		if ( $ok ) {
			$this->print_selection_line( $summary );
		}

		$table = new Candidates_Table( $campaign, $status, $known, $view );
		$table->prepare_items();
		$table->set_candidates(
			is_array( $body['results'] ?? null ) ? $body['results'] : array(),
			(int) ( Api_Client::total( $answer ) ?? 0 ),
			self::PER_PAGE
		);
		$table->views();
		?>
		<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>">
			<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
			<input type="hidden" name="campaign" value="<?php echo esc_attr( (string) $campaign ); ?>" />
			<input type="hidden" name="status" value="<?php echo esc_attr( $status ); ?>" />
			<?php
			$table->search_box( __( 'Search candidates', 'crowdscout' ), 'crowdscout-candidate-search' );
			$table->display();
			?>
		</form>
		<?php
	}

	/**
	 * "N of CAP selected" (or, without a cap, "N selected"), with the campaign's applicants.
	 *
	 * @param array<string, mixed> $summary The answer's CandidateCampaign.
	 * @return void
	 */
	private function print_selection_line( array $summary ): void {
		$selected   = is_int( $summary['selectedCount'] ?? null ) ? $summary['selectedCount'] : 0;
		$applicants = is_int( $summary['applicantsCount'] ?? null ) ? $summary['applicantsCount'] : 0;
		$cap        = is_int( $summary['maxTesters'] ?? null ) ? $summary['maxTesters'] : null;
		$line       = null === $cap
			/* translators: %d: number of testers selected. */
			? sprintf( __( '%d selected (no cap)', 'crowdscout' ), $selected )
			/* translators: 1: number of testers selected, 2: the campaign's cap. */
			: sprintf( __( '%1$d of %2$d selected', 'crowdscout' ), $selected, $cap );
		printf(
			'<p class="crowdscout-selection"><strong>%s</strong> &middot; %s</p>',
			esc_html( $line ),
			/* translators: %d: number of applications. */
			esc_html( sprintf( _n( '%d applicant', '%d applicants', $applicants, 'crowdscout' ), $applicants ) )
		);
	}

	/**
	 * An application's audit trail, above the list.
	 *
	 * @param int $campaign    The campaign shown.
	 * @param int $application The application.
	 * @return void
	 */
	private function print_history( int $campaign, int $application ): void {
		$labels = self::status_labels();
		printf(
			'<h2>%s</h2>',
			/* translators: %d: application id. */
			esc_html( sprintf( __( 'History of application #%d', 'crowdscout' ), $application ) )
		);
		Audit_Trail::render(
			$this->api,
			'application',
			$application,
			static function ( array $entry ) use ( $labels ): string {
				$from = Audit_Trail::field( $entry, 'before', 'status' );
				$to   = Audit_Trail::field( $entry, 'after', 'status' );
				return ( $labels[ $from ] ?? ( '' !== $from ? $from : '—' ) ) . ' → ' . ( $labels[ $to ] ?? ( '' !== $to ? $to : '—' ) );
			},
			__( 'the application’s history', 'crowdscout' ),
			__( 'Its status has not been changed in the back office.', 'crowdscout' )
		);
		printf(
			'<p><a href="%s">%s</a></p>',
			esc_url( self::list_url( $campaign ) ),
			esc_html__( 'Hide the history', 'crowdscout' )
		);
	}

	/**
	 * Prints the outcome of the user's last action, once.
	 *
	 * @return void
	 */
	private function print_result(): void {
		$result = Screen::take_result( self::SLUG );
		if ( ! is_array( $result ) ) {
			return;
		}
		if ( is_string( $result['unreachable'] ?? null ) ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API could not be reached, so nothing was changed (%s).', 'crowdscout' ),
					$result['unreachable']
				),
				true
			);
			return;
		}
		if ( is_string( $result['error'] ?? null ) ) {
			/* translators: %s: the API's message. */
			Screen::notice( 'error', sprintf( __( 'Nothing was changed: %s', 'crowdscout' ), $result['error'] ) );
			return;
		}
		$asked = (int) ( $result['asked'] ?? 0 );
		if ( 0 === $asked ) {
			Screen::notice( 'warning', __( 'No candidate was ticked.', 'crowdscout' ) );
			return;
		}
		$updated = (int) ( $result['updated'] ?? 0 );
		$action  = is_string( $result['action'] ?? null ) ? $result['action'] : self::SELECT;
		if ( self::SELECT === $action ) {
			/* translators: %d: number of candidates. */
			$message = sprintf( _n( '%d candidate selected.', '%d candidates selected.', $updated, 'crowdscout' ), $updated );
		} elseif ( self::EXCLUDE === $action ) {
			/* translators: %d: number of candidates. */
			$message = sprintf( _n( '%d candidate excluded.', '%d candidates excluded.', $updated, 'crowdscout' ), $updated );
		} else {
			/* translators: %d: number of candidates. */
			$message = sprintf( _n( '%d candidate put back under review.', '%d candidates put back under review.', $updated, 'crowdscout' ), $updated );
		}
		if ( $updated < $asked ) {
			$message .= ' ' . sprintf(
				/* translators: %d: number of candidates. */
				_n( '%d already had that status.', '%d already had that status.', $asked - $updated, 'crowdscout' ),
				$asked - $updated
			);
		}
		if ( is_int( $result['selected'] ?? null ) ) {
			$message .= ' ' . ( is_int( $result['cap'] ?? null )
				/* translators: 1: number of testers selected, 2: the campaign's cap. */
				? sprintf( __( 'Now %1$d of %2$d selected.', 'crowdscout' ), $result['selected'], $result['cap'] )
				/* translators: %d: number of testers selected. */
				: sprintf( __( 'Now %d selected.', 'crowdscout' ), $result['selected'] ) );
		}
		Screen::notice( 'success', $message );
	}

	/**
	 * The view a request came from: status, search and page.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array<string, string>
	 */
	private static function view_of( array $request ): array {
		$view = array();
		foreach ( array( 'status', 's', 'paged' ) as $key ) {
			$view[ $key ] = Screen::text( $request, $key );
		}
		return $view;
	}

	/**
	 * URL of a campaign's list, in a view.
	 *
	 * @param int                   $campaign The campaign (0: the first one).
	 * @param array<string, string> $view     status, s, paged, history ('' left out).
	 * @return string
	 */
	public static function list_url( int $campaign, array $view = array() ): string {
		$args = array( 'page' => self::SLUG );
		if ( $campaign > 0 ) {
			$args['campaign'] = (string) $campaign;
		}
		foreach ( array( 'status', 's', 'paged', 'history' ) as $key ) {
			if ( isset( $view[ $key ] ) && '' !== $view[ $key ] && ( 'paged' !== $key || '1' !== $view[ $key ] ) ) {
				$args[ $key ] = $view[ $key ];
			}
		}
		return add_query_arg( array_map( 'rawurlencode', $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a row's action link, with its nonce, coming back to the view it is in.
	 *
	 * @param int                   $campaign    The campaign shown.
	 * @param string                $action      select, exclude or review.
	 * @param int                   $application The application.
	 * @param array<string, string> $view        The view's status, search and page.
	 * @return string
	 */
	public static function action_url( int $campaign, string $action, int $application, array $view = array() ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action'      => $action,
					'application' => $application,
				),
				self::list_url( $campaign, $view )
			),
			self::ROW_NONCE . $action . '-' . $application
		);
	}
}
