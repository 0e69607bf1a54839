<?php
/**
 * The client's address behind trusted proxies.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * One rule, the same as the API's: X-Forwarded-For is read only when REMOTE_ADDR is a trusted proxy (setting or
 * constant `CROWDSCOUT_TRUSTED_PROXIES`: IPs or CIDRs, comma-separated; `127.0.0.1,::1` by default, the development
 * proxy). The list is walked from the right, skipping trusted hops; the first untrusted address is the client. Each
 * trusted proxy appends the address it saw, so only the entries right of the first untrusted one can be believed.
 */
final class Client_Address {

	public const DEFAULT_TRUSTED_PROXIES = '127.0.0.1,::1';

	/**
	 * The client's address of a request, '' when REMOTE_ADDR is missing or not an address.
	 *
	 * @param array<string, mixed> $server  Server variables.
	 * @param string[]             $trusted Trusted proxies: addresses or CIDR ranges.
	 * @return string
	 */
	public static function from_server( array $server, array $trusted ): string {
		$remote = isset( $server['REMOTE_ADDR'] ) && is_string( $server['REMOTE_ADDR'] ) ? self::valid_ip( $server['REMOTE_ADDR'] ) : '';
		if ( '' === $remote || ! self::matches_any( $remote, $trusted ) ) {
			return $remote;
		}
		$forwarded = isset( $server['HTTP_X_FORWARDED_FOR'] ) && is_string( $server['HTTP_X_FORWARDED_FOR'] ) ? $server['HTTP_X_FORWARDED_FOR'] : '';
		$client    = $remote;
		foreach ( array_reverse( explode( ',', $forwarded ) ) as $hop ) {
			$address = self::valid_ip( $hop );
			if ( '' === $address ) {
				// What lies left of a malformed entry was written by no one we trust.
				break;
			}
			$client = $address;
			if ( ! self::matches_any( $address, $trusted ) ) {
				break;
			}
		}
		return $client;
	}

	/**
	 * The trusted proxies of a setting: its IPs and CIDRs (invalid entries left out).
	 *
	 * @param string $list Comma- or space-separated entries.
	 * @return string[]
	 */
	public static function parse_list( string $list ): array {
		$entries = preg_split( '/[\s,]+/', $list, -1, PREG_SPLIT_NO_EMPTY );
		return array_values( array_filter( false === $entries ? array() : $entries, array( self::class, 'is_valid_entry' ) ) );
	}

	/**
	 * Whether an entry is an IP address or a CIDR range.
	 *
	 * @param string $entry Entry.
	 * @return bool
	 */
	public static function is_valid_entry( string $entry ): bool {
		list( $address, $bits ) = array_pad( explode( '/', $entry, 2 ), 2, null );
		$packed                 = '' === self::valid_ip( $address ) ? false : inet_pton( self::unmapped( self::valid_ip( $address ) ) );
		if ( false === $packed ) {
			return false;
		}
		return null === $bits || ( ctype_digit( $bits ) && (int) $bits <= strlen( $packed ) * 8 );
	}

	/**
	 * An IP address as given (trimmed, brackets and case removed), '' when it is not one.
	 *
	 * @param string $value Address.
	 * @return string
	 */
	public static function valid_ip( string $value ): string {
		// "[::1]" as some proxies write it.
		$value = trim( trim( $value ), '[]' );
		return false === filter_var( $value, FILTER_VALIDATE_IP ) ? '' : strtolower( $value );
	}

	/**
	 * Whether an address is one of the entries or inside one of their ranges.
	 *
	 * @param string   $address Valid address.
	 * @param string[] $entries Addresses or CIDR ranges.
	 * @return bool
	 */
	public static function matches_any( string $address, array $entries ): bool {
		$packed = inet_pton( self::unmapped( $address ) );
		if ( false === $packed ) {
			return false;
		}
		foreach ( $entries as $entry ) {
			if ( ! self::is_valid_entry( $entry ) ) {
				continue;
			}
			list( $network, $bits ) = array_pad( explode( '/', $entry, 2 ), 2, null );
			$range                  = inet_pton( self::unmapped( self::valid_ip( $network ) ) );
			if ( false === $range || strlen( $range ) !== strlen( $packed ) ) {
				continue;
			}
			$bits = null === $bits ? strlen( $range ) * 8 : (int) $bits;
			if ( self::same_prefix( $packed, $range, $bits ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * An IPv4-mapped IPv6 address ("::ffff:127.0.0.1") as its IPv4 address; others unchanged.
	 *
	 * @param string $address Valid address.
	 * @return string
	 */
	private static function unmapped( string $address ): string {
		return 1 === preg_match( '/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i', $address, $match ) ? $match[1] : $address;
	}

	/**
	 * Whether two packed addresses share their first bits.
	 *
	 * @param string $a    Packed address.
	 * @param string $b    Packed address of the same family.
	 * @param int    $bits Prefix length.
	 * @return bool
	 */
	private static function same_prefix( string $a, string $b, int $bits ): bool {
		$bytes = intdiv( $bits, 8 );
		if ( substr( $a, 0, $bytes ) !== substr( $b, 0, $bytes ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
		return ( ord( $a[ $bytes ] ) & $mask ) === ( ord( $b[ $bytes ] ) & $mask );
	}
}
