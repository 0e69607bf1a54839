<?php
/**
 * The list of fiscal profiles on Crowdscout → Fiscal profiles.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's fiscal profiles (AdminFiscalProfile) with a status: views Unverified and Verified with their
 * counts, the API's total for the pagination, the tester, the fiscal data a check compares, the last refusal's
 * reason, and the row actions Verify, Refuse (the profile's form, for the reason) and Details. It renders what
 * Fiscal_Page fetched; it calls nothing itself.
 */
final class Fiscal_Table extends \WP_List_Table {

	/**
	 * The view: unverified or verified.
	 *
	 * @var string
	 */
	private string $status;

	/**
	 * Number of profiles per status, where known.
	 *
	 * @var array<string, int|null>
	 */
	private array $counts;

	/**
	 * The view's status, search and page, for the links that come back to it.
	 *
	 * @var array<string, string>
	 */
	private array $view;

	/**
	 * Constructor.
	 *
	 * @param string                  $status unverified or verified.
	 * @param array<string, int|null> $counts Number of profiles per status (null where unknown).
	 * @param array<string, string>   $view   The view's status, search and page.
	 */
	public function __construct( string $status, array $counts, array $view ) {
		parent::__construct(
			array(
				'singular' => 'fiscal-profile',
				'plural'   => 'fiscal-profiles',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Fiscal_Page::SLUG ),
			)
		);
		$this->status = $status;
		$this->counts = $counts;
		$this->view   = $view;
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, mixed> $profiles AdminFiscalProfile objects as the API sent them (invalid ones are skipped).
	 * @param int               $total    Profiles of the view, over all pages.
	 * @param int               $per_page Page size.
	 * @return void
	 */
	public function set_profiles( array $profiles, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $profiles ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns, hidden and sortable ones (none sortable: the API lists the longest waiting first).
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
			'tester'      => __( 'Tester', 'crowdscout' ),
			'type'        => __( 'Fiscal type', 'crowdscout' ),
			'fiscal_id'   => __( 'Tax id', 'crowdscout' ),
			'birth_place' => __( 'Birth place', 'crowdscout' ),
			'address'     => __( 'Address', 'crowdscout' ),
			'updated'     => __( 'Last saved', 'crowdscout' ),
			'review'      => __( 'Last check', 'crowdscout' ),
		);
	}

	/**
	 * Links to the two views, with their counts where known.
	 *
	 * @return array<string, string>
	 */
	protected function get_views(): array {
		$views = array();
		foreach ( Fiscal_Page::status_labels() as $status => $label ) {
			$count            = $this->counts[ $status ] ?? null;
			$views[ $status ] = sprintf(
				'<a href="%s"%s>%s%s</a>',
				esc_url( Fiscal_Page::list_url( array( 'status' => $status ) ) ),
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
		if ( Fiscal_Page::UNVERIFIED === $this->status ) {
			esc_html_e( 'No fiscal profile is waiting for a check.', 'crowdscout' );
		} else {
			esc_html_e( 'No fiscal profile is verified yet.', 'crowdscout' );
		}
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
			case 'tester':
				$details = array_filter( array( $item['email'], $item['birth_date'] ) );
				return sprintf(
					'<strong><a href="%s">%s</a></strong><br /><span class="description">%s</span>',
					esc_url( Fiscal_Page::profile_url( $item['tester_id'] ) ),
					esc_html( trim( 'T' . $item['tester_id'] . ' ' . $item['name'] ) ),
					esc_html( implode( ' · ', $details ) )
				);
			case 'type':
				return esc_html( Fiscal_Page::type_labels()[ $item['type'] ] ?? $item['type'] );
			case 'fiscal_id':
				return '' === $item['fiscal_id'] ? '&mdash;' : '<code>' . esc_html( $item['fiscal_id'] ) . '</code>';
			case 'birth_place':
			case 'address':
				return '' === $item[ $column_name ] ? '&mdash;' : esc_html( $item[ $column_name ] );
			case 'updated':
				return esc_html( Audit_Trail::date( $item['updated'] ) );
			case 'review':
				if ( '' === $item['reviewed'] ) {
					return '&mdash;';
				}
				$when = esc_html( Audit_Trail::date( $item['reviewed'] ) );
				return '' === $item['note'] ? $when : $when . '<br />' . esc_html( $item['note'] );
			default:
				return '';
		}
	}

	/**
	 * Verify (unverified profiles), Refuse and Details, under the tester.
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
		$actions = array();
		if ( Fiscal_Page::VERIFIED !== $item['status'] ) {
			$actions[ Fiscal_Page::VERIFY ] = sprintf(
				'<a href="%s" onclick="%s" aria-label="%s">%s</a>',
				esc_url( Fiscal_Page::verify_url( $item['tester_id'], $this->view ) ),
				esc_attr(
					'return window.confirm(' . wp_json_encode(
						/* translators: %s: the tester's name. */
						sprintf( __( 'Verify the fiscal profile of %s? The tester may then request payments.', 'crowdscout' ), $item['name'] )
					) . ');'
				),
				/* translators: %s: the tester's name. */
				esc_attr( sprintf( __( 'Verify the fiscal profile of %s', 'crowdscout' ), $item['name'] ) ),
				esc_html__( 'Verify', 'crowdscout' )
			);
		}
		$actions[ Fiscal_Page::REFUSE ] = sprintf(
			'<a href="%s" aria-label="%s">%s</a>',
			esc_url( Fiscal_Page::profile_url( $item['tester_id'] ) . '#crowdscout-refuse' ),
			/* translators: %s: the tester's name. */
			esc_attr( sprintf( __( 'Refuse the fiscal profile of %s', 'crowdscout' ), $item['name'] ) ),
			esc_html__( 'Refuse', 'crowdscout' )
		);
		$actions['details'] = sprintf(
			'<a href="%s">%s</a>',
			esc_url( Fiscal_Page::profile_url( $item['tester_id'] ) ),
			esc_html__( 'Details and history', 'crowdscout' )
		);
		return $this->row_actions( $actions );
	}

	/**
	 * A row from an AdminFiscalProfile, each field of its type; null when the object lacks its ids.
	 *
	 * @param mixed $profile AdminFiscalProfile as decoded from JSON.
	 * @return array{id: int, tester_id: int, name: string, email: string, birth_date: string, type: string, fiscal_id: string, status: string, note: string, reviewed: string, updated: string, gender: string, birth_place: string, address: string}|null
	 */
	public static function row( $profile ): ?array {
		if ( ! is_array( $profile ) || ! is_int( $profile['id'] ?? null ) ) {
			return null;
		}
		$tester = is_array( $profile['tester'] ?? null ) ? $profile['tester'] : array();
		if ( ! is_int( $tester['id'] ?? null ) ) {
			return null;
		}
		$text    = static fn( $value ): string => is_string( $value ) ? $value : '';
		$join    = static fn( array $parts ): string => implode( ', ', array_filter( array_map( $text, $parts ) ) );
		$birth   = is_array( $profile['birthPlace'] ?? null ) ? $profile['birthPlace'] : array();
		$address = is_array( $profile['address'] ?? null ) ? $profile['address'] : array();
		return array(
			'id'          => $profile['id'],
			'tester_id'   => $tester['id'],
			'name'        => trim( $text( $tester['name'] ?? null ) . ' ' . $text( $tester['surname'] ?? null ) ),
			'email'       => $text( $tester['email'] ?? null ),
			'birth_date'  => $text( $tester['birthDate'] ?? null ),
			'type'        => $text( $profile['type'] ?? null ),
			'fiscal_id'   => $text( $profile['fiscalId'] ?? null ),
			'status'      => $text( $profile['status'] ?? null ),
			'note'        => $text( $profile['reviewNote'] ?? null ),
			'reviewed'    => $text( $profile['reviewedAt'] ?? null ),
			'updated'     => $text( $profile['updatedAt'] ?? null ),
			'gender'      => $text( $profile['gender'] ?? null ),
			'birth_place' => $join( array( $birth['city'] ?? null, $birth['province'] ?? null ) ),
			'address'     => $join(
				array(
					trim( $text( $address['street'] ?? null ) . ' ' . $text( $address['streetNumber'] ?? null ) ),
					trim( $text( $address['cityCode'] ?? null ) . ' ' . $text( $address['city'] ?? null ) ),
					$address['province'] ?? null,
					$address['country'] ?? null,
				)
			),
		);
	}
}
