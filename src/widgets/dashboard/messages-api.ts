import { api } from '../../services/api';
import type { Popup, QueryOf } from '../../services/contract';

/** A popup of the inbox; `content` is compressed (inbox/content.ts). */
export type { Popup };

/** `showExpired`: every popup of the tester, expired and seen ones included (the Inbox button). */
export type PopupsQuery = Required< QueryOf< 'listMyPopups' > >;

/**
 * The dashboard's onboarding and inbox calls (spec, section 7).
 */
export const messagesApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyPopups: build.query< Popup[], PopupsQuery >( {
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
		getMyPopup: build.mutation< Popup, number >( {
			query: ( popupId ) => ( { url: `/users/me/popups/${ popupId }` } ),
		} ),
	} ),
} );

export const { useListMyPopupsQuery, useGetMyPopupMutation } = messagesApi;
