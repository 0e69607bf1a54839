import { CAMPAIGN_TYPES } from './campaign-types.ts';
import { CERTIFICATIONS } from './certifications.ts';
import {
	DEVICE_MANUFACTURERS,
	DEVICE_MODELS,
	MANUFACTURER_PLATFORMS,
	OS_PLATFORMS,
	OS_VERSION_ADDITIONS,
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
	const platformId = ( deviceType: number, name: string ) => {
		const found = platforms.find(
			( row ) => row.device_type === deviceType && row.name === name
		);
		if ( ! found ) {
			throw new Error(
				`No ${ name } platform for device type ${ deviceType }`
			);
		}
		return found.id;
	};
	// A platform's later versions get positions below its earlier ones (0, 1, … in OS_PLATFORMS), so newest first
	// stays the order without touching a stored row.
	const lowest = new Map< number, number >();
	const added = OS_VERSION_ADDITIONS.flatMap( ( addition ) => {
		const id = platformId( addition.deviceType, addition.platform );
		const below = ( lowest.get( id ) ?? 0 ) - addition.versions.length;
		lowest.set( id, below );
		return addition.versions.map( ( name, index ) => ( {
			platform_id: id,
			name,
			position: below + index,
		} ) );
	} );
	const versions = [
		...OS_PLATFORMS.flatMap( ( platform, platformIndex ) =>
			platform.versions.map( ( name, position ) => ( {
				platform_id: platformIndex + 1,
				name,
				position,
			} ) )
		),
		...added,
	].map( ( row, index ) => ( { id: index + 1, ...row } ) );
	const manufacturerPlatforms = Object.entries(
		MANUFACTURER_PLATFORMS
	).flatMap( ( [ deviceType, byManufacturer ] ) =>
		Object.entries( byManufacturer ).flatMap( ( [ manufacturer, names ] ) =>
			names.map( ( name ) => ( {
				manufacturer_id: manufacturerId.get( manufacturer )!,
				platform_id: platformId( Number( deviceType ), name ),
			} ) )
		)
	);
	return {
		manufacturers,
		models,
		platforms,
		versions,
		manufacturerPlatforms,
	};
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

/**
 * Which platforms each manufacturer ships (MANUFACTURER_PLATFORMS): 0015's table, so not among the rows 0004
 * inserts. Keyed by both ids, no id of its own.
 */
export const DEVICE_MANUFACTURER_PLATFORM_ROWS = devices.manufacturerPlatforms;

export type LookupTable = keyof typeof LOOKUP_ROWS;

export const LOOKUP_TABLES = Object.keys( LOOKUP_ROWS ) as LookupTable[];

export { CAMPAIGN_TYPES } from './campaign-types.ts';
export { CERTIFICATIONS } from './certifications.ts';
export { countriesIn, regionsOf, REGION_COUNTS } from './countries.ts';
export {
	DEVICE_MANUFACTURERS,
	DEVICE_MODELS,
	DEVICE_TYPES,
	MANUFACTURER_PLATFORMS,
	OS_PLATFORMS,
	OS_VERSION_ADDITIONS,
	PC_TYPES,
} from './devices.ts';
export { LANGUAGES } from './languages.ts';
export { LEVELS } from './levels.ts';
export { EDUCATION_LEVELS, EMPLOYMENTS } from './profile.ts';
