import { api } from '../../services/api';
import type { BugDetail } from '../../services/contract';

export const bugApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		getMyBug: build.query< BugDetail, number >( {
			query: ( bugId ) => ( { url: `/users/me/bugs/${ bugId }` } ),
			providesTags: ( _result, _error, bugId ) => [
				{ type: 'Bugs', id: bugId },
			],
		} ),
	} ),
} );

export const { useGetMyBugQuery } = bugApi;
