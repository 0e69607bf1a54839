import { Suspense, lazy, useEffect, useRef } from '@wordpress/element';

import { RequireLogin } from '../../components/require-login';
import { isNoTesterError } from '../../components/no-tester-notice';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../lib/use-translation';
import { useGetMeQuery } from '../../services/users';
import { PROFILE_FIELDS } from './fields';
import './profile.scss';

// A visitor gets the login card without downloading the forms, their selects and the phone library.
const ProfilePage = lazy(
	() =>
		import( /* webpackChunkName: "widget-profile-page" */ './profile-page' )
);

/**
 * The spec's "Profile load other error": a browser alert with the message, on top of the retry RequireLogin
 * offers. A 403 is the login card's, and an account without a tester profile has its own notice.
 */
function useAlertOnLoadError() {
	const { error, isError, isFetching } = useGetMeQuery( PROFILE_FIELDS );
	const alerted = useRef< unknown >( null );
	useEffect( () => {
		if ( ! isError || isFetching || ! error || alerted.current === error ) {
			return;
		}
		const status = 'status' in error ? error.status : 0;
		if ( status === 403 || isNoTesterError( error ) ) {
			return;
		}
		alerted.current = error;
		// The spec's own behaviour for this failure (section 8, "Profile load other error").
		// eslint-disable-next-line no-alert
		window.alert( error.message ?? '' );
	}, [ error, isError, isFetching ] );
}

/**
 * The tester's profile (route `my-account`, spec "Profile"): the summary card, the fiscal report and the Base,
 * Advanced, Fiscal and Settings tabs, `?tab=` choosing the one open.
 */
export default function Profile() {
	const { t } = useTranslation();
	useAlertOnLoadError();
	return (
		<RequireLogin
			fields={ PROFILE_FIELDS }
			loadingLabel={ t( 'profile.loading' ) }
			errorTitle={ t( 'profile.loadError' ) }
		>
			{ ( me ) => (
				<Suspense
					fallback={ <Spinner label={ t( 'profile.loading' ) } /> }
				>
					<ProfilePage me={ me } />
				</Suspense>
			) }
		</RequireLogin>
	);
}
