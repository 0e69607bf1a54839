import { api } from '../../services/api';
import type { ApiError } from '../../services/api-error';
import type { BodyOf, SignUpResult } from '../../services/contract';
import { request } from '../../services/transport';
import type { TransportState } from '../../services/transport-state';

/** `POST /users` (`SignUp`). */
export type SignUpBody = BodyOf< 'createUser' >;

export type { SignUpResult };

export const signupApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		/**
		 * `HEAD /users/by-email/{email}`: resolves true when the email is taken (200), false when it is free
		 * (404). A mutation rather than a query: the answer can change at any moment, so it is never cached.
		 * HEAD carries no body, which the JSON base query would call malformed, so this goes straight through
		 * the transport.
		 */
		checkEmail: build.mutation< boolean, string >( {
			queryFn: async ( email, { getState } ) => {
				const { apiBase } = ( getState() as TransportState ).config;
				const result = await request( {
					url: `${ apiBase }/users/by-email/${ encodeURIComponent(
						email
					) }`,
					method: 'HEAD',
				} );
				if ( result.response ) {
					return { data: true };
				}
				if ( result.error.status === 404 ) {
					return { data: false };
				}
				return { error: result.error as ApiError };
			},
		} ),
		createUser: build.mutation< SignUpResult, SignUpBody >( {
			query: ( body ) => ( { url: '/users', method: 'POST', body } ),
		} ),
	} ),
} );

export const { useCheckEmailMutation, useCreateUserMutation } = signupApi;
