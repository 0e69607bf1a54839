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
	 * The parameters a page's address may hold (Pages::definitions(), "address"), each with what it accepts: a
	 * request whose parameter does not match answers 404. A new kind of parameter is one more line here.
	 */
	public const PARAMETERS = array(
		'id'    => '[0-9]+',
		// The public bug view's token: base64url, as the API makes it (it alone checks the value).
		'token' => '[A-Za-z0-9_-]{16,128}',
	);

	/**
	 * Absolute URL of a route (or of any page path) in a language: Routes::url( 'personal-equipment', 'it' ) →
	 * "https://example.org/it/personal-equipment/"; translated slugs apply ("testing-school" in French →
	 * ".../fr/universite-de-test/").
	 *
	 * A route with an address takes its parameters: Routes::url( 'bugs/show', 'it', array( 'id' => 12 ) ) →
	 * ".../it/bugs/show/12/".
	 *
	 * @param string                    $route      Route path, e.g. "my-account" or "getting-started/signup"; "" for the site root.
	 * @param string|null               $language   Two-letter language; null for the language of the current request.
	 * @param array<string, int|string> $parameters Values of the route's address parameters, e.g. array( 'id' => 12 ).
	 * @return string
	 */
	public static function url( string $route, ?string $language = null, array $parameters = array() ): string {
		$path = self::path( $route, $language ?? Locale::current(), $parameters );
		return home_url( '' === $path ? '/' : '/' . user_trailingslashit( $path, 'page' ) );
	}

	/**
	 * Path of a route (or of any page path) in a language, relative to the site and without surrounding slashes:
	 * "it/personal-equipment", "fr/universite-de-test", "my-account". Unsupported languages get English.
	 *
	 * A route with an address given its parameters has that address ("it/bugs/show/12"); without them, the page's
	 * own path (which answers 404). An address without parameters is the route's path as it is ("courses/16").
	 *
	 * @param string                    $route      Route or page path.
	 * @param string                    $language   Two-letter language.
	 * @param array<string, int|string> $parameters Values of the route's address parameters.
	 * @return string
	 */
	public static function path( string $route, string $language, array $parameters = array() ): string {
		$route   = trim( $route, '/' );
		$address = Pages::definitions()[ $route ]['address'] ?? '';
		if ( '' !== $address && ( array() !== $parameters || ! str_contains( $address, '{' ) ) ) {
			$route = (string) preg_replace_callback(
				'/\{([a-z]+)\}/',
				static fn( array $name ): string => rawurlencode( (string) ( $parameters[ $name[1] ] ?? '' ) ),
				$address
			);
		}
		if ( ! Locale::is_supported( $language ) || Locale::FALLBACK === $language ) {
			return $route;
		}
		$translated = Pages::definitions()[ $route ]['slugs'][ $language ] ?? $route;
		return trim( Locale::prefix( $language ) . $translated, '/' );
	}

	/**
	 * The route whose address a request path is, with its language and parameters: "it/bugs/show/12" → bugs/show,
	 * it, array( 'id' => '12' ). Null when the path is no route's address (also when a parameter does not match).
	 *
	 * @param string $path Request path relative to the site.
	 * @return array{route: string, language: string, parameters: array<string, string>}|null
	 */
	public static function match_address( string $path ): ?array {
		list( $prefix, $rest ) = Locale::split_path( $path );
		foreach ( Pages::definitions() as $route => $page ) {
			if ( '' === $page['address'] ) {
				continue;
			}
			list( $pattern, $names ) = self::address_pattern( $page['address'] );
			if ( 1 === preg_match( '#^' . $pattern . '$#', $rest, $matches ) ) {
				return array(
					'route'      => $route,
					'language'   => $prefix ?? Locale::FALLBACK,
					'parameters' => array_combine( $names, array_slice( $matches, 1 ) ),
				);
			}
		}
		return null;
	}

	/**
	 * Whether the page of a path must be reached through an address with parameters: the page of a route with an
	 * address ("bugs/show" alone names no bug), or a path above one that is no route itself ("bugs", the parent
	 * that WordPress's page hierarchy needs). Requested at their own path, both answer 404.
	 *
	 * @param string $page_path Page path, e.g. "bugs/show".
	 * @return bool
	 */
	public static function needs_address( string $page_path ): bool {
		$page_path   = trim( $page_path, '/' );
		$definitions = Pages::definitions();
		if ( isset( $definitions[ $page_path ] ) ) {
			return '' !== $definitions[ $page_path ]['address'];
		}
		foreach ( $definitions as $route => $page ) {
			if ( '' !== $page['address'] && str_starts_with( $route, $page_path . '/' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Rewrite rules (regular expression → query) that serve a prefixed or translated address from the page of the
	 * route: addresses with parameters (with or without a language prefix) and translated slugs first, then any
	 * page under a language prefix. An unknown path under a prefix asks for a page that does not exist, so
	 * WordPress answers its 404.
	 *
	 * @return array<string, string>
	 */
	public static function rewrite_rules(): array {
		$rules    = array();
		$prefixes = implode( '|', Locale::prefixed() );
		foreach ( Pages::definitions() as $route => $page ) {
			if ( '' !== $page['address'] ) {
				// The parameters stay in the path, where the widget and Router::request() read them.
				$rules[ '^(?:(?:' . $prefixes . ')/)?' . self::address_pattern( $page['address'] )[0] . '/?$' ] = 'index.php?pagename=' . $route;
			}
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
	 * The regular expression of an address (without anchors; one group per parameter) and its parameters' names:
	 * "bugs/show/{id}" → "bugs/show/([0-9]+)", ["id"].
	 *
	 * @param string $address Address, e.g. "campaigns/{id}/preview".
	 * @return array{0: string, 1: string[]}
	 * @throws \InvalidArgumentException For a parameter that PARAMETERS does not list: a mistake in the page list.
	 */
	private static function address_pattern( string $address ): array {
		$names    = array();
		$segments = array();
		foreach ( explode( '/', trim( $address, '/' ) ) as $segment ) {
			if ( 1 === preg_match( '/^\{([a-z]+)\}$/', $segment, $name ) ) {
				if ( ! isset( self::PARAMETERS[ $name[1] ] ) ) {
					throw new \InvalidArgumentException( esc_html( "Unknown parameter {{$name[1]}} in the address $address." ) );
				}
				$names[]    = $name[1];
				$segments[] = '(' . self::PARAMETERS[ $name[1] ] . ')';
			} else {
				$segments[] = preg_quote( $segment, '#' );
			}
		}
		return array( implode( '/', $segments ), $names );
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
