import { api } from '../../services/api';
import type { ApiError } from '../../services/api-error';
import { request } from '../../services/transport';
import type { TransportState } from '../../services/transport-state';

/** `POST /users` (api/openapi.yaml, `SignUp`). */
export interface SignUpBody {
	email: string;
	password: string;
	name: string;
	surname: string;
	/** `YYYY-MM-DD`. */
	birthDate: string;
	/** ISO 3166-1 alpha-2. */
	country: string;
	referral?: string;
}

export interface SignUpResult {
	id: number;
	wp_user_id: number;
	email: string;
	name: string;
	surname: string;
}

export const signupApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		/**
		 * `HEAD /users/by-email/{email}`: resolves true when the email is taken (200), false when it is free
		 * (404). A mutation rather than a query: the answer can change at any moment, so it is never cached.
		 * HEAD carries no body, which the JSON base query would call malformed, so this goes straight through
		 * the transport.
		 */
		checkEmailTaken: build.mutation< boolean, string >( {
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
		signUp: build.mutation< SignUpResult, SignUpBody >( {
			query: ( body ) => ( { url: '/users', method: 'POST', body } ),
		} ),
	} ),
} );

export const { useCheckEmailTakenMutation, useSignUpMutation } = signupApi;
