import type { FastifyBaseLogger } from 'fastify';
import countries from 'i18n-iso-countries/index.js';
import type { Services } from '../../context.ts';
import type { Schema } from '../../contract/index.ts';
import {
	GENERIC_MESSAGE,
	HttpError,
	badRequest,
	preconditionFailed,
} from '../../lib/errors.ts';
import { normaliseEmail, type Tester } from '../me/repository.ts';

/** The body of POST /users; `birthDate` is already a valid YYYY-MM-DD date (the contract checks the format). */
export type SignUpInput = Schema< 'SignUp' >;

export const EMAIL_TAKEN_MESSAGE = 'Email already registered';
/** The spec's wording says 18 while the enforced cutoff is 16 (spec §5); both are kept as the spec asks. */
export const UNDER_AGE_MESSAGE = 'You must be at least 18 years old';
export const MINIMUM_AGE_YEARS = 16;
export const INVALID_DATE_MESSAGE = 'Invalid date';
export const INVALID_COUNTRY_MESSAGE =
	'Country must be an ISO 3166-1 alpha-2 code';

/**
 * True when someone born on `birthDate` is at least MINIMUM_AGE_YEARS old on `today` (dates compared in UTC).
 *
 * @param birthDate YYYY-MM-DD
 * @param today
 */
export function isOldEnough(
	birthDate: string,
	today: Date = new Date()
): boolean {
	const [ year, month, day ] = birthDate.split( '-' ).map( Number );
	const cutoff = Date.UTC(
		today.getUTCFullYear() - MINIMUM_AGE_YEARS,
		today.getUTCMonth(),
		today.getUTCDate()
	);
	return Date.UTC( year, month - 1, day ) <= cutoff;
}

function checkInput( input: SignUpInput ) {
	if ( input.birthDate < '1900-01-01' ) {
		throw badRequest( INVALID_DATE_MESSAGE );
	}
	if ( ! isOldEnough( input.birthDate ) ) {
		throw badRequest( UNDER_AGE_MESSAGE );
	}
	if ( ! countries.isValid( input.country ) ) {
		throw badRequest( INVALID_COUNTRY_MESSAGE );
	}
}

/**
 * Sign-up: the WordPress user first (it owns the password), then the tester row. The two live in different
 * databases, so there is no shared transaction: when the row cannot be written the WordPress user is deleted
 * again, and the caller gets a 500 knowing that neither exists.
 */
export async function signUp(
	{ testers, wordpress }: Pick< Services, 'testers' | 'wordpress' >,
	input: SignUpInput,
	log: FastifyBaseLogger,
	locale = 'en'
): Promise< Tester > {
	checkInput( input );
	const email = normaliseEmail( input.email );
	if ( await testers.findByEmail( email ) ) {
		throw preconditionFailed( EMAIL_TAKEN_MESSAGE );
	}
	const name = input.name.trim();
	const surname = input.surname.trim();

	const created = await wordpress.createUser( {
		email,
		password: input.password,
		name,
		surname,
	} );
	if ( ! created.ok ) {
		if ( created.reason === 'email_exists' ) {
			throw preconditionFailed( EMAIL_TAKEN_MESSAGE );
		}
		throw badRequest( created.message );
	}
	const wpUserId = created.user.id;

	let tester: Tester;
	try {
		tester = await testers.create( {
			wpUserId,
			email,
			name,
			surname,
			birthDate: input.birthDate,
			country: input.country.toUpperCase(),
			referralCode: input.referral?.trim() || null,
		} );
	} catch ( error ) {
		log.error(
			{ err: error, wpUserId },
			'sign-up: the tester row could not be written; removing the WordPress user'
		);
		try {
			await wordpress.deleteUser( wpUserId );
		} catch ( cleanupError ) {
			log.error(
				{ err: cleanupError, wpUserId },
				'sign-up: the WordPress user could not be removed; delete it by hand so the email can sign up again'
			);
		}
		throw new HttpError( 500, GENERIC_MESSAGE, { cause: error } );
	}

	// Both records exist now; the mail is a courtesy, so its failure is logged and the sign-up stands.
	try {
		await wordpress.sendWelcome( wpUserId, locale );
	} catch ( error ) {
		log.warn(
			{ err: error, wpUserId },
			'sign-up: the welcome mail could not be sent'
		);
	}
	return tester;
}
