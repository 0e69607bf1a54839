import { array, object, string, type AnyObject, type Schema } from 'yup';

import { isValidPhone } from '../../lib/phone';
import type {
	AnswerValue,
	ApplicationInput,
	PreselectionFormItem,
} from '../../services/contract';

export type Question = PreselectionFormItem;

/** The option id of "None of the above" in a multiselect (spec section 3). */
export const NONE_OF_THE_ABOVE = '-1';

/** The fixed gender answers (spec section 3), sent as they are. */
export const GENDERS = [ 'female', 'male', 'not-specified', 'other' ] as const;

/** The choice of a custom select that stands for the tester's own value (`allow_other`). */
export const OTHER_CHOICE = 'other';

/** Yup messages are translation keys; the fields render them through `t`. */
export const MESSAGES = {
	required: 'preselectionForm.required',
	invalidFormat: 'preselectionForm.invalidFormat',
} as const;

/** How a question is asked and answered: its type, with a custom user field's own type for `cuf_{id}`. */
export type QuestionKind =
	| 'text'
	| 'phone_number'
	| 'address'
	| 'select'
	| 'gender'
	| 'multiselect'
	| 'radio'
	| 'cuf-text'
	| 'cuf-select'
	| 'cuf-multiselect';

const PLAIN_KINDS: readonly string[] = [
	'text',
	'phone_number',
	'address',
	'select',
	'gender',
	'multiselect',
	'radio',
];

/**
 * The kind of a question, or null for a type this client does not know (it cannot be answered, so the form
 * says so instead of sending an answer the API would refuse).
 *
 * @param question
 */
export function questionKind( question: Question ): QuestionKind | null {
	if ( PLAIN_KINDS.includes( question.type ) ) {
		return question.type as QuestionKind;
	}
	if ( /^cuf_[0-9]+$/.test( question.type ) && question.customUserField ) {
		return `cuf-${ question.customUserField.type }`;
	}
	return null;
}

export interface AddressAnswer {
	/** ISO 3166-1 alpha-2, or empty. */
	country: string;
	city: string;
}

/** A custom select: an option id, or OTHER_CHOICE with the tester's own text. */
export interface ChoiceAnswer {
	choice: string;
	other: string;
}

/** One answer as the form holds it: texts and ids as strings, the way native controls give them. */
export type AnswerField = string | string[] | AddressAnswer | ChoiceAnswer;

export interface ApplicationValues {
	/** By `answerName( question )`. */
	answers: Record< string, AnswerField >;
	/** Ids of the chosen devices. */
	devices: string[];
}

/**
 * The key of a question's answer in the form's values, so its controls are named `answers.q{id}`.
 *
 * @param question
 */
export const answerKey = ( question: Question ) => `q${ question.id }`;

export const answerName = ( question: Question ) =>
	`answers.${ answerKey( question ) }`;

const idList = ( id: AnswerValue[ 'id' ] ): string[] =>
	( Array.isArray( id ) ? id : [] ).map( String );

/**
 * A question's answer before the tester touches it: empty, or what the profile already holds (custom user
 * fields come prefilled).
 *
 * @param question
 * @param kind     The question's kind.
 */
export function initialAnswer(
	question: Question,
	kind: QuestionKind
): AnswerField {
	const value = question.value ?? {};
	switch ( kind ) {
		case 'multiselect':
		case 'cuf-multiselect':
			return idList( value.id );
		case 'address':
			return { country: value.country ?? '', city: value.city ?? '' };
		case 'select':
		case 'radio':
			return typeof value.id === 'number' ? String( value.id ) : '';
		case 'cuf-select':
			if ( typeof value.id === 'number' ) {
				return { choice: String( value.id ), other: '' };
			}
			return question.customUserField?.allow_other && value.serialized
				? { choice: OTHER_CHOICE, other: value.serialized }
				: { choice: '', other: '' };
		default:
			return value.serialized ?? '';
	}
}

/**
 * A regular expression as stored: plain, or between slashes with flags as PHP writes them, optionally followed by
 * `;` and its message (a custom field's `format`). One that does not compile checks nothing: the API has the last
 * word.
 *
 * @param source      The stored text.
 * @param withMessage Whether a `;` starts the message.
 */
export function compilePattern(
	source: string | null | undefined,
	withMessage = false
): { pattern: RegExp; message: string | null } | null {
	if ( ! source ) {
		return null;
	}
	const separator = withMessage ? source.indexOf( ';' ) : -1;
	const expression = separator === -1 ? source : source.slice( 0, separator );
	const message =
		separator === -1 ? null : source.slice( separator + 1 ).trim() || null;
	const delimited = /^\/(.*)\/([a-z]*)$/s.exec( expression );
	try {
		const pattern = delimited
			? new RegExp(
					delimited[ 1 ],
					delimited[ 2 ].replace( /[^imsu]/g, '' )
			  )
			: new RegExp( expression );
		return { pattern, message };
	} catch {
		return null;
	}
}

