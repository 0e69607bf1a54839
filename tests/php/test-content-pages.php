<?php
/**
 * The pages of text (terms, privacy, FAQ, courses…) and the language section block.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Language_Section;
use Crowdscout\Locale;
use Crowdscout\Page_Titles;
use Crowdscout\Pages;
use Crowdscout\Routes;

/**
 * Every page without a widget is created with text in the four languages, one section each, whose links lead to
 * pages of ours in the section's language; editors' changes survive; each request shows the section of its
 * language, or the English one; the Basic Course is served at /courses/16/.
 */
final class Content_Pages_Test extends Test_Case {

	/**
	 * Request URI before the test.
	 *
	 * @var string
	 */
	private string $saved_uri = '';

	/**
	 * Remembers the request URI.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved_uri = (string) ( $_SERVER['REQUEST_URI'] ?? '' );
	}

	/**
	 * Restores the request URI and the global post.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_SERVER['REQUEST_URI'] = $this->saved_uri;
		$GLOBALS['post']        = null;
		parent::tearDown();
	}

	/**
	 * The routes the product links to are pages of text, with the spec's fixed paths.
	 */
	public function test_the_linked_pages_exist_without_a_widget(): void {
		foreach ( array( 'terms-and-conditions', 'privacy-policy', 'ethical-code', 'discover-experience-points', 'aq-instructions-for-use', 'payment_conditions', 'courses', 'courses/basic-course', 'testing-school', 'faq' ) as $route ) {
			$this->assertArrayHasKey( $route, Pages::definitions(), $route );
			$this->assertSame( '', Pages::definitions()[ $route ]['widget'], $route );
		}
		$this->assertSame( home_url( '/courses/16/' ), Routes::url( 'courses/basic-course', 'en' ) );
		$this->assertSame( home_url( '/it/courses/16/' ), Routes::url( 'courses/basic-course', 'it' ) );
		$this->assertSame( home_url( '/fr/universite-de-test/' ), Routes::url( 'testing-school', 'fr' ) );
		$this->assertSame( home_url( '/es/payment_conditions/' ), Routes::url( 'payment_conditions', 'es' ) );
	}

	/**
	 * Each page without a widget holds one section per language, made of headings, paragraphs and lists, with
	 * every link on a page of ours in the section's language (no "#", nothing left to fill in), and a title in
	 * every language.
	 */
	public function test_every_page_without_a_widget_holds_its_text_in_four_languages(): void {
		$ids     = $this->plugin()->pages()->create();
		$targets = array();
		foreach ( Locale::SUPPORTED as $language ) {
			foreach ( array_keys( Pages::definitions() ) as $route ) {
				$targets[ $language ][] = wp_make_link_relative( Routes::url( $route, $language ) );
			}
		}
		$content_routes = array_keys( array_filter( Pages::definitions(), static fn( array $page ): bool => '' === $page['widget'] ) );
		$this->assertCount( 10, $content_routes );

		foreach ( $content_routes as $route ) {
			$content = get_post( $ids[ $route ] )->post_content;
			$this->assertSame( Pages::starting_content( $route ), $content, $route );
			$this->assertSame( Locale::SUPPORTED, Language_Section::languages( $content ), $route );
			$this->assertStringNotContainsString( 'Coming soon', $content, $route );
			$this->assertStringNotContainsString( '{{', $content, $route );

			$texts = array();
			foreach ( parse_blocks( $content ) as $section ) {
				if ( null === $section['blockName'] ) {
					$this->assertSame( '', trim( $section['innerHTML'] ), "$route: nothing between the sections" );
					continue;
				}
				$this->assertSame( Language_Section::BLOCK, $section['blockName'], $route );
				$language = $section['attrs']['language'];
				$this->assertGreaterThanOrEqual( 3, count( $section['innerBlocks'] ), "$route $language has text" );
				$this->assertSame( array(), array_diff( $this->block_names( $section['innerBlocks'] ), array( 'core/heading', 'core/paragraph', 'core/list', 'core/list-item' ) ), "$route $language: core blocks only" );

				$html = implode( '', array_map( 'render_block', $section['innerBlocks'] ) );
				preg_match_all( '/href="([^"]*)"/', $html, $links );
				foreach ( $links[1] as $href ) {
					$path = (string) wp_parse_url( $href, PHP_URL_PATH );
					$this->assertContains( $path, $targets[ $language ], "$route $language: $href is a page of ours in the section's language" );
				}
				$texts[ $language ] = wp_strip_all_tags( $html );
			}
			$this->assertCount( 4, array_unique( $texts ), "$route: four different texts" );
			foreach ( array( 'it', 'es', 'fr' ) as $language ) {
				$this->assertNotSame( Page_Titles::title( $route, 'en' ), Page_Titles::title( $route, $language ), "$route: title in $language" );
			}
		}
	}

