import { useState } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { Spinner } from '../../components/spinner';
import { NO_LEVEL } from '../../lib/levels';
import { useTranslation } from '../../lib/use-translation';
import { useGetMyRankQuery, useListLevelsQuery } from '../../services/ranking';
import type { Me } from '../../services/types';
import { LevelSteps } from './level-steps';
import { LevelsLegend } from './levels-legend';
import { useLoggedLoadError } from './load-error';
import { ProgressCard } from './progress-card';
import { RankTables } from './rank-tables';
import { RecapCard } from './recap-card';

const block = 'wp-block-crowdscout-ranking';

function Summary( { me }: { me: Me } ) {
	const { t } = useTranslation();
	const rank = useGetMyRankQuery();
	const levels = useListLevelsQuery();
	// One clock for the page, so the message and the meter count the same days.
	const [ now ] = useState( () => new Date() );
	const failed = rank.isError && ! rank.isFetching;
	useLoggedLoadError( 'GET /users/me/rank', failed && rank.error );

	if ( failed ) {
		return (
			<ErrorNotice
				title={ t( 'ranking.loadError' ) }
				onRetry={ rank.refetch }
			/>
		);
	}
	if ( ! rank.data ) {
		return <Spinner label={ t( 'ranking.summaryLoading' ) } />;
	}
	const summary = rank.data;
	return (
		<>
			<div className={ `${ block }__cards` }>
				<RecapCard me={ me } summary={ summary } />
				<ProgressCard
					summary={ summary }
					levels={ levels.data }
					now={ now }
				/>
				{ levels.data && (
					<LevelSteps summary={ summary } levels={ levels.data } />
				) }
			</div>
			{ /* Level 0 has no ranking: the progress card's entry-test message stands in for it. */ }
			{ summary.level.id !== NO_LEVEL && (
				<RankTables me={ me } summary={ summary } />
			) }
		</>
	);
}

/**
 * The ranking page: the title, the tester's summary and the ranking on the left, the levels legend on the right.
 *
 * @param props
 * @param props.me The profile.
 */
export function RankingPage( { me }: { me: Me } ) {
	const { t } = useTranslation();
	return (
		<div className={ `${ block }__page` }>
			<h1 className={ `${ block }__title` }>{ t( 'ranking.title' ) }</h1>
			<div className={ `${ block }__columns` }>
				<div className={ `${ block }__main` }>
					<Summary me={ me } />
				</div>
				<div className={ `${ block }__side` }>
					<LevelsLegend />
				</div>
			</div>
		</div>
	);
}
