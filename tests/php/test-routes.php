<?php
/**
 * Routes, language prefixes and redirects.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Locale;
use Crowdscout\Pages;
use Crowdscout\Routes;
use WP;

/**
 * The route table, the language of a path, localized URLs, the spec's redirects, the access of pages and the
 * rewrite rules that serve prefixed addresses from the one page of each route.
 */
final class Routes_Test extends Test_Case {

	/**
	 * The request URI before the test.
	 *
	 * @var string
	 */
	private string $saved_request_uri;

	/**
	 * Keeps the request URI, which these tests change.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved_request_uri = $_SERVER['REQUEST_URI'];
	}

	/**
	 * Restores the request URI.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_SERVER['REQUEST_URI'] = $this->saved_request_uri;
		parent::tearDown();
	}

	/**
	 * Every plain route of both specs' route tables has a page, with the access of the tables.
	 */
	public function test_the_page_list_holds_every_route_with_its_access(): void {
		$expected = array(
			'getting-started'              => Pages::LOGGED_OUT,
			'getting-started/signup'       => Pages::LOGGED_OUT,
			'getting-started/confirmation' => Pages::OPEN,
			'login'                        => Pages::LOGGED_OUT,
			'goodbye'                      => Pages::LOGGED_OUT,
			'my-dashboard'                 => Pages::LOGIN,
			'my-account'                   => Pages::LOGIN,
			'personal-equipment'           => Pages::LOGIN,
			'experience-points'            => Pages::LOGIN,
			'thank-you'                    => Pages::OPEN,
			'courses'                      => Pages::LOGIN,
			'courses/basic-course'         => Pages::LOGIN,
			'testing-school'               => Pages::OPEN,
			'faq'                          => Pages::OPEN,
			'discover-experience-points'   => Pages::OPEN,
			'aq-instructions-for-use'      => Pages::OPEN,
			'payment_conditions'           => Pages::OPEN,
			'terms-and-conditions'         => Pages::OPEN,
			'privacy-policy'               => Pages::OPEN,
			'ethical-code'                 => Pages::OPEN,
			'leaderboard'                  => Pages::LOGIN,
			'payments'                     => Pages::LOGIN,
			'my-bugs'                      => Pages::LOGIN,
			'bugs/show'                    => Pages::LOGIN,
			'campaigns/preview'            => Pages::LOGIN,
			'campaigns/manual'             => Pages::LOGIN,
			'campaign/preview-selection-form' => Pages::LOGIN,
			'campaign/bugform'             => Pages::LOGIN,
			'vdp'                          => Pages::OPEN,
		);
		$this->assertSame( $expected, array_map( static fn( array $page ): string => $page['access'], Pages::definitions() ) );
		foreach ( array_keys( $expected ) as $route ) {
			$this->assertSame( $expected[ $route ], Pages::access( $route ) );
		}
		$this->assertNull( Pages::access( 'campaigns' ) );
		$widgets = array(
			'my-account'         => 'profile',
			'my-dashboard'       => 'dashboard',
			'personal-equipment' => 'devices',
			'experience-points'  => 'experience',
			'my-bugs'            => 'my-bugs',
			'leaderboard'        => 'ranking',
			'bugs/show'          => 'bug',
			'campaigns/preview'  => 'campaign-preview',
			'campaigns/manual'   => 'campaign-manual',
			'campaign/preview-selection-form' => 'preselection-form',
			'campaign/bugform'   => 'bug-form',
			'vdp'                => 'public-bug',
			'payments'           => 'wallet',
			'courses'            => '',
		);
		foreach ( $widgets as $route => $widget ) {
			$this->assertSame( $widget, Pages::definitions()[ $route ]['widget'], $route );
		}
		$this->assertSame( 'bugs/show/{id}', Pages::definitions()['bugs/show']['address'] );
		$this->assertSame( '', Pages::definitions()['my-bugs']['address'], 'Other pages are served at their own path.' );
	}

