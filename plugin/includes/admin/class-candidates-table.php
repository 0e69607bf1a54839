<?php
/**
 * The list of a campaign's applications on Crowdscout → Candidates.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'WP_List_Table' ) ) {
	require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
}

/**
 * One page of the API's candidates (Candidate): views All, Applied, Selected and Excluded with their counts, the API's
 * total for the pagination, the tester with their level, the devices, the pre-selection answers folded away, the
 * row actions Select, Exclude, Back to review and History, and the bulk actions Select and Exclude. It renders what
 * Candidates_Page fetched; it calls nothing itself.
 */
final class Candidates_Table extends \WP_List_Table {

	/**
	 * The campaign shown.
	 *
	 * @var int
	 */
	private int $campaign;

	/**
	 * The view: a status, or '' for all.
	 *
	 * @var string
	 */
	private string $status;

	/**
	 * Number of applications per status ('' for all), where known.
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
	 * @param int                     $campaign The campaign shown.
	 * @param string                  $status   applied, selected, excluded or '' (all).
	 * @param array<string, int|null> $counts   Number of applications per status, '' for all (null where unknown).
	 * @param array<string, string>   $view     The view's status, search and page.
	 */
	public function __construct( int $campaign, string $status, array $counts, array $view ) {
		parent::__construct(
			array(
				'singular' => 'candidate',
				'plural'   => 'candidates',
				'ajax'     => false,
				'screen'   => Menu::screen_id( Candidates_Page::SLUG ),
			)
		);
		$this->campaign = $campaign;
		$this->status   = $status;
		$this->counts   = $counts;
		$this->view     = $view;
	}

	/**
	 * Takes the rows of a page and sets the pagination.
	 *
	 * @param array<int, mixed> $candidates Candidate objects as the API sent them (invalid ones are skipped).
	 * @param int               $total      Applications of the view, over all pages.
	 * @param int               $per_page   Page size.
	 * @return void
	 */
	public function set_candidates( array $candidates, int $total, int $per_page ): void {
		$this->items = array_values( array_filter( array_map( array( self::class, 'row' ), $candidates ) ) );
		$this->set_pagination_args(
			array(
				'total_items' => max( 0, $total ),
				'per_page'    => $per_page,
			)
		);
	}

	/**
	 * Columns, hidden and sortable ones (none sortable: the API lists the oldest application first).
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
			'cb'      => '<input type="checkbox" />',
			'tester'  => __( 'Tester', 'crowdscout' ),
			'status'  => __( 'Status', 'crowdscout' ),
			'applied' => __( 'Applied', 'crowdscout' ),
			'devices' => __( 'Devices', 'crowdscout' ),
			'answers' => __( 'Answers', 'crowdscout' ),
		);
	}

	/**
	 * Links to the views, with their counts where known.
	 *
	 * @return array<string, string>
	 */
	protected function get_views(): array {
		$labels = array( '' => __( 'All', 'crowdscout' ) ) + Candidates_Page::status_labels();
		$views  = array();
		foreach ( $labels as $status => $label ) {
			$count = $this->counts[ $status ] ?? null;
			$key   = '' === $status ? 'all' : $status;

			$views[ $key ] = sprintf(
				'<a href="%s"%s>%s%s</a>',
				esc_url( Candidates_Page::list_url( $this->campaign, array( 'status' => $status ) ) ),
				$status === $this->status ? ' class="current" aria-current="page"' : '',
				esc_html( $label ),
				null === $count ? '' : ' <span class="count">(' . esc_html( number_format_i18n( $count ) ) . ')</span>'
			);
		}
		return $views;
	}

	/**
	 * Select and Exclude, for the ticked applications.
	 *
	 * @return array<string, string>
	 */
	protected function get_bulk_actions(): array {
		$labels = Candidates_Page::action_labels();
		return array(
			Candidates_Page::SELECT  => $labels[ Candidates_Page::SELECT ],
			Candidates_Page::EXCLUDE => $labels[ Candidates_Page::EXCLUDE ],
		);
	}

	/**
	 * What an empty view says.
	 *
	 * @return void
	 */
	public function no_items(): void {
		esc_html_e( 'No application matches.', 'crowdscout' );
	}

	/**
	 * The row's checkbox.
	 *
	 * @param array<string, mixed> $item Row.
	 * @return string
	 */
	protected function column_cb( $item ): string {
		return sprintf(
			'<label class="screen-reader-text" for="crowdscout-candidate-%1$d">%2$s</label><input type="checkbox" id="crowdscout-candidate-%1$d" name="application[]" value="%1$d" />',
			(int) $item['id'],
			/* translators: %s: the tester's name. */
			esc_html( sprintf( __( 'Choose %s', 'crowdscout' ), $item['name'] ) )
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
			case 'tester':
				$details = array_filter( array( $item['email'], $item['country'], $item['level'] ) );
				return sprintf(
					'<strong>%s</strong><br /><span class="description">%s</span>',
					esc_html( trim( 'T' . $item['tester_id'] . ' ' . $item['name'] ) ),
					esc_html( implode( ' · ', $details ) )
				);
			case 'status':
				return esc_html( Candidates_Page::status_labels()[ $item['status'] ] ?? $item['status'] );
			case 'applied':
				return esc_html( Audit_Trail::date( $item['applied'] ) );
			case 'devices':
				if ( array() === $item['devices'] ) {
					return '&mdash;';
				}
				if ( count( $item['devices'] ) > 1 ) {
					return self::device_choice( $item );
				}
				return '<ul class="crowdscout-candidate-devices">' . implode(
					'',
					array_map( static fn( string $device ): string => '<li>' . esc_html( $device ) . '</li>', $item['devices'] )
				) . '</ul>';
			case 'answers':
				return self::answers( $item['answers'] );
			default:
				return '';
		}
	}

