import { Suspense, lazy, useRef } from '@wordpress/element';

import type { ModalProps } from './modal-dialog';

export type { ModalProps } from './modal-dialog';

const ModalDialog = lazy(
	() => import( /* webpackChunkName: "modal" */ './modal-dialog' )
);

/**
 * A modal dialog (modal-dialog.tsx). Its code, Radix's dialog with focus trapping and scroll locking, loads
 * the first time the dialog opens: most visits to a page never open one. Once loaded it stays mounted, so
 * closing works as Radix means it to (focus goes back where it was).
 *
 * @param props
 */
export function Modal( props: ModalProps ) {
	const opened = useRef( false );
	opened.current ||= props.open;
	if ( ! opened.current ) {
		return null;
	}
	return (
		<Suspense fallback={ null }>
			<ModalDialog { ...props } />
		</Suspense>
	);
}
