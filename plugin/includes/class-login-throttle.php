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
 * every WordPress instance on the database, and says how long an attempt must wait — before any password is
 * checked (Login_Guard applies it to every login path). Within WINDOW seconds:
 * - one address guessing one account gets FREE_ATTEMPTS tries, then each further try must wait FIRST_DELAY seconds
 *   after the last failure, doubled at every failure up to MAX_DELAY (a refusal, never a sleeping worker);
 * - one address gets ADDRESS_LIMIT failures over all accounts;
 * - one account gets ACCOUNT_LIMIT failures over all addresses: high enough that an attacker needs many addresses
 *   to lock it, low enough to stop distributed guessing. The refusal offers the password reset, and a reset
 *   forgets the account's failures.
 *
 * One row per failure: when it happened, a keyed hash of the account and one of the address (nothing readable is
 * stored). The account is the user's id when the name given matches a user (so its email and its login share one
 * budget), else the name itself, trimmed and lowercased. A successful login removes only the failures of that
 * account from that same address: what other addresses tried still counts. Rows older than the window are
 * deleted now and then by the requests themselves (cron may be disabled).
 */
final class Login_Throttle {

	public const FREE_ATTEMPTS  = 5;
	public const FIRST_DELAY    = 15;
	public const MAX_DELAY      = 30 * MINUTE_IN_SECONDS;
	public const ACCOUNT_LIMIT  = 300;
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
	 * @param string   $address  Client address ('' when unknown).
	 * @param int|null $now      Current time; now when null.
	 * @return bool
	 */
	public function is_throttled( string $username, string $address, ?int $now = null ): bool {
		return $this->retry_after( $username, $address, $now ) > 0;
	}

	/**
	 * Seconds an attempt must wait before its password may be checked; 0 when it may be checked now.
	 *
	 * @param string   $username Email or login as typed.
	 * @param string   $address  Client address ('' when unknown: the account's failures without an address are
	 *                           its own "address").
	 * @param int|null $now      Current time; now when null.
	 * @return int
	 */
	public function retry_after( string $username, string $address, ?int $now = null ): int {
		global $wpdb;
		$now          = $now ?? time();
		$since        = $now - self::WINDOW;
		$table        = self::table();
		$account_hash = self::account_hash( $username );
		$address_hash = '' === $address ? '' : self::address_hash( $address );

		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- counters must be read fresh from our own table.
		$account = (int) $wpdb->get_var(
			$wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE account_hash = %s AND failed_at > %d", $account_hash, $since )
		);
		if ( $account >= self::ACCOUNT_LIMIT ) {
			return $this->until_below( 'account_hash', $account_hash, $account, self::ACCOUNT_LIMIT, $now );
		}
		if ( '' !== $address_hash ) {
			$by_address = (int) $wpdb->get_var(
				$wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE address_hash = %s AND failed_at > %d", $address_hash, $since )
			);
			if ( $by_address >= self::ADDRESS_LIMIT ) {
				return $this->until_below( 'address_hash', $address_hash, $by_address, self::ADDRESS_LIMIT, $now );
			}
		}
		$pair = $wpdb->get_row(
			$wpdb->prepare( "SELECT COUNT(*) AS failures, MAX(failed_at) AS last_failed_at FROM {$table} WHERE account_hash = %s AND address_hash = %s AND failed_at > %d", $account_hash, $address_hash, $since ),
			ARRAY_A
		);
		// phpcs:enable
		$failures = is_array( $pair ) ? (int) $pair['failures'] : 0;
		if ( $failures < self::FREE_ATTEMPTS ) {
			return 0;
		}
		return max( 0, (int) $pair['last_failed_at'] + self::delay( $failures ) - $now );
	}

	/**
	 * The wait after the last of a number of failures of one account from one address.
	 *
	 * @param int $failures Failures within the window (at least FREE_ATTEMPTS).
	 * @return int Seconds.
	 */
	public static function delay( int $failures ): int {
		$doublings = max( 0, $failures - self::FREE_ATTEMPTS );
		return $doublings >= 20 ? self::MAX_DELAY : min( self::MAX_DELAY, self::FIRST_DELAY * ( 2 ** $doublings ) );
	}

	/**
	 * Forgets every failure of an account (after its password was reset by its owner).
	 *
	 * @param string $username Email or login.
	 * @return void
	 */
	public function forget_account( string $username ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- our own table.
		$wpdb->delete( self::table(), array( 'account_hash' => self::account_hash( $username ) ), array( '%s' ) );
	}

	/**
	 * Seconds until a count over a limit falls below it, as the oldest failures leave the window.
	 *
	 * @param string $column account_hash or address_hash.
	 * @param string $hash   Its value.
	 * @param int    $count  Failures within the window.
	 * @param int    $limit  The limit.
	 * @param int    $now    Current time.
	 * @return int
	 */
	private function until_below( string $column, string $hash, int $count, int $limit, int $now ): int {
		global $wpdb;
		$table = self::table();
		$where = 'account_hash' === $column ? 'account_hash = %s' : 'address_hash = %s';
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- our own table; the column is one of two literals.
		$expires = (int) $wpdb->get_var( $wpdb->prepare( "SELECT failed_at FROM {$table} WHERE {$where} AND failed_at > %d ORDER BY failed_at ASC LIMIT 1 OFFSET %d", $hash, $now - self::WINDOW, $count - $limit ) );
		return max( 1, $expires + self::WINDOW - $now + 1 );
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
	 * The client's address of the current request: REMOTE_ADDR, or from X-Forwarded-For behind a trusted proxy
	 * (Client_Address, setting CROWDSCOUT_TRUSTED_PROXIES). '' when nothing valid.
	 *
	 * @param array<string, mixed>|null $server  Server variables; $_SERVER when null.
	 * @param string[]|null             $trusted Trusted proxies; the setting's when null.
	 * @return string
	 */
	public static function client_address( ?array $server = null, ?array $trusted = null ): string {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- validated as IPs by Client_Address.
		return Client_Address::from_server( $server ?? $_SERVER, $trusted ?? Plugin::instance()->settings()->trusted_proxies() );
	}

	/**
	 * An IP address given by a caller (the internal route's `ip` field), '' when it is not one.
	 *
	 * @param string $value Address.
	 * @return string
	 */
	public static function valid_ip( string $value ): string {
		return Client_Address::valid_ip( $value );
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
