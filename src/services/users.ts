import { api } from './api';
import type { AnswerOf, BodyOf } from './contract';
import type { Me, MeField } from './types';

/**
 * `GET /users/me` lives with the shared services rather than in a widget because every protected widget
 * asks it first (the login card depends on its 403).
 */
export const usersApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getMe: build.query< Me, readonly MeField[] >( {
			query: ( fields ) => ( {
				url: '/users/me',
				params: { fields: [ ...fields ].sort().join( ',' ) },
			} ),
			// Widgets asking for the same fields in another order share one request.
			serializeQueryArgs: ( { endpointName, queryArgs } ) =>
				`${ endpointName }(${ [ ...queryArgs ].sort().join( ',' ) })`,
			providesTags: [ 'Me' ],
		} ),
		updateMe: build.mutation<
			AnswerOf< 'updateMe' >,
			BodyOf< 'updateMe' >
		>( {
			query: ( changes ) => ( {
				url: '/users/me',
				method: 'PATCH',
				body: changes,
			} ),
			// "Patching the user refreshes user data" (the dashboard reads onboarding_completed from Me).
			invalidatesTags: [ 'Me' ],
		} ),
	} ),
} );

export const { useGetMeQuery, useUpdateMeMutation } = usersApi;
