import countries from 'i18n-iso-countries/index.js';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Schema } from '../../contract/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { normalisePersonName } from '../users/person-name.ts';
import {
	INVALID_COUNTRY_MESSAGE,
	INVALID_DATE_MESSAGE,
	MINIMUM_AGE_YEARS,
	isOldEnough,
} from '../users/sign-up.ts';
import {
	normaliseEmail,
	type Tester,
	type TesterChanges,
} from './repository.ts';

/** The body of PATCH and PUT /users/me, as the contract let it through. */
export type UserChangesInput = Schema< 'UserChanges' >;

export const PHONE_MESSAGE =
	'This is an invalid format. Should be formatted as +11000000000 or 0011000000000';
export const CITY_NOT_FOUND_MESSAGE =
	"We couldn't find a city with that name, please search again.";
export const BIRTH_DATE_AGE_MESSAGE = `Birth date: you must be at least ${ MINIMUM_AGE_YEARS } years old`;
export const COUNTRY_MISMATCH_MESSAGE =
	'Country and countryCode must name the same country';
export const PASSWORDS_TOGETHER_MESSAGE =
	'oldPassword and password must be sent together';
export const UNKNOWN_PROFESSION_MESSAGE =
	'Profession must be an id of the employments list';
export const UNKNOWN_EDUCATION_MESSAGE =
	'Education must be an id of the education list';

/** What checking a body needs from outside: the places search and the lookups. */
export interface ChangeChecks {
	/** Whether `city` names a place of `country` (places/index.ts). */
	isPlaceOf: ( country: string, city: string ) => Promise< boolean >;
	lookupExists: (
		table: 'employments' | 'education_levels',
		id: number
	) => Promise< boolean >;
}

/** A checked body: the row's changes, and what WordPress is asked to change. */
export interface CheckedChanges {
	changes: TesterChanges;
	/** Set only when it differs from the stored email. */
	newEmail?: string;
	password?: { oldPassword: string; password: string };
}

/**
 * The spec's shapes (+ or 00, then digits, spaces and dashes, 4 to 20 characters) in E.164, or a 400.
 *
 * @param phone
 */
export function normalisePhone( phone: string ): string {
	const compact = phone.trim();
	if ( ! /^(\+|00)[0-9][0-9 -]{2,18}$/.test( compact ) ) {
		throw badRequest( PHONE_MESSAGE );
	}
	const parsed = parsePhoneNumberFromString(
		compact.replace( /^00/, '+' ).replace( /[ -]/g, '' )
	);
	// Possible, not valid: the spec's own example, +1 100…, is no number a North American carrier hands out.
	if ( ! parsed?.isPossible() ) {
		throw badRequest( PHONE_MESSAGE );
	}
	return parsed.number;
}

/**
 * The phone to store: undefined leaves it, null or '' clears it.
 *
 * @param phone
 */
function checkPhone( phone: string | null | undefined ) {
	if ( phone === undefined ) {
		return undefined;
	}
	return phone === null || phone.trim() === ''
		? null
		: normalisePhone( phone );
}

/** NFC, one space per run of whitespace, trimmed; '' is none. */
const tidyText = ( value: string ) =>
	value.normalize( 'NFC' ).replace( /\s+/gu, ' ' ).trim();

function checkCountry( input: UserChangesInput ): string | undefined {
	const { country, countryCode } = input;
	if (
		country !== undefined &&
		countryCode !== undefined &&
		country.toUpperCase() !== countryCode.toUpperCase()
	) {
		throw badRequest( COUNTRY_MISMATCH_MESSAGE );
	}
	const code = ( country ?? countryCode )?.toUpperCase();
	if ( code !== undefined && ! countries.isValid( code ) ) {
		throw badRequest( INVALID_COUNTRY_MESSAGE );
	}
	return code;
}

/**
 * The city to store, null to clear it, undefined to leave it: a city given must be a place of the country (the
 * new one, or the stored one); a country changed without a city clears a stored city that is not a place of it.
 */
async function checkCity(
	input: UserChangesInput,
	tester: Tester,
	country: string | undefined,
	{ isPlaceOf }: ChangeChecks
): Promise< string | null | undefined > {
	const target = country ?? tester.country;
	if ( input.city === undefined ) {
		return country !== undefined &&
			tester.city !== null &&
			! ( await isPlaceOf( country, tester.city ) )
			? null
			: undefined;
	}
	const city = input.city === null ? '' : tidyText( input.city );
	if ( city === '' ) {
		return null;
	}
	if ( ! target || ! ( await isPlaceOf( target, city ) ) ) {
		throw badRequest( CITY_NOT_FOUND_MESSAGE );
	}
	return city;
}

async function checkLookup(
	id: number | null | undefined,
	table: 'employments' | 'education_levels',
	message: string,
	{ lookupExists }: ChangeChecks
): Promise< number | null | undefined > {
	if ( id === undefined || id === null ) {
		return id;
	}
	if ( ! ( await lookupExists( table, id ) ) ) {
		throw badRequest( message );
	}
	return id;
}

function checkBirthDate( birthDate: string | undefined ) {
	if ( birthDate === undefined ) {
		return undefined;
	}
	if ( birthDate < '1900-01-01' ) {
		throw badRequest( `Birth date: ${ INVALID_DATE_MESSAGE }` );
	}
	if ( ! isOldEnough( birthDate ) ) {
		throw badRequest( BIRTH_DATE_AGE_MESSAGE );
	}
	return birthDate;
}

/**
 * Checks every field of the body before anything is changed, and answers them in their stored form.
 *
 * @param input
 * @param tester The caller's tester as stored.
 * @param checks
 * @throws HttpError 400 naming the first field that is wrong.
 */
export async function checkChanges(
	input: UserChangesInput,
	tester: Tester,
	checks: ChangeChecks
): Promise< CheckedChanges > {
	if (
		( input.oldPassword === undefined ) !==
		( input.password === undefined )
	) {
		throw badRequest( PASSWORDS_TOGETHER_MESSAGE );
	}
	const country = checkCountry( input );
	const changes: TesterChanges = {
		name:
			input.name === undefined
				? undefined
				: normalisePersonName( input.name, 'Name' ),
		surname:
			input.surname === undefined
				? undefined
				: normalisePersonName( input.surname, 'Surname' ),
		gender: input.gender,
		birthDate: checkBirthDate( input.birthDate ),
		phone: checkPhone( input.phone ),
		country,
		city: await checkCity( input, tester, country, checks ),
		professionId: await checkLookup(
			input.profession,
			'employments',
			UNKNOWN_PROFESSION_MESSAGE,
			checks
		),
		educationId: await checkLookup(
			input.education,
			'education_levels',
			UNKNOWN_EDUCATION_MESSAGE,
			checks
		),
		onboardingCompleted: input.onboarding_completed,
	};
	const email =
		input.email === undefined ? undefined : normaliseEmail( input.email );
	const checked: CheckedChanges = { changes };
	if ( email !== undefined && email !== tester.email ) {
		changes.email = email;
		checked.newEmail = email;
	}
	if ( input.oldPassword !== undefined && input.password !== undefined ) {
		checked.password = {
			oldPassword: input.oldPassword,
			password: input.password,
		};
	}
	return checked;
}
