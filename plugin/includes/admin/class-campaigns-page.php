<?php
/**
 * Crowdscout → Campaigns: the back office's first screen.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The top-level page of the Crowdscout menu. Its list (Campaigns_Table) is read from `GET /admin/campaigns` with
 * a token minted for the user, so a tester lead sees the campaigns they lead; administrators (CAP_CAMPAIGNS) also
 * create, edit, duplicate and close campaigns, the form being Campaign_Form.
 *
 * Every action is handled on `load-{screen}` before anything prints: nonce, then capability, then input; then the
 * API is called and the outcome kept for the next view, to which the browser is redirected. A refused save (the
 * API's 400) is not redirected: the form is printed again with what was typed and the API's message.
 */
final class Campaigns_Page {

	public const RUNNING  = 'running';
	public const CLOSED   = 'closed';
	public const ALL      = 'all';
	public const PER_PAGE = 20;

	public const SAVE      = 'save_campaign';
	public const CLOSE     = 'close';
	public const DUPLICATE = 'duplicate';

	/**
	 * The other screens the rows link to.
	 */
	public const CANDIDATES_SLUG = 'crowdscout-candidates';
	public const BUGS_SLUG       = 'crowdscout-bugs';

	/**
	 * Nonce actions, followed by the campaign id ("new" for a creation).
	 */
	public const SAVE_NONCE      = 'crowdscout-save-campaign-';
	public const CLOSE_NONCE     = 'crowdscout-close-campaign-';
	public const DUPLICATE_NONCE = 'crowdscout-duplicate-campaign-';

	/**
	 * The API's back-office routes.
	 *
	 * @var Api_Client
	 */
	private Api_Client $api;

	/**
	 * A save the API refused, printed again by render(): the body sent and the API's message.
	 *
	 * @var array{body: array<string, mixed>, message: string}|null
	 */
	private ?array $refused = null;

	/**
	 * Constructor.
	 *
	 * @param Api_Client $api The API's back-office routes.
	 */
	public function __construct( Api_Client $api ) {
		$this->api = $api;
	}

	/**
	 * Adds the screen under the Crowdscout menu.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
	}

	/**
	 * `admin_menu`: the first entry of the Crowdscout menu, sharing its slug (the top-level page).
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Campaigns', 'crowdscout' ), Roles::LEAD_CAP, Menu::SLUG, $this, 'campaigns' );
	}

	/**
	 * `load-{screen}`: runs a submitted action; redirects to the view that shows its outcome.
	 *
	 * @return void
	 */
	public function load(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle_action() verifies the nonce, then sanitises each field it reads.
		$outcome = $this->handle_action( wp_unslash( $_REQUEST ) );
		if ( null === $outcome ) {
			return;
		}
		if ( is_wp_error( $outcome ) ) {
			Screen::refuse( $outcome, __( 'Campaigns', 'crowdscout' ) );
			return;
		}
		if ( isset( $outcome['refused'] ) ) {
			$this->refused = $outcome['refused'];
			return;
		}
		Screen::keep_result( Menu::SLUG, $outcome['notice'] );
		wp_safe_redirect( $outcome['redirect'] );
		exit;
	}

