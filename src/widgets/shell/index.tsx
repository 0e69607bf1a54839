import {
	useCallback,
	useEffect,
	useId,
	useRef,
	useState,
} from '@wordpress/element';

import { useAppDispatch } from '../../store/hooks';
import { useConfig } from '../../hooks/use-config';
import type { CrowdscoutUser } from '../../lib/config';
import { useTranslation } from '../../lib/use-translation';
import type { WidgetProps } from '../../lib/widget';
import { logOut } from '../../services/account';
import { showToast } from '../../services/toasts';
import {
	ADMIN_ROLES,
	SIDEBAR_ENTRIES,
	entryUrl,
	isCurrentPage,
} from './entries';
import { FeedbackModal } from './feedback-modal';
import { FocusGuard, tabbablesIn } from './focus-guard';
import { FeedbackIcon, LogOutIcon, MenuIcon, WrenchIcon } from './icons';
import { useBodyClass } from './use-body-class';
import { useCloseOnWideWindow } from './use-close-on-wide-window';
import './shell.scss';

const block = 'wp-block-crowdscout-shell';

interface ShellProps extends Partial< WidgetProps > {
	/** What happens after logging out; a full page reload unless a test says otherwise. */
	reload?: () => void;
}

function ShellFrame( { user, reload }: ShellProps & { user: CrowdscoutUser } ) {
	const { t } = useTranslation();
	const config = useConfig();
	const dispatch = useAppDispatch();
	const navId = useId();
	const frameRef = useRef< HTMLDivElement >( null );
	const navRef = useRef< HTMLElement >( null );
	const toggleRef = useRef< HTMLButtonElement >( null );
	const [ drawerOpen, setDrawerOpen ] = useState( false );
	const [ feedbackOpen, setFeedbackOpen ] = useState( false );
	const [ loggingOut, setLoggingOut ] = useState( false );

	useBodyClass( 'crowdscout-has-shell' );
	useBodyClass( 'crowdscout-shell-drawer-open', drawerOpen );

	// Closed because the window grew: the sidebar stays in view as a column, so focus stays where it is.
	const closeDrawer = useCallback( () => setDrawerOpen( false ), [] );
	// Closed by the user: focus goes back to the button that opened it.
	const dismissDrawer = useCallback( () => {
		setDrawerOpen( false );
		toggleRef.current?.focus();
	}, [] );
	const closeFeedback = useCallback( () => setFeedbackOpen( false ), [] );

	useCloseOnWideWindow( drawerOpen, closeDrawer );

	useEffect( () => {
		if ( drawerOpen ) {
			tabbablesIn( navRef.current )[ 0 ]?.focus();
		}
	}, [ drawerOpen ] );

	useEffect( () => {
		if ( ! drawerOpen ) {
			return undefined;
		}
		const onKeyDown = ( event: KeyboardEvent ) => {
			// An open feedback dialog claims Escape first.
			if ( event.key === 'Escape' && ! event.defaultPrevented ) {
				event.preventDefault();
				dismissDrawer();
			}
		};
		document.addEventListener( 'keydown', onKeyDown );
		return () => document.removeEventListener( 'keydown', onKeyDown );
	}, [ drawerOpen, dismissDrawer ] );

	const onLogOut = async () => {
		if ( loggingOut ) {
			return;
		}
		setLoggingOut( true );
		const loggedOut = await dispatch( logOut( { reload } ) )
			.unwrap()
			.catch( () => false );
		if ( ! loggedOut ) {
			setLoggingOut( false );
			dispatch(
				showToast( {
					kind: 'danger',
					message: t( 'common.somethingWentWrong' ),
				} )
			);
		}
	};

	const isAdmin = user.roles.some( ( role ) => ADMIN_ROLES.includes( role ) );
	const currentPath = window.location.pathname;

	return (
		<>
			{ /* The topbar and the drawer trap focus together, so the menu button stays reachable to close it. */ }
			<div ref={ frameRef } className={ `${ block }__frame` }>
				{ drawerOpen && (
					<FocusGuard container={ frameRef } edge="start" />
				) }
				<div className={ `${ block }__topbar` }>
					<button
						ref={ toggleRef }
						type="button"
						className={ `${ block }__toggle` }
						aria-expanded={ drawerOpen }
						aria-controls={ navId }
						onClick={ () =>
							drawerOpen ? dismissDrawer() : setDrawerOpen( true )
						}
					>
						<MenuIcon size={ 24 } />
						<span>{ t( 'shell.menu' ) }</span>
					</button>
				</div>
				<nav
					id={ navId }
					ref={ navRef }
					className={ `${ block }__sidebar${
						drawerOpen ? ` ${ block }__sidebar--open` : ''
					}` }
					aria-label={ t( 'shell.navLabel' ) }
				>
					{ user.displayName && (
						<p className={ `${ block }__user` }>
							<span className={ `${ block }__user-label` }>
								{ t( 'shell.signedInAs' ) }
							</span>{ ' ' }
							<span className={ `${ block }__user-name` }>
								{ user.displayName }
							</span>
						</p>
					) }
					<ul className={ `${ block }__list` }>
						{ SIDEBAR_ENTRIES.map( ( entry ) => {
							const href = entryUrl( config, entry );
							return (
								<li key={ entry.route }>
									<a
										className={ `${ block }__item` }
										href={ href }
										aria-current={
											isCurrentPage( href, currentPath )
												? 'page'
												: undefined
										}
									>
										<entry.Icon
											className={ `${ block }__icon` }
										/>
										<span>
											{ t( `shell.${ entry.label }` ) }
										</span>
									</a>
								</li>
							);
						} ) }
					</ul>
					<ul
						className={ `${ block }__list ${ block }__list--secondary` }
					>
						{ isAdmin && (
							<li>
								<a
									className={ `${ block }__item` }
									href={ `${ config.siteUrl }wp-admin/` }
								>
									<WrenchIcon
										className={ `${ block }__icon` }
									/>
									<span>{ t( 'shell.admin' ) }</span>
								</a>
							</li>
						) }
						{ config.feedbackUrl && (
							<li>
								<button
									type="button"
									className={ `${ block }__item` }
									aria-haspopup="dialog"
									onClick={ () => setFeedbackOpen( true ) }
								>
									<FeedbackIcon
										className={ `${ block }__icon` }
									/>
									<span>{ t( 'shell.feedback' ) }</span>
								</button>
							</li>
						) }
						<li>
							<button
								type="button"
								className={ `${ block }__item` }
								aria-disabled={ loggingOut || undefined }
								onClick={ onLogOut }
							>
								<LogOutIcon className={ `${ block }__icon` } />
								<span>
									{ loggingOut
										? t( 'shell.loggingOut' )
										: t( 'shell.logOut' ) }
								</span>
							</button>
						</li>
					</ul>
				</nav>
				{ drawerOpen && (
					<FocusGuard container={ frameRef } edge="end" />
				) }
			</div>
			{ drawerOpen && (
				// Pointer users' way out; keyboard users have Escape and the menu button.
				// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
				<div
					className={ `${ block }__backdrop` }
					aria-hidden="true"
					onClick={ dismissDrawer }
				/>
			) }
			{ feedbackOpen && config.feedbackUrl && (
				<FeedbackModal
					formUrl={ config.feedbackUrl }
					onClose={ closeFeedback }
				/>
			) }
		</>
	);
}

/**
 * The application frame around every page a logged-in tester sees (spec, "Shell"): the sidebar (a column on
 * wide windows, a drawer behind a top bar on narrow ones), the feedback dialog and logging out. WordPress
 * prints its container first in `<body>`; the theme's own page follows, untouched.
 *
 * @param props
 * @param props.reload What happens after logging out.
 */
export default function Shell( { reload }: ShellProps ) {
	const { user } = useConfig();
	return user ? <ShellFrame user={ user } reload={ reload } /> : null;
}
