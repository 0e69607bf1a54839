import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import type { MeField } from '../../services/types';
import { ExperienceHistory } from './history';
import './experience.scss';

/** The page needs only to know the tester is logged in: the rest is its own call. */
const FIELDS: readonly MeField[] = [ 'id' ];

/** The tester's experience points history (route `experience-points`, spec "Experience Points"). */
export default function Experience() {
	const { t } = useTranslation();
	return (
		<RequireLogin
			fields={ FIELDS }
			loadingLabel={ t( 'experience.loading' ) }
		>
			{ () => <ExperienceHistory /> }
		</RequireLogin>
	);
}
