<?php
/**
 * The list of popups on Crowdscout → Messages.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's popups (AdminPopupSummary), newest first as the API orders them: title with Edit and Delete,
 * target, recipients, once, expiry, reads and date, the API's total for the pagination. It renders what
 * Messages_Page fetched; it calls nothing itself.
 */
final class Messages_Table extends \WP_List_Table {

	/**
	 * Constructor.
	 */
	public function __construct() {
		parent::__construct(
			array(
				'singular' => 'message',
				'plural'   => 'messages',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Messages_Page::SLUG ),
			)
		);
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, mixed> $popups   AdminPopupSummary objects as the API sent them (invalid ones are skipped).
	 * @param int               $total    Popups over all pages.
	 * @param int               $per_page Page size.
	 * @return void
	 */
	public function set_popups( array $popups, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $popups ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns, hidden and sortable ones (none sortable: newest first is the one order).
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
			'title'      => __( 'Title', 'crowdscout' ),
			'target'     => __( 'Sent to', 'crowdscout' ),
			'recipients' => __( 'Recipients', 'crowdscout' ),
			'once'       => __( 'Once', 'crowdscout' ),
			'expires'    => __( 'Expiry', 'crowdscout' ),
			'reads'      => __( 'Read by', 'crowdscout' ),
			'created'    => __( 'Date', 'crowdscout' ),
		);
	}

	/**
	 * What an empty list says.
	 *
	 * @return void
	 */
	public function no_items(): void {
		esc_html_e( 'No message has been written yet.', 'crowdscout' );
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
				return sprintf(
					'<strong><a class="row-title" href="%s">%s</a></strong>',
					esc_url( Messages_Page::url( Messages_Page::VIEW_EDIT, (int) $item['id'] ) ),
					esc_html( '' !== $item['title'] ? $item['title'] : '#' . $item['id'] )
				);
			case 'target':
				return 'list' === $item['target'] ? esc_html__( 'Chosen testers', 'crowdscout' ) : esc_html__( 'All testers', 'crowdscout' );
			case 'recipients':
			case 'reads':
				return esc_html( number_format_i18n( (int) $item[ $column_name ] ) );
			case 'once':
				return $item['once'] ? esc_html__( 'Yes', 'crowdscout' ) : esc_html__( 'No', 'crowdscout' );
			case 'expires':
				if ( null === $item['expires'] ) {
					return esc_html__( 'Never', 'crowdscout' );
				}
				$text = esc_html( Messages_Page::date_time( $item['expires'] ) );
				$time = strtotime( $item['expires'] );
				return false !== $time && $time <= time() ? $text . '<br /><em>' . esc_html__( 'Expired', 'crowdscout' ) . '</em>' : $text;
			case 'created':
				return esc_html( Messages_Page::date_time( $item['created'] ) );
			default:
				return '';
		}
	}

	/**
	 * Edit and Delete under the title.
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
		$id    = (int) $item['id'];
		$title = '' !== $item['title'] ? $item['title'] : '#' . $id;
		return $this->row_actions(
			array(
				'edit'   => sprintf(
					'<a href="%s" aria-label="%s">%s</a>',
					esc_url( Messages_Page::url( Messages_Page::VIEW_EDIT, $id ) ),
					/* translators: %s: the message's title. */
					esc_attr( sprintf( __( 'Edit “%s”', 'crowdscout' ), $title ) ),
					esc_html__( 'Edit', 'crowdscout' )
				),
				'delete' => sprintf(
					'<a href="%s" class="submitdelete" onclick="%s" aria-label="%s">%s</a>',
					esc_url( Messages_Page::delete_url( $id ) ),
					esc_attr(
						'return window.confirm(' . wp_json_encode(
							/* translators: %s: the message's title. */
							sprintf( __( 'Delete the message “%s”? It leaves every tester’s inbox, and who read it is forgotten.', 'crowdscout' ), $title )
						) . ');'
					),
					/* translators: %s: the message's title. */
					esc_attr( sprintf( __( 'Delete “%s”', 'crowdscout' ), $title ) ),
					esc_html__( 'Delete', 'crowdscout' )
				),
			)
		);
	}

	/**
	 * A row from an AdminPopupSummary, each field of its type; null when the object lacks an id.
	 *
	 * @param mixed $popup AdminPopupSummary as decoded from JSON.
	 * @return array{id: int, title: string, target: string, recipients: int, once: bool, expires: string|null, reads: int, created: string}|null
	 */
	public static function row( $popup ): ?array {
		if ( ! is_array( $popup ) || ! isset( $popup['id'] ) || ! is_int( $popup['id'] ) ) {
			return null;
		}
		return array(
			'id'         => $popup['id'],
			'title'      => is_string( $popup['title'] ?? null ) ? $popup['title'] : '',
			'target'     => 'list' === ( $popup['target'] ?? null ) ? 'list' : 'all',
			'recipients' => is_int( $popup['recipients'] ?? null ) ? $popup['recipients'] : 0,
			'once'       => true === ( $popup['once'] ?? null ),
			'expires'    => is_string( $popup['expiresAt'] ?? null ) && '' !== $popup['expiresAt'] ? $popup['expiresAt'] : null,
			'reads'      => is_int( $popup['reads'] ?? null ) ? $popup['reads'] : 0,
			'created'    => is_string( $popup['createdAt'] ?? null ) ? $popup['createdAt'] : '',
		);
	}
}
