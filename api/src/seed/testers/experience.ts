import { levelAfterMonth } from '../../lookups/levels.ts';
import type { SeedContext } from '../context.ts';
import { DAY, MINUTE, monthIndex, monthStart, sqlDateTime } from '../values.ts';
import type { Application } from './applications.ts';
import type { Bug } from './bugs.ts';
import type { Person } from './person.ts';
import { BUG_POINTS } from '../../features/rewards/ledger.ts';

type Entry = [
	amount: number,
	activity: number,
	campaignId: number | null,
	note: string,
	at: number,
];

const AWARD_NOTES = [
	'Top tester of the week',
	'Survey answered',
	'Bug parade winner',
	'Great bug report',
];
const FIX_NOTES = [
	'Points fix: duplicate bug',
	'Points fix: late evaluation',
	'Points fix: severity changed',
];

/**
 * `count` signed experience entries: the Basic Course first (the entry test: passed a day after joining), then what
 * the closed campaigns and approved bugs earned, then drawn fixes, awards and referrals; and one monthly level row
 * per month since the tester joined. Answers the total (testers.total_exp_pts, equal to the sum of the monthly
 * points) and when the entry test was passed (null without entries).
 *
 * @param ctx
 * @param person
 * @param applications
 * @param bugs
 * @param count
 */
export function writeExperience(
	ctx: SeedContext,
	person: Person,
	applications: Application[],
	bugs: Bug[],
	count: number
): { totalExp: number; entryTestPassedAt: number | null } {
	const { rng, created } = person;
	const { now } = ctx;
	const monthly = new Map< number, number >();
	let totalExp = 0;
	const addExperience = (
		amount: number,
		activity: number,
		campaignId: number | null,
		note: string,
		at: number
	) => {
		totalExp += amount;
		const month = monthIndex( at );
		monthly.set( month, ( monthly.get( month ) ?? 0 ) + amount );
		ctx.writer.add( 'experience_entries', [
			ctx.id( 'experience_entries' ),
			person.id,
			amount,
			activity,
			campaignId,
			note,
			sqlDateTime( at ),
		] );
	};
	const entryTestPassedAt = count > 0 ? created + DAY : null;
	if ( entryTestPassedAt !== null ) {
		addExperience(
			200,
			4,
			null,
			'Basic Course completed',
			entryTestPassedAt
		);
	}
	const earned = earnedExperience( applications, bugs );
	for ( const entry of earned.slice( 0, Math.max( 0, count - 1 ) ) ) {
		addExperience( ...entry );
	}
	for ( let e = 1 + earned.length; e < count; e++ ) {
		const at =
			created +
			DAY +
			Math.floor(
				( rng.next() * ( now - created - DAY - MINUTE ) ) / 1000
			) *
				1000;
		const activity = rng.weighted( [
			[ 3, 30 ],
			[ 4, 50 ],
			[ 5, 20 ],
		] );
		if ( activity === 3 ) {
			const amount = rng.int( 5, 50 ) * ( rng.chance( 0.4 ) ? -1 : 1 );
			const campaign =
				applications.length && rng.chance( 0.5 )
					? rng.pick( applications ).campaign.id
					: null;
			addExperience( amount, 3, campaign, rng.pick( FIX_NOTES ), at );
		} else if ( activity === 4 ) {
			addExperience(
				rng.int( 2, 30 ) * 10,
				4,
				null,
				rng.pick( AWARD_NOTES ),
				at
			);
		} else {
			addExperience(
				100,
				5,
				null,
				'Referral: a friend completed the Basic Course',
				at
			);
		}
	}
	writeMonthlyLevels( ctx, person, monthly, entryTestPassedAt );
	return { totalExp, entryTestPassedAt };
}

/** Campaign points for each closed campaign completed, bug points for each approved bug. */
function earnedExperience( applications: Application[], bugs: Bug[] ): Entry[] {
	const earned: Entry[] = [];
	for ( const application of applications ) {
		if (
			application.completed &&
			application.campaign.state === 'closed'
		) {
			earned.push( [
				application.campaign.pts,
				1,
				application.campaign.id,
				'',
				application.campaign.close,
			] );
		}
	}
	for ( const bug of bugs ) {
		if ( bug.status === 2 ) {
			earned.push( [
				BUG_POINTS[ bug.severity ],
				2,
				bug.campaign.id,
				'',
				bug.updated,
			] );
		}
	}
	return earned;
}

/**
 * Each month's level follows from the month before by the rules of the monthly level change (docs/levels.md), so
 * running the change on a seeded database changes nothing.
 *
 * @param ctx
 * @param person
 * @param monthly           Points per month index.
 * @param entryTestPassedAt
 */
function writeMonthlyLevels(
	ctx: SeedContext,
	person: Person,
	monthly: Map< number, number >,
	entryTestPassedAt: number | null
): void {
	const passedMonth =
		entryTestPassedAt === null ? Infinity : monthIndex( entryTestPassedAt );
	let level = 0;
	let cumulative = 0;
	for (
		let month = monthIndex( person.created );
		month <= monthIndex( ctx.now );
		month++
	) {
		const points = monthly.get( month ) ?? 0;
		ctx.writer.add( 'tester_monthly_levels', [
			ctx.id( 'tester_monthly_levels' ),
			person.id,
			monthStart( month ),
			level,
			points,
		] );
		cumulative += points;
		level = levelAfterMonth(
			level,
			points,
			cumulative,
			passedMonth <= month
		);
	}
}
