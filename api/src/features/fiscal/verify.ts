import pkg from 'codice-fiscale-js';
import type { StoredFiscalStatus } from './repository.ts';

/**
 * Whether a tax id belongs to the tester. Italian address: the Italian tax code (codice fiscale) computed by
 * codice-fiscale-js from name, surname, gender, birth date and birth place must be the one given, up to omocodia
 * (the digits the revenue agency replaces with letters when two people would share a code). Elsewhere: a
 * plausible tax id.
 */

// The package's CommonJS build exports `{ CodiceFiscale }`; its declarations describe a default export instead.
const { CodiceFiscale } = pkg as unknown as {
	CodiceFiscale: typeof pkg.default;
};

export interface FiscalFacts {
	/** ISO 3166-1 alpha-2 of the address. */
	addressCountry: string | null;
	fiscalId: string | null;
	gender: 'male' | 'female' | null;
	/** Cadastral code of the birth municipality, or the Z code of the state of birth. */
	birthPlaceCode: string | null;
	name: string;
	surname: string;
	/** YYYY-MM-DD */
	birthDate: string | null;
}

export const ITALIAN_TAX_ID_LENGTH = 16;
export const TAX_ID_MAX_LENGTH = 30;

/** Letters, digits, spaces and dashes, starting and ending with a letter or digit. */
const PLAUSIBLE_TAX_ID = /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/;

/** Positions of the code's digits (year, day, municipality number), and the letters omocodia puts there. */
const OMOCODIC_POSITIONS = [ 6, 7, 9, 10, 12, 13, 14 ];
const OMOCODIC_LETTERS = 'LMNPQRSTUV';

/**
 * The code with every omocodic letter back to its digit (check character left out).
 *
 * @param code 16 characters, upper case.
 */
function withDigits( code: string ): string {
	const characters = code.slice( 0, 15 ).split( '' );
	for ( const position of OMOCODIC_POSITIONS ) {
		const digit = OMOCODIC_LETTERS.indexOf( characters[ position ] );
		if ( digit >= 0 ) {
			characters[ position ] = String( digit );
		}
	}
	return characters.join( '' );
}

/** The letters of a name as the tax code reads them: accents dropped ("Nicolò" counts an O). */
const lettersOf = ( text: string ) =>
	text.normalize( 'NFD' ).replace( /\p{M}+/gu, '' );

/**
 * @param facts
 */
export function italianTaxIdMatches( facts: FiscalFacts ): boolean {
	const { fiscalId, gender, birthPlaceCode, birthDate } = facts;
	if ( ! fiscalId || ! gender || ! birthPlaceCode || ! birthDate ) {
		return false;
	}
	if ( ! CodiceFiscale.check( fiscalId ) ) {
		return false;
	}
	const [ year, month, day ] = birthDate.split( '-' ).map( Number );
	let expected: string;
	try {
		expected = CodiceFiscale.compute( {
			name: lettersOf( facts.name ),
			surname: lettersOf( facts.surname ),
			gender: gender === 'female' ? 'F' : 'M',
			day,
			month,
			year,
			// A cadastral or Z code is accepted in place of a name, and is unambiguous.
			birthplace: birthPlaceCode,
		} );
	} catch {
		return false;
	}
	return withDigits( fiscalId ) === withDigits( expected );
}

/**
 * @param facts
 */
export function fiscalStatusOf( facts: FiscalFacts ): StoredFiscalStatus {
	const verified =
		facts.addressCountry === 'IT'
			? italianTaxIdMatches( facts )
			: Boolean(
					facts.fiscalId &&
						facts.fiscalId.length <= TAX_ID_MAX_LENGTH &&
						PLAUSIBLE_TAX_ID.test( facts.fiscalId )
			  );
	return verified ? 'verified' : 'unverified';
}

export const statusLabel = ( status: StoredFiscalStatus ) =>
	status === 'verified' ? 'Verified' : 'Unverified';
