import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toSqlDateTime } from '../../../src/db/values.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { LOOKUP_ROWS } from '../../../src/lookups/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { bearer, get } from '../../helpers/requests.ts';
import { insertApplication, insertCampaign } from '../../helpers/rows.ts';
import { mintToken } from '../../helpers/tokens.ts';
import { send } from '../profile-parts/requests.ts';

/** Catalogue ids by name, as the lookups list them. */
const manufacturerId = ( name: string ) =>
	LOOKUP_ROWS.device_manufacturers.find( ( row ) => row.name === name )!.id;
const model = ( manufacturer: string, name: string ) => {
	const row = LOOKUP_ROWS.device_models.find(
		( item ) =>
			item.name === name &&
			item.manufacturer_id === manufacturerId( manufacturer )
	);
	assert.ok( row, name );
	return row.id;
};
const platform = ( deviceType: number, name: string ) => {
	const row = LOOKUP_ROWS.os_platforms.find(
		( item ) => item.device_type === deviceType && item.name === name
	);
	assert.ok( row, name );
	return row.id;
};
const version = ( deviceType: number, platformName: string, name: string ) => {
	const row = LOOKUP_ROWS.os_versions.find(
		( item ) =>
			item.platform_id === platform( deviceType, platformName ) &&
			item.name === name
	);
	assert.ok( row, `${ platformName } ${ name }` );
	return row.id;
};

const IPHONE = model( 'Apple', 'iPhone 16' );
const PIXEL = model( 'Google', 'Pixel 9' );
const HUAWEI = model( 'Huawei', 'Pura 80 Pro' );
const GALAXY_TAB = model( 'Samsung', 'Galaxy Tab S9' );
const IOS_18 = version( 0, 'iOS', '18' );
const IOS_26 = version( 0, 'iOS', '26' );
const ANDROID_16 = version( 0, 'Android', '16' );
const HARMONY_5 = version( 0, 'HarmonyOS', '5.0' );
const IPADOS_18 = version( 1, 'iPadOS', '18' );
const WINDOWS_11 = version( 2, 'Windows', '11' );
const LINUX_DEBIAN = version( 2, 'Linux', 'Debian 13' );

const IN_USE = "You can't delete this device, you are using it in a campaign!";

