/**
 * Hand-made profile lookups. Ids are positions in these lists (1-based) and are what migration 0004 stores, so
 * append new entries at the end (in a new migration); never reorder or remove one a tester may have chosen.
 */

/**
 * Highest completed education, lowest first. Modelled on the ISCED 2011 levels (UNESCO) so the answers compare
 * across countries, worded as testers know them.
 */
export const EDUCATION_LEVELS: readonly string[] = [
	'Primary school',
	'Lower secondary school',
	'Upper secondary school (high school diploma)',
	'Vocational qualification or post-secondary course',
	"Bachelor's degree or equivalent",
	"Master's degree or equivalent",
	'Doctorate (PhD) or equivalent',
	'Prefer not to say',
];

/** Employment status (the spec's "profession"): the categories of the usual labour-force surveys. */
export const EMPLOYMENTS: readonly string[] = [
	'Employee (full-time)',
	'Employee (part-time)',
	'Self-employed or freelancer',
	'Business owner or entrepreneur',
	'Student',
	'Apprentice or intern',
	'Homemaker',
	'Retired',
	'Unemployed, looking for work',
	'Other',
];