	/**
	 * Titles: the capitalised route name with dashes turned into spaces.
	 */
	public function test_default_titles(): void {
		$this->assertSame( 'My dashboard', Pages::default_title( 'my-dashboard' ) );
		$this->assertSame( 'Personal equipment', Pages::default_title( 'personal-equipment' ) );
		$this->assertSame( 'Experience points', Pages::default_title( 'experience-points' ) );
		$this->assertSame( 'Signup', Pages::default_title( 'getting-started/signup' ) );
		$this->assertSame( 'Thank you', Pages::default_title( 'thank-you' ) );
		$this->assertSame( 'Payment conditions', Pages::default_title( 'payment_conditions' ) );
	}

	/**
	 * The language prefix of a path.
	 */
	public function test_split_path(): void {
		$this->assertSame( array( 'it', 'my-account' ), Locale::split_path( 'it/my-account/' ) );
		$this->assertSame( array( 'fr', 'universite-de-test' ), Locale::split_path( '/fr/universite-de-test' ) );
		$this->assertSame( array( 'es', 'getting-started/signup' ), Locale::split_path( 'es/getting-started/signup' ) );
		$this->assertSame( array( 'it', '' ), Locale::split_path( 'it' ) );
		$this->assertSame( array( null, 'my-account' ), Locale::split_path( 'my-account' ) );
		$this->assertSame( array( null, 'en/my-account' ), Locale::split_path( 'en/my-account' ), 'English has no prefix.' );
		$this->assertSame( array( null, 'italy' ), Locale::split_path( 'italy' ) );
		$this->assertSame( array( null, 'IT/faq' ), Locale::split_path( 'IT/faq' ) );
		$this->assertSame( array( null, '' ), Locale::split_path( '' ) );
		$this->assertSame( array( 'it', 'es', 'fr' ), Locale::prefixed() );
	}

	/**
	 * Request URIs become paths relative to the site, on a site at the root and in a folder.
	 */
	public function test_relative_path(): void {
		$this->assertSame( 'it/faq', Locale::relative_path( '/it/faq/?referral=x#top' ) );
		$this->assertSame( '', Locale::relative_path( '/?p=1' ) );
		$this->assertSame( '', Locale::relative_path( '' ) );

		$in_folder = static fn(): string => 'https://example.test/blog';
		add_filter( 'pre_option_home', $in_folder );
		try {
			$this->assertSame( 'it/faq', Locale::relative_path( '/blog/it/faq/' ) );
			$this->assertSame( '', Locale::relative_path( '/blog' ) );
			$this->assertSame( 'blogger', Locale::relative_path( '/blogger' ) );
		} finally {
			remove_filter( 'pre_option_home', $in_folder );
		}
	}

	/**
	 * The language of the request follows the prefix, for the page configuration and for WordPress's locale.
	 */
	public function test_prefix_sets_the_language_of_the_request(): void {
		$cases = array(
			'/it/personal-equipment/'  => array( 'it', 'it_IT' ),
			'/es/my-account/?tab=base' => array( 'es', 'es_ES' ),
			'/fr/universite-de-test/'  => array( 'fr', 'fr_FR' ),
			'/fr'                      => array( 'fr', 'fr_FR' ),
		);
		foreach ( $cases as $uri => list( $language, $locale ) ) {
			$_SERVER['REQUEST_URI'] = $uri;
			$this->assertSame( $language, Locale::current(), $uri );
			$this->assertSame( $locale, get_locale(), $uri );
			$this->assertSame( $locale, determine_locale(), $uri );
			$this->assertSame( $language, $this->plugin()->page_config()->build()['locale'], $uri );
		}

		$_SERVER['REQUEST_URI'] = '/my-account/';
		$site                   = get_locale();
		$this->assertSame( Locale::of_path( '' ), Locale::current() );
		if ( 'en' === substr( $site, 0, 2 ) ) {
			$this->assertSame( 'en', Locale::current(), 'No prefix: English on an English site.' );
		}
		$_SERVER['REQUEST_URI'] = '/italy/';
		$this->assertSame( $site, get_locale(), 'Only a whole first segment is a prefix.' );
	}

