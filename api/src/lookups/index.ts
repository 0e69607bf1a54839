import { CAMPAIGN_TYPES } from './campaign-types.ts';
import { CERTIFICATIONS } from './certifications.ts';
import {
	DEVICE_MANUFACTURERS,
	DEVICE_MODELS,
	OS_PLATFORMS,
	PC_TYPES,
} from './devices.ts';
import { LANGUAGES } from './languages.ts';
import { LEVELS } from './levels.ts';
import { EDUCATION_LEVELS, EMPLOYMENTS } from './profile.ts';

/**
 * The lookup modules as table rows with their ids: what migration 0004 inserts and what the tests count. Ids
 * are given (1-based positions; the spec's ids for levels), so they are the same on every engine and every run.
 */

const named = ( names: readonly string[] ) =>
	names.map( ( name, index ) => ( { id: index + 1, name } ) );

function certificationRows() {
	const institutes: Array< { id: number; name: string } > = [];
	const areas: Array< { id: number; institute_id: number; name: string } > =
		[];
	const certifications: Array< {
		id: number;
		area_id: number;
		name: string;
	} > = [];
	for ( const { institute, areas: instituteAreas } of CERTIFICATIONS ) {
		const instituteId = institutes.length + 1;
		institutes.push( { id: instituteId, name: institute } );
		for ( const { area, certifications: names } of instituteAreas ) {
			const areaId = areas.length + 1;
			areas.push( { id: areaId, institute_id: instituteId, name: area } );
			for ( const name of names ) {
				certifications.push( {
					id: certifications.length + 1,
					area_id: areaId,
					name,
				} );
			}
		}
	}
	return { institutes, areas, certifications };
}

function deviceRows() {
	const manufacturers = named( DEVICE_MANUFACTURERS );
	const manufacturerId = new Map(
		manufacturers.map( ( row ) => [ row.name, row.id ] )
	);
	const models = DEVICE_MODELS.flatMap( ( line ) =>
		line.models.map( ( name ) => ( {
			device_type: line.deviceType as number,
			manufacturer_id: manufacturerId.get( line.manufacturer )!,
			name,
		} ) )
	).map( ( row, index ) => ( { id: index + 1, ...row } ) );
	const platforms = OS_PLATFORMS.map( ( platform, index ) => ( {
		id: index + 1,
		device_type: platform.deviceType as number,
		name: platform.name,
	} ) );
	const versions = OS_PLATFORMS.flatMap( ( platform, platformIndex ) =>
		platform.versions.map( ( name, position ) => ( {
			platform_id: platformIndex + 1,
			name,
			position,
		} ) )
	).map( ( row, index ) => ( { id: index + 1, ...row } ) );
	return { manufacturers, models, platforms, versions };
}

const certifications = certificationRows();
const devices = deviceRows();

/** In insertion order: a table comes after the tables it references. */
export const LOOKUP_ROWS = {
	languages: LANGUAGES.map( ( { name }, index ) => ( {
		id: index + 1,
		name,
	} ) ),
	education_levels: named( EDUCATION_LEVELS ),
	employments: named( EMPLOYMENTS ),
	certification_institutes: certifications.institutes,
	certification_areas: certifications.areas,
	certifications: certifications.certifications,
	levels: LEVELS.map( ( level ) => ( {
		id: level.id as number,
		name: level.name,
		reach_points: level.reachPoints,
		hold_points: level.holdPoints,
	} ) ),
	device_manufacturers: devices.manufacturers,
	device_models: devices.models,
	pc_types: named( PC_TYPES ),
	os_platforms: devices.platforms,
	os_versions: devices.versions,
	campaign_types: CAMPAIGN_TYPES.map( ( type, index ) => ( {
		id: index + 1,
		name: type.name,
		icon: type.icon,
	} ) ),
} as const;

export type LookupTable = keyof typeof LOOKUP_ROWS;

export const LOOKUP_TABLES = Object.keys( LOOKUP_ROWS ) as LookupTable[];

export { CAMPAIGN_TYPES } from './campaign-types.ts';
export { CERTIFICATIONS } from './certifications.ts';
export { countriesIn, regionsOf, REGION_COUNTS } from './countries.ts';
export {
	DEVICE_MANUFACTURERS,
	DEVICE_MODELS,
	DEVICE_TYPES,
	OS_PLATFORMS,
	PC_TYPES,
} from './devices.ts';
export { LANGUAGES } from './languages.ts';
export { LEVELS } from './levels.ts';
export { EDUCATION_LEVELS, EMPLOYMENTS } from './profile.ts';
