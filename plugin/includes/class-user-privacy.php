<?php
/**
 * Login names kept out of public answers.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * WordPress publishes every author's login name (its URL slug) to anyone: the REST users endpoints
 * (`/wp-json/wp/v2/users`, also as `?rest_route=`), the author archives `/?author=1` (a redirect to
 * `/author/<login>/`), the users sitemap and oEmbed's author link. A login name is half of what password guessing
 * needs, so: the users endpoints exist only for those who can list users; author archives answer 404 for everyone
 * else (without a redirect naming anyone); oEmbed answers carry no author; author links point to the home page; the
 * users sitemap is gone. `/wp/v2/users/me` stays: it only ever shows the caller.
 */
final class User_Privacy {

	/**
	 * Registers the filters.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'rest_endpoints', array( $this, 'filter_endpoints' ) );
		add_action( 'template_redirect', array( $this, 'hide_author_archive' ), 1 );
		add_filter( 'oembed_response_data', array( $this, 'filter_oembed' ) );
		add_filter( 'author_link', array( $this, 'author_link' ) );
		add_filter( 'wp_sitemaps_add_provider', array( $this, 'filter_sitemap_provider' ), 10, 2 );
	}

	/**
	 * `rest_endpoints`: no users collection and no user by id for visitors and testers. Whoever can list users or
	 * write posts keeps them: the block editor's author picker reads them for editors and authors.
	 *
	 * @param array<string, mixed> $endpoints Routes.
	 * @return array<string, mixed>
	 */
	public function filter_endpoints( $endpoints ): array {
		$endpoints = (array) $endpoints;
		if ( current_user_can( 'list_users' ) || current_user_can( 'edit_posts' ) ) {
			return $endpoints;
		}
		foreach ( array_keys( $endpoints ) as $route ) {
			if ( 1 === preg_match( '#^/wp/v2/users(?:/\(\?P<id>[^)]*\))?$#', (string) $route ) ) {
				unset( $endpoints[ $route ] );
			}
		}
		return $endpoints;
	}

	/**
	 * `template_redirect`, before WordPress's canonical redirect to `/author/<login>/`: an author archive is a 404
	 * for whoever cannot list users.
	 *
	 * @return void
	 */
	public function hide_author_archive(): void {
		global $wp_query;
		if ( ! is_author() || current_user_can( 'list_users' ) ) {
			return;
		}
		$wp_query->set_404();
		status_header( 404 );
		nocache_headers();
		// No canonical redirect (it would name the author), no guessed permalink.
		remove_action( 'template_redirect', 'redirect_canonical' );
	}

	/**
	 * `oembed_response_data`: no author name (often the login) and no author URL.
	 *
	 * @param array<string, mixed> $data oEmbed answer.
	 * @return array<string, mixed>
	 */
	public function filter_oembed( $data ): array {
		$data = (array) $data;
		unset( $data['author_name'], $data['author_url'] );
		return $data;
	}

	/**
	 * `author_link`: the home page, since author archives are closed.
	 *
	 * @param string $link Author archive URL.
	 * @return string
	 */
	public function author_link( $link ): string {
		return current_user_can( 'list_users' ) ? (string) $link : home_url( '/' );
	}

	/**
	 * `wp_sitemaps_add_provider`: no users sitemap.
	 *
	 * @param mixed  $provider Provider.
	 * @param string $name     Its name.
	 * @return mixed
	 */
	public function filter_sitemap_provider( $provider, $name ) {
		return 'users' === $name ? false : $provider;
	}
}
