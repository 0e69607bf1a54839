<?php
/**
 * Memory of the internal-channel nonces already used.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Remembers request nonces in the options table so that every PHP worker and every WordPress instance sharing
 * the database refuses a replay. One row per nonce (`crowdscout_rn_<nonce>`, value = when it was seen, not
 * autoloaded); rows older than the window are purged hourly by cron and, because cron spawning may be disabled,
 * now and then by the requests themselves.
 */
final class Replay_Guard {

	public const PREFIX     = 'crowdscout_rn_';
	public const WINDOW     = 600;
	public const CRON_HOOK  = 'crowdscout_purge_request_nonces';
	public const PURGE_ODDS = 50;

	/**
	 * Registers the cron handler and keeps the event scheduled.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( self::CRON_HOOK, array( $this, 'purge' ) );
		add_action( 'init', array( $this, 'schedule' ) );
	}

	/**
	 * Records a nonce. True when it was not seen within the window (the request may proceed), false for a replay.
	 *
	 * Atomic across workers: `add_option()` is not (it checks, then inserts "ON DUPLICATE KEY UPDATE"), so the row
	 * is written with INSERT IGNORE on the unique option_name and the affected-row count decides. A row left over
	 * from beyond the window is taken over by a conditional UPDATE, which is atomic too.
	 *
	 * @param string   $nonce Nonce (hex).
	 * @param int|null $now   Current time; now when null.
	 * @return bool
	 */
	public function remember( string $nonce, ?int $now = null ): bool {
		global $wpdb;
		$now  = $now ?? time();
		$name = self::PREFIX . strtolower( $nonce );

		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- must hit the database to be atomic.
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')",
				$name,
				self::stamp( $now )
			)
		);
		if ( 1 === $inserted ) {
			return true;
		}

		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- must hit the database to be atomic.
		$taken_over = $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value < %s",
				self::stamp( $now ),
				$name,
				self::stamp( $now - self::WINDOW )
			)
		);
		return 1 === $taken_over;
	}

	/**
	 * Deletes the nonces older than the window.
	 *
	 * @param int|null $now Current time; now when null.
	 * @return int Rows deleted.
	 */
	public function purge( ?int $now = null ): int {
		global $wpdb;
		$now = is_int( $now ) ? $now : time();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- bulk delete of our own rows.
		$deleted = $wpdb->query(
			$wpdb->prepare(
				"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND option_value < %s",
				$wpdb->esc_like( self::PREFIX ) . '%',
				self::stamp( $now - self::WINDOW )
			)
		);
		return (int) $deleted;
	}

	/**
	 * Purges once in PURGE_ODDS calls: enough to bound the table where cron never runs, cheap on average.
	 *
	 * @return void
	 */
	public function maybe_purge(): void {
		if ( 1 === wp_rand( 1, self::PURGE_ODDS ) ) {
			$this->purge();
		}
	}

	/**
	 * Deletes every stored nonce (uninstall).
	 *
	 * @return void
	 */
	public function forget_all(): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- bulk delete of our own rows.
		$wpdb->query(
			$wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%' )
		);
	}

	/**
	 * Schedules the hourly purge when it is not scheduled (the cron array is autoloaded: this is cheap).
	 *
	 * @return void
	 */
	public function schedule(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::CRON_HOOK );
		}
	}

	/**
	 * Removes the scheduled purge.
	 *
	 * @return void
	 */
	public function unschedule(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
	}

	/**
	 * Fixed-width decimal form of a time, so that the text column compares the same way on MySQL and SQLite.
	 *
	 * @param int $timestamp Unix seconds.
	 * @return string
	 */
	private static function stamp( int $timestamp ): string {
		return sprintf( '%012d', max( 0, $timestamp ) );
	}
}
