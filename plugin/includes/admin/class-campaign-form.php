<?php
/**
 * The edit form of a campaign on Crowdscout → Campaigns.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;
use DateTimeImmutable;
use DateTimeZone;

defined( 'ABSPATH' ) || exit;

/**
 * Prints a campaign's settings as a plain wp-admin form (sections General, Dates, Audience & devices, Content,
 * Payout, Bug form, Tasks, Pre-selection form) and turns the submitted form back into the API's
 * AdminCampaignInput. Repeatable rows (additional fields, tasks, questions, options) are the stored ones plus a few
 * empty ones, so no script is needed; a row left empty is ignored, a stored one ticked "Remove" is dropped. Rich
 * texts go through wp_kses_post before they are sent. Dates are shown and typed in the site's time zone, sent in
 * UTC.
 */
final class Campaign_Form {

	/**
	 * Empty rows offered after the stored ones.
	 */
	public const EMPTY_ROWS    = 2;
	public const EMPTY_OPTIONS = 3;

	public const LOCALES = array( 'en', 'it', 'es', 'fr' );

	public const VISIBILITIES = array( 'public', 'target', 'small-group', 'internal' );

	public const QUESTION_TYPES = array( 'text', 'phone_number', 'address', 'select', 'gender', 'multiselect', 'radio', 'cuf' );

