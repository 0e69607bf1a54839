import { Suspense, lazy } from '@wordpress/element';

import { RequireLogin } from '../../components/require-login';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../lib/use-translation';
import type { MeField } from '../../services/types';
import './devices.scss';

/** The page shows no profile field: the gate only needs to know who is logged in. */
const DEVICES_FIELDS: readonly MeField[] = [ 'id' ];

// A visitor gets the login card without downloading the table, the wizard and its selects.
const DevicesPage = lazy(
	() =>
		import( /* webpackChunkName: "widget-devices-page" */ './devices-page' )
);

/**
 * The tester's devices (route `personal-equipment`, spec "Devices (personal-equipment)"), behind the login.
 */
export default function Devices() {
	const { t } = useTranslation();
	return (
		<RequireLogin
			fields={ DEVICES_FIELDS }
			loadingLabel={ t( 'devices.loading' ) }
			errorTitle={ t( 'devices.loadError' ) }
		>
			{ () => (
				<Suspense
					fallback={ <Spinner label={ t( 'devices.loading' ) } /> }
				>
					<DevicesPage />
				</Suspense>
			) }
		</RequireLogin>
	);
}
