import type { MutableRefObject } from 'react';
import {
	Suspense,
	lazy,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';

import { Spinner } from '../../components/spinner';
import { Tabs } from '../../components/tabs';
import { useTranslation } from '../../lib/use-translation';
import { showToast } from '../../services/toasts';
import type { Me } from '../../services/types';
import { useAppDispatch } from '../../store/hooks';
import { FiscalReportCard } from './fiscal-report-card';
import { useConfirmMyEmailMutation } from './profile-api';
import { SummaryCard } from './summary-card';
import {
	replaceQueryParameter,
	tabFromQuery,
	type ProfileTab,
} from './tab-query';

const block = 'wp-block-crowdscout-profile';

// Each tab is a chunk of its own, downloaded when it is first shown: the summary card and the tabs' names show
// without the forms, their validation, selects and phone library (and a tester who opens one tab gets only its).
const BaseTab = lazy( () =>
	import( /* webpackChunkName: "profile-base-tab" */ './base-tab' ).then(
		( module ) => ( { default: module.BaseTab } )
	)
);
const AdvancedTab = lazy( () =>
	import(
		/* webpackChunkName: "profile-advanced-tab" */ './advanced/advanced-tab'
	).then( ( module ) => ( { default: module.AdvancedTab } ) )
);
const FiscalTab = lazy( () =>
	import( /* webpackChunkName: "profile-fiscal-tab" */ './fiscal-tab' ).then(
		( module ) => ( { default: module.FiscalTab } )
	)
);
const SettingsTab = lazy( () =>
	import(
		/* webpackChunkName: "profile-settings-tab" */ './settings/settings-tab'
	).then( ( module ) => ( { default: module.SettingsTab } ) )
);

/**
 * Mounted inside a tab's panel, which only exists while its tab is selected: records the tab in the address, so
 * a reload or a shared link opens it again. The tab the page opened on is already there and is left alone.
 *
 * @param props
 * @param props.tab     The panel's tab.
 * @param props.initial The tab the page opened on.
 */
function TabInAddress( {
	tab,
	initial,
}: {
	tab: ProfileTab;
	initial: MutableRefObject< boolean >;
} ) {
	useEffect( () => {
		if ( initial.current ) {
			initial.current = false;
			return;
		}
		replaceQueryParameter( 'tab', tab );
	}, [ tab, initial ] );
	return null;
}

/**
 * The link of the confirmation mail comes back here with `confirm_email=<token>`: the token goes to the API once,
 * the outcome is toasted and the token leaves the address, so a reload does not send it again.
 */
function useEmailTokenConfirmation() {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ confirmMyEmail ] = useConfirmMyEmailMutation();
	const sent = useRef( false );

	useEffect( () => {
		const token = new URLSearchParams( window.location.search ).get(
			'confirm_email'
		);
		if ( sent.current || ! token ) {
			return;
		}
		sent.current = true;
		replaceQueryParameter( 'confirm_email', null );
		confirmMyEmail( { token } )
			.unwrap()
			.then(
				() =>
					dispatch(
						showToast( {
							kind: 'success',
							message: t( 'profile.emailConfirmedToast' ),
						} )
					),
				( error: { status?: number; message?: string } ) =>
					dispatch(
						showToast( {
							kind: 'danger',
							message:
								error.status === 400
									? t( 'profile.confirmationLinkInvalid' )
									: error.message ??
									  t( 'common.somethingWentWrong' ),
						} )
					)
			);
	}, [ confirmMyEmail, dispatch, t ] );
}

/**
 * The page of a logged-in tester: the summary card, the fiscal report and the four tabs.
 *
 * @param props
 * @param props.me The tester, as RequireLogin loaded them.
 */
export default function ProfilePage( { me }: { me: Me } ) {
	const { t } = useTranslation();
	const [ initialTab ] = useState( () =>
		tabFromQuery( window.location.search )
	);
	const initial = useRef( true );
	// After name, surname or birth date change the tax id has to be typed again (spec §4), on whichever tab.
	const [ taxIdStale, setTaxIdStale ] = useState( false );
	useEmailTokenConfirmation();

	// The first panel joins in the render after the page's first one, as SuspenseAfterFirstRender explains; a
	// panel opened later suspends at once, and not at all when its tab's code is already there.
	const [ rendered, setRendered ] = useState( false );
	useEffect( () => setRendered( true ), [] );
	const loading = <Spinner label={ t( 'common.loading' ) } />;

	const panel = ( tab: ProfileTab, content: JSX.Element ) => (
		<>
			<TabInAddress tab={ tab } initial={ initial } />
			{ rendered ? (
				<Suspense fallback={ loading }>{ content }</Suspense>
			) : (
				loading
			) }
		</>
	);

	return (
		<div className={ `${ block }__page` }>
			<h1 className={ `${ block }__title` }>{ t( 'profile.title' ) }</h1>
			<div className={ `${ block }__columns` }>
				<div className={ `${ block }__side` }>
					<SummaryCard me={ me } />
				</div>
				<div className={ `${ block }__main` }>
					<FiscalReportCard />
					<Tabs< ProfileTab >
						label={ t( 'profile.tabs' ) }
						className={ `${ block }__tabs` }
						defaultSelected={ initialTab }
						tabs={ [
							{
								id: 'base',
								label: t( 'profile.tabBase' ),
								panel: panel(
									'base',
									<BaseTab
										me={ me }
										onPersonalDataChanged={ () =>
											setTaxIdStale( true )
										}
									/>
								),
							},
							{
								id: 'advanced',
								label: t( 'profile.tabAdvanced' ),
								panel: panel( 'advanced', <AdvancedTab /> ),
							},
							{
								id: 'fiscal',
								label: t( 'profile.tabFiscal' ),
								panel: panel(
									'fiscal',
									<FiscalTab
										me={ me }
										taxIdStale={ taxIdStale }
										onTaxIdEntered={ () =>
											setTaxIdStale( false )
										}
									/>
								),
							},
							{
								id: 'settings',
								label: t( 'profile.tabSettings' ),
								panel: panel( 'settings', <SettingsTab /> ),
							},
						] }
					/>
				</div>
			</div>
		</div>
	);
}