	/**
	 * Localized paths and URLs of routes, with translated slugs.
	 */
	public function test_localized_paths_and_urls(): void {
		$this->assertSame( 'it/personal-equipment', Routes::path( 'personal-equipment', 'it' ) );
		$this->assertSame( 'es/getting-started/signup', Routes::path( 'getting-started/signup', 'es' ) );
		$this->assertSame( 'fr/universite-de-test', Routes::path( 'testing-school', 'fr' ) );
		$this->assertSame( 'it/testing-school', Routes::path( 'testing-school', 'it' ) );
		$this->assertSame( 'testing-school', Routes::path( 'testing-school', 'en' ) );
		$this->assertSame( 'my-account', Routes::path( '/my-account/', 'de' ), 'Unsupported languages get English.' );
		$this->assertSame( 'it/sample-page', Routes::path( 'sample-page', 'it' ), 'Any page can be prefixed.' );
		$this->assertSame( 'fr', Routes::path( '', 'fr' ) );

		$this->assertSame( home_url( '/it/personal-equipment/' ), Routes::url( 'personal-equipment', 'it' ) );
		$this->assertSame( home_url( '/fr/universite-de-test/' ), Routes::url( 'testing-school', 'fr' ) );
		$this->assertSame( home_url( '/my-dashboard/' ), Routes::url( 'my-dashboard', 'en' ) );
		$this->assertSame( home_url( '/es/' ), Routes::url( '', 'es' ) );
		$this->assertSame( home_url( '/' ), Routes::url( '', 'en' ) );

		$_SERVER['REQUEST_URI'] = '/es/faq/';
		$this->assertSame( home_url( '/es/payments/' ), Routes::url( 'payments' ), 'Defaults to the language of the request.' );
	}

	/**
	 * The spec's redirects, as the route table gives them.
	 */
	public function test_redirects(): void {
		$cases = array(
			''                          => array( 'my-dashboard', 'en', 302 ),
			'it'                        => array( 'my-dashboard', 'it', 302 ),
			'es/'                       => array( 'my-dashboard', 'es', 302 ),
			'fr'                        => array( 'my-dashboard', 'fr', 302 ),
			'it/i-miei-device'          => array( 'personal-equipment', 'it', 301 ),
			'es/dispositivos/'          => array( 'personal-equipment', 'es', 301 ),
			'it/la-mia-dashboard'       => array( 'my-dashboard', 'it', 301 ),
			'es/tablero'                => array( 'my-dashboard', 'es', 301 ),
			'it/punti-esperienza'       => array( 'experience-points', 'it', 301 ),
			'es/puntos-de-experiencia'  => array( 'experience-points', 'es', 301 ),
			'it/i-miei-bug'             => array( 'my-bugs', 'it', 301 ),
			'es/errores-cargados'       => array( 'my-bugs', 'es', 301 ),
			'it/getting-started-2'      => array( 'getting-started', 'it', 301 ),
			'fr/testing-school'         => array( 'testing-school', 'fr', 301 ),
			'my-account/login'          => array( 'login', 'en', 301 ),
			'a/b/login/'                => array( 'login', 'en', 301 ),
			'it/getting-started/login'  => array( 'login', 'en', 301 ),
			'fr/login/login'            => array( 'login', 'en', 301 ),
			'login'                     => null,
			'it/login'                  => null,
			'my-login'                  => null,
			'loginpage'                 => null,
			'it/personal-equipment'     => null,
			'fr/universite-de-test'     => null,
			'es/i-miei-device'          => null,
			'i-miei-device'             => null,
			'getting-started-2'         => null,
			'it/testing-school'         => null,
			'testing-school'            => null,
			'my-dashboard'              => null,
			'it/whatever'               => null,
			'bugs/show/12'              => null,
			'it/bugs/show/12/'          => null,
			'bugs/show/12/login'        => array( 'login', 'en', 301 ),
		);
		foreach ( $cases as $path => $expected ) {
			$actual = Routes::redirect( $path );
			$this->assertSame(
				null === $expected ? null : array(
					'route'    => $expected[0],
					'language' => $expected[1],
					'status'   => $expected[2],
				),
				$actual,
				"redirect of '$path'"
			);
		}
	}

