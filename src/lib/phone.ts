import { isPossiblePhoneNumber } from 'libphonenumber-js/min';

/** The spec's phone shape: an optional plus, then digits and dashes, 4 to 20 characters in all. */
const PHONE_SHAPE = /^\+?[0-9-]{3,19}$/;

/**
 * The phone as the international form libphonenumber-js reads: `0011…` (the international prefix) becomes `+11…`.
 *
 * @param phone As typed.
 */
export function internationalPhone( phone: string ): string {
	const compact = phone.trim().replace( /-/g, '' );
	return compact.startsWith( '00' ) ? `+${ compact.slice( 2 ) }` : compact;
}

/**
 * The phone rule of the profile and the pre-selection form: the spec's shape, in international form, a number
 * libphonenumber-js finds possible.
 *
 * @param phone As typed.
 */
export function isValidPhone( phone: string ): boolean {
	const typed = phone.trim();
	if (
		typed.length < 4 ||
		typed.length > 20 ||
		! PHONE_SHAPE.test( typed )
	) {
		return false;
	}
	const international = internationalPhone( typed );
	return (
		international.startsWith( '+' ) &&
		isPossiblePhoneNumber( international )
	);
}
