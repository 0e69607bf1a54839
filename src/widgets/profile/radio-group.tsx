import type { ReactNode } from 'react';
import { useField } from 'formik';

import {
	FieldError,
	RequiredMark,
	useFieldError,
} from '../../components/form-field';

export interface RadioChoice {
	value: string;
	label: ReactNode;
	/** A short explanation under the label, read with it. */
	description?: ReactNode;
	disabled?: boolean;
}

/**
 * Radio buttons bound to a Formik value, in a fieldset whose legend is the question; the error is tied to every
 * button, so a screen reader hears it on whichever one has focus.
 *
 * @param props
 * @param props.id       Prefix of the buttons' ids.
 * @param props.name     The Formik value.
 * @param props.legend   The question.
 * @param props.choices  The answers.
 * @param props.required Marks the question required.
 */
export function RadioGroup( {
	id,
	name,
	legend,
	choices,
	required = false,
}: {
	id: string;
	name: string;
	legend: ReactNode;
	choices: readonly RadioChoice[];
	required?: boolean;
} ) {
	const [ field ] = useField< string >( name );
	const error = useFieldError( name );
	return (
		<fieldset className="crowdscout-field wp-block-crowdscout-profile__radios">
			<legend>
				{ legend }
				{ required && <RequiredMark /> }
			</legend>
			{ choices.map( ( choice ) => {
				const choiceId = `${ id }-${ choice.value }`;
				const describedBy = [
					choice.description ? `${ choiceId }-description` : '',
					error ? `${ id }-error` : '',
				]
					.filter( Boolean )
					.join( ' ' );
				return (
					<div
						key={ choice.value }
						className="wp-block-crowdscout-profile__radio"
					>
						<input
							type="radio"
							id={ choiceId }
							name={ name }
							value={ choice.value }
							checked={ field.value === choice.value }
							onChange={ field.onChange }
							disabled={ choice.disabled }
							aria-describedby={ describedBy || undefined }
						/>
						<label htmlFor={ choiceId }>{ choice.label }</label>
						{ choice.description && (
							<p
								id={ `${ choiceId }-description` }
								className="crowdscout-field__hint"
							>
								{ choice.description }
							</p>
						) }
					</div>
				);
			} ) }
			<FieldError id={ id } message={ error } />
		</fieldset>
	);
}
