<?php
/**
 * The API's data in WordPress's personal-data export.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Privacy_Export;
use Crowdscout\Strings;
use RuntimeException;

/**
 * The exporter against the real API: the API of the platform the HTTP tests left behind (its SQLite database
 * beside the WordPress install, seeded with the demo testers), started here on the port the plugin's settings name
 * when nothing answers there, and stopped after the tests.
 */
final class Privacy_Export_Test extends Test_Case {

	/**
	 * The demo veteran (scripts/lib/demo.mjs), complete profile with a fiscal profile.
	 */
	private const VERA = 'veteran@crowdscout.test';

	/**
	 * The API process started by these tests, if any.
	 *
	 * @var resource|null
	 */
	private static $api = null;

	/**
	 * Log file of that process.
	 *
	 * @var string
	 */
	private static string $api_log = '';

	/**
	 * Request globals to restore.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $saved = array();

	/**
	 * Starts the API unless one answers already.
	 *
	 * @return void
	 */
	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		$api_url = \Crowdscout\Plugin::instance()->settings()->api_url();
		if ( self::healthy( $api_url ) ) {
			return;
		}
		$data_dir = dirname( rtrim( (string) getenv( 'CROWDSCOUT_WP_PATH' ), '/' ) );
		$database = $data_dir . '/api.sqlite';
		if ( ! is_file( $database ) ) {
			throw new RuntimeException( "No API database at $database: run these tests through scripts/test-php.mjs." );
		}
		$port = (int) wp_parse_url( $api_url, PHP_URL_PORT );
		if ( $port <= 0 ) {
			throw new RuntimeException( "The API URL setting ($api_url) names no port to start the API on." );
		}
		self::$api_log = $data_dir . '/logs/phpunit-privacy-export-api.log';
		wp_mkdir_p( dirname( self::$api_log ) );
		$env = array_merge(
			getenv(),
			array(
				'CROWDSCOUT_SECRET'   => defined( 'CROWDSCOUT_SECRET' ) ? trim( (string) CROWDSCOUT_SECRET ) : self::TEST_SECRET,
				'CROWDSCOUT_DB_URL'   => 'sqlite://' . $database,
				'CROWDSCOUT_DATA_DIR' => $data_dir,
				'CROWDSCOUT_API_HOST' => '127.0.0.1',
				'CROWDSCOUT_API_PORT' => (string) $port,
				'CROWDSCOUT_WP_URL'   => home_url(),
			)
		);
		unset( $env['CROWDSCOUT_API_WORKERS'] );
		// phpcs:ignore WordPress.WP.AlternativeFunctions -- a test starting a server.
		$process = proc_open(
			array( 'node', '--import', 'tsx', 'src/server.ts' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', self::$api_log, 'a' ),
				2 => array( 'file', self::$api_log, 'a' ),
			),
			$pipes,
			dirname( __DIR__, 2 ) . '/api',
			$env
		);
		if ( ! is_resource( $process ) ) {
			throw new RuntimeException( 'Could not start the API.' );
		}
		self::$api = $process;
		$deadline  = microtime( true ) + 60;
		while ( microtime( true ) < $deadline ) {
			if ( self::healthy( $api_url ) ) {
				return;
			}
			if ( ! proc_get_status( $process )['running'] ) {
				break;
			}
			usleep( 200000 );
		}
		self::stop_api();
		throw new RuntimeException( 'The API did not start; see ' . self::$api_log );
	}

	/**
	 * Stops the API these tests started.
	 *
	 * @return void
	 */
	public static function tearDownAfterClass(): void {
		self::stop_api();
		parent::tearDownAfterClass();
	}

	/**
	 * Catalogues read from the repository (the build's copy may predate these strings).
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		Strings::use_directory( dirname( __DIR__, 2 ) . '/languages' );
		$this->saved = array(
			'request' => $_REQUEST,
			'post'    => $_POST,
		);
	}

	/**
	 * Restores the catalogues and the request.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		Strings::use_directory( null );
		$_REQUEST = $this->saved['request'];
		$_POST    = $this->saved['post'];
		remove_filter( 'wp_doing_ajax', '__return_true' );
		remove_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		parent::tearDown();
	}

	/**
	 * WordPress lists the exporter under its name, with a callable callback.
	 */
	public function test_the_exporter_is_registered(): void {
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$this->assertArrayHasKey( Privacy_Export::EXPORTER, $exporters );
		$this->assertSame( 'Crowdscout profile', $exporters[ Privacy_Export::EXPORTER ]['exporter_friendly_name'] );
		$this->assertIsCallable( $exporters[ Privacy_Export::EXPORTER ]['callback'] );
		$this->assertArrayHasKey( 'wordpress-user', $exporters, "WordPress's own exporter stays." );
	}

	/**
	 * The demo veteran's export holds her API profile and her tax profile, labelled, as WordPress renders them.
	 */
	public function test_the_veteran_is_exported_from_the_api(): void {
		$this->assertNotFalse( get_user_by( 'email', self::VERA ), 'The platform seeded the demo veteran.' );
		$answer = $this->registered_callback()( self::VERA, 1 );
		$this->assertIsArray( $answer, is_wp_error( $answer ) ? $answer->get_error_message() : '' );
		$this->assertTrue( $answer['done'] );
		$groups = array();
		foreach ( $answer['data'] as $item ) {
			$groups[ $item['group_id'] ] = $item;
		}
		$this->assertSame( array( Privacy_Export::PROFILE_GROUP, Privacy_Export::FISCAL_GROUP, Privacy_Export::DEVICES_GROUP ), array_keys( $groups ) );
		$this->assertSame( 'Crowdscout profile', $groups[ Privacy_Export::PROFILE_GROUP ]['group_label'] );
		$this->assertSame( 'Crowdscout tax profile', $groups[ Privacy_Export::FISCAL_GROUP ]['group_label'] );

		$profile = self::rows( $groups[ Privacy_Export::PROFILE_GROUP ] );
		$this->assertSame( 'Vera', $profile['Name'] );
		$this->assertSame( 'Veteran', $profile['Surname'] );
		$this->assertSame( self::VERA, $profile['Email'] );
		$this->assertSame( 'Confirmed', $profile['Email status'] );
		$this->assertSame( '1985-09-23', $profile['Birth date'] );
		$this->assertSame( 'Female', $profile['Gender'] );
		$this->assertSame( '+393471234567', $profile['Phone'] );
		$this->assertStringContainsString( '(IT)', $profile['Country'] );
		$this->assertSame( 'Milano', $profile['City'] );
		$this->assertSame( "Master's degree or equivalent", $profile['Education'] );
		$languages = explode( ', ', $profile['Languages'] );
		sort( $languages );
		$this->assertSame( array( 'English', 'Italian', 'Spanish' ), $languages );
		$this->assertStringContainsString( 'Certified Tester Foundation Level (CTFL)', $profile['Certifications'] );
		$this->assertStringContainsString( '2019-06-14', $profile['Certifications'] );
		$this->assertContains( 'https://www.linkedin.com/in/vera-veteran', $profile, 'A custom value, under its field name.' );
		$this->assertContains( 'QA analyst', $profile );
		foreach ( array_keys( $profile ) as $name ) {
			$this->assertStringStartsNotWith( 'Custom field', (string) $name, 'Custom fields carry their names.' );
		}

		$fiscal = self::rows( $groups[ Privacy_Export::FISCAL_GROUP ] );
		$this->assertSame( 'Occasional work with withholding tax', $fiscal['Fiscal type'] );
		$this->assertSame( 'Verified', $fiscal['Status'] );
		$this->assertSame( 16, strlen( $fiscal['Tax id'] ) );
		$this->assertSame( 'Milano, MI', $fiscal['Place of birth'] );
		$this->assertStringContainsString( 'Via Dante 12', $fiscal['Address'] );

		// Her devices (the demo gives her a smartphone, a PC, a tablet and a smartwatch): one item each.
		$devices = array_values( array_filter( $answer['data'], static fn( array $item ): bool => Privacy_Export::DEVICES_GROUP === $item['group_id'] ) );
		$this->assertGreaterThanOrEqual( 4, count( $devices ) );
		$types = array();
		foreach ( $devices as $device ) {
			$this->assertSame( 'Crowdscout devices', $device['group_label'] );
			$this->assertMatchesRegularExpression( '/^crowdscout-device-[1-9][0-9]*$/', $device['item_id'] );
			$rows    = self::rows( $device );
			$types[] = $rows['Type'];
			$this->assertArrayHasKey( 'PC' === $rows['Type'] ? 'PC type' : 'Model', $rows );
			$this->assertMatchesRegularExpression( '/^\S.* \S+/', $rows['Operating system'], 'Platform and version.' );
			$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2}$/', $rows['Added on'] );
		}
		$this->assertEmpty( array_diff( array( 'Smartphone', 'PC', 'Tablet', 'Smartwatch' ), $types ), implode( ', ', $types ) );

		// As WordPress writes the report: the apostrophe once, as text; the URL a link.
		require_once ABSPATH . 'wp-admin/includes/privacy-tools.php';
		$html = wp_privacy_generate_personal_data_export_group_html(
			array(
				'group_label' => $groups[ Privacy_Export::PROFILE_GROUP ]['group_label'],
				'items'       => array( $groups[ Privacy_Export::PROFILE_GROUP ]['item_id'] => $groups[ Privacy_Export::PROFILE_GROUP ]['data'] ),
			)
		);
		$this->assertStringContainsString( "<td>Master's degree or equivalent</td>", $html );
		$this->assertStringContainsString( '<a href="https://www.linkedin.com/in/vera-veteran">', $html );
	}

	/**
	 * The site owner's export, as Tools → Export Personal Data runs it (WordPress's own admin-ajax handler, exporter
	 * after exporter): the downloadable report holds the API's data next to WordPress's.
	 */
	public function test_the_downloadable_report_holds_the_api_data(): void {
		require_once ABSPATH . 'wp-admin/includes/ajax-actions.php';
		require_once ABSPATH . 'wp-admin/includes/privacy-tools.php';
		$request_id = wp_create_user_request( self::VERA, 'export_personal_data', array(), 'confirmed' );
		$created    = is_int( $request_id );
		if ( ! $created ) {
			// One already open for the veteran (another test's): export that one, and leave it.
			$open       = get_posts(
				array(
					'post_type'     => 'user_request',
					'post_name__in' => array( 'export_personal_data' ),
					'title'         => self::VERA,
					'post_status'   => array( 'request-pending', 'request-confirmed' ),
					'fields'        => 'ids',
				)
			);
			$request_id = (int) reset( $open );
		}
		$this->assertGreaterThan( 0, $request_id );
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		add_filter( 'wp_privacy_personal_data_export_page', 'wp_privacy_process_personal_data_export_page', 10, 7 );
		add_action( 'wp_privacy_personal_data_export_file', 'wp_privacy_generate_personal_data_export_file', 10 );
		$archive = '';
		try {
			$count = count( apply_filters( 'wp_privacy_personal_data_exporters', array() ) );
			for ( $exporter = 1; $exporter <= $count; $exporter++ ) {
				$_POST    = array(
					'action'      => 'wp-privacy-export-personal-data',
					'id'          => (string) $request_id,
					'exporter'    => (string) $exporter,
					'page'        => '1',
					'sendAsEmail' => 'false',
					'security'    => wp_create_nonce( 'wp-privacy-export-personal-data-' . $request_id ),
				);
				$_REQUEST = $_POST;
				ob_start();
				try {
					wp_ajax_wp_privacy_export_personal_data();
				} catch ( RuntimeException $stop ) {
					$this->assertSame( 'wp_die', $stop->getMessage() );
				} finally {
					$answer = json_decode( (string) ob_get_clean(), true );
				}
				$this->assertTrue( $answer['success'], 'exporter ' . $exporter . ': ' . wp_json_encode( $answer ) );
				$this->assertTrue( $answer['data']['done'] );
			}
			$this->assertStringEndsWith( '.zip', $answer['data']['url'] );
			$archive = wp_privacy_exports_dir() . get_post_meta( $request_id, '_export_file_name', true );
			$zip     = new \ZipArchive();
			$this->assertTrue( $zip->open( $archive ) );
			$html = (string) $zip->getFromName( 'index.html' );
			$json = json_decode( (string) $zip->getFromName( 'export.json' ), true );
			$zip->close();
		} finally {
			remove_filter( 'wp_privacy_personal_data_export_page', 'wp_privacy_process_personal_data_export_page', 10 );
			remove_action( 'wp_privacy_personal_data_export_file', 'wp_privacy_generate_personal_data_export_file', 10 );
			if ( '' !== $archive && is_file( $archive ) ) {
				wp_delete_file( $archive );
			}
			if ( $created ) {
				wp_delete_post( $request_id, true );
			}
		}
		$this->assertStringContainsString( '<h2 id="user', $html, "WordPress's own data is there." );
		$this->assertStringContainsString( '>Crowdscout profile</h2>', $html );
		$this->assertStringContainsString( '>Crowdscout tax profile</h2>', $html );
		$this->assertStringContainsString( '<th>City</th><td>Milano</td>', $html );
		$this->assertStringContainsString( '<th>Fiscal type</th><td>Occasional work with withholding tax</td>', $html );
		$groups = reset( $json );
		$this->assertSame( 'Crowdscout tax profile', $groups[ Privacy_Export::FISCAL_GROUP ]['group_label'] );
	}

	/**
	 * The tester's devices (GET /users/me/devices, answered here by a stand-in so the rows are known; the profile
	 * still comes from the API): one item each, with the type, the model or the PC's type, the operating system
	 * with its version and the date it was added, in the export's language.
	 */
	public function test_the_devices_are_exported(): void {
		$devices = array(
			array(
				'id'               => 31,
				'type'             => 0,
				'device'           => array(
					'id'           => 501,
					'manufacturer' => 'Samsung',
					'model'        => 'Galaxy S24 <Ultra>',
				),
				'operating_system' => array(
					'id'          => 88,
					'platform'    => 'Android',
					'platform_id' => 1,
					'version'     => '14',
				),
				'added_on'         => '2025-03-04T10:20:30.000Z',
			),
			array(
				'id'               => 32,
				'type'             => 2,
				'device'           => array( 'pc_type' => 'Gaming PC' ),
				'operating_system' => array(
					'id'          => 90,
					'platform'    => 'Windows',
					'platform_id' => 3,
					'version'     => '11 (23H2)',
				),
				'added_on'         => '2024-12-31T23:59:59.000Z',
			),
			array(
				'id'               => 33,
				'type'             => 5,
				'device'           => array(
					'id'           => 700,
					'manufacturer' => 'LG',
					'model'        => 'OLED C3',
				),
				'operating_system' => array(
					'id'          => 95,
					'platform'    => 'webOS',
					'platform_id' => 9,
					'version'     => '23',
				),
				'added_on'         => '2026-01-15T08:00:00.000Z',
			),
		);
		$answer = $this->export_with_devices( 200, $devices );
		$items  = array_values( array_filter( $answer['data'], static fn( array $item ): bool => Privacy_Export::DEVICES_GROUP === $item['group_id'] ) );
		$this->assertCount( 3, $items );
		$this->assertSame( array( 'crowdscout-device-31', 'crowdscout-device-32', 'crowdscout-device-33' ), array_column( $items, 'item_id' ) );
		$this->assertSame( 'Crowdscout devices', $items[0]['group_label'] );
		$this->assertSame(
			array(
				'Type'             => 'Smartphone',
				'Model'            => 'Samsung Galaxy S24 <Ultra>',
				'Operating system' => 'Android 14',
				'Added on'         => '2025-03-04',
			),
			self::rows( $items[0] )
		);
		$this->assertStringContainsString( '&lt;Ultra&gt;', $items[0]['data'][1]['value'], 'Values are text.' );
		$this->assertSame(
			array(
				'Type'             => 'PC',
				'PC type'          => 'Gaming PC',
				'Operating system' => 'Windows 11 (23H2)',
				'Added on'         => '2024-12-31',
			),
			self::rows( $items[1] )
		);
		$this->assertSame( 'Smart TV', self::rows( $items[2] )['Type'] );
		$this->assertSame( 'LG OLED C3', self::rows( $items[2] )['Model'] );
		$this->assertContains( Privacy_Export::PROFILE_GROUP, array_column( $answer['data'], 'group_id' ), 'The profile is still there.' );

		$italian = $this->export_with_devices( 200, $devices, 'it_IT' );
		$items   = array_values( array_filter( $italian['data'], static fn( array $item ): bool => Privacy_Export::DEVICES_GROUP === $item['group_id'] ) );
		$this->assertSame( 'Dispositivi Crowdscout', $items[0]['group_label'] );
		$this->assertSame( 'Smartphone', self::rows( $items[0] )['Tipo'] );
		$this->assertSame( 'Tipo di PC', array_keys( self::rows( $items[1] ) )[1] );
		$this->assertSame( 'Smart TV', self::rows( $items[2] )['Tipo'] );
		$this->assertSame( '2026-01-15', self::rows( $items[2] )['Aggiunto il'] );
	}

	/**
	 * A tester without devices (the API's 404): no devices group, the rest of the export as usual.
	 */
	public function test_no_devices_exports_no_devices_group(): void {
		$answer = $this->export_with_devices( 404, array( 'message' => 'No device found' ) );
		$this->assertIsArray( $answer );
		$groups = array_column( $answer['data'], 'group_id' );
		$this->assertNotContains( Privacy_Export::DEVICES_GROUP, $groups );
		$this->assertContains( Privacy_Export::PROFILE_GROUP, $groups );
	}

	/**
	 * The device list failing is an error, not an export that silently lacks the devices.
	 */
	public function test_a_failing_device_list_is_an_error(): void {
		$answer = $this->export_with_devices( 500, array( 'message' => 'boom' ) );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertStringContainsString( 'GET /users/me/devices: HTTP 500', $answer->get_error_message() );
	}

	/**
	 * Markup in a value reaches the report as text, escaped once.
	 */
	public function test_values_are_text_in_the_report(): void {
		require_once ABSPATH . 'wp-admin/includes/privacy-tools.php';
		$html = wp_privacy_generate_personal_data_export_group_html(
			array(
				'group_label' => 'Crowdscout profile',
				'items'       => array(
					'one' => array(
						array(
							'name'  => 'City',
							'value' => Privacy_Export::text( '<b>Rome</b> & "Lazio" &amp;' ),
						),
					),
				),
			)
		);
		$this->assertStringContainsString( '<td>&lt;b&gt;Rome&lt;/b&gt; &amp; "Lazio" &amp;amp;</td>', $html );
	}

	/**
	 * No WordPress user with that email: nothing, done.
	 */
	public function test_an_unknown_email_exports_nothing(): void {
		$answer = $this->registered_callback()( 'nobody-' . wp_generate_password( 8, false ) . '@example.test', 1 );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$answer
		);
	}

	/**
	 * A WordPress user the API has no tester for (its 403): nothing, done.
	 */
	public function test_a_user_without_tester_profile_exports_nothing(): void {
		$user   = $this->create_user( 'tester' );
		$answer = $this->registered_callback()( $user->user_email, 1 );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$answer
		);
	}

	/**
	 * The API unreachable: an error naming the problem, not an empty export.
	 */
	public function test_an_unreachable_api_is_an_error(): void {
		$exporter = new Privacy_Export( $this->plugin()->jwt(), static fn(): string => 'http://127.0.0.1:' . self::closed_port() . '/api' );
		$answer   = $exporter->callback( self::VERA, 1 );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertStringStartsWith( 'The Crowdscout profile could not be read from the API, so the export would be incomplete (', $answer->get_error_message() );
	}

	/**
	 * A token the API refuses (WordPress and the API hold different secrets) is an error, not "no tester".
	 */
	public function test_a_refused_token_is_an_error(): void {
		$keys     = new \Crowdscout\Keys( static fn(): string => 'another-secret-0123456789-abcdefghijklmnopq' );
		$exporter = new Privacy_Export( new \Crowdscout\Jwt( $keys ), array( $this->plugin()->settings(), 'api_url' ) );
		$answer   = $exporter->callback( self::VERA, 1 );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertStringContainsString( 'HTTP 403', $answer->get_error_message() );
	}

	/**
	 * In the admin's export (admin-ajax), the error is sent as the text WordPress's page shows.
	 */
	public function test_the_admin_sees_the_error_message(): void {
		$exporter = new Privacy_Export( $this->plugin()->jwt(), static fn(): string => 'http://127.0.0.1:' . self::closed_port() . '/api' );
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter( 'wp_die_ajax_handler', array( self::class, 'die_handler' ) );
		$_REQUEST['action'] = 'wp-privacy-export-personal-data';
		ob_start();
		try {
			$exporter->callback( self::VERA, 1 );
			$this->fail( 'The exporter should have answered the ajax request.' );
		} catch ( RuntimeException $stop ) {
			$this->assertSame( 'wp_die', $stop->getMessage() );
		} finally {
			$output = (string) ob_get_clean();
		}
		$answer = json_decode( $output, true );
		$this->assertFalse( $answer['success'] );
		$this->assertIsString( $answer['data'] );
		$this->assertStringStartsWith( 'The Crowdscout profile could not be read from the API', $answer['data'] );
	}

	/**
	 * The veteran's export with GET /users/me/devices answered by a stand-in (every other call reaches the API).
	 *
	 * @param int         $status HTTP status of the device list.
	 * @param mixed       $body   Its JSON body.
	 * @param string|null $locale The veteran's WordPress locale during the export; null for hers.
	 * @return array|\WP_Error
	 */
	private function export_with_devices( int $status, $body, ?string $locale = null ) {
		$stand_in = static function ( $preempt, $args, $url ) use ( $status, $body ) {
			if ( ! is_string( $url ) || ! str_ends_with( (string) wp_parse_url( $url, PHP_URL_PATH ), '/users/me/devices' ) ) {
				return $preempt;
			}
			return array(
				'headers'  => array( 'content-type' => 'application/json' ),
				'body'     => (string) wp_json_encode( $body ),
				'response' => array(
					'code'    => $status,
					'message' => get_status_header_desc( $status ),
				),
				'cookies'  => array(),
				'filename' => null,
			);
		};
		$user   = get_user_by( 'email', self::VERA );
		$before = get_user_meta( $user->ID, 'locale', true );
		if ( null !== $locale ) {
			update_user_meta( $user->ID, 'locale', $locale );
		}
		add_filter( 'pre_http_request', $stand_in, 10, 3 );
		try {
			return $this->registered_callback()( self::VERA, 1 );
		} finally {
			remove_filter( 'pre_http_request', $stand_in, 10 );
			update_user_meta( $user->ID, 'locale', $before );
		}
	}

	/**
	 * wp_die_ajax_handler: an exception instead of exit.
	 *
	 * @return callable
	 */
	public static function die_handler(): callable {
		return static function (): void {
			throw new RuntimeException( 'wp_die' );
		};
	}

	/**
	 * The callback WordPress would call.
	 *
	 * @return callable
	 */
	private function registered_callback(): callable {
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		return $exporters[ Privacy_Export::EXPORTER ]['callback'];
	}

	/**
	 * The rows of an export item by name.
	 *
	 * @param array<string, mixed> $item Export item.
	 * @return array<string, string>
	 */
	private static function rows( array $item ): array {
		$rows = array();
		foreach ( $item['data'] as $row ) {
			$rows[ $row['name'] ] = html_entity_decode( $row['value'], ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		}
		return $rows;
	}

	/**
	 * A local port nothing listens on.
	 *
	 * @return int
	 */
	private static function closed_port(): int {
		$server = stream_socket_server( 'tcp://127.0.0.1:0' );
		$name   = stream_socket_get_name( $server, false );
		fclose( $server ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		return (int) substr( (string) strrchr( (string) $name, ':' ), 1 );
	}

	/**
	 * Whether an API answers its health check.
	 *
	 * @param string $api_url API base.
	 * @return bool
	 */
	private static function healthy( string $api_url ): bool {
		if ( '' === $api_url ) {
			return false;
		}
		$response = wp_remote_get( untrailingslashit( $api_url ) . '/health', array( 'timeout' => 2 ) );
		return ! is_wp_error( $response ) && 200 === wp_remote_retrieve_response_code( $response );
	}

	/**
	 * Stops the API process started here.
	 *
	 * @return void
	 */
	private static function stop_api(): void {
		if ( null === self::$api ) {
			return;
		}
		proc_terminate( self::$api, 15 );
		$deadline = microtime( true ) + 5;
		while ( proc_get_status( self::$api )['running'] && microtime( true ) < $deadline ) {
			usleep( 100000 );
		}
		if ( proc_get_status( self::$api )['running'] ) {
			proc_terminate( self::$api, 9 );
		}
		proc_close( self::$api );
		self::$api = null;
	}
}
