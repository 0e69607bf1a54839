import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from '@wordpress/element';
import { useField, useFormikContext } from 'formik';

import {
	CountryField,
	FieldError,
	RequiredMark,
	SelectField,
	TextField,
	useFieldError,
} from '../form-field';
import { PlaceField } from '../place-search';
import { useTranslation } from '../../lib/use-translation';
import {
	GENDERS,
	NONE_OF_THE_ABOVE,
	OTHER_CHOICE,
	answerName,
	toggleChoice,
	type AddressAnswer,
	type ApplicationValues,
	type ChoiceAnswer,
	type Question,
	type QuestionKind,
} from './answers';

const block = 'crowdscout-preselection-form';

const GENDER_NAMES = {
	female: 'preselectionForm.genderFemale',
	male: 'preselectionForm.genderMale',
	'not-specified': 'preselectionForm.genderNotSpecified',
	other: 'preselectionForm.genderOther',
} as const satisfies Record< ( typeof GENDERS )[ number ], string >;

export interface Choice {
	value: string;
	label: string;
}

/**
 * Checkboxes or radio buttons in a fieldset whose legend is the question. The error is tied to every control, so
 * a screen reader hears it on whichever one has focus; the controls share the answer's name, so a refused submit
 * can focus the first.
 *
 * @param props
 * @param props.name     The Formik value.
 * @param props.legend   The question.
 * @param props.type     Several answers (checkbox) or one (radio).
 * @param props.choices  The answers.
 * @param props.selected Whether an answer is chosen.
 * @param props.onToggle Called when an answer is checked or unchecked.
 * @param props.after    Shown under the choices.
 */
export function ChoiceGroup( {
	name,
	legend,
	type,
	choices,
	selected,
	onToggle,
	after,
}: {
	name: string;
	legend: ReactNode;
	type: 'checkbox' | 'radio';
	choices: readonly Choice[];
	selected: ( value: string ) => boolean;
	onToggle: ( value: string, checked: boolean ) => void;
	after?: ReactNode;
} ) {
	const id = useId();
	const error = useFieldError( name );
	return (
		<fieldset
			className={ `crowdscout-field ${ block }__choices` }
			// A radio group can say it is required; a checkbox group has no such attribute (its legend's mark shows it).
			role={ type === 'radio' ? 'radiogroup' : undefined }
			aria-required={ type === 'radio' ? true : undefined }
		>
			<legend className={ `${ block }__legend` }>
				{ legend }
				<RequiredMark />
			</legend>
			{ choices.map( ( choice ) => {
				const choiceId = `${ id }-${ choice.value }`;
				return (
					<div
						key={ choice.value }
						className={ `${ block }__choice` }
					>
						<input
							type={ type }
							id={ choiceId }
							name={ name }
							value={ choice.value }
							checked={ selected( choice.value ) }
							onChange={ ( event ) =>
								onToggle( choice.value, event.target.checked )
							}
							aria-invalid={ error ? true : undefined }
							aria-describedby={
								error ? `${ id }-error` : undefined
							}
						/>
						<label htmlFor={ choiceId }>{ choice.label }</label>
					</div>
				);
			} ) }
			<FieldError id={ id } message={ error } />
			{ after }
		</fieldset>
	);
}

const optionChoices = ( question: Question ): Choice[] =>
	( question.options ?? [] ).map( ( option ) => ( {
		value: String( option.id ),
		label: option.name,
	} ) );

function MultiselectQuestion( { question }: { question: Question } ) {
	const { t } = useTranslation();
	const name = answerName( question );
	const [ field, , helpers ] = useField< string[] >( name );
	const chosen = field.value ?? [];
	return (
		<ChoiceGroup
			name={ name }
			legend={ question.question }
			type="checkbox"
			choices={ [
				...optionChoices( question ),
				{
					value: NONE_OF_THE_ABOVE,
					label: t( 'preselectionForm.noneOfTheAbove' ),
				},
			] }
			selected={ ( value ) => chosen.includes( value ) }
			onToggle={ ( value, checked ) =>
				helpers.setValue( toggleChoice( chosen, value, checked ) )
			}
		/>
	);
}

function RadioQuestion( { question }: { question: Question } ) {
	const name = answerName( question );
	const [ field, , helpers ] = useField< string >( name );
	return (
		<ChoiceGroup
			name={ name }
			legend={ question.question }
			type="radio"
			choices={ optionChoices( question ) }
			selected={ ( value ) => field.value === value }
			onToggle={ ( value ) => helpers.setValue( value ) }
		/>
	);
}

