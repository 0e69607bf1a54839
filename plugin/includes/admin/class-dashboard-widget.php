<?php
/**
 * The Crowdscout widget of the wp-admin Dashboard.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Roles;
use Crowdscout\Settings;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Dashboard → "Crowdscout": the figures of `GET /admin/summary` for whoever runs campaigns (administrators and tester
 * leads), each linking to the screen where it is worked: open campaigns, bugs awaiting review, payouts waiting and
 * new testers this week (the last two only for those who may see them: the API answers null to a tester lead).
 */
final class Dashboard_Widget {

	public const ID = 'crowdscout_summary';

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
	 * Adds the widget when the Dashboard is set up.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'wp_dashboard_setup', array( $this, 'add' ) );
	}

	/**
	 * `wp_dashboard_setup`: the widget, for users who run campaigns.
	 *
	 * @return void
	 */
	public function add(): void {
		if ( ! current_user_can( Roles::LEAD_CAP ) ) {
			return;
		}
		wp_add_dashboard_widget( self::ID, __( 'Crowdscout', 'crowdscout' ), array( $this, 'render' ) );
	}

	/**
	 * Prints the figures, or why they cannot be shown.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( Roles::LEAD_CAP ) ) {
			return;
		}
		$answer  = $this->api->get( wp_get_current_user(), '/admin/summary' );
		$summary = Api_Client::ok_body( $answer );
		if ( null === $summary ) {
			$this->print_problem( $answer );
			return;
		}
		$figures = array(
			array(
				'value' => $summary['openCampaigns'] ?? null,
				'label' => __( 'Open campaigns', 'crowdscout' ),
				'url'   => add_query_arg( array( 'page' => Menu::SLUG ), admin_url( 'admin.php' ) ),
				'cap'   => Roles::LEAD_CAP,
			),
			array(
				'value' => $summary['bugsAwaitingReview'] ?? null,
				'label' => __( 'Bugs awaiting review', 'crowdscout' ),
				'url'   => Bugs_Page::list_url( 0 ),
				'cap'   => Roles::LEAD_CAP,
			),
			array(
				'value' => $summary['payoutsWaiting'] ?? null,
				'label' => __( 'Payouts waiting', 'crowdscout' ),
				'url'   => Payouts_Page::url( Payouts_Page::PROCESSING ),
				'cap'   => Roles::CAP_PAYOUTS,
			),
			array(
				'value' => $summary['newTestersThisWeek'] ?? null,
				'label' => __( 'New testers this week', 'crowdscout' ),
				'url'   => Testers_Page::url(),
				'cap'   => Roles::CAP_TESTERS,
			),
		);
		echo '<ul class="crowdscout-summary">';
		foreach ( $figures as $figure ) {
			if ( ! is_int( $figure['value'] ) ) {
				continue;
			}
			$text = sprintf(
				'<strong class="crowdscout-summary__value">%s</strong> <span class="crowdscout-summary__label">%s</span>',
				esc_html( number_format_i18n( $figure['value'] ) ),
				esc_html( $figure['label'] )
			);
			// A figure links to its screen only for a user who may open it.
			printf(
				'<li>%s</li>',
				current_user_can( $figure['cap'] ) ? sprintf( '<a href="%s">%s</a>', esc_url( $figure['url'] ), $text ) : $text // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- $text is escaped above.
			);
		}
		echo '</ul>';
	}

	/**
	 * Prints why the figures cannot be shown (inline: a notice would be moved to the top of the Dashboard).
	 *
	 * @param array{status: int, body: mixed}|WP_Error $answer The API's answer.
	 * @return void
	 */
	private function print_problem( $answer ): void {
		if ( is_wp_error( $answer ) ) {
			$message = 'no_secret' === $answer->get_error_code()
				? $answer->get_error_message()
				: sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API cannot be reached (%s), so the figures cannot be shown.', 'crowdscout' ),
					$answer->get_error_message()
				);
		} else {
			$message = sprintf(
				/* translators: 1: HTTP status, 2: the API's message. */
				__( 'The API did not give the figures (status %1$d): %2$s', 'crowdscout' ),
				$answer['status'],
				Api_Client::message( $answer, __( 'unexpected answer.', 'crowdscout' ) )
			);
		}
		printf( '<p class="crowdscout-summary__problem">%s</p>', esc_html( $message ) );
		if ( current_user_can( 'manage_options' ) ) {
			printf(
				'<p><a href="%s">%s</a></p>',
				esc_url( admin_url( 'options-general.php?page=' . Settings::PAGE ) ),
				esc_html__( 'Open the settings', 'crowdscout' )
			);
		}
	}
}
