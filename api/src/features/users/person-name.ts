import { badRequest } from '../../lib/errors.ts';

/**
 * One form of a first name or surname for both stores. The API stores a name as it normalises it here and sends
 * WordPress exactly that; every character left is one WordPress's own filters on names (`sanitize_text_field`,
 * `wp_filter_kses`, `_wp_specialchars`) keep as it is, so the two stores hold the same string. The contract
 * (openapi.yaml `PersonName`) refuses the same characters with the same messages; this module is what callers
 * that bypass the HTTP edge (the demo testers, the reconciliation) go through too.
 */

export const MAX_NAME_LENGTH = 100;

/**
 * Control characters (tab and newline included: a name is one line), lone surrogates, and the invisible
 * formatting characters: bidi embeddings, overrides, isolates and marks, which reorder the text shown around a
 * name in the ranking, zero-width spaces, the byte-order mark, soft hyphens. The zero-width non-joiner and joiner
 * are kept: Persian, Indic scripts and emoji need them.
 */
const INVISIBLE = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}]/u;
/**
 * What WordPress would rewrite: `<` and `>` (tags stripped, the rest escaped), `&` (stored as `&amp;`), `\`
 * (`\0` removed), `%` (`%xx` removed). Names are plain text everywhere they are shown, so markup is refused
 * rather than stored escaped.
 */
const REWRITTEN = /[<>&\\%]/;

export const nameMessages = ( field: string ) => ( {
	empty: `${ field } must not be empty`,
	tooLong: `${ field } must be at most ${ MAX_NAME_LENGTH } characters long`,
	invisible: `${ field } must not contain control or invisible formatting characters`,
	rewritten: `${ field } must not contain <, >, &, \\ or %`,
} );

/** NFC, every run of whitespace one space, trimmed. */
const tidy = ( value: string ) =>
	value.normalize( 'NFC' ).replace( /\s+/gu, ' ' ).trim();

/**
 * The stored form of a name typed by a person, or a 400 naming the field.
 *
 * @param value The name as sent.
 * @param field `Name` or `Surname`, for the message.
 */
export function normalisePersonName( value: string, field: string ): string {
	const messages = nameMessages( field );
	if ( INVISIBLE.test( value ) ) {
		throw badRequest( messages.invisible );
	}
	if ( REWRITTEN.test( value ) ) {
		throw badRequest( messages.rewritten );
	}
	const name = tidy( value );
	if ( name === '' ) {
		throw badRequest( messages.empty );
	}
	if ( [ ...name ].length > MAX_NAME_LENGTH ) {
		throw badRequest( messages.tooLong );
	}
	return name;
}

/**
 * The stored form of a name that is already in WordPress (the reconciliation): what the rules refuse is left
 * out instead, and an overlong name is cut, since there is nobody to ask for another.
 *
 * @param value The name as WordPress has it, as plain text.
 */
export function cleanPersonName( value: string ): string {
	const kept = [ ...value ]
		.filter(
			( char ) => ! INVISIBLE.test( char ) && ! REWRITTEN.test( char )
		)
		.join( '' );
	return [ ...tidy( kept ) ].slice( 0, MAX_NAME_LENGTH ).join( '' ).trim();
}