	/**
	 * A route with an address: its URL in each language with its parameters, and the paths that are its address
	 * (digits only for an id; a language prefix or none; nothing before or after).
	 */
	public function test_addresses_with_an_id(): void {
		$this->assertSame( home_url( '/bugs/show/123/' ), Routes::url( 'bugs/show', 'en', array( 'id' => 123 ) ) );
		$this->assertSame( home_url( '/it/bugs/show/123/' ), Routes::url( 'bugs/show', 'it', array( 'id' => '123' ) ) );
		$this->assertSame( 'fr/bugs/show/7', Routes::path( 'bugs/show', 'fr', array( 'id' => 7 ) ) );
		$this->assertSame( 'es/bugs/show', Routes::path( 'bugs/show', 'es' ), 'Without parameters, the page path.' );
		$this->assertSame( 'bugs/show/a%2Fb', Routes::path( 'bugs/show', 'en', array( 'id' => 'a/b' ) ), 'Values are encoded.' );

		$cases = array(
			'bugs/show/123'      => array( 'en', '123' ),
			'/bugs/show/123/'    => array( 'en', '123' ),
			'it/bugs/show/1'     => array( 'it', '1' ),
			'es/bugs/show/42/'   => array( 'es', '42' ),
			'fr/bugs/show/9000'  => array( 'fr', '9000' ),
			'bugs/show'          => null,
			'bugs/show/'         => null,
			'it/bugs/show'       => null,
			'bugs/show/abc'      => null,
			'bugs/show/12a'      => null,
			'bugs/show/-1'       => null,
			'bugs/show/1.5'      => null,
			'bugs/show/12/13'    => null,
			'bugs/show/12/edit'  => null,
			'x/bugs/show/12'     => null,
			'en/bugs/show/12'    => null,
			'de/bugs/show/12'    => null,
			'bugs/show/%31%32'   => null,
			'bugs/show/١٢'       => null,
			'my-bugs'            => null,
		);
		foreach ( $cases as $path => $expected ) {
			$this->assertSame(
				null === $expected ? null : array(
					'route'      => 'bugs/show',
					'language'   => $expected[0],
					'parameters' => array( 'id' => $expected[1] ),
				),
				Routes::match_address( $path ),
				"match of '$path'"
			);
		}

		$this->assertTrue( Routes::needs_address( 'bugs/show' ) );
		$this->assertTrue( Routes::needs_address( 'bugs' ), 'The parent the hierarchy needs.' );
		$this->assertFalse( Routes::needs_address( 'my-bugs' ) );
		$this->assertFalse( Routes::needs_address( 'getting-started' ), 'A parent that is a route of its own.' );
		$this->assertFalse( Routes::needs_address( 'bug' ) );
	}

