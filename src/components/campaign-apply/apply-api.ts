import type { Locale } from '../../lib/locale';
import { api } from '../../services/api';
import type {
	ApplicationInput,
	ApplicationResult,
	Device,
	PreselectionFormItem,
} from '../../services/contract';

export interface CampaignFormArgs {
	campaignId: number;
	locale: Locale;
}

/**
 * Applying to a campaign (spec section 7, "Pre-selection form" and "Compatible devices"): the questions, the
 * tester's devices the campaign accepts, and the application itself.
 */
export const applyApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getMyCampaignForm: build.query<
			PreselectionFormItem[],
			CampaignFormArgs
		>( {
			query: ( { campaignId, locale } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/forms`,
				params: { locale },
			} ),
			// Custom-field questions are prefilled from the profile ('Me' carries its custom values).
			providesTags: ( _result, _error, { campaignId } ) => [
				{ type: 'Campaigns', id: campaignId },
				'Me',
			],
		} ),
		listMyCompatibleDevices: build.query< Device[], number >( {
			query: ( campaignId ) => ( {
				url: `/users/me/campaigns/${ campaignId }/compatible_devices`,
			} ),
			providesTags: [ 'Devices' ],
		} ),
		applyToMyCampaign: build.mutation<
			ApplicationResult,
			{ campaignId: number; body: ApplicationInput }
		>( {
			query: ( { campaignId, body } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/forms`,
				method: 'POST',
				body,
			} ),
			// The campaign's preview and the dashboard's lists ('Campaigns', with and without an id) change state,
			// and custom-field answers are written to the profile ('Me').
			invalidatesTags: [ 'Campaigns', 'Me' ],
		} ),
	} ),
} );

export const {
	useGetMyCampaignFormQuery,
	useListMyCompatibleDevicesQuery,
	useApplyToMyCampaignMutation,
} = applyApi;
