import type { MeField } from '../../services/types';

export const SUMMARY_FIELDS: readonly MeField[] = [
	'id',
	'name',
	'surname',
	'image',
	'total_exp_pts',
	'attended_cp',
];