	/**
	 * Runs the action the request asks for: save (POST, `campaign[…]`), close or duplicate (a row's link).
	 * Null when no action is asked; a WP_Error for a bad nonce or a user without the capability (nothing is sent
	 * to the API then); `refused` for a save the API refused (the body sent, and its message); else the notice to
	 * show and where to show it.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array{notice?: array{type: string, message: string}, redirect?: string, refused?: array{body: array<string, mixed>, message: string}}|WP_Error|null
	 */
	public function handle_action( array $request ) {
		$action = Screen::requested_action( $request );
		if ( ! in_array( $action, array( self::SAVE, self::CLOSE, self::DUPLICATE ), true ) ) {
			return null;
		}
		$id    = Screen::ids( $request['campaign'] ?? 0 )[0] ?? 0;
		$nonce = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		$nonce_action = array(
			self::SAVE      => self::SAVE_NONCE,
			self::CLOSE     => self::CLOSE_NONCE,
			self::DUPLICATE => self::DUPLICATE_NONCE,
		)[ $action ] . ( 0 === $id ? 'new' : (string) $id );
		if ( false === wp_verify_nonce( $nonce, $nonce_action ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the campaigns, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( Roles::CAP_CAMPAIGNS ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to manage campaigns.', 'crowdscout' ) );
		}
		if ( self::SAVE !== $action && 0 === $id ) {
			return new WP_Error( 'no_campaign', __( 'No campaign was chosen.', 'crowdscout' ) );
		}
		$user = wp_get_current_user();

		if ( self::SAVE === $action ) {
			$body   = Campaign_Form::body( is_array( $request['campaign_form'] ?? null ) ? $request['campaign_form'] : array() );
			$answer = 0 === $id
				? $this->api->send( $user, 'POST', '/admin/campaigns', $body )
				: $this->api->send( $user, 'PUT', '/admin/campaigns/' . $id, $body );
			if ( is_wp_error( $answer ) || ! in_array( $answer['status'], array( 200, 201 ), true ) ) {
				return array(
					'refused' => array(
						'body'    => 0 === $id ? $body : array_merge( $body, array( 'id' => $id ) ),
						'message' => self::failure( $answer ),
					),
				);
			}
			$saved = is_array( $answer['body'] ) && is_int( $answer['body']['id'] ?? null ) ? $answer['body']['id'] : $id;
			return array(
				'notice'   => array(
					'type'    => 'success',
					'message' => 0 === $id
						/* translators: %d: campaign id. */
						? sprintf( __( 'CP%d created.', 'crowdscout' ), $saved )
						/* translators: %d: campaign id. */
						: sprintf( __( 'CP%d saved.', 'crowdscout' ), $saved ),
				),
				'redirect' => self::edit_url( $saved ),
			);
		}

		$answer = $this->api->send( $user, 'POST', '/admin/campaigns/' . $id . '/' . $action );
		$ok     = ! is_wp_error( $answer ) && in_array( $answer['status'], array( 200, 201 ), true ) && is_array( $answer['body'] );
		if ( ! $ok ) {
			return array(
				'notice'   => array(
					'type'    => 'error',
					'message' => sprintf(
						self::DUPLICATE === $action
							/* translators: 1: campaign id, 2: why. */
							? __( 'CP%1$d was not duplicated: %2$s', 'crowdscout' )
							/* translators: 1: campaign id, 2: why. */
							: __( 'CP%1$d was not closed: %2$s', 'crowdscout' ),
						$id,
						self::failure( $answer )
					),
				),
				'redirect' => self::list_url( self::RUNNING ),
			);
		}
		if ( self::DUPLICATE === $action ) {
			$copy = (int) ( $answer['body']['id'] ?? 0 );
			return array(
				'notice'   => array(
					'type'    => 'success',
					/* translators: 1: the new campaign's id, 2: the copied campaign's id. */
					'message' => sprintf( __( 'CP%1$d is a copy of CP%2$d: review its dates and title.', 'crowdscout' ), $copy, $id ),
				),
				'redirect' => self::edit_url( $copy ),
			);
		}
		$paid = array_map(
			static fn( $entry ): string => 'T' . (int) ( is_array( $entry ) ? ( $entry['testerId'] ?? 0 ) : 0 ),
			is_array( $answer['body']['paid'] ?? null ) ? $answer['body']['paid'] : array()
		);
		return array(
			'notice'   => array(
				'type'    => 'success',
				'message' => array() === $paid
					/* translators: %d: campaign id. */
					? sprintf( __( 'CP%d closed. No selected tester completed it, so no completion bonus was paid.', 'crowdscout' ), $id )
					: sprintf(
						/* translators: 1: campaign id, 2: number of testers, 3: their ids, e.g. "T3, T4". */
						_n( 'CP%1$d closed. %2$d tester was paid the completion bonus: %3$s.', 'CP%1$d closed. %2$d testers were paid the completion bonus: %3$s.', count( $paid ), 'crowdscout' ),
						$id,
						count( $paid ),
						implode( ', ', $paid )
					),
			),
			'redirect' => self::list_url( self::CLOSED ),
		);
	}

	/**
	 * Prints the screen: the list, or a campaign's form (`view=edit&campaign=ID`, `view=new`).
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( Roles::LEAD_CAP ) ) {
			return;
		}
		$view    = Screen::view_key( 'view' );
		$refused = $this->refused;
		// Printed once: the next view reads the campaign again.
		$this->refused = null;
		if ( null !== $refused || 'edit' === $view || 'new' === $view ) {
			if ( ! current_user_can( Roles::CAP_CAMPAIGNS ) ) {
				Screen::notice( 'error', __( 'Sorry, you are not allowed to edit campaigns.', 'crowdscout' ) );
				return;
			}
			$this->render_form( 'new' === $view ? 0 : Screen::view_id( 'campaign' ), $refused );
			return;
		}
		$this->render_list();
	}

	/**
	 * Prints the list with its views, search and pagination.
	 *
	 * @return void
	 */
	private function render_list(): void {
		$status  = Screen::view_key( 'status' );
		$status  = in_array( $status, array( self::CLOSED, self::ALL ), true ) ? $status : self::RUNNING;
		$search  = Screen::view_text( 's' );
		$page    = Screen::page_number();
		$orderby = Screen::view_text( 'orderby' );
		$user    = wp_get_current_user();

		$answer = $this->api->get(
			$user,
			'/admin/campaigns',
			array(
				'status'  => $status,
				'search'  => $search,
				'start'   => ( $page - 1 ) * self::PER_PAGE,
				'limit'   => self::PER_PAGE,
				'orderBy' => in_array( $orderby, array( 'id', 'startDate', 'endDate' ), true ) ? $orderby : null,
				'order'   => 'asc' === Screen::view_key( 'order' ) ? 'ASC' : null,
			)
		);
		$counts = array( $status => Api_Client::total( $answer ) );
		if ( ! is_wp_error( $answer ) ) {
			foreach ( array( self::RUNNING, self::CLOSED, self::ALL ) as $other ) {
				if ( $other !== $status ) {
					$counts[ $other ] = Api_Client::total(
						$this->api->get(
							$user,
							'/admin/campaigns',
							array(
								'status' => $other,
								'search' => $search,
								'limit'  => 1,
							)
						)
					);
				}
			}
		}

		$table = new Campaigns_Table( $status, $counts );
		$table->prepare_items();
		$body = Api_Client::ok_body( $answer ) ?? array();
		$table->set_campaigns( is_array( $body['results'] ?? null ) ? $body['results'] : array(), (int) ( $counts[ $status ] ?? 0 ), self::PER_PAGE );
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Campaigns', 'crowdscout' ); ?></h1>
			<?php if ( current_user_can( Roles::CAP_CAMPAIGNS ) ) : ?>
				<a href="<?php echo esc_url( self::new_url() ); ?>" class="page-title-action"><?php esc_html_e( 'Add campaign', 'crowdscout' ); ?></a>
			<?php endif; ?>
			<hr class="wp-header-end" />
			<?php
			$this->print_result();
			Screen::answer_ok( $answer, $this->api, __( 'the campaigns', 'crowdscout' ) );
			$table->views();
			?>
			<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>">
				<input type="hidden" name="page" value="<?php echo esc_attr( Menu::SLUG ); ?>" />
				<input type="hidden" name="status" value="<?php echo esc_attr( $status ); ?>" />
				<?php
				$table->search_box( __( 'Search campaigns', 'crowdscout' ), 'crowdscout-campaign' );
				$table->display();
				?>
			</form>
		</div>
		<?php
	}

	/**
	 * Prints a campaign's form: a new one (id 0), a stored one, or a save the API refused.
	 *
	 * @param int                                                        $id      Campaign id, 0 for a new one.
	 * @param array{body: array<string, mixed>, message: string}|null $refused A save the API refused.
	 * @return void
	 */
	private function render_form( int $id, ?array $refused ): void {
		$user     = wp_get_current_user();
		$campaign = null;
		$answer   = null;
		if ( null !== $refused ) {
			$campaign = $refused['body'];
			$id       = (int) ( $campaign['id'] ?? 0 );
		} elseif ( 0 !== $id ) {
			$answer   = $this->api->get( $user, '/admin/campaigns/' . $id );
			$campaign = Api_Client::ok_body( $answer );
		} else {
			$campaign = array(
				'visibility' => 'public',
				'bugForm'    => array(
					'hasBugForm'      => true,
					'severities'      => Campaign_Form::SEVERITIES,
					'types'           => Campaign_Form::TYPES,
					'replicabilities' => Campaign_Form::REPLICABILITIES,
				),
			);
		}
		$choices = Api_Client::ok_body( $this->api->get( $user, '/admin/campaign_choices' ) ) ?? array();
		$title   = 0 === $id
			? __( 'Add campaign', 'crowdscout' )
			/* translators: %d: campaign id. */
			: sprintf( __( 'Edit campaign CP%d', 'crowdscout' ), $id );
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php echo esc_html( $title ); ?></h1>
			<a href="<?php echo esc_url( self::list_url( self::RUNNING ) ); ?>" class="page-title-action"><?php esc_html_e( 'Back to the campaigns', 'crowdscout' ); ?></a>
			<hr class="wp-header-end" />
			<?php
			$this->print_result();
			if ( null !== $refused ) {
				Screen::notice(
					'error',
					sprintf(
						/* translators: %s: the API's message. */
						__( 'The campaign was not saved: %s', 'crowdscout' ),
						$refused['message']
					)
				);
			}
			if ( null !== $answer && ! Screen::answer_ok( $answer, $this->api, __( 'the campaign', 'crowdscout' ) ) ) {
				echo '</div>';
				return;
			}
			if ( isset( $campaign['status'] ) && self::CLOSED === $campaign['status'] ) {
				Screen::notice( 'info', __( 'This campaign is closed: its completion bonus was paid. Changing its payout now pays nobody again.', 'crowdscout' ) );
			}
			Campaign_Form::render(
				is_array( $campaign ) ? $campaign : array(),
				$choices,
				0 === $id ? self::new_url() : self::edit_url( $id ),
				self::SAVE_NONCE . ( 0 === $id ? 'new' : (string) $id )
			);
			if ( 0 !== $id ) {
				$this->render_audit( $id );
			}
			?>
		</div>
		<?php
	}

	/**
	 * Prints the campaign's audit trail.
	 *
	 * @param int $id Campaign id.
	 * @return void
	 */
	private function render_audit( int $id ): void {
		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/audit',
			array(
				'subjectType' => 'campaign',
				'subjectId'   => $id,
				'limit'       => 50,
			)
		);
		printf( '<h2>%s</h2>', esc_html__( 'Audit trail', 'crowdscout' ) );
		if ( ! Screen::answer_ok( $answer, $this->api, __( 'the audit trail', 'crowdscout' ) ) ) {
			return;
		}
		$entries = is_array( $answer['body']['results'] ?? null ) ? $answer['body']['results'] : array();
		if ( array() === $entries ) {
			printf( '<p>%s</p>', esc_html__( 'Nothing recorded yet.', 'crowdscout' ) );
			return;
		}
		echo '<table class="widefat striped"><thead><tr>';
		foreach ( array( __( 'When', 'crowdscout' ), __( 'Who', 'crowdscout' ), __( 'What', 'crowdscout' ), __( 'Changes', 'crowdscout' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		foreach ( $entries as $entry ) {
			if ( ! is_array( $entry ) ) {
				continue;
			}
			$time  = strtotime( is_string( $entry['date'] ?? null ) ? $entry['date'] : '' );
			$actor = get_userdata( (int) ( $entry['actor'] ?? 0 ) );
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( false === $time ? '' : wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time ) ),
				esc_html( false === $actor ? '#' . (int) ( $entry['actor'] ?? 0 ) : $actor->display_name ),
				esc_html( trim( ( is_string( $entry['action'] ?? null ) ? $entry['action'] : '' ) . ' ' . ( is_string( $entry['note'] ?? null ) ? $entry['note'] : '' ) ) ),
				self::changes( $entry['before'] ?? null, $entry['after'] ?? null )
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * An audit entry's changes as an escaped list: "field: before → after".
	 *
	 * @param mixed $before Fields before.
	 * @param mixed $after  Fields after.
	 * @return string
	 */
	private static function changes( $before, $after ): string {
		$before = is_array( $before ) ? $before : array();
		$after  = is_array( $after ) ? $after : array();
		$show   = static fn( $value ): string => is_scalar( $value ) ? (string) $value : ( null === $value ? '—' : (string) wp_json_encode( $value ) );
		$lines  = array();
		foreach ( array_unique( array_merge( array_keys( $before ), array_keys( $after ) ) ) as $key ) {
			$lines[] = esc_html(
				array_key_exists( $key, $before )
					? $key . ': ' . $show( $before[ $key ] ) . ' → ' . $show( $after[ $key ] ?? null )
					: $key . ': ' . $show( $after[ $key ] ?? null )
			);
		}
		return implode( '<br />', $lines );
	}

	/**
	 * Prints the outcome of the user's last action, once.
	 *
	 * @return void
	 */
	private function print_result(): void {
		$result = Screen::take_result( Menu::SLUG );
		if ( is_array( $result ) && is_string( $result['type'] ?? null ) && is_string( $result['message'] ?? null ) ) {
			Screen::notice( $result['type'], $result['message'] );
		}
	}

	/**
	 * Why a call did not succeed, for a notice.
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer The answer.
	 * @return string
	 */
	private static function failure( $answer ): string {
		if ( is_wp_error( $answer ) ) {
			/* translators: %s: the reason given by WordPress's HTTP client. */
			return sprintf( __( 'the Crowdscout API could not be reached (%s).', 'crowdscout' ), $answer->get_error_message() );
		}
		/* translators: %d: HTTP status. */
		return Api_Client::message( $answer, sprintf( __( 'the API answered with status %d.', 'crowdscout' ), $answer['status'] ) );
	}

	/**
	 * URL of a view of the list.
	 *
	 * @param string $status running, closed or all.
	 * @return string
	 */
	public static function list_url( string $status ): string {
		$args = array( 'page' => Menu::SLUG );
		if ( self::RUNNING !== $status ) {
			$args['status'] = $status;
		}
		return add_query_arg( $args, admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a campaign's form.
	 *
	 * @param int $id Campaign id.
	 * @return string
	 */
	public static function edit_url( int $id ): string {
		return add_query_arg(
			array(
				'page'     => Menu::SLUG,
				'view'     => 'edit',
				'campaign' => $id,
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * URL of the form of a new campaign.
	 *
	 * @return string
	 */
	public static function new_url(): string {
		return add_query_arg(
			array(
				'page' => Menu::SLUG,
				'view' => 'new',
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * URL of a row's action (close or duplicate), with its nonce.
	 *
	 * @param string $action close or duplicate.
	 * @param int    $id     Campaign id.
	 * @return string
	 */
	public static function action_url( string $action, int $id ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'page'     => Menu::SLUG,
					'action'   => $action,
					'campaign' => $id,
				),
				admin_url( 'admin.php' )
			),
			( self::CLOSE === $action ? self::CLOSE_NONCE : self::DUPLICATE_NONCE ) . $id
		);
	}
}
