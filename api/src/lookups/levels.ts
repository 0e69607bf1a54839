export interface Level {
	/** The spec's fixed ids. */
	id: 0 | 10 | 20 | 30 | 40 | 50 | 60 | 100;
	name: string;
	/** Experience points earned in a month that move a tester up to this level the following month. */
	reachPoints: number;
	/** Experience points earned in a month that keep a tester at this level the following month. */
	holdPoints: number;
}

/**
 * The levels and their monthly thresholds (the spec leaves the amounts to us).
 *
 * - 0 None: the entry test is not done yet; only passing it moves a tester on (to Basic the following month).
 * - 10 Basic: reached by the entry-test course, which gives 200 points (its reach value, shown in the legend);
 *   it cannot be lost (hold 0).
 * - 20–60: each step asks for roughly twice the monthly points of the previous one to reach, and half of its
 *   own reach amount to hold, so a tester who slows down slides one level at a time rather than dropping out.
 *   A typical campaign gives 100–400 points, so Bronze is a campaign or two a month and Diamond a very active
 *   tester's month.
 * - 100 Legendary: the spec's 100,000 experience points in total (not per month); permanent, hold 0.
 */
export const LEVELS: readonly Level[] = [
	{ id: 0, name: 'None', reachPoints: 0, holdPoints: 0 },
	{ id: 10, name: 'Basic', reachPoints: 200, holdPoints: 0 },
	{ id: 20, name: 'Bronze', reachPoints: 500, holdPoints: 250 },
	{ id: 30, name: 'Silver', reachPoints: 1000, holdPoints: 500 },
	{ id: 40, name: 'Gold', reachPoints: 2000, holdPoints: 1000 },
	{ id: 50, name: 'Platinum', reachPoints: 3500, holdPoints: 1750 },
	{ id: 60, name: 'Diamond', reachPoints: 5000, holdPoints: 2500 },
	{ id: 100, name: 'Legendary', reachPoints: 100_000, holdPoints: 0 },
];

export type LevelId = Level[ 'id' ];

/** The levels reached by a month's points: Basic comes with the entry test, Legendary with the total. */
export const CLIMBING = LEVELS.filter(
	( level ) => level.id > 10 && level.id < 100
);
const BY_ID = new Map< number, Level >(
	LEVELS.map( ( level ) => [ level.id, level ] )
);

/** The level with this id; unknown ids read as level 0 (None). */
export const levelById = ( id: number ): Level =>
	BY_ID.get( id ) ?? LEVELS[ 0 ];

/** The total experience that makes a tester Legendary for good. */
export const LEGENDARY_TOTAL = levelById( 100 ).reachPoints;

/**
 * The level a tester holds next month, from this month's level and points, the total experience at the end of
 * the month and the entry test:
 * - level 0 (None) is left only through the entry test: passed by the end of the month, the tester is Basic next
 *   month (Legendary if the total is there already), whatever the points; not passed, None still;
 * - Legendary is for good once the total reaches it;
 * - otherwise the highest level whose reach points were earned, if above the current one; otherwise the current
 *   level when its hold points were earned (Basic needs none), or one level down.
 *
 * features/levels/change-sql.ts states the same rules in SQL; its tests hold the two together.
 *
 * @param level           This month's level id.
 * @param points          Points earned this month.
 * @param total           Total experience points at the end of the month.
 * @param entryTestPassed Whether the tester had passed the entry test by the end of the month.
 */
export function levelAfterMonth(
	level: number,
	points: number,
	total: number,
	entryTestPassed: boolean
): LevelId {
	const current = levelById( level );
	if ( current.id === 0 ) {
		if ( ! entryTestPassed ) {
			return 0;
		}
		return total >= LEGENDARY_TOTAL ? 100 : 10;
	}
	if ( current.id === 100 || total >= LEGENDARY_TOTAL ) {
		return 100;
	}
	let best: LevelId = 0;
	for ( const candidate of CLIMBING ) {
		if ( points >= candidate.reachPoints ) {
			best = candidate.id;
		}
	}
	if ( best > current.id ) {
		return best;
	}
	if ( current.id >= 20 && points < current.holdPoints ) {
		return ( current.id - 10 ) as LevelId;
	}
	return current.id;
}
