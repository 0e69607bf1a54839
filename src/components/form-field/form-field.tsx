import type { ReactNode } from 'react';

import './form-field.scss';

/** One choice of a native select. */
export interface SelectOption {
	value: string;
	label: string;
}

/** What a field gives its control so that the label, the hint and the error belong to it. */
export interface ControlProps {
	id: string;
	'aria-required': true | undefined;
	'aria-invalid': true | undefined;
	'aria-describedby': string | undefined;
}

/**
 * The spec's asterisk for required fields. Decoration for sighted users: the control itself carries
 * `aria-required`, so the asterisk stays out of the accessible name.
 */
export function RequiredMark() {
	return (
		<span className="crowdscout-field__required" aria-hidden="true">
			{ ' *' }
		</span>
	);
}

/**
 * A field's error, already translated, with the id its control names in `aria-describedby`.
 *
 * @param props
 * @param props.id      The control's id.
 * @param props.message The translated message, if any.
 */
export function FieldError( {
	id,
	message,
}: {
	id: string;
	message: string | undefined;
} ) {
	return message ? (
		<p id={ `${ id }-error` } className="crowdscout-field__error">
			{ message }
		</p>
	) : null;
}

export interface FormFieldProps {
	/** The control's id; the hint and the error take it as a prefix. */
	id: string;
	label: ReactNode;
	required?: boolean;
	/** Help under the control, read with it. */
	hint?: ReactNode;
	/** The translated error; marks the control invalid. */
	error?: string;
	/** Ids of further descriptions (a checklist beside the field), read before the hint and the error. */
	describedBy?: string;
	/** `checkbox` puts the control before its label on one line. */
	layout?: 'stacked' | 'checkbox';
	className?: string;
	/** Renders the control with the props that tie it to the label and the messages. */
	children: ( control: ControlProps ) => ReactNode;
	/** Shown under the error: extra controls or help that belong to this field. */
	after?: ReactNode;
}

/**
 * One form field: label (with the asterisk when required), control, hint and error, wired together with
 * `for`, `aria-describedby`, `aria-invalid` and `aria-required`. Knows nothing of Formik, so filters and
 * other uncontrolled forms can use it too; the Formik fields are built on it.
 *
 * @param props
 * @param props.id
 * @param props.label
 * @param props.required
 * @param props.hint
 * @param props.error
 * @param props.describedBy
 * @param props.layout
 * @param props.className
 * @param props.children
 * @param props.after
 */
export function FormField( {
	id,
	label,
	required = false,
	hint,
	error,
	describedBy,
	layout = 'stacked',
	className,
	children,
	after,
}: FormFieldProps ) {
	const descriptions = [
		describedBy,
		hint ? `${ id }-hint` : undefined,
		error ? `${ id }-error` : undefined,
	].filter( Boolean );
	const control = children( {
		id,
		'aria-required': required || undefined,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': descriptions.length
			? descriptions.join( ' ' )
			: undefined,
	} );
	const labelElement = (
		<label htmlFor={ id }>
			{ label }
			{ required && <RequiredMark /> }
		</label>
	);
	return (
		<div
			className={ [ 'crowdscout-field', className ]
				.filter( Boolean )
				.join( ' ' ) }
		>
			{ layout === 'checkbox' ? (
				<div className="crowdscout-field__checkbox">
					{ control }
					{ labelElement }
				</div>
			) : (
				<>
					{ labelElement }
					{ control }
				</>
			) }
			{ hint && (
				<p id={ `${ id }-hint` } className="crowdscout-field__hint">
					{ hint }
				</p>
			) }
			<FieldError id={ id } message={ error } />
			{ after }
		</div>
	);
}
