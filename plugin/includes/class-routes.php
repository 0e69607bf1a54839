<?php
/**
 * URLs of the product's routes in each language.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Turns the page list (Pages::definitions()) into URLs: a route's address in a language, the rewrite rules that
 * serve the prefixed and translated addresses from the one page, and the redirects of the spec. Pure: no hooks,
 * nothing read from the request.
 */
final class Routes {

	public const DASHBOARD = 'my-dashboard';
	public const LOGIN     = 'login';

	/**
	 * Status of redirects that will always hold (aliases, old addresses).
	 */
	public const PERMANENT = 301;

	/**
	 * Status of redirects that may change (they depend on the login, or on a product decision).
	 */
	public const TEMPORARY = 302;

	/**
	 * Absolute URL of a route (or of any page path) in a language: Routes::url( 'personal-equipment', 'it' ) →
	 * "https://example.org/it/personal-equipment/"; translated slugs apply ("testing-school" in French →
	 * ".../fr/universite-de-test/").
	 *
	 * @param string      $route    Route path, e.g. "my-account" or "getting-started/signup"; "" for the site root.
	 * @param string|null $language Two-letter language; null for the language of the current request.
	 * @return string
	 */
	public static function url( string $route, ?string $language = null ): string {
		$path = self::path( $route, $language ?? Locale::current() );
		return home_url( '' === $path ? '/' : '/' . user_trailingslashit( $path, 'page' ) );
	}

	/**
	 * Path of a route (or of any page path) in a language, relative to the site and without surrounding slashes:
	 * "it/personal-equipment", "fr/universite-de-test", "my-account". Unsupported languages get English.
	 *
	 * @param string $route    Route or page path.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	public static function path( string $route, string $language ): string {
		$route = trim( $route, '/' );
		if ( ! Locale::is_supported( $language ) || Locale::FALLBACK === $language ) {
			return $route;
		}
		$translated = Pages::definitions()[ $route ]['slugs'][ $language ] ?? $route;
		return trim( Locale::prefix( $language ) . $translated, '/' );
	}

	/**
	 * Rewrite rules (regular expression → query) that serve a prefixed or translated address from the page of the
	 * route: translated slugs first, then any page under a language prefix. An unknown path under a prefix asks
	 * for a page that does not exist, so WordPress answers its 404.
	 *
	 * @return array<string, string>
	 */
	public static function rewrite_rules(): array {
		$rules = array();
		foreach ( Pages::definitions() as $route => $page ) {
			foreach ( $page['slugs'] as $language => $slug ) {
				$rules[ '^' . preg_quote( self::path( $route, $language ), '#' ) . '/?$' ] = 'index.php?pagename=' . $route;
			}
		}
		$rules[ '^(' . implode( '|', Locale::prefixed() ) . ')/(.+?)/?$' ] = 'index.php?pagename=$matches[2]';
		return $rules;
	}

	/**
	 * Where the spec sends a request path before any page is looked up, or null: the roots (/, /it, /es, /fr) to
	 * the dashboard of their language; localized aliases (/it/i-miei-device…) and old addresses
	 * (/it/getting-started-2) to their route in the alias's language; a route that has a translated slug in the
	 * prefix's language to that slug (/fr/testing-school → /fr/universite-de-test); any other path ending in
	 * /login to /login, as both specs say (the language pages /it/login, /es/login, /fr/login themselves stay).
	 *
	 * The roots answer 302: the root's destination is a product choice that may change, and browsers keep a 301
	 * of a site's root for good.
	 *
	 * @param string $path Request path relative to the site.
	 * @return array{route: string, language: string, status: int}|null
	 */
	public static function redirect( string $path ): ?array {
		$path     = trim( $path, '/' );
		$parts    = Locale::split_path( $path );
		$language = $parts[0] ?? Locale::FALLBACK;
		$rest     = $parts[1];

		if ( '' === $rest ) {
			return self::target( self::DASHBOARD, $language, self::TEMPORARY );
		}
		foreach ( Pages::definitions() as $route => $page ) {
			if ( in_array( $path, $page['aliases'], true ) ) {
				return self::target( $route, $language, self::PERMANENT );
			}
		}
		if ( null !== $parts[0] && isset( Pages::definitions()[ $rest ]['slugs'][ $language ] ) ) {
			return self::target( $rest, $language, self::PERMANENT );
		}
		if ( self::LOGIN !== $rest && str_ends_with( '/' . $rest, '/' . self::LOGIN ) ) {
			return self::target( self::LOGIN, Locale::FALLBACK, self::PERMANENT );
		}
		return null;
	}

	/**
	 * A redirect target.
	 *
	 * @param string $route    Route.
	 * @param string $language Two-letter language.
	 * @param int    $status   HTTP status.
	 * @return array{route: string, language: string, status: int}
	 */
	private static function target( string $route, string $language, int $status ): array {
		return array(
			'route'    => $route,
			'language' => $language,
			'status'   => $status,
		);
	}
}
