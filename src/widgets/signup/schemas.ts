import { boolean, object, string } from 'yup';

import {
	latestBirthDate,
	realBirthDate,
	toIsoDate,
} from '../../lib/birth-date';
import { PASSWORD_RULES } from '../../lib/password-rules';

/** The spec's minimum age: the enforced cutoff (section 5). The message still says 18, as the spec does. */
export { MINIMUM_AGE, latestBirthDate } from '../../lib/birth-date';

/** Yup messages are translation keys; the form renders them through `t`. */
export const MESSAGES = {
	emailRequired: 'signup.emailRequired',
	emailInvalid: 'signup.emailInvalid',
	passwordRequired: 'signup.passwordRequired',
	passwordTooShort: 'signup.passwordTooShort',
	passwordNumber: 'signup.passwordNumber',
	passwordUppercase: 'signup.passwordUppercase',
	passwordLowercase: 'signup.passwordLowercase',
	nameRequired: 'signup.nameRequired',
	surnameRequired: 'signup.surnameRequired',
	nameCharacters: 'signup.nameCharacters',
	surnameCharacters: 'signup.surnameCharacters',
	birthDateRequired: 'signup.birthDateRequired',
	birthDateInvalid: 'signup.birthDateInvalid',
	tooYoung: 'signup.tooYoung',
	countryRequired: 'signup.countryRequired',
	acceptRequired: 'signup.acceptRequired',
} as const;

export type ValidationMessage = ( typeof MESSAGES )[ keyof typeof MESSAGES ];

export interface AccountValues {
	email: string;
	password: string;
}

export interface BirthDateParts {
	day: string;
	/** `1`–`12`, or empty. */
	month: string;
	year: string;
}

export interface PersonalValues {
	name: string;
	surname: string;
	birthDate: BirthDateParts;
	country: string;
	accept: boolean;
	referral: string;
}

let passwordSchema = string().required( MESSAGES.passwordRequired );
for ( const rule of PASSWORD_RULES ) {
	passwordSchema = passwordSchema.test(
		rule.key,
		rule.message,
		( value ) => ! value || rule.test( value )
	);
}

export const accountSchema = object( {
	email: string()
		.trim()
		.required( MESSAGES.emailRequired )
		.email( MESSAGES.emailInvalid ),
	password: passwordSchema,
} );

/**
 * The parts as `YYYY-MM-DD` when they form a real date, otherwise null (31 February, month 13, "abc").
 *
 * @param parts Day, month and year as typed.
 */
export function isoBirthDate( parts: BirthDateParts ): string | null {
	const [ day, month, year ] = [ parts.day, parts.month, parts.year ].map(
		( part ) => part.trim()
	);
	if (
		! /^\d{1,2}$/.test( day ) ||
		! /^\d{1,2}$/.test( month ) ||
		! /^\d{4}$/.test( year )
	) {
		return null;
	}
	return realBirthDate( Number( year ), Number( month ), Number( day ) );
}

const birthDateSchema = object( {
	day: string().default( '' ),
	month: string().default( '' ),
	year: string().default( '' ),
} ).test( 'birthDate', MESSAGES.birthDateRequired, function ( parts ) {
	const { day = '', month = '', year = '' } = parts ?? {};
	if ( [ day, month, year ].every( ( part ) => part.trim() === '' ) ) {
		return this.createError( { message: MESSAGES.birthDateRequired } );
	}
	const iso = isoBirthDate( { day, month, year } );
	const today = new Date();
	if ( ! iso || iso > toIsoDate( today ) ) {
		return this.createError( { message: MESSAGES.birthDateInvalid } );
	}
	if ( iso > latestBirthDate( today ) ) {
		return this.createError( { message: MESSAGES.tooYoung } );
	}
	return true;
} );

/**
 * What the API refuses in a name (api/openapi.yaml `PersonName`): control characters, invisible formatting
 * characters but the zero-width joiner and non-joiner, and the characters WordPress would rewrite.
 */
const REFUSED_IN_NAMES = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}]|[<>&\\%]/u;

export const personalSchema = object( {
	name: string()
		.trim()
		.required( MESSAGES.nameRequired )
		.test(
			'characters',
			MESSAGES.nameCharacters,
			( value ) => ! REFUSED_IN_NAMES.test( value ?? '' )
		),
	surname: string()
		.trim()
		.required( MESSAGES.surnameRequired )
		.test(
			'characters',
			MESSAGES.surnameCharacters,
			( value ) => ! REFUSED_IN_NAMES.test( value ?? '' )
		),
	birthDate: birthDateSchema,
	country: string().required( MESSAGES.countryRequired ),
	accept: boolean().oneOf( [ true ], MESSAGES.acceptRequired ),
	referral: string().trim(),
} );
