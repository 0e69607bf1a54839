import type {
	InputHTMLAttributes,
	ReactNode,
	Ref,
	SelectHTMLAttributes,
} from 'react';
import { useId } from '@wordpress/element';
import { useField } from 'formik';

import { useFieldError } from './field-errors';
import { FormField, type ControlProps, type SelectOption } from './form-field';

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

const FIELD_KEYS = [
	'name',
	'label',
	'required',
	'hint',
	'id',
	'serverError',
	'describedBy',
	'after',
	'className',
] as const;

/**
 * A field's own props apart from its control's attributes, which go on the control.
 *
 * @param props
 */
function splitFieldProps< Rest extends object >(
	props: FieldProps & Rest
): [ FieldProps, Omit< Rest, keyof FieldProps > ] {
	const field: Record< string, unknown > = {};
	const control = { ...props } as Record< string, unknown >;
	for ( const key of FIELD_KEYS ) {
		field[ key ] = control[ key ];
		delete control[ key ];
	}
	return [
		field as unknown as FieldProps,
		control as Omit< Rest, keyof FieldProps >,
	];
}

/**
 * The FormField of a Formik value: its id (made up when missing) and its error (validation's, else the server's).
 *
 * @param props
 * @param props.field
 * @param props.layout
 * @param props.children
 */
function BoundField( {
	field: { name, id, serverError, ...shown },
	layout,
	children,
}: {
	field: FieldProps;
	layout?: 'stacked' | 'checkbox';
	children: ( control: ControlProps ) => ReactNode;
} ) {
	const ownId = useId();
	const error = useFieldError( name ) ?? serverError;
	return (
		<FormField
			{ ...shown }
			id={ id ?? ownId }
			error={ error }
			layout={ layout }
		>
			{ children }
		</FormField>
	);
}

export type TextFieldProps = FieldProps &
	Omit< InputHTMLAttributes< HTMLInputElement >, Owned | 'type' > & {
		type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
		inputRef?: Ref< HTMLInputElement >;
	};

/**
 * A text input bound to a Formik value, inside a FormField.
 *
 * @param props
 * @param props.type
 * @param props.inputRef
 */
export function TextField( {
	type = 'text',
	inputRef,
	...props
}: TextFieldProps ) {
	const [ fieldProps, inputProps ] = splitFieldProps( props );
	const [ field ] = useField< string >( fieldProps.name );
	return (
		<BoundField field={ fieldProps }>
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
		</BoundField>
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
 * @param props.options
 * @param props.placeholder
 * @param props.inputRef
 */
export function SelectField( {
	options,
	placeholder,
	inputRef,
	...props
}: SelectFieldProps ) {
	const [ fieldProps, selectProps ] = splitFieldProps( props );
	const [ field ] = useField< string >( fieldProps.name );
	return (
		<BoundField field={ fieldProps }>
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
		</BoundField>
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
 * @param props.inputRef
 */
export function CheckboxField( { inputRef, ...props }: CheckboxFieldProps ) {
	const [ fieldProps, inputProps ] = splitFieldProps( props );
	const [ field ] = useField< boolean >( {
		name: fieldProps.name,
		type: 'checkbox',
	} );
	return (
		<BoundField field={ fieldProps } layout="checkbox">
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
		</BoundField>
	);
}
