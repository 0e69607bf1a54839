<?php
/**
 * Amounts of money as testers and administrators read them.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Writes an amount with two decimals and its currency's symbol (euro, dollar, pound; the ISO code for any other
 * currency), in the way of each interface language: "€1,234.50" in English, "1.234,50 €" in Italian and Spanish,
 * "1 234,50 €" in French.
 */
final class Money {

	public const DEFAULT_CURRENCY = 'EUR';

	/**
	 * Symbols of the currencies the product pays in.
	 */
	public const SYMBOLS = array(
		'EUR' => '€',
		'USD' => '$',
		'GBP' => '£',
	);

	/**
	 * Decimal mark, thousands separator and whether the symbol comes first, per language.
	 */
	private const STYLES = array(
		'en' => array( '.', ',', true ),
		'it' => array( ',', '.', false ),
		'es' => array( ',', '.', false ),
		// Narrow no-break space between thousands, no-break space before the symbol, as French typography has it.
		'fr' => array( ',', "\u{202F}", false ),
	);

	/**
	 * The amount with two decimals and its symbol, in a language's style.
	 *
	 * @param float  $value    Amount in currency units.
	 * @param string $currency ISO 4217 code; EUR when empty.
	 * @param string $language Two-letter language (English when not supported).
	 * @return string
	 */
	public static function format( float $value, string $currency, string $language ): string {
		list( $decimal, $thousands, $symbol_first ) = self::STYLES[ $language ] ?? self::STYLES[ Locale::FALLBACK ];

		$symbol = self::symbol( $currency );
		$number = number_format( abs( $value ), 2, $decimal, $thousands );
		$sign   = round( $value, 2 ) < 0 ? '-' : '';
		if ( $symbol_first ) {
			// A three-letter code stays readable only with a space: "CHF 12.00", but "€12.00".
			return $sign . $symbol . ( isset( self::SYMBOLS[ self::code( $currency ) ] ) ? '' : ' ' ) . $number;
		}
		return $sign . $number . "\u{00A0}" . $symbol;
	}

	/**
	 * The symbol of a currency: €, $ or £; the code itself for others.
	 *
	 * @param string $currency ISO 4217 code; EUR when empty.
	 * @return string
	 */
	public static function symbol( string $currency ): string {
		$code = self::code( $currency );
		return self::SYMBOLS[ $code ] ?? $code;
	}

	/**
	 * A currency code in upper case, EUR when empty.
	 *
	 * @param string $currency Code as received.
	 * @return string
	 */
	private static function code( string $currency ): string {
		$code = strtoupper( trim( $currency ) );
		return '' !== $code ? $code : self::DEFAULT_CURRENCY;
	}
}
