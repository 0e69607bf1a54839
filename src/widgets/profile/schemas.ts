import { object, string } from 'yup';

import { latestBirthDate, realBirthDate } from '../../lib/birth-date';
import { isValidPhone } from '../../lib/phone';

/** The enforced age cutoff of the birth date (spec section 5; the message still says 18, as the spec's does). */
export { MINIMUM_AGE, latestBirthDate, toIsoDate } from '../../lib/birth-date';
export { isValidPhone } from '../../lib/phone';

export const GENDERS = [ 'female', 'male', 'not-specified', 'other' ] as const;
export type Gender = ( typeof GENDERS )[ number ];

/** Yup messages are translation keys; the fields render them through `t`. */
export const BASE_MESSAGES = {
	required: 'profileBase.required',
	nameCharacters: 'profileBase.nameCharacters',
	emailRequired: 'profileBase.emailRequired',
	emailInvalid: 'profileBase.emailInvalid',
	birthDateInvalid: 'profileBase.birthDateInvalid',
	tooYoung: 'profileBase.tooYoung',
	phoneInvalid: 'profileBase.phoneInvalid',
} as const;

const isRealDate = ( iso: string ) => {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec( iso );
	if ( ! match ) {
		return false;
	}
	const [ year, month, day ] = match.slice( 1 ).map( Number );
	return realBirthDate( year, month, day ) !== null;
};

/** What the API refuses in a name (api/openapi.yaml `PersonName`), as the sign-up form checks it. */
const REFUSED_IN_NAMES = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}]|[<>&\\%]/u;

const personName = () =>
	string()
		.trim()
		.required( BASE_MESSAGES.required )
		.test(
			'characters',
			BASE_MESSAGES.nameCharacters,
			( value ) => ! REFUSED_IN_NAMES.test( value ?? '' )
		);

export interface BaseValues {
	name: string;
	surname: string;
	/** A gender, or empty when the tester never chose one. */
	gender: Gender | '';
	/** `YYYY-MM-DD`, or empty. */
	birthDate: string;
	phone: string;
	email: string;
	/** ISO 3166-1 alpha-2. */
	country: string;
	/** A place name the search resolved, or empty. */
	city: string;
	/** Option ids as strings (native select values), or empty. */
	profession: string;
	education: string;
}

export const baseSchema = object( {
	name: personName(),
	surname: personName(),
	gender: string(),
	birthDate: string()
		.required( BASE_MESSAGES.required )
		.test( 'date', BASE_MESSAGES.birthDateInvalid, ( value ) =>
			isRealDate( value ?? '' )
		)
		.test(
			'age',
			BASE_MESSAGES.tooYoung,
			( value ) => ! value || value <= latestBirthDate()
		),
	phone: string().test(
		'phone',
		BASE_MESSAGES.phoneInvalid,
		( value ) => ! value?.trim() || isValidPhone( value )
	),
	email: string()
		.trim()
		.required( BASE_MESSAGES.emailRequired )
		.email( BASE_MESSAGES.emailInvalid ),
	country: string().required( BASE_MESSAGES.required ),
	city: string(),
	profession: string(),
	education: string(),
} );

/** The fiscal types a tester may choose; `internal` is set by the company and cannot be chosen or edited. */
export const FISCAL_TYPES = [
	'non-italian',
	'withholding',
	'witholding-extra',
	'vat',
	'company',
] as const;
export type FiscalType = ( typeof FISCAL_TYPES )[ number ];

export const FISCAL_MESSAGES = {
	required: 'profileFiscal.required',
	cityRequired: 'profileFiscal.cityRequired',
	streetRequired: 'profileFiscal.streetRequired',
	birthDateRequired: 'profileFiscal.birthDateRequired',
	taxIdItalian: 'profileFiscal.taxIdItalian',
	taxIdForeign: 'profileFiscal.taxIdForeign',
	birthCityRequired: 'profileFiscal.birthCityRequired',
	birthCountryRequired: 'profileFiscal.birthCountryRequired',
} as const;

export interface FiscalValues {
	type: FiscalType | '';
	gender: 'male' | 'female' | '';
	/** From the base tab, shown read-only: the API takes them from the tester. */
	birthDate: string;
	bornInItaly: 'yes' | 'no';
	/** Born in Italy: the municipality and its province, as the places search gave them. */
	birthCity: string;
	birthProvince: string;
	/** Born abroad: the country, ISO alpha-2. */
	birthCountry: string;
	country: string;
	province: string;
	city: string;
	street: string;
	streetNumber: string;
	cityCode: string;
	fiscalId: string;
}

const whenBornInItaly = ( message: string ) =>
	string().when( 'bornInItaly', {
		is: 'yes',
		then: ( schema ) => schema.required( message ),
	} );

export const fiscalSchema = object( {
	type: string().required( FISCAL_MESSAGES.required ),
	gender: string().required( FISCAL_MESSAGES.required ),
	birthDate: string().required( FISCAL_MESSAGES.birthDateRequired ),
	birthCity: whenBornInItaly( FISCAL_MESSAGES.birthCityRequired ),
	birthCountry: string().when( 'bornInItaly', {
		is: 'no',
		then: ( schema ) =>
			schema.required( FISCAL_MESSAGES.birthCountryRequired ),
	} ),
	country: string().required( FISCAL_MESSAGES.required ),
	province: string().trim().required( FISCAL_MESSAGES.required ),
	city: string().trim().required( FISCAL_MESSAGES.cityRequired ),
	street: string().trim().required( FISCAL_MESSAGES.streetRequired ),
	streetNumber: string().trim().required( FISCAL_MESSAGES.required ),
	cityCode: string().trim().required( FISCAL_MESSAGES.required ),
	fiscalId: string()
		.trim()
		.required( FISCAL_MESSAGES.required )
		.when( 'country', {
			is: 'IT',
			then: ( schema ) =>
				schema.length( 16, FISCAL_MESSAGES.taxIdItalian ),
			otherwise: ( schema ) =>
				schema.max( 30, FISCAL_MESSAGES.taxIdForeign ),
		} ),
} );
