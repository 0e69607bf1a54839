import {
	Suspense,
	lazy,
	useCallback,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';

import { useAppDispatch } from '../../../store/hooks';
import { ErrorNotice } from '../../../components/error-notice';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/use-translation';
import { FALLBACK_MESSAGE, isApiError } from '../../../services/api-error';
import { showToast } from '../../../services/toasts';
import { useGetMyPopupMutation, useListMyPopupsQuery } from '../messages-api';
import type { PopupProfile } from './content';
import { InboxButton } from './inbox-button';
import type { AcknowledgeState } from './popup-page';
import './inbox.scss';

const block = 'crowdscout-inbox';

// Decoding and sanitising a popup (fflate, DOMPurify) loads with the first popup shown.
const PopupPage = lazy( () =>
	import( /* webpackChunkName: "dashboard-popup" */ './popup-page' ).then(
		( module ) => ( { default: module.PopupPage } )
	)
);

/**
 * The tester's popups (spec, sections 2 and 4). Unseen ones open by themselves in "Messages for you" once
 * the page loads; the Inbox button reopens the dialog with every popup, expired and seen ones included.
 * Popups shown once are reported as seen when their page is shown, at most once per page load; the others
 * wait for "don't show this again".
 *
 * @param props
 * @param props.profile   The tester, whose values fill the popups' placeholders.
 * @param props.startWith What befell the stand-in Inbox button the dashboard showed while this code loaded
 *                        (read once): its focus passes to the real one, and a press opens the inbox.
 */
export function Inbox( {
	profile,
	startWith,
}: {
	profile: PopupProfile;
	startWith?: () => { pressed: boolean; focused: boolean };
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ open, setOpen ] = useState( false );
	const [ showAll, setShowAll ] = useState( false );
	const [ page, setPage ] = useState( 0 );
	const [ acknowledged, setAcknowledged ] = useState< ReadonlySet< number > >(
		new Set()
	);
	const [ acknowledging, setAcknowledging ] = useState< number | null >(
		null
	);
	const autoOpened = useRef( false );
	const reported = useRef( new Set< number >() );
	const primaryRef = useRef< HTMLButtonElement >( null );
	const inboxButtonRef = useRef< HTMLButtonElement >( null );
	const [ markPopupSeen ] = useGetMyPopupMutation();

	const unseen = useListMyPopupsQuery( { showExpired: false } );
	const everything = useListMyPopupsQuery(
		{ showExpired: true },
		{ skip: ! showAll }
	);
	const list = showAll ? everything : unseen;
	const popups = list.data ?? [];
	const current = Math.min( page, popups.length - 1 );
	const popup = open && current >= 0 ? popups[ current ] : undefined;

	useEffect( () => {
		if ( ! autoOpened.current && unseen.data?.length ) {
			autoOpened.current = true;
			setOpen( true );
		}
	}, [ unseen.data ] );

	/**
	 * Records a popup as seen. A 404 is ignored (spec, section 8): the popup is gone, there is nothing
	 * left to record. Resolves whether the tester can consider it done.
	 */
	const reportSeen = useCallback(
		async ( popupId: number ): Promise< boolean > => {
			try {
				await markPopupSeen( popupId ).unwrap();
				return true;
			} catch ( error ) {
				if ( isApiError( error ) && error.status === 404 ) {
					return true;
				}
				dispatch(
					showToast( {
						kind: 'danger',
						message:
							isApiError( error ) &&
							error.message !== FALLBACK_MESSAGE
								? error.message
								: t( 'common.somethingWentWrong' ),
					} )
				);
				return false;
			}
		},
		[ dispatch, markPopupSeen, t ]
	);

	useEffect( () => {
		if ( popup?.once && ! reported.current.has( popup.id ) ) {
			reported.current.add( popup.id );
			reportSeen( popup.id );
		}
	}, [ popup, reportSeen ] );

	const acknowledge = async ( popupId: number ) => {
		setAcknowledging( popupId );
		const done = await reportSeen( popupId );
		setAcknowledging( null );
		if ( done ) {
			// The button is about to be disabled: focus moves on to the dialog's next step.
			primaryRef.current?.focus();
			setAcknowledged( ( ids ) => new Set( ids ).add( popupId ) );
		}
	};

	const openInbox = () => {
		autoOpened.current = true;
		setShowAll( true );
		setPage( 0 );
		setOpen( true );
		if ( everything.isError ) {
			everything.refetch();
		}
	};

	useEffect( () => {
		const early = startWith?.();
		if ( early?.focused ) {
			inboxButtonRef.current?.focus();
		}
		if ( early?.pressed ) {
			openInbox();
		}
		// Once, when the inbox replaces its stand-in.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	const isLastPage = current >= popups.length - 1;

	const previous = () => {
		setPage( current - 1 );
		// Previous goes away on the first page; focus must not go with it.
		if ( current - 1 === 0 ) {
			primaryRef.current?.focus();
		}
	};

	const next = () => {
		if ( isLastPage ) {
			setOpen( false );
		} else {
			setPage( current + 1 );
		}
	};

	let acknowledgeState: AcknowledgeState = 'idle';
	if ( popup && acknowledged.has( popup.id ) ) {
		acknowledgeState = 'done';
	} else if ( popup && acknowledging === popup.id ) {
		acknowledgeState = 'busy';
	}

	let body;
	if ( popup ) {
		body = (
			<Suspense fallback={ <Spinner label={ t( 'inbox.loading' ) } /> }>
				<PopupPage
					popup={ popup }
					profile={ profile }
					acknowledge={ acknowledgeState }
					onAcknowledge={ () => acknowledge( popup.id ) }
				/>
			</Suspense>
		);
	} else if ( list.data ) {
		body = <p className={ `${ block }__empty` }>{ t( 'inbox.empty' ) }</p>;
	} else if ( list.isError ) {
		body = (
			<ErrorNotice
				title={ t( 'inbox.loadError' ) }
				onRetry={ list.refetch }
			/>
		);
	} else {
		body = <Spinner label={ t( 'inbox.loading' ) } />;
	}

	const footer = (
		<>
			{ popup && (
				<p className={ `${ block }__position` }>
					{ t( 'inbox.position', {
						current: current + 1,
						total: popups.length,
					} ) }
				</p>
			) }
			{ popup && current > 0 && (
				<button
					type="button"
					className="crowdscout-button crowdscout-button--secondary"
					onClick={ previous }
				>
					{ t( 'inbox.previous' ) }
				</button>
			) }
			{ /* One button for Next and Close, so focus stays on it from page to page. */ }
			<button
				ref={ primaryRef }
				type="button"
				className="crowdscout-button crowdscout-button--primary"
				onClick={ next }
			>
				{ popup && ! isLastPage
					? t( 'inbox.next' )
					: t( 'inbox.close' ) }
			</button>
		</>
	);

	return (
		<>
			<InboxButton ref={ inboxButtonRef } onClick={ openInbox } />
			<Modal
				open={ open }
				onOpenChange={ setOpen }
				title={ t( 'inbox.title' ) }
				footer={ footer }
				size="large"
				className={ block }
				// Only the Inbox button shows every popup: focus goes back to it. Popups that opened by themselves
				// give focus back to where it was, or, when it was nowhere yet, to the Inbox button that reopens them.
				returnFocusRef={ showAll ? inboxButtonRef : undefined }
				fallbackFocusRef={ inboxButtonRef }
			>
				{ body }
			</Modal>
		</>
	);
}
