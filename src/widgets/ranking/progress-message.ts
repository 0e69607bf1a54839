import { LEGENDARY, NO_LEVEL, daysLeftInMonth } from '../../lib/levels';
import type { IdName, RankSummary } from '../../services/contract';

/** The one message of the progress card (spec, section 4 "Ranking"). */
export type ProgressMessage =
	| { kind: 'entryTest' }
	| { kind: 'legendary' }
	| { kind: 'maintenance'; points: number; level: IdName }
	| { kind: 'prospect'; level: IdName }
	| { kind: 'daysLeft'; days: number; level: IdName };

/**
 * Which message this month's summary calls for, in the spec's order: the points still needed to keep the level;
 * otherwise the higher level of next month; otherwise the days left in the month. Legendary has its own, and so
 * has level 0, which only the entry test leaves: the API's prospect says when it has been passed.
 *
 * @param summary GET /users/me/rank.
 * @param now
 */
export function progressMessage(
	summary: RankSummary,
	now: Date
): ProgressMessage {
	const { level, prospect } = summary;
	if ( level.id === LEGENDARY ) {
		return { kind: 'legendary' };
	}
	if ( prospect.maintenance > 0 ) {
		return { kind: 'maintenance', points: prospect.maintenance, level };
	}
	if ( prospect.level.id > level.id ) {
		return { kind: 'prospect', level: prospect.level };
	}
	if ( level.id === NO_LEVEL ) {
		return { kind: 'entryTest' };
	}
	return { kind: 'daysLeft', days: daysLeftInMonth( now ), level };
}
