<?php
/**
 * Crowdscout → Messages in wp-admin, with the API faked.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin\Menu;
use Crowdscout\Build;
use Crowdscout\Admin\Messages_Page;
use Crowdscout\Admin\Screen;
use Crowdscout\Roles;
use WP_Error;

/**
 * The menu entry and its capability (administrators only: a tester lead has no access); the list read from
 * `GET /admin/popups`, escaped, with Edit and Delete; the form: what `POST`/`PUT /admin/popups` receive (content
 * through wp_kses_post, tester ids, the expiry in UTC), the API's refusal shown on the form as typed; Delete; nonce
 * and capability refusals before any call.
 */
final class Messages_Page_Test extends Test_Case {

	/**
	 * Requests the fake API received: method, URL, headers, decoded JSON body.
	 *
	 * @var array<int, array{method: string, url: string, headers: array<string, string>, body: mixed}>
	 */
	private array $calls = array();

	/**
	 * Answers of the fake API: "METHOD path?query" (after the base) → [status, body], or a WP_Error.
	 *
	 * @var array<string, array{0: int, 1: mixed}|WP_Error>
	 */
	private array $answers = array();

	/**
	 * The API's base URL as the plugin reaches it.
	 *
	 * @var string
	 */
	private string $base = '';

	/**
	 * The GET and REQUEST parameters before the test.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $saved = array();

	/**
	 * The site's time zone before the test.
	 *
	 * @var mixed
	 */
	private $saved_timezone;

