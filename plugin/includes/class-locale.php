<?php
/**
 * The interface language of the current request.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Decides the two-letter interface language. The one place to change when locale URL prefixes arrive.
 */
final class Locale {

	public const SUPPORTED = array( 'en', 'it', 'es', 'fr' );
	public const FALLBACK  = 'en';

	/**
	 * Two-letter language of the current request: en, it, es or fr (en when WordPress's locale is another one).
	 *
	 * @return string
	 */
	public static function current(): string {
		$language = strtolower( substr( (string) determine_locale(), 0, 2 ) );
		return in_array( $language, self::SUPPORTED, true ) ? $language : self::FALLBACK;
	}
}