	/**
	 * A second run changes nothing; a page an editor changed (text or title) is left alone; a page still holding
	 * the placeholder of earlier versions, or still titled after its path, gets the text and the title.
	 */
	public function test_creation_is_idempotent_and_keeps_editors_changes(): void {
		$pages = $this->plugin()->pages();
		$ids   = $pages->create();
		$count = (int) wp_count_posts( 'page' )->publish;
		$this->assertSame( $ids, $pages->create() );
		$this->assertSame( $count, (int) wp_count_posts( 'page' )->publish );

		$faq   = $ids['faq'];
		$saved = get_post( $faq );
		$this->assertSame( 'FAQ', $saved->post_title );
		try {
			$this->update( $faq, Pages::placeholder(), 'Faq' );
			$pages->create();
			$this->assertSame( Pages::starting_content( 'faq' ), get_post( $faq )->post_content, 'The placeholder gives way.' );
			$this->assertSame( 'FAQ', get_post( $faq )->post_title, 'The title of the path gives way.' );

			$edited = Pages::starting_content( 'faq' ) . "\n\n" . Language_Section::markup( 'it', "<!-- wp:paragraph -->\n<p>Aggiunto.</p>\n<!-- /wp:paragraph -->" );
			$this->update( $faq, $edited, 'Help centre' );
			$pages->create();
			$this->assertSame( $edited, get_post( $faq )->post_content, 'Edited text stays.' );
			$this->assertSame( 'Help centre', get_post( $faq )->post_title, 'An edited title stays.' );
		} finally {
			$this->update( $faq, $saved->post_content, $saved->post_title );
		}
	}

	/**
	 * WordPress's own draft privacy page, untouched, becomes ours: published, with our text.
	 */
	public function test_the_privacy_page_of_wordpress_becomes_ours(): void {
		$ids  = $this->plugin()->pages()->create();
		$page = get_post( $ids['privacy-policy'] );
		$this->assertSame( 'publish', $page->post_status );
		$this->assertSame( 'privacy-policy', get_page_uri( $page ) );
		$this->assertSame( Pages::starting_content( 'privacy-policy' ), $page->post_content );
	}

	/**
	 * Each request shows the section of its language only; a language without a section gets the English one,
	 * marked as English; a section whose page holds no English section stands in for nothing.
	 */
	public function test_a_section_shows_in_its_language_or_in_english(): void {
		$all     = $this->sections( array( 'en', 'it', 'es', 'fr' ) );
		$partial = $this->sections( array( 'en', 'it' ) );
		$no_en   = $this->sections( array( 'it' ) );
		$ids     = array();
		foreach ( array( $all, $partial, $no_en ) as $content ) {
			$ids[] = wp_insert_post(
				wp_slash(
					array(
						'post_type'    => 'page',
						'post_status'  => 'publish',
						'post_title'   => 'Sections',
						'post_content' => $content,
					)
				)
			);
		}
		try {
			foreach ( array( '/' => 'en', '/it/x/' => 'it', '/es/x/' => 'es', '/fr/x/' => 'fr' ) as $uri => $language ) {
				$html = $this->render( $ids[0], $uri );
				$this->assertStringContainsString( "<p>Text $language</p>", $html, $uri );
				$this->assertSame( 1, substr_count( $html, '<p' ), "$uri: one section" );
			}

			$this->assertStringContainsString( '<p>Text it</p>', $this->render( $ids[1], '/it/x/' ) );
			$this->assertStringNotContainsString( 'Text en', $this->render( $ids[1], '/it/x/' ) );
			$this->assertStringContainsString( '<p>Text en</p>', $this->render( $ids[1], '/' ) );
			foreach ( array( '/fr/x/', '/es/x/' ) as $uri ) {
				$html = $this->render( $ids[1], $uri );
				$this->assertStringContainsString( '<p lang="en">Text en</p>', $html, "$uri: the English section, marked" );
				$this->assertStringNotContainsString( 'Text it', $html, $uri );
			}

			$this->assertSame( '', trim( $this->render( $ids[2], '/fr/x/' ) ), 'No English section: nothing to fall back to.' );
			$_SERVER['REQUEST_URI'] = '/fr/x/';
			$GLOBALS['post']        = null;
			$this->assertSame( '', trim( do_blocks( $partial ) ), 'Outside a page, a section stands in for nothing.' );
		} finally {
			foreach ( $ids as $id ) {
				wp_delete_post( $id, true );
			}
		}
	}

