import {
	DEVICE_TYPE_WEIGHTS,
	MODELS_BY_TYPE,
	PC_TYPE_IDS,
	PLATFORMS_BY_MODEL,
	PLATFORMS_BY_TYPE,
	VERSIONS_BY_PLATFORM,
} from '../catalogue.ts';
import type { SeedContext } from '../context.ts';
import { DAY, sqlDateTime } from '../values.ts';
import type { Person } from './person.ts';

export interface Device {
	id: number;
	type: number;
	platformId: number;
}

/** The first device of tester i: mostly smartphones, and every type within any ten testers. */
const FIRST_DEVICE_TYPES = [ 0, 2, 0, 1, 0, 2, 3, 0, 4, 5 ];

/**
 * The tester's devices: catalogue models, PCs by PC type, an OS version each, a few disabled since.
 *
 * @param ctx
 * @param person
 */
export function writeDevices( ctx: SeedContext, person: Person ): Device[] {
	const { rng, shape, index, created } = person;
	const { now } = ctx;
	const devices: Device[] = [];
	const deviceCount =
		shape?.deviceTypes.length ??
		rng.weighted( [
			[ 1, 40 ],
			[ 2, 35 ],
			[ 3, 18 ],
			[ 4, 7 ],
		] );
	for ( let d = 0; d < deviceCount; d++ ) {
		let type: number;
		if ( shape ) {
			type = shape.deviceTypes[ d ];
		} else {
			type =
				d === 0
					? FIRST_DEVICE_TYPES[ index % FIRST_DEVICE_TYPES.length ]
					: rng.weighted( DEVICE_TYPE_WEIGHTS );
		}
		// A model runs what its manufacturer ships; a PC (by PC type) any PC platform.
		const model =
			type === 2 ? null : rng.pick( MODELS_BY_TYPE.get( type )! );
		const platformId = rng.pick(
			model === null
				? PLATFORMS_BY_TYPE.get( type )!
				: PLATFORMS_BY_MODEL.get( model )!
		);
		const versions = VERSIONS_BY_PLATFORM.get( platformId )!;
		// Newer versions are more common.
		const version =
			versions[
				Math.min(
					rng.int( 0, versions.length - 1 ),
					rng.int( 0, versions.length - 1 )
				)
			];
		const deviceId = ctx.id( 'tester_devices' );
		const added =
			created + Math.floor( rng.next() * ( now - created ) * 0.3 );
		devices.push( { id: deviceId, type, platformId } );
		ctx.writer.add( 'tester_devices', [
			deviceId,
			person.id,
			type,
			model,
			model === null ? rng.pick( PC_TYPE_IDS ) : null,
			version,
			sqlDateTime( added ),
			! shape && d > 0 && rng.chance( 0.1 )
				? sqlDateTime( added + rng.int( 1, 20 ) * DAY )
				: null,
		] );
	}
	for ( const type of shape?.spareDeviceTypes ?? [] ) {
		writeSpareDevice( ctx, person, type );
	}
	return devices;
}

/**
 * A device no campaign uses (left out of the list the applications choose from), drawn without the tester's
 * random numbers so the rest of the tester's rows stay as they were: the type's first model, the first platform
 * its maker ships, that platform's newest version.
 *
 * @param ctx
 * @param person
 * @param type   Any type but PC.
 */
function writeSpareDevice(
	ctx: SeedContext,
	person: Person,
	type: number
): void {
	const model = MODELS_BY_TYPE.get( type )![ 0 ];
	const platformId = PLATFORMS_BY_MODEL.get( model )![ 0 ];
	ctx.writer.add( 'tester_devices', [
		ctx.id( 'tester_devices' ),
		person.id,
		type,
		model,
		null,
		VERSIONS_BY_PLATFORM.get( platformId )![ 0 ],
		sqlDateTime( person.created + ( ctx.now - person.created ) / 2 ),
		null,
	] );
}
