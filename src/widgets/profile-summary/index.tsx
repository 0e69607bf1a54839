import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import { SUMMARY_FIELDS } from './fields';
import { ProfileSummaryCard } from './profile-summary-card';
import './profile-summary.scss';

export default function ProfileSummary() {
	const { t } = useTranslation();
	return (
		<RequireLogin
			fields={ SUMMARY_FIELDS }
			loadingLabel={ t( 'profileSummary.loading' ) }
			errorTitle={ t( 'profileSummary.loadError' ) }
		>
			{ ( me ) => <ProfileSummaryCard me={ me } /> }
		</RequireLogin>
	);
}
