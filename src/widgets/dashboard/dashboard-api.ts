import { api } from '../../services/api';
import type { CampaignPage, CampaignQuery } from './types';

export const dashboardApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyCampaigns: build.query< CampaignPage, CampaignQuery >( {
			query: ( { filterBy, ...params } ) => ( {
				url: '/users/me/campaigns',
				params: { ...params, filterBy },
			} ),
			providesTags: [ 'Campaigns' ],
		} ),
	} ),
} );

export const { useListMyCampaignsQuery } = dashboardApi;
