import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import { RANKING_FIELDS } from './fields';
import { RankingPage } from './ranking-page';
import './ranking.scss';

/**
 * The tester's ranking (route `leaderboard`, spec "Ranking"): recap, this month's progress and the level steps,
 * the month's ranking of the tester's level, and the levels legend.
 */
export default function Ranking() {
	const { t } = useTranslation();
	return (
		<RequireLogin
			fields={ RANKING_FIELDS }
			loadingLabel={ t( 'ranking.loading' ) }
		>
			{ ( me ) => <RankingPage me={ me } /> }
		</RequireLogin>
	);
}
