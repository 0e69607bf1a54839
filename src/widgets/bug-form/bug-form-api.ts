import { api } from '../../services/api';
import type {
	AnswerOf,
	BugCreated,
	BugInput,
	BugPayouts,
	Device,
	SimilarBug,
} from '../../services/contract';

export { useGetMyCampaignQuery } from '../../services/campaigns';

/** A title search of the duplicate hint. */
export interface SimilarArgs {
	campaignId: number;
	title: string;
}

/**
 * The bug form's calls (spec section 7: "Create bug", "Media delete (bug)"; the duplicate hint and the payout
 * estimator). The upload itself goes through XMLHttpRequest for its progress (src/lib/upload-media.ts).
 */
export const bugFormApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		// The tester's devices; the API answers 404 when there is none, which the form shows as its own page.
		listMyBugFormDevices: build.query< Device[], void >( {
			async queryFn( _arg, _api, _extraOptions, baseQuery ) {
				const result = await baseQuery( { url: '/users/me/devices' } );
				if ( result.error ) {
					return result.error.status === 404
						? { data: [] }
						: { error: result.error };
				}
				return { data: result.data as Device[] };
			},
			providesTags: [ 'Devices' ],
		} ),
		createMyBug: build.mutation<
			BugCreated,
			{ campaignId: number; body: BugInput }
		>( {
			query: ( { campaignId, body } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/bugs`,
				method: 'POST',
				body,
			} ),
			// The tester's bug lists (my-bugs, the duplicate hint) and the campaign's bug counts (manual side card).
			invalidatesTags: ( _result, _error, { campaignId } ) => [
				'Bugs',
				{ type: 'Campaigns', id: campaignId },
			],
		} ),
		deleteMyMedia: build.mutation< AnswerOf< 'deleteMyMedia' >, string >( {
			query: ( url ) => ( {
				url: '/media',
				method: 'DELETE',
				body: { url },
			} ),
		} ),
		listMySimilarBugs: build.query< SimilarBug[], SimilarArgs >( {
			query: ( { campaignId, title } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/bugs/similar`,
				params: { title },
			} ),
			transformResponse: ( list: AnswerOf< 'listMySimilarBugs' > ) =>
				list.items,
			providesTags: [ 'Bugs' ],
		} ),
		getMyBugPayouts: build.query< BugPayouts, number >( {
			query: ( campaignId ) => ( {
				url: `/users/me/campaigns/${ campaignId }/bug_payouts`,
			} ),
			providesTags: ( _result, _error, campaignId ) => [
				{ type: 'Campaigns', id: campaignId },
			],
		} ),
	} ),
} );

export const {
	useListMyBugFormDevicesQuery,
	useCreateMyBugMutation,
	useDeleteMyMediaMutation,
	useListMySimilarBugsQuery,
	useGetMyBugPayoutsQuery,
} = bugFormApi;
