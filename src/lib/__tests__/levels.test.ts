import { LEVELS } from '../../test-utils/fixtures';
import { daysLeftInMonth, levelTargets } from '../levels';

const level = ( id: number ) => {
	const found = LEVELS.find( ( item ) => item.id === id )!;
	return { id: found.id, name: found.name };
};

describe( 'levelTargets', () => {
	it.each( [
		// level, points, hold, reach
		[ 40, 340, { id: 40, points: 1000 }, { id: 50, points: 3500 } ],
		[ 40, 1200, { id: 40, points: 1000 }, { id: 50, points: 3500 } ],
		// Past the next level's reach: the one after is still ahead.
		[ 30, 2500, { id: 30, points: 500 }, { id: 50, points: 3500 } ],
		// Basic needs nothing to hold.
		[ 10, 120, undefined, { id: 20, points: 500 } ],
		// Diamond has nothing above but Legendary, which monthly points never reach.
		[ 60, 3000, { id: 60, points: 2500 }, undefined ],
	] )(
		'level %i with %i points holds at %o and reaches %o',
		( id, points, hold, reach ) => {
			const targets = levelTargets( level( id ), points, LEVELS );
			expect(
				targets.hold && {
					id: targets.hold.level.id,
					points: targets.hold.points,
				}
			).toEqual( hold );
			expect(
				targets.reach && {
					id: targets.reach.level.id,
					points: targets.reach.points,
				}
			).toEqual( reach );
		}
	);

	it( 'has none at level 0 (the entry test decides) and Legendary (permanent)', () => {
		expect( levelTargets( level( 0 ), 900, LEVELS ) ).toEqual( {} );
		expect( levelTargets( level( 100 ), 900, LEVELS ) ).toEqual( {} );
	} );
} );

describe( 'daysLeftInMonth', () => {
	it.each( [
		[ '2026-11-25T10:00:00Z', 6 ],
		[ '2026-11-30T23:59:59Z', 1 ],
		[ '2026-12-01T00:00:00Z', 31 ],
		[ '2028-02-01T12:00:00Z', 29 ],
	] )( 'on %s counts %i days, today included, in UTC', ( now, days ) => {
		expect( daysLeftInMonth( new Date( now ) ) ).toBe( days );
	} );
} );
