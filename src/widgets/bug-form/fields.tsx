import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';
import { useField } from 'formik';

import { FormField, useFieldError } from '../../components/form-field';

interface Props {
	name: string;
	label: ReactNode;
	required?: boolean;
	hint?: ReactNode;
	after?: ReactNode;
}

/**
 * A textarea bound to a Formik value (the steps, the results, the notes).
 *
 * @param props
 * @param props.rows
 */
export function TextAreaField( {
	rows = 4,
	...props
}: Props & { rows?: number } ) {
	const id = useId();
	const [ field ] = useField< string >( props.name );
	const error = useFieldError( props.name );
	return (
		<FormField { ...props } id={ id } error={ error }>
			{ ( control ) => (
				<textarea
					{ ...control }
					name={ field.name }
					rows={ rows }
					value={ field.value ?? '' }
					onChange={ field.onChange }
				/>
			) }
		</FormField>
	);
}

/**
 * A date or time input bound to a Formik value; the browser's picker gives '' for a date that does not exist.
 *
 * @param props
 * @param props.type
 * @param props.max
 */
export function MomentField( {
	type,
	max,
	...props
}: Props & { type: 'date' | 'time'; max?: string } ) {
	const id = useId();
	const [ field ] = useField< string >( props.name );
	const error = useFieldError( props.name );
	return (
		<FormField { ...props } id={ id } error={ error }>
			{ ( control ) => (
				<input
					{ ...control }
					type={ type }
					name={ field.name }
					max={ max }
					value={ field.value ?? '' }
					onChange={ field.onChange }
				/>
			) }
		</FormField>
	);
}
