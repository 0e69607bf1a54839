import type { Kysely, Transaction } from 'kysely';
import type {
	IdName,
	RankEntry,
	RankLists,
	RankSummary,
} from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { LastSeen } from '../../lib/last-seen.ts';
import { recordMonthlyPoints } from './monthly-points.ts';
import { PLACES_REMEMBERED, readRankLists } from './rank-list.ts';
import { PEERS_EACH_SIDE, TOPS, type Place } from './rank-seeks.ts';
import { readSummary } from './summary.ts';

export { aheadOf, monthOf, rankFrom } from './rank.ts';
export { PEERS_EACH_SIDE, TOPS };

export type LevelRef = IdName;
export type { RankEntry, RankLists, RankSummary };

export type RankingRepository = ReturnType< typeof createRankingRepository >;

/**
 * Monthly levels and ranks (migrations/0003-domain.ts tester_monthly_levels, 0005 monthly_rank_counts, 0007
 * monthly_rank_buckets). A rank is 1 + the testers of the same month and level with more points, read from the
 * counts kept per bucket and per points value (rank.ts). The summary is one statement over constant joins
 * (summary.ts); the lists are seeks along the ranking index (rank-seeks.ts) from the place the tester had at its
 * last list in this process, read again when it moved (rank-list.ts).
 *
 * @param db
 */
export function createRankingRepository( db: Kysely< Database > ) {
	// Only a hint: the list's statement reads the tester's place too, and seeks again when it moved.
	const lastPlaces = new LastSeen< number, Place >( PLACES_REMEMBERED );
	return {
		/**
		 * @param wpUserId The tester's WordPress user.
		 * @param now
		 * @return Undefined when the WordPress user has no tester.
		 */
		summary: (
			wpUserId: number,
			now: Date = new Date()
		): Promise< RankSummary | undefined > =>
			readSummary( db, wpUserId, now ),

		/**
		 * The month's top testers and the peers around the tester, self included. Ranking order: points
		 * descending, then tester id.
		 *
		 * @param wpUserId The tester's WordPress user.
		 * @param now
		 * @return Undefined when the WordPress user has no tester.
		 */
		lists: (
			wpUserId: number,
			now: Date = new Date()
		): Promise< RankLists | undefined > =>
			readRankLists( db, lastPlaces, wpUserId, now ),

		/**
		 * Adds `amount` to a tester's points of `month`, keeping monthly_rank_counts in step (monthly-points.ts).
		 *
		 * @param trx
		 * @param testerId
		 * @param month
		 * @param amount
		 * @param levelId  The level for a row that does not exist yet.
		 */
		recordMonthlyPoints: (
			trx: Transaction< Database >,
			testerId: number,
			month: string,
			amount: number,
			levelId = 0
		): Promise< void > =>
			recordMonthlyPoints( db, trx, testerId, month, amount, levelId ),
	};
}