	/**
	 * The Basic Course is served at /courses/16/ in every language; its own path, other numbers and other
	 * paths under courses answer 404; Courses itself stays at /courses/.
	 */
	public function test_the_basic_course_is_served_at_courses_16(): void {
		global $wp_rewrite;
		if ( ! $wp_rewrite->using_permalinks() ) {
			$this->markTestSkipped( 'Needs pretty permalinks.' );
		}
		$ids = $this->plugin()->pages()->create();
		foreach ( array( '/courses/16/', '/courses/16', '/it/courses/16/', '/es/courses/16/', '/fr/courses/16/' ) as $uri ) {
			$this->assertSame( $ids['courses/basic-course'], $this->served( $uri ), $uri );
		}
		foreach ( array( '/courses/17/', '/it/courses/17/', '/courses/160/', '/es/courses/7', '/courses/basic-course/', '/fr/courses/basic-course/', '/courses/16/1/', '/faq/2/' ) as $uri ) {
			$this->assertSame( 0, $this->served( $uri ), "$uri is a 404" );
		}
		$this->assertSame( $ids['courses'], $this->served( '/courses/' ) );
		$this->assertSame( $ids['courses'], $this->served( '/es/courses/' ) );

		$_SERVER['REQUEST_URI'] = '/fr/courses/16/';
		$this->assertSame( home_url( '/fr/courses/16/' ), wp_get_canonical_url( $ids['courses/basic-course'] ) );
		$this->assertSame( 'Cours de base', get_the_title( $ids['courses/basic-course'] ) );
		$this->assertNotContains( $ids['courses/basic-course'], wp_list_pluck( get_pages(), 'ID' ), 'Lists of pages leave it out.' );
	}

	/**
	 * Names of parsed blocks and of their inner blocks.
	 *
	 * @param array<int, array<string, mixed>> $blocks Parsed blocks.
	 * @return string[]
	 */
	private function block_names( array $blocks ): array {
		$names = array();
		foreach ( $blocks as $block ) {
			$names[] = (string) $block['blockName'];
			$names   = array_merge( $names, $this->block_names( $block['innerBlocks'] ) );
		}
		return array_values( array_unique( $names ) );
	}

	/**
	 * Sections holding one paragraph each, "Text <language>".
	 *
	 * @param string[] $languages Languages.
	 * @return string
	 */
	private function sections( array $languages ): string {
		return implode(
			"\n\n",
			array_map( static fn( string $language ): string => Language_Section::markup( $language, "<!-- wp:paragraph -->\n<p>Text $language</p>\n<!-- /wp:paragraph -->" ), $languages )
		);
	}

	/**
	 * A page's content rendered as on a request for a URI.
	 *
	 * @param int    $id  Page id.
	 * @param string $uri Request URI.
	 * @return string
	 */
	private function render( int $id, string $uri ): string {
		$_SERVER['REQUEST_URI'] = $uri;
		$GLOBALS['post']        = get_post( $id );
		return do_blocks( $GLOBALS['post']->post_content );
	}

	/**
	 * Changes a page's content and title.
	 *
	 * @param int    $id      Page id.
	 * @param string $content Content.
	 * @param string $title   Title.
	 * @return void
	 */
	private function update( int $id, string $content, string $title ): void {
		wp_update_post(
			wp_slash(
				array(
					'ID'           => $id,
					'post_content' => $content,
					'post_title'   => $title,
				)
			)
		);
	}

	/**
	 * Id of the page WordPress serves for a URI, 0 for a 404.
	 *
	 * @param string $uri Request URI.
	 * @return int
	 */
	private function served( string $uri ): int {
		$_SERVER['REQUEST_URI'] = $uri;
		$wp                     = new \WP();
		$wp->parse_request();
		if ( '404' === ( $wp->query_vars['error'] ?? '' ) ) {
			return 0;
		}
		$query = new \WP_Query( $wp->query_vars );
		if ( ! $query->is_page() || 1 !== $query->post_count ) {
			return 0;
		}
		return (int) $query->posts[0]->ID;
	}
}
