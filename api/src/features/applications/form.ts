import type {
	AnswerValue,
	IdName,
	PreselectionFormItem,
} from '../../contract/index.ts';
import type {
	CustomUserFieldGroupRow,
	CustomUserFieldRow,
	PerLanguageText,
} from '../lookups/repository.ts';
import type { ProfileAnswers, Question } from './repository.ts';

/**
 * GET /users/me/campaigns/{id}/forms: the campaign's questions as the form shows them, each prefilled with what
 * the tester's profile already answers (spec: the data is saved for future campaigns).
 */

export type Locale = 'en' | 'it' | 'es' | 'fr';

/** A catalogue text in the locale, Italian when the locale has none (spec, "Custom user field"). */
const inLocale = ( text: PerLanguageText, locale: Locale ) =>
	text[ locale ] ?? text.it;

/**
 * The enabled custom user fields of the catalogue, by id.
 *
 * @param groups What lookups' customUserFields answers.
 */
export const fieldsById = ( groups: readonly CustomUserFieldGroupRow[] ) =>
	new Map(
		groups.flatMap( ( { fields } ) =>
			fields.map( ( field ) => [ field.id, field ] as const )
		)
	);

/**
 * The tester's value of a custom user field as an answer: a text field's text; a select's option or typed
 * value; a multiselect's options (typed values have no place in its answer).
 *
 * @param field
 * @param profile
 */
function customFieldValue(
	field: CustomUserFieldRow,
	profile: ProfileAnswers
): AnswerValue | undefined {
	const values = profile.customValues.filter(
		( value ) => value.fieldId === field.id
	);
	const options = values
		.filter( ( value ) => value.text !== undefined )
		.map( ( value ) => Number( value.value ) );
	if ( field.type === 'multiselect' ) {
		return options.length ? { id: options } : undefined;
	}
	if ( field.type === 'select' && options.length ) {
		return { id: options[ 0 ] };
	}
	const typed = values.find( ( value ) => value.text === undefined );
	return typed ? { serialized: typed.value } : undefined;
}

/**
 * What the profile answers to a question of the product's own kinds: phone, gender and residence.
 *
 * @param question
 * @param profile
 */
function profileValue(
	question: Question,
	profile: ProfileAnswers
): AnswerValue | undefined {
	switch ( question.type ) {
		case 'phone_number':
			return profile.phone ? { serialized: profile.phone } : undefined;
		case 'gender':
			return profile.gender ? { serialized: profile.gender } : undefined;
		case 'address':
			return profile.country && profile.city
				? { country: profile.country, city: profile.city }
				: undefined;
		default:
			return undefined;
	}
}

const withValue = ( value: AnswerValue | undefined ) =>
	value ? { value } : {};

/**
 * One question as a form item; undefined for a custom user field question whose field the catalogue does not
 * list (disabled since the questions were read).
 *
 * @param question
 * @param fields
 * @param profile
 * @param locale
 */
function formItem(
	question: Question,
	fields: ReadonlyMap< number, CustomUserFieldRow >,
	profile: ProfileAnswers,
	locale: Locale
): PreselectionFormItem | undefined {
	const base = { id: question.id, question: question.question };
	if ( question.customUserFieldId !== null ) {
		const field = fields.get( question.customUserFieldId );
		if ( ! field ) {
			return undefined;
		}
		const options: IdName[] = field.options.map( ( option ) => ( {
			id: option.id,
			name: inLocale( option.name, locale ),
		} ) );
		return {
			...base,
			type: `cuf_${ field.id }`,
			...( field.type === 'text' ? {} : { options } ),
			customUserField: {
				id: field.id,
				type: field.type,
				name: inLocale( field.name, locale ),
				placeholder: field.placeholder
					? inLocale( field.placeholder, locale )
					: null,
				allow_other: field.allowOther,
				format: field.format,
			},
			...withValue( customFieldValue( field, profile ) ),
		};
	}
	const type = question.type as Exclude< Question[ 'type' ], 'cuf' >;
	return {
		...base,
		type,
		...( type === 'text' && question.regex
			? {
					validation: {
						regex: question.regex,
						...( question.error ? { error: question.error } : {} ),
					},
			  }
			: {} ),
		...( [ 'select', 'multiselect', 'radio' ].includes( type )
			? { options: question.options }
			: {} ),
		...withValue( profileValue( question, profile ) ),
	};
}

/**
 * The form: the questions in their order.
 *
 * @param questions
 * @param catalogue The enabled custom user fields (lookups' customUserFields).
 * @param profile
 * @param locale
 */
export function presentForm(
	questions: readonly Question[],
	catalogue: readonly CustomUserFieldGroupRow[],
	profile: ProfileAnswers,
	locale: Locale
): PreselectionFormItem[] {
	const fields = fieldsById( catalogue );
	return questions.flatMap(
		( question ) => formItem( question, fields, profile, locale ) ?? []
	);
}
