<?php
/**
 * User-facing server strings from the shared i18next catalogue.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's user-facing PHP strings live in the same i18next JSON files as the front end's (`languages/*.json`,
 * copied to `plugin/build/languages/` by the build), under the `server` namespace, so that one catalogue holds
 * every sentence a tester reads and every language stays complete (a Jest test compares the four files' keys).
 *
 * Keys are dotted paths (`server.loginWrongCredentials`: the catalogue's `area.key` convention, which a Jest test
 * enforces); values interpolate `{{placeholder}}` like i18next, and
 * `{{product}}` is always the product name from the settings. A key missing in a language, or a missing or
 * unreadable file, falls back to English; a key missing in English too is answered as the key itself, as
 * i18next does. Each file is read once per request.
 */
final class Strings {

	/**
	 * Catalogues already read, language → decoded JSON (an empty array for a missing or broken file).
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private static array $catalogues = array();

	/**
	 * Folder of the JSON files; null for plugin/build/languages.
	 *
	 * @var string|null
	 */
	private static ?string $directory = null;

	/**
	 * The string of a key in a language, interpolated.
	 *
	 * @param string                          $key      Dotted key, e.g. "server.loginWrongCredentials".
	 * @param array<string, string|int|float> $vars     Values of the {{placeholders}}.
	 * @param string|null                     $language Two-letter language; null for the request's (Locale::current()).
	 * @return string
	 */
	public static function get( string $key, array $vars = array(), ?string $language = null ): string {
		$language = null !== $language && Locale::is_supported( $language ) ? $language : Locale::current();
		$template = self::lookup( $key, $language ) ?? self::lookup( $key, Locale::FALLBACK ) ?? $key;
		return self::interpolate( $template, $vars );
	}

	/**
	 * Whether a language's catalogue holds a string for a key (no fallback).
	 *
	 * @param string $key      Dotted key.
	 * @param string $language Two-letter language.
	 * @return bool
	 */
	public static function has( string $key, string $language ): bool {
		return null !== self::lookup( $key, $language );
	}

	/**
	 * Replaces `{{name}}` (spaces inside the braces allowed) by its value; `{{product}}` defaults to the product
	 * name. Unknown placeholders are left as they are, like i18next does. Values are not escaped: callers escape
	 * for their output context.
	 *
	 * @param string                          $template String with placeholders.
	 * @param array<string, string|int|float> $vars     Values.
	 * @return string
	 */
	public static function interpolate( string $template, array $vars = array() ): string {
		if ( ! str_contains( $template, '{{' ) ) {
			return $template;
		}
		if ( ! array_key_exists( 'product', $vars ) ) {
			$vars['product'] = Plugin::instance()->settings()->product_name();
		}
		return (string) preg_replace_callback(
			'/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/',
			static fn( array $match ): string => array_key_exists( $match[1], $vars ) ? (string) $vars[ $match[1] ] : $match[0],
			$template
		);
	}

	/**
	 * Folder the catalogues are read from.
	 *
	 * @return string
	 */
	public static function directory(): string {
		return self::$directory ?? Plugin::instance()->dir() . 'build/languages';
	}

	/**
	 * Reads the catalogues from another folder (null: the default) and forgets those already read. For tests and
	 * for sites that ship their own wording.
	 *
	 * @param string|null $directory Folder holding en.json, it.json…
	 * @return void
	 */
	public static function use_directory( ?string $directory ): void {
		self::$directory = null === $directory ? null : untrailingslashit( $directory );
		self::reset();
	}

	/**
	 * Forgets the catalogues read in this request.
	 *
	 * @return void
	 */
	public static function reset(): void {
		self::$catalogues = array();
	}

	/**
	 * The string of a key in one language, or null when that catalogue has no string there.
	 *
	 * @param string $key      Dotted key.
	 * @param string $language Two-letter language.
	 * @return string|null
	 */
	private static function lookup( string $key, string $language ): ?string {
		$node = self::catalogue( $language );
		foreach ( explode( '.', $key ) as $segment ) {
			if ( ! is_array( $node ) || ! array_key_exists( $segment, $node ) ) {
				return null;
			}
			$node = $node[ $segment ];
		}
		return is_string( $node ) && '' !== $node ? $node : null;
	}

	/**
	 * The decoded catalogue of a language, read once per request.
	 *
	 * @param string $language Two-letter language.
	 * @return array<string, mixed>
	 */
	private static function catalogue( string $language ): array {
		if ( ! isset( self::$catalogues[ $language ] ) ) {
			$file = self::directory() . '/' . $language . '.json';
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file of the plugin.
			$json    = Locale::is_supported( $language ) && is_readable( $file ) ? file_get_contents( $file ) : false;
			$decoded = is_string( $json ) ? json_decode( $json, true ) : null;

			self::$catalogues[ $language ] = is_array( $decoded ) ? $decoded : array();
		}
		return self::$catalogues[ $language ];
	}
}
