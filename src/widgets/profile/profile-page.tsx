import type { MutableRefObject } from 'react';
import { useEffect, useRef, useState } from '@wordpress/element';

import { Tabs } from '../../components/tabs';
import { useTranslation } from '../../lib/use-translation';
import { showToast } from '../../services/toasts';
import type { Me } from '../../services/types';
import { useAppDispatch } from '../../store/hooks';
import { AdvancedTab } from './advanced/advanced-tab';
import { BaseTab } from './base-tab';
import { FiscalReportCard } from './fiscal-report-card';
import { FiscalTab } from './fiscal-tab';
import { useConfirmMyEmailMutation } from './profile-api';
import { SettingsTab } from './settings/settings-tab';
import { SummaryCard } from './summary-card';
import {
	replaceQueryParameter,
	tabFromQuery,
	type ProfileTab,
} from './tab-query';

const block = 'wp-block-crowdscout-profile';

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

	const panel = ( tab: ProfileTab, content: JSX.Element ) => (
		<>
			<TabInAddress tab={ tab } initial={ initial } />
			{ content }
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
