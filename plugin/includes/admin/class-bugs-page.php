<?php
/**
 * Crowdscout → Bug review in wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Locale;
use Crowdscout\Money;
use Crowdscout\Roles;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Crowdscout → Bug review: a campaign's bugs (the campaign chosen among those the user may run), and one bug's whole
 * report with its media, the review form and its audit trail. Approve is a row action; Refuse and Ask for review open
 * the bug, where the comment the tester will read is required. A review of one bug is sent to the API as
 * `POST /admin/bugs/{id}/review`; the bulk actions Approve, Refuse and Ask for review (with the list's comment field)
 * as ONE `POST /admin/campaigns/{id}/bugs/review`, which reviews all the bugs chosen or none. Each request carries a
 * token minted for the user; the API checks again that they lead the campaign and pays each bug's first approval
 * once.
 * An action is handled before the screen prints (nonce, then capability, then input), its outcome kept, and the
 * browser sent back to the list or the bug, which shows what happened.
 */
final class Bugs_Page {

	public const SLUG       = 'crowdscout-bugs';
	public const CAPABILITY = Roles::LEAD_CAP;
	public const PER_PAGE   = 20;

	/**
	 * Actions: approve (a row's link or the bulk form), refuse and ask-review (the bulk form), review (the bug's
	 * form).
	 */
	public const APPROVE    = 'approve';
	public const REFUSE     = 'refuse';
	public const ASK_REVIEW = 'ask-review';
	public const REVIEW     = 'review';

	/**
	 * Statuses as the API names them.
	 */
	public const PENDING     = 'pending';
	public const APPROVED    = 'approved';
	public const REFUSED     = 'refused';
	public const NEED_REVIEW = 'need-review';

	/**
	 * Nonce action of the bulk form (WP_List_Table's `bulk-{plural}`).
	 */
	public const BULK_NONCE = 'bulk-bugs';

	/**
	 * Nonce action of a row's Approve link, followed by the bug id.
	 */
	public const ROW_NONCE = 'crowdscout-approve-bug-';

	/**
	 * Nonce action of a bug's review form, followed by the bug id.
	 */
	public const REVIEW_NONCE = 'crowdscout-review-bug-';

	/**
	 * Longest comment the API takes.
	 */
	public const COMMENT_MAX = 2000;

	/**
	 * Longest comment the list's field takes: the list's form is sent by GET, like WordPress's own lists, and its
	 * address must stay short enough for any web server. A longer comment is written on the bug.
	 */
	public const BULK_COMMENT_MAX = 500;

	/**
	 * The API's back-office routes.
	 *
	 * @var Api_Client
	 */
	private Api_Client $api;

	/**
	 * The outcome of the user's last action, once printed: the review form shows what was typed again.
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
	 * `admin_menu`: Crowdscout → Bug review, for whoever may lead a campaign.
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Bug review', 'crowdscout' ), self::CAPABILITY, self::SLUG, $this, 'bugs' );
	}

	/**
	 * The statuses by name, with their labels.
	 *
	 * @return array<string, string>
	 */
	public static function status_labels(): array {
		return array(
			self::PENDING     => __( 'Pending', 'crowdscout' ),
			self::APPROVED    => __( 'Approved', 'crowdscout' ),
			self::REFUSED     => __( 'Refused', 'crowdscout' ),
			self::NEED_REVIEW => __( 'Need review', 'crowdscout' ),
		);
	}

	/**
	 * The bulk actions with the status each gives.
	 *
	 * @return array<string, string>
	 */
	public static function bulk_statuses(): array {
		return array(
			self::APPROVE    => self::APPROVED,
			self::REFUSE     => self::REFUSED,
			self::ASK_REVIEW => self::NEED_REVIEW,
		);
	}

