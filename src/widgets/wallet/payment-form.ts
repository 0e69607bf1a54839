import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { boolean, object, ref, string } from 'yup';

import type { FiscalType } from '../../services/contract';
import type { PaymentInput } from './wallet-api';

/**
 * Spec section 6: withholding and non-italian testers are paid by the automatic flow, by PayPal or bank; every
 * other fiscal type sends an invoice and is paid by bank (the manual flow).
 */
const AUTOMATIC_TYPES: readonly FiscalType[] = [ 'withholding', 'non-italian' ];

export type Flow = 'automatic' | 'manual';

export const flowOf = ( type: FiscalType ): Flow =>
	AUTOMATIC_TYPES.includes( type ) ? 'automatic' : 'manual';

export type Method = 'paypal' | 'bank';

/** The request form's values; text as typed, '' while empty. */
export interface PaymentValues {
	terms: boolean;
	method: Method | '';
	email: string;
	emailConfirm: string;
	accountHolderName: string;
	iban: string;
}

export const initialValues = ( flow: Flow ): PaymentValues => ( {
	terms: false,
	// The manual flow pays by bank transfer only: there is nothing to choose.
	method: flow === 'manual' ? 'bank' : '',
	email: '',
	emailConfirm: '',
	accountHolderName: '',
	iban: '',
} );

/** Spec section 5: two letters, two digits, then 9 to 30 letters or digits, spaces or dashes between them. */
const IBAN_PATTERN = /^[A-Za-z]{2}[0-9]{2}(?:[ -]?[A-Za-z0-9]){9,30}$/;

/** A first name and a surname: at least two words. */
const TWO_NAMES = /^\S+(?:\s+\S+)+$/;

/** Latin letters (accented ones too), with the spaces, apostrophes, dots and dashes of names. */
const LATIN_NAME = /^[\p{Script=Latin}\s'’.-]+$/u;

const required = () => string().trim().required( 'wallet.required' );

/** The first step: the terms accepted and a method chosen. Messages are translation keys. */
export const startSchema = object( {
	terms: boolean()
		.oneOf( [ true ], 'wallet.termsRequired' )
		.required( 'wallet.termsRequired' ),
	method: string()
		.oneOf( [ 'paypal', 'bank' ], 'wallet.required' )
		.required( 'wallet.required' ),
} );

/** The details of the method chosen: the PayPal e-mail twice, or the account holder and the IBAN. */
export const detailsSchema = object( {
	email: string().when( 'method', {
		is: 'paypal',
		then: () => required().email( 'wallet.emailInvalid' ),
	} ),
	emailConfirm: string().when( 'method', {
		is: 'paypal',
		then: () =>
			required()
				.email( 'wallet.emailInvalid' )
				.oneOf( [ ref( 'email' ) ], 'wallet.emailMismatch' ),
	} ),
	accountHolderName: string().when( 'method', {
		is: 'bank',
		then: () =>
			required()
				.matches( TWO_NAMES, 'wallet.holderTwoNames' )
				.matches( LATIN_NAME, 'wallet.holderLatin' ),
	} ),
	iban: string().when( 'method', {
		is: 'bank',
		then: () =>
			required()
				.matches( IBAN_PATTERN, 'wallet.ibanInvalid' )
				// The spec's pattern lets any checksum through; ibantools checks it and the country's length.
				.test( 'iban', 'wallet.ibanInvalid', ( value ) =>
					isValidIBAN( electronicFormatIBAN( value ) ?? '' )
				),
	} ),
} );

/**
 * What the API receives (createMyPayment): the IBAN without separators, the names trimmed.
 *
 * @param values The form's values, valid.
 */
export function toPaymentInput( values: PaymentValues ): PaymentInput {
	if ( values.method === 'paypal' ) {
		return { method: { type: 'paypal', email: values.email.trim() } };
	}
	return {
		method: {
			type: 'iban',
			accountHolderName: values.accountHolderName
				.trim()
				.replace( /\s+/g, ' ' ),
			iban: electronicFormatIBAN( values.iban ) ?? values.iban,
		},
	};
}
