import { ProfileCard } from '../../components/profile-card';
import { useTranslation } from '../../lib/use-translation';
import type { Me } from '../../services/types';

const block = 'wp-block-crowdscout-profile-summary';

/**
 * The left summary card of the profile page (spec, "Profile"), as a block of its own.
 *
 * @param props
 * @param props.me The profile, with the summary fields.
 */
export function ProfileSummaryCard( { me }: { me: Me } ) {
	const { t } = useTranslation();
	return (
		<ProfileCard
			me={ me }
			className={ `${ block }__card` }
			labels={ {
				testerId: t( 'profileSummary.testerId' ),
				experiencePoints: t( 'profileSummary.experiencePoints' ),
				completedCampaigns: t( 'profileSummary.completedCampaigns' ),
			} }
		/>
	);
}
