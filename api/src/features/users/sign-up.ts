import type { FastifyBaseLogger } from 'fastify';
import countries from 'i18n-iso-countries/index.js';
import type { Schema } from '../../contract/index.ts';
import {
	GENERIC_MESSAGE,
	HttpError,
	badRequest,
	preconditionFailed,
} from '../../lib/errors.ts';
import type { WordPressClient } from '../../lib/wordpress.ts';
import {
	DuplicateTesterError,
	normaliseEmail,
	type NewTester,
	type Tester,
	type TestersRepository,
} from '../me/repository.ts';
import { normalisePersonName } from './person-name.ts';

/** The body of POST /users; `birthDate` is already a valid YYYY-MM-DD date (the contract checks the format). */
export type SignUpInput = Schema< 'SignUp' >;

export const EMAIL_TAKEN_MESSAGE = 'Email already registered';

export const MINIMUM_AGE_YEARS = 16;
/**
 * The spec reads 18 in this message and 16 everywhere else, and enforces 16 (spec §5): the message says the
 * age that is enforced, so a tester is never told one age and held to another.
 */
export const UNDER_AGE_MESSAGE = `You must be at least ${ MINIMUM_AGE_YEARS } years old`;
export const INVALID_DATE_MESSAGE = 'Invalid date';
export const INVALID_COUNTRY_MESSAGE =
	'Country must be an ISO 3166-1 alpha-2 code';
/** The role WordPress gives the users it creates for the channel (docs/contracts.md). */
export const TESTER_ROLE = 'tester';

export interface SignUpOptions {
	/** The language of the welcome mail (`en` by default). */
	locale?: string;
	/** The client's address: WordPress's login throttle counts the password check of a resumed sign-up against it. */
	ip?: string;
	/**
	 * Called once the sign-up can create an account (the input is valid and the API has no tester with the
	 * email), before anything is created; the public route counts the sign-up against its limit here.
	 */
	beforeCreate?: () => Promise< void >;
	/** Called before the 412 for an email a tester has: the public route counts it as an email check. */
	onEmailTaken?: () => Promise< void >;
	/**
	 * Called when WordPress gave no usable answer to the creation (no answer, a timeout, a 5xx): the user may
	 * exist without its row, which the public route has the reconciliation look for once WordPress answers again.
	 */
	onCreateUncertain?: () => void;
}

/** What sign-up and the reconciliation work with: the testers' rows and WordPress over the channel. */
export interface SignUpServices {
	testers: TestersRepository;
	wordpress: WordPressClient;
}
type Profile = Omit< NewTester, 'wpUserId' >;

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
 * again, and the caller gets a 500 knowing that neither exists. A process killed between the two leaves a
 * WordPress user without a tester row; signing up again with the same email and password finishes the job
 * (`resume`), and so does the reconciliation (reconcile.ts) on the next start.
 *
 * Names are stored, and sent to WordPress, as `normalisePersonName` leaves them: the two stores hold one form.
 */
export async function signUp(
	{ testers, wordpress }: SignUpServices,
	input: SignUpInput,
	log: FastifyBaseLogger,
	{
		locale = 'en',
		ip,
		beforeCreate,
		onEmailTaken,
		onCreateUncertain,
	}: SignUpOptions = {}
): Promise< Tester > {
	checkInput( input );
	const profile: Profile = {
		email: normaliseEmail( input.email ),
		name: normalisePersonName( input.name, 'Name' ),
		surname: normalisePersonName( input.surname, 'Surname' ),
		birthDate: input.birthDate,
		country: input.country.toUpperCase(),
		referralCode: input.referral?.trim() || null,
	};
	if ( await testers.findByEmail( profile.email ) ) {
		await onEmailTaken?.();
		throw preconditionFailed( EMAIL_TAKEN_MESSAGE );
	}
	await beforeCreate?.();

	const created = await wordpress
		.createUser( {
			email: profile.email,
			password: input.password,
			name: profile.name,
			surname: profile.surname,
		} )
		.catch( ( error: unknown ) => {
			onCreateUncertain?.();
			throw error;
		} );
	let tester: Tester;
	if ( created.ok ) {
		tester = await createTesterOrUndo(
			{ testers, wordpress },
			created.user.id,
			profile,
			log
		);
	} else if ( created.reason === 'email_exists' ) {
		tester = await resume(
			{ testers, wordpress },
			profile,
			input.password,
			ip,
			log
		);
	} else {
		throw badRequest( created.message );
	}

	// Both records exist now; the mail is a courtesy, so its failure is logged and the sign-up stands.
	try {
		await wordpress.sendWelcome( tester.wpUserId, locale );
	} catch ( error ) {
		log.warn(
			{ err: error, wpUserId: tester.wpUserId },
			'sign-up: the welcome mail could not be sent'
		);
	}
	return tester;
}

/**
 * The WordPress user has the email already. It is a sign-up stopped between its two writes when that user is
 * a tester with no tester row and the password given is its password: the row is written now. Anything else is
 * the taken email it looks like. The password check is WordPress's login check, throttle included, so sign-up
 * is no way round it.
 */
async function resume(
	{ testers, wordpress }: SignUpServices,
	profile: Profile,
	password: string,
	ip: string | undefined,
	log: FastifyBaseLogger
): Promise< Tester > {
	const user = await wordpress.checkPassword( {
		username: profile.email,
		password,
		...( ip ? { ip } : {} ),
	} );
	if (
		! user ||
		user.role !== TESTER_ROLE ||
		normaliseEmail( user.email ) !== profile.email ||
		( await testers.findByWpUserId( user.id ) )
	) {
		throw preconditionFailed( EMAIL_TAKEN_MESSAGE );
	}
	try {
		const tester = await testers.create( {
			wpUserId: user.id,
			...profile,
		} );
		log.info(
			{ wpUserId: user.id },
			'sign-up: resumed a sign-up whose WordPress user had no tester row'
		);
		return tester;
	} catch ( error ) {
		// Another request, or the reconciliation, wrote the row first.
		if ( error instanceof DuplicateTesterError ) {
			throw preconditionFailed( EMAIL_TAKEN_MESSAGE );
		}
		throw error;
	}
}

/**
 * The tester row of a WordPress user this sign-up just created; when it cannot be written, the WordPress user
 * is removed again. The one duplicate that is no failure: the reconciliation of another process saw the new
 * WordPress user between the two writes and wrote its row, without the birth date and country it could not
 * know, which this sign-up adds.
 */
async function createTesterOrUndo(
	{ testers, wordpress }: SignUpServices,
	wpUserId: number,
	profile: Profile,
	log: FastifyBaseLogger
): Promise< Tester > {
	try {
		return await testers.create( { wpUserId, ...profile } );
	} catch ( error ) {
		if ( error instanceof DuplicateTesterError ) {
			const repaired = await testers.completeRepaired(
				wpUserId,
				profile
			);
			if ( repaired ) {
				return repaired;
			}
		}
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
}
