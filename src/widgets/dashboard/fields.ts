import type { MeField } from '../../services/types';

/** Everything the dashboard shows from `/users/me`: the welcome, the performance card, the messages slot. */
export const DASHBOARD_FIELDS: readonly MeField[] = [
	'id',
	'name',
	'surname',
	'total_exp_pts',
	'attended_cp',
	'approved_bugs',
	'booty',
	'pending_booty',
	'onboarding_completed',
];
