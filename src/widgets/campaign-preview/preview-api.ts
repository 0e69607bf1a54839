import { api } from '../../services/api';
import type { CampaignArgs } from '../../services/campaigns';
import type { CampaignPreview } from '../../services/contract';

export type { CampaignArgs };
export {
	useGetMyCampaignPayoutDataQuery,
	useGetMyCampaignQuery,
} from '../../services/campaigns';

/** The preview page's own call (spec section 7, "Campaign preview"); the campaign and its payout are shared services. */
export const previewApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getMyCampaignPreview: build.query< CampaignPreview, CampaignArgs >( {
			query: ( { campaignId, locale } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/preview`,
				params: { locale },
			} ),
			// Applying invalidates it: the apply area then shows the new state.
			providesTags: ( _result, _error, { campaignId } ) => [
				{ type: 'Campaigns', id: campaignId },
			],
		} ),
	} ),
} );

export const { useGetMyCampaignPreviewQuery } = previewApi;
