<?php
/**
 * The back office in Italian, Spanish and French.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Menu;
use Crowdscout\Admin\Messages_Page;
use Crowdscout\Build;
use WP_Error;
use WP_Locale_Switcher;

require_once __DIR__ . '/trait-fakes-api.php';

/**
 * The `crowdscout` strings come out translated once WordPress switches to it_IT, es_ES or fr_FR: read from
 * plugin/languages/crowdscout-<locale>.l10n.php, found through the folder the plugin registered with
 * load_plugin_textdomain(), with each language's plural rule and the contexts that tell one English word apart;
 * and a screen prints them.
 */
final class Admin_Translations_Test extends Test_Case {

	use Fakes_Api;

	/**
	 * WordPress's own switcher, put back after the test.
	 *
	 * @var WP_Locale_Switcher|null
	 */
	private ?WP_Locale_Switcher $wordpress_switcher = null;

	/**
	 * The API faked, and a locale switcher that may switch to the plugin's languages.
	 *
	 * WordPress switches only to the locales whose core language pack is installed (an Italian site has it_IT);
	 * the test install has none, so the switcher is made again with the three listed.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->start_fake_api();
		$this->wordpress_switcher = $GLOBALS['wp_locale_switcher'];
		add_filter( 'get_available_languages', array( $this, 'with_plugin_locales' ) );
		$GLOBALS['wp_locale_switcher'] = new WP_Locale_Switcher();
		$GLOBALS['wp_locale_switcher']->init();
	}

	/**
	 * Back to English and to WordPress's switcher.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		restore_current_locale();
		$switcher = $GLOBALS['wp_locale_switcher'];
		remove_filter( 'locale', array( $switcher, 'filter_locale' ) );
		remove_filter( 'determine_locale', array( $switcher, 'filter_locale' ) );
		remove_filter( 'get_available_languages', array( $this, 'with_plugin_locales' ) );
		$GLOBALS['wp_locale_switcher'] = $this->wordpress_switcher;
		$this->stop_fake_api();
		parent::tearDown();
	}

	/**
	 * The Crowdscout box of the wp-admin Dashboard, as printed.
	 *
	 * @return string
	 */
	private function render_dashboard_widget(): string {
		ob_start();
		$this->plugin()->dashboard_widget()->render();
		return (string) ob_get_clean();
	}

	/**
	 * `get_available_languages` filter: the installed languages and the plugin's three.
	 *
	 * @param string[] $languages Installed languages.
	 * @return string[]
	 */
	public function with_plugin_locales( $languages ): array {
		return array_values( array_unique( array_merge( (array) $languages, array( 'it_IT', 'es_ES', 'fr_FR' ) ) ) );
	}

	/**
	 * Italian: a screen title, a notice with its placeholder and both plural forms; English again once restored.
	 *
	 * @return void
	 */
	public function test_the_back_office_speaks_italian(): void {
		$this->assertSame( 'Crowdscout settings', __( 'Crowdscout settings', 'crowdscout' ) );

		$this->assertTrue( switch_to_locale( 'it_IT' ) );

		$this->assertSame( 'Impostazioni di Crowdscout', __( 'Crowdscout settings', 'crowdscout' ) );
		$this->assertSame( 'Revisione dei bug', esc_html__( 'Bug review', 'crowdscout' ) );
		$this->assertSame(
			'Il profilo fiscale di Ada Lovelace è verificato.',
			sprintf( __( 'The fiscal profile of %s is verified.', 'crowdscout' ), 'Ada Lovelace' )
		);
		$this->assertSame( '%d bug approvato.', _n( '%d bug approved.', '%d bugs approved.', 1, 'crowdscout' ) );
		$this->assertSame( '%d bug approvati.', _n( '%d bug approved.', '%d bugs approved.', 3, 'crowdscout' ) );
		$this->assertSame( '%d bug approvati.', _n( '%d bug approved.', '%d bugs approved.', 0, 'crowdscout' ) );

		restore_current_locale();
		$this->assertSame( 'Crowdscout settings', __( 'Crowdscout settings', 'crowdscout' ) );
	}

