import type { RefObject } from 'react';

const TABBABLE = [
	'a[href]',
	'button:not([disabled])',
	'input:not([disabled]):not([type="hidden"])',
	'select:not([disabled])',
	'textarea:not([disabled])',
	'iframe',
	'[tabindex]:not([tabindex="-1"])',
].join( ',' );

const GUARD = 'data-crowdscout-focus-guard';

/**
 * What Tab reaches inside `container`, in order, without the guards.
 *
 * @param container Where to look.
 */
export function tabbablesIn( container: HTMLElement | null ): HTMLElement[] {
	return container
		? Array.from(
				container.querySelectorAll< HTMLElement >( TABBABLE )
		  ).filter( ( element ) => ! element.hasAttribute( GUARD ) )
		: [];
}

/**
 * A focusable edge that sends focus back to the other end of `container`. A pair of them keeps Tab inside a
 * dialog even when focus leaves an embedded iframe, whose key presses never reach this document.
 *
 * @param props
 * @param props.container The trapping element; the guard must be its first or last child.
 * @param props.edge      Which end of it this guard sits at.
 */
export function FocusGuard( {
	container,
	edge,
}: {
	container: RefObject< HTMLElement >;
	edge: 'start' | 'end';
} ) {
	return (
		<span
			{ ...{ [ GUARD ]: edge } }
			className="crowdscout-visually-hidden"
			// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focus guard must take focus to pass it on
			tabIndex={ 0 }
			onFocus={ () => {
				const items = tabbablesIn( container.current );
				( edge === 'start'
					? items[ items.length - 1 ]
					: items[ 0 ]
				)?.focus();
			} }
		/>
	);
}
