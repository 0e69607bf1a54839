import { useCallback, useEffect, useRef } from '@wordpress/element';

import type { ComboOption } from './combo-field';
import { useLazySearchPlacesQuery, type Place } from './places-api';

/** Typing pauses this long before the places search runs. */
export const PLACE_SEARCH_DEBOUNCE_MS = 300;

export const placeLabel = ( place: Place ) =>
	place.province ? `${ place.name } (${ place.province })` : place.name;

/**
 * `loadOptions` for a react-select searching `GET /places` in one country, debounced: react-select ignores the
 * answers of superseded searches, so an abandoned one resolves empty.
 *
 * @param country ISO alpha-2 of the country to search in; no search without one.
 */
export function usePlaceSearch( country: string ) {
	const [ searchPlaces ] = useLazySearchPlacesQuery();
	const pending = useRef< {
		timer: ReturnType< typeof setTimeout >;
		resolve: ( options: ComboOption[] ) => void;
	} | null >( null );

	const cancel = () => {
		if ( pending.current ) {
			clearTimeout( pending.current.timer );
			pending.current.resolve( [] );
			pending.current = null;
		}
	};
	useEffect( () => cancel, [] );

	return useCallback(
		( search: string ): Promise< ComboOption[] > => {
			cancel();
			const term = search.trim();
			if ( ! country || term === '' ) {
				return Promise.resolve( [] );
			}
			return new Promise( ( resolve ) => {
				const timer = setTimeout( async () => {
					pending.current = null;
					try {
						const places = await searchPlaces(
							{ country, search: term, limit: 10 },
							true
						).unwrap();
						resolve(
							places.map( ( place ) => ( {
								value: place.id,
								label: placeLabel( place ),
								place,
							} ) )
						);
					} catch {
						resolve( [] );
					}
				}, PLACE_SEARCH_DEBOUNCE_MS );
				pending.current = { timer, resolve };
			} );
		},
		[ country, searchPlaces ]
	);
}
