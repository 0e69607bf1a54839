<?php
/**
 * The interface language of the current request.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Decides the two-letter interface language. English pages carry no URL prefix; Italian, Spanish and French pages
 * carry /it, /es or /fr before the path. The prefix is read from the raw request path, not from a query variable,
 * because WordPress picks its locale (and loads translations) long before it parses the request.
 */
final class Locale {

	public const SUPPORTED = array( 'en', 'it', 'es', 'fr' );
	public const FALLBACK  = 'en';

	/**
	 * WordPress locale of each language, for the `locale` filter and so for every PHP string.
	 */
	public const WORDPRESS_LOCALES = array(
		'en' => 'en_US',
		'it' => 'it_IT',
		'es' => 'es_ES',
		'fr' => 'fr_FR',
	);

	/**
	 * Makes WordPress speak the language of a prefixed request.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'locale', array( $this, 'filter_locale' ) );
	}

	/**
	 * `locale` filter: it_IT, es_ES or fr_FR under a prefix; WordPress's own choice elsewhere.
	 *
	 * @param string $locale Locale WordPress would use.
	 * @return string
	 */
	public function filter_locale( $locale ) {
		$language = self::from_path( self::request_path() );
		return null === $language ? $locale : self::WORDPRESS_LOCALES[ $language ];
	}

	/**
	 * Two-letter language of the current request: en, it, es or fr.
	 *
	 * @return string
	 */
	public static function current(): string {
		return self::of_path( self::request_path() );
	}

	/**
	 * Language of a path relative to the site: its prefix when it has one; otherwise the two letters of
	 * WordPress's locale (English when that is not a supported language).
	 *
	 * @param string $path Path relative to the site, e.g. "it/my-account".
	 * @return string
	 */
	public static function of_path( string $path ): string {
		$language = self::from_path( $path );
		if ( null !== $language ) {
			return $language;
		}
		$language = strtolower( substr( (string) determine_locale(), 0, 2 ) );
		return self::is_supported( $language ) ? $language : self::FALLBACK;
	}

	/**
	 * The language prefix of a path, or null when it has none.
	 *
	 * @param string $path Path relative to the site.
	 * @return string|null
	 */
	public static function from_path( string $path ): ?string {
		return self::split_path( $path )[0];
	}

	/**
	 * Splits a path relative to the site into its language prefix (null when none) and the rest, both without
	 * surrounding slashes: "it/my-account/" → ["it", "my-account"], "it" → ["it", ""], "faq" → [null, "faq"].
	 *
	 * @param string $path Path relative to the site.
	 * @return array{0: string|null, 1: string}
	 */
	public static function split_path( string $path ): array {
		$path  = trim( $path, '/' );
		$parts = explode( '/', $path, 2 );
		if ( in_array( $parts[0], self::prefixed(), true ) ) {
			return array( $parts[0], $parts[1] ?? '' );
		}
		return array( null, $path );
	}

	/**
	 * Languages whose URLs carry a prefix: every supported one but the fallback.
	 *
	 * @return string[]
	 */
	public static function prefixed(): array {
		return array_values( array_diff( self::SUPPORTED, array( self::FALLBACK ) ) );
	}

	/**
	 * URL prefix of a language: "" for English, "it/" for Italian.
	 *
	 * @param string $language Two-letter language.
	 * @return string
	 */
	public static function prefix( string $language ): string {
		return in_array( $language, self::prefixed(), true ) ? $language . '/' : '';
	}

	/**
	 * Whether a two-letter language is one of the interface languages.
	 *
	 * @param string $language Two-letter language.
	 * @return bool
	 */
	public static function is_supported( string $language ): bool {
		return in_array( $language, self::SUPPORTED, true );
	}

	/**
	 * Path of the current request relative to the site, without query string or surrounding slashes.
	 *
	 * @return string
	 */
	public static function request_path(): string {
		// Only compared with fixed strings, never printed or stored.
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		$request_uri = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : '';
		return self::relative_path( $request_uri );
	}

	/**
	 * Path of a request URI relative to the site (the part after the home URL's own path), without query string
	 * or surrounding slashes: "/blog/it/faq/?x=1" → "it/faq" on a site at /blog.
	 *
	 * @param string $request_uri Request URI.
	 * @return string
	 */
	public static function relative_path( string $request_uri ): string {
		$path = substr( $request_uri, 0, strcspn( $request_uri, '?#' ) );
		// The option, not home_url(): this runs inside the `locale` filter, and home_url filters may ask for the
		// locale in turn.
		$home = trim( (string) wp_parse_url( (string) get_option( 'home' ), PHP_URL_PATH ), '/' );
		$path = trim( $path, '/' );
		if ( '' !== $home && ( $path === $home || str_starts_with( $path, $home . '/' ) ) ) {
			$path = substr( $path, strlen( $home ) + 1 );
		}
		return trim( $path, '/' );
	}
}
