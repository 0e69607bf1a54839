import type { RefObject } from 'react';
import { useEffect } from '@wordpress/element';
import { getIn, useFormikContext } from 'formik';

/**
 * Whether a control's name, or an object it belongs to, has an error: `birthDate.day` is invalid when the
 * birth date as a whole is.
 *
 * @param errors Formik's errors.
 * @param name   The control's name.
 */
function hasError( errors: unknown, name: string ): boolean {
	const path = name.split( /[.[\]]+/ ).filter( Boolean );
	return path.some(
		( _, index ) =>
			typeof getIn( errors, path.slice( 0, index + 1 ) ) === 'string'
	);
}

/**
 * Watches submit attempts: when validation stops one, it reports it (so the form starts validating as the
 * user types) and moves focus to the first invalid control in the form's order. Controls are found by
 * their `name`, so a field needs no ref to take part.
 *
 * @param props
 * @param props.form           The form whose controls to search.
 * @param props.onFailedSubmit Called after every submit attempt that validation refused, if given.
 * @param props.skip           Controls never to focus, by name (the bug form's media and additional fields).
 */
export function FocusFirstInvalid( {
	form,
	onFailedSubmit,
	skip,
}: {
	form: RefObject< HTMLFormElement >;
	onFailedSubmit?: () => void;
	skip?: ( name: string ) => boolean;
} ) {
	const { submitCount, isValidating, errors } = useFormikContext();
	useEffect( () => {
		if (
			submitCount === 0 ||
			isValidating ||
			Object.keys( errors ).length === 0
		) {
			return;
		}
		onFailedSubmit?.();
		const first = Array.from( form.current?.elements ?? [] ).find(
			( element ): element is HTMLElement =>
				element instanceof HTMLElement &&
				'name' in element &&
				typeof element.name === 'string' &&
				element.name !== '' &&
				! skip?.( element.name ) &&
				hasError( errors, element.name )
		);
		first?.focus();
		// Only a new submit attempt moves focus, not every keystroke that changes the errors.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ submitCount, isValidating ] );
	return null;
}
