import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { placeKey } from './normalise.ts';
import { PrefixIndex, mapInSlices, type IndexedPlace } from './prefix-index.ts';

/**
 * The other countries from country-state-city. Its city list is one 8 MB JSON array of
 * `[name, countryCode, stateCode, latitude, longitude]` sorted by country; decoding and parsing all of it costs
 * some 90 ms of one core, so it is read as bytes (off the event loop), a country's run of records is found by
 * binary search on the bytes, and only that run is decoded and parsed, the first time someone searches that
 * country.
 */

export interface City extends IndexedPlace {
	/** `FR:ARA:Lyon`: stable across releases as long as the name and state are. */
	id: string;
	country: string;
	/** The state's name, or its code when the package has no state of that code. */
	province: string;
}

type CityRecord = [ string, string, string, string, string ];

const require = createRequire( import.meta.url );
const assetPath = ( name: string ) =>
	require.resolve( `country-state-city/lib/assets/${ name }.json` );

export interface WorldData {
	/** A country's cities, built on its first search. */
	citiesOf: ( country: string ) => Promise< PrefixIndex< City > >;
}

export async function loadWorld(): Promise< WorldData > {
	const [ file, statesText ] = await Promise.all( [
		readFile( assetPath( 'city' ) ),
		readFile( assetPath( 'state' ), 'utf8' ),
	] );
	const states = new Map< string, string >(
		(
			JSON.parse( statesText ) as Array< {
				name: string;
				isoCode: string;
				countryCode: string;
			} >
		 ).map( ( state ) => [
			`${ state.countryCode }:${ state.isoCode }`,
			state.name,
		] )
	);
	const built = new Map< string, Promise< PrefixIndex< City > > >();

	async function build( country: string ): Promise< PrefixIndex< City > > {
		const records = recordsOf( file, country );
		const seen = new Set< string >();
		const cities = await mapInSlices(
			records,
			( [ name, , stateCode ] ): City | undefined => {
				const id = `${ country }:${ stateCode }:${ name }`;
				if ( seen.has( id ) ) {
					return undefined;
				}
				seen.add( id );
				return {
					id,
					key: placeKey( name ),
					name,
					country,
					province:
						states.get( `${ country }:${ stateCode }` ) ??
						stateCode,
				};
			}
		);
		return new PrefixIndex( cities, ( a, b ) =>
			a.province < b.province ? -1 : Number( a.province > b.province )
		);
	}

	return {
		citiesOf( country ) {
			let index = built.get( country );
			if ( ! index ) {
				index = build( country );
				built.set( country, index );
			}
			return index;
		},
	};
}

interface RecordSpan {
	start: number;
	country: string;
}

/**
 * The first record starting at or after `position`. The file holds no escapes and no `["` or `"]` inside a value
 * (checked by the places tests), so a record is the text from one `["` to the next `"]`.
 *
 * @param file
 * @param position
 */
function recordFrom( file: Buffer, position: number ): RecordSpan | undefined {
	const start = file.indexOf( '["', position );
	if ( start < 0 ) {
		return undefined;
	}
	const countryStart = file.indexOf( '","', start ) + 3;
	return {
		start,
		country: file.toString(
			'latin1',
			countryStart,
			file.indexOf( '"', countryStart )
		),
	};
}

/**
 * Where the first record of a country at or after `country` (or, with `after`, past it) starts.
 *
 * @param file
 * @param country
 * @param after
 */
function boundary( file: Buffer, country: string, after: boolean ): number {
	let low = 0;
	let high = file.length;
	while ( low < high ) {
		const middle = Math.floor( ( low + high ) / 2 );
		const record = recordFrom( file, middle );
		if ( ! record || record.start >= high ) {
			high = middle;
		} else if (
			after ? record.country <= country : record.country < country
		) {
			low = record.start + 1;
		} else {
			high = record.start;
		}
	}
	return recordFrom( file, low )?.start ?? file.length;
}

/**
 * @param file    city.json, undecoded: only the country's run is ever decoded.
 * @param country ISO 3166-1 alpha-2.
 */
export function recordsOf( file: Buffer, country: string ): CityRecord[] {
	const first = boundary( file, country, false );
	const past = boundary( file, country, true );
	if ( first >= past ) {
		return [];
	}
	const run = file.toString(
		'utf8',
		first,
		file.lastIndexOf( '"]', past - 1 ) + 2
	);
	return JSON.parse( `[${ run }]` ) as CityRecord[];
}
