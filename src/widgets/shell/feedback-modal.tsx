import { useEffect, useId, useRef } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import {
	NoTesterNotice,
	isNoTesterError,
} from '../../components/no-tester-notice';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../lib/use-translation';
import type { Me, MeField } from '../../services/types';
import { useGetMeQuery } from '../../services/users';
import { FocusGuard } from './focus-guard';
import { CloseIcon } from './icons';
import { useBodyClass } from './use-body-class';

const block = 'wp-block-crowdscout-shell';

export const FEEDBACK_FIELDS: readonly MeField[] = [ 'id', 'email' ];

/**
 * The external form's address with the tester prefilled (spec, "Shell"), keeping the query the form already
 * carries (a form id, a language…).
 *
 * @param formUrl The configured feedback form.
 * @param me      The tester, with id and email.
 */
export function feedbackFormUrl(
	formUrl: string,
	me: Pick< Me, 'id' | 'email' >
): string {
	const url = new URL( formUrl, window.location.href );
	url.searchParams.set( 'tester_id', String( me.id ) );
	if ( me.email ) {
		url.searchParams.set( 'email', me.email );
	}
	return url.toString();
}

/**
 * The feedback dialog: the configured external form in an iframe. Focus goes to the close button when it
 * opens, stays inside while it is open and returns where it was when it closes.
 *
 * @param props
 * @param props.formUrl The configured feedback form.
 * @param props.onClose Closes the dialog.
 */
export function FeedbackModal( {
	formUrl,
	onClose,
}: {
	formUrl: string;
	onClose: () => void;
} ) {
	const { t } = useTranslation();
	const titleId = useId();
	const dialogRef = useRef< HTMLDivElement >( null );
	const closeRef = useRef< HTMLButtonElement >( null );
	const { data, error, isError, isFetching, refetch } =
		useGetMeQuery( FEEDBACK_FIELDS );
	useBodyClass( 'crowdscout-shell-modal-open' );

	useEffect( () => {
		const active = closeRef.current?.ownerDocument.activeElement;
		const previous = active instanceof HTMLElement ? active : null;
		closeRef.current?.focus();
		return () => {
			if ( previous?.isConnected ) {
				previous.focus();
			}
		};
	}, [] );

	useEffect( () => {
		// Capture, and claim the key, so that a drawer open under the dialog stays open.
		const onKeyDown = ( event: KeyboardEvent ) => {
			if ( event.key === 'Escape' ) {
				event.preventDefault();
				onClose();
			}
		};
		document.addEventListener( 'keydown', onKeyDown, true );
		return () => document.removeEventListener( 'keydown', onKeyDown, true );
	}, [ onClose ] );

	let body;
	if ( data ) {
		body = (
			<iframe
				className={ `${ block }__feedback-frame` }
				title={ t( 'shell.feedbackFrame' ) }
				src={ feedbackFormUrl( formUrl, data ) }
			/>
		);
	} else if ( isError && ! isFetching && isNoTesterError( error ) ) {
		body = <NoTesterNotice />;
	} else if ( isError && ! isFetching ) {
		body = (
			<ErrorNotice
				title={ t( 'shell.feedbackError' ) }
				onRetry={ refetch }
			/>
		);
	} else {
		body = <Spinner label={ t( 'shell.feedbackLoading' ) } />;
	}

	return (
		<div className={ `${ block }__overlay` }>
			<div
				ref={ dialogRef }
				className={ `${ block }__dialog` }
				role="dialog"
				aria-modal="true"
				aria-labelledby={ titleId }
			>
				<FocusGuard container={ dialogRef } edge="start" />
				<div className={ `${ block }__dialog-header` }>
					<h2 id={ titleId } className={ `${ block }__dialog-title` }>
						{ t( 'shell.feedbackTitle' ) }
					</h2>
					<button
						ref={ closeRef }
						type="button"
						className={ `${ block }__close` }
						aria-label={ t( 'shell.close' ) }
						onClick={ onClose }
					>
						<CloseIcon size={ 24 } />
					</button>
				</div>
				<div className={ `${ block }__dialog-body` }>{ body }</div>
				<FocusGuard container={ dialogRef } edge="end" />
			</div>
		</div>
	);
}
