<?php
/**
 * Throttling of password guessing.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Counts failed logins per account and per client address in a table of its own, shared by every PHP worker and
 * every WordPress instance on the database, and refuses further attempts — before any password is checked — once
 * an account has ACCOUNT_LIMIT failures within WINDOW seconds, or an address has ADDRESS_LIMIT. Both the ajax
 * login and the internal password check (the API's /authenticate) go through it.
 *
 * One row per failure: when it happened, a keyed hash of the account and one of the address (nothing readable is
 * stored). The account is the user's id when the name given matches a user (so its email and its login share one
 * budget), else the name itself, trimmed and lowercased. A successful login removes only the failures of that
 * account from that same address: what other addresses tried still counts. Rows older than the window are
 * deleted now and then by the requests themselves (cron may be disabled).
 */
final class Login_Throttle {

	public const ACCOUNT_LIMIT  = 100;
	public const ADDRESS_LIMIT  = 500;
	public const WINDOW         = HOUR_IN_SECONDS;
	public const TABLE          = 'crowdscout_login_failures';
	public const SCHEMA_VERSION = '1';
	public const SCHEMA_OPTION  = 'crowdscout_login_throttle_schema';
	public const PRUNE_ODDS     = 20;

	/**
	 * Full table name (with the site's prefix).
	 *
	 * @return string
	 */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLE;
	}

	/**
	 * Creates or updates the table (dbDelta: idempotent, works through the SQLite integration plugin as well as on
	 * MySQL/MariaDB) and records the schema version.
	 *
	 * @return void
	 */
	public function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::table();
		$charset = $wpdb->get_charset_collate();
		dbDelta(
			"CREATE TABLE {$table} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  account_hash char(64) NOT NULL,
  address_hash char(64) NOT NULL DEFAULT '',
  failed_at bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (id),
  KEY account_time (account_hash,failed_at),
  KEY address_time (address_hash,failed_at),
  KEY failed_at (failed_at)
) {$charset};"
		);
		update_option( self::SCHEMA_OPTION, self::SCHEMA_VERSION, true );
	}

	/**
	 * Whether the table is at the current schema version.
	 *
	 * @return bool
	 */
	public static function is_installed(): bool {
		return self::SCHEMA_VERSION === get_option( self::SCHEMA_OPTION );
	}

	/**
	 * Drops the table (uninstall).
	 *
	 * @return void
	 */
	public static function uninstall(): void {
		global $wpdb;
		$table = self::table();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
		$wpdb->query( "DROP TABLE IF EXISTS {$table}" );
		delete_option( self::SCHEMA_OPTION );
	}

	/**
	 * Whether a login attempt must be refused without checking the password.
	 *
	 * @param string   $username Email or login as typed.
	 * @param string   $address  Client address ('' when unknown: only the account is counted).
	 * @param int|null $now      Current time; now when null.
	 * @return bool
	 */
	public function is_throttled( string $username, string $address, ?int $now = null ): bool {
		global $wpdb;
		$since = ( $now ?? time() ) - self::WINDOW;
		$table = self::table();

		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- counters must be read fresh from our own table.
		$account = (int) $wpdb->get_var(
			$wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE account_hash = %s AND failed_at > %d", self::account_hash( $username ), $since )
		);
		if ( $account >= self::ACCOUNT_LIMIT ) {
			return true;
		}
		if ( '' === $address ) {
			return false;
		}
		$by_address = (int) $wpdb->get_var(
			$wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE address_hash = %s AND failed_at > %d", self::address_hash( $address ), $since )
		);
		// phpcs:enable
		return $by_address >= self::ADDRESS_LIMIT;
	}

	/**
	 * Records a failed attempt.
	 *
	 * @param string   $username Email or login as typed.
	 * @param string   $address  Client address ('' when unknown).
	 * @param int|null $now      Current time; now when null.
	 * @return void
	 */
	public function record_failure( string $username, string $address, ?int $now = null ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- our own table.
		$wpdb->insert(
			self::table(),
			array(
				'account_hash' => self::account_hash( $username ),
				'address_hash' => '' === $address ? '' : self::address_hash( $address ),
				'failed_at'    => $now ?? time(),
			),
			array( '%s', '%s', '%d' )
		);
		if ( 1 === wp_rand( 1, self::PRUNE_ODDS ) ) {
			$this->prune( $now );
		}
	}

	/**
	 * Forgets the failures of an account from one address after a successful login there.
	 *
	 * @param string $username Email or login as typed.
	 * @param string $address  Client address ('' when unknown: nothing is forgotten).
	 * @return void
	 */
	public function record_success( string $username, string $address ): void {
		global $wpdb;
		if ( '' === $address ) {
			return;
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- our own table.
		$wpdb->delete(
			self::table(),
			array(
				'account_hash' => self::account_hash( $username ),
				'address_hash' => self::address_hash( $address ),
			),
			array( '%s', '%s' )
		);
	}

	/**
	 * Deletes the failures older than the window.
	 *
	 * @param int|null $now Current time; now when null.
	 * @return int Rows deleted.
	 */
	public function prune( ?int $now = null ): int {
		global $wpdb;
		$table = self::table();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table.
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE failed_at <= %d", ( $now ?? time() ) - self::WINDOW ) );
	}

	/**
	 * The client's address: REMOTE_ADDR, except behind a proxy on this machine or the private network (our
	 * development proxy, nginx), which appends the address it saw to X-Forwarded-For: then the last entry.
	 * Only a proxy we trust can be believed, hence the last entry, never the first. '' when nothing valid.
	 *
	 * @param array<string, mixed>|null $server Server variables; $_SERVER when null.
	 * @return string
	 */
	public static function client_address( ?array $server = null ): string {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- validated as an IP below.
		$server = $server ?? $_SERVER;
		$remote = isset( $server['REMOTE_ADDR'] ) && is_string( $server['REMOTE_ADDR'] ) ? self::valid_ip( $server['REMOTE_ADDR'] ) : '';
		$proxy  = '' !== $remote && false === filter_var( $remote, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE );
		if ( $proxy && isset( $server['HTTP_X_FORWARDED_FOR'] ) && is_string( $server['HTTP_X_FORWARDED_FOR'] ) ) {
			$entries   = explode( ',', $server['HTTP_X_FORWARDED_FOR'] );
			$forwarded = self::valid_ip( (string) end( $entries ) );
			if ( '' !== $forwarded ) {
				return $forwarded;
			}
		}
		return $remote;
	}

	/**
	 * An IP address given by a caller (the internal route's `ip` field), '' when it is not one.
	 *
	 * @param string $value Address.
	 * @return string
	 */
	public static function valid_ip( string $value ): string {
		$value = trim( $value );
		// "[::1]" and "::ffff:127.0.0.1" forms as proxies write them.
		$value = trim( $value, '[]' );
		return false === filter_var( $value, FILTER_VALIDATE_IP ) ? '' : strtolower( $value );
	}

	/**
	 * Keyed hash of the account a login name designates.
	 *
	 * @param string $username Email or login as typed.
	 * @return string
	 */
	private static function account_hash( string $username ): string {
		$name = strtolower( trim( $username ) );
		$user = '' === $name ? false : ( str_contains( $name, '@' ) ? get_user_by( 'email', $name ) : false );
		if ( ! $user && '' !== $name ) {
			$user = get_user_by( 'login', trim( $username ) );
		}
		$account = $user instanceof \WP_User ? 'user:' . $user->ID : 'name:' . $name;
		return hash_hmac( 'sha256', 'account|' . $account, wp_salt( 'auth' ) );
	}

	/**
	 * Keyed hash of a client address.
	 *
	 * @param string $address Address.
	 * @return string
	 */
	private static function address_hash( string $address ): string {
		return hash_hmac( 'sha256', 'address|' . strtolower( $address ), wp_salt( 'auth' ) );
	}
}
