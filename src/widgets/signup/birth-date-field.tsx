import type { ChangeEvent } from 'react';
import { useMemo } from '@wordpress/element';
import { useField } from 'formik';

import {
	FieldError,
	RequiredMark,
	useFieldError,
} from '../../components/form-field';
import { useTranslation } from '../../lib/use-translation';
import { MINIMUM_AGE, type BirthDateParts } from './schemas';

interface BirthDateFieldProps {
	id: string;
	/** The Formik value holding the three parts; the controls are named `<name>.day` and so on. */
	name: string;
}

/**
 * Day, month and year as three native controls in a fieldset, the pattern that works with every keyboard,
 * screen reader and phone: numeric keypads for day and year, month names in the page's language, and the
 * browser's birthday autofill.
 *
 * The day comes first in the form's order, so a refused submit focuses it when the date is wrong.
 *
 * @param props
 * @param props.id   Prefix of the controls' ids.
 * @param props.name The Formik value.
 */
export function BirthDateField( { id, name }: BirthDateFieldProps ) {
	const { t, i18n } = useTranslation();
	const [ { value, onChange } ] = useField< BirthDateParts >( name );
	const error = useFieldError( name );
	const months = useMemo( () => {
		const format = new Intl.DateTimeFormat( i18n.language, {
			month: 'long',
			timeZone: 'UTC',
		} );
		return Array.from( { length: 12 }, ( _, index ) =>
			format.format( new Date( Date.UTC( 2000, index, 1 ) ) )
		);
	}, [ i18n.language ] );
	const invalid = error ? true : undefined;
	const errorId = error ? `${ id }-error` : undefined;

	return (
		<fieldset
			className="crowdscout-signup__date"
			aria-describedby={ `${ id }-hint` }
		>
			<legend>
				{ t( 'signup.birthDate' ) }
				<RequiredMark />
			</legend>
			<p id={ `${ id }-hint` } className="crowdscout-field__hint">
				{ t( 'signup.birthDateHint' ) }
			</p>
			<div className="crowdscout-signup__date-parts">
				<div className="crowdscout-field crowdscout-signup__date-day">
					<label htmlFor={ `${ id }-day` }>
						{ t( 'signup.day' ) }
					</label>
					<input
						id={ `${ id }-day` }
						name={ `${ name }.day` }
						type="text"
						inputMode="numeric"
						autoComplete="bday-day"
						maxLength={ 2 }
						value={ value.day }
						onChange={ onChange }
						aria-required="true"
						aria-invalid={ invalid }
						aria-describedby={ errorId }
					/>
				</div>
				<div className="crowdscout-field crowdscout-signup__date-month">
					<label htmlFor={ `${ id }-month` }>
						{ t( 'signup.month' ) }
					</label>
					<select
						id={ `${ id }-month` }
						name={ `${ name }.month` }
						autoComplete="bday-month"
						value={ value.month }
						onChange={ onChange }
						aria-required="true"
						aria-invalid={ invalid }
						aria-describedby={ errorId }
					>
						<option value="">{ t( 'signup.choose' ) }</option>
						{ months.map( ( month, index ) => (
							<option key={ month } value={ String( index + 1 ) }>
								{ month }
							</option>
						) ) }
					</select>
				</div>
				<div className="crowdscout-field crowdscout-signup__date-year">
					<label htmlFor={ `${ id }-year` }>
						{ t( 'signup.year' ) }
					</label>
					<input
						id={ `${ id }-year` }
						name={ `${ name }.year` }
						type="number"
						// The picker's bounds: the 16-year cutoff is its maximum, as the spec asks.
						min={ 1900 }
						max={ new Date().getFullYear() - MINIMUM_AGE }
						autoComplete="bday-year"
						value={ value.year }
						onChange={ ( event ) =>
							// Formik turns number inputs into numbers; the schema reads the parts as typed text.
							onChange( {
								target: {
									name: event.target.name,
									value: event.target.value,
									type: 'text',
								},
							} as ChangeEvent< HTMLInputElement > )
						}
						aria-required="true"
						aria-invalid={ invalid }
						aria-describedby={ errorId }
					/>
				</div>
			</div>
			<FieldError id={ id } message={ error } />
		</fieldset>
	);
}