	/**
	 * The campaign's pages have the spec's addresses in every language (the dashboard links to the preview and the
	 * manual); the pre-selection form alone is bare.
	 */
	public function test_campaign_addresses(): void {
		$routes = array(
			'campaigns/preview'               => 'campaigns/{id}/preview',
			'campaigns/manual'                => 'campaigns/{id}/manual',
			'campaign/preview-selection-form' => 'campaign/{id}/preview-selection-form',
			'campaign/bugform'                => 'campaign/{id}/bugform',
		);
		foreach ( $routes as $route => $address ) {
			$this->assertSame( $address, Pages::definitions()[ $route ]['address'], $route );
			$this->assertSame( 'campaign/preview-selection-form' === $route, Pages::is_bare( $route ), $route );
			foreach ( array( 'en', 'it', 'es', 'fr' ) as $language ) {
				$path = str_replace( '{id}', '42', $address );
				$this->assertSame( home_url( '/' . ( 'en' === $language ? '' : $language . '/' ) . $path . '/' ), Routes::url( $route, $language, array( 'id' => 42 ) ) );
				$this->assertSame(
					array(
						'route'      => $route,
						'language'   => $language,
						'parameters' => array( 'id' => '42' ),
					),
					Routes::match_address( ( 'en' === $language ? '' : $language . '/' ) . $path . '/' ),
					"$language $route"
				);
			}
		}
		foreach ( array( 'campaigns/abc/preview', 'campaigns/12/preview/x', 'campaigns/preview', 'campaigns/12', 'campaign/12/bug-form', 'campaign/x/bugform', 'campaign/12/bugform/1', 'campaign/bugform', 'de/campaigns/12/manual' ) as $path ) {
			$this->assertNull( Routes::match_address( $path ), $path );
		}
		$this->assertTrue( Routes::needs_address( 'campaigns' ) );
		$this->assertTrue( Routes::needs_address( 'campaign' ) );
		$this->assertFalse( Pages::is_bare( 'bugs/show' ) );
		$this->assertFalse( Pages::is_bare( 'not-a-route' ) );
	}

	/**
	 * The public view of a bug has its address with the bug's id and token (base64url, as the API makes it) in every
	 * language; it is bare and open to visitors; anything else under vdp/ is no address.
	 */
	public function test_public_bug_address(): void {
		$token = 'AbC-d_0123456789xyzXYZ-_abcdEFGH';
		$this->assertSame( 'vdp/{id}/{token}', Pages::definitions()['vdp']['address'] );
		$this->assertTrue( Pages::is_bare( 'vdp' ) );
		$this->assertSame( Pages::OPEN, Pages::access( 'vdp' ) );
		foreach ( array( 'en', 'it', 'es', 'fr' ) as $language ) {
			$prefix = 'en' === $language ? '' : $language . '/';
			$this->assertSame(
				home_url( '/' . $prefix . 'vdp/42/' . $token . '/' ),
				Routes::url(
					'vdp',
					$language,
					array(
						'id'    => 42,
						'token' => $token,
					)
				)
			);
			$this->assertSame(
				array(
					'route'      => 'vdp',
					'language'   => $language,
					'parameters' => array(
						'id'    => '42',
						'token' => $token,
					),
				),
				Routes::match_address( $prefix . 'vdp/42/' . $token . '/' ),
				$language
			);
		}
		foreach ( array( 'vdp', 'vdp/42', 'vdp/x/' . $token, 'vdp/42/' . $token . '/x', 'vdp/42/short', 'vdp/42/has.dot.0123456789abcdef', 'vdp/42/' . str_repeat( 'a', 129 ), 'de/vdp/42/' . $token ) as $path ) {
			$this->assertNull( Routes::match_address( $path ), $path );
		}
		$this->assertTrue( Routes::needs_address( 'vdp' ) );
	}

