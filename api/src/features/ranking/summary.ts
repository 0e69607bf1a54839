/**
 * The rank summary in one statement: the tester (through the unique key of its WordPress user) with its total
 * points and its rows of this month (with its rank, rank.ts) and of the month before, each joined through the
 * unique key (tester, month). Both engines read every table here as a constant before planning, so the rank's
 * sums are ranges of the counts' keys. One join over both months (`month in (…)`) had made MariaDB run the sums
 * again for each month's row, as dependent subqueries over the whole level's point values: the middle tester's
 * statement went from ~4.6 M instructions to ~1.0 M (api/README.md "Reads at scale").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toInteger } from '../../db/values.ts';
import { levelAfterMonth, levelById, LEVELS } from '../../lookups/levels.ts';
import { aheadOf, monthOf, rankFrom } from './rank.ts';
import type { IdName as LevelRef, RankSummary } from '../../contract/index.ts';

/**
 * @param db
 * @param wpUserId The tester's WordPress user.
 * @param now
 * @return Undefined when the WordPress user has no tester.
 */
export async function readSummary(
	db: Kysely< Database >,
	wpUserId: number,
	now: Date
): Promise< RankSummary | undefined > {
	const month = monthOf( now );
	const previousMonth = monthOf( now, 1 );
	const row = await db
		.selectFrom( 'testers as me' )
		.leftJoin( 'tester_monthly_levels as m', ( join ) =>
			join
				.onRef( 'm.tester_id', '=', 'me.id' )
				.on( 'm.month', '=', month )
		)
		.leftJoin( 'tester_monthly_levels as p', ( join ) =>
			join
				.onRef( 'p.tester_id', '=', 'me.id' )
				.on( 'p.month', '=', previousMonth )
		)
		.select( [
			'me.total_exp_pts',
			'me.entry_test_passed_at',
			'm.level_id',
			'm.points',
			aheadOf( month ).as( 'ahead' ),
			'p.level_id as previous_level_id',
		] )
		.where( 'me.wp_user_id', '=', wpUserId )
		.executeTakeFirst();
	if ( ! row ) {
		return undefined;
	}
	const levelId = row.level_id ?? row.previous_level_id ?? 0;
	const points = toInteger( row.points ?? 0 );
	return {
		points,
		rank: rankFrom( row.level_id, row.ahead ),
		level: levelRef( levelId ),
		previousLevel: levelRef( row.previous_level_id ?? 0 ),
		prospect: prospectOf(
			levelId,
			points,
			toInteger( row.total_exp_pts ),
			row.entry_test_passed_at !== null
		),
	};
}

/**
 * The level next month if the month ended now, what keeping the level held still takes, and the next level
 * above the prospect with what it takes. At level 0 no points lead anywhere (only the entry test does), so there
 * is no next level to earn.
 *
 * @param levelId         The level held this month.
 * @param points          This month's points.
 * @param totalExpPts     Every point ever earned (the permanent level counts them).
 * @param entryTestPassed
 */
function prospectOf(
	levelId: number,
	points: number,
	totalExpPts: number,
	entryTestPassed: boolean
): RankSummary[ 'prospect' ] {
	const prospectId = levelAfterMonth(
		levelId,
		points,
		totalExpPts,
		entryTestPassed
	);
	const level = levelById( levelId );
	const next =
		level.id === 0
			? undefined
			: LEVELS.find(
					( candidate ) =>
						candidate.id > prospectId && candidate.id < 100
			  );
	return {
		level: levelRef( prospectId ),
		maintenance:
			level.id === 100 ? 0 : Math.max( 0, level.holdPoints - points ),
		...( next && prospectId !== 100
			? {
					next: {
						// Back to the level held now takes its hold points, any other its reach points.
						points: Math.max(
							0,
							( next.id === level.id
								? next.holdPoints
								: next.reachPoints ) - points
						),
						level: levelRef( next.id ),
					},
			  }
			: {} ),
	};
}

const levelRef = ( id: number ): LevelRef => {
	const level = levelById( id );
	return { id: level.id, name: level.name };
};
