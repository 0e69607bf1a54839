import type { Kysely, Transaction } from 'kysely';
import type { Device, PcType } from '../../contract/index.ts';
import { isMysql } from '../../db/engine.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fromSqlDateTime, toInteger, toSqlDateTime } from '../../db/values.ts';

/** The spec's device type codes; a PC (2) is recorded by PC type, every other type by a catalogue model. */
export const PC_DEVICE_TYPE = 2;

/** A catalogue model with what a new device is checked against. */
export interface CatalogueModel {
	id: number;
	name: string;
	deviceType: number;
	manufacturer: string;
	/** Whether the manufacturer ships the platform of the OS version asked with it (`modelFor`). */
	shipsPlatform: boolean;
}

/** An OS version with its platform. */
export interface CatalogueVersion {
	id: number;
	name: string;
	platformId: number;
	platform: string;
	deviceType: number;
}

/** A device to add, checked against the catalogue. */
export interface NewDevice {
	type: number;
	/** A model of the type: every type but PC. */
	model: CatalogueModel | null;
	/** PC only. */
	pcType: { id: number; name: string } | null;
	/** An OS version of a platform of the type (that the model's maker ships). */
	version: CatalogueVersion;
}

/** What a read found along with the tester of the token's WordPress user: when the tester's sessions start. */
export interface OwnerAnd< Answer > {
	sessionsValidFrom: string | null;
	answer: Answer;
}

export type DevicesRepository = ReturnType< typeof createDevicesRepository >;

type Executor = Kysely< Database > | Transaction< Database >;

/**
 * The statement of the tester's enabled devices with their model (or PC type) and OS version, oldest first, read
 * from the token's WordPress user in one statement: a left join from the tester, so a tester without devices still
 * answers a row (whose device columns are null) and no row at all means no tester. Run by the templates below.
 *
 * @param executor
 * @param wpUserId
 * @param deviceId Only this device.
 */
function devicesOf( executor: Executor, wpUserId: number, deviceId?: number ) {
	return executor
		.selectFrom( 'testers as me' )
		.leftJoin( 'tester_devices as d', ( join ) => {
			let on = join
				.onRef( 'd.tester_id', '=', 'me.id' )
				.on( 'd.disabled_at', 'is', null );
			if ( deviceId !== undefined ) {
				on = on.on( 'd.id', '=', deviceId );
			}
			return on;
		} )
		.leftJoin( 'device_models as m', 'm.id', 'd.model_id' )
		.leftJoin( 'device_manufacturers as f', 'f.id', 'm.manufacturer_id' )
		.leftJoin( 'pc_types as pc', 'pc.id', 'd.pc_type_id' )
		.leftJoin( 'os_versions as v', 'v.id', 'd.os_version_id' )
		.leftJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
		.select( [
			'me.sessions_valid_from',
			'd.id',
			'd.device_type',
			'd.added_on',
			'm.id as model_id',
			'm.name as model',
			'f.name as manufacturer',
			'pc.name as pc_type',
			'v.id as version_id',
			'v.name as version',
			'p.id as platform_id',
			'p.name as platform',
		] )
		.where( 'me.wp_user_id', '=', wpUserId )
		.orderBy( 'd.id' );
}

/** A WordPress user's tester and their enabled devices (`devicesOf`). */
const devicesOfUser = queryTemplate( ( db, values: { wpUserId: number } ) =>
	devicesOf( db, values.wpUserId )
);

/** A WordPress user's tester and one enabled device of theirs (`devicesOf`). */
const deviceOfUser = queryTemplate(
	( db, values: { wpUserId: number; deviceId: number } ) =>
		devicesOf( db, values.wpUserId, values.deviceId )
);

type DeviceRow = Awaited< ReturnType< typeof devicesOfUser.all > >[ number ];

/**
 * A device row as the contract's Device.
 *
 * @param row A row with a device (its id not null).
 */
function present( row: DeviceRow ): Device {
	return {
		id: row.id!,
		type: row.device_type!,
		device:
			row.model_id === null
				? { pc_type: row.pc_type as PcType }
				: {
						id: row.model_id,
						manufacturer: row.manufacturer!,
						model: row.model!,
				  },
		operating_system: {
			id: row.version_id!,
			platform: row.platform!,
			platform_id: row.platform_id!,
			version: row.version!,
		},
		added_on: fromSqlDateTime( String( row.added_on ) ),
	};
}

/**
 * The statement's rows as the tester and their devices; undefined without a tester.
 *
 * @param rows
 */
function ownerAndDevices(
	rows: DeviceRow[]
): OwnerAnd< Device[] > | undefined {
	const [ first ] = rows;
	return (
		first && {
			sessionsValidFrom: first.sessions_valid_from,
			answer: rows.filter( ( row ) => row.id !== null ).map( present ),
		}
	);
}

