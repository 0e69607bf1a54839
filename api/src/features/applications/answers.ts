import type { FastifyBaseLogger } from 'fastify';
import type {
	AdditionalInput,
	AnswerValue,
	ApplicationInput,
} from '../../contract/index.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { isPlaceOf } from '../../places/index.ts';
import { CITY_NOT_FOUND_MESSAGE, normalisePhone } from '../me/changes.ts';
import { valuesFor } from '../profile-parts/additional-values.ts';
import { checkPattern } from '../profile-parts/field-format.ts';
import type {
	EditableField,
	NewCustomValue,
} from '../profile-parts/repository.ts';
import type { Question } from './repository.ts';

/**
 * The pre-selection answers of an application checked against the campaign's questions (spec section 5,
 * "Pre-selection form"): every question answered once, in the shape of its type, with the spec's messages. What
 * comes out is the rows to store: the answers, and each custom user field's values for the tester's profile.
 */

/** The spec's messages (section 5). */
export const REQUIRED_MESSAGE = 'This is a required field';
export const INVALID_FORMAT_MESSAGE = 'This is an invalid format';

/** "None of the above": alone in a multiselect answer. */
export const NONE_OF_THE_ABOVE = -1;
export const GENDERS = [ 'female', 'male', 'not-specified', 'other' ];

/** One preselection_answers row: a chosen option, or text; both null is "None of the above". */
export interface AnswerRow {
	questionId: number;
	optionId: number | null;
	text: string | null;
}

/** A custom user field's values that replace the tester's own (the Advanced tab shows them). */
export interface ProfileValues {
	fieldId: number;
	values: NewCustomValue[];
}

export interface CheckedAnswers {
	answers: AnswerRow[];
	profile: ProfileValues[];
}

type Answer = ApplicationInput[ 'form' ][ number ];
type Key = keyof AnswerValue;

/** The message of every refusal names the question. */
const refuse = ( question: Question, reason: string ) =>
	badRequest( `Question ${ question.id }: ${ reason }` );

const SHAPES: Record< string, { keys: Key[]; described: string } > = {
	serialized: { keys: [ 'serialized' ], described: 'a text in serialized' },
	option: { keys: [ 'id' ], described: 'an option id in id' },
	options: { keys: [ 'id' ], described: 'a list of option ids in id' },
	address: { keys: [ 'country', 'city' ], described: 'country and city' },
	customSelect: {
		keys: [ 'id', 'serialized' ],
		described: 'an option id in id, or a new value in serialized',
	},
};

/**
 * Refuses a value with a part its question's type does not take, and answers the parts it has.
 *
 * @param question
 * @param value
 * @param shape
 */
function expectShape(
	question: Question,
	value: AnswerValue,
	shape: keyof typeof SHAPES
): void {
	const { keys, described } = SHAPES[ shape ];
	const extra = ( Object.keys( value ) as Key[] ).find(
		( key ) => value[ key ] !== undefined && ! keys.includes( key )
	);
	const listed = Array.isArray( value.id );
	if (
		extra ||
		( value.id !== undefined && listed !== ( shape === 'options' ) )
	) {
		throw refuse(
			question,
			`this question is answered with ${ described }`
		);
	}
}

/**
 * A required text: trimmed, not empty.
 *
 * @param question
 * @param value
 */
function requiredText( question: Question, value: AnswerValue ): string {
	const text = value.serialized?.trim() ?? '';
	if ( ! text ) {
		throw refuse( question, REQUIRED_MESSAGE );
	}
	return text;
}

/**
 * The chosen option ids of a list answer, in the question's order, or [] for "None of the above".
 *
 * @param question
 * @param ids
 * @param optionIds The ids the question (or its field) offers.
 */
function chosenOptions(
	question: Question,
	ids: number[],
	optionIds: ReadonlySet< number >
): number[] {
	if ( ! ids.length ) {
		throw refuse( question, REQUIRED_MESSAGE );
	}
	if ( ids.includes( NONE_OF_THE_ABOVE ) ) {
		if ( ids.some( ( id ) => id !== NONE_OF_THE_ABOVE ) ) {
			throw refuse(
				question,
				`"None of the above" (${ NONE_OF_THE_ABOVE }) is chosen alone`
			);
		}
		return [];
	}
	const unknown = ids.find( ( id ) => ! optionIds.has( id ) );
	if ( unknown !== undefined ) {
		throw refuse(
			question,
			`${ unknown } is not an option of this question`
		);
	}
	return [ ...optionIds ].filter( ( id ) => ids.includes( id ) );
}

