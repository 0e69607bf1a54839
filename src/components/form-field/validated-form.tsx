import type { FormHTMLAttributes, ReactNode } from 'react';
import { useRef, useState } from '@wordpress/element';
import { Formik, type FormikProps, type FormikValues } from 'formik';

import { ErrorsShownContext } from './field-errors';
import { FocusFirstInvalid } from './focus-first-invalid';

export interface ValidatedFormProps< Values extends FormikValues >
	extends Omit<
		FormHTMLAttributes< HTMLFormElement >,
		'onSubmit' | 'children' | 'noValidate'
	> {
	initialValues: Values;
	/** A Yup schema; its messages are translation keys or plain sentences. */
	validationSchema: unknown;
	/** Called with values that passed validation. */
	onSubmit: ( values: Values ) => unknown;
	children: ( formik: FormikProps< Values > ) => ReactNode;
}

/**
 * A Formik form that behaves the way every form of the spec does: nothing is validated on blur or while
 * typing until a submit is refused; from then on the errors show and follow the typing, and each refused
 * submit moves focus to the first invalid control. The browser's own validation stays off so the
 * messages are ours, in the page's language.
 *
 * @param props
 * @param props.initialValues
 * @param props.validationSchema
 * @param props.onSubmit
 * @param props.children         The fields, given Formik's state.
 */
export function ValidatedForm< Values extends FormikValues >( {
	initialValues,
	validationSchema,
	onSubmit,
	children,
	...formProps
}: ValidatedFormProps< Values > ) {
	const [ attempted, setAttempted ] = useState( false );
	const formRef = useRef< HTMLFormElement >( null );
	return (
		<Formik< Values >
			initialValues={ initialValues }
			validationSchema={ validationSchema }
			validateOnBlur={ false }
			validateOnChange={ attempted }
			onSubmit={ async ( values ) => {
				await onSubmit( values );
			} }
		>
			{ ( formik ) => (
				<ErrorsShownContext.Provider value={ attempted }>
					<form
						{ ...formProps }
						ref={ formRef }
						noValidate
						onSubmit={ formik.handleSubmit }
					>
						<FocusFirstInvalid
							form={ formRef }
							onFailedSubmit={ () => setAttempted( true ) }
						/>
						{ children( formik ) }
					</form>
				</ErrorsShownContext.Provider>
			) }
		</Formik>
	);
}