	/**
	 * WordPress serves the bug page at /bugs/show/{id}/ in every language, and answers 404 at its own path, at its
	 * parent's, with anything but digits, or with more after the id.
	 */
	public function test_pages_with_an_id_are_served_only_at_their_address(): void {
		global $wp_rewrite;
		if ( ! $wp_rewrite->using_permalinks() ) {
			$this->markTestSkipped( 'Needs pretty permalinks.' );
		}
		$pages = $this->plugin()->pages()->create();
		$this->assertArrayHasKey( 'bugs/show', $pages );
		$this->assertSame( 'bugs/show', get_page_uri( $pages['bugs/show'] ) );

		foreach ( array( '/bugs/show/123/', '/bugs/show/123', '/it/bugs/show/123/', '/es/bugs/show/5/?x=1', '/fr/bugs/show/0042/' ) as $uri ) {
			$this->assertSame( $pages['bugs/show'], $this->served( $uri ), $uri );
			$this->assertArrayNotHasKey( 'page', $this->parse( $uri ), "$uri: the id is no page number" );
		}
		foreach ( array( '/bugs/show/', '/it/bugs/show/', '/bugs/', '/es/bugs/', '/bugs/show/abc/', '/it/bugs/show/abc/', '/bugs/show/12a/', '/bugs/show/12/34/', '/it/bugs/show/12/34/', '/bugs/show/?page_id=1', '/bugs/show/?crowdscout_id=12' ) as $uri ) {
			$this->assertSame( 0, $this->served( $uri ), "$uri is a 404" );
		}
		$this->assertSame( '404', $this->parse( '/bugs/show/' )['error'] ?? null, 'No page is queried, so WordPress guesses no other address.' );
		$this->assertSame( $pages['my-bugs'], $this->served( '/it/my-bugs/' ), 'Other pages are untouched.' );

		$this->assertSame( $pages['campaigns/preview'], $this->served( '/campaigns/12/preview/' ) );
		$this->assertSame( $pages['campaigns/manual'], $this->served( '/fr/campaigns/12/manual/' ) );
		$this->assertSame( $pages['campaign/preview-selection-form'], $this->served( '/it/campaign/12/preview-selection-form/' ) );
		foreach ( array( '/campaigns/', '/campaigns/preview/', '/campaign/', '/campaign/preview-selection-form/', '/es/campaigns/manual/', '/campaigns/x/preview/' ) as $uri ) {
			$this->assertSame( 0, $this->served( $uri ), "$uri is a 404" );
		}

		$token = 'AbC-d_0123456789xyzXYZ-_abcdEFGH';
		$this->assertSame( $pages['campaign/bugform'], $this->served( '/campaign/12/bugform/' ) );
		$this->assertSame( $pages['campaign/bugform'], $this->served( '/es/campaign/12/bugform/' ) );
		$this->assertSame( $pages['vdp'], $this->served( '/vdp/12/' . $token . '/' ) );
		$this->assertSame( $pages['vdp'], $this->served( '/it/vdp/12/' . $token . '/' ) );
		foreach ( array( '/campaign/bugform/', '/fr/campaign/bugform/', '/campaign/x/bugform/', '/campaign/12/bugform/1/', '/vdp/', '/it/vdp/', '/vdp/12/', '/vdp/x/' . $token . '/', '/vdp/12/' . $token . '/more/', '/vdp/12/short/' ) as $uri ) {
			$this->assertSame( 0, $this->served( $uri ), "$uri is a 404" );
		}
	}

	/**
	 * The canonical link of the bug page is the address it was requested by, in its language.
	 */
	public function test_canonical_url_of_a_page_with_an_id(): void {
		$pages                  = $this->plugin()->pages()->create();
		$_SERVER['REQUEST_URI'] = '/it/bugs/show/77/';
		$this->assertSame( home_url( '/it/bugs/show/77/' ), wp_get_canonical_url( $pages['bugs/show'] ) );
		$this->assertNotSame( home_url( '/it/bugs/show/77/' ), wp_get_canonical_url( $pages['my-bugs'] ), 'Other pages keep theirs.' );
		$_SERVER['REQUEST_URI'] = '/bugs/show/77/';
		$this->assertSame( home_url( '/bugs/show/77/' ), wp_get_canonical_url( $pages['bugs/show'] ) );
	}

