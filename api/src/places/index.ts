import { PROVINCE } from 'codice-fiscale-js/src/lista-province.js';
import {
	ABROAD,
	findForeignState,
	loadItaly,
	type ForeignState,
	type ItalyData,
	type Municipality,
} from './italy.ts';
import { placeKey } from './normalise.ts';
import { loadWorld, type WorldData } from './world.ts';

/**
 * Offline places: Italy's municipalities (codice-fiscale-js, with cadastral codes and provinces) and every other
 * country's cities (country-state-city), searched by prefix, accents, case and punctuation aside. Each source is
 * loaded once per process, on its first use, without holding the event loop more than a few milliseconds at a
 * time; after that a search is a binary search.
 */

export { ABROAD, type ForeignState, type Municipality };
export { placeKey } from './normalise.ts';

export interface Place {
	/** Stable: `IT:F205` (a former municipality `IT:<code>:<name>`), `FR:ARA:Lyon`. */
	id: string;
	name: string;
	/** Italy: the province sigla; elsewhere the state's name. */
	province: string;
	/** ISO 3166-1 alpha-2. */
	country: string;
	/** Italy: the cadastral code. */
	code?: string;
}

export interface PlaceSearch {
	/** ISO 3166-1 alpha-2, any case. */
	country: string;
	/** The start of the name. */
	search: string;
	limit: number;
	/** Italy: also municipalities that no longer exist (birth places). */
	includeFormer?: boolean;
}

export const ITALY = 'IT';

/**
 * One load per process; a failed load is forgotten so the next call tries again.
 *
 * @param load
 */
function once< Data >( load: () => Promise< Data > ) {
	let loading: Promise< Data > | undefined;
	return () => {
		if ( ! loading ) {
			loading = load().catch( ( error: unknown ) => {
				loading = undefined;
				throw error;
			} );
		}
		return loading;
	};
}

const italyData = once< ItalyData >( loadItaly );
const worldData = once< WorldData >( loadWorld );

function municipalityPlace( municipality: Municipality ): Place {
	return {
		id: municipality.current
			? `${ ITALY }:${ municipality.code }`
			: `${ ITALY }:${ municipality.code }:${ municipality.name }`,
		name: municipality.name,
		province: municipality.province,
		country: ITALY,
		code: municipality.code,
	};
}

/**
 * Places of a country whose name starts with `search`, best first: exact matches, then the longer names in
 * alphabetical order. An unknown country has no places.
 *
 * @param query
 */
export async function searchPlaces( query: PlaceSearch ): Promise< Place[] > {
	const country = query.country.toUpperCase();
	const prefix = placeKey( query.search );
	if ( country === ITALY ) {
		const { municipalities } = await italyData();
		return municipalities
			.withPrefix(
				prefix,
				query.limit,
				( place ) => place.current || Boolean( query.includeFormer )
			)
			.map( municipalityPlace );
	}
	const cities = await ( await worldData() ).citiesOf( country );
	return cities
		.withPrefix( prefix, query.limit )
		.map( ( { id, name, province } ) => ( {
			id,
			name,
			province,
			country,
		} ) );
}

/**
 * Whether `cityName` is the name of a place of `country` (for Italy a current municipality), as the places search
 * would find it: accents, case and punctuation aside.
 *
 * @param country  ISO 3166-1 alpha-2, any case.
 * @param cityName
 */
export async function isPlaceOf(
	country: string,
	cityName: string
): Promise< boolean > {
	const code = country.toUpperCase();
	const key = placeKey( cityName );
	if ( ! /^[A-Z]{2}$/.test( code ) || ! key ) {
		return false;
	}
	if ( code === ITALY ) {
		const { municipalities } = await italyData();
		return municipalities.named( key ).some( ( place ) => place.current );
	}
	return (
		( await ( await worldData() ).citiesOf( code ) ).named( key ).length > 0
	);
}

/**
 * The Italian municipality of that name in that province, current ones before former ones.
 *
 * @param name
 * @param province              Sigla, any case.
 * @param options
 * @param options.includeFormer Also municipalities that no longer exist (a birth place).
 */
export async function findMunicipality(
	name: string,
	province: string,
	{ includeFormer = false }: { includeFormer?: boolean } = {}
): Promise< Municipality | null > {
	const { municipalities } = await italyData();
	const sigla = province.trim().toUpperCase();
	return (
		municipalities
			.named( placeKey( name ) )
			.find(
				( place ) =>
					place.province === sigla &&
					( place.current || includeFormer )
			) ?? null
	);
}

/**
 * The cadastral code of a current Italian municipality, e.g. ('Milano', 'MI') → 'F205'; null when there is none.
 *
 * @param name
 * @param province              Sigla.
 * @param options
 * @param options.includeFormer Also municipalities that no longer exist (a birth place).
 */
export async function italianMunicipality(
	name: string,
	province: string,
	options: { includeFormer?: boolean } = {}
): Promise< string | null > {
	return ( await findMunicipality( name, province, options ) )?.code ?? null;
}

/**
 * A foreign state as the tax code knows it (province EE), by ISO 3166-1 alpha-2 code or by name.
 *
 * @param countryOrName
 */
export async function foreignState(
	countryOrName: string
): Promise< ForeignState | null > {
	return findForeignState( await italyData(), countryOrName );
}

export interface Province {
	/** Sigla, e.g. MI. */
	code: string;
	name: string;
}

/** Italy's provinces that have current municipalities, by name: the choices of an Italian address. */
export async function italianProvinces(): Promise< Province[] > {
	const { currentProvinces } = await italyData();
	return Object.entries( PROVINCE )
		.filter( ( [ code ] ) => currentProvinces.has( code ) )
		.map( ( [ code, name ] ) => ( { code, name } ) )
		.sort( ( a, b ) => a.name.localeCompare( b.name, 'it' ) );
}

/**
 * Whether `province` is the sigla of an Italian province (current or former).
 *
 * @param province
 */
export const isItalianProvince = ( province: string ) =>
	province !== ABROAD && Object.hasOwn( PROVINCE, province );
