import type { TFunction } from 'i18next';

import type en from '../../languages/en.json';
import type { IdName, LevelItem } from '../services/contract';

/** A key of the `levels` messages: one name per level. */
export type LevelKey = keyof ( typeof en )[ 'levels' ];

/** No level yet: the entry test is not done (spec, section 9). */
export const NO_LEVEL = 0;

/** The first level, which the entry test gives (spec, section 9). */
export const BASIC = 10;

/** The permanent level, 100,000 experience points in total (spec, section 9). */
export const LEGENDARY = 100;

/**
 * The spec's level ids, each with the key of its name; the badge colours (`src/styles/_levels.scss`) use the
 * same ids.
 */
const LEVEL_KEYS: Readonly< Record< number, LevelKey > > = {
	0: 'none',
	10: 'basic',
	20: 'bronze',
	30: 'silver',
	40: 'gold',
	50: 'platinum',
	60: 'diamond',
	100: 'legendary',
};

export const isKnownLevel = ( id: number ): boolean =>
	Object.prototype.hasOwnProperty.call( LEVEL_KEYS, id );

/**
 * A level's name in the page's language; a level the front end does not know yet keeps the API's name.
 *
 * @param t     The page's translate function.
 * @param level The level as the API names it.
 */
export function levelName( t: TFunction, level: IdName ): string {
	return isKnownLevel( level.id )
		? t( `levels.${ LEVEL_KEYS[ level.id ] }` )
		: level.name;
}

/** A number of points this month's points are measured against, and the level it is for. */
export interface LevelTarget {
	level: IdName;
	points: number;
}

/** What this month's points count towards (the published rules, GET /levels). */
export interface LevelTargets {
	/** The points that keep the current level; absent when the level needs none (Basic). */
	hold?: LevelTarget;
	/** The lowest level above the current one whose reach points are still ahead; absent at the top. */
	reach?: LevelTarget;
}

/**
 * Whether this month's points decide next month's level: not at level 0, which only the entry test leaves, nor
 * at Legendary, which is permanent.
 *
 * @param levelId This month's level.
 */
export const pointsDecide = ( levelId: number ): boolean =>
	levelId !== NO_LEVEL && levelId !== LEGENDARY;

/**
 * The hold points of the current level and the reach points of the next level still ahead; none where points
 * decide nothing (`pointsDecide`).
 *
 * @param level  This month's level.
 * @param points This month's points.
 * @param levels Every level with its points, as GET /levels answers.
 */
export function levelTargets(
	level: IdName,
	points: number,
	levels: readonly LevelItem[]
): LevelTargets {
	if ( ! pointsDecide( level.id ) ) {
		return {};
	}
	const current = levels.find( ( item ) => item.id === level.id );
	const reach = levels
		.filter(
			( item ) =>
				item.id > level.id &&
				item.id !== LEGENDARY &&
				item.reach_exp_pts > points
		)
		.sort( ( a, b ) => a.id - b.id )[ 0 ];
	return {
		...( current && current.hold_exp_pts > 0
			? {
					hold: {
						level: { id: current.id, name: current.name },
						points: current.hold_exp_pts,
					},
			  }
			: {} ),
		...( reach
			? {
					reach: {
						level: { id: reach.id, name: reach.name },
						points: reach.reach_exp_pts,
					},
			  }
			: {} ),
	};
}

/**
 * Days left in the month, today included, so the last day reads 1. The API counts months in UTC (a month's
 * points are those earned between its first and last day, UTC), and so does this.
 *
 * @param now
 */
export function daysLeftInMonth( now: Date ): number {
	const lastDay = new Date(
		Date.UTC( now.getUTCFullYear(), now.getUTCMonth() + 1, 0 )
	).getUTCDate();
	return lastDay - now.getUTCDate() + 1;
}
