import countries from 'i18n-iso-countries/index.js';
import { createRequire } from 'node:module';
import { placeKey } from './normalise.ts';
import { PrefixIndex, mapInSlices, type IndexedPlace } from './prefix-index.ts';
import { properCaseItalian } from './proper-case.ts';

/**
 * Italy from codice-fiscale-js: every municipality with its cadastral (Belfiore) code and province, current and
 * former ones, and the foreign states the tax code writes with province EE.
 */

export interface Municipality extends IndexedPlace {
	/** Cadastral code, e.g. F205. */
	code: string;
	/** Province sigla, e.g. MI. */
	province: string;
	/** False for a municipality merged away or renamed: still a valid birth place, not an address. */
	current: boolean;
}

export interface ForeignState {
	/** The Z code the tax code carries for a birth abroad, e.g. Z110. */
	code: string;
	name: string;
}

export interface ItalyData {
	municipalities: PrefixIndex< Municipality >;
	/** Siglas of the provinces with current municipalities. */
	currentProvinces: Set< string >;
	foreignStates: Map< string, ForeignState >;
	/** ISO 3166-1 alpha-2 → the foreign state's entry. */
	foreignStatesByCountry: Map< string, ForeignState >;
}

export const ABROAD = 'EE';

/**
 * Countries whose Italian and English names differ from the cadastral list's (which says "Federazione Russa",
 * "Cina Repubblica Popolare", "Sudafricana Repubblica"…), and territories it lists under another name.
 */
const CODES_OF_COUNTRIES: Record< string, string > = {
	AI: 'Z529',
	AS: 'Z725',
	AW: 'Z501',
	BH: 'Z204',
	BM: 'Z400',
	BQ: 'Z501',
	CC: 'Z212',
	CF: 'Z308',
	CG: 'Z311',
	CK: 'Z703',
	CN: 'Z210',
	CW: 'Z501',
	CX: 'Z702',
	FJ: 'Z704',
	FK: 'Z609',
	FO: 'Z108',
	GF: 'Z607',
	GG: 'Z124',
	GU: 'Z706',
	IM: 'Z122',
	JE: 'Z124',
	KM: 'Z310',
	KY: 'Z530',
	LC: 'Z527',
	MH: 'Z711',
	MM: 'Z206',
	MP: 'Z710',
	MU: 'Z332',
	MY: 'Z247',
	NC: 'Z716',
	NF: 'Z715',
	NR: 'Z713',
	NU: 'Z714',
	PF: 'Z723',
	PM: 'Z403',
	PN: 'Z722',
	PR: 'Z518',
	PS: 'Z161',
	PW: 'Z734',
	RE: 'Z324',
	RU: 'Z154',
	SB: 'Z724',
	SC: 'Z342',
	SH: 'Z340',
	SS: 'Z907',
	ST: 'Z341',
	SX: 'Z501',
	SZ: 'Z349',
	TC: 'Z519',
	TK: 'Z727',
	VG: 'Z525',
	VI: 'Z520',
	WF: 'Z729',
	YT: 'Z360',
	ZA: 'Z347',
};

const require = createRequire( import.meta.url );
for ( const language of [ 'it', 'en' ] ) {
	countries.registerLocale(
		require( `i18n-iso-countries/langs/${ language }.json` )
	);
}

/**
 * Builds Italy's data; run once per process (see index.ts), in slices so that it never holds the event loop long.
 */
export async function loadItaly(): Promise< ItalyData > {
	const { COMUNI } = await import( 'codice-fiscale-js/src/lista-comuni.js' );
	const foreignStates = new Map< string, ForeignState >();
	const seen = new Set< string >();
	const municipalities = await mapInSlices(
		COMUNI,
		( [ code, province, upperName, current ] ):
			| Municipality
			| undefined => {
			if ( province === ABROAD ) {
				// "RUSSIA=FEDERAZIONE RUSSA": one state under two names. A state renamed keeps its code under both
				// rows; the current row wins a shared name.
				const aliases = upperName.split( '=' );
				for ( const alias of aliases ) {
					const key = placeKey( alias );
					if ( ! foreignStates.has( key ) || current ) {
						foreignStates.set( key, {
							code,
							name: properCaseItalian( aliases[ 0 ], province ),
						} );
					}
				}
				return undefined;
			}
			const key = placeKey( upperName );
			// The list repeats a few rows word for word.
			const identity = `${ code }|${ province }|${ key }|${ current }`;
			if ( seen.has( identity ) ) {
				return undefined;
			}
			seen.add( identity );
			return {
				key,
				name: properCaseItalian( upperName, province ),
				code,
				province,
				current: current === 1,
			};
		}
	);
	return {
		municipalities: new PrefixIndex(
			municipalities,
			( a, b ) => Number( b.current ) - Number( a.current )
		),
		currentProvinces: new Set(
			municipalities
				.filter( ( place ) => place.current )
				.map( ( place ) => place.province )
		),
		foreignStates,
		foreignStatesByCountry: foreignStatesByCountry( foreignStates ),
	};
}

function foreignStatesByCountry(
	foreignStates: Map< string, ForeignState >
): Map< string, ForeignState > {
	const byCode = new Map< string, ForeignState >();
	for ( const state of foreignStates.values() ) {
		byCode.set( state.code, state );
	}
	const byCountry = new Map< string, ForeignState >();
	for ( const country of Object.keys( countries.getAlpha2Codes() ) ) {
		if ( country === 'IT' ) {
			continue;
		}
		const override = CODES_OF_COUNTRIES[ country ];
		const names = [ 'it', 'en' ].flatMap(
			( language ) =>
				countries.getName( country, language, { select: 'all' } ) ?? []
		);
		const state = override
			? byCode.get( override )
			: names
					.map( ( name ) => foreignStates.get( placeKey( name ) ) )
					.find( Boolean );
		if ( state ) {
			byCountry.set( country, state );
		}
	}
	return byCountry;
}

/**
 * A state by ISO 3166-1 alpha-2 code or by name (the cadastral list's Italian name, or the country's Italian or
 * English name).
 *
 * @param italy
 * @param countryOrName
 */
export function findForeignState(
	italy: ItalyData,
	countryOrName: string
): ForeignState | null {
	const text = countryOrName.trim();
	if ( /^[A-Za-z]{2}$/.test( text ) ) {
		return italy.foreignStatesByCountry.get( text.toUpperCase() ) ?? null;
	}
	const named = italy.foreignStates.get( placeKey( text ) );
	if ( named ) {
		return named;
	}
	for ( const language of [ 'it', 'en' ] ) {
		const country = countries.getAlpha2Code( text, language );
		if ( country ) {
			return italy.foreignStatesByCountry.get( country ) ?? null;
		}
	}
	return null;
}
