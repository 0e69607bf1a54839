import { Suspense, lazy } from '@wordpress/element';

import { RequireLogin } from '../../components/require-login';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import type { Me } from '../../services/types';
import { AvailableCampaigns } from './available-campaigns';
import { CampaignTabs } from './campaign-tabs';
import { DASHBOARD_FIELDS } from './fields';
import { Inbox } from './inbox';
import { PerformanceCard } from './performance-card';
import './dashboard.scss';

const block = 'wp-block-crowdscout-dashboard';

// Only new testers see it: its slides load for them alone.
const Onboarding = lazy( () =>
	import(
		/* webpackChunkName: "dashboard-onboarding" */ './onboarding'
	).then( ( module ) => ( { default: module.Onboarding } ) )
);

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
						<Inbox
							profile={ {
								id: me.id,
								name: me.name ?? '',
								surname: me.surname ?? '',
							} }
						/>
					) : (
						<Suspense fallback={ null }>
							<Onboarding />
						</Suspense>
					) }
				</div>
			</div>
		</div>
	);
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
