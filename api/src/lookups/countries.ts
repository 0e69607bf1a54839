import { createRequire } from 'node:module';
import { allCountries } from 'country-region-data';
import countries from 'i18n-iso-countries/index.js';

/**
 * Countries (`i18n-iso-countries`) and their first-level regions (`country-region-data`). Neither has a table:
 * both packages are the source of truth and change with their releases, not with our migrations.
 */

/** The product's locales; anything else falls back to English. */
export const COUNTRY_NAME_LANGUAGES = [ 'en', 'it', 'es', 'fr' ] as const;

// The locale files are JSON; require keeps them loadable under tsx and a compiled build alike.
const require = createRequire( import.meta.url );
for ( const language of COUNTRY_NAME_LANGUAGES ) {
	countries.registerLocale(
		require( `i18n-iso-countries/langs/${ language }.json` )
	);
}

export interface Country {
	/** ISO 3166-1 alpha-2, upper case. */
	code: string;
	name: string;
}

export interface Region {
	name: string;
	/** The package's short code: ISO 3166-2 subdivision code where one exists (e.g. `65` for Abruzzo). */
	code: string;
}

function nameLanguage( languageCode: string ): string {
	const language = languageCode.toLowerCase().slice( 0, 2 );
	return ( COUNTRY_NAME_LANGUAGES as readonly string[] ).includes( language )
		? language
		: 'en';
}

/**
 * Every country with its name in the given language, sorted by that name.
 *
 * @param languageCode
 */
export function countriesIn( languageCode = 'en' ): Country[] {
	const language = nameLanguage( languageCode );
	return Object.entries(
		countries.getNames( language, { select: 'official' } )
	)
		.map( ( [ code, name ] ) => ( { code, name } ) )
		.sort( ( a, b ) => a.name.localeCompare( b.name, language ) );
}

const REGIONS = new Map< string, Region[] >(
	allCountries.map( ( [ , countryCode, regions ] ) => [
		countryCode.toUpperCase(),
		regions.map( ( [ name, code ] ) => ( { name, code: code ?? '' } ) ),
	] )
);

/**
 * The regions of a country, sorted by name; null for a code the package does not know. Region names come in
 * the package's one language (English or the local name), so `languageCode` only chooses the collation.
 *
 * @param countryCode  ISO 3166-1 alpha-2, any case.
 * @param languageCode
 */
export function regionsOf(
	countryCode: string,
	languageCode = 'en'
): Region[] | null {
	const regions = REGIONS.get( countryCode.toUpperCase() );
	if ( ! regions ) {
		return null;
	}
	const language = nameLanguage( languageCode );
	return [ ...regions ].sort( ( a, b ) =>
		a.name.localeCompare( b.name, language )
	);
}

/** How many regions the package lists for each country (tests and seeds). */
export const REGION_COUNTS: ReadonlyMap< string, number > = new Map(
	[ ...REGIONS ].map( ( [ code, regions ] ) => [ code, regions.length ] )
);
