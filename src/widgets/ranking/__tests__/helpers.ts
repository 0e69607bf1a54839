import type {
	RankEntry,
	RankLists,
	RankSummary,
} from '../../../services/contract';
import type { ApiAnswer, FakeApi } from '../../../test-utils/fake-api';
import { DANA, LEVELS } from '../../../test-utils/fixtures';

export const GOLD = { id: 40, name: 'Gold' };

/** Dana at Gold, 340 points this month: 660 short of keeping it. */
export const RANK: RankSummary = {
	points: 340,
	rank: 5,
	level: GOLD,
	previousLevel: { id: 30, name: 'Silver' },
	prospect: {
		level: { id: 30, name: 'Silver' },
		maintenance: 660,
		next: { points: 660, level: GOLD },
	},
};

const entry = (
	position: number,
	name: string,
	monthlyExp: number,
	id = 100 + position
): RankEntry => ( {
	id,
	position,
	name,
	image: null,
	monthly_exp: monthlyExp,
} );

export const LISTS: RankLists = {
	tops: [
		entry( 1, 'Ada L.', 2400 ),
		entry( 2, 'Brian K.', 1800 ),
		entry( 3, 'Chiara R.', 1500 ),
	],
	peers: [
		entry( 3, 'Chiara R.', 1500 ),
		entry( 4, 'Diego M.', 900 ),
		entry( 5, 'Dana D.', 340, DANA.id ),
		entry( 6, 'Elif T.', 120 ),
	],
};

/**
 * Serves the ranking page's calls: the profile, the summary, the lists and the levels.
 *
 * @param api
 * @param options
 * @param options.rank  The summary's changes to RANK, or a whole answer.
 * @param options.lists The lists' answer.
 */
export function serveRanking(
	api: FakeApi,
	{
		rank = {},
		lists = { status: 200, body: LISTS },
	}: {
		rank?: Partial< RankSummary > | ApiAnswer< 'getMyRank' >;
		lists?: ApiAnswer< 'getMyRankList' >;
	} = {}
): FakeApi {
	const summary =
		'status' in rank
			? rank
			: { status: 200 as const, body: { ...RANK, ...rank } };
	return api
		.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( 'GET /users/me/rank', summary )
		.on( 'GET /users/me/rank/list', lists )
		.on( 'GET /levels', { status: 200, body: LEVELS } );
}
