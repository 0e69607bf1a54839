import type { Locale } from '../lib/locale';
import { api } from './api';
import type { CampaignDetail, PayoutData } from './contract';

export interface CampaignArgs {
	campaignId: number;
	locale: Locale;
}

/**
 * One campaign as the tester sees it, and its payout data. Shared services rather than a widget's endpoints
 * because the preview (its payout and bug-type blocks) and the manual both read them: one cache entry serves both.
 * Applying and starting invalidate the campaign's tag.
 */
export const campaignsApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getMyCampaign: build.query< CampaignDetail, CampaignArgs >( {
			query: ( { campaignId, locale } ) => ( {
				url: `/users/me/campaigns/${ campaignId }`,
				params: { locale },
			} ),
			providesTags: ( _result, _error, { campaignId } ) => [
				{ type: 'Campaigns', id: campaignId },
			],
		} ),
		getMyCampaignPayoutData: build.query< PayoutData, number >( {
			query: ( campaignId ) => ( {
				url: `/users/me/campaigns/${ campaignId }/payout_data`,
			} ),
			providesTags: ( _result, _error, campaignId ) => [
				{ type: 'Campaigns', id: campaignId },
			],
		} ),
	} ),
} );

export const { useGetMyCampaignQuery, useGetMyCampaignPayoutDataQuery } =
	campaignsApi;
