import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { DEVICE_MANUFACTURER_PLATFORM_ROWS } from '../../../src/lookups/index.ts';
import { seed } from '../../../src/seed/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { send } from '../profile-parts/requests.ts';

interface ListedDevice {
	id: number;
	type: number;
	device: { id: number; manufacturer: string } | { pc_type: string };
	operating_system: { platform_id: number };
}

describe( `the demo's devices (seed) on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let dana: Tester;
	let vera: Tester;
	before( async () => {
		ctx = await startTestContext();
		dana = await ctx.createTester( { name: 'Dana', surname: 'Demo' } );
		vera = await ctx.createTester( { name: 'Vera', surname: 'Veteran' } );
		await seed( ctx.database.db, {
			seed: 'devices',
			testers: 20,
			campaigns: 40,
			bugsPerTester: 2,
			experiencePerTester: 3,
			demo: [
				{ testerId: dana.id, profile: 'newcomer' },
				{ testerId: vera.id, profile: 'veteran' },
			],
		} );
	} );
	after( () => ctx.close() );

	const devicesOf = async ( tester: Tester ): Promise< ListedDevice[] > => {
		const response = await send( ctx, 'GET', '/users/me/devices', tester );
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};

	it( 'leaves the newcomer without devices: the empty state', async () => {
		const response = await send( ctx, 'GET', '/users/me/devices', dana );
		assert.equal( response.statusCode, 404 );
	} );

	it( 'gives the veteran a smartphone, a PC, a tablet, a smartwatch and a TV, each running what its maker ships', async () => {
		const devices = await devicesOf( vera );
		assert.deepEqual(
			devices.map( ( device ) => device.type ),
			[ 0, 2, 1, 4, 5 ]
		);
		const manufacturerOf = new Map(
			(
				await ctx.database.db
					.selectFrom( 'device_models' )
					.select( [ 'id', 'manufacturer_id' ] )
					.execute()
			).map( ( row ) => [ Number( row.id ), row.manufacturer_id ] )
		);
		for ( const device of devices ) {
			if ( 'id' in device.device ) {
				const manufacturer = manufacturerOf.get( device.device.id );
				assert.ok(
					DEVICE_MANUFACTURER_PLATFORM_ROWS.some(
						( row ) =>
							row.manufacturer_id === manufacturer &&
							row.platform_id ===
								device.operating_system.platform_id
					),
					JSON.stringify( device )
				);
			}
		}
	} );

	it( 'uses some of her devices in campaigns (refused, 406) and leaves one free to remove', async () => {
		const devices = await devicesOf( vera );
		const outcomes = [];
		for ( const device of devices ) {
			const response = await send(
				ctx,
				'DELETE',
				`/users/me/devices/${ device.id }`,
				vera
			);
			outcomes.push( response.statusCode );
		}
		// The first four are used by her applications; the TV is free.
		assert.deepEqual( outcomes, [ 406, 406, 406, 406, 200 ] );
	} );

	it( "gives seeded testers' models platforms their makers ship", async () => {
		const mismatched = await ctx.database.db
			.selectFrom( 'tester_devices as d' )
			.innerJoin( 'device_models as m', 'm.id', 'd.model_id' )
			.innerJoin( 'os_versions as v', 'v.id', 'd.os_version_id' )
			.leftJoin( 'device_manufacturer_platforms as mp', ( join ) =>
				join
					.onRef( 'mp.manufacturer_id', '=', 'm.manufacturer_id' )
					.onRef( 'mp.platform_id', '=', 'v.platform_id' )
			)
			.select( 'd.id' )
			.where( 'mp.platform_id', 'is', null )
			.execute();
		assert.deepEqual( mismatched, [] );
	} );
} );
