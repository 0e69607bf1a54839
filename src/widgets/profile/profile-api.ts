import { api } from '../../services/api';
import type {
	AnswerOf,
	BodyOf,
	FiscalProfile,
	IdName,
} from '../../services/contract';

export type Region = AnswerOf< 'listCountryRegions' >[ number ];
export type FiscalInput = BodyOf< 'createMyFiscal' >;
export type { FiscalProfile, IdName };

/** The fiscal profile is read by the wallet too, so its query is a shared service. */
export { useGetMyFiscalQuery } from '../../services/fiscal';

/**
 * The profile page's calls (spec section 7, the profile rows), named after the contract's operationIds.
 */
export const profileApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		confirmMyEmail: build.mutation<
			AnswerOf< 'confirmMyEmail' >,
			BodyOf< 'confirmMyEmail' >
		>( {
			query: ( body ) => ( {
				url: '/users/me/email_confirmation',
				method: 'POST',
				body,
			} ),
			invalidatesTags: [ 'Me' ],
		} ),
		createMyFiscal: build.mutation< FiscalProfile, FiscalInput >( {
			query: ( body ) => ( {
				url: '/users/me/fiscal',
				method: 'POST',
				body,
			} ),
			invalidatesTags: [ 'Fiscal' ],
		} ),
		updateMyFiscal: build.mutation<
			FiscalProfile,
			BodyOf< 'updateMyFiscal' >
		>( {
			query: ( body ) => ( {
				url: '/users/me/fiscal',
				method: 'PUT',
				body,
			} ),
			invalidatesTags: [ 'Fiscal' ],
		} ),
		listCountryRegions: build.query< Region[], string >( {
			query: ( code ) => ( {
				url: `/countries/${ encodeURIComponent( code ) }/region`,
			} ),
		} ),
		listLanguages: build.query< IdName[], void >( {
			query: () => ( { url: '/languages' } ),
		} ),
		listEmployments: build.query< IdName[], void >( {
			query: () => ( { url: '/employments' } ),
		} ),
		listEducation: build.query< IdName[], void >( {
			query: () => ( { url: '/education' } ),
		} ),
		addMyLanguages: build.mutation<
			AnswerOf< 'addMyLanguages' >,
			BodyOf< 'addMyLanguages' >
		>( {
			query: ( names ) => ( {
				url: '/users/me/languages',
				method: 'POST',
				body: names,
			} ),
			invalidatesTags: [ 'Me', 'Languages' ],
		} ),
		replaceMyLanguages: build.mutation<
			AnswerOf< 'replaceMyLanguages' >,
			BodyOf< 'replaceMyLanguages' >
		>( {
			query: ( names ) => ( {
				url: '/users/me/languages',
				method: 'PUT',
				body: names,
			} ),
			invalidatesTags: [ 'Me', 'Languages' ],
		} ),
		deleteMyLanguage: build.mutation<
			AnswerOf< 'deleteMyLanguage' >,
			number
		>( {
			query: ( languageId ) => ( {
				url: `/users/me/languages/${ languageId }`,
				method: 'DELETE',
			} ),
			invalidatesTags: [ 'Me', 'Languages' ],
		} ),
	} ),
} );

export const {
	useConfirmMyEmailMutation,
	useCreateMyFiscalMutation,
	useUpdateMyFiscalMutation,
	useListCountryRegionsQuery,
	useListLanguagesQuery,
	useListEmploymentsQuery,
	useListEducationQuery,
	useAddMyLanguagesMutation,
	useReplaceMyLanguagesMutation,
	useDeleteMyLanguageMutation,
} = profileApi;
