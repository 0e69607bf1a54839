import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { PaymentInput, PaymentInputError } from '../../contract/index.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * The payout method of a payment request (spec section 5, "Payment request"): checked with the spec's messages,
 * normalised for storage, and masked for the tester's history.
 */

export const REQUIRED_MESSAGE = 'This is a required field';
export const INVALID_EMAIL_MESSAGE = 'Email must be a valid email';
export const HOLDER_NAME_MESSAGE = 'Insert Name and surname separated by space';
export const HOLDER_LATIN_MESSAGE =
	'The account holder name should contain latin character only';
export const INVALID_IBAN_MESSAGE = 'This is an invalid format.';

/** The method as stored: the PayPal account, or the bank account's holder and IBAN (electronic format). */
export type PaymentMethodInput =
	| { type: 'paypal'; email: string }
	| { type: 'iban'; accountHolderName: string; iban: string };

type Field = PaymentInputError[ 'field' ];

/** The browsers' own check of an e-mail field (HTML's valid e-mail address), which the widget's Yup rule mirrors. */
const EMAIL_PATTERN =
	/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Two words at least: a first name and a surname. */
const TWO_WORDS = /^\S+(?:\s+\S+)+$/u;

/** Letters of the Latin script (accented ones included), with the spaces, apostrophes, dots and hyphens of names. */
const LATIN_NAME = /^[\p{Script=Latin}\p{M}\s'’.-]+$/u;

/** The spec's shape: two letters, two digits, then 9 to 30 letters or digits, single spaces or dashes between. */
const IBAN_PATTERN = /^[A-Za-z]{2}[0-9]{2}(?:[ -]?[A-Za-z0-9]){9,30}$/;

const invalid = ( field: Field, message: string ) =>
	new HttpError( 400, message, { fields: { field } } );

/**
 * The request's method, checked: a 400 whose `field` names the first wrong field, with the spec's message.
 *
 * @param method The body's `method`, as the contract let it through.
 * @throws HttpError 400 with `field`.
 */
export function checkPaymentMethod(
	method: PaymentInput[ 'method' ]
): PaymentMethodInput {
	if ( method.type === 'paypal' ) {
		const email = method.email?.trim() ?? '';
		if ( ! email ) {
			throw invalid( 'email', REQUIRED_MESSAGE );
		}
		if ( ! EMAIL_PATTERN.test( email ) ) {
			throw invalid( 'email', INVALID_EMAIL_MESSAGE );
		}
		return { type: 'paypal', email };
	}
	const holder = method.accountHolderName?.trim().replace( /\s+/g, ' ' );
	if ( ! holder ) {
		throw invalid( 'accountHolderName', REQUIRED_MESSAGE );
	}
	if ( ! TWO_WORDS.test( holder ) ) {
		throw invalid( 'accountHolderName', HOLDER_NAME_MESSAGE );
	}
	if ( ! LATIN_NAME.test( holder ) ) {
		throw invalid( 'accountHolderName', HOLDER_LATIN_MESSAGE );
	}
	const written = method.iban?.trim() ?? '';
	if ( ! written ) {
		throw invalid( 'iban', REQUIRED_MESSAGE );
	}
	const iban = electronicFormatIBAN( written );
	if ( ! IBAN_PATTERN.test( written ) || ! iban || ! isValidIBAN( iban ) ) {
		throw invalid( 'iban', INVALID_IBAN_MESSAGE );
	}
	return { type: 'iban', accountHolderName: holder, iban };
}

/**
 * Where the money goes, as the tester's history shows it: the PayPal e-mail with its local part hidden but its
 * first character (`v***@example.com`), or the IBAN's last four characters (`**** 1234`).
 *
 * @param method
 * @param method.type
 * @param method.paypalEmail
 * @param method.iban
 */
export function maskedDestination( {
	type,
	paypalEmail,
	iban,
}: {
	type: 'paypal' | 'iban';
	paypalEmail: string | null;
	iban: string | null;
} ): string {
	if ( type === 'paypal' ) {
		const email = paypalEmail ?? '';
		const at = email.lastIndexOf( '@' );
		return at > 0 ? `${ email[ 0 ] }***${ email.slice( at ) }` : '***';
	}
	return `**** ${ ( iban ?? '' ).slice( -4 ) }`;
}