	/**
	 * The router turns the redirects into URLs, keeping the query string; the root redirects only when WordPress
	 * has no query of its own there.
	 */
	public function test_router_redirect_targets(): void {
		$router = $this->plugin()->router();
		$this->assertSame(
			array(
				'url'    => home_url( '/it/personal-equipment/' ),
				'status' => 301,
			),
			$router->redirect_target( '/it/i-miei-device', array( 'pagename' => 'i-miei-device' ), null )
		);
		$this->assertSame(
			array(
				'url'    => home_url( '/login/?redirectTo=%2Fmy-account%2F' ),
				'status' => 301,
			),
			$router->redirect_target( '/my-account/login?redirectTo=%2Fmy-account%2F', array(), null )
		);
		$this->assertSame(
			array(
				'url'    => home_url( '/my-dashboard/?referral=abc' ),
				'status' => 302,
			),
			$router->redirect_target( '/?referral=abc', array(), null )
		);
		$this->assertNull( $router->redirect_target( '/?p=1', array( 'p' => '1' ), null ), 'WordPress queries at the root stay.' );
		$this->assertNull( $router->redirect_target( '/?s=bug', array( 's' => 'bug' ), null ) );
		$this->assertSame(
			array(
				'url'    => home_url( '/es/my-dashboard/?x=1' ),
				'status' => 302,
			),
			$router->redirect_target( '/es/?x=1', array( 'pagename' => 'es' ), null ),
			'A language root always redirects.'
		);
		$this->assertNull( $router->redirect_target( '/it/whatever/', array( 'pagename' => 'whatever' ), null ), 'Unknown paths are left to the 404.' );
	}

	/**
	 * Logged-out-only pages send logged-in users to the dashboard of their language; every other page is served
	 * to everyone (visitors get login-required pages too: their widgets show the login card).
	 */
	public function test_access_redirects(): void {
		$pages  = $this->plugin()->pages()->create();
		$router = $this->plugin()->router();
		$page   = static fn( string $route ): \WP_Post => get_post( $pages[ $route ] );

		foreach ( array_keys( Pages::definitions() ) as $route ) {
			$this->assertNull( $router->redirect_target( '/' . $route . '/', array( 'pagename' => $route ), $page( $route ) ), "visitor on $route" );
		}

		$user = $this->create_user( 'tester' );
		wp_set_current_user( $user->ID );
		foreach ( Pages::definitions() as $route => $definition ) {
			$target = $router->redirect_target( '/it/' . $route . '/', array( 'pagename' => $route ), $page( $route ) );
			if ( Pages::LOGGED_OUT === $definition['access'] ) {
				$this->assertSame(
					array(
						'url'    => home_url( '/it/my-dashboard/' ),
						'status' => 302,
					),
					$target,
					"tester on $route"
				);
			} else {
				$this->assertNull( $target, "tester on $route" );
			}
		}
		$this->assertSame( home_url( '/my-dashboard/' ), $router->redirect_target( '/login/', array( 'pagename' => 'login' ), $page( 'login' ) )['url'] );
		$sample = get_page_by_path( 'sample-page' );
		if ( $sample instanceof \WP_Post ) {
			$this->assertNull( $router->redirect_target( '/sample-page/', array( 'pagename' => 'sample-page' ), $sample ), 'Other pages are not ours to guard.' );
		}
	}

	/**
	 * The stored rewrite rules serve prefixed and translated addresses from the page of the route, and an unknown
	 * prefixed path from no page (a 404).
	 */
	public function test_rewrite_rules_resolve_prefixed_paths(): void {
		global $wp_rewrite;
		if ( ! $wp_rewrite->using_permalinks() ) {
			$this->markTestSkipped( 'Needs pretty permalinks.' );
		}
		$stored = get_option( 'rewrite_rules' );
		foreach ( Routes::rewrite_rules() as $regex => $query ) {
			$this->assertSame( $query, $stored[ $regex ] ?? null, "stored rule $regex" );
		}

		$cases = array(
			'/it/personal-equipment/'         => 'personal-equipment',
			'/es/getting-started/signup/'     => 'getting-started/signup',
			'/fr/universite-de-test/'         => 'testing-school',
			'/fr/universite-de-test'          => 'testing-school',
			'/fr/testing-school/'             => 'testing-school',
			'/it/my-account/?tab=advanced'    => 'my-account',
			'/es/my-bugs/?cp=3&status=closed' => 'my-bugs',
			'/it/bugs/show/12/'               => 'bugs/show',
		);
		foreach ( $cases as $uri => $pagename ) {
			$this->assertSame( $pagename, $this->parse( $uri )['pagename'] ?? null, $uri );
		}
		$this->assertSame( 'my-account', $this->parse( '/my-account/' )['pagename'] ?? null, 'English is untouched.' );

		$unknown = new \WP_Query( $this->parse( '/it/whatever/' ) );
		$this->assertSame( 0, $unknown->post_count, 'An unknown prefixed path finds nothing.' );
	}

