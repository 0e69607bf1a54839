<?php
/**
 * Routing of front-end requests: language prefixes, the spec's redirects and the access of pages.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Serves /it/…, /es/… and /fr/… from the same pages as English (rewrite rules), keeps links of a prefixed page in
 * its language, sends the spec's redirects, and sends logged-in users away from logged-out-only pages.
 * Pages that need a login are served to visitors too: their widgets show the login card.
 */
final class Router {

	/**
	 * Pages.
	 *
	 * @var Pages
	 */
	private Pages $pages;

	/**
	 * Constructor.
	 *
	 * @param Pages $pages Pages.
	 */
	public function __construct( Pages $pages ) {
		$this->pages = $pages;
	}

	/**
	 * Registers the hooks.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'add_rewrite_rules' ) );
		add_action( 'init', array( $this, 'repair_rewrite_rules' ), 99 );
		// Before redirect_canonical (10), which would otherwise answer first for the same requests.
		add_action( 'template_redirect', array( $this, 'redirect' ), 1 );
		add_filter( 'page_link', array( $this, 'localize_page_link' ) );
		add_filter( 'request', array( $this, 'require_address' ) );
		add_filter( 'get_canonical_url', array( $this, 'canonical_url' ), 10, 2 );
		add_filter( 'get_pages', array( $this, 'hide_pages_without_address' ) );
	}

	/**
	 * Adds the rules of Routes::rewrite_rules() above WordPress's own.
	 *
	 * @return void
	 */
	public function add_rewrite_rules(): void {
		foreach ( Routes::rewrite_rules() as $regex => $query ) {
			add_rewrite_rule( $regex, $query, 'top' );
		}
	}

	/**
	 * Rebuilds the stored rewrite rules when ours are missing from them: after an update that changed them, or
	 * after something flushed the rules while this plugin was not loaded (the development install script does,
	 * on every start). A lookup in an autoloaded option on ordinary requests.
	 *
	 * @return void
	 */
	public function repair_rewrite_rules(): void {
		global $wp_rewrite;
		if ( ! $wp_rewrite instanceof \WP_Rewrite || ! $wp_rewrite->using_permalinks() ) {
			return;
		}
		$stored = get_option( 'rewrite_rules' );
		// Empty means WordPress builds them on this request, from the rules just added.
		if ( is_array( $stored ) && array() !== array_diff_assoc( Routes::rewrite_rules(), $stored ) ) {
			flush_rewrite_rules( false );
		}
	}

	/**
	 * Sends the redirect that the current request calls for, if any (template_redirect).
	 *
	 * @return void
	 */
	public function redirect(): void {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		// Like redirect_canonical(): a redirect would turn a form post into a GET; editors previewing a page stay on it.
		if ( ! in_array( $method, array( 'GET', 'HEAD' ), true ) || is_preview() || is_customize_preview() ) {
			return;
		}
		global $wp;
		// Only compared and split here; wp_safe_redirect() sanitises the URL built from it.
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		$request_uri = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : '/';
		$queried     = get_queried_object();
		$target      = $this->redirect_target(
			$request_uri,
			$wp instanceof \WP ? (array) $wp->query_vars : array(),
			$queried instanceof \WP_Post ? $queried : null
		);
		if ( null === $target ) {
			return;
		}
		if ( Routes::TEMPORARY === $target['status'] ) {
			nocache_headers();
		}
		if ( wp_safe_redirect( $target['url'], $target['status'], 'Crowdscout' ) ) {
			exit;
		}
	}

	/**
	 * The redirect a request calls for: the spec's address redirects (the query string kept), then the access
	 * of the page for the current user. Null when the request is served as it is.
	 *
	 * @param string        $request_uri Request URI (path and query string).
	 * @param array         $query_vars  Query variables WordPress parsed from it: the site root redirects only
	 *                                   when there are none (`/?p=1`, previews and searches live there).
	 * @param \WP_Post|null $page        Page the request resolved to.
	 * @return array{url: string, status: int}|null
	 */
	public function redirect_target( string $request_uri, array $query_vars, ?\WP_Post $page ): ?array {
		$path   = Locale::relative_path( $request_uri );
		$target = Routes::redirect( $path );
		if ( null !== $target && ( '' !== $path || array() === $query_vars ) ) {
			$query = (string) wp_parse_url( $request_uri, PHP_URL_QUERY );
			return array(
				'url'    => Routes::url( $target['route'], $target['language'] ) . ( '' !== $query ? '?' . $query : '' ),
				'status' => $target['status'],
			);
		}

		$route = null !== $page ? $this->pages->route_of( $page ) : null;
		if ( null !== $route && Pages::LOGGED_OUT === Pages::access( $route ) && is_user_logged_in() ) {
			return array(
				'url'    => Routes::url( Routes::DASHBOARD, Locale::of_path( $path ) ),
				'status' => Routes::TEMPORARY,
			);
		}
		return null;
	}

