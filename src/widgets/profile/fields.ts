import type { MeField } from '../../services/types';

/** What the profile page reads from `GET /users/me`: the summary card and every base field. */
export const PROFILE_FIELDS: readonly MeField[] = [
	'id',
	'name',
	'surname',
	'image',
	'email',
	'email_confirmed',
	'total_exp_pts',
	'attended_cp',
	'gender',
	'birthDate',
	'phone',
	'country',
	'city',
	'languages',
	'profession',
	'education',
];
