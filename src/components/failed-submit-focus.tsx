import type { RefObject } from 'react';
import { useEffect } from '@wordpress/element';
import { useFormikContext } from 'formik';

/**
 * Watches submit attempts: when validation stops one, it reports it (so the form starts validating as the
 * user types) and moves focus to the first invalid field, in the form's order.
 *
 * @param props
 * @param props.fields         Field name → the control that should receive focus, in order.
 * @param props.onFailedSubmit Called after every submit attempt that validation refused, if given.
 */
export function FailedSubmitFocus( {
	fields,
	onFailedSubmit,
}: {
	fields: Array< [ string, RefObject< HTMLElement > ] >;
	onFailedSubmit?: () => void;
} ) {
	const { submitCount, isValidating, errors } =
		useFormikContext< Record< string, unknown > >();
	useEffect( () => {
		if ( submitCount === 0 || isValidating ) {
			return;
		}
		const first = fields.find( ( [ name ] ) => errors[ name ] );
		if ( first ) {
			onFailedSubmit?.();
			first[ 1 ].current?.focus();
		}
		// Only a new submit attempt moves focus, not every keystroke that changes the errors.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ submitCount, isValidating ] );
	return null;
}