	/**
	 * The editor's own words follow the admin's language: Italian ones handed to wp.i18n before the script, in
	 * the plugin's text domain; nothing in English, which is the script's own.
	 */
	public function test_the_editor_speaks_the_admin_language(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$dir = get_temp_dir() . 'crowdscout-build-' . wp_generate_password( 8, false );
		wp_mkdir_p( $dir );
		file_put_contents( $dir . '/message-editor.js', '' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		file_put_contents( $dir . '/message-editor.asset.php', "<?php return array( 'dependencies' => array( 'wp-i18n' ), 'version' => 'abc123' );" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		$page = new Messages_Page( $this->plugin()->api_client(), new Build( $dir, 'https://example.org/build' ) );
		$_GET['view'] = Messages_Page::VIEW_NEW;
		$before = static fn() => implode( "\n", array_filter( (array) wp_scripts()->get_data( Messages_Page::EDITOR_HANDLE, 'before' ) ) );
		try {
			$page->enqueue_editor( Menu::screen_id( Messages_Page::SLUG ) );
			$this->assertSame( '', $before(), 'English: the script says it itself.' );
			wp_deregister_script( Messages_Page::EDITOR_HANDLE );

			$this->assertTrue( switch_to_locale( 'it_IT' ) );
			$page->enqueue_editor( Menu::screen_id( Messages_Page::SLUG ) );
			$inline = $before();
			$this->assertStringStartsWith( 'wp.i18n.setLocaleData( {', $inline );
			$this->assertStringEndsWith( ', "crowdscout" );', $inline );
			$data = json_decode( substr( $inline, strlen( 'wp.i18n.setLocaleData( ' ), -strlen( ', "crowdscout" );' ) ), true );
			$this->assertSame( array( 'Inserisci un segnaposto:' ), $data['Insert a placeholder:'] );
			$this->assertSame( array( 'Nome' ), $data['First name'] );
			$this->assertSame( array( 'Cognome' ), $data['Surname'] );
			$this->assertSame( array( 'Id del tester' ), $data['Tester id'] );
		} finally {
			restore_current_locale();
			unset( $_GET['view'] );
			wp_dequeue_script( Messages_Page::EDITOR_HANDLE );
			wp_deregister_script( Messages_Page::EDITOR_HANDLE );
			array_map( 'unlink', (array) glob( $dir . '/*' ) );
			rmdir( $dir ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir
		}
	}

	/**
	 * French: its own plural rule (0 and 1 are singular) and the two meanings of "Select".
	 *
	 * @return void
	 */
	public function test_the_back_office_speaks_french(): void {
		$this->assertTrue( switch_to_locale( 'fr_FR' ) );

		$this->assertSame( 'Paiements', __( 'Payouts', 'crowdscout' ) );
		$this->assertSame( 'Marquer comme payée', esc_attr__( 'Mark paid', 'crowdscout' ) );
		$this->assertSame( '%d candidat sélectionné.', _n( '%d candidate selected.', '%d candidates selected.', 0, 'crowdscout' ) );
		$this->assertSame( '%d candidat sélectionné.', _n( '%d candidate selected.', '%d candidates selected.', 1, 'crowdscout' ) );
		$this->assertSame( '%d candidats sélectionnés.', _n( '%d candidate selected.', '%d candidates selected.', 2, 'crowdscout' ) );
		$this->assertSame( 'Sélectionner', __( 'Select', 'crowdscout' ) );
		$this->assertSame( 'Liste', _x( 'Select', 'field type: a list of options', 'crowdscout' ) );
	}

	/**
	 * What an Italian administrator reads on the Dashboard: the widget's figures, and the API down said in Italian.
	 *
	 * @return void
	 */
	public function test_the_dashboard_widget_in_italian(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->assertTrue( switch_to_locale( 'it_IT' ) );
		$this->answers['/admin/summary'] = array(
			200,
			array(
				'openCampaigns'      => 3,
				'bugsAwaitingReview' => 12,
				'payoutsWaiting'     => 2,
				'newTestersThisWeek' => 17,
			),
		);

		$html = $this->render_dashboard_widget();

		foreach ( array( 'Campagne aperte', 'Bug in attesa di revisione', 'Pagamenti in attesa', 'Nuovi tester questa settimana' ) as $label ) {
			$this->assertStringContainsString( '<span class="crowdscout-summary__label">' . $label . '</span>', $html );
		}
		$this->assertStringNotContainsString( 'Open campaigns', $html );

		$this->answers['/admin/summary'] = new WP_Error( 'http_request_failed', 'cURL error 7' );
		$this->assertStringContainsString(
			esc_html( "Impossibile raggiungere l'API di Crowdscout (cURL error 7), quindi non è possibile mostrare i dati." ),
			$this->render_dashboard_widget()
		);
	}

	/**
	 * Spanish, switched to from Italian: the strings follow the current locale.
	 *
	 * @return void
	 */
	public function test_the_back_office_speaks_spanish(): void {
		$this->assertTrue( switch_to_locale( 'it_IT' ) );
		$this->assertSame( 'Campagne', __( 'Campaigns', 'crowdscout' ) );

		$this->assertTrue( switch_to_locale( 'es_ES' ) );
		$this->assertSame( 'Campañas', __( 'Campaigns', 'crowdscout' ) );
		$this->assertSame( 'Perfiles fiscales', __( 'Fiscal profiles', 'crowdscout' ) );
	}
}
