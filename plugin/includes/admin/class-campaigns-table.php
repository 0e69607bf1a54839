<?php
/**
 * The list of campaigns on Crowdscout → Campaigns.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's campaigns (AdminCampaignItem) with a status: views Running, Closed and All with their
 * counts, the API's total for the pagination, and each row's actions: Edit, Duplicate and Close for those who
 * manage campaigns, Candidates and Bugs for whoever reaches the list. It renders what Campaigns_Page fetched; it
 * calls nothing itself.
 */
final class Campaigns_Table extends \WP_List_Table {

	/**
	 * The view: running, closed or all.
	 *
	 * @var string
	 */
	private string $status;

	/**
	 * Number of campaigns per view, where known.
	 *
	 * @var array<string, int|null>
	 */
	private array $counts;

	/**
	 * Constructor.
	 *
	 * @param string                  $status running, closed or all.
	 * @param array<string, int|null> $counts Number of campaigns per view (null where unknown).
	 */
	public function __construct( string $status, array $counts ) {
		parent::__construct(
			array(
				'singular' => 'campaign',
				'plural'   => 'campaigns',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Menu::SLUG ),
			)
		);
		$this->status = $status;
		$this->counts = $counts;
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, mixed> $campaigns AdminCampaignItem objects as the API sent them (invalid ones are skipped).
	 * @param int               $total     Campaigns of the view, over all pages.
	 * @param int               $per_page  Page size.
	 * @return void
	 */
	public function set_campaigns( array $campaigns, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $campaigns ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns, hidden and sortable ones (the API sorts by id, start or end date).
	 *
	 * @return void
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), $this->get_sortable_columns(), 'title' );
	}

	/**
	 * The columns.
	 *
	 * @return array<string, string>
	 */
	public function get_columns(): array {
		return array(
			'title'    => __( 'Campaign', 'crowdscout' ),
			'type'     => __( 'Type', 'crowdscout' ),
			'dates'    => __( 'Dates', 'crowdscout' ),
			'selected' => __( 'Selected / cap', 'crowdscout' ),
			'bugs'     => __( 'Bugs pending', 'crowdscout' ),
			'leader'   => __( 'Team leader', 'crowdscout' ),
		);
	}

	/**
	 * Sortable columns: the API's orderBy values.
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	protected function get_sortable_columns(): array {
		return array(
			'title' => array( 'id', true ),
			'dates' => array( 'startDate', false ),
		);
	}

	/**
	 * Links to the three views, with their counts where known.
	 *
	 * @return array<string, string>
	 */
	protected function get_views(): array {
		$labels = array(
			Campaigns_Page::RUNNING => __( 'Running', 'crowdscout' ),
			Campaigns_Page::CLOSED  => __( 'Closed', 'crowdscout' ),
			Campaigns_Page::ALL     => __( 'All', 'crowdscout' ),
		);
		$views  = array();
		foreach ( $labels as $status => $label ) {
			$count            = $this->counts[ $status ] ?? null;
			$views[ $status ] = sprintf(
				'<a href="%s"%s>%s%s</a>',
				esc_url( Campaigns_Page::list_url( $status ) ),
				$status === $this->status ? ' class="current" aria-current="page"' : '',
				esc_html( $label ),
				null === $count ? '' : ' <span class="count">(' . esc_html( number_format_i18n( $count ) ) . ')</span>'
			);
		}
		return $views;
	}

	/**
	 * What an empty view says.
	 *
	 * @return void
	 */
	public function no_items(): void {
		esc_html_e( 'No campaign found.', 'crowdscout' );
	}

	/**
	 * Every column, escaped.
	 *
	 * @param array<string, mixed> $item        Row.
	 * @param string               $column_name Column.
	 * @return string
	 */
	protected function column_default( $item, $column_name ): string {
		switch ( $column_name ) {
			case 'title':
				$title = esc_html( 'CP' . $item['id'] . ' - ' . $item['title'] );
				if ( current_user_can( Roles::CAP_CAMPAIGNS ) ) {
					$title = sprintf( '<a class="row-title" href="%s">%s</a>', esc_url( Campaigns_Page::edit_url( (int) $item['id'] ) ), $title );
				}
				$closed = Campaigns_Page::CLOSED === $item['status'] ? ' &mdash; <span class="post-state">' . esc_html__( 'Closed', 'crowdscout' ) . '</span>' : '';
				return '<strong>' . $title . $closed . '</strong>';
			case 'type':
				return esc_html( $item['type'] );
			case 'dates':
				return esc_html( self::date( $item['start'] ) . ' – ' . self::date( $item['end'] ) )
					. '<br /><span class="description">' . esc_html(
						/* translators: %s: the date the campaign is evaluated. */
						sprintf( __( 'Closes %s', 'crowdscout' ), self::date( $item['close'] ) )
					) . '</span>';
			case 'selected':
				return esc_html( number_format_i18n( $item['selected'] ) . ' / ' . ( null === $item['cap'] ? '∞' : number_format_i18n( $item['cap'] ) ) )
					. '<br /><span class="description">' . esc_html(
						/* translators: %s: number of testers who applied. */
						sprintf( _n( '%s applicant', '%s applicants', $item['applicants'], 'crowdscout' ), number_format_i18n( $item['applicants'] ) )
					) . '</span>';
			case 'bugs':
				return esc_html( number_format_i18n( $item['pending'] ) );
			case 'leader':
				if ( null === $item['leader'] ) {
					return '&mdash;';
				}
				$user = get_userdata( $item['leader'] );
				return esc_html( false === $user ? '#' . $item['leader'] : $user->display_name );
			default:
				return '';
		}
	}

	/**
	 * The row's actions under the title: Edit, Candidates, Bugs, Duplicate, Close.
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
		$manage  = current_user_can( Roles::CAP_CAMPAIGNS );
		$actions = array();
		if ( $manage ) {
			$actions['edit'] = sprintf( '<a href="%s">%s</a>', esc_url( Campaigns_Page::edit_url( $id ) ), esc_html__( 'Edit', 'crowdscout' ) );
		}
		$actions['candidates'] = sprintf(
			'<a href="%s">%s</a>',
			esc_url( add_query_arg( array( 'page' => Campaigns_Page::CANDIDATES_SLUG, 'campaign' => $id ), admin_url( 'admin.php' ) ) ),
			esc_html__( 'Candidates', 'crowdscout' )
		);
		$actions['bugs']       = sprintf(
			'<a href="%s">%s</a>',
			esc_url( add_query_arg( array( 'page' => Campaigns_Page::BUGS_SLUG, 'campaign' => $id ), admin_url( 'admin.php' ) ) ),
			esc_html__( 'Bugs', 'crowdscout' )
		);
		if ( $manage ) {
			$actions['duplicate'] = sprintf(
				'<a href="%s">%s</a>',
				esc_url( Campaigns_Page::action_url( Campaigns_Page::DUPLICATE, $id ) ),
				esc_html__( 'Duplicate', 'crowdscout' )
			);
			if ( Campaigns_Page::RUNNING === $item['status'] ) {
				$actions['close'] = sprintf(
					'<a href="%s" class="submitdelete" onclick="%s" aria-label="%s">%s</a>',
					esc_url( Campaigns_Page::action_url( Campaigns_Page::CLOSE, $id ) ),
					esc_attr(
						'return window.confirm(' . wp_json_encode(
							/* translators: %d: campaign id. */
							sprintf( __( 'Close CP%d? The selected testers who completed it are paid its completion bonus. This cannot be undone.', 'crowdscout' ), $id )
						) . ');'
					),
					/* translators: %d: campaign id. */
					esc_attr( sprintf( __( 'Close CP%d', 'crowdscout' ), $id ) ),
					esc_html__( 'Close', 'crowdscout' )
				);
			}
		}
		return $this->row_actions( $actions );
	}

	/**
	 * A row from an AdminCampaignItem, each field of its type; null when the object lacks an id.
	 *
	 * @param mixed $campaign AdminCampaignItem as decoded from JSON.
	 * @return array{id: int, title: string, type: string, status: string, start: string, end: string, close: string, selected: int, cap: int|null, applicants: int, pending: int, leader: int|null}|null
	 */
	public static function row( $campaign ): ?array {
		if ( ! is_array( $campaign ) || ! isset( $campaign['id'] ) || ! is_int( $campaign['id'] ) ) {
			return null;
		}
		$text    = static fn( $value ): string => is_string( $value ) ? $value : '';
		$integer = static fn( $value ): int => is_int( $value ) ? $value : 0;
		$type    = is_array( $campaign['type'] ?? null ) ? $campaign['type'] : array();
		$bugs    = is_array( $campaign['bugs'] ?? null ) ? $campaign['bugs'] : array();
		return array(
			'id'         => $campaign['id'],
			'title'      => $text( $campaign['title'] ?? null ),
			'type'       => $text( $type['name'] ?? null ),
			'status'     => Campaigns_Page::CLOSED === ( $campaign['status'] ?? null ) ? Campaigns_Page::CLOSED : Campaigns_Page::RUNNING,
			'start'      => $text( $campaign['startDate'] ?? null ),
			'end'        => $text( $campaign['endDate'] ?? null ),
			'close'      => $text( $campaign['closeDate'] ?? null ),
			'selected'   => $integer( $campaign['selectedCount'] ?? null ),
			'cap'        => is_int( $campaign['maxTesters'] ?? null ) ? $campaign['maxTesters'] : null,
			'applicants' => $integer( $campaign['applicantsCount'] ?? null ),
			'pending'    => $integer( $bugs['pending'] ?? null ),
			'leader'     => is_int( $campaign['leader'] ?? null ) ? $campaign['leader'] : null,
		);
	}

	/**
	 * An ISO 8601 instant in the site's date format and time zone.
	 *
	 * @param string $instant Instant.
	 * @return string
	 */
	private static function date( string $instant ): string {
		$time = strtotime( $instant );
		return false === $time ? $instant : wp_date( (string) get_option( 'date_format' ), $time );
	}
}
