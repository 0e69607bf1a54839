import { useId, useMemo } from '@wordpress/element';

import { LevelMeter } from '../../components/level-meter';
import { useConfig } from '../../hooks/use-config';
import {
	daysLeftInMonth,
	levelName,
	levelTargets,
	pointsDecide,
} from '../../lib/levels';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { LevelItem, RankSummary } from '../../services/contract';
import { progressMessage, type ProgressMessage } from './progress-message';

const block = 'wp-block-crowdscout-ranking';

/** The entry-test course: level 0 leaves only through it (spec, "Ranking"). */
export const ENTRY_TEST_ROUTE = 'courses/16';

function Message( { message }: { message: ProgressMessage } ) {
	const { t, i18n } = useTranslation();
	const config = useConfig();
	const numbers = useMemo(
		() => new Intl.NumberFormat( i18n.language ),
		[ i18n.language ]
	);
	const className = `${ block }__message ${ block }__message--${ message.kind }`;
	switch ( message.kind ) {
		case 'entryTest':
			return (
				<div className={ className }>
					<p>{ t( 'ranking.entryTestMessage' ) }</p>
					<a
						className="crowdscout-button crowdscout-button--primary"
						href={ routeUrl( config, ENTRY_TEST_ROUTE ) }
					>
						{ t( 'ranking.entryTestLink' ) }
					</a>
				</div>
			);
		case 'legendary':
			return (
				<p className={ className }>
					{ t( 'ranking.legendaryMessage' ) }
				</p>
			);
		case 'maintenance':
			return (
				<p className={ className }>
					{ t( 'ranking.maintenanceMessage', {
						points: numbers.format( message.points ),
						level: levelName( t, message.level ),
					} ) }
				</p>
			);
		case 'prospect':
			return (
				<p className={ className }>
					{ t( 'ranking.prospectMessage', {
						level: levelName( t, message.level ),
					} ) }
				</p>
			);
		case 'daysLeft':
			return (
				<p className={ className }>
					{ t( 'ranking.daysLeftMessage', {
						days: numbers.format( message.days ),
						level: levelName( t, message.level ),
					} ) }
				</p>
			);
	}
}

/**
 * The monthly progress card: the spec's message for this month's points and, beyond the spec, the level meter
 * (not at level 0 nor at Legendary, where points decide nothing).
 *
 * @param props
 * @param props.summary This month's ranking summary.
 * @param props.levels  The published rules, once loaded.
 * @param props.now     The page's clock.
 */
export function ProgressCard( {
	summary,
	levels,
	now,
}: {
	summary: RankSummary;
	levels: readonly LevelItem[] | undefined;
	now: Date;
} ) {
	const { t } = useTranslation();
	const headingId = useId();
	const measured = levels && pointsDecide( summary.level.id );
	return (
		<section
			className={ `${ block }__card ${ block }__progress` }
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ t( 'ranking.progressTitle' ) }
			</h2>
			<Message message={ progressMessage( summary, now ) } />
			{ measured && (
				<LevelMeter
					points={ summary.points }
					targets={ levelTargets(
						summary.level,
						summary.points,
						levels
					) }
					daysLeft={ daysLeftInMonth( now ) }
				/>
			) }
		</section>
	);
}
