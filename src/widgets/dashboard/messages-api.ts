import { api } from '../../services/api';

/** A popup of the inbox as `GET /users/me/popups` lists it; `content` is compressed (inbox/content.ts). */
export interface Popup {
	id: number;
	title: string;
	content: string;
	/** Reported as seen as soon as it is shown; otherwise the tester dismisses it. */
	once: boolean;
}

export interface PopupsQuery {
	/** Every popup of the tester, expired and seen ones included (the Inbox button). */
	showExpired: boolean;
}

/**
 * The dashboard's onboarding and inbox calls (spec, section 7).
 */
export const messagesApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getPopups: build.query< Popup[], PopupsQuery >( {
			// The spec treats a 404 on the list as "no popups", not as a failure.
			async queryFn( { showExpired }, _api, _extraOptions, baseQuery ) {
				const result = await baseQuery( {
					url: '/users/me/popups',
					params: showExpired ? { showExpired: true } : undefined,
				} );
				if ( result.error ) {
					return result.error.status === 404
						? { data: [] }
						: { error: result.error };
				}
				return {
					data: Array.isArray( result.data )
						? ( result.data as Popup[] )
						: [],
				};
			},
			providesTags: [ 'Popups' ],
		} ),
		// Reading one popup is what records it as seen. Nothing is invalidated: refetching the list of
		// unseen popups would pull the page being read out from under the tester.
		markPopupSeen: build.mutation< Popup, number >( {
			query: ( popupId ) => ( { url: `/users/me/popups/${ popupId }` } ),
		} ),
		completeOnboarding: build.mutation<
			{ id: number; onboarding_completed: boolean },
			void
		>( {
			query: () => ( {
				url: '/users/me',
				method: 'PATCH',
				body: { onboarding_completed: true },
			} ),
			// "Patching the user refreshes user data": the dashboard reads onboarding_completed from Me.
			invalidatesTags: [ 'Me' ],
		} ),
	} ),
} );

export const {
	useGetPopupsQuery,
	useMarkPopupSeenMutation,
	useCompleteOnboardingMutation,
} = messagesApi;
