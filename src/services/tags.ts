/**
 * Every cache tag of the API, in one place. Mutations name the tags they invalidate next to their
 * endpoint, following the spec (e.g. a payment request invalidates Payments, PendingBooty and Me, which
 * carries the booty threshold).
 */
export const TAG_TYPES = [
	'Me',
	'Fiscal',
	'Devices',
	'Experience',
	'Campaigns',
	'Bugs',
	'Payments',
	'PendingBooty',
	'Rank',
	'Popups',
	'Certifications',
	'Languages',
	// A campaign's tasks (the tester's progress) and each task's media, by campaign id and by task id.
	'Tasks',
	'TaskMedia',
] as const;

export type TagType = ( typeof TAG_TYPES )[ number ];
