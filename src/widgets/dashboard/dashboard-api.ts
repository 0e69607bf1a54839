import { api } from '../../services/api';
import type { CampaignPage, CampaignQuery, RankSummary } from './types';

export const dashboardApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyCampaigns: build.query< CampaignPage, CampaignQuery >( {
			query: ( { filterBy, ...params } ) => ( {
				url: '/users/me/campaigns',
				params: { ...params, filterBy },
			} ),
			providesTags: [ 'Campaigns' ],
		} ),
		getMyRank: build.query< RankSummary, void >( {
			query: () => ( { url: '/users/me/rank' } ),
			providesTags: [ 'Rank' ],
		} ),
	} ),
} );

export const { useListMyCampaignsQuery, useGetMyRankQuery } = dashboardApi;
