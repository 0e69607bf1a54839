import { useMemo } from '@wordpress/element';

import { ProfileCard, ProfileCardDetail } from '../../components/profile-card';
import { NO_LEVEL } from '../../lib/levels';
import { useTranslation } from '../../lib/use-translation';
import type { RankSummary } from '../../services/contract';
import type { Me } from '../../services/types';
import { LevelBadge } from './level-badge';

const block = 'wp-block-crowdscout-ranking';

/**
 * The recap card: the tester's summary card (avatar, name, T+id) with this month's level, points and rank.
 *
 * @param props
 * @param props.me      The profile.
 * @param props.summary This month's ranking summary.
 */
export function RecapCard( { me, summary }: { me: Me; summary: RankSummary } ) {
	const { t, i18n } = useTranslation();
	const numbers = useMemo(
		() => new Intl.NumberFormat( i18n.language ),
		[ i18n.language ]
	);
	return (
		<ProfileCard
			me={ me }
			className={ `${ block }__card ${ block }__recap` }
			labels={ {
				testerId: t( 'ranking.testerId' ),
				experiencePoints: t( 'ranking.totalPoints' ),
				completedCampaigns: t( 'ranking.completedCampaigns' ),
			} }
		>
			<ProfileCardDetail label={ t( 'ranking.level' ) }>
				<LevelBadge level={ summary.level } />
			</ProfileCardDetail>
			<ProfileCardDetail label={ t( 'ranking.monthlyPoints' ) }>
				{ numbers.format( summary.points ) }
			</ProfileCardDetail>
			{ /* Level 0 has no ranking. */ }
			{ summary.level.id !== NO_LEVEL && (
				<ProfileCardDetail label={ t( 'ranking.rank' ) }>
					{ summary.rank === null
						? t( 'ranking.rankNotAvailable' )
						: `${ numbers.format( summary.rank ) }°` }
				</ProfileCardDetail>
			) }
		</ProfileCard>
	);
}
