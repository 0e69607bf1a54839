<?php
/**
 * The site header and footer blocks and the skip link.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Site_Chrome;
use Crowdscout\Strings;
use WP_Block_Type_Registry;

/**
 * The header and footer render, with no script, in the language of the page's address: the product's name leading
 * home, the same page in every language, the login button for visitors only, the legal links; the skip link leads
 * to the template's <main> in that language, instead of core's English one.
 */
final class Site_Chrome_Test extends Test_Case {

	/**
	 * Request URI to restore.
	 *
	 * @var string
	 */
	private string $uri = '';

	/**
	 * Registers the blocks from the repository when the build has not, reads the repository's catalogues.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		self::reset_scripts();
		$this->plugin()->site_chrome()->register_style();
		$this->uri = $_SERVER['REQUEST_URI'];
		Strings::use_directory( dirname( __DIR__, 2 ) . '/languages' );
		foreach ( array( 'site-header', 'site-footer' ) as $widget ) {
			if ( ! WP_Block_Type_Registry::get_instance()->is_registered( 'crowdscout/' . $widget ) ) {
				$this->plugin()->blocks()->register_block( dirname( __DIR__, 2 ) . '/blocks/' . $widget );
			}
		}
		$this->plugin()->site_chrome()->reset();
	}

	/**
	 * Restores the request and the catalogues.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_SERVER['REQUEST_URI'] = $this->uri;
		Strings::use_directory( null );
		$this->plugin()->site_chrome()->reset();
		parent::tearDown();
	}

	/**
	 * A visitor on an Italian page: Italian texts, the page in each language, the login button back to the page.
	 */
	public function test_header_speaks_the_page_language_to_a_visitor(): void {
		$links = $this->links( $this->render( '/it/faq/', 'site-header' ) );
		$site  = home_url();

		$this->assertSame(
			array(
				array( 'Scout', $site . '/it/', '', '', '' ),
				array( 'Accedi', $site . '/it/login/?redirectTo=' . rawurlencode( $site . '/it/faq/' ), '', '', '' ),
				array( 'English', $site . '/faq/', 'en', 'en', '' ),
				array( 'Italiano', $site . '/it/faq/', 'it', 'it', 'page' ),
				array( 'Español', $site . '/es/faq/', 'es', 'es', '' ),
				array( 'Français', $site . '/fr/faq/', 'fr', 'fr', '' ),
			),
			$links
		);
		$this->assertMatchesRegularExpression( '#<nav class="[^"]*" aria-label="Lingua del sito"><ul[^>]*>(<li><a [^>]*>[^<]+</a></li>){4}</ul></nav>#', $this->render( '/it/faq/', 'site-header' ) );
	}

	/**
	 * Translated slugs and query strings follow the switch; the login page's own button has no way back.
	 */
	public function test_language_switch_keeps_the_page(): void {
		$site  = home_url();
		$links = array_column( $this->links( $this->render( '/fr/universite-de-test/?tab=2', 'site-header' ) ), 1, 0 );
		$this->assertSame( $site . '/testing-school/?tab=2', $links['English'] );
		$this->assertSame( $site . '/it/testing-school/?tab=2', $links['Italiano'] );
		$this->assertSame( $site . '/fr/universite-de-test/?tab=2', $links['Français'] );
		$this->assertSame( $site . '/fr/', $links['Scout'] );

		$links = array_column( $this->links( $this->render( '/it/bugs/show/12/', 'site-header' ) ), 1, 0 );
		$this->assertSame( $site . '/es/bugs/show/12/', $links['Español'] );

		$login = $this->links( $this->render( '/es/login/', 'site-header' ) )[1];
		$this->assertSame( array( 'Iniciar sesión', $site . '/es/login/', '', '', 'page' ), $login );
	}

	/**
	 * A missing page is missing in every language: the switch leads to each language's home, never to a 404.
	 */
	public function test_language_switch_of_a_missing_page_leads_home(): void {
		global $wp_query;
		$site = home_url();
		$wp_query->set_404();
		try {
			$links = array_column( $this->links( $this->render( '/it/no-such-page/', 'site-header' ) ), 1, 0 );
		} finally {
			$wp_query->init();
		}
		$this->assertSame( $site . '/', $links['English'] );
		$this->assertSame( $site . '/it/', $links['Italiano'] );
		$this->assertSame( $site . '/es/', $links['Español'] );
		$this->assertSame( $site . '/fr/', $links['Français'] );
	}

	/**
	 * A logged-in tester has the shell: the header shows no login button, still the language switch.
	 */
	public function test_logged_in_tester_gets_no_login_button(): void {
		wp_set_current_user( $this->create_user()->ID );
		$texts = array_column( $this->links( $this->render( '/my-account/', 'site-header' ) ), 0 );
		$this->assertSame( array( 'Scout', 'English', 'Italiano', 'Español', 'Français' ), $texts );
	}

	/**
	 * The filter crowdscout_header_login_button still turns the button off (bare pages use it).
	 */
	public function test_filter_turns_the_login_button_off(): void {
		add_filter( 'crowdscout_header_login_button', '__return_false' );
		$texts = array_column( $this->links( $this->render( '/faq/', 'site-header' ) ), 0 );
		remove_filter( 'crowdscout_header_login_button', '__return_false' );
		$this->assertNotContains( 'Log in', $texts );
		$this->assertContains( 'Log in', array_column( $this->links( $this->render( '/faq/', 'site-header' ) ), 0 ) );
	}

