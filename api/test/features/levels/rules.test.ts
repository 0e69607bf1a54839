import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { levelAfterMonth } from '../../../src/lookups/levels.ts';

/** The published rules (docs/levels.md), one row each: this month's level, points, total, entry test → next. */
const CASES: Array< [ string, number, number, number, boolean, number ] > = [
	[
		'level 0 without the entry test stays 0, whatever the points',
		0,
		6000,
		6200,
		false,
		0,
	],
	[
		'level 0 with the entry test is Basic, with no points',
		0,
		0,
		200,
		true,
		10,
	],
	[
		'level 0 with the entry test is Basic, not more, with many points',
		0,
		5200,
		5400,
		true,
		10,
	],
	[
		'level 0 without the entry test is not Legendary either',
		0,
		0,
		150_000,
		false,
		0,
	],
	[
		'level 0 with the entry test and the Legendary total is Legendary',
		0,
		0,
		150_000,
		true,
		100,
	],
	[ 'Basic holds with no points', 10, 0, 400, true, 10 ],
	[ 'Basic with 499 points stays Basic', 10, 499, 900, true, 10 ],
	[ 'Basic reaching Bronze (500)', 10, 500, 900, true, 20 ],
	[ 'Basic jumping to Gold (2,000)', 10, 2000, 2400, true, 40 ],
	[ 'Basic jumping to Diamond (5,000)', 10, 5000, 5400, true, 60 ],
	[ 'Bronze at its hold (250) holds', 20, 250, 3000, true, 20 ],
	[ 'Bronze below its hold drops to Basic', 20, 249, 3000, true, 10 ],
	[
		'Silver with 999 holds (hold 500; Gold is reached at 2,000)',
		30,
		999,
		9000,
		true,
		30,
	],
	[ 'Silver reaching Gold', 30, 2000, 9000, true, 40 ],
	[
		'Gold below hold (1,000) drops one level, not more',
		40,
		0,
		9000,
		true,
		30,
	],
	[ 'Platinum at 1,750 holds', 50, 1750, 9000, true, 50 ],
	[ 'Platinum reaching Diamond', 50, 5000, 9000, true, 60 ],
	[ 'Diamond at 2,499 drops to Platinum', 60, 2499, 9000, true, 50 ],
	[ 'Diamond at 2,500 holds', 60, 2500, 9000, true, 60 ],
	[ 'Diamond stays Diamond with a huge month', 60, 40_000, 90_000, true, 60 ],
	[
		'any level reaching the 100,000 total is Legendary',
		30,
		100,
		100_000,
		true,
		100,
	],
	[ 'Legendary is permanent, with no points', 100, 0, 100_000, true, 100 ],
	[
		'Legendary is permanent even if fixes took the total below',
		100,
		0,
		99_000,
		true,
		100,
	],
];

describe( 'levelAfterMonth (lookups/levels.ts)', () => {
	for ( const [ title, level, points, total, passed, expected ] of CASES ) {
		it( title, () => {
			assert.equal(
				levelAfterMonth( level, points, total, passed ),
				expected
			);
		} );
	}
} );
