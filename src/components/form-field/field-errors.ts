import { createContext, useContext } from '@wordpress/element';
import { useField, useFormikContext } from 'formik';

import { useTranslation } from '../../lib/use-translation';

/**
 * Whether the form shows its errors yet. ValidatedForm says so after the first refused submit; a plain
 * Formik form without it shows them once submitted.
 */
export const ErrorsShownContext = createContext< boolean | null >( null );

/** Renders a Yup message key through `t`; other strings (a server's sentence) as they are. */
export function useErrorText() {
	const { t } = useTranslation();
	return ( error: unknown ): string | undefined =>
		typeof error === 'string' && error !== ''
			? t( error, { defaultValue: error } )
			: undefined;
}

/**
 * The translated error of a Formik field, once the form shows its errors.
 *
 * @param name The field's name in the Formik values (`birthDate`, `address.city`).
 */
export function useFieldError( name: string ): string | undefined {
	const [ , meta ] = useField( name );
	const { submitCount } = useFormikContext();
	const shown = useContext( ErrorsShownContext ) ?? submitCount > 0;
	const errorText = useErrorText();
	return errorText( shown ? meta.error : undefined );
}
