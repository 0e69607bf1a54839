<?php
/**
 * The list of a campaign's bugs on Crowdscout → Bug review.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's bugs of a campaign (AdminBugItem): views by status with the campaign's counts, a severity
 * filter and the search box, the row actions Approve (a link with its nonce), Refuse and Ask for review (both open
 * the bug, where a comment is written), and the bulk actions Approve, Refuse and Ask for review with the comment
 * field they send (required by the last two). It renders what Bugs_Page fetched; it calls nothing.
 */
final class Bugs_Table extends \WP_List_Table {

	/**
	 * The campaign shown.
	 *
	 * @var int
	 */
	private int $campaign;

	/**
	 * The view: '' (all) or a status.
	 *
	 * @var string
	 */
	private string $status;

	/**
	 * The severity filter ('' for all).
	 *
	 * @var string
	 */
	private string $severity;

	/**
	 * Number of bugs per status ('' for all), where known.
	 *
	 * @var array<string, int|null>
	 */
	private array $counts;

	/**
	 * Constructor.
	 *
	 * @param int                     $campaign The campaign shown.
	 * @param string                  $status   '' or a status.
	 * @param string                  $severity '' or a severity.
	 * @param array<string, int|null> $counts   Bugs per status ('' for all), null where unknown.
	 */
	public function __construct( int $campaign, string $status, string $severity, array $counts ) {
		parent::__construct(
			array(
				'singular' => 'bug',
				'plural'   => 'bugs',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Bugs_Page::SLUG ),
			)
		);
		$this->campaign = $campaign;
		$this->status   = $status;
		$this->severity = $severity;
		$this->counts   = $counts;
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, mixed> $bugs     AdminBugItem objects as the API sent them (invalid ones are skipped).
	 * @param int               $total    Bugs that match, over all pages.
	 * @param int               $per_page Page size.
	 * @return void
	 */
	public function set_bugs( array $bugs, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $bugs ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns, hidden and sortable ones (none sortable: the API sorts by id, newest first).
	 *
	 * @return void
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), array(), 'title' );
	}

	/**
	 * The columns.
	 *
	 * @return array<string, string>
	 */
	public function get_columns(): array {
		return array(
			'cb'       => '<input type="checkbox" />',
			'id'       => __( 'Id', 'crowdscout' ),
			'title'    => __( 'Title', 'crowdscout' ),
			'tester'   => __( 'Tester', 'crowdscout' ),
			'severity' => __( 'Severity', 'crowdscout' ),
			'status'   => __( 'Status', 'crowdscout' ),
			'created'  => __( 'Date', 'crowdscout' ),
			'media'    => __( 'Media', 'crowdscout' ),
		);
	}

	/**
	 * Links to the views (all and each status), with the campaign's counts where known.
	 *
	 * @return array<string, string>
	 */
	protected function get_views(): array {
		$labels = array( '' => __( 'All', 'crowdscout' ) ) + Bugs_Page::status_labels();
		$views  = array();
		foreach ( $labels as $status => $label ) {
			$count                           = $this->counts[ $status ] ?? null;
			$views[ '' === $status ? 'all' : $status ] = sprintf(
				'<a href="%s"%s>%s%s</a>',
				esc_url( Bugs_Page::list_url( $this->campaign, array( 'status' => $status ) ) ),
				$status === $this->status ? ' class="current" aria-current="page"' : '',
				esc_html( $label ),
				null === $count ? '' : ' <span class="count">(' . esc_html( number_format_i18n( $count ) ) . ')</span>'
			);
		}
		return $views;
	}

	/**
	 * The bulk actions: each reviews all the bugs chosen, or none.
	 *
	 * @return array<string, string>
	 */
	protected function get_bulk_actions(): array {
		return array(
			Bugs_Page::APPROVE    => __( 'Approve', 'crowdscout' ),
			Bugs_Page::REFUSE     => __( 'Refuse', 'crowdscout' ),
			Bugs_Page::ASK_REVIEW => __( 'Ask for review', 'crowdscout' ),
		);
	}

	/**
	 * Above the list: the comment the bulk actions send, and the severity filter.
	 *
	 * @param string $which top or bottom.
	 * @return void
	 */
	protected function extra_tablenav( $which ): void {
		if ( 'top' !== $which ) {
			return;
		}
		if ( $this->has_items() ) {
			echo '<div class="alignleft actions crowdscout-bulk-comment">';
			printf( '<label class="screen-reader-text" for="crowdscout-bulk-comment">%s</label>', esc_html__( 'Comment for the testers of the selected bugs', 'crowdscout' ) );
			printf(
				'<input type="text" name="comment" id="crowdscout-bulk-comment" size="45" maxlength="%d" placeholder="%s" aria-describedby="crowdscout-bulk-comment-help" />',
				(int) Bugs_Page::BULK_COMMENT_MAX,
				esc_attr__( 'Comment (required to refuse or ask for review)', 'crowdscout' )
			);
			printf( '<span id="crowdscout-bulk-comment-help" class="screen-reader-text">%s</span>', esc_html__( 'Sent with the bulk action to every selected bug; required to refuse them or ask for their review. Each tester reads it on the bug’s page.', 'crowdscout' ) );
			echo '</div>';
		}
		echo '<div class="alignleft actions">';
		printf( '<label class="screen-reader-text" for="crowdscout-bug-severity">%s</label>', esc_html__( 'Filter by severity', 'crowdscout' ) );
		echo '<select name="severity" id="crowdscout-bug-severity">';
		printf( '<option value="">%s</option>', esc_html__( 'All severities', 'crowdscout' ) );
		foreach ( Bugs_Page::severity_labels() as $severity => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $severity ), selected( $severity, $this->severity, false ), esc_html( $label ) );
		}
		echo '</select>';
		submit_button( __( 'Filter', 'crowdscout' ), '', 'filter_action', false, array( 'id' => 'crowdscout-bug-filter' ) );
		echo '</div>';
	}

	/**
	 * What an empty view says.
	 *
	 * @return void
	 */
	public function no_items(): void {
		esc_html_e( 'No bug matches.', 'crowdscout' );
	}

	/**
	 * The row's checkbox.
	 *
	 * @param array<string, mixed> $item Row.
	 * @return string
	 */
	protected function column_cb( $item ): string {
		return sprintf(
			'<label class="screen-reader-text" for="crowdscout-bug-%1$d">%2$s</label><input type="checkbox" id="crowdscout-bug-%1$d" name="bug[]" value="%1$d" />',
			(int) $item['id'],
			/* translators: %d: bug id. */
			esc_html( sprintf( __( 'Select bug %d', 'crowdscout' ), (int) $item['id'] ) )
		);
	}

	/**
	 * The title, a link to the bug.
	 *
	 * @param array<string, mixed> $item Row.
	 * @return string
	 */
	protected function column_title( $item ): string {
		return sprintf(
			'<strong><a class="row-title" href="%s">%s</a></strong>',
			esc_url( Bugs_Page::bug_url( $this->campaign, (int) $item['id'] ) ),
			esc_html( '' !== $item['title'] ? $item['title'] : __( '(no title)', 'crowdscout' ) )
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
				return esc_html( (string) $item['id'] );
			case 'tester':
				return esc_html( trim( 'T' . $item['tester_id'] . ' ' . $item['tester_name'] ) );
			case 'severity':
				return esc_html( Bugs_Page::severity_labels()[ $item['severity'] ] ?? $item['severity'] );
			case 'status':
				return esc_html( Bugs_Page::status_labels()[ $item['status'] ] ?? $item['status'] );
			case 'created':
				return esc_html( Bugs_Page::date( $item['created'] ) );
			case 'media':
				return esc_html( number_format_i18n( (int) $item['media'] ) );
			default:
				return '';
		}
	}

	/**
	 * Approve (a link with its nonce), Refuse and Ask for review (to the bug, where the comment is written), under
	 * the title; none is offered to a bug already in its status.
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
		$id      = (int) $item['id'];
		$actions = array();
		if ( Bugs_Page::APPROVED !== $item['status'] ) {
			// Not keyed "approve": the key is the span's class, and WordPress's list CSS hides `.row-actions .approve`
			// (the comments list's).
			$actions['approve_bug'] = sprintf(
				'<a href="%s" aria-label="%s">%s</a>',
				esc_url( Bugs_Page::approve_url( $this->campaign, $id, $this->view_args() ) ),
				/* translators: %d: bug id. */
				esc_attr( sprintf( __( 'Approve bug %d', 'crowdscout' ), $id ) ),
				esc_html__( 'Approve', 'crowdscout' )
			);
		}
		$reviews = array(
			Bugs_Page::REFUSED     => array(
				__( 'Refuse', 'crowdscout' ),
				/* translators: %d: bug id. */
				__( 'Refuse bug %d', 'crowdscout' ),
			),
			Bugs_Page::NEED_REVIEW => array(
				__( 'Ask for review', 'crowdscout' ),
				/* translators: %d: bug id. */
				__( 'Ask for a review of bug %d', 'crowdscout' ),
			),
		);
		foreach ( $reviews as $status => $labels ) {
			if ( $status === $item['status'] ) {
				continue;
			}
			$actions[ 'need-review' === $status ? 'ask_review' : 'refuse' ] = sprintf(
				'<a href="%s" aria-label="%s">%s</a>',
				esc_url( Bugs_Page::bug_url( $this->campaign, $id, $status ) ),
				esc_attr( sprintf( $labels[1], $id ) ),
				esc_html( $labels[0] )
			);
		}
		return $this->row_actions( $actions );
	}

	/**
	 * The view's filters, for the links that come back to it.
	 *
	 * @return array<string, string>
	 */
	private function view_args(): array {
		return array_filter(
			array(
				'status'   => $this->status,
				'severity' => $this->severity,
				's'        => Screen::view_text( 's' ),
				'paged'    => $this->get_pagenum() > 1 ? (string) $this->get_pagenum() : '',
			)
		);
	}

	/**
	 * A row from an AdminBugItem, each field of its type; null when the object lacks an id.
	 *
	 * @param mixed $bug AdminBugItem as decoded from JSON.
	 * @return array{id: int, title: string, status: string, severity: string, tester_id: int, tester_name: string, created: string, media: int}|null
	 */
	public static function row( $bug ): ?array {
		if ( ! is_array( $bug ) || ! isset( $bug['id'] ) || ! is_int( $bug['id'] ) ) {
			return null;
		}
		$tester = is_array( $bug['tester'] ?? null ) ? $bug['tester'] : array();
		$text   = static fn( $value ): string => is_string( $value ) ? $value : '';
		return array(
			'id'          => $bug['id'],
			'title'       => $text( $bug['title'] ?? null ),
			'status'      => $text( $bug['status'] ?? null ),
			'severity'    => $text( $bug['severity'] ?? null ),
			'tester_id'   => is_int( $tester['id'] ?? null ) ? $tester['id'] : 0,
			'tester_name' => trim( $text( $tester['name'] ?? null ) . ' ' . $text( $tester['surname'] ?? null ) ),
			'created'     => $text( $bug['created'] ?? null ),
			'media'       => is_int( $bug['mediaCount'] ?? null ) ? $bug['mediaCount'] : 0,
		);
	}
}
