<?php
/**
 * A record's audit trail, as a back-office screen shows it.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

defined( 'ABSPATH' ) || exit;

/**
 * Reads a record's trail from the API (`GET /admin/audit?subjectType=&subjectId=`, newest first) and prints it as a
 * table: when, who (the WordPress user's display name), the change the screen describes, and the note given.
 */
final class Audit_Trail {

	/**
	 * Most entries shown.
	 */
	public const LIMIT = 100;

	/**
	 * Prints the trail of one record.
	 *
	 * @param Api_Client                             $api          The API's back-office routes.
	 * @param string                                 $subject_type application, fiscal_profile…
	 * @param int                                    $subject_id   The record's id.
	 * @param callable(array<string, mixed>): string $describe     The change of an entry as one line of plain text.
	 * @param string                                 $what         What could not be read, e.g. "the application's history".
	 * @param string                                 $empty        What an empty trail says.
	 * @return void
	 */
	public static function render( Api_Client $api, string $subject_type, int $subject_id, callable $describe, string $what, string $empty ): void {
		$answer = $api->get(
			wp_get_current_user(),
			'/admin/audit',
			array(
				'subjectType' => $subject_type,
				'subjectId'   => $subject_id,
				'limit'       => self::LIMIT,
			)
		);
		if ( ! Screen::answer_ok( $answer, $api, $what ) ) {
			return;
		}
		$body    = Api_Client::ok_body( $answer ) ?? array();
		$entries = array_filter( is_array( $body['results'] ?? null ) ? $body['results'] : array(), 'is_array' );
		if ( array() === $entries ) {
			printf( '<p>%s</p>', esc_html( $empty ) );
			return;
		}
		?>
		<table class="widefat striped crowdscout-audit">
			<thead><tr>
				<th scope="col"><?php esc_html_e( 'Date', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'By', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Change', 'crowdscout' ); ?></th>
				<th scope="col"><?php esc_html_e( 'Note', 'crowdscout' ); ?></th>
			</tr></thead>
			<tbody>
			<?php
			foreach ( $entries as $entry ) {
				$actor = is_int( $entry['actor'] ?? null ) ? get_userdata( $entry['actor'] ) : false;
				printf(
					'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
					esc_html( self::date( is_string( $entry['date'] ?? null ) ? $entry['date'] : '' ) ),
					esc_html(
						false !== $actor
							? $actor->display_name
							/* translators: %d: WordPress user id. */
							: sprintf( __( 'User %d', 'crowdscout' ), (int) ( $entry['actor'] ?? 0 ) )
					),
					esc_html( $describe( $entry ) ),
					wp_kses( nl2br( esc_html( is_string( $entry['note'] ?? null ) ? $entry['note'] : '' ) ), array( 'br' => array() ) )
				);
			}
			?>
			</tbody>
		</table>
		<?php
	}

	/**
	 * A field of an entry's `before` or `after`, as text ('' when absent).
	 *
	 * @param array<string, mixed> $entry An AuditEntry.
	 * @param string               $side  before or after.
	 * @param string               $field The field.
	 * @return string
	 */
	public static function field( array $entry, string $side, string $field ): string {
		$values = is_array( $entry[ $side ] ?? null ) ? $entry[ $side ] : array();
		return is_string( $values[ $field ] ?? null ) ? $values[ $field ] : '';
	}

	/**
	 * An ISO 8601 instant in the site's date and time format (what cannot be read is returned as it is).
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
}
