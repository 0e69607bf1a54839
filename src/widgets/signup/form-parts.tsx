import type { ReactNode } from 'react';

import { useTranslation } from '../../lib/use-translation';

/** The ids a described control points at: its hint, then its error. */
export function describedBy(
	id: string,
	{ hint, error }: { hint?: boolean; error?: boolean }
): string | undefined {
	const ids = [ hint && `${ id }-hint`, error && `${ id }-error` ].filter(
		Boolean
	);
	return ids.length ? ids.join( ' ' ) : undefined;
}

/**
 * A label with the spec's asterisk for required fields. The asterisk is decoration for sighted users; the
 * control itself carries `aria-required`.
 *
 * @param props
 * @param props.htmlFor  The control's id.
 * @param props.required Whether to show the asterisk.
 * @param props.children The label text.
 */
export function Label( {
	htmlFor,
	required = false,
	children,
}: {
	htmlFor: string;
	required?: boolean;
	children: ReactNode;
} ) {
	return (
		<label htmlFor={ htmlFor }>
			{ children }
			{ required && <RequiredMark /> }
		</label>
	);
}

export function RequiredMark() {
	return (
		<span className="crowdscout-signup__required" aria-hidden="true">
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

/** Renders a Yup message key through `t`; other strings (a server's sentence) as they are. */
export function useErrorText() {
	const { t } = useTranslation();
	return ( error: unknown ): string | undefined =>
		typeof error === 'string' && error !== ''
			? t( error, { defaultValue: error } )
			: undefined;
}