const requiredText = () => string().trim().required( MESSAGES.required );

const matching = (
	rule: { pattern: RegExp; message: string | null } | null,
	fallback: string
) =>
	requiredText().test(
		'format',
		rule?.message ?? fallback,
		// An empty text is the required rule's to report, once.
		( value ) =>
			! rule || ! value?.trim() || rule.pattern.test( value.trim() )
	);

/**
 * The Yup rule of one question (spec section 5, "Pre-selection form"): everything is required; texts match the
 * question's regex (its message, else "This is an invalid format"); phones are checked like the profile's;
 * multiselects need an item; an address needs its country and city.
 *
 * @param question
 * @param kind     The question's kind.
 */
function answerSchema(
	question: Question,
	kind: QuestionKind
): Schema< unknown > {
	switch ( kind ) {
		case 'text':
			return matching(
				compilePattern( question.validation?.regex ),
				question.validation?.error?.trim() || MESSAGES.invalidFormat
			);
		case 'cuf-text':
			return matching(
				compilePattern( question.customUserField?.format, true ),
				MESSAGES.invalidFormat
			);
		case 'phone_number':
			return requiredText().test(
				'phone',
				MESSAGES.invalidFormat,
				( value ) => ! value?.trim() || isValidPhone( value )
			);
		case 'multiselect':
		case 'cuf-multiselect':
			return array()
				.of( string().required() )
				.min( 1, MESSAGES.required )
				.required( MESSAGES.required );
		case 'address':
			return object( {
				country: requiredText(),
				city: requiredText(),
			} );
		case 'cuf-select':
			return object( {
				choice: requiredText(),
				other: string().when( 'choice', {
					is: OTHER_CHOICE,
					then: () => requiredText(),
				} ),
			} );
		default:
			return requiredText();
	}
}

/**
 * The whole form's rule: every known question, and at least one device.
 *
 * @param questions
 */
export function applicationSchema( questions: readonly Question[] ) {
	const answers: Record< string, Schema< unknown, AnyObject > > = {};
	for ( const question of questions ) {
		const kind = questionKind( question );
		if ( kind ) {
			answers[ answerKey( question ) ] = answerSchema( question, kind );
		}
	}
	return object( {
		answers: object( answers ),
		devices: array()
			.of( string().required() )
			.min( 1, MESSAGES.required )
			.required( MESSAGES.required ),
	} );
}

export function initialValues(
	questions: readonly Question[]
): ApplicationValues {
	const answers: ApplicationValues[ 'answers' ] = {};
	for ( const question of questions ) {
		const kind = questionKind( question );
		if ( kind ) {
			answers[ answerKey( question ) ] = initialAnswer( question, kind );
		}
	}
	return { answers, devices: [] };
}

/**
 * One answer in the contract's shape (AnswerValue).
 *
 * @param kind   The question's kind.
 * @param answer What the form holds, already valid.
 */
function answerValue( kind: QuestionKind, answer: AnswerField ): AnswerValue {
	switch ( kind ) {
		case 'multiselect':
		case 'cuf-multiselect':
			return { id: ( answer as string[] ).map( Number ) };
		case 'select':
		case 'radio':
			return { id: Number( answer ) };
		case 'address': {
			const { country, city } = answer as AddressAnswer;
			return { country, city: city.trim() };
		}
		case 'cuf-select': {
			const { choice, other } = answer as ChoiceAnswer;
			return choice === OTHER_CHOICE
				? { serialized: other.trim() }
				: { id: Number( choice ) };
		}
		default:
			return { serialized: ( answer as string ).trim() };
	}
}

/**
 * The body of `applyToMyCampaign`: one answer per question, and the chosen devices.
 *
 * @param questions
 * @param values    Valid form values.
 */
export function applicationInput(
	questions: readonly Question[],
	values: ApplicationValues
): ApplicationInput {
	const form: ApplicationInput[ 'form' ] = [];
	for ( const question of questions ) {
		const kind = questionKind( question );
		if ( kind ) {
			form.push( {
				question: question.id,
				value: answerValue(
					kind,
					values.answers[ answerKey( question ) ]
				),
			} );
		}
	}
	return { form, device: values.devices.map( Number ) };
}

/**
 * A multiselect's next choices once one box changes: "None of the above" stands alone, and choosing anything
 * else takes it away (spec section 4, "Pre-selection form").
 *
 * @param current The ids chosen so far.
 * @param id      The box that changed.
 * @param checked Whether it is now checked.
 */
export function toggleChoice(
	current: readonly string[],
	id: string,
	checked: boolean
): string[] {
	if ( ! checked ) {
		return current.filter( ( chosen ) => chosen !== id );
	}
	if ( id === NONE_OF_THE_ABOVE ) {
		return [ NONE_OF_THE_ABOVE ];
	}
	return [
		...current.filter(
			( chosen ) => chosen !== NONE_OF_THE_ABOVE && chosen !== id
		),
		id,
	];
}
