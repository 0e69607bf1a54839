import { api } from '../../services/api';
import type {
	ExperienceFilters,
	ExperiencePage,
	QueryOf,
} from '../../services/contract';

/** What the History table sends: every parameter, so the cache key says it all. */
export type ExperienceQuery = QueryOf< 'listMyExperience' >;

export type SortKey = NonNullable< ExperienceQuery[ 'orderBy' ] >;

export const experienceApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyExperience: build.query< ExperiencePage, ExperienceQuery >( {
			query: ( { filterBy, ...params } ) => ( {
				url: '/users/me/experience',
				params: { ...params, filterBy },
			} ),
			providesTags: [ 'Experience' ],
		} ),
		// The filter selects offer every campaign, activity and day of the whole history, whatever the table
		// shows: the API answers their distinct values in one read, however long the history.
		listMyExperienceFilters: build.query< ExperienceFilters, void >( {
			query: () => ( { url: '/users/me/experience/filters' } ),
			providesTags: [ 'Experience' ],
		} ),
	} ),
} );

export const { useListMyExperienceQuery, useListMyExperienceFiltersQuery } =
	experienceApi;