	/**
	 * The severities by name, with their labels.
	 *
	 * @return array<string, string>
	 */
	public static function severity_labels(): array {
		return array(
			'low'      => __( 'Low', 'crowdscout' ),
			'medium'   => __( 'Medium', 'crowdscout' ),
			'high'     => __( 'High', 'crowdscout' ),
			'critical' => __( 'Critical', 'crowdscout' ),
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
			// The list's form, sent without an action (a filter or a search): the same view without the form's nonce.
			if ( isset( $_GET['_wp_http_referer'], $_SERVER['REQUEST_URI'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only drops the form's fields from the address.
				wp_safe_redirect( remove_query_arg( array( '_wp_http_referer', '_wpnonce', 'action', 'action2', 'bug', 'comment', 'filter_action' ), esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) ) );
				exit;
			}
			return;
		}
		if ( is_wp_error( $result ) ) {
			Screen::refuse( $result, __( 'Bug review', 'crowdscout' ) );
			return;
		}
		Screen::keep_result( self::SLUG, $result );
		wp_safe_redirect( self::back_url( $request, $result ) );
		exit;
	}

	/**
	 * Runs the action the request asks for: Approve from a row's link (`bug`, nonce `crowdscout-approve-bug-{id}`),
	 * a bulk action of the list's form (`action` approve, refuse or ask-review, `bug[]`, `campaign`, `comment`, nonce
	 * `bulk-bugs`), or a bug's review form (`bug`, `status`, `comment`, nonce `crowdscout-review-bug-{id}`). Null
	 * when no action is asked (or the list's Filter button was pressed); a WP_Error for a bad nonce or a user
	 * without the capability (nothing is sent to the API then); else the outcome, with `invalid` when the form was
	 * refused before the API (a missing comment) and what was typed, for the form to show again. A bug's review:
	 * `reviewed` and what its approval `paid`, the API's refusal in `errors`, `unreachable` when the API could not
	 * be reached. A bulk action (`bulk`: the number of bugs chosen, and once the API answered how many it reviewed
	 * and what their approvals paid in all): one request for all the bugs, so either all were reviewed or the
	 * API's refusal is in `refusal` and nothing changed.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array<string, mixed>|WP_Error|null
	 */
	public function handle_action( array $request ) {
		$action = Screen::requested_action( $request );
		$bulks  = self::bulk_statuses();
		if ( ( ! isset( $bulks[ $action ] ) && self::REVIEW !== $action ) || ! empty( $request['filter_action'] ) ) {
			return null;
		}
		// Approve is also a row's link (one `bug`); the other bulk actions only come from the list's form.
		$bulk  = self::REVIEW !== $action && ( self::APPROVE !== $action || ! isset( $request['bug'] ) || is_array( $request['bug'] ) );
		$ids   = Screen::ids( $request['bug'] ?? array() );
		$nonce = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		if ( $bulk ) {
			$nonce_action = self::BULK_NONCE;
		} else {
			$ids          = array_slice( $ids, 0, 1 );
			$nonce_action = ( self::APPROVE === $action ? self::ROW_NONCE : self::REVIEW_NONCE ) . ( $ids[0] ?? 0 );
		}
		if ( false === wp_verify_nonce( $nonce, $nonce_action ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the bugs, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to review bugs.', 'crowdscout' ) );
		}

		$status  = $bulks[ $action ] ?? Screen::text( $request, 'status' );
		$comment = self::APPROVE === $action && ! $bulk ? '' : Screen::text( $request, 'comment', true );
		$result  = array(
			'action'      => $action,
			'status'      => $status,
			'reviewed'    => array(),
			'paid'        => array(),
			'errors'      => array(),
			'unreachable' => null,
			'skipped'     => 0,
			'invalid'     => null,
			'comment'     => $comment,
			'bulk'        => $bulk ? array( 'selected' => count( $ids ) ) : null,
			'refusal'     => null,
		);
		if ( $bulk && array() === $ids ) {
			return $result;
		}
		if ( ! isset( self::status_labels()[ $status ] ) || self::PENDING === $status ) {
			$result['invalid'] = __( 'Choose whether to approve the bug, refuse it or ask for its review.', 'crowdscout' );
			return $result;
		}
		if ( self::APPROVED !== $status && '' === $comment ) {
			$result['invalid'] = $bulk
				? __( 'Write a comment for the testers in the field above the list: it is required to refuse bugs or ask for their review.', 'crowdscout' )
				: __( 'Write a comment for the tester: it is required to refuse a bug or ask for its review.', 'crowdscout' );
			return $result;
		}
		if ( mb_strlen( $comment ) > self::COMMENT_MAX ) {
			/* translators: %d: the longest comment, in characters. */
			$result['invalid'] = sprintf( __( 'The comment is too long: at most %d characters.', 'crowdscout' ), self::COMMENT_MAX );
			return $result;
		}

		$user = wp_get_current_user();
		$body = array( 'status' => $status );
		if ( '' !== $comment ) {
			$body['comment'] = $comment;
		}
		if ( $bulk ) {
			return $this->review_in_bulk( $request, $ids, $body, $result );
		}
		foreach ( $ids as $index => $id ) {
			$answer = $this->api->send( $user, 'POST', '/admin/bugs/' . $id . '/review', $body );
			if ( is_wp_error( $answer ) ) {
				$result['unreachable'] = $answer->get_error_message();
				$result['skipped']     = count( $ids ) - $index;
				break;
			}
			$reviewed = Api_Client::ok_body( $answer );
			if ( null !== $reviewed ) {
				$result['reviewed'][] = $id;
				$paid                 = $reviewed['paid'] ?? null;
				if ( is_array( $paid ) && is_int( $paid['points'] ?? null ) && ( is_int( $paid['gross'] ?? null ) || is_float( $paid['gross'] ?? null ) ) ) {
					$result['paid'][] = array(
						'id'     => $id,
						'points' => $paid['points'],
						'gross'  => (float) $paid['gross'],
					);
				}
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
	 * Sends a bulk action's bugs to the API in one request, `POST /admin/campaigns/{id}/bugs/review`: the API reviews
	 * them all in one transaction, or none.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @param int[]                $ids     The bugs chosen.
	 * @param array<string, mixed> $body    The decision: status and comment.
	 * @param array<string, mixed> $result  The outcome so far.
	 * @return array<string, mixed> The outcome.
	 */
	private function review_in_bulk( array $request, array $ids, array $body, array $result ): array {
		$campaign = isset( $request['campaign'] ) && is_scalar( $request['campaign'] ) ? absint( $request['campaign'] ) : 0;
		if ( 0 === $campaign ) {
			$result['invalid'] = __( 'Choose the campaign whose bugs to review.', 'crowdscout' );
			return $result;
		}
		$answer = $this->api->send( wp_get_current_user(), 'POST', '/admin/campaigns/' . $campaign . '/bugs/review', array( 'bugs' => $ids ) + $body );
		if ( is_wp_error( $answer ) ) {
			$result['unreachable'] = $answer->get_error_message();
			$result['skipped']     = count( $ids );
			return $result;
		}
		$reviewed = Api_Client::ok_body( $answer );
		if ( null === $reviewed ) {
			$result['refusal'] = Api_Client::message(
				$answer,
				/* translators: %d: HTTP status. */
				sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
			);
			return $result;
		}
		$paid           = is_array( $reviewed['paid'] ?? null ) ? $reviewed['paid'] : array();
		$result['bulk'] = array(
			'selected' => count( $ids ),
			'reviewed' => is_int( $reviewed['reviewed'] ?? null ) ? $reviewed['reviewed'] : 0,
			'points'   => is_int( $paid['points'] ?? null ) ? $paid['points'] : 0,
			'gross'    => is_int( $paid['gross'] ?? null ) || is_float( $paid['gross'] ?? null ) ? (float) $paid['gross'] : 0.0,
		);
		return $result;
	}

	/**
	 * Where the browser goes after an action: the bug after its form, else the list in the view it was in.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @param array<string, mixed> $result  The outcome.
	 * @return string
	 */
	private static function back_url( array $request, array $result ): string {
		$campaign = isset( $request['campaign'] ) && is_scalar( $request['campaign'] ) ? absint( $request['campaign'] ) : 0;
		if ( self::REVIEW === $result['action'] ) {
			$ids = Screen::ids( $request['bug'] ?? 0 );
			return self::bug_url( $campaign, $ids[0] ?? 0 );
		}
		$view = array();
		foreach ( array( 'status', 'severity', 's', 'paged' ) as $key ) {
			$view[ $key ] = Screen::text( $request, $key );
		}
		return self::list_url( $campaign, $view );
	}

	/**
	 * Prints the screen: the campaign chooser, the outcome of the last action, then the bug or the list.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$user      = wp_get_current_user();
		$choices   = Screen::campaign_choices( $this->api, $user );
		$campaigns = $choices['answer'];
		$options   = $choices['campaigns'];
		// Opens on the newest campaign with bugs waiting for a decision.
		$campaign = Screen::chosen_campaign(
			$options,
			static fn( array $item ): bool => (int) ( $item['bugs']['pending'] ?? 0 ) + (int) ( $item['bugs']['needReview'] ?? 0 ) > 0
		);
		$bug = Screen::view_id( 'bug' );
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Bug review', 'crowdscout' ); ?></h1>
			<hr class="wp-header-end" />
			<?php
			$this->print_result();
			if ( null === Api_Client::ok_body( $campaigns ) ) {
				Screen::answer_ok( $campaigns, $this->api, __( 'the campaigns', 'crowdscout' ) );
			}
			$this->print_campaign_chooser( $options, $campaign );
			if ( 0 === $campaign ) {
				Screen::notice( 'info', __( 'There is no campaign whose bugs you may review.', 'crowdscout' ) );
			} elseif ( $bug > 0 ) {
				$this->render_bug( $campaign, $bug );
			} else {
				$this->render_list( $campaign, $options[ $campaign ] ?? null );
			}
			?>
		</div>
		<?php
	}

	/**
	 * The select of the campaigns the user may see.
	 *
	 * @param array<int, array<string, mixed>> $campaigns AdminCampaignItem by id.
	 * @param int                              $current   The campaign shown.
	 * @return void
	 */
	private function print_campaign_chooser( array $campaigns, int $current ): void {
		if ( array() === $campaigns ) {
			return;
		}
		?>
		<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>" class="crowdscout-campaign-chooser">
			<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
			<label for="crowdscout-bug-campaign"><?php esc_html_e( 'Campaign', 'crowdscout' ); ?></label>
			<select name="campaign" id="crowdscout-bug-campaign">
				<?php
				foreach ( $campaigns as $id => $campaign ) {
					printf(
						'<option value="%d"%s>%s</option>',
						(int) $id,
						selected( $id, $current, false ),
						esc_html(
							sprintf(
								/* translators: 1: campaign id, 2: campaign title. */
								__( 'CP%1$d - %2$s', 'crowdscout' ),
								$id,
								is_string( $campaign['title'] ?? null ) ? $campaign['title'] : ''
							)
						)
					);
				}
				?>
			</select>
			<?php submit_button( __( 'Show its bugs', 'crowdscout' ), 'secondary', '', false ); ?>
		</form>
		<?php
	}

	/**
	 * The campaign's bugs: views, filters, search and the list.
	 *
	 * @param int                       $campaign The campaign.
	 * @param array<string, mixed>|null $item     Its AdminCampaignItem, when the campaigns were read.
	 * @return void
	 */
	private function render_list( int $campaign, ?array $item ): void {
		$status   = Screen::view_key( 'status' );
		$status   = isset( self::status_labels()[ $status ] ) ? $status : '';
		$severity = Screen::view_key( 'severity' );
		$severity = isset( self::severity_labels()[ $severity ] ) ? $severity : '';
		$search   = Screen::view_text( 's' );
		$page     = Screen::page_number();

		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/campaigns/' . $campaign . '/bugs',
			array(
				'status'   => $status,
				'severity' => $severity,
				'search'   => $search,
				'start'    => ( $page - 1 ) * self::PER_PAGE,
				'limit'    => self::PER_PAGE,
				'order'    => 'DESC',
			)
		);
		$counts = array();
		$bugs   = is_array( $item['bugs'] ?? null ) ? $item['bugs'] : array();
		$keys   = array(
			self::PENDING     => 'pending',
			self::APPROVED    => 'approved',
			self::REFUSED     => 'refused',
			self::NEED_REVIEW => 'needReview',
		);
		foreach ( $keys as $name => $key ) {
			$counts[ $name ] = is_int( $bugs[ $key ] ?? null ) ? $bugs[ $key ] : null;
		}
		$counts[''] = in_array( null, $counts, true ) ? null : array_sum( $counts );
		if ( '' === $severity && '' === $search ) {
			$counts[ $status ] = Api_Client::total( $answer ) ?? $counts[ $status ];
		}

		$table = new Bugs_Table( $campaign, $status, $severity, $counts );
		$table->prepare_items();
		$body = Api_Client::ok_body( $answer );
		$table->set_bugs(
			is_array( $body['results'] ?? null ) ? $body['results'] : array(),
			(int) ( Api_Client::total( $answer ) ?? 0 ),
			self::PER_PAGE
		);
		Screen::answer_ok( $answer, $this->api, __( 'the bugs', 'crowdscout' ) );
		$table->views();
		?>
		<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>">
			<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
			<input type="hidden" name="campaign" value="<?php echo esc_attr( (string) $campaign ); ?>" />
			<input type="hidden" name="status" value="<?php echo esc_attr( $status ); ?>" />
			<?php
			$table->search_box( __( 'Search titles', 'crowdscout' ), 'crowdscout-bug-search' );
			$table->display();
			?>
		</form>
		<?php
	}

	/**
	 * One bug: its report, media, the review form and the audit trail.
	 *
	 * @param int $campaign The campaign chosen (for the links back).
	 * @param int $bug_id   The bug.
	 * @return void
	 */
	private function render_bug( int $campaign, int $bug_id ): void {
		$user   = wp_get_current_user();
		$answer = $this->api->get( $user, '/admin/bugs/' . $bug_id );
		printf(
			'<p><a href="%s">&larr; %s</a></p>',
			esc_url( self::list_url( $campaign ) ),
			esc_html__( 'Back to the bugs', 'crowdscout' )
		);
		if ( ! Screen::answer_ok( $answer, $this->api, __( 'the bug', 'crowdscout' ) ) ) {
			return;
		}
		$bug  = Api_Client::ok_body( $answer ) ?? array();
		$text = static fn( $value ): string => is_string( $value ) ? wp_unslash( $value ) : '';

		$tester   = is_array( $bug['tester'] ?? null ) ? $bug['tester'] : array();
		$use_case = is_array( $bug['useCase'] ?? null ) ? $bug['useCase'] : null;
		$status   = $text( $bug['status'] ?? null );
		$rows     = array(
			__( 'Status', 'crowdscout' )        => self::status_labels()[ $status ] ?? $status,
			__( 'Severity', 'crowdscout' )      => self::severity_labels()[ $text( $bug['severity'] ?? null ) ] ?? '',
			__( 'Type', 'crowdscout' )          => self::label( $text( $bug['type'] ?? null ) ),
			__( 'Replicability', 'crowdscout' ) => self::label( $text( $bug['replicability'] ?? null ) ),
			__( 'Tester', 'crowdscout' )        => trim( 'T' . (int) ( $tester['id'] ?? 0 ) . ' ' . $text( $tester['name'] ?? null ) . ' ' . $text( $tester['surname'] ?? null ) ),
			__( 'Device', 'crowdscout' )        => self::device( $bug['device'] ?? null ),
			__( 'Use case', 'crowdscout' )      => null === $use_case ? __( 'Not a specific use case', 'crowdscout' ) : $text( $use_case['name'] ?? null ),
			__( 'Last seen', 'crowdscout' )     => self::date( $text( $bug['occurredAt'] ?? null ) ),
			__( 'Reported', 'crowdscout' )      => self::date( $text( $bug['created'] ?? null ) ),
			__( 'Updated', 'crowdscout' )       => self::date( $text( $bug['updated'] ?? null ) ),
		);
		foreach ( is_array( $bug['additional'] ?? null ) ? $bug['additional'] : array() as $field ) {
			if ( is_array( $field ) ) {
				$rows[ $text( $field['name'] ?? null ) ] = $text( $field['value'] ?? null );
			}
		}
		?>
		<h2>
			<?php
			/* translators: 1: bug id, 2: bug title. */
			echo esc_html( sprintf( __( 'Bug %1$d: %2$s', 'crowdscout' ), $bug_id, $text( $bug['title'] ?? null ) ) );
			?>
		</h2>
		<table class="form-table" role="presentation"><tbody>
			<?php foreach ( $rows as $label => $value ) : ?>
				<tr><th scope="row"><?php echo esc_html( (string) $label ); ?></th><td><?php echo esc_html( '' !== $value ? $value : '—' ); ?></td></tr>
			<?php endforeach; ?>
		</tbody></table>
		<?php
		$sections = array(
			__( 'Steps to reproduce', 'crowdscout' ) => $text( $bug['steps'] ?? null ),
			__( 'Expected result', 'crowdscout' )    => $text( $bug['expected'] ?? null ),
			__( 'Current result', 'crowdscout' )     => $text( $bug['current'] ?? null ),
			__( 'Notes', 'crowdscout' )              => $text( $bug['notes'] ?? null ),
		);
		foreach ( $sections as $label => $value ) {
			if ( '' !== $value ) {
				printf( '<h3>%s</h3><div class="crowdscout-bug-text">%s</div>', esc_html( $label ), wp_kses( nl2br( esc_html( $value ) ), array( 'br' => array() ) ) );
			}
		}
		$this->print_media( is_array( $bug['media'] ?? null ) ? $bug['media'] : array() );
		$this->print_review_form( $campaign, $bug_id, $status, $text( $bug['reviewComment'] ?? null ) );
		$this->print_audit( $bug_id );
	}

	/**
	 * The bug's media: images shown, other files linked; every URL escaped.
	 *
	 * @param array<int, mixed> $media BugMedia items.
	 * @return void
	 */
	private function print_media( array $media ): void {
		printf( '<h3>%s</h3>', esc_html__( 'Media', 'crowdscout' ) );
		$items = array_filter( $media, static fn( $item ): bool => is_array( $item ) && is_string( $item['url'] ?? null ) );
		if ( array() === $items ) {
			printf( '<p>%s</p>', esc_html__( 'No media.', 'crowdscout' ) );
			return;
		}
		echo '<ul class="crowdscout-bug-media">';
		foreach ( $items as $item ) {
			$name = is_string( $item['name'] ?? null ) ? $item['name'] : '';
			$type = is_string( $item['mimeType'] ?? null ) ? $item['mimeType'] : '';
			echo '<li>';
			if ( str_starts_with( $type, 'image/' ) ) {
				printf(
					'<a href="%1$s" target="_blank" rel="noopener noreferrer"><img src="%1$s" alt="%2$s" style="max-width:320px;max-height:240px;display:block" /></a>',
					esc_url( $item['url'] ),
					esc_attr( $name )
				);
			}
			printf(
				'<a href="%s" target="_blank" rel="noopener noreferrer">%s</a> <span class="description">%s</span>',
				esc_url( $item['url'] ),
				esc_html( '' !== $name ? $name : __( 'File', 'crowdscout' ) ),
				esc_html( $type )
			);
			echo '</li>';
		}
		echo '</ul>';
	}

	/**
	 * The review form: the status and the comment the tester reads (required to refuse or ask for review).
	 *
	 * @param int    $campaign The campaign chosen.
	 * @param int    $bug_id   The bug.
	 * @param string $status   Its status.
	 * @param string $comment  Its review comment.
	 * @return void
	 */
	private function print_review_form( int $campaign, int $bug_id, string $status, string $comment ): void {
		$chosen = Screen::view_key( 'review' );
		if ( isset( $this->kept['status'] ) && is_string( $this->kept['status'] ) ) {
			$chosen = $this->kept['status'];
		}
		if ( null !== ( $this->kept['invalid'] ?? null ) && is_string( $this->kept['comment'] ?? null ) ) {
			$comment = $this->kept['comment'];
		}
		$choices = array(
			self::APPROVED    => __( 'Approve', 'crowdscout' ),
			self::REFUSED     => __( 'Refuse', 'crowdscout' ),
			self::NEED_REVIEW => __( 'Ask for review', 'crowdscout' ),
		);
		if ( ! isset( $choices[ $chosen ] ) ) {
			$chosen = isset( $choices[ $status ] ) ? $status : self::APPROVED;
		}
		?>
		<h3 id="crowdscout-review"><?php esc_html_e( 'Review', 'crowdscout' ); ?></h3>
		<form method="post" action="<?php echo esc_url( self::bug_url( $campaign, $bug_id ) ); ?>">
			<input type="hidden" name="action" value="<?php echo esc_attr( self::REVIEW ); ?>" />
			<input type="hidden" name="bug" value="<?php echo esc_attr( (string) $bug_id ); ?>" />
			<input type="hidden" name="campaign" value="<?php echo esc_attr( (string) $campaign ); ?>" />
			<?php wp_nonce_field( self::REVIEW_NONCE . $bug_id ); ?>
			<fieldset>
				<legend class="screen-reader-text"><?php esc_html_e( 'Decision', 'crowdscout' ); ?></legend>
				<?php foreach ( $choices as $value => $label ) : ?>
					<label style="margin-right:1.5em">
						<input type="radio" name="status" value="<?php echo esc_attr( $value ); ?>" <?php checked( $value, $chosen ); ?> />
						<?php echo esc_html( $label ); ?>
					</label>
				<?php endforeach; ?>
			</fieldset>
			<p>
				<label for="crowdscout-review-comment"><?php esc_html_e( 'Comment for the tester', 'crowdscout' ); ?></label><br />
				<textarea name="comment" id="crowdscout-review-comment" rows="5" cols="80" class="large-text" maxlength="<?php echo esc_attr( (string) self::COMMENT_MAX ); ?>" aria-describedby="crowdscout-review-comment-help"><?php echo esc_textarea( $comment ); ?></textarea>
				<span id="crowdscout-review-comment-help" class="description"><?php esc_html_e( 'Required to refuse the bug or ask for its review. The tester reads it on the bug’s page.', 'crowdscout' ); ?></span>
			</p>
			<?php submit_button( __( 'Save review', 'crowdscout' ) ); ?>
		</form>
		<?php
	}

	/**
	 * The bug's audit trail (GET /admin/audit).
	 *
	 * @param int $bug_id The bug.
	 * @return void
	 */
	private function print_audit( int $bug_id ): void {
		printf( '<h3>%s</h3>', esc_html__( 'History', 'crowdscout' ) );
		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/audit',
			array(
				'subjectType' => 'bug',
				'subjectId'   => $bug_id,
				'limit'       => 100,
			)
		);
		if ( ! Screen::answer_ok( $answer, $this->api, __( 'the bug’s history', 'crowdscout' ) ) ) {
			return;
		}
		$body    = Api_Client::ok_body( $answer ) ?? array();
		$entries = array_filter( is_array( $body['results'] ?? null ) ? $body['results'] : array(), 'is_array' );
		if ( array() === $entries ) {
			printf( '<p>%s</p>', esc_html__( 'Not reviewed yet.', 'crowdscout' ) );
			return;
		}
		$labels = self::status_labels();
		?>
		<table class="widefat striped">
			<thead><tr>
				<th scope="col"><?php esc_html_e( 'Date', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'By', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Change', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Paid', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Comment', 'crowdscout' ); ?></th>
			</tr></thead>
			<tbody>
			<?php
			foreach ( $entries as $entry ) {
				$before = is_array( $entry['before'] ?? null ) ? $entry['before'] : array();
				$after  = is_array( $entry['after'] ?? null ) ? $entry['after'] : array();
				$from   = is_string( $before['status'] ?? null ) ? ( $labels[ $before['status'] ] ?? $before['status'] ) : '—';
				$to     = is_string( $after['status'] ?? null ) ? ( $labels[ $after['status'] ] ?? $after['status'] ) : '—';
				$paid   = is_array( $after['paid'] ?? null ) ? $after['paid'] : null;
				$actor  = is_int( $entry['actor'] ?? null ) ? get_userdata( $entry['actor'] ) : false;
				printf(
					'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
					esc_html( self::date( is_string( $entry['date'] ?? null ) ? $entry['date'] : '' ) ),
					esc_html(
						false !== $actor
							? $actor->display_name
							/* translators: %d: WordPress user id. */
							: sprintf( __( 'User %d', 'crowdscout' ), (int) ( $entry['actor'] ?? 0 ) )
					),
					esc_html( $from . ' → ' . $to ),
					esc_html(
						null === $paid
							? '—'
							: sprintf(
								/* translators: 1: experience points, 2: an amount of money. */
								__( '%1$d points, %2$s', 'crowdscout' ),
								(int) ( $paid['points'] ?? 0 ),
								Money::format( (float) ( $paid['gross'] ?? 0 ), 'EUR', self::language() )
							)
					),
					wp_kses( nl2br( esc_html( is_string( $entry['note'] ?? null ) ? $entry['note'] : '' ) ), array( 'br' => array() ) )
				);
			}
			?>
			</tbody>
		</table>
		<?php
	}

	/**
	 * Prints the outcome of the user's last action, once, and keeps it for the review form.
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
		if ( is_array( $result['bulk'] ?? null ) ) {
			self::print_bulk_result( $result, $result['bulk'] );
			return;
		}
		$reviewed = isset( $result['reviewed'] ) && is_array( $result['reviewed'] ) ? array_map( 'intval', $result['reviewed'] ) : array();
		$errors   = isset( $result['errors'] ) && is_array( $result['errors'] ) ? $result['errors'] : array();
		$skipped  = (int) ( $result['skipped'] ?? 0 );
		$status   = is_string( $result['status'] ?? null ) ? $result['status'] : self::APPROVED;
		if ( 0 === count( $reviewed ) + count( $errors ) + $skipped ) {
			Screen::notice( 'warning', __( 'No bug was selected.', 'crowdscout' ) );
		}
		if ( array() !== $reviewed ) {
			$ids = implode( ', ', array_map( static fn( int $id ): string => '#' . $id, $reviewed ) );
			if ( self::APPROVED === $status ) {
				/* translators: 1: number of bugs, 2: their ids, e.g. "#3, #4". */
				$message = sprintf( _n( '%1$d bug approved: %2$s.', '%1$d bugs approved: %2$s.', count( $reviewed ), 'crowdscout' ), count( $reviewed ), $ids );
			} elseif ( self::REFUSED === $status ) {
				/* translators: %s: bug id, e.g. "#3". */
				$message = sprintf( __( 'Bug %s refused.', 'crowdscout' ), $ids );
			} else {
				/* translators: %s: bug id, e.g. "#3". */
				$message = sprintf( __( 'Bug %s sent back to its tester for review.', 'crowdscout' ), $ids );
			}
			Screen::notice( 'success', $message );
		}
		foreach ( isset( $result['paid'] ) && is_array( $result['paid'] ) ? $result['paid'] : array() as $paid ) {
			Screen::notice(
				'info',
				sprintf(
					/* translators: 1: bug id, 2: experience points, 3: an amount of money. */
					__( 'Bug #%1$d paid its tester %2$d experience points and %3$s.', 'crowdscout' ),
					(int) ( $paid['id'] ?? 0 ),
					(int) ( $paid['points'] ?? 0 ),
					Money::format( (float) ( $paid['gross'] ?? 0 ), 'EUR', self::language() )
				)
			);
		}
		foreach ( $errors as $error ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: 1: bug id, 2: the API's message. */
					__( 'Bug #%1$d was not reviewed: %2$s', 'crowdscout' ),
					(int) ( $error['id'] ?? 0 ),
					(string) ( $error['message'] ?? '' )
				)
			);
		}
		if ( is_string( $result['unreachable'] ?? null ) ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: 1: number of bugs, 2: the reason given by WordPress's HTTP client. */
					_n( 'The Crowdscout API could not be reached, so %1$d bug was not reviewed (%2$s).', 'The Crowdscout API could not be reached, so %1$d bugs were not reviewed (%2$s).', $skipped, 'crowdscout' ),
					$skipped,
					$result['unreachable']
				),
				true
			);
		}
	}

	/**
	 * Prints the outcome of a bulk action: how many bugs were reviewed and what they paid, or why none was.
	 *
	 * @param array<string, mixed> $result The outcome.
	 * @param array<string, mixed> $bulk   Its `bulk` part.
	 * @return void
	 */
	private static function print_bulk_result( array $result, array $bulk ): void {
		$selected = (int) ( $bulk['selected'] ?? 0 );
		$status   = is_string( $result['status'] ?? null ) ? $result['status'] : self::APPROVED;
		if ( 0 === $selected ) {
			Screen::notice( 'warning', __( 'No bug was selected.', 'crowdscout' ) );
			return;
		}
		if ( is_string( $result['refusal'] ?? null ) ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: %s: the API's message. */
					__( 'The bugs were not reviewed, and nothing was changed: %s', 'crowdscout' ),
					$result['refusal']
				)
			);
			return;
		}
		if ( is_string( $result['unreachable'] ?? null ) ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API could not be reached (%s), so the selected bugs may not have been reviewed: the list shows their status. Trying again never pays a bug twice.', 'crowdscout' ),
					$result['unreachable']
				),
				true
			);
			return;
		}
		if ( ! is_int( $bulk['reviewed'] ?? null ) ) {
			return;
		}
		$reviewed = $bulk['reviewed'];
		if ( 0 === $reviewed ) {
			Screen::notice( 'info', __( 'No bug changed: the selected bugs already had this status and comment.', 'crowdscout' ) );
			return;
		}
		if ( self::APPROVED === $status ) {
			/* translators: %d: number of bugs. */
			$message = _n( '%d bug approved.', '%d bugs approved.', $reviewed, 'crowdscout' );
		} elseif ( self::REFUSED === $status ) {
			/* translators: %d: number of bugs. */
			$message = _n( '%d bug refused.', '%d bugs refused.', $reviewed, 'crowdscout' );
		} else {
			/* translators: %d: number of bugs. */
			$message = _n( '%d bug sent back to its tester for review.', '%d bugs sent back to their testers for review.', $reviewed, 'crowdscout' );
		}
		Screen::notice( 'success', sprintf( $message, $reviewed ) );
		if ( $reviewed < $selected ) {
			$same = $selected - $reviewed;
			Screen::notice(
				'info',
				sprintf(
					/* translators: %d: number of bugs. */
					_n( '%d selected bug already had this status and comment, and was left as it was.', '%d selected bugs already had this status and comment, and were left as they were.', $same, 'crowdscout' ),
					$same
				)
			);
		}
		$points = (int) ( $bulk['points'] ?? 0 );
		$gross  = (float) ( $bulk['gross'] ?? 0 );
		if ( $points > 0 || $gross > 0 ) {
			Screen::notice(
				'info',
				sprintf(
					/* translators: 1: experience points, 2: an amount of money. */
					__( 'Their first approvals paid the testers %1$d experience points and %2$s in all.', 'crowdscout' ),
					$points,
					Money::format( $gross, 'EUR', self::language() )
				)
			);
		}
	}

	/**
	 * URL of a campaign's list, in a view.
	 *
	 * @param int                   $campaign The campaign (0: the first one).
	 * @param array<string, string> $view     status, severity, s, paged ('' left out).
	 * @return string
	 */
	public static function list_url( int $campaign, array $view = array() ): string {
		$args = array( 'page' => self::SLUG );
		if ( $campaign > 0 ) {
			$args['campaign'] = $campaign;
		}
		foreach ( array( 'status', 'severity', 's', 'paged' ) as $key ) {
			if ( isset( $view[ $key ] ) && '' !== $view[ $key ] ) {
				$args[ $key ] = $view[ $key ];
			}
		}
		return add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $args ) ), admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a bug's view; with `review`, its form preset to that decision.
	 *
	 * @param int    $campaign The campaign chosen.
	 * @param int    $bug_id   The bug.
	 * @param string $review   refused or need-review ('' for none).
	 * @return string
	 */
	public static function bug_url( int $campaign, int $bug_id, string $review = '' ): string {
		$args = array(
			'page' => self::SLUG,
			'bug'  => $bug_id,
		);
		if ( $campaign > 0 ) {
			$args['campaign'] = $campaign;
		}
		if ( '' !== $review ) {
			$args['review'] = $review;
		}
		return add_query_arg( $args, admin_url( 'admin.php' ) ) . ( '' !== $review ? '#crowdscout-review' : '' );
	}

	/**
	 * URL of a row's Approve link, with its nonce, coming back to the view it is in.
	 *
	 * @param int                   $campaign The campaign shown.
	 * @param int                   $bug_id   The bug.
	 * @param array<string, string> $view     The view's filters.
	 * @return string
	 */
	public static function approve_url( int $campaign, int $bug_id, array $view = array() ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::APPROVE,
					'bug'    => $bug_id,
				),
				self::list_url( $campaign, $view )
			),
			self::ROW_NONCE . $bug_id
		);
	}

	/**
	 * An ISO 8601 instant in the site's date and time format ('' stays '').
	 *
	 * @param string $iso Instant.
	 * @return string
	 */
	public static function date( string $iso ): string {
		$time = '' === $iso ? false : strtotime( $iso );
		if ( false === $time ) {
			return $iso;
		}
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time );
	}

	/**
	 * A type or replicability name as shown ("usability" → "Usability").
	 *
	 * @param string $name Name.
	 * @return string
	 */
	private static function label( string $name ): string {
		$labels = array(
			'crash'       => __( 'Crash', 'crowdscout' ),
			'graphic'     => __( 'Graphic', 'crowdscout' ),
			'performance' => __( 'Performance', 'crowdscout' ),
			'malfunction' => __( 'Malfunction', 'crowdscout' ),
			'typo'        => __( 'Typo', 'crowdscout' ),
			'other'       => __( 'Other', 'crowdscout' ),
			'security'    => __( 'Security', 'crowdscout' ),
			'usability'   => __( 'Usability', 'crowdscout' ),
			'once'        => __( 'Once', 'crowdscout' ),
			'sometimes'   => __( 'Sometimes', 'crowdscout' ),
			'always'      => __( 'Always', 'crowdscout' ),
		);
		return $labels[ $name ] ?? $name;
	}

	/**
	 * A BugDevice as one line: the model or PC type, and the operating system.
	 *
	 * @param mixed $device BugDevice or null.
	 * @return string
	 */
	private static function device( $device ): string {
		if ( ! is_array( $device ) ) {
			return '';
		}
		$text  = static fn( $value ): string => is_string( $value ) ? $value : '';
		$model = is_array( $device['device'] ?? null ) ? $device['device'] : array();
		$os    = is_array( $device['operating_system'] ?? null ) ? $device['operating_system'] : array();
		$name  = isset( $model['pc_type'] ) ? $text( $model['pc_type'] ) : trim( $text( $model['manufacturer'] ?? null ) . ' ' . $text( $model['model'] ?? null ) );
		$os    = trim( $text( $os['platform'] ?? null ) . ' ' . $text( $os['version'] ?? null ) );
		return '' === $os ? $name : $name . ' · ' . $os;
	}

	/**
	 * The user's interface language, for the amounts' style.
	 *
	 * @return string
	 */
	private static function language(): string {
		$language = strtolower( substr( (string) determine_locale(), 0, 2 ) );
		return Locale::is_supported( $language ) ? $language : Locale::FALLBACK;
	}
}
