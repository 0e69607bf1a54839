import type { ReactNode } from 'react';
import { useId, useMemo } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { MedalIcon } from '../../components/icons/medal-icon';
import { LevelMeter } from '../../components/level-meter';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import {
	daysLeftInMonth,
	isKnownLevel,
	levelName,
	levelTargets,
	pointsDecide,
} from '../../lib/levels';
import type { Locale } from '../../lib/locale';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import { useGetMyRankQuery, useListLevelsQuery } from '../../services/ranking';
import type { Booty, Me } from '../../services/types';
import { MISSING, formatMoney } from './format';
import type { IdName, RankSummary } from './types';

const block = 'wp-block-crowdscout-dashboard';

/**
 * Net with the gross in brackets when there is a net, else the gross; a dash when there is nothing.
 *
 * @param booty  The amounts.
 * @param locale The page's language.
 */
export function bootyText( booty: Booty | undefined, locale: Locale ): string {
	if ( ! booty?.gross ) {
		return MISSING;
	}
	const gross = formatMoney( booty.gross, locale );
	return booty.net
		? `${ formatMoney( booty.net, locale ) } (${ gross })`
		: gross;
}

function Stat( { label, children }: { label: string; children: ReactNode } ) {
	return (
		<div className={ `${ block }__stat` }>
			<dt className={ `${ block }__stat-label` }>{ label }</dt>
			<dd className={ `${ block }__stat-value` }>{ children }</dd>
		</div>
	);
}

function Level( {
	level,
	rank,
	numbers,
}: {
	level: IdName;
	rank: number | null;
	numbers: Intl.NumberFormat;
} ) {
	const { t } = useTranslation();
	const known = isKnownLevel( level.id );
	return (
		<span className={ `${ block }__level` }>
			<MedalIcon
				className={ `${ block }__level-icon ${ block }__level-icon--${
					known ? level.id : 0
				}` }
			/>
			<span>{ levelName( t, level ) }</span>
			{ /* Level 0 has no ranking. */ }
			{ level.id !== 0 && (
				<span className={ `${ block }__rank` }>
					<span className="crowdscout-visually-hidden">
						{ t( 'dashboard.rankLabel' ) }{ ' ' }
					</span>
					{ rank === null
						? t( 'dashboard.rankNotAvailable' )
						: `${ numbers.format( rank ) }°` }
				</span>
			) }
		</span>
	);
}

/**
 * The level meter (beyond the spec), where points decide the level, once the published rules are there: until
 * then, or if they cannot be loaded, the card shows its numbers without it.
 *
 * @param props
 * @param props.rank This month's summary.
 */
function Meter( { rank }: { rank: RankSummary } ) {
	const measured = pointsDecide( rank.level.id );
	const levels = useListLevelsQuery( undefined, { skip: ! measured } );
	if ( ! measured || ! levels.data ) {
		return null;
	}
	return (
		<LevelMeter
			className={ `${ block }__meter` }
			// The card's own line above says the points this month.
			hideHeader
			points={ rank.points }
			targets={ levelTargets( rank.level, rank.points, levels.data ) }
			daysLeft={ daysLeftInMonth( new Date() ) }
		/>
	);
}

function PageLink( { route, label }: { route: string; label: string } ) {
	const config = useConfig();
	return (
		<a className={ `${ block }__link` } href={ routeUrl( config, route ) }>
			{ label }
		</a>
	);
}

/**
 * The "Your Performance" card (spec, "Dashboard"): experience, level and rank, campaigns and bugs, booty,
 * each group with a link to its page. The rank comes from its own call; the rest from the profile.
 *
 * @param props
 * @param props.me The profile, with the dashboard's fields.
 */
export function PerformanceCard( { me }: { me: Me } ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const headingId = useId();
	const rank = useGetMyRankQuery();
	const numbers = useMemo(
		() => new Intl.NumberFormat( locale ),
		[ locale ]
	);

	let rankState: ReactNode = null;
	if ( rank.isError && ! rank.isFetching ) {
		rankState = (
			<ErrorNotice
				title={ t( 'common.somethingWentWrong' ) }
				onRetry={ rank.refetch }
			/>
		);
	} else if ( ! rank.data ) {
		rankState = <Spinner label={ t( 'dashboard.performanceLoading' ) } />;
	}

	return (
		<section className={ `${ block }__card` } aria-labelledby={ headingId }>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ t( 'dashboard.performanceTitle' ) }
			</h2>
			<div className={ `${ block }__group` }>
				<dl className={ `${ block }__stats` }>
					<Stat label={ t( 'dashboard.totalExp' ) }>
						{ numbers.format( me.total_exp_pts ?? 0 ) }
					</Stat>
					{ rank.data && (
						<>
							<Stat label={ t( 'dashboard.monthlyExp' ) }>
								{ numbers.format( rank.data.points ?? 0 ) }
							</Stat>
							<Stat label={ t( 'dashboard.level' ) }>
								<Level
									level={ rank.data.level }
									rank={ rank.data.rank ?? null }
									numbers={ numbers }
								/>
							</Stat>
						</>
					) }
				</dl>
				{ rank.data && <Meter rank={ rank.data } /> }
				{ rankState }
				<PageLink
					route="leaderboard"
					label={ t( 'dashboard.viewRanking' ) }
				/>
			</div>
			<div className={ `${ block }__group` }>
				<dl className={ `${ block }__stats` }>
					<Stat label={ t( 'dashboard.completedCampaigns' ) }>
						{ numbers.format( me.attended_cp ?? 0 ) }
					</Stat>
					<Stat label={ t( 'dashboard.approvedBugs' ) }>
						{ numbers.format( me.approved_bugs ?? 0 ) }
					</Stat>
				</dl>
				<PageLink route="my-bugs" label={ t( 'dashboard.viewBugs' ) } />
			</div>
			<div className={ `${ block }__group` }>
				<dl className={ `${ block }__stats` }>
					<Stat label={ t( 'dashboard.receivedBooty' ) }>
						{ bootyText( me.booty, locale ) }
					</Stat>
					<Stat label={ t( 'dashboard.availableBooty' ) }>
						{ bootyText( me.pending_booty, locale ) }
					</Stat>
				</dl>
				<PageLink
					route="payments"
					label={ t( 'dashboard.viewPayments' ) }
				/>
			</div>
		</section>
	);
}