function oneOption( question: Question, value: AnswerValue ): AnswerRow[] {
	expectShape( question, value, 'option' );
	const id = value.id as number | undefined;
	if ( id === undefined ) {
		throw refuse( question, REQUIRED_MESSAGE );
	}
	if ( ! question.options.some( ( option ) => option.id === id ) ) {
		throw refuse( question, `${ id } is not an option of this question` );
	}
	return [ { questionId: question.id, optionId: id, text: null } ];
}

function textAnswer(
	question: Question,
	value: AnswerValue,
	log: FastifyBaseLogger
): AnswerRow[] {
	expectShape( question, value, 'serialized' );
	const text = requiredText( question, value );
	if ( question.regex ) {
		const check = checkPattern(
			question.regex,
			text,
			question.error || INVALID_FORMAT_MESSAGE
		);
		if ( check.ok === false ) {
			throw refuse( question, check.message );
		}
		if ( check.ok === 'unchecked' ) {
			log.warn(
				{ questionId: question.id, reason: check.reason },
				'pre-selection question regex does not compile; answer taken unchecked'
			);
		}
	}
	return [ { questionId: question.id, optionId: null, text } ];
}

/**
 * A phone number as the profile takes one (`+` or `00`, then the number, which libphonenumber-js finds possible),
 * stored in E.164.
 *
 * @param question
 * @param value
 */
function phoneAnswer( question: Question, value: AnswerValue ): AnswerRow[] {
	expectShape( question, value, 'serialized' );
	const typed = requiredText( question, value );
	let phone: string;
	try {
		phone = normalisePhone( typed );
	} catch ( error ) {
		throw error instanceof HttpError
			? refuse( question, INVALID_FORMAT_MESSAGE )
			: error;
	}
	return [ { questionId: question.id, optionId: null, text: phone } ];
}

function genderAnswer( question: Question, value: AnswerValue ): AnswerRow[] {
	expectShape( question, value, 'serialized' );
	const text = requiredText( question, value );
	if ( ! GENDERS.includes( text ) ) {
		throw refuse(
			question,
			`the answer is one of ${ GENDERS.join( ', ' ) }`
		);
	}
	return [ { questionId: question.id, optionId: null, text } ];
}

/**
 * A country and a city of it, as the places search finds it; stored as JSON `{country, city}`.
 *
 * @param question
 * @param value
 */
async function addressAnswer(
	question: Question,
	value: AnswerValue
): Promise< AnswerRow[] > {
	expectShape( question, value, 'address' );
	const city = value.city?.trim() ?? '';
	if ( ! value.country || ! city ) {
		throw refuse( question, REQUIRED_MESSAGE );
	}
	if ( ! ( await isPlaceOf( value.country, city ) ) ) {
		throw refuse( question, CITY_NOT_FOUND_MESSAGE );
	}
	return [
		{
			questionId: question.id,
			optionId: null,
			text: JSON.stringify( { country: value.country, city } ),
		},
	];
}

function multiselectAnswer(
	question: Question,
	value: AnswerValue
): AnswerRow[] {
	expectShape( question, value, 'options' );
	const chosen = chosenOptions(
		question,
		( value.id as number[] | undefined ) ?? [],
		new Set( question.options.map( ( option ) => option.id ) )
	);
	return chosen.length
		? chosen.map( ( optionId ) => ( {
				questionId: question.id,
				optionId,
				text: null,
		  } ) )
		: [ { questionId: question.id, optionId: null, text: null } ];
}

/**
 * A custom user field's answer as the Advanced tab's body for it, so that it is checked as the profile checks it
 * (additional-values.ts).
 *
 * @param question
 * @param field
 * @param value
 */