	/**
	 * Loads the admin API, fakes the Crowdscout API, sets a time zone away from UTC.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$this->base  = $this->plugin()->settings()->api_url();
		$this->saved = array(
			'get'     => $_GET, // phpcs:ignore WordPress.Security.NonceVerification.Recommended
			'request' => $_REQUEST, // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		);
		$this->saved_timezone = get_option( 'timezone_string' );
		update_option( 'timezone_string', 'Europe/Rome' );
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
		set_current_screen( Menu::screen_id( Messages_Page::SLUG ) );
	}

	/**
	 * Restores the HTTP client, the parameters, the time zone and the screen.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
		$_GET     = $this->saved['get'];
		$_REQUEST = $this->saved['request'];
		update_option( 'timezone_string', $this->saved_timezone );
		$GLOBALS['current_screen'] = null;
		delete_transient( 'crowdscout_result_' . Messages_Page::SLUG . '_' . get_current_user_id() );
		parent::tearDown();
	}

	/**
	 * `pre_http_request`: records the call and answers from $this->answers (404 for anything else).
	 *
	 * @param mixed                $preempt Earlier answer.
	 * @param array<string, mixed> $args    Request arguments.
	 * @param string               $url     URL.
	 * @return array<string, mixed>|WP_Error
	 */
	public function fake_api( $preempt, $args, $url ) {
		$method        = (string) $args['method'];
		$this->calls[] = array(
			'method'  => $method,
			'url'     => $url,
			'headers' => (array) $args['headers'],
			'body'    => is_string( $args['body'] ?? null ) && '' !== $args['body'] ? json_decode( $args['body'], true ) : null,
		);
		$key    = $method . ' ' . substr( $url, strlen( $this->base ) );
		$answer = $this->answers[ $key ] ?? array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Not found',
			),
		);
		if ( $answer instanceof WP_Error ) {
			return $answer;
		}
		return array(
			'headers'  => array( 'content-type' => 'application/json' ),
			'body'     => (string) wp_json_encode( $answer[1] ),
			'response' => array(
				'code'    => $answer[0],
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * Crowdscout → Messages for administrators, with its capability and position; nothing for a tester lead, who
	 * lacks the capability.
	 */
	public function test_menu_and_capability(): void {
		global $menu, $submenu;
		$page = $this->plugin()->messages_page();

		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$menu    = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$this->plugin()->admin_menu()->add_menu();
		$page->add_menu();
		$entries = array_values( array_filter( $submenu[ Menu::SLUG ] ?? array(), static fn( $item ): bool => Messages_Page::SLUG === $item[2] ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'Messages', $entries[0][0] );
		$this->assertSame( Roles::CAP_MESSAGES, $entries[0][1] );
		$this->assertSame( Messages_Page::CAPABILITY, Roles::CAP_MESSAGES );
		$this->assertSame( 'crowdscout_page_crowdscout-messages', Menu::screen_id( Messages_Page::SLUG ) );
		$this->assertNotFalse( has_action( 'load-crowdscout_page_' . Messages_Page::SLUG, array( $page, 'load' ) ) );
		$this->assertNotFalse( has_action( 'admin_menu', array( $page, 'add_menu' ) ), 'Registered by the plugin.' );
		$this->assertNotFalse( has_action( 'admin_enqueue_scripts', array( $page, 'enqueue_editor' ) ), 'The block editor too.' );

		$lead = $this->create_user( Roles::LEAD );
		wp_set_current_user( $lead->ID );
		$this->assertTrue( current_user_can( Roles::LEAD_CAP ), 'A tester lead reaches the Crowdscout menu…' );
		$this->assertFalse( current_user_can( Roles::CAP_MESSAGES ), '…but not Messages.' );
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$page->add_menu();
		$this->assertSame( array(), array_filter( $submenu[ Menu::SLUG ] ?? array(), static fn( $item ): bool => Messages_Page::SLUG === $item[2] ) );
		$this->assertSame( '', $this->render(), 'Nothing prints for a tester lead.' );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * The list: asked with the administrator's token; every field escaped; target, counts, once, expiry (never,
	 * expired), date in the site's time zone; Edit and Delete (nonce, confirm); the "Add message" link.
	 */
	public function test_list_rendering_and_escaping(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['GET /admin/popups?start=0&limit=20'] = array(
			200,
			$this->page(
				array(
					$this->summary( 8, array( 'title' => 'Hi <b>{{name}}</b>', 'expiresAt' => '2999-01-01T10:00:00Z' ) ),
					$this->summary(
						5,
						array(
							'title'      => 'Old',
							'target'     => 'all',
							'recipients' => 1200,
							'once'       => false,
							'expiresAt'  => null,
							'reads'      => 1100,
						)
					),
					$this->summary( 3, array( 'expiresAt' => '2020-01-01T10:00:00Z' ) ),
				),
				23
			),
		);

		$html = $this->render();

		$this->assertSame( 'GET', $this->calls[0]['method'] );
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
		$this->assertSame( 'administrator', $claims['role'] );

		$this->assertStringContainsString( 'Hi &lt;b&gt;{{name}}&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( '<b>{{name}}', $html );
		$this->assertStringContainsString( 'Chosen testers', $html );
		$this->assertStringContainsString( 'All testers', $html );
		$this->assertStringContainsString( '1,200', $html );
		$this->assertStringContainsString( '1,100', $html );
		$this->assertStringContainsString( 'Never', $html );
		$this->assertStringContainsString( 'Expired', $html );
		$this->assertStringContainsString( 'January 1, 2999 11:00 am', $html, 'The expiry in the site’s time zone (Rome, UTC+1 in winter).' );
		$this->assertStringContainsString( esc_url( Messages_Page::url( Messages_Page::VIEW_EDIT, 8 ) ), $html );
		$this->assertStringContainsString( esc_url( Messages_Page::delete_url( 8 ) ), $html, 'Delete, with its nonce.' );
		$this->assertStringContainsString( 'return window.confirm(', $html );
		$this->assertStringContainsString( esc_url( Messages_Page::url( Messages_Page::VIEW_NEW ) ), $html );
		$this->assertStringContainsString( 'Add message', $html );
		$this->assertStringContainsString( '23 items', $html );
		$this->assertStringNotContainsString( 'notice-error', $html );
	}

	/**
	 * The API down or refusing: a notice, an empty list.
	 */
	public function test_list_problems(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['GET /admin/popups?start=0&limit=20'] = new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );
		$html = $this->render();
		$this->assertStringContainsString( 'The Crowdscout API cannot be reached at ' . esc_html( $this->base ) . ' (cURL error 7: Failed to connect)', $html );
		$this->assertStringContainsString( 'No message has been written yet.', $html );

		$this->answers['GET /admin/popups?start=0&limit=20'] = array(
			403,
			array(
				'status'  => 403,
				'error'   => 'Forbidden',
				'message' => 'Only administrators may do this. <x>',
			),
		);
		$this->assertStringContainsString( 'The API did not give the messages (status 403): Only administrators may do this. &lt;x&gt;', $this->render() );
	}

	/**
	 * "Add message": the form with the content's textarea (labelled, what works without JavaScript) and the block
	 * editor's mount point (hidden until the editor shows itself, knowing the textarea it writes into and its
	 * label), the placeholders as the inbox reads them, the target, "Show once" and the expiry, and its nonce.
	 */
	public function test_add_form(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$_GET['view'] = Messages_Page::VIEW_NEW;

		$html = $this->render();

		$this->assertStringContainsString( 'Add message', $html );
		$this->assertStringContainsString( 'name="title"', $html );
		$this->assertStringContainsString( '<label for="' . Messages_Page::EDITOR_ID . '" id="crowdscout-message-content-label">Content</label>', $html );
		$this->assertMatchesRegularExpression( '#<textarea [^>]*id="' . Messages_Page::EDITOR_ID . '" name="content" aria-describedby="crowdscout-message-placeholders"></textarea>#', $html, 'The plain textarea, empty.' );
		$this->assertStringContainsString( '<div id="crowdscout-message-editor" class="crowdscout-message-editor" data-field="' . Messages_Page::EDITOR_ID . '" data-labelledby="crowdscout-message-content-label" data-describedby="crowdscout-message-placeholders" hidden></div>', $html );
		$this->assertStringNotContainsString( 'wp-editor-area', $html, 'No classic editor any more.' );
		$this->assertStringContainsString( '{{name}} is replaced with the tester’s first name, {{surname}} with their surname and {{id}} with their tester id', $html );
		$this->assertStringContainsString( "value=\"all\"  checked='checked'", $html );
		$this->assertStringContainsString( 'name="testers"', $html );
		$this->assertStringContainsString( 'name="once"', $html );
		$this->assertStringContainsString( 'type="datetime-local"', $html );
		$this->assertStringContainsString( 'Europe/Rome', $html );
		$this->assertStringContainsString( 'name="_wpnonce" value="' . wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ) . '"', $html );
		$this->assertStringContainsString( 'Publish message', $html );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * A new popup: `POST /admin/popups` with the administrator's token and the right JSON — the title as plain
	 * text, the content through wp_kses_post (no script, no event handler; placeholders kept), tester ids with or
	 * without their "T", once each, the expiry from the site's time zone to UTC. The list then says so.
	 */
	public function test_create_sends_the_right_json(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$this->answers['POST /admin/popups'] = array( 201, array( 'id' => 7 ) );

		$result = $this->plugin()->messages_page()->handle_action(
			array(
				'action'     => 'save',
				'popup'      => '0',
				'_wpnonce'   => wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ),
				'title'      => ' Hello <b>{{name}}</b> ',
				'content'    => '<h2>Hi {{name}} {{surname}}</h2><p onclick="steal()">Your id: T{{id}}</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
				'target'     => 'list',
				'testers'    => "T41, 42\n41;t43",
				'once'       => '1',
				'expires_at' => '2030-01-02T10:30',
			)
		);

		$this->assertSame(
			array(
				'outcome' => 'saved',
				'id'      => 7,
				'title'   => 'Hello {{name}}',
				'created' => true,
			),
			$result
		);
		$this->assertCount( 1, $this->calls );
		$call = $this->calls[0];
		$this->assertSame( 'POST', $call['method'] );
		$this->assertSame( $this->base . '/admin/popups', $call['url'] );
		$this->assertSame( 'application/json', $call['headers']['Content-Type'] );
		$claims = self::decode_jwt( substr( $call['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
		$this->assertSame(
			array(
				'title'     => 'Hello {{name}}',
				'content'   => '<h2>Hi {{name}} {{surname}}</h2><p>Your id: T{{id}}</p><a href="alert(2)">x</a>',
				'target'    => 'list',
				'once'      => true,
				'expiresAt' => '2030-01-02T09:30:00Z',
				'testers'   => array( 41, 42, 43 ),
			),
			$call['body']
		);
		$this->assertStringNotContainsString( '<script', $call['body']['content'] );
		$this->assertStringNotContainsString( 'onclick', $call['body']['content'] );
		$this->assertStringNotContainsString( 'alert(1)', $call['body']['content'] );

		Screen::keep_result( Messages_Page::SLUG, $result );
		$this->assertStringContainsString( 'Message “Hello {{name}}” published: it appears in the testers’ inbox.', $this->render_list() );
	}

	/**
	 * What the block editor sends: its block comments and classes (which the inbox drops) are gone, the HTML and
	 * the placeholders stay (one in a bold, as written); and a comment cannot join a script tag past the cleaning.
	 */
	public function test_block_markup_is_stored_as_clean_html(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/popups'] = array( 201, array( 'id' => 9 ) );
		$markup = implode(
			"\n\n",
			array(
				"<!-- wp:paragraph -->\n<p>Hello {{name}} {{surname}}, you are <strong>T{{id}}</strong>.</p>\n<!-- /wp:paragraph -->",
				"<!-- wp:heading {\"level\":3} -->\n<h3 class=\"wp-block-heading\">News</h3>\n<!-- /wp:heading -->",
				"<!-- wp:list -->\n<ul class=\"wp-block-list\"><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two <a href=\"https://example.com/\">link</a></li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->",
				"<!-- wp:paragraph {\"align\":\"center\",\"className\":\"note\"} -->\n<p class=\"has-text-align-center note\">Centred</p>\n<!-- /wp:paragraph -->",
				'<!-- wp:paragraph --><p>x<scr<!-- -->ipt>alert(1)</script></p><!-- /wp:paragraph -->',
			)
		);

		$result = $this->plugin()->messages_page()->handle_action(
			array(
				'action'   => 'save',
				'popup'    => '0',
				'_wpnonce' => wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ),
				'title'    => 'News',
				'content'  => $markup,
				'target'   => 'all',
			)
		);

		$this->assertSame( 'saved', $result['outcome'] );
		$this->assertSame(
			'<p>Hello {{name}} {{surname}}, you are <strong>T{{id}}</strong>.</p><h3>News</h3><ul><li>One</li><li>Two <a href="https://example.com/">link</a></li></ul><p>Centred</p><p>x</p>',
			$this->calls[0]['body']['content']
		);
	}

	/**
	 * The block editor's script and styles: on this screen's form (add, edit) once built, with the dependencies
	 * its manifest lists and WordPress's block editor styles; not on the list, not on any other screen, not
	 * without a build (the textarea is the form then).
	 */
	public function test_the_editor_loads_on_the_form_only(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$dir = get_temp_dir() . 'crowdscout-build-' . wp_generate_password( 8, false );
		wp_mkdir_p( $dir );
		$page = new Messages_Page( $this->plugin()->api_client(), new Build( $dir, 'https://example.org/build' ) );
		$screen = Menu::screen_id( Messages_Page::SLUG );
		try {
			$_GET['view'] = Messages_Page::VIEW_NEW;
			$page->enqueue_editor( $screen );
			$this->assertFalse( wp_script_is( Messages_Page::EDITOR_HANDLE, 'enqueued' ), 'Not built: the textarea only.' );

			file_put_contents( $dir . '/message-editor.js', '' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
			file_put_contents( $dir . '/message-editor.css', '' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
			file_put_contents( $dir . '/message-editor.asset.php', "<?php return array( 'dependencies' => array( 'wp-block-editor', 'wp-block-library', 'wp-format-library' ), 'version' => 'abc123' );" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents

			$page->enqueue_editor( 'index.php' );
			$page->enqueue_editor( Menu::screen_id( 'crowdscout-testers' ) );
			$this->assertFalse( wp_script_is( Messages_Page::EDITOR_HANDLE, 'enqueued' ), 'Not on other screens.' );
			unset( $_GET['view'] );
			$page->enqueue_editor( $screen );
			$this->assertFalse( wp_script_is( Messages_Page::EDITOR_HANDLE, 'enqueued' ), 'Not on the list.' );

			$_GET['view'] = Messages_Page::VIEW_EDIT;
			$page->enqueue_editor( $screen );
			$this->assertTrue( wp_script_is( Messages_Page::EDITOR_HANDLE, 'enqueued' ) );
			$script = wp_scripts()->registered[ Messages_Page::EDITOR_HANDLE ];
			$this->assertSame( 'https://example.org/build/message-editor.js', $script->src );
			$this->assertSame( array( 'wp-block-editor', 'wp-block-library', 'wp-format-library' ), $script->deps );
			$this->assertSame( 'abc123', $script->ver );
			$this->assertTrue( wp_style_is( Messages_Page::EDITOR_HANDLE, 'enqueued' ) );
			$style = wp_styles()->registered[ Messages_Page::EDITOR_HANDLE ];
			$this->assertSame( 'https://example.org/build/message-editor.css', $style->src );
			$this->assertSame( Messages_Page::EDITOR_STYLES, $style->deps );
			$this->assertContains( 'wp-block-editor', $style->deps );
		} finally {
			wp_dequeue_script( Messages_Page::EDITOR_HANDLE );
			wp_deregister_script( Messages_Page::EDITOR_HANDLE );
			wp_dequeue_style( Messages_Page::EDITOR_HANDLE );
			wp_deregister_style( Messages_Page::EDITOR_HANDLE );
			array_map( 'unlink', (array) glob( $dir . '/*' ) );
			rmdir( $dir ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir
		}
	}

	/**
	 * All testers, no expiry, not once: no testers sent, a null expiry.
	 */
	public function test_create_for_all_testers(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/popups'] = array( 201, array( 'id' => 8 ) );

		$this->plugin()->messages_page()->handle_action(
			array(
				'action'   => 'save',
				'_wpnonce' => wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ),
				'title'    => 'News',
				'content'  => '<p>News</p>',
				'target'   => 'all',
				'testers'  => '41',
			)
		);

		$this->assertSame(
			array(
				'title'     => 'News',
				'content'   => '<p>News</p>',
				'target'    => 'all',
				'once'      => false,
				'expiresAt' => null,
			),
			$this->calls[0]['body']
		);
	}

	/**
	 * An edit: `PUT /admin/popups/{id}`, under the nonce of that popup.
	 */
	public function test_update_sends_put(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['PUT /admin/popups/5'] = array( 200, array( 'id' => 5 ) );

		$result = $this->plugin()->messages_page()->handle_action(
			array(
				'action'   => 'save',
				'popup'    => '5',
				'_wpnonce' => wp_create_nonce( Messages_Page::SAVE_NONCE . '5' ),
				'title'    => 'Changed',
				'content'  => '<p>Changed</p>',
				'target'   => 'all',
			)
		);

		$this->assertSame( 'saved', $result['outcome'] );
		$this->assertFalse( $result['created'] );
		$this->assertSame( 'PUT', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/popups/5', $this->calls[0]['url'] );
		Screen::keep_result( Messages_Page::SLUG, $result );
		$this->assertStringContainsString( 'Message “Changed” updated.', $this->render_list() );
	}

	/**
	 * The API's 400: the form prints again with what was typed and the API's message; nothing is kept for the list.
	 */
	public function test_an_api_refusal_keeps_the_form(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$this->answers['POST /admin/popups'] = array(
			400,
			array(
				'status'  => 400,
				'error'   => 'Bad Request',
				'message' => 'Unknown tester id: 999 <x>',
			),
		);
		$_REQUEST = array(
			'action'     => 'save',
			'popup'      => '0',
			'_wpnonce'   => wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ),
			'title'      => 'Typed "title"',
			'content'    => '<p>Typed content</p>',
			'target'     => 'list',
			'testers'    => '41, 999',
			'once'       => '1',
			'expires_at' => '2030-01-02T10:30',
		);
		$page = $this->plugin()->messages_page();

		$page->load();
		$html = $this->render();

		$this->assertStringContainsString( 'notice-error', $html );
		$this->assertStringContainsString( 'The message was not saved: Unknown tester id: 999 &lt;x&gt;', $html );
		$this->assertStringContainsString( 'value="Typed &quot;title&quot;"', $html );
		$this->assertStringContainsString( 'Typed content', $html );
		$this->assertStringContainsString( '>41, 999</textarea>', $html );
		$this->assertStringContainsString( "value=\"list\"  checked='checked'", $html );
		$this->assertMatchesRegularExpression( '/name="once" value="1"\s+checked=/', $html );
		$this->assertStringContainsString( 'value="2030-01-02T10:30"', $html );
		$this->assertNull( get_transient( 'crowdscout_result_' . Messages_Page::SLUG . '_' . get_current_user_id() ) ?: null );
	}

	/**
	 * What cannot be sent: a tester id that is not one, an expiry that is not a date. The form says so and the API
	 * is not called; the API down keeps the form too.
	 */
	public function test_local_refusals_and_the_api_down(): void {
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$page = $this->plugin()->messages_page();
		$base = array(
			'action'   => 'save',
			'_wpnonce' => wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ),
			'title'    => 'Hi',
			'content'  => '<p>Hi</p>',
			'target'   => 'list',
			'testers'  => '41, ada@example.test',
		);

		$bad_tester = $page->handle_action( $base );
		$this->assertSame( 'refused', $bad_tester['outcome'] );
		$this->assertSame( '“ada@example.test” is not a tester id. Write tester ids such as 41 or T41, separated by commas.', $bad_tester['message'] );
		$this->assertSame( '41, ada@example.test', $bad_tester['form']['testers'] );

		$bad_date = $page->handle_action( array_merge( $base, array( 'testers' => '41', 'expires_at' => '2030-13-45T99:00' ) ) );
		$this->assertSame( 'The expiry is not a date and time.', $bad_date['message'] );
		$this->assertSame( array(), $this->calls );

		$this->answers['POST /admin/popups'] = new WP_Error( 'http_request_failed', 'Connection refused' );
		$down                                = $page->handle_action( array_merge( $base, array( 'testers' => '41' ) ) );
		$this->assertSame( 'refused', $down['outcome'] );
		$this->assertSame( 'The Crowdscout API could not be reached, so the message was not saved (Connection refused).', $down['message'] );
	}

	/**
	 * Delete from a row: its nonce, then `DELETE /admin/popups/{id}`; the list says so. A refusal is told with the
	 * API's message.
	 */
	public function test_delete(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$page                                    = $this->plugin()->messages_page();
		$this->answers['DELETE /admin/popups/5'] = array( 200, array( 'id' => 5 ) );

		$result = $page->handle_action(
			array(
				'action'   => 'delete',
				'popup'    => '5',
				'_wpnonce' => wp_create_nonce( Messages_Page::DELETE_NONCE . '5' ),
			)
		);

		$this->assertSame(
			array(
				'outcome' => 'deleted',
				'id'      => 5,
			),
			$result
		);
		$this->assertSame( 'DELETE', $this->calls[0]['method'] );
		$this->assertSame( $this->base . '/admin/popups/5', $this->calls[0]['url'] );
		$claims = self::decode_jwt( substr( $this->calls[0]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
		$this->assertSame( (string) $admin->ID, $claims['sub'] );
		Screen::keep_result( Messages_Page::SLUG, $result );
		$this->assertStringContainsString( 'Message #5 deleted: it has left every inbox.', $this->render_list() );

		$missing = $page->handle_action(
			array(
				'action'   => 'delete',
				'popup'    => '6',
				'_wpnonce' => wp_create_nonce( Messages_Page::DELETE_NONCE . '6' ),
			)
		);
		$this->assertSame( 'failed', $missing['outcome'] );
		$this->assertSame( 'Not found', $missing['message'] );
		Screen::keep_result( Messages_Page::SLUG, $missing );
		$this->assertStringContainsString( 'Message #6 was not deleted: Not found', $this->render_list() );
	}

	/**
	 * A bad nonce, another popup's nonce, a user without the capability (a tester lead, a tester): refused before
	 * the API is called.
	 */
	public function test_nonce_and_capability_are_checked(): void {
		$page = $this->plugin()->messages_page();
		wp_set_current_user( $this->create_user( 'administrator' )->ID );
		$save = array(
			'action'  => 'save',
			'title'   => 'Hi',
			'content' => '<p>Hi</p>',
			'target'  => 'all',
		);

		$bad = $page->handle_action( array_merge( $save, array( '_wpnonce' => 'nope' ) ) );
		$this->assertInstanceOf( WP_Error::class, $bad );
		$this->assertSame( 'invalid_nonce', $bad->get_error_code() );

		$other = $page->handle_action(
			array_merge(
				$save,
				array(
					'popup'    => '6',
					'_wpnonce' => wp_create_nonce( Messages_Page::SAVE_NONCE . '5' ),
				)
			)
		);
		$this->assertSame( 'invalid_nonce', $other->get_error_code() );

		$other_delete = $page->handle_action(
			array(
				'action'   => 'delete',
				'popup'    => '6',
				'_wpnonce' => wp_create_nonce( Messages_Page::DELETE_NONCE . '5' ),
			)
		);
		$this->assertSame( 'invalid_nonce', $other_delete->get_error_code() );

		foreach ( array( Roles::LEAD, Roles::TESTER ) as $role ) {
			wp_set_current_user( $this->create_user( $role )->ID );
			$forbidden = $page->handle_action( array_merge( $save, array( '_wpnonce' => wp_create_nonce( Messages_Page::SAVE_NONCE . '0' ) ) ) );
			$this->assertSame( 'forbidden', $forbidden->get_error_code(), $role );
			$forbidden_delete = $page->handle_action(
				array(
					'action'   => 'delete',
					'popup'    => '5',
					'_wpnonce' => wp_create_nonce( Messages_Page::DELETE_NONCE . '5' ),
				)
			);
			$this->assertSame( 'forbidden', $forbidden_delete->get_error_code(), $role );
		}

		$this->assertNull( $page->handle_action( array( 'action' => '-1' ) ) );
		$this->assertSame( array(), $this->calls );
	}

	/**
	 * Edit: the form filled from `GET /admin/popups/{id}` (content as HTML, tester ids, the expiry in the site's
	 * time zone, who is listed, escaped) and the popup's history from the audit trail.
	 */
	public function test_edit_form(): void {
		$admin = $this->create_user( 'administrator' );
		wp_set_current_user( $admin->ID );
		$_GET['view']                          = Messages_Page::VIEW_EDIT;
		$_GET['popup']                         = '5';
		$this->answers['GET /admin/popups/5']  = array(
			200,
			array(
				'id'         => 5,
				'title'      => 'Hello {{name}}',
				'content'    => '<p>Dear {{name}}</p>',
				'target'     => 'list',
				'recipients' => array(
					array(
						'id'      => 41,
						'name'    => 'Ada',
						'surname' => '<b>Lovelace</b>',
					),
					array(
						'id'      => 42,
						'name'    => 'Bob',
						'surname' => 'Stone',
					),
				),
				'once'       => true,
				'expiresAt'  => '2030-07-01T16:30:00Z',
				'createdAt'  => '2026-05-01T08:00:00Z',
				'reads'      => 3,
			),
		);
		$this->answers['GET /admin/audit?subjectType=popup&subjectId=5&limit=20'] = array(
			200,
			array(
				'start'   => 0,
				'limit'   => 20,
				'size'    => 1,
				'total'   => 1,
				'results' => array(
					array(
						'id'          => 1,
						'actor'       => $admin->ID,
						'actorRole'   => 'administrator',
						'action'      => 'popup.create',
						'subjectType' => 'popup',
						'subjectId'   => 5,
						'before'      => null,
						'after'       => array(),
						'note'        => null,
						'date'        => '2026-05-01T08:00:00Z',
					),
				),
			),
		);

		$html = $this->render();

		$this->assertStringContainsString( 'Edit message', $html );
		$this->assertStringContainsString( 'value="Hello {{name}}"', $html );
		$this->assertStringContainsString( 'Dear {{name}}', $html );
		$this->assertStringContainsString( '>41, 42</textarea>', $html );
		$this->assertStringContainsString( 'Listed now: T41 Ada &lt;b&gt;Lovelace&lt;/b&gt;, T42 Bob Stone', $html );
		$this->assertStringContainsString( 'value="2030-07-01T18:30"', $html, 'Rome is UTC+2 in summer.' );
		$this->assertStringContainsString( 'name="popup" value="5"', $html );
		$this->assertStringContainsString( 'name="_wpnonce" value="' . wp_create_nonce( Messages_Page::SAVE_NONCE . '5' ) . '"', $html );
		$this->assertStringContainsString( 'Update message', $html );
		$this->assertStringContainsString( 'History', $html );
		$this->assertStringContainsString( 'Written', $html );
		$this->assertStringContainsString( esc_html( $admin->display_name ), $html );
	}

	/**
	 * The expiry's conversions, both ways, in the site's time zone.
	 */
	public function test_expiry_conversions(): void {
		$this->assertSame( '2030-01-02T09:30:00Z', Messages_Page::utc_expiry( '2030-01-02T10:30' ) );
		$this->assertSame( '2030-07-02T08:30:00Z', Messages_Page::utc_expiry( '2030-07-02 10:30' ) );
		$this->assertNull( Messages_Page::utc_expiry( 'tomorrow' ) );
		$this->assertNull( Messages_Page::utc_expiry( '2030-02-30T10:30' ) );
		$this->assertSame( '2030-01-02T10:30', Messages_Page::local_expiry( '2030-01-02T09:30:00Z' ) );
		$this->assertSame( '', Messages_Page::local_expiry( null ) );
		$this->assertSame( array( 41, 42 ), Messages_Page::tester_ids( ' T41,42 41 ' ) );
		$this->assertSame( array(), Messages_Page::tester_ids( '' ) );
		$this->assertInstanceOf( WP_Error::class, Messages_Page::tester_ids( '0' ) );
	}

	/**
	 * Renders the screen.
	 *
	 * @return string
	 */
	private function render(): string {
		ob_start();
		$this->plugin()->messages_page()->render();
		return (string) ob_get_clean();
	}

	/**
	 * Renders the list, with an empty page from the API.
	 *
	 * @return string
	 */
	private function render_list(): string {
		$this->answers['GET /admin/popups?start=0&limit=20'] = array( 200, $this->page( array(), 0 ) );
		unset( $_GET['view'] );
		return $this->render();
	}

	/**
	 * An AdminPopupPage.
	 *
	 * @param array<int, array<string, mixed>> $results Popups.
	 * @param int                              $total   Total.
	 * @return array<string, mixed>
	 */
	private function page( array $results, int $total ): array {
		return array(
			'start'   => 0,
			'limit'   => 20,
			'size'    => count( $results ),
			'total'   => $total,
			'results' => $results,
		);
	}

	/**
	 * An AdminPopupSummary for chosen testers.
	 *
	 * @param int                  $id     Id.
	 * @param array<string, mixed> $fields Fields to change.
	 * @return array<string, mixed>
	 */
	private function summary( int $id, array $fields = array() ): array {
		return array_merge(
			array(
				'id'         => $id,
				'title'      => 'Popup ' . $id,
				'target'     => 'list',
				'recipients' => 2,
				'once'       => true,
				'expiresAt'  => null,
				'createdAt'  => '2026-05-01T08:00:00Z',
				'reads'      => 1,
			),
			$fields
		);
	}
}

