<?php
/**
 * The list of testers on Crowdscout → Testers.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's testers (AdminTester), newest first, with the API's total for the pagination; each row
 * opens the tester. It renders what Testers_Page fetched; it calls nothing itself.
 */
final class Testers_Table extends \WP_List_Table {

	/**
	 * Constructor.
	 */
	public function __construct() {
		parent::__construct(
			array(
				'singular' => 'tester',
				'plural'   => 'testers',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Testers_Page::SLUG ),
			)
		);
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, mixed> $testers  AdminTester objects as the API sent them (invalid ones are skipped).
	 * @param int               $total    Testers that match, over all pages.
	 * @param int               $per_page Page size.
	 * @return void
	 */
	public function set_testers( array $testers, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $testers ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns (none sortable: the API lists the newest first).
	 *
	 * @return void
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), array(), 'tester' );
	}

	/**
	 * The columns.
	 *
	 * @return array<string, string>
	 */
	public function get_columns(): array {
		return array(
			'tester'   => __( 'Tester', 'crowdscout' ),
			'email'    => __( 'Email', 'crowdscout' ),
			'country'  => __( 'Country', 'crowdscout' ),
			'level'    => __( 'Level', 'crowdscout' ),
			'points'   => __( 'Experience points', 'crowdscout' ),
			'joined'   => __( 'Signed up', 'crowdscout' ),
			'verified' => __( 'Verified', 'crowdscout' ),
		);
	}

	/**
	 * What an empty list says.
	 *
	 * @return void
	 */
	public function no_items(): void {
		esc_html_e( 'No tester found.', 'crowdscout' );
	}

	/**
	 * The tester: id and name, linked to their record.
	 *
	 * @param array<string, mixed> $item Row.
	 * @return string
	 */
	protected function column_tester( $item ): string {
		return sprintf(
			'<strong><a class="row-title" href="%s">%s</a></strong>',
			esc_url( Testers_Page::tester_url( (int) $item['id'] ) ),
			esc_html( trim( 'T' . $item['id'] . ' ' . $item['name'] ) )
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
			case 'email':
				return esc_html( $item['email'] );
			case 'country':
				return '' === $item['country'] ? '&mdash;' : esc_html( $item['country'] );
			case 'level':
				return '' === $item['level'] ? '&mdash;' : esc_html( $item['level'] );
			case 'points':
				return esc_html( number_format_i18n( $item['points'] ) );
			case 'joined':
				return esc_html( Audit_Trail::date( $item['joined'] ) );
			case 'verified':
				return $item['verified'] ? esc_html__( 'Yes', 'crowdscout' ) : esc_html__( 'No', 'crowdscout' );
			default:
				return '';
		}
	}

	/**
	 * "Open" under the tester's name.
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
		return $this->row_actions(
			array(
				'open' => sprintf(
					'<a href="%s" aria-label="%s">%s</a>',
					esc_url( Testers_Page::tester_url( (int) $item['id'] ) ),
					/* translators: %s: the tester, e.g. "T12 Ada Lovelace". */
					esc_attr( sprintf( __( 'Open %s', 'crowdscout' ), trim( 'T' . $item['id'] . ' ' . $item['name'] ) ) ),
					esc_html__( 'Open', 'crowdscout' )
				),
			)
		);
	}

	/**
	 * A row from an AdminTester, each field of its type; null when the object lacks an id.
	 *
	 * @param mixed $tester AdminTester as decoded from JSON.
	 * @return array{id: int, name: string, email: string, country: string, level: string, points: int, joined: string, verified: bool}|null
	 */
	public static function row( $tester ): ?array {
		if ( ! is_array( $tester ) || ! is_int( $tester['id'] ?? null ) ) {
			return null;
		}
		$text  = static fn( $value ): string => is_string( $value ) ? $value : '';
		$level = is_array( $tester['level'] ?? null ) ? $tester['level'] : array();
		return array(
			'id'       => $tester['id'],
			'name'     => trim( $text( $tester['name'] ?? null ) . ' ' . $text( $tester['surname'] ?? null ) ),
			'email'    => $text( $tester['email'] ?? null ),
			'country'  => $text( $tester['country'] ?? null ),
			'level'    => $text( $level['name'] ?? null ),
			'points'   => is_int( $tester['totalExpPts'] ?? null ) ? $tester['totalExpPts'] : 0,
			'joined'   => $text( $tester['createdAt'] ?? null ),
			'verified' => true === ( $tester['isVerified'] ?? null ),
		);
	}
}
