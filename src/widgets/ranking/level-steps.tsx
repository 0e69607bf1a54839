import { useId } from '@wordpress/element';

import { NO_LEVEL } from '../../lib/levels';
import { useTranslation } from '../../lib/use-translation';
import type { LevelItem, RankSummary } from '../../services/contract';
import { LevelBadge } from './level-badge';

const block = 'wp-block-crowdscout-ranking';

/**
 * The level steps: every level from Basic up, lowest first, the tester's own marked as the current step and
 * the one the month's points lead to marked as next month's — in words, not only in colour.
 *
 * @param props
 * @param props.summary This month's ranking summary.
 * @param props.levels  The published rules.
 */
export function LevelSteps( {
	summary,
	levels,
}: {
	summary: RankSummary;
	levels: readonly LevelItem[];
} ) {
	const { t } = useTranslation();
	const headingId = useId();
	const steps = levels
		.filter( ( level ) => level.id !== NO_LEVEL )
		.sort( ( a, b ) => a.id - b.id );
	const next = summary.prospect.level.id;
	return (
		<section
			className={ `${ block }__card ${ block }__steps` }
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ t( 'ranking.stepsTitle' ) }
			</h2>
			<ol className={ `${ block }__step-list` }>
				{ steps.map( ( level ) => {
					const current = level.id === summary.level.id;
					const reached = level.id <= summary.level.id;
					return (
						<li
							key={ level.id }
							className={ [
								`${ block }__step`,
								reached && `${ block }__step--reached`,
								current && `${ block }__step--current`,
							]
								.filter( Boolean )
								.join( ' ' ) }
							aria-current={ current ? 'step' : undefined }
						>
							<LevelBadge level={ level } />
							{ current && (
								<span className={ `${ block }__step-note` }>
									{ t( 'ranking.stepCurrent' ) }
								</span>
							) }
							{ next !== summary.level.id &&
								level.id === next && (
									<span className={ `${ block }__step-note` }>
										{ t( 'ranking.stepNext' ) }
									</span>
								) }
						</li>
					);
				} ) }
			</ol>
		</section>
	);
}
