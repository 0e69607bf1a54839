import { api } from './api';
import type { LevelItem, RankLists, RankSummary } from './contract';

/**
 * The tester's ranking and the levels' rules. Shared services rather than a widget's endpoints because the
 * dashboard's performance card and the ranking page both show them: one cache entry serves both.
 */
export const rankingApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getMyRank: build.query< RankSummary, void >( {
			query: () => ( { url: '/users/me/rank' } ),
			providesTags: [ 'Rank' ],
		} ),
		getMyRankList: build.query< RankLists, void >( {
			query: () => ( { url: '/users/me/rank/list' } ),
			providesTags: [ 'Rank' ],
		} ),
		// The rules change with a release, not with the tester (the API caches them for five minutes too).
		listLevels: build.query< LevelItem[], void >( {
			query: () => ( { url: '/levels' } ),
			keepUnusedDataFor: 3600,
		} ),
	} ),
} );

export const { useGetMyRankQuery, useGetMyRankListQuery, useListLevelsQuery } =
	rankingApi;