function asProfileInput(
	question: Question,
	field: EditableField,
	value: AnswerValue
): AdditionalInput {
	if ( field.type === 'text' ) {
		expectShape( question, value, 'serialized' );
		return { value: requiredText( question, value ) };
	}
	if ( field.type === 'select' ) {
		expectShape( question, value, 'customSelect' );
		if ( value.id !== undefined && value.serialized !== undefined ) {
			throw refuse(
				question,
				`this question is answered with ${ SHAPES.customSelect.described }`
			);
		}
		return value.id !== undefined
			? { value: String( value.id ) }
			: { value: requiredText( question, value ), is_candidate: true };
	}
	expectShape( question, value, 'options' );
	return chosenOptions(
		question,
		( value.id as number[] | undefined ) ?? [],
		new Set( field.options.map( ( option ) => option.id ) )
	).map( ( id ) => ( { value: String( id ) } ) );
}

function customFieldAnswer(
	question: Question,
	field: EditableField,
	value: AnswerValue,
	log: FastifyBaseLogger
): { rows: AnswerRow[]; profile: ProfileValues } {
	const input = asProfileInput( question, field, value );
	let values: NewCustomValue[];
	try {
		values = valuesFor( field, input, log );
	} catch ( error ) {
		throw error instanceof HttpError
			? refuse( question, error.message )
			: error;
	}
	const nameOf = new Map(
		field.options.map( ( option ) => [ option.id, option.name ] )
	);
	// The answer keeps what was chosen as text: the option ids of a custom field are not the question's own.
	const rows: AnswerRow[] = values.map( ( stored ) => ( {
		questionId: question.id,
		optionId: null,
		text:
			'optionId' in stored ? nameOf.get( stored.optionId )! : stored.text,
	} ) );
	return {
		rows: rows.length
			? rows
			: [ { questionId: question.id, optionId: null, text: null } ],
		profile: { fieldId: field.id, values },
	};
}

/**
 * Checks the answers of an application against the campaign's questions.
 *
 * @param questions The campaign's questions (those asking a disabled custom field left out).
 * @param fields    The enabled custom user fields those questions ask, by id.
 * @param form      The body's answers.
 * @param log       Where an expression the catalogue cannot compile is reported (the answer is then taken).
 * @throws HttpError 400 naming the question: another campaign's, unanswered, answered twice or refused.
 */
export async function checkAnswers(
	questions: readonly Question[],
	fields: ReadonlyMap< number, EditableField >,
	form: readonly Answer[],
	log: FastifyBaseLogger
): Promise< CheckedAnswers > {
	const byId = new Map(
		questions.map( ( question ) => [ question.id, question ] )
	);
	const given = new Map< number, AnswerValue >();
	for ( const answer of form ) {
		if ( ! byId.has( answer.question ) ) {
			throw badRequest(
				`Question ${ answer.question } is not a question of this campaign`
			);
		}
		if ( given.has( answer.question ) ) {
			throw badRequest(
				`Question ${ answer.question } is answered more than once`
			);
		}
		given.set( answer.question, answer.value );
	}
	const checked: CheckedAnswers = { answers: [], profile: [] };
	for ( const question of questions ) {
		const value = given.get( question.id );
		if ( ! value ) {
			throw refuse( question, REQUIRED_MESSAGE );
		}
		const field =
			question.customUserFieldId === null
				? undefined
				: fields.get( question.customUserFieldId );
		if ( field ) {
			const { rows, profile } = customFieldAnswer(
				question,
				field,
				value,
				log
			);
			checked.answers.push( ...rows );
			checked.profile.push( profile );
			continue;
		}
		checked.answers.push( ...( await answerRows( question, value, log ) ) );
	}
	return checked;
}

function answerRows(
	question: Question,
	value: AnswerValue,
	log: FastifyBaseLogger
): AnswerRow[] | Promise< AnswerRow[] > {
	switch ( question.type ) {
		case 'text':
			return textAnswer( question, value, log );
		case 'phone_number':
			return phoneAnswer( question, value );
		case 'gender':
			return genderAnswer( question, value );
		case 'address':
			return addressAnswer( question, value );
		case 'select':
		case 'radio':
			return oneOption( question, value );
		case 'multiselect':
			return multiselectAnswer( question, value );
		case 'cuf':
			// The repository leaves out the questions of a disabled field.
			throw new Error(
				`Question ${ question.id } asks no enabled field`
			);
	}
}
