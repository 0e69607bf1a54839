import { api } from '../../services/api';
import type { AnswerOf, QueryOf } from '../../services/contract';

export type Place = AnswerOf< 'searchPlaces' >[ number ];
export type PlacesQuery = QueryOf< 'searchPlaces' >;

/** `GET /places`: the offline places search every city field uses (profile, fiscal profile, pre-selection form). */
export const placesApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		searchPlaces: build.query< Place[], PlacesQuery >( {
			query: ( params ) => ( { url: '/places', params } ),
		} ),
	} ),
} );

export const { useLazySearchPlacesQuery } = placesApi;