	/**
	 * Rules flushed by someone while the plugin was not loaded are put back on the next request.
	 */
	public function test_missing_rules_are_repaired(): void {
		global $wp_rewrite;
		if ( ! $wp_rewrite->using_permalinks() ) {
			$this->markTestSkipped( 'Needs pretty permalinks.' );
		}
		$stored = get_option( 'rewrite_rules' );
		update_option( 'rewrite_rules', array_diff_key( $stored, Routes::rewrite_rules() ) );
		try {
			$this->plugin()->router()->repair_rewrite_rules();
			$repaired = get_option( 'rewrite_rules' );
			$this->assertSame( array(), array_diff_assoc( Routes::rewrite_rules(), $repaired ) );
			$order = array_flip( array_keys( $repaired ) );
			foreach ( array_keys( Routes::rewrite_rules() ) as $regex ) {
				$this->assertLessThan( $order['(.?.+?)(?:/([0-9]+))?/?$'], $order[ $regex ], "$regex comes before WordPress's page rule" );
			}
		} finally {
			if ( array() !== array_diff_assoc( Routes::rewrite_rules(), (array) get_option( 'rewrite_rules' ) ) ) {
				update_option( 'rewrite_rules', $stored );
			}
		}
	}

	/**
	 * On a prefixed request, page links stay in its language (translated slugs too); elsewhere they are English.
	 */
	public function test_page_links_keep_the_language_of_the_request(): void {
		$pages = $this->plugin()->pages()->create();

		$_SERVER['REQUEST_URI'] = '/fr/faq/';
		$this->assertSame( home_url( '/fr/universite-de-test/' ), get_permalink( $pages['testing-school'] ) );
		$this->assertSame( home_url( '/fr/getting-started/signup/' ), get_permalink( $pages['getting-started/signup'] ) );

		$_SERVER['REQUEST_URI'] = '/it/my-account/';
		$this->assertSame( home_url( '/it/testing-school/' ), get_permalink( $pages['testing-school'] ) );

		$_SERVER['REQUEST_URI'] = '/my-account/';
		$this->assertSame( home_url( '/testing-school/' ), get_permalink( $pages['testing-school'] ) );
	}

	/**
	 * The page WordPress serves for a URI (as WP::main() decides: a 404 query variable, or a query that finds
	 * nothing, is a 404).
	 *
	 * @param string $uri Request URI.
	 * @return int Page id, 0 for a 404.
	 */
	private function served( string $uri ): int {
		$query_vars = $this->parse( $uri );
		if ( '404' === ( $query_vars['error'] ?? '' ) ) {
			return 0;
		}
		$query = new \WP_Query( $query_vars );
		return $query->is_page() && 1 === $query->post_count ? (int) $query->posts[0]->ID : 0;
	}

	/**
	 * Runs WordPress's request parsing on a URI.
	 *
	 * @param string $uri Request URI.
	 * @return array<string, mixed> Query variables.
	 */
	private function parse( string $uri ): array {
		$_SERVER['REQUEST_URI'] = $uri;
		$wp                     = new WP();
		$wp->parse_request();
		return $wp->query_vars;
	}
}