describe( `/api/users/me/devices on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const list = ( tester: Tester ) =>
		send( ctx, 'GET', '/users/me/devices', tester );
	const add = ( tester: Tester, body: unknown ) =>
		send( ctx, 'POST', '/users/me/devices', tester, body );
	const one = ( tester: Tester, id: number ) =>
		send( ctx, 'GET', `/users/me/devices/${ id }`, tester );
	const edit = ( tester: Tester, id: number, body: unknown ) =>
		send( ctx, 'PATCH', `/users/me/devices/${ id }`, tester, body );
	const remove = ( tester: Tester, id: number ) =>
		send( ctx, 'DELETE', `/users/me/devices/${ id }`, tester );
	const added = async ( tester: Tester, body: unknown ) => {
		const response = await add( tester, body );
		assert.equal( response.statusCode, 201, response.body );
		return response.json();
	};
	const stored = ( tester: Tester ) =>
		ctx.database.db
			.selectFrom( 'tester_devices' )
			.select( [
				'id',
				'device_type',
				'model_id',
				'pc_type_id',
				'os_version_id',
				'disabled_at',
			] )
			.where( 'tester_id', '=', tester.id )
			.orderBy( 'id' )
			.execute();

	it( 'answers 404 "No devices" to a tester without any, and 403 without a token', async () => {
		const tester = await ctx.createTester();
		const response = await list( tester );
		assert.equal( response.statusCode, 404 );
		assert.deepEqual( response.json(), {
			status: 404,
			error: 'Not Found',
			message: 'No devices',
		} );
		assert.equal(
			( await get( ctx, '/users/me/devices' ) ).statusCode,
			403
		);
	} );

	it( 'adds a smartphone by model and a PC by PC type, and lists them oldest first', async () => {
		const tester = await ctx.createTester();
		const earliest = Date.now() - 1000;
		const phone = await added( tester, {
			type: 0,
			device: IPHONE,
			operating_system: IOS_18,
		} );
		assert.deepEqual(
			{ ...phone, id: 0, added_on: '' },
			{
				id: 0,
				type: 0,
				device: {
					id: IPHONE,
					manufacturer: 'Apple',
					model: 'iPhone 16',
				},
				operating_system: {
					id: IOS_18,
					platform: 'iOS',
					platform_id: platform( 0, 'iOS' ),
					version: '18',
				},
				added_on: '',
			}
		);
		assert.ok( Date.parse( phone.added_on ) >= earliest, phone.added_on );
		assert.ok( Date.parse( phone.added_on ) <= Date.now() );
		const pc = await added( tester, {
			type: 2,
			pc_type: 'Tablet PC / Hybrid',
			operating_system: LINUX_DEBIAN,
		} );
		assert.deepEqual( pc.device, { pc_type: 'Tablet PC / Hybrid' } );
		assert.deepEqual( pc.operating_system, {
			id: LINUX_DEBIAN,
			platform: 'Linux',
			platform_id: platform( 2, 'Linux' ),
			version: 'Debian 13',
		} );

		const response = await list( tester );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [ phone, pc ] );
		assert.deepEqual( ( await one( tester, pc.id ) ).json(), pc );
		assert.deepEqual(
			( await stored( tester ) ).map( ( row ) => ( {
				...row,
				id: Number( row.id ),
			} ) ),
			[
				{
					id: phone.id,
					device_type: 0,
					model_id: IPHONE,
					pc_type_id: null,
					os_version_id: IOS_18,
					disabled_at: null,
				},
				{
					id: pc.id,
					device_type: 2,
					model_id: null,
					pc_type_id: 5,
					os_version_id: LINUX_DEBIAN,
					disabled_at: null,
				},
			]
		);
	} );

	it( 'refuses a device that does not fit the catalogue with a 400 naming what is wrong, and stores nothing', async () => {
		const tester = await ctx.createTester();
		const cases: Array< [ unknown, string ] > = [
			[
				{ device: IPHONE, operating_system: IOS_18 },
				'Device type is a required field',
			],
			[
				{ type: 0, device: IPHONE },
				'Operating system is a required field',
			],
			[
				{ type: 0, device: IPHONE, operating_system: 0 },
				'Operating system is a required field',
			],
			[
				{ type: 6, device: IPHONE, operating_system: IOS_18 },
				'Device type must be one of 0 (Smartphone) to 5 (Smart-tv)',
			],
			[
				{ type: -1, device: IPHONE, operating_system: IOS_18 },
				'Device type must be one of 0 (Smartphone) to 5 (Smart-tv)',
			],
			[
				{ type: 2, pc_type: 'Mainframe', operating_system: WINDOWS_11 },
				'PC type must be one of: Notebook, Desktop, Ultrabook, Gaming PC, Tablet PC / Hybrid',
			],
			[
				{ type: 0, operating_system: IOS_18 },
				'Device is a required field',
			],
			[
				{
					type: 0,
					device: IPHONE,
					pc_type: 'Desktop',
					operating_system: IOS_18,
				},
				'Only a PC has a PC type',
			],
			[
				{ type: 2, operating_system: WINDOWS_11 },
				'PC type is a required field for a PC',
			],
			[
				{
					type: 2,
					pc_type: 'Desktop',
					device: IPHONE,
					operating_system: WINDOWS_11,
				},
				'A PC is added by its PC type, without a device model',
			],
			[
				{ type: 0, device: 999_999, operating_system: IOS_18 },
				'Unknown device model: 999999',
			],
			[
				{ type: 0, device: IPHONE, operating_system: 999_999 },
				'Unknown operating system version: 999999',
			],
			[
				{ type: 1, device: IPHONE, operating_system: IPADOS_18 },
				`Device model ${ IPHONE } (Apple iPhone 16) is not a Tablet`,
			],
			[
				{ type: 0, device: IPHONE, operating_system: WINDOWS_11 },
				`Operating system version ${ WINDOWS_11 } (Windows 11) does not run on a Smartphone`,
			],
			[
				{ type: 2, pc_type: 'Desktop', operating_system: IOS_18 },
				`Operating system version ${ IOS_18 } (iOS 18) does not run on a PC`,
			],
			[
				{ type: 0, device: IPHONE, operating_system: ANDROID_16 },
				`Operating system version ${ ANDROID_16 } (Android 16) does not run on Apple iPhone 16`,
			],
			[
				{ type: 0, device: PIXEL, operating_system: HARMONY_5 },
				`Operating system version ${ HARMONY_5 } (HarmonyOS 5.0) does not run on Google Pixel 9`,
			],
			[
				{ type: 0, device: IPHONE, operating_system: IOS_18, extra: 1 },
				"Unknown field 'extra' in the request body",
			],
		];
		for ( const [ body, message ] of cases ) {
			const response = await add( tester, body );
			assert.equal( response.statusCode, 400, JSON.stringify( body ) );
			assert.equal(
				response.json().message,
				message,
				JSON.stringify( body )
			);
		}
		assert.deepEqual( await stored( tester ), [] );
		// What fits: a manufacturer shipping two platforms takes either.
		for ( const os of [ HARMONY_5, ANDROID_16 ] ) {
			await added( tester, {
				type: 0,
				device: HUAWEI,
				operating_system: os,
			} );
		}
	} );

	it( 'changes only the OS version, to one of the same platform; no change is a 304 without a body', async () => {
		const tester = await ctx.createTester();
		const phone = await added( tester, {
			type: 0,
			device: IPHONE,
			operating_system: IOS_18,
		} );
		const response = await edit( tester, phone.id, {
			operating_system: IOS_26,
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), {
			...phone,
			operating_system: {
				...phone.operating_system,
				id: IOS_26,
				version: '26',
			},
		} );
		const same = await edit( tester, phone.id, {
			operating_system: IOS_26,
		} );
		assert.equal( same.statusCode, 304 );
		assert.equal( same.body, '' );

		for ( const [ body, message ] of [
			[
				{ operating_system: ANDROID_16 },
				`Operating system version ${ ANDROID_16 } (Android 16) is not a version of iOS`,
			],
			[
				{ operating_system: IPADOS_18 },
				`Operating system version ${ IPADOS_18 } (iPadOS 18) is not a version of iOS`,
			],
			[
				{ operating_system: 999_999 },
				'Unknown operating system version: 999999',
			],
			[ {}, 'Operating system is a required field' ],
			[
				{ operating_system: IOS_18, device: PIXEL },
				"Unknown field 'device' in the request body",
			],
		] as const ) {
			const refused = await edit( tester, phone.id, body );
			assert.equal( refused.statusCode, 400, JSON.stringify( body ) );
			assert.equal( refused.json().message, message );
		}
		assert.equal(
			( await one( tester, phone.id ) ).json().operating_system.id,
			IOS_26
		);
	} );

	it( "answers 404 for another tester's device, an unknown one and a removed one, and touches nothing", async () => {
		const owner = await ctx.createTester();
		const intruder = await ctx.createTester();
		await added( intruder, {
			type: 1,
			device: GALAXY_TAB,
			operating_system: version( 1, 'Android', '14' ),
		} );
		const phone = await added( owner, {
			type: 0,
			device: IPHONE,
			operating_system: IOS_18,
		} );
		const gone = await added( owner, {
			type: 2,
			pc_type: 'Desktop',
			operating_system: WINDOWS_11,
		} );
		assert.equal( ( await remove( owner, gone.id ) ).statusCode, 200 );
		for ( const [ who, id ] of [
			[ intruder, phone.id ],
			[ owner, 999_999 ],
			[ owner, gone.id ],
		] as const ) {
			for ( const response of [
				await one( who, id ),
				await edit( who, id, { operating_system: IOS_26 } ),
				await remove( who, id ),
			] ) {
				assert.equal( response.statusCode, 404, response.body );
				assert.equal( response.json().message, 'Device not found' );
			}
		}
		assert.deepEqual( ( await list( owner ) ).json(), [ phone ] );
		assert.equal( ( await list( intruder ) ).json().length, 1 );
		assert.equal(
			( await send( ctx, 'GET', '/users/me/devices/0', owner ) )
				.statusCode,
			400
		);
	} );

	it( 'removes a device (kept, disabled) and answers its id; the list is then a 404 again', async () => {
		const tester = await ctx.createTester();
		const phone = await added( tester, {
			type: 0,
			device: PIXEL,
			operating_system: ANDROID_16,
		} );
		const response = await remove( tester, phone.id );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), { id: phone.id } );
		assert.equal( ( await list( tester ) ).statusCode, 404 );
		const [ row ] = await stored( tester );
		assert.ok( row.disabled_at, 'kept, with the date it was removed' );
	} );

	it( 'refuses with 406 to remove a device an application lists, an application selected, or a bug names', async () => {
		const tester = await ctx.createTester();
		const { db } = ctx.database;
		const devices = [];
		for ( let i = 0; i < 4; i++ ) {
			devices.push(
				await added( tester, {
					type: 0,
					device: PIXEL,
					operating_system: ANDROID_16,
				} )
			);
		}
		const campaign = await insertCampaign( ctx, {
			title: 'Devices in use',
			visibility: 'public',
			start: -5,
			end: 5,
			close: 10,
		} );
		await insertApplication( ctx, tester.id, campaign, 'selected' );
		const application = await db
			.selectFrom( 'applications' )
			.select( 'id' )
			.where( 'tester_id', '=', tester.id )
			.executeTakeFirstOrThrow();
		await db
			.insertInto( 'application_devices' )
			.values( {
				application_id: application.id,
				tester_device_id: devices[ 0 ].id,
			} )
			.execute();
		await db
			.updateTable( 'applications' )
			.set( { selected_device_id: devices[ 1 ].id } )
			.where( 'id', '=', application.id )
			.execute();
		await db
			.insertInto( 'bugs' )
			.values( {
				tester_id: tester.id,
				campaign_id: campaign,
				tester_device_id: devices[ 2 ].id,
				title: 'It crashes',
				severity_id: 1,
				type_id: 1,
				replicability_id: 1,
				steps: 'Open it',
				expected: 'It works',
				current: 'It does not',
			} )
			.execute();
		for ( const device of devices.slice( 0, 3 ) ) {
			const response = await remove( tester, device.id );
			assert.equal( response.statusCode, 406, response.body );
			assert.deepEqual( response.json(), {
				status: 406,
				error: 'Not Acceptable',
				message: IN_USE,
			} );
		}
		assert.equal(
			( await remove( tester, devices[ 3 ].id ) ).statusCode,
			200
		);
		assert.deepEqual(
			( await list( tester ) ).json(),
			devices.slice( 0, 3 )
		);
	} );

	it( "refuses a token older than the tester's sessions (a password change) with 'Token expired', reads and writes", async () => {
		const tester = await ctx.createTester();
		const phone = await added( tester, {
			type: 0,
			device: IPHONE,
			operating_system: IOS_18,
		} );
		const old = await mintToken( {
			secret: ctx.secret,
			sub: tester.wpUserId,
			issuedIn: -60,
			expiresIn: 840,
		} );
		await ctx.database.db
			.updateTable( 'testers' )
			.set( { sessions_valid_from: toSqlDateTime() } )
			.where( 'id', '=', tester.id )
			.execute();
		for ( const [ method, url, body ] of [
			[ 'GET', '/users/me/devices', undefined ],
			[ 'GET', `/users/me/devices/${ phone.id }`, undefined ],
			[
				'POST',
				'/users/me/devices',
				{ type: 0, device: IPHONE, operating_system: IOS_18 },
			],
			[
				'PATCH',
				`/users/me/devices/${ phone.id }`,
				{ operating_system: IOS_26 },
			],
			[ 'DELETE', `/users/me/devices/${ phone.id }`, undefined ],
		] as const ) {
			const response = await ctx.app.inject( {
				method,
				url: `/api${ url }`,
				headers: {
					...bearer( old ),
					...( body ? { 'content-type': 'application/json' } : {} ),
				},
				...( body ? { payload: JSON.stringify( body ) } : {} ),
			} );
			assert.equal( response.statusCode, 401, `${ method } ${ url }` );
			assert.equal( response.json().message, 'Token expired' );
		}
		assert.deepEqual( ( await list( tester ) ).json(), [ phone ] );
	} );

	it( 'adds devices sent at the same time, each once', async () => {
		const tester = await ctx.createTester();
		const token = await ctx.tokenFor( tester );
		const responses = await Promise.all(
			Array.from( { length: 20 }, ( _, i ) =>
				ctx.app.inject( {
					method: 'POST',
					url: '/api/users/me/devices',
					headers: {
						authorization: `Bearer ${ token }`,
						'content-type': 'application/json',
					},
					payload: JSON.stringify(
						i % 2
							? {
									type: 0,
									device: IPHONE,
									operating_system: IOS_18,
							  }
							: {
									type: 2,
									pc_type: 'Notebook',
									operating_system: WINDOWS_11,
							  }
					),
				} )
			)
		);
		assert.deepEqual(
			responses.map( ( response ) => response.statusCode ),
			Array( 20 ).fill( 201 )
		);
		const ids = responses.map( ( response ) => response.json().id );
		assert.equal( new Set( ids ).size, 20 );
		const listed = ( await list( tester ) ).json();
		assert.deepEqual(
			listed.map( ( device: { id: number } ) => device.id ),
			[ ...ids ].sort( ( a, b ) => a - b )
		);
	} );
} );
