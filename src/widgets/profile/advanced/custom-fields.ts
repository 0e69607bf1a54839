import { mixed, object, type AnyObject, type Schema } from 'yup';

import type { Locale } from '../../../lib/locale';
import type {
	AdditionalBody,
	AdditionalInput,
	AdditionalValue,
	CustomField,
	PerLanguageText,
} from './types';

/** One choice of a select: a catalogue option (its id) or the tester's own entry (`isCandidate`). */
export interface Choice {
	value: string;
	label: string;
	isCandidate: boolean;
}

export type FieldValue = string | Choice | null | Choice[];

/** The form's values by field id. */
export type CustomValues = Record< string, FieldValue >;

/** The spec's message for a text that does not match a format without a message of its own. */
export const INVALID_FORMAT = 'profileAdvanced.invalidFormat';

/**
 * A name or placeholder (of a group, a field or an option) in the page's language, else in Italian, the language
 * the API always answers.
 *
 * @param text   The texts by language.
 * @param locale The page's language.
 */
export function inLanguage(
	text: PerLanguageText | null | undefined,
	locale: Locale
): string {
	if ( ! text ) {
		return '';
	}
	const own = text[ locale ];
	return typeof own === 'string' && own.trim() !== '' ? own : text.it;
}

/**
 * Splits a field's `format` into its regular expression and its message (what follows the first `;`). A
 * pattern written between slashes, as PHP writes them, keeps its flags. A pattern that does not compile
 * checks nothing: the server has the last word.
 *
 * @param format The field's `format`.
 */
export function parseFormat(
	format: string | null
): { pattern: RegExp; message: string | null } | null {
	if ( ! format ) {
		return null;
	}
	const separator = format.indexOf( ';' );
	const source = separator === -1 ? format : format.slice( 0, separator );
	const message =
		separator === -1 ? '' : format.slice( separator + 1 ).trim();
	const delimited = /^\/(.*)\/([a-z]*)$/s.exec( source );
	try {
		const pattern = delimited
			? new RegExp(
					delimited[ 1 ],
					delimited[ 2 ].replace( /[^imsu]/g, '' )
			  )
			: new RegExp( source );
		return { pattern, message: message || null };
	} catch {
		return null;
	}
}

/**
 * The choices of a select: its options, named in the page's language.
 *
 * @param field  A select or multiselect.
 * @param locale The page's language.
 */
export function optionChoices( field: CustomField, locale: Locale ): Choice[] {
	return field.options.map( ( option ) => ( {
		value: String( option.id ),
		label: inLanguage( option.name, locale ),
		isCandidate: false,
	} ) );
}

// A stored option is named as the list names it; `text` (the catalogue's default name) only if the list lacks it.
const optionLabel = (
	field: CustomField,
	stored: AdditionalValue,
	locale: Locale
) => {
	const option = field.options.find(
		( candidate ) => String( candidate.id ) === stored.value
	);
	return option
		? inLanguage( option.name, locale )
		: stored.text ?? stored.value;
};

const toChoice = (
	field: CustomField,
	stored: AdditionalValue,
	locale: Locale
): Choice => ( {
	value: stored.value,
	label: stored.is_candidate
		? stored.text ?? stored.value
		: optionLabel( field, stored, locale ),
	isCandidate: stored.is_candidate,
} );

/**
 * The tester's stored values as the form holds them.
 *
 * @param fields     Every field shown.
 * @param additional `additional` of GET /users/me.
 * @param locale     The page's language, that option labels are in.
 */
export function initialValues(
	fields: CustomField[],
	additional: AdditionalValue[],
	locale: Locale
): CustomValues {
	const values: CustomValues = {};
	for ( const field of fields ) {
		const stored = additional.filter(
			( entry ) => entry.field_id === field.id
		);
		if ( field.type === 'text' ) {
			values[ field.id ] = stored[ 0 ]?.value ?? '';
		} else if ( field.type === 'select' ) {
			values[ field.id ] = stored[ 0 ]
				? toChoice( field, stored[ 0 ], locale )
				: null;
		} else {
			values[ field.id ] = stored.map( ( entry ) =>
				toChoice( field, entry, locale )
			);
		}
	}
	return values;
}

/** What identifies a value, to tell whether it changed: order of a multiselect does not matter. */
function signature( value: FieldValue ): string {
	if ( value === null || typeof value === 'string' ) {
		return JSON.stringify( value ?? null );
	}
	const choices = Array.isArray( value ) ? value : [ value ];
	return JSON.stringify(
		choices
			.map(
				( choice ) =>
					`${ choice.isCandidate ? '+' : '' }${ choice.value }`
			)
			.sort()
	);
}

/**
 * The ids of the fields whose value differs from the stored one.
 *
 * @param values  The form's values.
 * @param initial The stored values.
 */
export function changedFields(
	values: CustomValues,
	initial: CustomValues
): string[] {
	return Object.keys( values ).filter(
		( id ) => signature( values[ id ] ) !== signature( initial[ id ] )
	);
}

const toInput = ( choice: Choice ): AdditionalInput =>
	choice.isCandidate
		? { value: choice.value, is_candidate: true }
		: { value: Number( choice.value ) };

/**
 * The body of PUT /users/me/additionals/{fieldId} for a value: a text, one choice, or the list of a
 * multiselect; an empty list clears the field.
 *
 * @param value The form's value of the field.
 */
export function toRequestBody( value: FieldValue ): AdditionalBody {
	if ( typeof value === 'string' ) {
		return value.trim() === '' ? [] : { value: value.trim() };
	}
	if ( value === null ) {
		return [];
	}
	return Array.isArray( value ) ? value.map( toInput ) : toInput( value );
}

/**
 * The Yup schema of the form: text fields follow their format; select values are free.
 *
 * @param fields Every field shown.
 */
export function customValuesSchema( fields: CustomField[] ) {
	const shape: Record< string, Schema< unknown, AnyObject > > = {};
	for ( const field of fields ) {
		const format =
			field.type === 'text' ? parseFormat( field.format ) : null;
		// Nullable: an empty select is null, and yup's mixed() refuses null by default.
		shape[ field.id ] = format
			? mixed()
					.nullable()
					.test(
						'format',
						format.message ?? INVALID_FORMAT,
						( value ) =>
							typeof value !== 'string' ||
							value.trim() === '' ||
							format.pattern.test( value.trim() )
					)
			: mixed().nullable();
	}
	return object( shape );
}

/**
 * The message of every invalid field, by field id.
 *
 * @param schema The form's schema.
 * @param values The form's values.
 */
export function validationErrors(
	schema: ReturnType< typeof customValuesSchema >,
	values: CustomValues
): Record< string, string > {
	try {
		schema.validateSync( values, { abortEarly: false } );
		return {};
	} catch ( error ) {
		const errors: Record< string, string > = {};
		const inner =
			( error as { inner?: Array< { path?: string; message: string } > } )
				.inner ?? [];
		for ( const issue of inner ) {
			if ( issue.path && ! errors[ issue.path ] ) {
				errors[ issue.path ] = issue.message;
			}
		}
		return errors;
	}
}
