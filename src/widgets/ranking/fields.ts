import type { MeField } from '../../services/types';

/** What the ranking reads from `GET /users/me`: the recap card's tester (the summary card's own fields). */
export const RANKING_FIELDS: readonly MeField[] = [
	'id',
	'name',
	'surname',
	'image',
	'total_exp_pts',
	'attended_cp',
];
