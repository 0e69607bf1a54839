import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from '@wordpress/element';

import { useTranslation } from '../lib/use-translation';
import { SvgIcon } from './icons/svg-icon';
import './modal.scss';

export interface ModalProps {
	open: boolean;
	onOpenChange?: ( open: boolean ) => void;
	title: ReactNode;
	description?: ReactNode;
	children?: ReactNode;
	/** Actions under the scrolling body, always in view. */
	footer?: ReactNode;
	/** Without it the dialog has no close button and ignores Escape and clicks outside it. */
	dismissible?: boolean;
	/**
	 * Whether a click outside a dismissible dialog closes it; a form filled in over several steps (the device
	 * wizard) keeps its close button and Escape but would lose the user's work to a stray click.
	 */
	closeOnOutsideClick?: boolean;
	className?: string;
	size?: 'medium' | 'large';
	/**
	 * Where focus goes when the dialog closes, typically the button that opens it (Safari does not focus a
	 * clicked button). Without it, focus goes back to whatever had it when the dialog opened.
	 */
	returnFocusRef?: RefObject< HTMLElement >;
	/**
	 * Where focus goes when nothing had it as the dialog opened (a dialog that opened by itself as the page
	 * loaded), instead of the top of the page.
	 */
	fallbackFocusRef?: RefObject< HTMLElement >;
}

const block = 'crowdscout-modal';

const preventDefault = ( event: Event ) => event.preventDefault();

/**
 * Escape in an open popup inside the dialog (a searchable select's menu, `aria-expanded`) closes that popup only:
 * Radix hears the key first, on the document, before the select can claim it.
 *
 * @param event
 */
const keepOpenForPopup = ( event: KeyboardEvent ) => {
	if (
		event.target instanceof Element &&
		event.target.closest( '[aria-expanded="true"]' )
	) {
		event.preventDefault();
	}
};

/**
 * The dialog behind `Modal` (modal.tsx), loaded the first time one opens. A modal dialog over Radix's: focus trapped inside, the page behind hidden from assistive technology and
 * not scrollable. Radix portals to `<body>`, outside the widget's container, so the portal gets the
 * `crowdscout-widget` class itself: every widget style is scoped under it.
 */
export default function ModalDialog( {
	open,
	onOpenChange,
	title,
	description,
	children,
	footer,
	dismissible = true,
	closeOnOutsideClick = true,
	className,
	size = 'medium',
	returnFocusRef,
	fallbackFocusRef,
}: ModalProps ) {
	const { t } = useTranslation();
	// Radix gives focus back to a `Dialog.Trigger` only; our dialogs are opened by state, so the element
	// that had focus when the dialog opened gets it back.
	const returnFocusTo = useRef< HTMLElement | null >( null );
	const contentRef = useRef< HTMLDivElement >( null );

	const classes = [ block, `${ block }--${ size }`, className ]
		.filter( Boolean )
		.join( ' ' );

	return (
		<Dialog.Root open={ open } onOpenChange={ onOpenChange }>
			<Dialog.Portal>
				<div className={ `crowdscout-widget ${ block }-portal` }>
					<Dialog.Overlay className={ `${ block }__overlay` } />
					<Dialog.Content
						ref={ contentRef }
						className={ classes }
						// Radix hides the rest of the page with aria-hidden; saying so as well helps the screen
						// readers that read aria-modal.
						aria-modal="true"
						onOpenAutoFocus={ () => {
							const active =
								contentRef.current?.ownerDocument.activeElement;
							returnFocusTo.current =
								active instanceof HTMLElement ? active : null;
						} }
						onCloseAutoFocus={ ( event ) => {
							event.preventDefault();
							const before = returnFocusTo.current;
							const target =
								returnFocusRef?.current ??
								( before?.isConnected &&
								before !== before.ownerDocument.body
									? before
									: fallbackFocusRef?.current );
							if ( target?.isConnected ) {
								target.focus();
							}
						} }
						onEscapeKeyDown={
							dismissible ? keepOpenForPopup : preventDefault
						}
						onInteractOutside={
							dismissible && closeOnOutsideClick
								? undefined
								: preventDefault
						}
					>
						<div className={ `${ block }__header` }>
							<Dialog.Title className={ `${ block }__title` }>
								{ title }
							</Dialog.Title>
							{ dismissible && (
								<Dialog.Close
									className={ `${ block }__close` }
									aria-label={ t( 'modal.close' ) }
								>
									<SvgIcon
										size={ 24 }
										path="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z"
									/>
								</Dialog.Close>
							) }
						</div>
						{ description && (
							<Dialog.Description
								className={ `${ block }__description` }
							>
								{ description }
							</Dialog.Description>
						) }
						<div className={ `${ block }__body` }>{ children }</div>
						{ footer && (
							<div className={ `${ block }__footer` }>
								{ footer }
							</div>
						) }
					</Dialog.Content>
				</div>
			</Dialog.Portal>
		</Dialog.Root>
	);
}
