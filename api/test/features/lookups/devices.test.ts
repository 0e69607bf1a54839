import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	DEVICE_MODELS,
	DEVICE_TYPES,
	LOOKUP_ROWS,
	MANUFACTURER_PLATFORMS,
	OS_PLATFORMS,
} from '../../../src/lookups/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { get, getOk } from '../../helpers/requests.ts';

const manufacturerId = ( name: string ) =>
	LOOKUP_ROWS.device_manufacturers.find( ( row ) => row.name === name )!.id;
const modelId = ( name: string ) =>
	LOOKUP_ROWS.device_models.find( ( row ) => row.name === name )!.id;
const platformId = ( deviceType: number, name: string ) =>
	LOOKUP_ROWS.os_platforms.find(
		( row ) => row.device_type === deviceType && row.name === name
	)!.id;
const names = ( items: Array< { name: string } > ) =>
	items.map( ( item ) => item.name );

describe( `device lookup routes on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let tester: Tester;
	before( async () => {
		ctx = await startTestContext();
		tester = await ctx.createTester();
	} );
	after( () => ctx.close() );

	const lookup = ( url: string ) => getOk( ctx, url, tester );

	it( 'answers 403 without a token and lets a browser keep each answer five minutes, privately', async () => {
		for ( const url of [
			'/devices/0/models',
			'/devices/0/operating_systems',
			'/devices/0/os_versions',
		] ) {
			assert.equal( ( await get( ctx, url ) ).statusCode, 403, url );
			const response = await get( ctx, url, tester );
			assert.equal( response.statusCode, 200, url );
			assert.equal(
				response.headers[ 'cache-control' ],
				'private, max-age=300'
			);
		}
	} );

	it( 'refuses a device type outside 0–5 and an unknown filter, naming them', async () => {
		for ( const url of [
			'/devices/6/models',
			'/devices/-1/operating_systems',
			'/devices/tv/os_versions',
		] ) {
			const response = await get( ctx, url, tester );
			assert.equal( response.statusCode, 400, url );
			assert.equal(
				response.json().message,
				'Device type must be one of 0 (Smartphone) to 5 (Smart-tv)'
			);
		}
		const response = await get(
			ctx,
			'/devices/0/models?filterBy[platform]=1',
			tester
		);
		assert.equal( response.statusCode, 400 );
		assert.equal(
			response.json().message,
			"Unknown query parameter 'filterBy'"
		);
	} );

	it( "lists a type's models by manufacturer then name, and a manufacturer's alone", async () => {
		const phones = await lookup( '/devices/0/models' );
		const expected = LOOKUP_ROWS.device_models.filter(
			( row ) => row.device_type === DEVICE_TYPES.smartphone
		);
		assert.equal( phones.length, expected.length );
		assert.deepEqual( phones[ 0 ], {
			id: phones[ 0 ].id,
			name: phones[ 0 ].name,
			manufacturer: phones[ 0 ].manufacturer,
		} );
		// Ignoring case, on both engines: "realme" among the r's.
		const sortable = phones.map(
			( model: { name: string; manufacturer: { name: string } } ) =>
				`${ model.manufacturer.name.toLowerCase() }\u0000${ model.name.toLowerCase() }`
		);
		assert.deepEqual( sortable, [ ...sortable ].sort() );
		const apple = manufacturerId( 'Apple' );
		const iPhones = await lookup(
			`/devices/0/models?filterBy[manufacturer]=${ apple }`
		);
		assert.ok( names( iPhones ).includes( 'iPhone 17 Pro' ) );
		assert.ok(
			iPhones.every(
				( model: { name: string; manufacturer: { id: number } } ) =>
					model.name.startsWith( 'iPhone' ) &&
					model.manufacturer.id === apple
			)
		);
		// Apple's tablets are not among its phones; a manufacturer without TVs has none.
		assert.ok(
			! names( iPhones ).some( ( name ) => name.startsWith( 'iPad' ) )
		);
		assert.deepEqual(
			await lookup(
				`/devices/5/models?filterBy[manufacturer]=${ manufacturerId(
					'Fairphone'
				) }`
			),
			[]
		);
	} );

	it( "lists the platforms a manufacturer or a model's manufacturer ships: no Android for an iPhone", async () => {
		assert.deepEqual(
			names( await lookup( '/devices/0/operating_systems' ) ),
			[ 'Android', 'HarmonyOS', 'iOS' ]
		);
		const iPhone = modelId( 'iPhone 16' );
		assert.deepEqual(
			await lookup(
				`/devices/0/operating_systems?filterBy[model]=${ iPhone }`
			),
			[ { id: platformId( 0, 'iOS' ), name: 'iOS' } ]
		);
		assert.deepEqual(
			names(
				await lookup(
					`/devices/0/operating_systems?filterBy[manufacturer]=${ manufacturerId(
						'Huawei'
					) }`
				)
			),
			[ 'Android', 'HarmonyOS' ]
		);
		assert.deepEqual(
			names(
				await lookup(
					`/devices/5/operating_systems?filterBy[manufacturer]=${ manufacturerId(
						'Samsung'
					) }`
				)
			),
			[ 'Tizen' ]
		);
		// An iPhone is not a tablet: nothing fits.
		assert.deepEqual(
			await lookup(
				`/devices/1/operating_systems?filterBy[model]=${ iPhone }`
			),
			[]
		);
		// A PC is chosen by PC type, without a manufacturer: every PC platform.
		assert.deepEqual(
			names( await lookup( '/devices/2/operating_systems' ) ),
			[ 'ChromeOS', 'Linux', 'macOS', 'Windows' ]
		);
	} );

	it( "lists a platform's versions newest first, and none of another type's platform", async () => {
		const ios = platformId( 0, 'iOS' );
		const versions = await lookup(
			`/devices/0/os_versions?filterBy[platform]=${ ios }`
		);
		assert.deepEqual( names( versions ), [
			'26',
			'18',
			'17',
			'16',
			'15',
			'14',
		] );
		assert.deepEqual( versions[ 0 ].platform, { id: ios, name: 'iOS' } );
		assert.deepEqual(
			names(
				await lookup(
					`/devices/2/os_versions?filterBy[platform]=${ platformId(
						2,
						'macOS'
					) }`
				)
			).slice( 0, 2 ),
			[ '26 Tahoe', '15 Sequoia' ]
		);
		assert.deepEqual(
			await lookup(
				`/devices/1/os_versions?filterBy[platform]=${ ios }`
			),
			[]
		);
		const tv = await lookup( '/devices/5/os_versions' );
		assert.ok(
			tv.every( ( version: { platform: { id: number } } ) =>
				LOOKUP_ROWS.os_platforms.some(
					( row ) =>
						row.id === version.platform.id && row.device_type === 5
				)
			)
		);
		assert.ok( names( tv ).includes( 'U8' ), 'VIDAA, added by 0015' );
	} );

	it( 'ships a catalogue where every model line has platforms of its own type, and every platform versions', () => {
		for ( const line of DEVICE_MODELS ) {
			const shipped =
				MANUFACTURER_PLATFORMS[ line.deviceType ][ line.manufacturer ];
			assert.ok(
				shipped?.length,
				`${ line.manufacturer } (${ line.deviceType }) ships a platform`
			);
			for ( const name of shipped ) {
				assert.ok(
					OS_PLATFORMS.some(
						( platform ) =>
							platform.name === name &&
							platform.deviceType === line.deviceType
					),
					`${ name } is a platform of type ${ line.deviceType }`
				);
			}
		}
		for ( const [ deviceType, byManufacturer ] of Object.entries(
			MANUFACTURER_PLATFORMS
		) ) {
			for ( const manufacturer of Object.keys( byManufacturer ) ) {
				assert.ok(
					DEVICE_MODELS.some(
						( line ) =>
							line.manufacturer === manufacturer &&
							line.deviceType === Number( deviceType )
					),
					`${ manufacturer } has models of type ${ deviceType }`
				);
			}
		}
		for ( const platform of LOOKUP_ROWS.os_platforms ) {
			assert.ok(
				LOOKUP_ROWS.os_versions.some(
					( row ) => row.platform_id === platform.id
				),
				`${ platform.name } has versions`
			);
		}
	} );
} );
