import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import type { BodyOf } from '../../contract/index.ts';
import { noTester, requireAuth, requireLiveSession } from '../../lib/auth.ts';
import {
	badRequest,
	notAcceptable,
	notFound,
	notModified,
} from '../../lib/errors.ts';
import { requireTester } from '../me/require-tester.ts';
import type {
	CatalogueModel,
	CatalogueVersion,
	DevicesRepository,
	OwnerAnd,
} from './repository.ts';
import { PC_DEVICE_TYPE } from './repository.ts';

export const NO_DEVICES_MESSAGE = 'No devices';
export const DEVICE_NOT_FOUND_MESSAGE = 'Device not found';
/** The spec's words (device messages, delete status 406). */
export const DEVICE_IN_USE_MESSAGE =
	"You can't delete this device, you are using it in a campaign!";
export const PC_TYPE_REQUIRED_MESSAGE = 'PC type is a required field for a PC';
export const PC_WITHOUT_MODEL_MESSAGE =
	'A PC is added by its PC type, without a device model';
export const DEVICE_REQUIRED_MESSAGE = 'Device is a required field';
export const PC_TYPE_ONLY_FOR_PC_MESSAGE = 'Only a PC has a PC type';

/** The spec's device type names, by code. */
export const DEVICE_TYPE_NAMES = [
	'Smartphone',
	'Tablet',
	'PC',
	'Console',
	'Smartwatch',
	'Smart-tv',
] as const;

const describeModel = ( model: CatalogueModel ) =>
	`Device model ${ model.id } (${ model.manufacturer } ${ model.name })`;
const describeVersion = ( version: CatalogueVersion ) =>
	`Operating system version ${ version.id } (${ version.platform } ${ version.name })`;
const unknownVersion = ( id: number ) =>
	badRequest( `Unknown operating system version: ${ id }` );

/**
 * The answer of a read that found the tester in its own statement, once the token is known to be still valid.
 *
 * @param request
 * @param found
 * @throws HttpError 403 without a tester; 401 for a token older than the tester's sessions.
 */
function ownAnswer< Answer >(
	request: FastifyRequest,
	found: OwnerAnd< Answer > | undefined
): Answer {
	if ( ! found ) {
		throw noTester();
	}
	requireLiveSession( requireAuth( request ), found.sessionsValidFrom );
	return found.answer;
}

/**
 * A device to add, checked against the catalogue: a PC by PC type, anything else by a model of its type, and an OS
 * version of a platform of the type that the model's manufacturer ships.
 *
 * @param devices
 * @param body
 * @throws HttpError 400 naming what does not fit.
 */
async function checkedDevice(
	devices: DevicesRepository,
	body: BodyOf< 'addMyDevice' >
) {
	const isPc = body.type === PC_DEVICE_TYPE;
	if ( isPc && body.pc_type === undefined ) {
		throw badRequest( PC_TYPE_REQUIRED_MESSAGE );
	}
	if ( isPc && body.device !== undefined ) {
		throw badRequest( PC_WITHOUT_MODEL_MESSAGE );
	}
	if ( ! isPc && body.device === undefined ) {
		throw badRequest( DEVICE_REQUIRED_MESSAGE );
	}
	if ( ! isPc && body.pc_type !== undefined ) {
		throw badRequest( PC_TYPE_ONLY_FOR_PC_MESSAGE );
	}
	const typeName = DEVICE_TYPE_NAMES[ body.type ];
	const [ version, model, pcTypeId ] = await Promise.all( [
		devices.versionFor( body.operating_system ),
		body.device === undefined
			? null
			: devices.modelFor( body.device, body.operating_system ),
		body.pc_type === undefined ? null : devices.pcTypeId( body.pc_type ),
	] );
	if ( model === undefined ) {
		throw badRequest( `Unknown device model: ${ body.device }` );
	}
	if ( model && model.deviceType !== body.type ) {
		throw badRequest(
			`${ describeModel( model ) } is not a ${ typeName }`
		);
	}
	if ( ! version ) {
		throw unknownVersion( body.operating_system );
	}
	if ( version.deviceType !== body.type ) {
		throw badRequest(
			`${ describeVersion( version ) } does not run on a ${ typeName }`
		);
	}
	if ( model && ! model.shipsPlatform ) {
		throw badRequest(
			`${ describeVersion( version ) } does not run on ${
				model.manufacturer
			} ${ model.name }`
		);
	}
	if ( pcTypeId === undefined ) {
		// The contract lists the PC types; a catalogue without one of them is the catalogue's fault.
		throw new Error( `The catalogue has no PC type ${ body.pc_type }` );
	}
	return {
		type: body.type,
		model,
		pcType:
			pcTypeId === null ? null : { id: pcTypeId, name: body.pc_type! },
		version,
	};
}

export const listMyDevices = handler< 'listMyDevices' >( async ( request ) => {
	const devices = ownAnswer(
		request,
		await request.server.services.devices.list(
			requireAuth( request ).wpUserId
		)
	);
	if ( ! devices.length ) {
		throw notFound( NO_DEVICES_MESSAGE );
	}
	return devices;
} );

export const addMyDevice = handler< 'addMyDevice' >(
	async ( request, reply ) => {
		const tester = await requireTester( request );
		const { devices } = request.server.services;
		const device = await devices.add(
			tester.id,
			await checkedDevice( devices, request.body )
		);
		reply.code( 201 );
		return device;
	}
);

export const getMyDevice = handler< 'getMyDevice' >( async ( request ) => {
	const device = ownAnswer(
		request,
		await request.server.services.devices.get(
			requireAuth( request ).wpUserId,
			request.params.deviceId
		)
	);
	if ( ! device ) {
		throw notFound( DEVICE_NOT_FOUND_MESSAGE );
	}
	return device;
} );

export const updateMyDevice = handler< 'updateMyDevice' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const { devices } = request.server.services;
		const { deviceId } = request.params;
		const versionId = request.body.operating_system;
		const [ platform, version ] = await Promise.all( [
			devices.platformOf( tester.id, deviceId ),
			devices.versionFor( versionId ),
		] );
		if ( ! platform ) {
			throw notFound( DEVICE_NOT_FOUND_MESSAGE );
		}
		if ( ! version ) {
			throw unknownVersion( versionId );
		}
		if ( version.platformId !== platform.id ) {
			throw badRequest(
				`${ describeVersion( version ) } is not a version of ${
					platform.name
				}`
			);
		}
		const outcome = await devices.setVersion(
			tester.id,
			deviceId,
			versionId
		);
		if ( outcome === 'not-found' ) {
			// Removed since the platform was read.
			throw notFound( DEVICE_NOT_FOUND_MESSAGE );
		}
		if ( outcome === 'unchanged' ) {
			throw notModified();
		}
		const updated = await devices.get( tester.wpUserId, deviceId );
		if ( ! updated?.answer ) {
			throw notFound( DEVICE_NOT_FOUND_MESSAGE );
		}
		return updated.answer;
	}
);

export const deleteMyDevice = handler< 'deleteMyDevice' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const { deviceId } = request.params;
		const outcome = await request.server.services.devices.remove(
			tester.id,
			deviceId
		);
		if ( outcome === 'not-found' ) {
			throw notFound( DEVICE_NOT_FOUND_MESSAGE );
		}
		if ( outcome === 'in-use' ) {
			throw notAcceptable( DEVICE_IN_USE_MESSAGE );
		}
		return { id: deviceId };
	}
);
