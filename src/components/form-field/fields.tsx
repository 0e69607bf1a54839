import type {
	InputHTMLAttributes,
	ReactNode,
	Ref,
	SelectHTMLAttributes,
} from 'react';
import { useId } from '@wordpress/element';
import { useField } from 'formik';

import { useFieldError } from './field-errors';
import { FormField, type SelectOption } from './form-field';

/** What every Formik field takes besides its control's own attributes. */
interface FieldProps {
	/** The value's name in the Formik values. */
	name: string;
	label: ReactNode;
	required?: boolean;
	hint?: ReactNode;
	/** The control's id; one is made up when missing. */
	id?: string;
	/** An error from elsewhere (the server), shown when validation has none. */
	serverError?: string;
	/** Ids of further descriptions, read before the hint and the error. */
	describedBy?: string;
	/** Shown under the error, inside the field. */
	after?: ReactNode;
	className?: string;
}

/** The attributes a Formik field sets itself. */
type Owned =
	| 'id'
	| 'name'
	| 'value'
	| 'checked'
	| 'onChange'
	| 'onBlur'
	| 'children'
	| 'required'
	| 'className';

export type TextFieldProps = FieldProps &
	Omit< InputHTMLAttributes< HTMLInputElement >, Owned | 'type' > & {
		type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
		inputRef?: Ref< HTMLInputElement >;
	};

/**
 * A text input bound to a Formik value, inside a FormField.
 *
 * @param props
 * @param props.name
 * @param props.label
 * @param props.required
 * @param props.hint
 * @param props.id
 * @param props.serverError
 * @param props.describedBy
 * @param props.after
 * @param props.className
 * @param props.type
 * @param props.inputRef
 */
export function TextField( {
	name,
	label,
	required,
	hint,
	id,
	serverError,
	describedBy,
	after,
	className,
	type = 'text',
	inputRef,
	...inputProps
}: TextFieldProps ) {
	const ownId = useId();
	const [ field ] = useField< string >( name );
	const error = useFieldError( name ) ?? serverError;
	return (
		<FormField
			id={ id ?? ownId }
			label={ label }
			required={ required }
			hint={ hint }
			error={ error }
			describedBy={ describedBy }
			className={ className }
			after={ after }
		>
			{ ( control ) => (
				<input
					{ ...inputProps }
					{ ...control }
					ref={ inputRef }
					type={ type }
					name={ field.name }
					value={ field.value ?? '' }
					onChange={ field.onChange }
				/>
			) }
		</FormField>
	);
}

export type SelectFieldProps = FieldProps &
	Omit< SelectHTMLAttributes< HTMLSelectElement >, Owned > & {
		options: readonly SelectOption[];
		/** The label of a first, empty option ("Choose…"); none when missing. */
		placeholder?: string;
		inputRef?: Ref< HTMLSelectElement >;
	};

/**
 * A native select bound to a Formik value, inside a FormField.
 *
 * @param props
 * @param props.name
 * @param props.label
 * @param props.required
 * @param props.hint
 * @param props.id
 * @param props.serverError
 * @param props.describedBy
 * @param props.after
 * @param props.className
 * @param props.options
 * @param props.placeholder
 * @param props.inputRef
 */
export function SelectField( {
	name,
	label,
	required,
	hint,
	id,
	serverError,
	describedBy,
	after,
	className,
	options,
	placeholder,
	inputRef,
	...selectProps
}: SelectFieldProps ) {
	const ownId = useId();
	const [ field ] = useField< string >( name );
	const error = useFieldError( name ) ?? serverError;
	return (
		<FormField
			id={ id ?? ownId }
			label={ label }
			required={ required }
			hint={ hint }
			error={ error }
			describedBy={ describedBy }
			className={ className }
			after={ after }
		>
			{ ( control ) => (
				<select
					{ ...selectProps }
					{ ...control }
					ref={ inputRef }
					name={ field.name }
					value={ field.value ?? '' }
					onChange={ field.onChange }
				>
					{ placeholder !== undefined && (
						<option value="">{ placeholder }</option>
					) }
					{ options.map( ( option ) => (
						<option key={ option.value } value={ option.value }>
							{ option.label }
						</option>
					) ) }
				</select>
			) }
		</FormField>
	);
}

export type CheckboxFieldProps = FieldProps &
	Omit< InputHTMLAttributes< HTMLInputElement >, Owned | 'type' > & {
		inputRef?: Ref< HTMLInputElement >;
	};

/**
 * A checkbox bound to a boolean Formik value, its label beside it.
 *
 * @param props
 * @param props.name
 * @param props.label
 * @param props.required
 * @param props.hint
 * @param props.id
 * @param props.serverError
 * @param props.describedBy
 * @param props.after
 * @param props.className
 * @param props.inputRef
 */
export function CheckboxField( {
	name,
	label,
	required,
	hint,
	id,
	serverError,
	describedBy,
	after,
	className,
	inputRef,
	...inputProps
}: CheckboxFieldProps ) {
	const ownId = useId();
	const [ field ] = useField< boolean >( { name, type: 'checkbox' } );
	const error = useFieldError( name ) ?? serverError;
	return (
		<FormField
			id={ id ?? ownId }
			label={ label }
			required={ required }
			hint={ hint }
			error={ error }
			describedBy={ describedBy }
			className={ className }
			after={ after }
			layout="checkbox"
		>
			{ ( control ) => (
				<input
					{ ...inputProps }
					{ ...control }
					ref={ inputRef }
					type="checkbox"
					name={ field.name }
					checked={ !! field.checked }
					onChange={ field.onChange }
				/>
			) }
		</FormField>
	);
}
