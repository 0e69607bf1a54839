import {
	DEVICE_MANUFACTURER_PLATFORM_ROWS,
	LOOKUP_ROWS,
} from '../lookups/index.ts';

/** The lookup rows the seed draws from, grouped once at load rather than searched for every tester. */

function groupIds< Row extends { id: number } >(
	rows: readonly Row[],
	key: keyof Row
): Map< number, number[] > {
	const groups = new Map< number, number[] >();
	for ( const row of rows ) {
		const group = Number( row[ key ] );
		groups.set( group, [ ...( groups.get( group ) ?? [] ), row.id ] );
	}
	return groups;
}

export const MODELS_BY_TYPE = groupIds(
	LOOKUP_ROWS.device_models,
	'device_type'
);
export const PLATFORMS_BY_TYPE = groupIds(
	LOOKUP_ROWS.os_platforms,
	'device_type'
);
/** Newest first (by position: a version added later has a later id but may be the newest). */
export const VERSIONS_BY_PLATFORM = groupIds(
	[ ...LOOKUP_ROWS.os_versions ].sort( ( a, b ) => a.position - b.position ),
	'platform_id'
);

/** The platforms each model's manufacturer ships for the model's type (0015): a seeded iPhone runs iOS. */
export const PLATFORMS_BY_MODEL = new Map(
	LOOKUP_ROWS.device_models.map( ( model ) => [
		model.id,
		DEVICE_MANUFACTURER_PLATFORM_ROWS.filter(
			( row ) =>
				row.manufacturer_id === model.manufacturer_id &&
				LOOKUP_ROWS.os_platforms[ row.platform_id - 1 ].device_type ===
					model.device_type
		).map( ( row ) => row.platform_id ),
	] )
);
export const PC_TYPE_IDS = LOOKUP_ROWS.pc_types.map( ( row ) => row.id );
export const CERTIFICATION_IDS = LOOKUP_ROWS.certifications.map(
	( row ) => row.id
);
export const LANGUAGE_ID = new Map(
	LOOKUP_ROWS.languages.map( ( row ) => [ row.name, row.id ] )
);
export const EMPLOYMENT_COUNT = LOOKUP_ROWS.employments.length;
export const EDUCATION_COUNT = LOOKUP_ROWS.education_levels.length;

/** How common each device type is, among testers' devices and campaigns' accepted ones. */
export const DEVICE_TYPE_WEIGHTS: ReadonlyArray< readonly [ number, number ] > =
	[
		[ 0, 40 ],
		[ 2, 25 ],
		[ 1, 15 ],
		[ 4, 8 ],
		[ 5, 7 ],
		[ 3, 5 ],
	];
