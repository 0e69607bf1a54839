import { fetchAllPages } from '../../services/all-pages';
import { api } from '../../services/api';
import type { BugItem, BugPage, QueryOf } from '../../services/contract';

/** What the table sends: every parameter, so the cache key says it all. */
export type BugQuery = QueryOf< 'listMyBugs' >;

export type SortKey = NonNullable< BugQuery[ 'orderBy' ] >;

export const myBugsApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyBugs: build.query< BugPage, BugQuery >( {
			query: ( { filterBy, ...params } ) => ( {
				url: '/users/me/bugs',
				params: { ...params, filterBy },
			} ),
			providesTags: [ 'Bugs' ],
		} ),
		// The spec's second call, newest first, feeds the Campaign select: read whole, so that a tester with
		// hundreds of bugs finds every campaign there, the latest first.
		listAllMyBugs: build.query< BugItem[], void >( {
			queryFn: ( _arg, _api, _extra, baseQuery ) =>
				fetchAllPages< BugItem >( baseQuery, {
					url: '/users/me/bugs',
					params: { orderBy: 'id', order: 'DESC' },
				} ),
			providesTags: [ 'Bugs' ],
		} ),
	} ),
} );

export const { useListMyBugsQuery, useListAllMyBugsQuery } = myBugsApi;
