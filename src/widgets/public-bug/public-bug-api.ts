import { api } from '../../services/api';
import type { PublicBug } from '../../services/contract';

export interface PublicBugArgs {
	bugId: number;
	token: string;
}

export const publicBugApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		// No login: the token in the address is the permission.
		getPublicBug: build.query< PublicBug, PublicBugArgs >( {
			query: ( { bugId, token } ) => ( {
				url: `/public/bugs/${ bugId }/${ encodeURIComponent( token ) }`,
			} ),
		} ),
	} ),
} );

export const { useGetPublicBugQuery } = publicBugApi;
