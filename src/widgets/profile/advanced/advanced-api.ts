import { api } from '../../../services/api';
import type { AnswerOf } from '../../../services/contract';
import type {
	AdditionalBody,
	CatalogueCertification,
	CertificationFilter,
	CustomFieldGroup,
	NewCertification,
} from './types';

export const advancedApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listCustomUserFields: build.query< CustomFieldGroup[], void >( {
			query: () => ( { url: '/custom_user_fields' } ),
		} ),
		updateMyAdditional: build.mutation<
			AnswerOf< 'updateMyAdditional' >,
			{ fieldId: number; body: AdditionalBody }
		>( {
			query: ( { fieldId, body } ) => ( {
				url: `/users/me/additionals/${ fieldId }`,
				method: 'PUT',
				body,
			} ),
			invalidatesTags: [ 'Me' ],
		} ),
		listCertifications: build.query<
			CatalogueCertification[],
			CertificationFilter
		>( {
			query: ( filterBy ) => ( {
				url: '/certifications',
				params: { filterBy },
			} ),
		} ),
		addMyCertification: build.mutation<
			AnswerOf< 'addMyCertification' >,
			NewCertification
		>( {
			query: ( body ) => ( {
				url: '/users/me/certifications',
				method: 'POST',
				body,
			} ),
			invalidatesTags: [ 'Me', 'Certifications' ],
		} ),
		deleteMyCertification: build.mutation<
			AnswerOf< 'deleteMyCertification' >,
			number
		>( {
			query: ( certificationId ) => ( {
				url: `/users/me/certifications/${ certificationId }`,
				method: 'DELETE',
			} ),
			invalidatesTags: [ 'Me', 'Certifications' ],
		} ),
	} ),
} );

export const {
	useListCustomUserFieldsQuery,
	useUpdateMyAdditionalMutation,
	useListCertificationsQuery,
	useAddMyCertificationMutation,
	useDeleteMyCertificationMutation,
} = advancedApi;
