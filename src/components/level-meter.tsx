import type { CSSProperties } from 'react';
import { useId, useMemo } from '@wordpress/element';

import { levelName, type LevelTarget, type LevelTargets } from '../lib/levels';
import { useTranslation } from '../lib/use-translation';
import { ShieldIcon } from './icons/shield-icon';
import { TrendingUpIcon } from './icons/trending-up-icon';
import './level-meter.scss';

const block = 'crowdscout-level-meter';

interface LevelMeterProps {
	/** This month's points. */
	points: number;
	/** What they count towards (`levelTargets`). */
	targets: LevelTargets;
	/** Days left in the month, today included. */
	daysLeft: number;
	/** Added to the meter's own class. */
	className?: string;
	/** Where the points this month are already written out next to it: the label and value only name the bar. */
	hideHeader?: boolean;
}

/** A position along the bar, as a percentage of its length. */
const at = ( points: number, max: number ) =>
	`${ Math.min( 100, ( points / max ) * 100 ) }%`;

/**
 * This month's points on a bar, against the points that keep the current level (the shield) and the points that
 * reach the next level (the arrow), with the days left in the month. The bar is a `meter` for assistive
 * technology; every number is also written out under it, so neither the bar nor its colours carry anything alone.
 *
 * @param props
 * @param props.points
 * @param props.targets
 * @param props.daysLeft
 * @param props.className
 * @param props.hideHeader
 */
export function LevelMeter( {
	points,
	targets,
	daysLeft,
	className,
	hideHeader = false,
}: LevelMeterProps ) {
	const { t, i18n } = useTranslation();
	const id = useId();
	const numbers = useMemo(
		() => new Intl.NumberFormat( i18n.language ),
		[ i18n.language ]
	);
	const { hold, reach } = targets;
	// The bar ends at the furthest target, or at the points when they are past every target.
	const max = Math.max( 1, points, hold?.points ?? 0, reach?.points ?? 0 );

	const values = ( target: LevelTarget ) => ( {
		level: levelName( t, target.level ),
		points: numbers.format( target.points ),
		left: numbers.format( Math.max( 0, target.points - points ) ),
	} );

	return (
		<div className={ [ block, className ].filter( Boolean ).join( ' ' ) }>
			<div
				className={
					hideHeader
						? 'crowdscout-visually-hidden'
						: `${ block }__header`
				}
			>
				<span id={ `${ id }-label` } className={ `${ block }__label` }>
					{ t( 'levelMeter.label' ) }
				</span>
				<span className={ `${ block }__value` }>
					{ numbers.format( points ) }
				</span>
			</div>
			<div
				className={ `${ block }__bar` }
				role="meter"
				aria-labelledby={ `${ id }-label` }
				aria-describedby={ `${ id }-facts` }
				aria-valuemin={ 0 }
				aria-valuemax={ max }
				aria-valuenow={ Math.min( points, max ) }
				aria-valuetext={ t( 'levelMeter.valueText', {
					points: numbers.format( points ),
					max: numbers.format( max ),
				} ) }
			>
				<span
					className={ `${ block }__fill` }
					style={ { width: at( points, max ) } }
				/>
				{ hold && (
					<span
						className={ `${ block }__mark ${ block }__mark--hold` }
						style={
							{
								'--crowdscout-level-meter-at': at(
									hold.points,
									max
								),
							} as CSSProperties
						}
					>
						<ShieldIcon size={ 16 } />
					</span>
				) }
				{ reach && (
					<span
						className={ `${ block }__mark ${ block }__mark--reach` }
						style={
							{
								'--crowdscout-level-meter-at': at(
									reach.points,
									max
								),
							} as CSSProperties
						}
					>
						<TrendingUpIcon size={ 16 } />
					</span>
				) }
			</div>
			<ul id={ `${ id }-facts` } className={ `${ block }__facts` }>
				{ hold && (
					<li className={ `${ block }__fact` }>
						<ShieldIcon className={ `${ block }__icon` } />
						{ points >= hold.points
							? t( 'levelMeter.holdDone', values( hold ) )
							: t( 'levelMeter.holdLeft', values( hold ) ) }
					</li>
				) }
				{ reach && (
					<li className={ `${ block }__fact` }>
						<TrendingUpIcon className={ `${ block }__icon` } />
						{ t( 'levelMeter.reachLeft', values( reach ) ) }
					</li>
				) }
				<li className={ `${ block }__fact` }>
					{ t( 'levelMeter.daysLeft', {
						days: numbers.format( daysLeft ),
					} ) }
				</li>
			</ul>
		</div>
	);
}