/**
 * The device's row, locked on MariaDB until the transaction ends (SQLite runs one writer at a time anyway).
 *
 * @param trx
 * @param mysql    Whether the database is MariaDB.
 * @param testerId
 * @param deviceId
 */
async function lockOwnDevice(
	trx: Transaction< Database >,
	mysql: boolean,
	testerId: number,
	deviceId: number
) {
	let read = trx
		.selectFrom( 'tester_devices' )
		.select( [ 'id', 'os_version_id' ] )
		.where( 'id', '=', deviceId )
		.where( 'tester_id', '=', testerId )
		.where( 'disabled_at', 'is', null );
	if ( mysql ) {
		read = read.forUpdate();
	}
	return read.executeTakeFirst();
}

/**
 * Whether anything of a campaign names the device: an application's device list or selected device, or a bug.
 *
 * @param trx
 * @param testerId
 * @param deviceId
 */
async function usedInCampaign(
	trx: Transaction< Database >,
	testerId: number,
	deviceId: number
): Promise< boolean > {
	const row = await trx
		.selectNoFrom( ( eb ) => [
			eb
				.or( [
					eb.exists(
						eb
							.selectFrom( 'application_devices' )
							.select( 'id' )
							.where( 'tester_device_id', '=', deviceId )
					),
					eb.exists(
						eb
							.selectFrom( 'applications' )
							.select( 'id' )
							.where( 'selected_device_id', '=', deviceId )
					),
					// Through the tester's own bugs: bugs has no index on the device, it has one on the tester.
					eb.exists(
						eb
							.selectFrom( 'bugs' )
							.select( 'id' )
							.where( 'tester_id', '=', testerId )
							.where( 'tester_device_id', '=', deviceId )
					),
				] )
				.as( 'used' ),
		] )
		.executeTakeFirstOrThrow();
	return Boolean( toInteger( row.used as number ) );
}

/**
 * The tester's devices (spec "Device"): reads by the token's WordPress user, writes by the tester's id (the
 * caller has read the tester from the token), each write in one transaction. A removed device is kept, disabled,
 * so what was tested on stays readable.
 *
 * @param db
 */