/**
 * Country, then a city searched among that country's places (Italian municipalities for Italy); a new country
 * empties the city, which belonged to the old one.
 *
 * @param props
 * @param props.question
 */
function AddressQuestion( { question }: { question: Question } ) {
	const { t } = useTranslation();
	const id = useId();
	const name = answerName( question );
	const { setFieldValue } = useFormikContext< ApplicationValues >();
	const [ field ] = useField< AddressAnswer >( name );
	const cityError = useFieldError( `${ name }.city` );
	const { country, city } = field.value;
	const previousCountry = useRef( country );
	useEffect( () => {
		if ( previousCountry.current !== country ) {
			previousCountry.current = country;
			setFieldValue( `${ name }.city`, '' );
		}
	}, [ country, name, setFieldValue ] );
	return (
		<fieldset className={ `${ block }__address` }>
			<legend className={ `${ block }__legend` }>
				{ question.question }
			</legend>
			<CountryField
				id={ `${ id }-country` }
				name={ `${ name }.country` }
				label={ t( 'preselectionForm.country' ) }
				placeholder={ t( 'preselectionForm.choose' ) }
				required
			/>
			<PlaceField
				id={ `${ id }-city` }
				name={ `${ name }.city` }
				label={ t( 'preselectionForm.city' ) }
				country={ country }
				value={ city }
				onChange={ ( option ) =>
					setFieldValue(
						`${ name }.city`,
						option?.place?.name ?? option?.label ?? ''
					)
				}
				required
				error={ cityError }
			/>
		</fieldset>
	);
}

/**
 * A custom select: its options, and "Other" with a text of the tester's own when the field allows it.
 *
 * @param props
 * @param props.question
 */
function CustomSelectQuestion( { question }: { question: Question } ) {
	const { t } = useTranslation();
	const name = answerName( question );
	const [ field ] = useField< ChoiceAnswer >( name );
	const allowOther = question.customUserField?.allow_other === true;
	const options = optionChoices( question );
	return (
		<>
			<SelectField
				name={ `${ name }.choice` }
				label={ question.question }
				required
				placeholder={
					question.customUserField?.placeholder ||
					t( 'preselectionForm.choose' )
				}
				options={
					allowOther
						? [
								...options,
								{
									value: OTHER_CHOICE,
									label: t( 'preselectionForm.other' ),
								},
						  ]
						: options
				}
			/>
			{ allowOther && field.value.choice === OTHER_CHOICE && (
				<TextField
					name={ `${ name }.other` }
					label={ t( 'preselectionForm.otherValue', {
						question: question.question,
					} ) }
					required
					maxLength={ 1000 }
				/>
			) }
		</>
	);
}

/**
 * One question of the form, asked with the control its kind needs.
 *
 * @param props
 * @param props.question
 * @param props.kind     The question's kind.
 */
export function QuestionField( {
	question,
	kind,
}: {
	question: Question;
	kind: QuestionKind;
} ) {
	const { t } = useTranslation();
	const name = answerName( question );
	switch ( kind ) {
		case 'multiselect':
		case 'cuf-multiselect':
			return <MultiselectQuestion question={ question } />;
		case 'radio':
			return <RadioQuestion question={ question } />;
		case 'address':
			return <AddressQuestion question={ question } />;
		case 'cuf-select':
			return <CustomSelectQuestion question={ question } />;
		case 'select':
			return (
				<SelectField
					name={ name }
					label={ question.question }
					required
					placeholder={ t( 'preselectionForm.choose' ) }
					options={ optionChoices( question ) }
				/>
			);
		case 'gender':
			return (
				<SelectField
					name={ name }
					label={ question.question }
					required
					placeholder={ t( 'preselectionForm.choose' ) }
					options={ GENDERS.map( ( gender ) => ( {
						value: gender,
						label: t( GENDER_NAMES[ gender ] ),
					} ) ) }
				/>
			);
		case 'phone_number':
			return (
				<TextField
					type="tel"
					name={ name }
					label={ question.question }
					required
					autoComplete="tel"
					hint={ t( 'preselectionForm.phoneHint' ) }
					maxLength={ 20 }
				/>
			);
		default:
			return (
				<TextField
					name={ name }
					label={ question.question }
					required
					placeholder={
						question.customUserField?.placeholder ?? undefined
					}
					maxLength={ 1000 }
				/>
			);
	}
}
