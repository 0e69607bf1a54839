/**
 * A rank = 1 + the testers of the same month and level with more points, read from counts kept per bucket of
 * RANK_BUCKET_POINTS values (monthly_rank_buckets, 0007) and per points value (monthly_rank_counts, 0005): the
 * buckets above the tester's bucket plus the values above the tester's points inside it, a few dozen primary-key
 * rows whatever the number of testers or the spread of their points. Summing the values alone read ~600 rows for
 * the tester in the middle of the largest level (api/README.md "Reads at scale"). Shared by the rank summary, the
 * rank list and `GET /users/me` with `rank`.
 */
import { sql } from 'kysely';
import { bucketOf, RANK_BUCKET_POINTS } from '../../db/kept-counts.ts';
import { toInteger } from '../../db/values.ts';

/**
 * `YYYY-MM-01` of the month `now` falls in (UTC), or of a month before it.
 *
 * @param now
 * @param monthsBack
 */
export function monthOf( now: Date, monthsBack = 0 ): string {
	const date = new Date(
		Date.UTC( now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1 )
	);
	return date.toISOString().slice( 0, 10 );
}

/**
 * SQL for the testers ahead of the row `m` of tester_monthly_levels (same month and level, more points), or null
 * when `m` is not of `month`: a sum over buckets and over a bucket's point values, both ranges of primary keys.
 *
 * @param month
 */
export function aheadOf( month: string ) {
	const bucket = sql.raw( bucketOf( 'm.points' ) );
	return sql< number | string | null >`case when m.month = ${ month } then
		(select coalesce(sum(b.testers), 0) from monthly_rank_buckets b
			where b.month = m.month and b.level_id = m.level_id and b.bucket > ${ bucket })
		+ (select coalesce(sum(r.testers), 0) from monthly_rank_counts r
			where r.month = m.month and r.level_id = m.level_id and r.points > m.points
			and r.points < (${ bucket } + 1) * ${ sql.lit( RANK_BUCKET_POINTS ) })
		end`;
}

/**
 * A rank from a row's level and the testers ahead of it: none at level 0 or without a row of the month.
 *
 * @param levelId
 * @param ahead
 */
export const rankFrom = (
	levelId: number | null,
	ahead: number | string | null
): number | null =>
	levelId === null || levelId === 0 || ahead === null
		? null
		: 1 + toInteger( ahead );
