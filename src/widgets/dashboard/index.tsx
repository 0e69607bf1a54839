import type { MutableRefObject } from 'react';
import { lazy, useLayoutEffect, useRef } from '@wordpress/element';

import { RequireLogin } from '../../components/require-login';
import { SuspenseAfterFirstRender } from '../../components/suspense-after-first-render';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import { loadWhenIdle, whenIdle } from '../../lib/when-idle';
import { selectToken } from '../../services/auth-slice';
import { usersApi } from '../../services/users';
import type { AppStore } from '../../store/store';
import type { Me } from '../../services/types';
import { AvailableCampaigns } from './available-campaigns';
import { CampaignTabs } from './campaign-tabs';
import { DASHBOARD_FIELDS } from './fields';
import type { PopupProfile } from './inbox/content';
import { InboxButton } from './inbox/inbox-button';
import { PerformanceCard } from './performance-card';
import './dashboard.scss';

const block = 'wp-block-crowdscout-dashboard';

// Neither the inbox nor the onboarding is part of the first paint, and both open dialogs that load more code
// still: they load at the first idle moment after it (the inbox at once if its button is pressed first).
const inboxCode = loadWhenIdle(
	() => import( /* webpackChunkName: "dashboard-inbox" */ './inbox' )
);
const Inbox = lazy( () =>
	inboxCode.loadWhenIdle().then( ( module ) => ( { default: module.Inbox } ) )
);
// Only new testers see it: its slides load for them alone.
const Onboarding = lazy( () =>
	whenIdle()
		.then(
			() =>
				import(
					/* webpackChunkName: "dashboard-onboarding" */ './onboarding'
				)
		)
		.then( ( module ) => ( { default: module.Onboarding } ) )
);

interface EarlyInbox {
	pressed: boolean;
	focused: boolean;
}

/**
 * The Inbox button in the inbox's place while its code loads: a press loads it at once (the inbox opens when
 * it comes), and focus on it passes to the real button.
 *
 * @param props
 * @param props.early Where the press and the focus are kept for the inbox.
 */
function StandInInboxButton( {
	early,
}: {
	early: MutableRefObject< EarlyInbox >;
} ) {
	const ref = useRef< HTMLButtonElement >( null );
	useLayoutEffect( () => {
		const button = ref.current;
		const state = early.current;
		// Read as it goes, while the button is still in the document.
		return () => {
			state.focused =
				!! button && button.ownerDocument.activeElement === button;
		};
	}, [ early ] );
	return (
		<InboxButton
			ref={ ref }
			onClick={ () => {
				early.current.pressed = true;
				inboxCode.load().catch( () => undefined );
			} }
		/>
	);
}

function DeferredInbox( { profile }: { profile: PopupProfile } ) {
	const early = useRef< EarlyInbox >( { pressed: false, focused: false } );
	return (
		<SuspenseAfterFirstRender
			fallback={ <StandInInboxButton early={ early } /> }
		>
			<Inbox profile={ profile } startWith={ () => early.current } />
		</SuspenseAfterFirstRender>
	);
}

function DashboardPage( { me }: { me: Me } ) {
	const { t } = useTranslation();
	const config = useConfig();
	const name = me.name || config.user?.displayName || '';
	return (
		<div className={ `${ block }__page` }>
			<header className={ `${ block }__header` }>
				<h1 className={ `${ block }__title` }>
					{ t( 'dashboard.title' ) }
				</h1>
				<p className={ `${ block }__welcome` }>
					{ name
						? t( 'dashboard.welcome', { name } )
						: t( 'dashboard.welcomeNoName' ) }
				</p>
			</header>
			<div className={ `${ block }__columns` }>
				<div className={ `${ block }__main` }>
					<CampaignTabs />
					<AvailableCampaigns />
				</div>
				<div className={ `${ block }__side` }>
					<PerformanceCard me={ me } />
					{ /* Inbox and popups only once onboarding is done (spec, section 6). */ }
					{ me.onboarding_completed ? (
						<DeferredInbox
							profile={ {
								id: me.id,
								name: me.name ?? '',
								surname: me.surname ?? '',
							} }
						/>
					) : (
						<SuspenseAfterFirstRender fallback={ null }>
							<Onboarding />
						</SuspenseAfterFirstRender>
					) }
				</div>
			</div>
		</div>
	);
}

/**
 * The profile the page starts from (RequireLogin's request), asked for while the translations load; a visitor
 * has no token to ask with.
 *
 * @param store The page's store.
 */
export function prefetch( store: AppStore ) {
	if ( selectToken( store.getState() ) ) {
		store.dispatch(
			usersApi.util.prefetch( 'getMe', DASHBOARD_FIELDS, {} )
		);
	}
}

/**
 * The tester's dashboard (route `my-dashboard`, spec "Dashboard"): the campaign tables on the left, the
 * performance card and the messages on the right.
 */
export default function Dashboard() {
	const { t } = useTranslation();
	return (
		<RequireLogin
			fields={ DASHBOARD_FIELDS }
			loadingLabel={ t( 'dashboard.loading' ) }
		>
			{ ( me ) => <DashboardPage me={ me } /> }
		</RequireLogin>
	);
}
