export { ComboField, type ComboOption } from './combo-field';
export { PlaceField } from './place-field';
export type { Place } from './places-api';
export {
	PLACE_SEARCH_DEBOUNCE_MS,
	placeLabel,
	usePlaceSearch,
} from './use-place-search';