	/**
	 * `request` filter: a page that needs an address with parameters (Routes::needs_address()), asked for by any
	 * other path, is WordPress's 404: /bugs/show/ and /bugs/ name no bug, and /bugs/show/?page=2 or a prefixed
	 * variant of them neither. The request path decides, not a query variable that a query string could set.
	 * An editor's own page above such a route (one with content) stays. A page of ours followed by a number that
	 * is no address (/courses/17/) is a 404 too.
	 *
	 * @param array $query_vars Query variables parsed from the request.
	 * @return array
	 */
	public function require_address( $query_vars ) {
		$pagename = is_array( $query_vars ) ? ( $query_vars['pagename'] ?? '' ) : '';
		if ( ! is_string( $pagename ) || '' === $pagename ) {
			return $query_vars;
		}
		$match = Routes::match_address( Locale::request_path() );
		// A number after a page of ours is no page of it (our pages have none) but an address that is not ours:
		// /courses/17/ names no course (the Basic Course is /courses/16/), so WordPress's redirect to /courses/ is
		// replaced by its 404.
		if ( null === $match && ! empty( $query_vars['page'] ) && isset( Pages::definitions()[ trim( $pagename, '/' ) ] ) && 1 === preg_match( '#/[0-9]+/?$#', Locale::request_path() ) ) {
			return array( 'error' => '404' );
		}
		if ( ! Routes::needs_address( $pagename ) ) {
			return $query_vars;
		}
		$pagename = trim( $pagename, '/' );
		if ( null !== $match && $match['route'] === $pagename ) {
			return $query_vars;
		}
		if ( ! isset( Pages::definitions()[ $pagename ] ) ) {
			$page = get_page_by_path( $pagename );
			if ( $page instanceof \WP_Post && '' !== trim( $page->post_content ) ) {
				return $query_vars;
			}
		}
		// No page queried: nothing for WordPress's 404 guessing to send the visitor back to.
		return array( 'error' => '404' );
	}

	/**
	 * `get_canonical_url`: the page of a route with an address is canonical at the address it was requested by
	 * (/it/bugs/show/12/), not at its own path, which answers 404.
	 *
	 * @param string   $url  Canonical URL.
	 * @param \WP_Post $post Post.
	 * @return string
	 */
	public function canonical_url( $url, $post ) {
		$match = Routes::match_address( Locale::request_path() );
		if ( null === $match || ! $post instanceof \WP_Post || $this->pages->route_of( $post ) !== $match['route'] ) {
			return $url;
		}
		return Routes::url( $match['route'], $match['language'], $match['parameters'] );
	}

	/**
	 * `get_pages` on the front end: lists of pages (the theme's page-list navigation) leave out the pages that
	 * answer 404 at their own address (Pages::without_own_address()), so no menu links to them.
	 *
	 * @param \WP_Post[] $pages Pages.
	 * @return \WP_Post[]
	 */
	public function hide_pages_without_address( $pages ) {
		if ( ! is_array( $pages ) || array() === $pages || is_admin() ) {
			return $pages;
		}
		$hidden = $this->pages->without_own_address();
		return array_values( array_filter( $pages, static fn( $page ): bool => ! ( $page instanceof \WP_Post && in_array( $page->ID, $hidden, true ) ) ) );
	}

	/**
	 * `page_link` filter: on a prefixed request, links to pages stay in its language (with translated slugs), so
	 * navigation keeps the language and WordPress's canonical redirect and canonical link point at the localized
	 * address rather than at the English one.
	 *
	 * @param string $link Page URL.
	 * @return string
	 */
	public function localize_page_link( $link ) {
		$language = Locale::from_path( Locale::request_path() );
		$home     = home_url( '/' );
		if ( null === $language || ! is_string( $link ) || ! str_starts_with( $link, $home ) || str_contains( $link, '?' ) ) {
			return $link;
		}
		$path = trim( substr( $link, strlen( $home ) ), '/' );
		return '' === $path ? $link : Routes::url( $path, $language );
	}
}