	public const SEVERITIES      = array( 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' );
	public const TYPES           = array( 'CRASH', 'GRAPHIC', 'PERFORMANCE', 'MALFUNCTION', 'TYPO', 'OTHER', 'SECURITY', 'USABILITY' );
	public const REPLICABILITIES = array( 'ONCE', 'SOMETIMES', 'ALWAYS' );

	/**
	 * The special blocks a preview may hold (src/widgets/campaign-preview/sanitize.ts): payout, bug types, how to apply.
	 */
	public const CONTENT_BLOCKS = array( 'payout', 'bug-types', 'how-to-apply' );

	public const MONEY = array( 'completeBonus', 'payoutLimit', 'criticalBugPayout', 'highBugPayout', 'mediumBugPayout', 'lowBugPayout', 'topTesterBonus' );

	/**
	 * The device type codes of the API, with their labels.
	 *
	 * @return array<int, string>
	 */
	public static function device_types(): array {
		return array(
			0 => __( 'Smartphone', 'crowdscout' ),
			1 => __( 'Tablet', 'crowdscout' ),
			2 => __( 'PC', 'crowdscout' ),
			3 => __( 'Console', 'crowdscout' ),
			4 => __( 'Smartwatch', 'crowdscout' ),
			5 => __( 'Smart TV', 'crowdscout' ),
		);
	}

	/**
	 * The campaign's settings from the submitted form (unslashed), as the API's AdminCampaignInput.
	 *
	 * @param array<string, mixed> $form `campaign[…]` of the request.
	 * @return array<string, mixed>
	 */
	public static function body( array $form ): array {
		$text    = static fn( $value ): string => is_string( $value ) ? trim( sanitize_text_field( $value ) ) : '';
		$raw     = static fn( $value ): string => is_string( $value ) ? trim( wp_check_invalid_utf8( $value ) ) : '';
		$int     = static fn( $value ): ?int => is_scalar( $value ) && '' !== trim( (string) $value ) && is_numeric( $value ) ? (int) $value : null;
		$checked = static fn( $value ): bool => ! empty( $value );
		$list    = static fn( $value ): array => is_array( $value ) ? $value : array();
		$null    = static fn( string $value ): ?string => '' === $value ? null : $value;

		$visibility = $text( $form['visibility'] ?? '' );
		$body       = array(
			'title'            => $text( $form['title'] ?? '' ),
			'typeId'           => (int) $int( $form['typeId'] ?? null ),
			'startDate'        => self::utc( $text( $form['startDate'] ?? '' ) ),
			'endDate'          => self::utc( $text( $form['endDate'] ?? '' ) ),
			'closeDate'        => self::utc( $text( $form['closeDate'] ?? '' ) ),
			'visibility'       => in_array( $visibility, self::VISIBILITIES, true ) ? $visibility : 'public',
			'targetCountry'    => $null( strtoupper( $text( $form['targetCountry'] ?? '' ) ) ),
			'targetLanguageId' => $int( $form['targetLanguageId'] ?? null ),
			'targetMinLevelId' => $int( $form['targetMinLevelId'] ?? null ),
			'targetTesterIds'  => array(),
			'maxTesters'       => $int( $form['maxTesters'] ?? null ),
			'acceptedDevices'  => array(),
			'contents'         => array(),
			'payout'           => array(),
			'bugForm'          => array(),
			'tasks'            => array(),
			'questions'        => array(),
			'leader'           => $int( $form['leader'] ?? null ),
			'tlName'           => $null( $text( $form['tlName'] ?? '' ) ),
			'tlEmail'          => $null( $text( $form['tlEmail'] ?? '' ) ),
			'language'         => null,
		);
		if ( 0 === $body['leader'] ) {
			$body['leader'] = null;
		}

		// Tester ids as typed: "T12, 15 T16".
		if ( preg_match_all( '/\d+/', $text( $form['targetTesterIds'] ?? '' ), $matches ) ) {
			$body['targetTesterIds'] = array_values( array_unique( array_map( 'intval', $matches[0] ) ) );
		}

		$devices = $list( $form['devices'] ?? null );
		foreach ( array_keys( self::device_types() ) as $type ) {
			$device = $list( $devices[ $type ] ?? null );
			if ( ! $checked( $device['accepted'] ?? null ) ) {
				continue;
			}
			$body['acceptedDevices'][] = array(
				'deviceType'  => $type,
				'platformIds' => array_values( array_unique( array_filter( array_map( 'absint', $list( $device['platforms'] ?? null ) ) ) ) ),
			);
		}

		$contents = $list( $form['contents'] ?? null );
		foreach ( self::LOCALES as $locale ) {
			$content = $list( $contents[ $locale ] ?? null );
			$entry   = array(
				'language'       => $locale,
				'previewContent' => trim( wp_kses_post( $raw( $content['previewContent'] ?? '' ) ) ),
				'manualContent'  => trim( wp_kses_post( $raw( $content['manualContent'] ?? '' ) ) ),
				'previewLink'    => $null( esc_url_raw( $text( $content['previewLink'] ?? '' ) ) ),
				'manualLink'     => $null( esc_url_raw( $text( $content['manualLink'] ?? '' ) ) ),
			);
			if ( '' !== $entry['previewContent'] . $entry['manualContent'] . $entry['previewLink'] . $entry['manualLink'] ) {
				$body['contents'][] = $entry;
			}
		}

		$payout = $list( $form['payout'] ?? null );
		foreach ( self::MONEY as $key ) {
			$amount                   = str_replace( ',', '.', $text( $payout[ $key ] ?? '' ) );
			$body['payout'][ $key ] = is_numeric( $amount ) ? round( (float) $amount, 2 ) : 0;
		}
		foreach ( array( 'minimumBugs', 'percentUsecases', 'campaignPts' ) as $key ) {
			$body['payout'][ $key ] = (int) $int( $payout[ $key ] ?? null );
		}

		$bug_form        = $list( $form['bugForm'] ?? null );
		$extensions      = preg_split( '/[\s,;]+/', strtolower( $text( $bug_form['validFileExtensions'] ?? '' ) ) );
		$body['bugForm'] = array(
			'hasBugForm'          => $checked( $bug_form['hasBugForm'] ?? null ),
			'hasBugParade'        => $checked( $bug_form['hasBugParade'] ?? null ),
			'titleRule'           => $checked( $bug_form['titleRule'] ?? null ),
			'minimumMedia'        => (int) $int( $bug_form['minimumMedia'] ?? null ),
			'validFileExtensions' => array_values( array_unique( array_filter( array_map( static fn( string $ext ): string => ltrim( $ext, '.' ), false === $extensions ? array() : $extensions ) ) ) ),
			'severities'          => array_values( array_intersect( self::SEVERITIES, $list( $bug_form['severities'] ?? null ) ) ),
			'types'               => array_values( array_intersect( self::TYPES, $list( $bug_form['types'] ?? null ) ) ),
			'replicabilities'     => array_values( array_intersect( self::REPLICABILITIES, $list( $bug_form['replicabilities'] ?? null ) ) ),
			'additionalFields'    => array(),
		);
		foreach ( $list( $bug_form['additionalFields'] ?? null ) as $field ) {
			$field = $list( $field );
			$slug  = $text( $field['slug'] ?? '' );
			$name  = $text( $field['name'] ?? '' );
			if ( ( '' === $slug && '' === $name ) || $checked( $field['remove'] ?? null ) ) {
				continue;
			}
			$type                                  = 'select' === ( $field['type'] ?? '' ) ? 'select' : 'text';
			$body['bugForm']['additionalFields'][] = array(
				'slug'    => $slug,
				'name'    => $name,
				'type'    => $type,
				'regex'   => $null( $raw( $field['regex'] ?? '' ) ),
				'error'   => $null( $text( $field['error'] ?? '' ) ),
				'options' => 'select' === $type ? self::lines( $raw( $field['options'] ?? '' ) ) : array(),
			);
		}

		foreach ( self::in_chosen_order( $list( $form['tasks'] ?? null ) ) as $task ) {
			$id   = $int( $task['id'] ?? null );
			$name = $text( $task['name'] ?? '' );
			if ( ( null === $id && '' === $name ) || $checked( $task['remove'] ?? null ) ) {
				continue;
			}
			$body['tasks'][] = array_merge(
				null === $id ? array() : array( 'id' => $id ),
				array(
					'name'           => $name,
					'content'        => trim( wp_kses_post( $raw( $task['content'] ?? '' ) ) ),
					'canUploadMedia' => $checked( $task['canUploadMedia'] ?? null ),
				)
			);
		}

		foreach ( self::in_chosen_order( $list( $form['questions'] ?? null ) ) as $question ) {
			$id       = $int( $question['id'] ?? null );
			$asked    = $text( $question['question'] ?? '' );
			if ( ( null === $id && '' === $asked ) || $checked( $question['remove'] ?? null ) ) {
				continue;
			}
			$type    = $text( $question['type'] ?? '' );
			$type    = in_array( $type, self::QUESTION_TYPES, true ) ? $type : 'text';
			$options = array();
			if ( in_array( $type, array( 'select', 'multiselect', 'radio' ), true ) ) {
				foreach ( $list( $question['options'] ?? null ) as $option ) {
					$option    = $list( $option );
					$option_id = $int( $option['id'] ?? null );
					$name      = $text( $option['name'] ?? '' );
					if ( '' === $name ) {
						continue;
					}
					$options[] = array_merge( null === $option_id ? array() : array( 'id' => $option_id ), array( 'name' => $name ) );
				}
			}
			$body['questions'][] = array_merge(
				null === $id ? array() : array( 'id' => $id ),
				array(
					'type'              => $type,
					'question'          => $asked,
					'customUserFieldId' => 'cuf' === $type ? $int( $question['customUserFieldId'] ?? null ) : null,
					'regex'             => 'text' === $type ? $null( $raw( $question['regex'] ?? '' ) ) : null,
					'error'             => 'text' === $type ? $null( $text( $question['error'] ?? '' ) ) : null,
					'options'           => $options,
				)
			);
		}

		$language = $list( $form['language'] ?? null );
		$code     = $text( $language['code'] ?? '' );
		if ( '' !== $code ) {
			$body['language'] = array(
				'code'    => $code,
				'message' => trim( sanitize_textarea_field( is_string( $language['message'] ?? null ) ? $language['message'] : '' ) ),
			);
		}
		return $body;
	}

	/**
	 * Prints the form.
	 *
	 * @param array<string, mixed> $campaign The campaign (AdminCampaign, or the body sent when it was refused).
	 * @param array<string, mixed> $choices  AdminCampaignChoices (empty lists when unknown).
	 * @param string               $action   URL the form posts to.
	 * @param string               $nonce    Nonce action.
	 * @return void
	 */
	public static function render( array $campaign, array $choices, string $action, string $nonce ): void {
		$value = static fn( string $key, $fallback = '' ) => $campaign[ $key ] ?? $fallback;
		?>
		<form method="post" action="<?php echo esc_url( $action ); ?>" class="crowdscout-campaign-form">
			<?php wp_nonce_field( $nonce ); ?>
			<input type="hidden" name="action" value="<?php echo esc_attr( Campaigns_Page::SAVE ); ?>" />

			<h2><?php esc_html_e( 'General', 'crowdscout' ); ?></h2>
			<table class="form-table" role="presentation">
				<?php
				self::text_row( 'title', __( 'Title', 'crowdscout' ), (string) $value( 'title' ), array( 'required' => 'required', 'maxlength' => '255' ) );
				self::select_row( 'typeId', __( 'Type', 'crowdscout' ), self::id_names( $choices['types'] ?? array() ), $value( 'typeId' ), false );
				self::select_row(
					'visibility',
					__( 'Visibility', 'crowdscout' ),
					array(
						'public'      => __( 'Public: every tester', 'crowdscout' ),
						'target'      => __( 'Target: testers matching the audience below', 'crowdscout' ),
						'small-group' => __( 'Small group: the testers listed below', 'crowdscout' ),
						'internal'    => __( 'Internal: staff only', 'crowdscout' ),
					),
					$value( 'visibility', 'public' ),
					false
				);
				self::select_row( 'leader', __( 'Team leader', 'crowdscout' ), self::leaders(), $value( 'leader' ), true, __( 'The tester lead who runs the campaign: its candidates and bugs.', 'crowdscout' ) );
				self::text_row( 'tlName', __( 'Team leader name shown to testers', 'crowdscout' ), (string) $value( 'tlName' ) );
				self::text_row( 'tlEmail', __( 'Team leader e-mail shown to testers', 'crowdscout' ), (string) $value( 'tlEmail' ), array( 'type' => 'email' ) );
				?>
			</table>

			<h2><?php esc_html_e( 'Dates', 'crowdscout' ); ?></h2>
			<p class="description">
				<?php
				/* translators: %s: the site's time zone, e.g. "Europe/Rome". */
				echo esc_html( sprintf( __( 'In the site’s time zone (%s).', 'crowdscout' ), wp_timezone_string() ) );
				?>
			</p>
			<table class="form-table" role="presentation">
				<?php
				self::text_row( 'startDate', __( 'Start', 'crowdscout' ), self::local( (string) $value( 'startDate' ) ), array( 'type' => 'datetime-local', 'required' => 'required' ) );
				self::text_row( 'endDate', __( 'End', 'crowdscout' ), self::local( (string) $value( 'endDate' ) ), array( 'type' => 'datetime-local', 'required' => 'required' ) );
				self::text_row( 'closeDate', __( 'Close (evaluation)', 'crowdscout' ), self::local( (string) $value( 'closeDate' ) ), array( 'type' => 'datetime-local', 'required' => 'required' ) );
				?>
			</table>

			<h2><?php esc_html_e( 'Audience & devices', 'crowdscout' ); ?></h2>
			<table class="form-table" role="presentation">
				<?php
				self::text_row( 'maxTesters', __( 'Maximum testers', 'crowdscout' ), null === $value( 'maxTesters', null ) ? '' : (string) $value( 'maxTesters' ), array( 'type' => 'number', 'min' => '0' ), __( 'Empty for no cap.', 'crowdscout' ) );
				self::text_row( 'targetCountry', __( 'Target country', 'crowdscout' ), (string) $value( 'targetCountry' ), array( 'maxlength' => '2', 'class' => 'small-text' ), __( 'Two-letter code, e.g. IT. Target visibility only.', 'crowdscout' ) );
				self::select_row( 'targetLanguageId', __( 'Target language', 'crowdscout' ), self::id_names( $choices['languages'] ?? array() ), $value( 'targetLanguageId' ), true );
				self::select_row( 'targetMinLevelId', __( 'Target minimum level', 'crowdscout' ), self::id_names( $choices['levels'] ?? array() ), $value( 'targetMinLevelId' ), true );
				$testers = is_array( $value( 'targetTesterIds', array() ) ) ? $value( 'targetTesterIds', array() ) : array();
				self::text_row( 'targetTesterIds', __( 'Small group testers', 'crowdscout' ), implode( ', ', array_map( static fn( $id ): string => 'T' . (int) $id, $testers ) ), array( 'class' => 'large-text' ), __( 'Tester ids separated by commas, e.g. T12, T15.', 'crowdscout' ) );
				?>
				<tr>
					<th scope="row"><?php esc_html_e( 'Accepted devices', 'crowdscout' ); ?></th>
					<td>
						<?php self::devices( $campaign, $choices ); ?>
					</td>
				</tr>
			</table>

			<h2><?php esc_html_e( 'Content', 'crowdscout' ); ?></h2>
			<p class="description"><?php esc_html_e( 'The preview and the manual per language; English is shown when a tester’s language has none. The HTML is cleaned with WordPress’s allowed post HTML before it is saved.', 'crowdscout' ); ?></p>
			<p>
				<?php esc_html_e( 'The preview may place its three special blocks, which the tester page fills in, with this HTML (Text tab):', 'crowdscout' ); ?>
				<?php foreach ( self::CONTENT_BLOCKS as $block ) : ?>
					<code><?php echo esc_html( '<div data-crowdscout-block="' . $block . '"></div>' ); ?></code>
				<?php endforeach; ?>
			</p>
			<?php self::contents( $campaign ); ?>

			<h2><?php esc_html_e( 'Payout', 'crowdscout' ); ?></h2>
			<table class="form-table" role="presentation">
				<?php
				$payout = is_array( $value( 'payout', array() ) ) ? $value( 'payout', array() ) : array();
				$labels = array(
					'completeBonus'     => __( 'Completion bonus (€)', 'crowdscout' ),
					'payoutLimit'       => __( 'Payout limit (€)', 'crowdscout' ),
					'criticalBugPayout' => __( 'Critical bug (€)', 'crowdscout' ),
					'highBugPayout'     => __( 'High bug (€)', 'crowdscout' ),
					'mediumBugPayout'   => __( 'Medium bug (€)', 'crowdscout' ),
					'lowBugPayout'      => __( 'Low bug (€)', 'crowdscout' ),
					'topTesterBonus'    => __( 'Top tester bonus (€)', 'crowdscout' ),
				);
				foreach ( $labels as $key => $label ) {
					self::text_row( 'payout][' . $key, $label, self::number( $payout[ $key ] ?? 0 ), array( 'type' => 'number', 'min' => '0', 'step' => '0.01', 'class' => 'small-text' ) );
				}
				self::text_row( 'payout][minimumBugs', __( 'Minimum approved bugs for the bonus', 'crowdscout' ), self::number( $payout['minimumBugs'] ?? 0 ), array( 'type' => 'number', 'min' => '0', 'class' => 'small-text' ) );
				self::text_row( 'payout][percentUsecases', __( 'Tasks to complete for the bonus (%)', 'crowdscout' ), self::number( $payout['percentUsecases'] ?? 0 ), array( 'type' => 'number', 'min' => '0', 'max' => '100', 'class' => 'small-text' ), __( '100 means all the tasks; a campaign without tasks counts as complete.', 'crowdscout' ) );
				self::text_row( 'payout][campaignPts', __( 'Experience points', 'crowdscout' ), self::number( $payout['campaignPts'] ?? 0 ), array( 'type' => 'number', 'min' => '0', 'class' => 'small-text' ) );
				?>
			</table>

			<h2><?php esc_html_e( 'Bug form', 'crowdscout' ); ?></h2>
			<?php self::bug_form( $campaign ); ?>

			<h2><?php esc_html_e( 'Tasks', 'crowdscout' ); ?></h2>
			<?php self::tasks( $campaign ); ?>

			<h2><?php esc_html_e( 'Pre-selection form', 'crowdscout' ); ?></h2>
			<?php self::questions( $campaign, $choices ); ?>

			<?php submit_button( isset( $campaign['id'] ) ? __( 'Save campaign', 'crowdscout' ) : __( 'Create campaign', 'crowdscout' ) ); ?>
		</form>
		<?php
	}

	/**
	 * A row with a text-like input.
	 *
	 * @param string                $key         Field key under `campaign[…]` (nested keys joined with "][").
	 * @param string                $label       Label.
	 * @param string                $value       Value.
	 * @param array<string, string> $attributes  More attributes (type defaults to text).
	 * @param string                $description Help text.
	 * @return void
	 */
	private static function text_row( string $key, string $label, string $value, array $attributes = array(), string $description = '' ): void {
		$id         = self::id( $key );
		$attributes = array_merge(
			array(
				'type'  => 'text',
				'class' => 'regular-text',
			),
			$attributes
		);
		printf( '<tr><th scope="row"><label for="%s">%s</label></th><td><input id="%1$s" name="%s" value="%s"', esc_attr( $id ), esc_html( $label ), esc_attr( 'campaign_form[' . $key . ']' ), esc_attr( $value ) );
		foreach ( $attributes as $name => $attribute ) {
			printf( ' %s="%s"', esc_attr( $name ), esc_attr( $attribute ) );
		}
		echo ' />';
		if ( '' !== $description ) {
			printf( '<p class="description">%s</p>', esc_html( $description ) );
		}
		echo '</td></tr>';
	}

	/**
	 * A row with a select.
	 *
	 * @param string             $key         Field key.
	 * @param string             $label       Label.
	 * @param array<int|string, string> $options Value → label.
	 * @param mixed              $selected    Selected value.
	 * @param bool               $none        Whether "none" is offered (an empty value).
	 * @param string             $description Help text.
	 * @return void
	 */
	private static function select_row( string $key, string $label, array $options, $selected, bool $none, string $description = '' ): void {
		$id = self::id( $key );
		printf( '<tr><th scope="row"><label for="%s">%s</label></th><td><select id="%1$s" name="%s">', esc_attr( $id ), esc_html( $label ), esc_attr( 'campaign_form[' . $key . ']' ) );
		if ( $none ) {
			printf( '<option value="">%s</option>', esc_html__( '— None —', 'crowdscout' ) );
		}
		foreach ( $options as $option => $text ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $option ), selected( (string) $option, null === $selected ? '' : (string) $selected, false ), esc_html( $text ) );
		}
		echo '</select>';
		if ( '' !== $description ) {
			printf( '<p class="description">%s</p>', esc_html( $description ) );
		}
		echo '</td></tr>';
	}

	/**
	 * A checkbox with its label.
	 *
	 * @param string $name    Field name.
	 * @param string $label   Label.
	 * @param bool   $checked Whether ticked.
	 * @param string $value   Value sent.
	 * @return void
	 */
	private static function checkbox( string $name, string $label, bool $checked, string $value = '1' ): void {
		printf(
			'<label><input type="checkbox" name="%s" value="%s"%s /> %s</label> ',
			esc_attr( $name ),
			esc_attr( $value ),
			checked( $checked, true, false ),
			esc_html( $label )
		);
	}

	/**
	 * Per device type: accepted or not, and the operating systems (none ticked: any).
	 *
	 * @param array<string, mixed> $campaign Campaign.
	 * @param array<string, mixed> $choices  Choices.
	 * @return void
	 */
	private static function devices( array $campaign, array $choices ): void {
		$accepted = array();
		foreach ( is_array( $campaign['acceptedDevices'] ?? null ) ? $campaign['acceptedDevices'] : array() as $device ) {
			if ( is_array( $device ) && isset( $device['deviceType'] ) ) {
				$accepted[ (int) $device['deviceType'] ] = array_map( 'intval', is_array( $device['platformIds'] ?? null ) ? $device['platformIds'] : array() );
			}
		}
		$platforms = is_array( $choices['platforms'] ?? null ) ? $choices['platforms'] : array();
		foreach ( self::device_types() as $type => $label ) {
			$name = 'campaign_form[devices][' . $type . ']';
			echo '<fieldset class="crowdscout-devices"><legend>';
			self::checkbox( $name . '[accepted]', $label, isset( $accepted[ $type ] ) );
			echo '</legend><p>';
			foreach ( $platforms as $platform ) {
				if ( ! is_array( $platform ) || (int) ( $platform['deviceType'] ?? -1 ) !== $type ) {
					continue;
				}
				$id = (int) ( $platform['id'] ?? 0 );
				self::checkbox( $name . '[platforms][]', (string) ( $platform['name'] ?? '' ), in_array( $id, $accepted[ $type ] ?? array(), true ), (string) $id );
			}
			echo '</p></fieldset>';
		}
		printf( '<p class="description">%s</p>', esc_html__( 'Tick a device type to accept it; with no operating system ticked, any of that type is accepted.', 'crowdscout' ) );
	}

	/**
	 * The preview and the manual of each language, in the block-less editor.
	 *
	 * @param array<string, mixed> $campaign Campaign.
	 * @return void
	 */
	private static function contents( array $campaign ): void {
		$by_locale = array();
		foreach ( is_array( $campaign['contents'] ?? null ) ? $campaign['contents'] : array() as $content ) {
			if ( is_array( $content ) && is_string( $content['language'] ?? null ) ) {
				$by_locale[ $content['language'] ] = $content;
			}
		}
		foreach ( self::LOCALES as $locale ) {
			$content = $by_locale[ $locale ] ?? array();
			$name    = 'campaign_form[contents][' . $locale . ']';
			printf( '<h3>%s</h3>', esc_html( strtoupper( $locale ) ) );
			foreach ( array(
				'previewContent' => __( 'Preview', 'crowdscout' ),
				'manualContent'  => __( 'Manual', 'crowdscout' ),
			) as $key => $label ) {
				$editor = 'crowdscout_' . strtolower( $key ) . '_' . $locale;
				// A label for the editor's textarea (its Text tab), which wp_editor() prints without one.
				printf(
					'<p><label for="%s"><strong>%s</strong></label></p>',
					esc_attr( $editor ),
					/* translators: 1: "Preview" or "Manual", 2: language code, e.g. "EN". */
					esc_html( sprintf( __( '%1$s (%2$s)', 'crowdscout' ), $label, strtoupper( $locale ) ) )
				);
				wp_editor(
					is_string( $content[ $key ] ?? null ) ? $content[ $key ] : '',
					$editor,
					array(
						'textarea_name' => $name . '[' . $key . ']',
						'textarea_rows' => 6,
						'media_buttons' => false,
					)
				);
			}
			echo '<table class="form-table" role="presentation">';
			self::text_row( 'contents][' . $locale . '][previewLink', __( 'Preview link', 'crowdscout' ), is_string( $content['previewLink'] ?? null ) ? $content['previewLink'] : '', array( 'type' => 'url' ) );
			self::text_row( 'contents][' . $locale . '][manualLink', __( 'Manual link', 'crowdscout' ), is_string( $content['manualLink'] ?? null ) ? $content['manualLink'] : '', array( 'type' => 'url' ) );
			echo '</table>';
		}
	}

	/**
	 * The bug form's settings and its additional fields.
	 *
	 * @param array<string, mixed> $campaign Campaign.
	 * @return void
	 */
	private static function bug_form( array $campaign ): void {
		$bug_form = is_array( $campaign['bugForm'] ?? null ) ? $campaign['bugForm'] : array();
		$listed   = static fn( string $key ): array => is_array( $bug_form[ $key ] ?? null ) ? $bug_form[ $key ] : array();
		echo '<table class="form-table" role="presentation"><tr><th scope="row">' . esc_html__( 'Settings', 'crowdscout' ) . '</th><td>';
		self::checkbox( 'campaign_form[bugForm][hasBugForm]', __( 'Testers report bugs with the bug form', 'crowdscout' ), ! empty( $bug_form['hasBugForm'] ) );
		echo '<br />';
		self::checkbox( 'campaign_form[bugForm][hasBugParade]', __( 'Bug parade', 'crowdscout' ), ! empty( $bug_form['hasBugParade'] ) );
		echo '<br />';
		self::checkbox( 'campaign_form[bugForm][titleRule]', __( 'Titles must read "[Phase / Section] - description"', 'crowdscout' ), ! empty( $bug_form['titleRule'] ) );
		echo '</td></tr>';
		self::text_row( 'bugForm][minimumMedia', __( 'Minimum media per bug', 'crowdscout' ), self::number( $bug_form['minimumMedia'] ?? 0 ), array( 'type' => 'number', 'min' => '0', 'class' => 'small-text' ) );
		self::text_row( 'bugForm][validFileExtensions', __( 'Valid file extensions', 'crowdscout' ), implode( ', ', array_map( 'strval', $listed( 'validFileExtensions' ) ) ), array(), __( 'Separated by commas, e.g. png, mp4. Empty for images and videos.', 'crowdscout' ) );
		foreach ( array(
			'severities'      => array( __( 'Valid severities', 'crowdscout' ), self::SEVERITIES ),
			'types'           => array( __( 'Valid bug types', 'crowdscout' ), self::TYPES ),
			'replicabilities' => array( __( 'Valid replicabilities', 'crowdscout' ), self::REPLICABILITIES ),
		) as $key => $group ) {
			printf( '<tr><th scope="row">%s</th><td>', esc_html( $group[0] ) );
			foreach ( $group[1] as $name ) {
				self::checkbox( 'campaign_form[bugForm][' . $key . '][]', ucfirst( strtolower( $name ) ), in_array( $name, $listed( $key ), true ), $name );
			}
			echo '</td></tr>';
		}
		$language = is_array( $campaign['language'] ?? null ) ? $campaign['language'] : array();
		self::text_row( 'language][code', __( 'Bug language code', 'crowdscout' ), is_string( $language['code'] ?? null ) ? $language['code'] : '', array( 'class' => 'small-text' ), __( 'The language bugs must be written in, e.g. en; empty for any.', 'crowdscout' ) );
		self::text_row( 'language][message', __( 'Bug language message', 'crowdscout' ), is_string( $language['message'] ?? null ) ? $language['message'] : '', array( 'class' => 'large-text' ) );
		echo '</table>';

		printf( '<h3>%s</h3>', esc_html__( 'Additional fields', 'crowdscout' ) );
		echo '<table class="widefat striped"><thead><tr>';
		foreach ( array( __( 'Slug', 'crowdscout' ), __( 'Name', 'crowdscout' ), __( 'Type', 'crowdscout' ), __( 'Format (regex)', 'crowdscout' ), __( 'Error message', 'crowdscout' ), __( 'Options (one per line)', 'crowdscout' ), __( 'Remove', 'crowdscout' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		$fields = array_values( array_filter( $listed( 'additionalFields' ), 'is_array' ) );
		for ( $row = 0; $row < count( $fields ) + self::EMPTY_ROWS; $row++ ) {
			$field = $fields[ $row ] ?? array();
			$name  = 'campaign_form[bugForm][additionalFields][' . $row . ']';
			echo '<tr>';
			self::cell_input( $name . '[slug]', __( 'Slug', 'crowdscout' ), is_string( $field['slug'] ?? null ) ? $field['slug'] : '' );
			self::cell_input( $name . '[name]', __( 'Name', 'crowdscout' ), is_string( $field['name'] ?? null ) ? $field['name'] : '' );
			printf( '<td><select name="%s" aria-label="%s">', esc_attr( $name . '[type]' ), esc_attr__( 'Type', 'crowdscout' ) );
			foreach ( array(
				'text'   => __( 'Text', 'crowdscout' ),
				// The same English word is the candidates' "Select" action; languages tell the two apart.
				'select' => _x( 'Select', 'field type: a list of options', 'crowdscout' ),
			) as $type => $label ) {
				printf( '<option value="%s"%s>%s</option>', esc_attr( $type ), selected( $type, $field['type'] ?? 'text', false ), esc_html( $label ) );
			}
			echo '</select></td>';
			self::cell_input( $name . '[regex]', __( 'Format (regex)', 'crowdscout' ), is_string( $field['regex'] ?? null ) ? $field['regex'] : '' );
			self::cell_input( $name . '[error]', __( 'Error message', 'crowdscout' ), is_string( $field['error'] ?? null ) ? $field['error'] : '' );
			printf(
				'<td><textarea name="%s" rows="2" aria-label="%s">%s</textarea></td>',
				esc_attr( $name . '[options]' ),
				esc_attr__( 'Options (one per line)', 'crowdscout' ),
				esc_textarea( implode( "\n", array_map( 'strval', is_array( $field['options'] ?? null ) ? $field['options'] : array() ) ) )
			);
			echo '<td>';
			if ( isset( $fields[ $row ] ) ) {
				self::checkbox( $name . '[remove]', __( 'Remove', 'crowdscout' ), false );
			}
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The tasks: the stored ones, then empty rows.
	 *
	 * @param array<string, mixed> $campaign Campaign.
	 * @return void
	 */
	private static function tasks( array $campaign ): void {
		$tasks = array_values( array_filter( is_array( $campaign['tasks'] ?? null ) ? $campaign['tasks'] : array(), 'is_array' ) );
		echo '<p class="description">' . esc_html__( 'A task removed takes the testers’ progress and media on it away. Fill an empty row to add a task. Testers see the tasks by their order: change the numbers to move them.', 'crowdscout' ) . '</p>';
		echo '<table class="widefat striped"><thead><tr>';
		foreach ( array( __( 'Order', 'crowdscout' ), __( 'Name', 'crowdscout' ), __( 'Content (HTML)', 'crowdscout' ), __( 'Testers may upload media', 'crowdscout' ), __( 'Remove', 'crowdscout' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		for ( $row = 0; $row < count( $tasks ) + self::EMPTY_ROWS; $row++ ) {
			$task = $tasks[ $row ] ?? array();
			$name = 'campaign_form[tasks][' . $row . ']';
			echo '<tr><td>';
			self::order_input( $name, $row );
			echo '</td>';
			self::cell_input( $name . '[name]', __( 'Name', 'crowdscout' ), is_string( $task['name'] ?? null ) ? $task['name'] : '', isset( $task['id'] ) ? (int) $task['id'] : null, $name . '[id]' );
			printf(
				'<td><textarea name="%s" rows="3" class="large-text" aria-label="%s">%s</textarea></td>',
				esc_attr( $name . '[content]' ),
				esc_attr__( 'Content (HTML)', 'crowdscout' ),
				esc_textarea( is_string( $task['content'] ?? null ) ? $task['content'] : '' )
			);
			echo '<td>';
			self::checkbox( $name . '[canUploadMedia]', __( 'Media', 'crowdscout' ), ! empty( $task['canUploadMedia'] ) );
			echo '</td><td>';
			if ( isset( $tasks[ $row ] ) ) {
				self::checkbox( $name . '[remove]', __( 'Remove', 'crowdscout' ), false );
			}
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The pre-selection questions, each with its options: the stored ones, then empty rows.
	 *
	 * @param array<string, mixed> $campaign Campaign.
	 * @param array<string, mixed> $choices  Choices (the custom user fields).
	 * @return void
	 */
	private static function questions( array $campaign, array $choices ): void {
		$questions = array_values( array_filter( is_array( $campaign['questions'] ?? null ) ? $campaign['questions'] : array(), 'is_array' ) );
		$types     = array(
			'text'         => __( 'Text', 'crowdscout' ),
			'phone_number' => __( 'Phone number', 'crowdscout' ),
			'address'      => __( 'Address', 'crowdscout' ),
			'gender'       => __( 'Gender', 'crowdscout' ),
			'select'       => __( 'Select (one option)', 'crowdscout' ),
			'multiselect'  => __( 'Multiselect (several options)', 'crowdscout' ),
			'radio'        => __( 'Radio (one option)', 'crowdscout' ),
			'cuf'          => __( 'Custom user field', 'crowdscout' ),
		);
		$fields    = self::id_names( $choices['customUserFields'] ?? array() );
		echo '<p class="description">' . esc_html__( 'Every question is required. Select, multiselect and radio need options; a text question may have a format; a custom user field question asks the field chosen. The device choice is always asked.', 'crowdscout' ) . ' ' . esc_html__( 'Testers see the questions by their order: change the numbers to move them.', 'crowdscout' ) . '</p>';
		for ( $row = 0; $row < count( $questions ) + self::EMPTY_ROWS; $row++ ) {
			$question = $questions[ $row ] ?? array();
			$name     = 'campaign_form[questions][' . $row . ']';
			$legend   = isset( $questions[ $row ] )
				/* translators: %d: position of the question in the form. */
				? sprintf( __( 'Question %d', 'crowdscout' ), $row + 1 )
				: __( 'New question', 'crowdscout' );
			printf( '<fieldset class="crowdscout-question"><legend><strong>%s</strong></legend>', esc_html( $legend ) );
			if ( isset( $question['id'] ) ) {
				printf( '<input type="hidden" name="%s" value="%d" />', esc_attr( $name . '[id]' ), (int) $question['id'] );
			}
			echo '<table class="form-table" role="presentation">';
			echo '<tr><th scope="row">' . esc_html__( 'Order', 'crowdscout' ) . '</th><td>';
			self::order_input( $name, $row );
			echo '</td></tr>';
			self::text_row( 'questions][' . $row . '][question', __( 'Question', 'crowdscout' ), is_string( $question['question'] ?? null ) ? $question['question'] : '', array( 'class' => 'large-text' ) );
			self::select_row( 'questions][' . $row . '][type', __( 'Type', 'crowdscout' ), $types, $question['type'] ?? 'text', false );
			self::select_row( 'questions][' . $row . '][customUserFieldId', __( 'Custom user field', 'crowdscout' ), $fields, $question['customUserFieldId'] ?? null, true );
			self::text_row( 'questions][' . $row . '][regex', __( 'Format (regex)', 'crowdscout' ), is_string( $question['regex'] ?? null ) ? $question['regex'] : '' );
			self::text_row( 'questions][' . $row . '][error', __( 'Format error message', 'crowdscout' ), is_string( $question['error'] ?? null ) ? $question['error'] : '' );
			echo '<tr><th scope="row">' . esc_html__( 'Options', 'crowdscout' ) . '</th><td>';
			$options = array_values( array_filter( is_array( $question['options'] ?? null ) ? $question['options'] : array(), 'is_array' ) );
			for ( $at = 0; $at < count( $options ) + self::EMPTY_OPTIONS; $at++ ) {
				$option = $options[ $at ] ?? array();
				if ( isset( $option['id'] ) ) {
					printf( '<input type="hidden" name="%s" value="%d" />', esc_attr( $name . '[options][' . $at . '][id]' ), (int) $option['id'] );
				}
				printf(
					'<input type="text" name="%s" value="%s" aria-label="%s" /> ',
					esc_attr( $name . '[options][' . $at . '][name]' ),
					esc_attr( is_string( $option['name'] ?? null ) ? $option['name'] : '' ),
					/* translators: %d: position of the option. */
					esc_attr( sprintf( __( 'Option %d', 'crowdscout' ), $at + 1 ) )
				);
			}
			echo '<p class="description">' . esc_html__( 'Empty an option to remove it.', 'crowdscout' ) . '</p></td></tr>';
			if ( isset( $questions[ $row ] ) ) {
				echo '<tr><th scope="row">' . esc_html__( 'Remove', 'crowdscout' ) . '</th><td>';
				self::checkbox( $name . '[remove]', __( 'Remove this question and its answers', 'crowdscout' ), false );
				echo '</td></tr>';
			}
			echo '</table></fieldset>';
		}
	}

	/**
	 * A row's place among its kind (1 first), which the administrator changes to move it.
	 *
	 * @param string $name The row's field name.
	 * @param int    $row  Its index on the page.
	 * @return void
	 */
	private static function order_input( string $name, int $row ): void {
		printf(
			'<input type="number" name="%s" value="%d" min="1" step="1" class="small-text" aria-label="%s" />',
			esc_attr( $name . '[order]' ),
			$row + 1,
			/* translators: %d: the row's place on the page. */
			esc_attr( sprintf( __( 'Order of row %d', 'crowdscout' ), $row + 1 ) )
		);
	}

	/**
	 * Repeatable rows as submitted, each an array, sorted by the order the administrator gave them; a row without
	 * a usable number keeps its place on the page, and rows with the same number keep theirs among them.
	 *
	 * @param array<int|string, mixed> $rows Submitted rows.
	 * @return array<int, array<string, mixed>>
	 */
	private static function in_chosen_order( array $rows ): array {
		$sorted = array();
		foreach ( array_values( $rows ) as $index => $row ) {
			$row      = is_array( $row ) ? $row : array();
			$order    = filter_var( $row['order'] ?? null, FILTER_VALIDATE_INT );
			$sorted[] = array( false === $order ? $index + 1 : $order, $index, $row );
		}
		usort( $sorted, static fn( array $a, array $b ): int => array( $a[0], $a[1] ) <=> array( $b[0], $b[1] ) );
		return array_column( $sorted, 2 );
	}

	/**
	 * A table cell with a text input (and the row's hidden id).
	 *
	 * @param string   $name    Field name.
	 * @param string   $label   Accessible label.
	 * @param string   $value   Value.
	 * @param int|null $id      The row's stored id.
	 * @param string   $id_name Field name of the id.
	 * @return void
	 */
	private static function cell_input( string $name, string $label, string $value, ?int $id = null, string $id_name = '' ): void {
		echo '<td>';
		if ( null !== $id ) {
			printf( '<input type="hidden" name="%s" value="%d" />', esc_attr( $id_name ), $id );
		}
		printf( '<input type="text" name="%s" value="%s" aria-label="%s" /></td>', esc_attr( $name ), esc_attr( $value ), esc_attr( $label ) );
	}

	/**
	 * Users who may lead a campaign: tester leads and administrators.
	 *
	 * @return array<int, string>
	 */
	private static function leaders(): array {
		$leaders = array();
		foreach ( get_users(
			array(
				'role__in' => array( Roles::LEAD, 'administrator' ),
				'orderby'  => 'display_name',
				'number'   => 500,
			)
		) as $user ) {
			$leaders[ (int) $user->ID ] = $user->display_name . ' (' . $user->user_email . ')';
		}
		return $leaders;
	}

	/**
	 * Id → name of a list of IdName objects.
	 *
	 * @param mixed $items Items.
	 * @return array<int, string>
	 */
	private static function id_names( $items ): array {
		$names = array();
		foreach ( is_array( $items ) ? $items : array() as $item ) {
			if ( is_array( $item ) && is_int( $item['id'] ?? null ) ) {
				$names[ $item['id'] ] = is_string( $item['name'] ?? null ) ? $item['name'] : (string) $item['id'];
			}
		}
		return $names;
	}

	/**
	 * Lines of a textarea, trimmed, without empty ones.
	 *
	 * @param string $text Text.
	 * @return string[]
	 */
	private static function lines( string $text ): array {
		return array_values( array_filter( array_map( static fn( string $line ): string => trim( sanitize_text_field( $line ) ), preg_split( '/\R/', $text ) ?: array() ), static fn( string $line ): bool => '' !== $line ) );
	}

	/**
	 * A number as a form value.
	 *
	 * @param mixed $number Number.
	 * @return string
	 */
	private static function number( $number ): string {
		return is_int( $number ) || is_float( $number ) ? (string) $number : '0';
	}

	/**
	 * A field's HTML id.
	 *
	 * @param string $key Field key.
	 * @return string
	 */
	private static function id( string $key ): string {
		return 'crowdscout-campaign-' . trim( (string) preg_replace( '/[^a-z0-9]+/i', '-', $key ), '-' );
	}

	/**
	 * An ISO 8601 instant as a datetime-local value in the site's time zone ('' when it is not one).
	 *
	 * @param string $instant Instant.
	 * @return string
	 */
	public static function local( string $instant ): string {
		$time = strtotime( $instant );
		return '' === $instant || false === $time ? '' : wp_date( 'Y-m-d\TH:i', $time );
	}

	/**
	 * A datetime-local value in the site's time zone as an ISO 8601 instant in UTC ('' when it is not one).
	 *
	 * @param string $local Value, e.g. "2026-05-01T09:30".
	 * @return string
	 */
	public static function utc( string $local ): string {
		foreach ( array( 'Y-m-d\TH:i', 'Y-m-d\TH:i:s', 'Y-m-d H:i' ) as $format ) {
			$date = DateTimeImmutable::createFromFormat( '!' . $format, $local, wp_timezone() );
			if ( false !== $date ) {
				return $date->setTimezone( new DateTimeZone( 'UTC' ) )->format( 'Y-m-d\TH:i:s\Z' );
			}
		}
		return '';
	}
}
