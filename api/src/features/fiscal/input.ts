import type { FiscalInput } from '../../contract/index.ts';
import { badRequest } from '../../lib/errors.ts';
import {
	ABROAD,
	ITALY,
	findMunicipality,
	foreignState,
	isItalianProvince,
	isPlaceOf,
} from '../../places/index.ts';
import type { FiscalRecord } from './repository.ts';
import { ITALIAN_TAX_ID_LENGTH, fiscalStatusOf } from './verify.ts';

/** The tester's own data the profile is checked against (the base tab's). */
export interface TesterIdentity {
	name: string;
	surname: string;
	/** YYYY-MM-DD */
	birthDate: string | null;
}

export const MESSAGES = {
	birthDateMissing: 'Birth date is required, set it on base tab',
	cityNotFound:
		"We couldn't find a city with that name, please search again.",
	birthCityMissing: 'Birth city is a required field',
	birthCountryNotFound:
		"We couldn't find a country of birth with that name, please search again.",
	birthProvinceUnknown:
		'Birth province must be a province sigla, or EE for a birth abroad',
	provinceUnknown: 'Province must be the sigla of an Italian province',
	italianTaxIdLength: 'Tax id must be exactly 16 characters long',
	italianZip: 'Zip code must be 5 digits',
} as const;

const clean = ( text: string ) => text.trim().replace( /\s+/g, ' ' );

/**
 * The birth place as stored: an Italian municipality (current or former) of its province, with its cadastral
 * code, or a state abroad (province EE) with its Z code.
 *
 * @param birthPlace
 */
async function resolveBirthPlace(
	birthPlace: NonNullable< FiscalInput[ 'birthPlace' ] >
) {
	const province = birthPlace.province.trim().toUpperCase();
	const city = clean( birthPlace.city );
	if ( province === ABROAD ) {
		const state = await foreignState( city );
		if ( ! state ) {
			throw badRequest( MESSAGES.birthCountryNotFound );
		}
		return {
			birthCity: /^[A-Za-z]{2}$/.test( city ) ? city.toUpperCase() : city,
			birthProvince: ABROAD,
			birthPlaceCode: state.code,
		};
	}
	if ( ! isItalianProvince( province ) ) {
		throw badRequest( MESSAGES.birthProvinceUnknown );
	}
	const municipality = await findMunicipality( city, province, {
		includeFormer: true,
	} );
	if ( ! municipality ) {
		throw badRequest( MESSAGES.cityNotFound );
	}
	return {
		birthCity: municipality.name,
		birthProvince: province,
		birthPlaceCode: municipality.code,
	};
}

/**
 * The address as stored. Italy: a province sigla and a current municipality of it, a five-digit zip. Elsewhere: a
 * city the places search knows in that country.
 *
 * @param address
 */
async function resolveAddress( address: FiscalInput[ 'address' ] ) {
	const country = address.country.toUpperCase();
	const common = {
		addressCountry: country,
		addressStreet: clean( address.street ),
		addressStreetNumber: clean( address.streetNumber ),
		addressZip: clean( address.cityCode ),
	};
	if ( country !== ITALY ) {
		const city = clean( address.city );
		if ( ! ( await isPlaceOf( country, city ) ) ) {
			throw badRequest( MESSAGES.cityNotFound );
		}
		return {
			...common,
			addressProvince: clean( address.province ),
			addressCity: city,
		};
	}
	const province = address.province.trim().toUpperCase();
	if ( ! isItalianProvince( province ) ) {
		throw badRequest( MESSAGES.provinceUnknown );
	}
	const municipality = await findMunicipality( address.city, province );
	if ( ! municipality ) {
		throw badRequest( MESSAGES.cityNotFound );
	}
	if ( ! /^\d{5}$/.test( common.addressZip ) ) {
		throw badRequest( MESSAGES.italianZip );
	}
	return {
		...common,
		addressProvince: province,
		addressCity: municipality.name,
	};
}

/**
 * Checks the fiscal tab's form beyond what the contract's schema does (rules of the spec's section 5 "Fiscal")
 * and resolves it into the profile to store, verification status included.
 *
 * @param input
 * @param tester
 * @throws HttpError 400 naming the field.
 */
export async function resolveFiscalInput(
	input: FiscalInput,
	tester: TesterIdentity
): Promise< FiscalRecord > {
	if ( ! tester.birthDate ) {
		throw badRequest( MESSAGES.birthDateMissing );
	}
	const address = await resolveAddress( input.address );
	const italian = address.addressCountry === ITALY;
	const fiscalId = input.fiscalId.trim().toUpperCase();
	if ( italian && fiscalId.length !== ITALIAN_TAX_ID_LENGTH ) {
		throw badRequest( MESSAGES.italianTaxIdLength );
	}
	if ( italian && ! input.birthPlace ) {
		throw badRequest( MESSAGES.birthCityMissing );
	}
	const birthPlace = input.birthPlace
		? await resolveBirthPlace( input.birthPlace )
		: { birthCity: null, birthProvince: null, birthPlaceCode: null };
	const record: Omit< FiscalRecord, 'status' > = {
		// Only a tester resident in Italy chooses a type; anyone else is non-italian.
		type: italian ? input.type : 'non-italian',
		fiscalId,
		gender: input.gender,
		...birthPlace,
		...address,
	};
	return {
		...record,
		status: fiscalStatusOf( {
			...record,
			name: tester.name,
			surname: tester.surname,
			birthDate: tester.birthDate,
		} ),
	};
}
