import type { TFunction } from 'i18next';

import type en from '../../languages/en.json';

type BugValueKey = `bugValues.${ keyof ( typeof en )[ 'bugValues' ] }`;

export type BugValueKind = 'status' | 'severity' | 'type' | 'replicability';

/**
 * The name of each value in the catalogue's keys, by id from 1 (spec, "Bug values" and "Bug statuses";
 * api/openapi.yaml).
 */
const NAMES: Record< BugValueKind, readonly string[] > = {
	status: [ 'Refused', 'Approved', 'Pending', 'NeedReview' ],
	severity: [ 'Low', 'Medium', 'High', 'Critical' ],
	type: [
		'Crash',
		'Graphic',
		'Performance',
		'Malfunction',
		'Typo',
		'Other',
		'Security',
		'Usability',
	],
	replicability: [ 'Once', 'Sometimes', 'Always' ],
};

/**
 * The ids of a kind of value, in order.
 *
 * @param kind
 */
export const bugValueIds = ( kind: BugValueKind ) =>
	NAMES[ kind ].map( ( _, index ) => index + 1 );

/**
 * A bug's status, severity, type or replicability in the page's language; a value the catalogue does not know
 * keeps the API's own name.
 *
 * @param t
 * @param kind
 * @param value      As the API sends it.
 * @param value.id
 * @param value.name
 */
export function bugValueName(
	t: TFunction,
	kind: BugValueKind,
	value: { id: number; name: string }
): string {
	const name = NAMES[ kind ][ value.id - 1 ];
	return name
		? t( `bugValues.${ kind }${ name }` as BugValueKey )
		: value.name;
}