	/**
	 * The devices of a tester who applied with several: which one they test with, sent with the bulk Select
	 * (the manual shows it as the selected device); the one chosen before, or the first, is preselected.
	 *
	 * @param array{id: int, name: string, devices: array<int, string>, selected_device: int|null} $item Row.
	 * @return string
	 */
	private static function device_choice( array $item ): string {
		$chosen  = $item['selected_device'] ?? array_key_first( $item['devices'] );
		$options = '';
		foreach ( $item['devices'] as $id => $name ) {
			$options .= sprintf( '<option value="%d"%s>%s</option>', $id, selected( $chosen, $id, false ), esc_html( $name ) );
		}
		return sprintf(
			'<label class="screen-reader-text" for="crowdscout-device-%1$d">%2$s</label><select id="crowdscout-device-%1$d" name="device[%1$d]" class="widefat">%3$s</select><p class="description">%4$s</p>',
			$item['id'],
			/* translators: %s: the tester's name. */
			esc_html( sprintf( __( 'Device %s tests with', 'crowdscout' ), $item['name'] ) ),
			$options,
			esc_html__( 'Tested with this one when selected.', 'crowdscout' )
		);
	}

	/**
	 * The answers folded in a disclosure: question, then answer.
	 *
	 * @param array<int, array{question: string, value: string}> $answers Answers.
	 * @return string
	 */
	private static function answers( array $answers ): string {
		if ( array() === $answers ) {
			return '&mdash;';
		}
		$list = '';
		foreach ( $answers as $answer ) {
			$list .= '<dt>' . esc_html( $answer['question'] ) . '</dt><dd>' . esc_html( $answer['value'] ) . '</dd>';
		}
		return sprintf(
			'<details class="crowdscout-candidate-answers"><summary>%s</summary><dl>%s</dl></details>',
			/* translators: %d: number of answers. */
			esc_html( sprintf( _n( '%d answer', '%d answers', count( $answers ), 'crowdscout' ), count( $answers ) ) ),
			$list
		);
	}

	/**
	 * Select, Exclude and Back to review (each where it changes something) and History, under the tester.
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
		foreach ( Candidates_Page::action_labels() as $action => $label ) {
			if ( Candidates_Page::STATUS_OF[ $action ] === $item['status'] ) {
				continue;
			}
			$actions[ $action ] = sprintf(
				'<a href="%s" aria-label="%s">%s</a>',
				esc_url( Candidates_Page::action_url( $this->campaign, $action, (int) $item['id'], $this->view ) ),
				/* translators: 1: the action, e.g. "Select", 2: the tester's name. */
				esc_attr( sprintf( __( '%1$s %2$s', 'crowdscout' ), $label, $item['name'] ) ),
				esc_html( $label )
			);
		}
		$actions['history'] = sprintf(
			'<a href="%s">%s</a>',
			esc_url( Candidates_Page::list_url( $this->campaign, array_merge( $this->view, array( 'history' => (string) $item['id'] ) ) ) ),
			esc_html__( 'History', 'crowdscout' )
		);
		return $this->row_actions( $actions );
	}

	/**
	 * A row from a Candidate, each field of its type; null when the object lacks an id.
	 *
	 * @param mixed $candidate Candidate as decoded from JSON.
	 * @return array{id: int, status: string, applied: string, tester_id: int, name: string, email: string, country: string, level: string, devices: array<int, string>, selected_device: int|null, answers: array<int, array{question: string, value: string}>}|null
	 */
	public static function row( $candidate ): ?array {
		if ( ! is_array( $candidate ) || ! is_int( $candidate['id'] ?? null ) ) {
			return null;
		}
		$text    = static fn( $value ): string => is_string( $value ) ? $value : '';
		$tester  = is_array( $candidate['tester'] ?? null ) ? $candidate['tester'] : array();
		$level   = is_array( $tester['level'] ?? null ) ? $tester['level'] : array();
		$devices = array();
		foreach ( is_array( $candidate['devices'] ?? null ) ? $candidate['devices'] : array() as $device ) {
			if ( is_array( $device ) && is_int( $device['id'] ?? null ) && '' !== $text( $device['name'] ?? null ) ) {
				$devices[ $device['id'] ] = $device['name'];
			}
		}
		$selected_device = $candidate['selectedDevice'] ?? null;
		$answers = array();
		foreach ( is_array( $candidate['answers'] ?? null ) ? $candidate['answers'] : array() as $answer ) {
			if ( is_array( $answer ) ) {
				$answers[] = array(
					'question' => $text( $answer['question'] ?? null ),
					'value'    => $text( $answer['value'] ?? null ),
				);
			}
		}
		return array(
			'id'              => $candidate['id'],
			'status'          => $text( $candidate['status'] ?? null ),
			'applied'         => $text( $candidate['appliedAt'] ?? null ),
			'tester_id'       => is_int( $tester['id'] ?? null ) ? $tester['id'] : 0,
			'name'            => trim( $text( $tester['name'] ?? null ) . ' ' . $text( $tester['surname'] ?? null ) ),
			'email'           => $text( $tester['email'] ?? null ),
			'country'         => $text( $tester['country'] ?? null ),
			'level'           => $text( $level['name'] ?? null ),
			'devices'         => $devices,
			'selected_device' => is_int( $selected_device ) && isset( $devices[ $selected_device ] ) ? $selected_device : null,
			'answers'         => $answers,
		);
	}
}
