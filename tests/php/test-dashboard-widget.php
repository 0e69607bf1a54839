<?php
/**
 * The Crowdscout widget of the wp-admin Dashboard, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Bugs_Page;
use Crowdscout\Admin\Dashboard_Widget;
use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Payouts_Page;
use Crowdscout\Admin\Testers_Page;
use Crowdscout\Roles;
use WP_Error;

require_once __DIR__ . '/trait-fakes-api.php';

/**
 * Added for administrators and tester leads only; the figures of `GET /admin/summary`, each linked to its screen
 * where the user may open it; the API down or refusing, said inside the widget.
 */
final class Dashboard_Widget_Test extends Test_Case {

	use Fakes_Api;

	/**
	 * Loads the Dashboard's API, fakes the Crowdscout API.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/dashboard.php';
		$this->start_fake_api();
		set_current_screen( 'dashboard' );
	}

	/**
	 * Restores the HTTP client, the screen and the Dashboard's boxes.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		global $wp_meta_boxes;
		$this->stop_fake_api();
		$wp_meta_boxes             = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$GLOBALS['current_screen'] = null;
		parent::tearDown();
	}

	/**
	 * On the Dashboard of whoever runs campaigns; not on a tester's or a subscriber's.
	 */
	public function test_added_for_administrators_and_leads_only(): void {
		global $wp_meta_boxes;
		$this->assertNotFalse( has_action( 'wp_dashboard_setup', array( $this->plugin()->dashboard_widget(), 'add' ) ) );
		foreach ( array(
			'administrator' => true,
			Roles::LEAD     => true,
			Roles::TESTER   => false,
			'subscriber'    => false,
		) as $role => $added ) {
			$wp_meta_boxes = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
			wp_set_current_user( $this->create_user( $role )->ID );
			$this->plugin()->dashboard_widget()->add();
			$box = $wp_meta_boxes['dashboard']['normal']['core'][ Dashboard_Widget::ID ] ?? null;
			$this->assertSame( $added, is_array( $box ), $role );
			if ( $added ) {
				$this->assertSame( 'Crowdscout', $box['title'] );
			}
		}
		$this->assertSame( array(), $this->calls, 'The figures are read when the widget prints, not before.' );
	}

	/**
	 * An administrator: the four figures, each linked to its screen, asked with their token.
	 */
	public function test_administrator_figures(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['/admin/summary'] = array( 200, $this->summary( 3, 1205, 2, 17 ) );

		$html = $this->render();

		$this->assertSame( (string) $admin->ID, $this->claims_of_call( 0 )['sub'] );
		$this->assertStringContainsString( $this->figure( add_query_arg( array( 'page' => Menu::SLUG ), admin_url( 'admin.php' ) ), '3', 'Open campaigns' ), $html );
		$this->assertStringContainsString( $this->figure( Bugs_Page::list_url( 0 ), '1,205', 'Bugs awaiting review' ), $html );
		$this->assertStringContainsString( $this->figure( Payouts_Page::url( Payouts_Page::PROCESSING ), '2', 'Payouts waiting' ), $html );
		$this->assertStringContainsString( $this->figure( Testers_Page::url(), '17', 'New testers this week' ), $html );
	}

	/**
	 * A tester lead: the figures of the campaigns they lead; the API withholds the others, and so does the widget.
	 */
	public function test_lead_figures(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->answers['/admin/summary'] = array( 200, $this->summary( 1, 4, null, null ) );

		$html = $this->render();

		$this->assertStringContainsString( 'Open campaigns', $html );
		$this->assertStringContainsString( $this->figure( Bugs_Page::list_url( 0 ), '4', 'Bugs awaiting review' ), $html );
		$this->assertStringNotContainsString( 'Payouts waiting', $html );
		$this->assertStringNotContainsString( 'New testers', $html );
		$this->assertStringNotContainsString( Payouts_Page::SLUG, $html );
		$this->assertStringNotContainsString( Testers_Page::SLUG, $html );
	}

	/**
	 * A figure the user may not open is shown without its link.
	 */
	public function test_no_link_to_a_screen_the_user_cannot_open(): void {
		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->answers['/admin/summary'] = array( 200, $this->summary( 1, 4, 2, 3 ) );

		$html = $this->render();

		$this->assertStringContainsString( '<li><strong class="crowdscout-summary__value">2</strong> <span class="crowdscout-summary__label">Payouts waiting</span></li>', $html );
		$this->assertStringNotContainsString( Payouts_Page::SLUG, $html );
	}

	/**
	 * The API down: said inside the widget (not as a notice, which WordPress would move to the top of the
	 * Dashboard), with the settings link for whoever may change them.
	 */
	public function test_unreachable_api(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['/admin/summary'] = new WP_Error( 'http_request_failed', 'cURL error 7: <Failed> to connect' );

		$html = $this->render();

		$this->assertStringContainsString( 'The Crowdscout API cannot be reached (cURL error 7: &lt;Failed&gt; to connect), so the figures cannot be shown.', $html );
		$this->assertStringNotContainsString( 'notice', $html );
		$this->assertStringContainsString( 'options-general.php?page=crowdscout', $html );

		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->assertStringNotContainsString( 'options-general.php', $this->render() );
	}

	/**
	 * The API's refusal: its status and message, escaped.
	 */
	public function test_api_refusal(): void {
		wp_set_current_user( $this->create_user( Roles::LEAD )->ID );
		$this->answers['/admin/summary'] = array(
			403,
			array(
				'status'  => 403,
				'error'   => 'Forbidden',
				'message' => 'Only <b>administrators</b> and tester leads may do this.',
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'The API did not give the figures (status 403): Only &lt;b&gt;administrators&lt;/b&gt; and tester leads may do this.', $html );
		$this->assertStringNotContainsString( '<li>', $html );
	}

	/**
	 * A tester reaching the callback anyway gets nothing, and nothing is asked of the API.
	 */
	public function test_nothing_for_a_tester(): void {
		wp_set_current_user( $this->create_user( Roles::TESTER )->ID );
		$this->assertSame( '', $this->render() );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * Prints the widget.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->dashboard_widget()->render();
		return (string) ob_get_clean();
	}

	/**
	 * An AdminSummary.
	 *
	 * @param int      $campaigns Open campaigns.
	 * @param int      $bugs      Bugs awaiting review.
	 * @param int|null $payouts   Payouts waiting.
	 * @param int|null $testers   New testers this week.
	 * @return array<string, int|null>
	 */
	private function summary( int $campaigns, int $bugs, ?int $payouts, ?int $testers ): array {
		return array(
			'openCampaigns'      => $campaigns,
			'bugsAwaitingReview' => $bugs,
			'payoutsWaiting'     => $payouts,
			'newTestersThisWeek' => $testers,
		);
	}

	/**
	 * A linked figure as the widget prints it.
	 *
	 * @param string $url   Its screen.
	 * @param string $value The figure, formatted.
	 * @param string $label Its label.
	 * @return string
	 */
	private function figure( string $url, string $value, string $label ): string {
		return sprintf(
			'<li><a href="%s"><strong class="crowdscout-summary__value">%s</strong> <span class="crowdscout-summary__label">%s</span></a></li>',
			esc_url( $url ),
			$value,
			$label
		);
	}
}
