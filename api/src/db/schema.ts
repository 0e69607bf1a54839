import type { ColumnType, Generated } from 'kysely';

/**
 * Row types as the drivers hand them over. The two engines disagree on the edges, so every "wide" column is
 * typed with what either may return and the repositories normalise:
 * - booleans are 0/1 integers on both (better-sqlite3 cannot bind JS booleans);
 * - big integers may come back as strings from mysql2 past 2^53, and COUNT/SUM as strings or bigints;
 * - dates and datetimes are strings on both (mysql2 runs with dateStrings), always UTC.
 */
type Flag = ColumnType< number, number | undefined, number >;
type Counter = ColumnType< number | string, number | undefined, number >;
type BigCounter = ColumnType<
	number | string | bigint,
	number | undefined,
	number
>;
type NullableBigCounter = ColumnType<
	number | string | bigint | null,
	number | null | undefined,
	number | null
>;
type Timestamp = ColumnType< string, string | undefined, string >;

export interface TestersTable {
	id: Generated< number >;
	wp_user_id: ColumnType< number | string, number, number >;
	email: string;
	name: string;
	surname: string;
	birth_date: string | null;
	country: string | null;
	image: string | null;
	onboarding_completed: Flag;
	is_verified: Flag;
	total_exp_pts: Counter;
	attended_cp: Counter;
	approved_bugs: Counter;
	booty_gross_cents: BigCounter;
	booty_net_cents: NullableBigCounter;
	pending_booty_gross_cents: BigCounter;
	pending_booty_net_cents: NullableBigCounter;
	booty_threshold_cents: Counter;
	referral_code: string | null;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface RateLimitHitsTable {
	bucket: string;
	window_start: ColumnType< number | string, number, number >;
	hits: Counter;
}

export interface Database {
	testers: TestersTable;
	rate_limit_hits: RateLimitHitsTable;
}