	/**
	 * The product name and the address are escaped.
	 */
	public function test_header_escapes_the_product_name_and_the_address(): void {
		$this->set_settings( array( 'product_name' => 'Scout <script>alert(1)</script> & "co"' ) );
		$html = $this->render( '/faq/?q="><script>alert(2)</script>', 'site-header' );
		$this->assertStringNotContainsString( '<script', $html );
		// Shown as text, whatever the settings' sanitising kept of it (it strips the tags once registered).
		$this->assertSame( $this->plugin()->settings()->product_name(), $this->links( $html )[0][0] );
		$this->assertStringContainsString( '&amp; &quot;co&quot;', $html );
		foreach ( $this->links( $html ) as $link ) {
			$this->assertStringNotContainsString( '"', $link[1] );
			$this->assertStringNotContainsString( '<', $link[1] );
		}
	}

	/**
	 * The footer: the legal links and the FAQ in the page's language, the current one marked, the copyright line.
	 */
	public function test_footer_links_the_legal_pages_in_the_page_language(): void {
		$site = home_url();
		$html = $this->render( '/es/faq/', 'site-footer' );
		$this->assertSame(
			array(
				array( 'Términos y condiciones', $site . '/es/terms-and-conditions/', '', '', '' ),
				array( 'Política de privacidad', $site . '/es/privacy-policy/', '', '', '' ),
				array( 'Código ético', $site . '/es/ethical-code/', '', '', '' ),
				array( 'Preguntas frecuentes', $site . '/es/faq/', '', '', 'page' ),
			),
			$this->links( $html )
		);
		$this->assertStringContainsString( 'aria-label="Información legal"', $html );
		$this->assertStringContainsString( '<p class="wp-block-crowdscout-site-footer__copyright">© ' . wp_date( 'Y' ) . ' Scout</p>', $html );

		$english = array_column( $this->links( $this->render( '/my-account/', 'site-footer' ) ), 1, 0 );
		$this->assertSame( $site . '/terms-and-conditions/', $english['Terms and conditions'] );
	}

	/**
	 * The blocks need no script: rendering them enqueues their stylesheet and nothing else.
	 */
	public function test_blocks_enqueue_no_script(): void {
		$this->render( '/it/faq/', 'site-header' );
		$this->render( '/it/faq/', 'site-footer' );
		$this->assertSame( array(), wp_scripts()->queue );
		$this->assertSame( array( Site_Chrome::STYLE ), wp_styles()->queue );
	}

	/**
	 * Core's English, script-made skip link is gone; ours leads to the <main>, given an id when it has none.
	 */
	public function test_skip_link_leads_to_main_in_the_page_language(): void {
		$this->assertFalse( has_action( 'wp_enqueue_scripts', 'wp_enqueue_block_template_skip_link' ) );
		$this->assertFalse( has_action( 'wp_footer', 'the_block_template_skip_link' ) );

		$_SERVER['REQUEST_URI'] = '/it/faq/';
		$main                   = do_blocks( '<!-- wp:group {"tagName":"main"} --><main class="wp-block-group"><p>Hi</p></main><!-- /wp:group -->' );
		$this->assertStringContainsString( '<main id="' . Site_Chrome::MAIN_ID . '"', $main );
		$this->assertSame( '<a class="crowdscout-skip-link" href="#' . Site_Chrome::MAIN_ID . '">Vai al contenuto</a>', $this->skip_link() );

		$this->plugin()->site_chrome()->reset();
		$main = do_blocks( '<!-- wp:group {"tagName":"main","anchor":"content"} --><main id="content" class="wp-block-group"><p>Hi</p></main><!-- /wp:group -->' );
		$this->assertStringContainsString( '<main id="content"', $main );
		$this->assertStringContainsString( 'href="#content"', $this->skip_link() );

		$this->plugin()->site_chrome()->reset();
		$this->assertSame( '', $this->skip_link(), 'No <main>, no skip link.' );
	}

	/**
	 * Renders a block as the page at a request URI shows it.
	 *
	 * @param string $uri    Request URI.
	 * @param string $widget site-header or site-footer.
	 * @return string
	 */
	private function render( string $uri, string $widget ): string {
		$_SERVER['REQUEST_URI'] = $uri;
		return do_blocks( '<!-- wp:crowdscout/' . $widget . ' /-->' );
	}

	/**
	 * The skip link as printed at wp_body_open.
	 *
	 * @return string
	 */
	private function skip_link(): string {
		ob_start();
		$this->plugin()->site_chrome()->print_skip_link();
		return (string) ob_get_clean();
	}

	/**
	 * Each link of some HTML: text, href, hreflang, lang, aria-current.
	 *
	 * @param string $html HTML.
	 * @return array<int, array{0: string, 1: string, 2: string, 3: string, 4: string}>
	 */
	private function links( string $html ): array {
		$document = new \DOMDocument();
		$document->loadHTML( '<?xml encoding="utf-8"?><body>' . $html . '</body>', LIBXML_NOERROR );
		$links = array();
		foreach ( $document->getElementsByTagName( 'a' ) as $link ) {
			$links[] = array(
				trim( $link->textContent ),
				$link->getAttribute( 'href' ),
				$link->getAttribute( 'hreflang' ),
				$link->getAttribute( 'lang' ),
				$link->getAttribute( 'aria-current' ),
			);
		}
		return $links;
	}
}
