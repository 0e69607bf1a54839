<?php
/**
 * Translated titles of our pages.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Page_Titles;
use Crowdscout\Pages;
use Crowdscout\Strings;
use WP_Query;

/**
 * The catalogue holds a title for every route (English identical to the default title), and the document title
 * and rendered title of our pages follow the URL prefix.
 */
final class Page_Titles_Test extends Test_Case {

	/**
	 * Request URI to restore.
	 *
	 * @var string
	 */
	private string $uri = '';

	/**
	 * Remembers the request URI; pages exist.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->uri = $_SERVER['REQUEST_URI'];
		$this->plugin()->pages()->create();
	}

	/**
	 * Restores the request and the query.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_SERVER['REQUEST_URI'] = $this->uri;
		$GLOBALS['wp_query']    = $GLOBALS['wp_the_query'];
		parent::tearDown();
	}

	/**
	 * Every route has a title in every language; English is Pages::default_title(); the others are translated.
	 */
	public function test_catalogue_has_every_route(): void {
		foreach ( array_keys( Pages::definitions() ) as $route ) {
			foreach ( array( 'en', 'it', 'es', 'fr' ) as $language ) {
				$this->assertTrue( Strings::has( Page_Titles::key( $route ), $language ), $route . ' ' . $language );
			}
			$definition = Pages::definitions()[ $route ];
			$this->assertSame( '' !== $definition['title'] ? $definition['title'] : Pages::default_title( $route ), Page_Titles::title( $route, 'en' ), $route );
		}
		$this->assertSame( 'Bug', Page_Titles::title( 'bugs/show', 'en' ) );
		$this->assertSame( 'Error', Page_Titles::title( 'bugs/show', 'es' ) );
		$this->assertSame( 'server.pageTitleGettingStartedSignup', Page_Titles::key( 'getting-started/signup' ) );
		$this->assertSame( 'La mia dashboard', Page_Titles::title( 'my-dashboard', 'it' ) );
		$this->assertSame( 'Mis dispositivos', Page_Titles::title( 'personal-equipment', 'es' ) );
		$this->assertSame( 'Mon compte', Page_Titles::title( 'my-account', 'fr' ) );
	}

	/**
	 * `the_title` of our page follows the prefix; other posts and edited titles are left alone.
	 */
	public function test_rendered_title(): void {
		$ids                    = $this->plugin()->pages()->ids();
		$_SERVER['REQUEST_URI'] = '/it/my-dashboard/';
		$this->assertSame( 'La mia dashboard', get_the_title( $ids['my-dashboard'] ) );
		$this->assertSame( 'Registrazione', get_the_title( $ids['getting-started/signup'] ) );
		$_SERVER['REQUEST_URI'] = '/my-dashboard/';
		$this->assertSame( 'My dashboard', get_the_title( $ids['my-dashboard'] ) );

		$other = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Not ours',
			)
		);
		$_SERVER['REQUEST_URI'] = '/it/not-ours/';
		try {
			$this->assertSame( 'Not ours', get_the_title( $other ) );
		} finally {
			wp_delete_post( $other, true );
		}

		$original = get_post( $ids['faq'] )->post_title;
		wp_update_post(
			array(
				'ID'         => $ids['faq'],
				'post_title' => 'Help centre',
			)
		);
		try {
			$this->assertSame( 'Help centre', get_the_title( $ids['faq'] ), 'An editor\'s title is kept.' );
		} finally {
			wp_update_post(
				array(
					'ID'         => $ids['faq'],
					'post_title' => $original,
				)
			);
		}
	}

	/**
	 * The document title of our page in the request's language.
	 */
	public function test_document_title(): void {
		$ids                    = $this->plugin()->pages()->ids();
		$_SERVER['REQUEST_URI'] = '/es/experience-points/';
		$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $ids['experience-points'] ) );
		$parts                  = apply_filters( 'document_title_parts', array( 'title' => 'Experience points' ) );
		$this->assertSame( 'Puntos de experiencia', $parts['title'] );

		$_SERVER['REQUEST_URI'] = '/es/';
		$GLOBALS['wp_query']    = new WP_Query( array( 'p' => 1 ) );
		$this->assertSame( array( 'title' => 'Hello' ), apply_filters( 'document_title_parts', array( 'title' => 'Hello' ) ), 'Not a page of ours.' );
	}

	/**
	 * The dashboard, the profile, the login page and the pages of Devices, Experience Points, My bugs, Ranking and
	 * the bug show their own titles, so the theme's post title block renders nothing there; other pages of ours keep
	 * it, and so does the dashboard's title anywhere but on its own page.
	 */
	public function test_dashboard_page_has_one_title(): void {
		$ids = $this->plugin()->pages()->ids();
		// The block reads the loop's post, as inside a template.
		$title = static function ( int $id ): string {
			$GLOBALS['post'] = get_post( $id );
			$block           = new \WP_Block(
				array(
					'blockName'    => 'core/post-title',
					'attrs'        => array( 'level' => 1 ),
					'innerBlocks'  => array(),
					'innerHTML'    => '',
					'innerContent' => array(),
				),
				array(
					'postId'   => $id,
					'postType' => 'page',
				)
			);
			return $block->render();
		};

		try {
			$_SERVER['REQUEST_URI'] = '/my-dashboard/';
			$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $ids['my-dashboard'] ) );
			$this->assertSame( '', $title( $ids['my-dashboard'] ) );

			$_SERVER['REQUEST_URI'] = '/login/';
			$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $ids['login'] ) );
			$this->assertSame( '', $title( $ids['login'] ) );

			$_SERVER['REQUEST_URI'] = '/my-account/';
			$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $ids['my-account'] ) );
			$this->assertSame( '', $title( $ids['my-account'] ) );

			// Devices, Experience Points, "Uploaded Bugs", "Ranking", the bug's own title and "Wallet" are the widgets' headings.
			$own = array(
				'/personal-equipment/'   => 'personal-equipment',
				'/it/experience-points/' => 'experience-points',
				'/my-bugs/'              => 'my-bugs',
				'/it/leaderboard/'       => 'leaderboard',
				'/bugs/show/12/'         => 'bugs/show',
				'/payments/'             => 'payments',
			);
			foreach ( $own as $uri => $route ) {
				$_SERVER['REQUEST_URI'] = $uri;
				$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $ids[ $route ] ) );
				$this->assertSame( '', $title( $ids[ $route ] ), $route );
			}

			// A page without a widget keeps the theme's title.
			$_SERVER['REQUEST_URI'] = '/courses/';
			$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $ids['courses'] ) );
			$this->assertStringContainsString( 'Courses', $title( $ids['courses'] ) );
			$this->assertStringContainsString( 'My dashboard', $title( $ids['my-dashboard'] ), 'Elsewhere the dashboard keeps its title.' );
		} finally {
			$GLOBALS['post'] = null;
		}
	}
}