export function createDevicesRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );
	return {
		/**
		 * GET /users/me/devices: the tester and their devices, oldest first; undefined without a tester.
		 *
		 * @param wpUserId
		 */
		async list(
			wpUserId: number
		): Promise< OwnerAnd< Device[] > | undefined > {
			return ownerAndDevices(
				await devicesOfUser.all( db, { wpUserId } )
			);
		},

		/**
		 * GET /users/me/devices/{id}: the tester and the device when it is theirs and not removed (`answer` null
		 * otherwise); undefined without a tester.
		 *
		 * @param wpUserId
		 * @param deviceId
		 */
		async get(
			wpUserId: number,
			deviceId: number
		): Promise< OwnerAnd< Device | null > | undefined > {
			const found = ownerAndDevices(
				await deviceOfUser.all( db, { wpUserId, deviceId } )
			);
			return found && { ...found, answer: found.answer[ 0 ] ?? null };
		},

		/**
		 * A catalogue model, and whether its manufacturer ships the platform of an OS version, in one read (run
		 * alongside `versionFor`).
		 *
		 * @param modelId
		 * @param versionId
		 */
		async modelFor(
			modelId: number,
			versionId: number
		): Promise< CatalogueModel | undefined > {
			const row = await db
				.selectFrom( 'device_models as m' )
				.innerJoin(
					'device_manufacturers as f',
					'f.id',
					'm.manufacturer_id'
				)
				.leftJoin( 'os_versions as v', ( join ) =>
					join.on( 'v.id', '=', versionId )
				)
				.leftJoin( 'device_manufacturer_platforms as mp', ( join ) =>
					join
						.onRef( 'mp.manufacturer_id', '=', 'm.manufacturer_id' )
						.onRef( 'mp.platform_id', '=', 'v.platform_id' )
				)
				.select( [
					'm.id',
					'm.name',
					'm.device_type',
					'f.name as manufacturer',
					'mp.platform_id',
				] )
				.where( 'm.id', '=', modelId )
				.executeTakeFirst();
			return (
				row && {
					id: row.id,
					name: row.name,
					deviceType: row.device_type,
					manufacturer: row.manufacturer,
					shipsPlatform: row.platform_id !== null,
				}
			);
		},

		/**
		 * An OS version with its platform.
		 *
		 * @param versionId
		 */
		async versionFor(
			versionId: number
		): Promise< CatalogueVersion | undefined > {
			const row = await db
				.selectFrom( 'os_versions as v' )
				.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
				.select( [
					'v.id',
					'v.name',
					'p.id as platform_id',
					'p.name as platform',
					'p.device_type',
				] )
				.where( 'v.id', '=', versionId )
				.executeTakeFirst();
			return (
				row && {
					id: row.id,
					name: row.name,
					platformId: row.platform_id,
					platform: row.platform,
					deviceType: row.device_type,
				}
			);
		},

		/**
		 * The id of a PC type, by the name the contract lists.
		 *
		 * @param name
		 */
		async pcTypeId( name: string ): Promise< number | undefined > {
			const row = await db
				.selectFrom( 'pc_types' )
				.select( 'id' )
				.where( 'name', '=', name )
				.executeTakeFirst();
			return row?.id;
		},

		/**
		 * Adds a checked device and answers it as the list shows it. One INSERT, nothing read back: the answer is
		 * made of what was checked, and the added date is set here rather than by the database for that reason.
		 *
		 * @param testerId
		 * @param device   What `checkedDevice` (routes.ts) checked.
		 */
		async add( testerId: number, device: NewDevice ): Promise< Device > {
			const addedOn = toSqlDateTime();
			const { insertId } = await db
				.insertInto( 'tester_devices' )
				.values( {
					tester_id: testerId,
					device_type: device.type,
					model_id: device.model?.id ?? null,
					pc_type_id: device.pcType?.id ?? null,
					os_version_id: device.version.id,
					added_on: addedOn,
				} )
				.executeTakeFirstOrThrow();
			return {
				id: toInteger( insertId as bigint ),
				type: device.type,
				device: device.model
					? {
							id: device.model.id,
							manufacturer: device.model.manufacturer,
							model: device.model.name,
					  }
					: { pc_type: device.pcType!.name as PcType },
				operating_system: {
					id: device.version.id,
					platform: device.version.platform,
					platform_id: device.version.platformId,
					version: device.version.name,
				},
				added_on: fromSqlDateTime( addedOn ),
			};
		},

		/**
		 * Sets the OS version of one of the tester's devices, in a transaction that locks the device.
		 *
		 * @param testerId
		 * @param deviceId
		 * @param versionId
		 * @return 'not-found' for a device that is not the tester's (or removed), 'unchanged' when it has this
		 *         version already, otherwise 'updated'.
		 */
		setVersion(
			testerId: number,
			deviceId: number,
			versionId: number
		): Promise< 'not-found' | 'unchanged' | 'updated' > {
			return inTransaction( db, async ( trx ) => {
				const device = await lockOwnDevice(
					trx,
					mysql,
					testerId,
					deviceId
				);
				if ( ! device ) {
					return 'not-found';
				}
				if ( device.os_version_id === versionId ) {
					return 'unchanged';
				}
				await trx
					.updateTable( 'tester_devices' )
					.set( { os_version_id: versionId } )
					.where( 'id', '=', deviceId )
					.execute();
				return 'updated';
			} );
		},

		/**
		 * Removes (disables) one of the tester's devices unless a campaign uses it, in a transaction that locks the
		 * device.
		 *
		 * @param testerId
		 * @param deviceId
		 * @return 'not-found' for a device that is not the tester's (or removed already), 'in-use' when a campaign
		 *         uses it, otherwise 'removed'.
		 */
		remove(
			testerId: number,
			deviceId: number
		): Promise< 'not-found' | 'in-use' | 'removed' > {
			return inTransaction( db, async ( trx ) => {
				if (
					! ( await lockOwnDevice( trx, mysql, testerId, deviceId ) )
				) {
					return 'not-found';
				}
				if ( await usedInCampaign( trx, testerId, deviceId ) ) {
					return 'in-use';
				}
				await trx
					.updateTable( 'tester_devices' )
					.set( { disabled_at: toSqlDateTime() } )
					.where( 'id', '=', deviceId )
					.execute();
				return 'removed';
			} );
		},

		/**
		 * The platform of one of the tester's devices (the PATCH checks the new version against it); undefined for
		 * a device that is not the tester's or is removed.
		 *
		 * @param testerId
		 * @param deviceId
		 */
		async platformOf(
			testerId: number,
			deviceId: number
		): Promise< { id: number; name: string } | undefined > {
			const row = await db
				.selectFrom( 'tester_devices as d' )
				.innerJoin( 'os_versions as v', 'v.id', 'd.os_version_id' )
				.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
				.select( [ 'p.id', 'p.name' ] )
				.where( 'd.id', '=', deviceId )
				.where( 'd.tester_id', '=', testerId )
				.where( 'd.disabled_at', 'is', null )
				.executeTakeFirst();
			return row;
		},
	};
}
