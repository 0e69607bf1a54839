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
 * - 0 None: the entry test is not done yet.
 * - 10 Basic: reached by the entry-test course, which gives 200 points; it cannot be lost (hold 0).
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
