<?php
/**
 * Crowdscout → Testers in wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Money;
use Crowdscout\Roles;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Crowdscout → Testers: the testers, searchable and paged (Testers_Table, `GET /admin/testers`), and one tester's
 * record (`?tester=ID`, `GET /admin/testers/{id}`): profile, fiscal profile, booty, devices, latest experience,
 * bugs and payment requests, the audit trail, and the "Adjust experience points" form, which sends
 * `POST /admin/testers/{id}/experience` with a token minted for the administrator.
 * The adjustment is handled before the screen prints (nonce, then capability, then input), its outcome kept, and
 * the browser sent back to the tester, whose record shows what happened.
 */
final class Testers_Page {

	public const SLUG       = 'crowdscout-testers';
	public const CAPABILITY = Roles::CAP_TESTERS;
	public const PER_PAGE   = 20;

	/**
	 * The adjustment's action, and its nonce action (followed by the tester id).
	 */
	public const ACTION = 'adjust_experience';
	public const NONCE  = 'crowdscout-adjust-experience-';

	/**
	 * The adjustment's limits, as the API checks them.
	 */
	public const AMOUNT_MAX = 10000;
	public const REASON_MAX = 500;

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
	 * `admin_menu`: Crowdscout → Testers, for whoever manages the testers (administrators).
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Testers', 'crowdscout' ), self::CAPABILITY, self::SLUG, $this, 'testers' );
	}

	/**
	 * The activities of an adjustment, as the API names them, with their labels (the experience history's).
	 *
	 * @return array<string, string>
	 */
	public static function activity_labels(): array {
		return array(
			'points-fix'  => __( 'Points Fix', 'crowdscout' ),
			'extra-award' => __( 'Extra Award', 'crowdscout' ),
		);
	}

	/**
	 * `load-{screen}`: runs a submitted adjustment, keeps its outcome and sends the browser back to the tester.
	 *
	 * @return void
	 */
	public function load(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle_action() verifies the nonce, then sanitises each field it reads.
		$result = $this->handle_action( wp_unslash( $_REQUEST ) );
		if ( null === $result ) {
			// The list's search form carries the table's nonce fields: the same view without them.
			if ( isset( $_GET['_wp_http_referer'], $_SERVER['REQUEST_URI'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only drops the form's fields from the address.
				wp_safe_redirect( remove_query_arg( array( '_wp_http_referer', '_wpnonce', 'action', 'action2' ), esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) ) );
				exit;
			}
			return;
		}
		if ( is_wp_error( $result ) ) {
			Screen::refuse( $result, __( 'Testers', 'crowdscout' ) );
			return;
		}
		Screen::keep_result( self::SLUG, $result );
		wp_safe_redirect( self::tester_url( $result['tester'] ) );
		exit;
	}

	/**
	 * Runs "Adjust experience points" when the request asks for it (`action=adjust_experience`, `tester`, nonce
	 * `crowdscout-adjust-experience-{tester}`). Null when no action is asked; a WP_Error for a bad nonce or a user
	 * without the capability (nothing is sent to the API then); else the outcome for the tester's record: the new
	 * total, or the problem with what was typed (kept to fill the form again).
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array{tester: int, total?: int, amount?: int, error?: string, fields?: array{amount: string, activity: string, reason: string}}|WP_Error|null
	 */
	public function handle_action( array $request ) {
		if ( self::ACTION !== Screen::requested_action( $request ) ) {
			return null;
		}
		$tester = is_scalar( $request['tester'] ?? null ) ? absint( $request['tester'] ) : 0;
		$nonce  = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? sanitize_text_field( $request['_wpnonce'] ) : '';
		if ( 0 === $tester || false === wp_verify_nonce( $nonce, self::NONCE . $tester ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the tester, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to adjust testers’ experience points.', 'crowdscout' ) );
		}

		$fields  = array(
			'amount'   => Screen::text( $request, 'amount' ),
			'activity' => sanitize_key( Screen::text( $request, 'activity' ) ),
			'reason'   => Screen::text( $request, 'reason', true ),
		);
		$problem = self::input_problem( $fields );
		if ( null !== $problem ) {
			return array(
				'tester' => $tester,
				'error'  => $problem,
				'fields' => $fields,
			);
		}
		$amount = (int) $fields['amount'];
		$answer = $this->api->send(
			wp_get_current_user(),
			'POST',
			'/admin/testers/' . $tester . '/experience',
			array(
				'amount'   => $amount,
				'activity' => $fields['activity'],
				'reason'   => $fields['reason'],
			)
		);
		if ( is_wp_error( $answer ) ) {
			return array(
				'tester' => $tester,
				'error'  => sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API could not be reached, so the experience points were not changed (%s).', 'crowdscout' ),
					$answer->get_error_message()
				),
				'fields' => $fields,
			);
		}
		$body = Api_Client::ok_body( $answer );
		if ( null === $body || ! is_int( $body['totalExpPts'] ?? null ) ) {
			return array(
				'tester' => $tester,
				'error'  => sprintf(
					/* translators: %s: the API's message. */
					__( 'The experience points were not changed: %s', 'crowdscout' ),
					Api_Client::message(
						$answer,
						/* translators: %d: HTTP status. */
						sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
					)
				),
				'fields' => $fields,
			);
		}
		return array(
			'tester' => $tester,
			'amount' => $amount,
			'total'  => $body['totalExpPts'],
		);
	}

	/**
	 * Prints the list, or one tester's record when `?tester=ID` names one.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$tester = Screen::view_id( 'tester' );
		if ( $tester > 0 ) {
			$this->render_tester( $tester );
			return;
		}
		$search = Screen::view_text( 's' );
		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/testers',
			array(
				'search' => $search,
				'start'  => ( Screen::page_number() - 1 ) * self::PER_PAGE,
				'limit'  => self::PER_PAGE,
			)
		);
		$table = new Testers_Table();
		$table->prepare_items();
		$body = Api_Client::ok_body( $answer ) ?? array();
		$table->set_testers(
			is_array( $body['results'] ?? null ) ? $body['results'] : array(),
			(int) ( Api_Client::total( $answer ) ?? 0 ),
			self::PER_PAGE
		);
		?>
		<div class="wrap">
			<h1 class="wp-heading-inline"><?php esc_html_e( 'Testers', 'crowdscout' ); ?></h1>
			<?php
			if ( '' !== $search ) {
				printf(
					'<span class="subtitle">%s</span>',
					/* translators: %s: the search terms. */
					esc_html( sprintf( __( 'Search results for: %s', 'crowdscout' ), $search ) )
				);
			}
			?>
			<hr class="wp-header-end" />
			<?php Screen::answer_ok( $answer, $this->api, __( 'the testers', 'crowdscout' ) ); ?>
			<form method="get" action="<?php echo esc_url( admin_url( 'admin.php' ) ); ?>">
				<input type="hidden" name="page" value="<?php echo esc_attr( self::SLUG ); ?>" />
				<?php
				$table->search_box( __( 'Search testers', 'crowdscout' ), 'crowdscout-testers' );
				$table->display();
				?>
			</form>
		</div>
		<?php
	}

	/**
	 * URL of the list.
	 *
	 * @return string
	 */
	public static function url(): string {
		return add_query_arg( array( 'page' => self::SLUG ), admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a tester's record.
	 *
	 * @param int $tester_id The tester.
	 * @return string
	 */
	public static function tester_url( int $tester_id ): string {
		return add_query_arg(
			array(
				'page'   => self::SLUG,
				'tester' => $tester_id,
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * What is wrong with an adjustment as typed, or null: a whole number from −10,000 to 10,000 other than 0, an
	 * activity of the list, and a reason of at most 500 characters.
	 *
	 * @param array{amount: string, activity: string, reason: string} $fields The form's fields, sanitised.
	 * @return string|null
	 */
	private static function input_problem( array $fields ): ?string {
		if ( 1 !== preg_match( '/^[+-]?\d{1,5}$/', $fields['amount'] ) || 0 === (int) $fields['amount'] || abs( (int) $fields['amount'] ) > self::AMOUNT_MAX ) {
			return sprintf(
				/* translators: %s: the largest amount, e.g. "10,000". */
				__( 'The amount must be a whole number of points from -%1$s to %1$s, other than 0.', 'crowdscout' ),
				number_format_i18n( self::AMOUNT_MAX )
			);
		}
		if ( ! array_key_exists( $fields['activity'], self::activity_labels() ) ) {
			return __( 'Choose the activity: Points Fix or Extra Award.', 'crowdscout' );
		}
		if ( '' === $fields['reason'] ) {
			return __( 'Give the reason: the tester reads it in their experience history.', 'crowdscout' );
		}
		if ( mb_strlen( $fields['reason'] ) > self::REASON_MAX ) {
			return sprintf(
				/* translators: %d: the most characters. */
				__( 'The reason must be at most %d characters long.', 'crowdscout' ),
				self::REASON_MAX
			);
		}
		return null;
	}

	/**
	 * Prints one tester's record.
	 *
	 * @param int $tester_id The tester.
	 * @return void
	 */
	private function render_tester( int $tester_id ): void {
		$answer = $this->api->get( wp_get_current_user(), '/admin/testers/' . $tester_id );
		$kept   = Screen::take_result( self::SLUG );
		$kept   = is_array( $kept ) && $tester_id === ( $kept['tester'] ?? null ) ? $kept : array();
		$record = Api_Client::ok_body( $answer );
		$tester = is_array( $record['tester'] ?? null ) ? $record['tester'] : array();
		$name   = trim( self::text( $tester, 'name' ) . ' ' . self::text( $tester, 'surname' ) );
		?>
		<div class="wrap crowdscout-tester">
			<h1 class="wp-heading-inline">
				<?php
				echo esc_html(
					'' === $name
						/* translators: %d: tester id. */
						? sprintf( __( 'Tester T%d', 'crowdscout' ), $tester_id )
						/* translators: 1: tester id, 2: the tester's name. */
						: sprintf( __( 'Tester T%1$d: %2$s', 'crowdscout' ), $tester_id, $name )
				);
				?>
			</h1>
			<a class="page-title-action" href="<?php echo esc_url( self::url() ); ?>"><?php esc_html_e( 'All testers', 'crowdscout' ); ?></a>
			<hr class="wp-header-end" />
			<?php
			$this->print_result( $kept );
			if ( ! Screen::answer_ok( $answer, $this->api, __( 'the tester', 'crowdscout' ) ) || null === $record ) {
				echo '</div>';
				return;
			}
			$this->print_profile( $record );
			$this->print_adjust_form( $tester_id, is_array( $kept['fields'] ?? null ) ? $kept['fields'] : array() );
			$this->print_devices( is_array( $record['devices'] ?? null ) ? $record['devices'] : array() );
			$this->print_experience( is_array( $record['experience'] ?? null ) ? $record['experience'] : array() );
			$this->print_bugs( is_array( $record['bugs'] ?? null ) ? $record['bugs'] : array() );
			$this->print_payments( is_array( $record['payments'] ?? null ) ? $record['payments'] : array() );
			?>
			<h2><?php esc_html_e( 'History of changes', 'crowdscout' ); ?></h2>
			<?php
			Audit_Trail::render(
				$this->api,
				'tester',
				$tester_id,
				array( self::class, 'describe' ),
				__( 'the tester’s history of changes', 'crowdscout' ),
				__( 'No change was made to this tester from the back office yet.', 'crowdscout' )
			);
			?>
		</div>
		<?php
	}

	/**
	 * An audit entry of a tester as one line.
	 *
	 * @param array<string, mixed> $entry An AuditEntry.
	 * @return string
	 */
	public static function describe( array $entry ): string {
		if ( 'tester.experience' !== ( $entry['action'] ?? null ) ) {
			return is_string( $entry['action'] ?? null ) ? $entry['action'] : '';
		}
		$after    = is_array( $entry['after'] ?? null ) ? $entry['after'] : array();
		$before   = is_array( $entry['before'] ?? null ) ? $entry['before'] : array();
		$activity = self::activity_labels()[ Audit_Trail::field( $entry, 'after', 'activity' ) ] ?? '';
		return sprintf(
			/* translators: 1: signed points, e.g. "+50", 2: the activity, e.g. "Extra Award", 3: total before, 4: total after. */
			__( '%1$s experience points (%2$s): %3$s → %4$s', 'crowdscout' ),
			sprintf( '%+d', (int) ( $after['amount'] ?? 0 ) ),
			$activity,
			number_format_i18n( (int) ( $before['totalExpPts'] ?? 0 ) ),
			number_format_i18n( (int) ( $after['totalExpPts'] ?? 0 ) )
		);
	}

	/**
	 * Prints the outcome of the last adjustment, once.
	 *
	 * @param array<string, mixed> $kept The outcome kept for this tester.
	 * @return void
	 */
	private function print_result( array $kept ): void {
		if ( is_string( $kept['error'] ?? null ) ) {
			Screen::notice( 'error', $kept['error'] );
			return;
		}
		if ( is_int( $kept['total'] ?? null ) ) {
			Screen::notice(
				'success',
				sprintf(
					/* translators: 1: signed points, e.g. "+50", 2: the new total. */
					__( 'Experience points adjusted by %1$s. The tester now has %2$s.', 'crowdscout' ),
					sprintf( '%+d', (int) ( $kept['amount'] ?? 0 ) ),
					number_format_i18n( $kept['total'] )
				)
			);
		}
	}

	/**
	 * Prints the profile: identity, level and points, booty, fiscal profile.
	 *
	 * @param array<string, mixed> $record An AdminTesterRecord.
	 * @return void
	 */
	private function print_profile( array $record ): void {
		$tester  = is_array( $record['tester'] ?? null ) ? $record['tester'] : array();
		$level   = is_array( $tester['level'] ?? null ) ? self::text( $tester['level'], 'name' ) : '';
		$fiscal  = is_array( $record['fiscal'] ?? null ) ? $record['fiscal'] : null;
		$wp_user = is_int( $tester['wpUserId'] ?? null ) ? $tester['wpUserId'] : 0;
		$profile = get_edit_user_link( $wp_user );
		$rows    = array(
			__( 'Email', 'crowdscout' )             => esc_html( self::text( $tester, 'email' ) ),
			__( 'WordPress user', 'crowdscout' )    => '' === $profile ? esc_html( '#' . $wp_user ) : sprintf( '<a href="%s">%s</a>', esc_url( $profile ), esc_html( '#' . $wp_user ) ),
			__( 'Country', 'crowdscout' )           => esc_html( '' !== self::text( $tester, 'country' ) ? self::text( $tester, 'country' ) : '—' ),
			__( 'Signed up', 'crowdscout' )         => esc_html( Audit_Trail::date( self::text( $tester, 'createdAt' ) ) ),
			__( 'Verified', 'crowdscout' )          => true === ( $tester['isVerified'] ?? null ) ? esc_html__( 'Yes', 'crowdscout' ) : esc_html__( 'No', 'crowdscout' ),
			__( 'Level', 'crowdscout' )             => esc_html( '' !== $level ? $level : '—' ),
			__( 'Experience points', 'crowdscout' ) => esc_html( number_format_i18n( is_int( $tester['totalExpPts'] ?? null ) ? $tester['totalExpPts'] : 0 ) ),
			__( 'Booty available', 'crowdscout' )   => esc_html( self::booty( $record['pendingBooty'] ?? null ) ),
			__( 'Booty earned', 'crowdscout' )      => esc_html( self::booty( $record['earnedBooty'] ?? null ) ),
			__( 'Fiscal profile', 'crowdscout' )    => esc_html( self::fiscal( $fiscal ) ),
		);
		echo '<table class="form-table crowdscout-tester__profile" role="presentation"><tbody>';
		foreach ( $rows as $label => $value ) {
			// Each value is escaped above.
			printf( '<tr><th scope="row">%s</th><td>%s</td></tr>', esc_html( $label ), $value ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
		}
		echo '</tbody></table>';
	}

	/**
	 * Prints the adjustment form, filled with what was typed when it was refused.
	 *
	 * @param int                  $tester_id The tester.
	 * @param array<string, mixed> $fields    What was typed.
	 * @return void
	 */
	private function print_adjust_form( int $tester_id, array $fields ): void {
		$activity = self::text( $fields, 'activity' );
		?>
		<h2 id="crowdscout-adjust"><?php esc_html_e( 'Adjust experience points', 'crowdscout' ); ?></h2>
		<form method="post" action="<?php echo esc_url( self::tester_url( $tester_id ) ); ?>">
			<input type="hidden" name="action" value="<?php echo esc_attr( self::ACTION ); ?>" />
			<input type="hidden" name="tester" value="<?php echo esc_attr( (string) $tester_id ); ?>" />
			<?php wp_nonce_field( self::NONCE . $tester_id ); ?>
			<table class="form-table" role="presentation"><tbody>
				<tr>
					<th scope="row"><label for="crowdscout-adjust-amount"><?php esc_html_e( 'Points', 'crowdscout' ); ?></label></th>
					<td>
						<input type="number" id="crowdscout-adjust-amount" name="amount" step="1" min="<?php echo esc_attr( (string) -self::AMOUNT_MAX ); ?>" max="<?php echo esc_attr( (string) self::AMOUNT_MAX ); ?>" value="<?php echo esc_attr( self::text( $fields, 'amount' ) ); ?>" required aria-describedby="crowdscout-adjust-amount-help" />
						<p class="description" id="crowdscout-adjust-amount-help"><?php esc_html_e( 'Negative to take points away.', 'crowdscout' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="crowdscout-adjust-activity"><?php esc_html_e( 'Activity', 'crowdscout' ); ?></label></th>
					<td>
						<select id="crowdscout-adjust-activity" name="activity">
							<?php foreach ( self::activity_labels() as $value => $label ) : ?>
								<option value="<?php echo esc_attr( $value ); ?>" <?php selected( $activity, $value ); ?>><?php echo esc_html( $label ); ?></option>
							<?php endforeach; ?>
						</select>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="crowdscout-adjust-reason"><?php esc_html_e( 'Reason', 'crowdscout' ); ?></label></th>
					<td>
						<textarea id="crowdscout-adjust-reason" name="reason" rows="3" cols="60" maxlength="<?php echo esc_attr( (string) self::REASON_MAX ); ?>" required aria-describedby="crowdscout-adjust-reason-help"><?php echo esc_textarea( self::text( $fields, 'reason' ) ); ?></textarea>
						<p class="description" id="crowdscout-adjust-reason-help"><?php esc_html_e( 'The tester reads it in their experience history.', 'crowdscout' ); ?></p>
					</td>
				</tr>
			</tbody></table>
			<?php submit_button( __( 'Adjust experience points', 'crowdscout' ), 'primary', 'submit', false ); ?>
		</form>
		<?php
	}

	/**
	 * Prints the tester's devices.
	 *
	 * @param array<int, mixed> $devices Device objects.
	 * @return void
	 */
	private function print_devices( array $devices ): void {
		$rows = array();
		foreach ( array_filter( $devices, 'is_array' ) as $device ) {
			$model  = is_array( $device['device'] ?? null ) ? $device['device'] : array();
			$os     = is_array( $device['operating_system'] ?? null ) ? $device['operating_system'] : array();
			$rows[] = array(
				'' !== self::text( $model, 'pc_type' ) ? self::text( $model, 'pc_type' ) : trim( self::text( $model, 'manufacturer' ) . ' ' . self::text( $model, 'model' ) ),
				trim( self::text( $os, 'platform' ) . ' ' . self::text( $os, 'version' ) ),
				Audit_Trail::date( self::text( $device, 'added_on' ) ),
			);
		}
		self::print_list(
			__( 'Devices', 'crowdscout' ),
			array( __( 'Device', 'crowdscout' ), __( 'Operating system', 'crowdscout' ), __( 'Added', 'crowdscout' ) ),
			$rows,
			count( $rows ),
			__( 'No device.', 'crowdscout' )
		);
	}

	/**
	 * Prints the latest experience entries.
	 *
	 * @param array<string, mixed> $page An ExperiencePage.
	 * @return void
	 */
	private function print_experience( array $page ): void {
		$names = array(
			1 => __( 'Campaign Completion', 'crowdscout' ),
			2 => __( 'Bug Evaluation', 'crowdscout' ),
			3 => __( 'Points Fix', 'crowdscout' ),
			4 => __( 'Extra Award', 'crowdscout' ),
			5 => __( 'Referral', 'crowdscout' ),
		);
		$rows  = array();
		foreach ( self::results( $page ) as $entry ) {
			$activity = is_array( $entry['activity'] ?? null ) && is_int( $entry['activity']['id'] ?? null ) ? $entry['activity']['id'] : 0;
			$campaign = is_array( $entry['campaign'] ?? null ) ? $entry['campaign'] : null;
			$rows[]   = array(
				Audit_Trail::date( self::text( $entry, 'date' ) ),
				$names[ $activity ] ?? __( 'Other', 'crowdscout' ),
				null === $campaign ? '—' : trim( 'CP' . (int) ( $campaign['id'] ?? 0 ) . ' ' . self::text( $campaign, 'title' ) ),
				sprintf( '%+d', (int) ( $entry['amount'] ?? 0 ) ),
				self::text( $entry, 'note' ),
			);
		}
		self::print_list(
			__( 'Experience', 'crowdscout' ),
			array( __( 'Date', 'crowdscout' ), __( 'Activity', 'crowdscout' ), __( 'Campaign', 'crowdscout' ), __( 'Points', 'crowdscout' ), __( 'Reason', 'crowdscout' ) ),
			$rows,
			is_int( $page['total'] ?? null ) ? $page['total'] : count( $rows ),
			__( 'No experience yet.', 'crowdscout' )
		);
	}

	/**
	 * Prints the latest bugs, each linked to its review.
	 *
	 * @param array<string, mixed> $page A BugPage.
	 * @return void
	 */
	private function print_bugs( array $page ): void {
		// The API's ids (1 refused … 4 need review; 1 low … 4 critical) as the Bug review screen names them.
		$statuses   = array(
			1 => Bugs_Page::REFUSED,
			2 => Bugs_Page::APPROVED,
			3 => Bugs_Page::PENDING,
			4 => Bugs_Page::NEED_REVIEW,
		);
		$severities = array( 1 => 'low', 2 => 'medium', 3 => 'high', 4 => 'critical' );
		$rows       = array();
		foreach ( self::results( $page ) as $bug ) {
			$campaign = is_array( $bug['campaign'] ?? null ) ? $bug['campaign'] : array();
			$status   = is_array( $bug['status'] ?? null ) ? (int) ( $bug['status']['id'] ?? 0 ) : 0;
			$severity = is_array( $bug['severity'] ?? null ) ? (int) ( $bug['severity']['id'] ?? 0 ) : 0;
			$rows[]   = array(
				array(
					'text' => '#' . (int) ( $bug['id'] ?? 0 ),
					'href' => Bugs_Page::bug_url( (int) ( $campaign['id'] ?? 0 ), (int) ( $bug['id'] ?? 0 ) ),
				),
				trim( 'CP' . (int) ( $campaign['id'] ?? 0 ) . ' ' . self::text( $campaign, 'name' ) ),
				self::text( $bug, 'title' ),
				Bugs_Page::severity_labels()[ $severities[ $severity ] ?? '' ] ?? '',
				Bugs_Page::status_labels()[ $statuses[ $status ] ?? '' ] ?? '',
			);
		}
		self::print_list(
			__( 'Bugs', 'crowdscout' ),
			array( __( 'Bug', 'crowdscout' ), __( 'Campaign', 'crowdscout' ), __( 'Title', 'crowdscout' ), __( 'Severity', 'crowdscout' ), __( 'Status', 'crowdscout' ) ),
			$rows,
			is_int( $page['total'] ?? null ) ? $page['total'] : count( $rows ),
			__( 'No bug reported yet.', 'crowdscout' )
		);
	}

	/**
	 * Prints the latest payment requests.
	 *
	 * @param array<string, mixed> $page An AdminPaymentPage.
	 * @return void
	 */
	private function print_payments( array $page ): void {
		$rows = array();
		foreach ( self::results( $page ) as $payment ) {
			$row = Payouts_Table::row( $payment );
			if ( null === $row ) {
				continue;
			}
			$money  = static fn( ?float $value ): string => null === $value ? '—' : Money::format( $value, $row['currency'], Payouts_Table::language() );
			$rows[] = array(
				'#' . $row['id'],
				Payouts_Table::date( $row['requested'] ),
				null === $row['paid'] ? __( 'Processing', 'crowdscout' ) : Payouts_Table::date( $row['paid'] ),
				( 'iban' === $row['method'] ? __( 'Bank transfer', 'crowdscout' ) : __( 'PayPal', 'crowdscout' ) ) . ': ' . $row['destination'],
				$money( $row['gross'] ),
				$money( $row['net'] ),
				null === $row['receipt'] ? '—' : array(
					'text' => __( 'Receipt', 'crowdscout' ),
					'href' => $row['receipt'],
				),
			);
		}
		self::print_list(
			__( 'Payment requests', 'crowdscout' ),
			array( __( 'Request', 'crowdscout' ), __( 'Requested', 'crowdscout' ), __( 'Paid', 'crowdscout' ), __( 'Method', 'crowdscout' ), __( 'Gross', 'crowdscout' ), __( 'Net', 'crowdscout' ), __( 'Receipt', 'crowdscout' ) ),
			$rows,
			is_int( $page['total'] ?? null ) ? $page['total'] : count( $rows ),
			__( 'No payment request yet.', 'crowdscout' )
		);
	}

	/**
	 * Prints a section: its title with how many of how many are shown, and a table of plain-text cells (a cell may
	 * be a link: ['text' => …, 'href' => …]), every cell escaped.
	 *
	 * @param string                                                   $title   The section's title.
	 * @param string[]                                                 $headers Column headers.
	 * @param array<int, array<int, string|array{text: string, href: string}>> $rows    Rows.
	 * @param int                                                      $total   How many there are in all.
	 * @param string                                                   $empty   What an empty section says.
	 * @return void
	 */
	private static function print_list( string $title, array $headers, array $rows, int $total, string $empty ): void {
		printf( '<h2>%s</h2>', esc_html( $title ) );
		if ( array() === $rows ) {
			printf( '<p>%s</p>', esc_html( $empty ) );
			return;
		}
		if ( $total > count( $rows ) ) {
			printf(
				'<p class="description">%s</p>',
				/* translators: 1: how many are shown, 2: how many there are. */
				esc_html( sprintf( __( 'The latest %1$s of %2$s.', 'crowdscout' ), number_format_i18n( count( $rows ) ), number_format_i18n( $total ) ) )
			);
		}
		echo '<table class="widefat striped"><thead><tr>';
		foreach ( $headers as $header ) {
			printf( '<th scope="col">%s</th>', esc_html( $header ) );
		}
		echo '</tr></thead><tbody>';
		foreach ( $rows as $row ) {
			echo '<tr>';
			foreach ( $row as $cell ) {
				if ( is_array( $cell ) ) {
					printf( '<td><a href="%s">%s</a></td>', esc_url( $cell['href'] ), esc_html( $cell['text'] ) );
				} else {
					printf( '<td>%s</td>', esc_html( $cell ) );
				}
			}
			echo '</tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The objects of a page's `results`.
	 *
	 * @param array<string, mixed> $page A page.
	 * @return array<int, array<string, mixed>>
	 */
	private static function results( array $page ): array {
		return array_values( array_filter( is_array( $page['results'] ?? null ) ? $page['results'] : array(), 'is_array' ) );
	}

	/**
	 * A booty as "gross (net)".
	 *
	 * @param mixed $booty A Booty.
	 * @return string
	 */
	private static function booty( $booty ): string {
		$gross = is_array( $booty ) && is_array( $booty['gross'] ?? null ) ? $booty['gross'] : null;
		if ( null === $gross || ! ( is_int( $gross['value'] ?? null ) || is_float( $gross['value'] ?? null ) ) ) {
			return '—';
		}
		$currency = self::text( $gross, 'currency' );
		$currency = '' !== $currency ? $currency : Money::DEFAULT_CURRENCY;
		$text     = Money::format( (float) $gross['value'], $currency, Payouts_Table::language() );
		$net      = is_array( $booty['net'] ?? null ) ? $booty['net'] : null;
		if ( null !== $net && ( is_int( $net['value'] ?? null ) || is_float( $net['value'] ?? null ) ) ) {
			$text = sprintf(
				/* translators: 1: gross amount, 2: net amount. */
				__( '%1$s gross, %2$s net', 'crowdscout' ),
				$text,
				Money::format( (float) $net['value'], $currency, Payouts_Table::language() )
			);
		}
		return $text;
	}

	/**
	 * The fiscal profile as one line: type, status and the reason of a refusal.
	 *
	 * @param array<string, mixed>|null $fiscal The record's `fiscal`.
	 * @return string
	 */
	private static function fiscal( ?array $fiscal ): string {
		if ( null === $fiscal ) {
			return __( 'None yet', 'crowdscout' );
		}
		$type   = Fiscal_Page::type_labels()[ self::text( $fiscal, 'type' ) ] ?? self::text( $fiscal, 'type' );
		$status = Fiscal_Page::status_labels()[ self::text( $fiscal, 'status' ) ] ?? self::text( $fiscal, 'status' );
		$note   = self::text( $fiscal, 'reviewNote' );
		return '' === $note
			/* translators: 1: fiscal type, 2: status, e.g. "Verified". */
			? sprintf( __( '%1$s — %2$s', 'crowdscout' ), $type, $status )
			/* translators: 1: fiscal type, 2: status, e.g. "Unverified", 3: why it was refused. */
			: sprintf( __( '%1$s — %2$s: %3$s', 'crowdscout' ), $type, $status, $note );
	}

	/**
	 * A text field of an object ('' when absent or not text).
	 *
	 * @param array<string, mixed> $data  The object.
	 * @param string               $field The field.
	 * @return string
	 */
	private static function text( array $data, string $field ): string {
		return is_string( $data[ $field ] ?? null ) ? $data[ $field ] : '';
	}
}
