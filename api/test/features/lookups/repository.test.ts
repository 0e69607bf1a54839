import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../../../src/db/schema.ts';
import {
	CERTIFICATIONS,
	DEVICE_MODELS,
	DEVICE_TYPES,
	LANGUAGES,
	LEVELS,
	LOOKUP_ROWS,
	LOOKUP_TABLES,
	OS_PLATFORMS,
	OS_VERSION_ADDITIONS,
	PC_TYPES,
	REGION_COUNTS,
} from '../../../src/lookups/index.ts';
import {
	createLookupsRepository,
	type LookupsRepository,
} from '../../../src/features/lookups/repository.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../../helpers/migrations.ts';

describe( `lookup data (0004) on ${ testEngine() }`, () => {
	let database: TestDatabase;
	let lookups: LookupsRepository;
	before( async () => {
		database = await createTestDatabase();
		lookups = createLookupsRepository( database.db );
	} );
	after( () => database.drop() );

	const count = async ( table: keyof Database ) => {
		const { n } = await database.db
			.selectFrom( table as 'languages' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.executeTakeFirstOrThrow();
		return Number( n );
	};
	const counts = async () =>
		Object.fromEntries(
			await Promise.all(
				LOOKUP_TABLES.map(
					async ( table ) => [ table, await count( table ) ] as const
				)
			)
		);
	const expectedCounts = Object.fromEntries(
		LOOKUP_TABLES.map( ( table ) => [ table, LOOKUP_ROWS[ table ].length ] )
	);
	const allDeviceTypes = Object.values( DEVICE_TYPES );

	it( 'fills every lookup table with as many rows as the modules give', async () => {
		for ( const table of LOOKUP_TABLES ) {
			assert.ok( expectedCounts[ table ] > 0, `${ table } has data` );
		}
		assert.deepEqual( await counts(), expectedCounts );
		assert.equal( expectedCounts.languages, LANGUAGES.length );
		assert.equal( expectedCounts.pc_types, PC_TYPES.length );
		assert.equal(
			expectedCounts.device_models,
			DEVICE_MODELS.reduce( ( n, line ) => n + line.models.length, 0 )
		);
		assert.equal(
			expectedCounts.os_versions,
			[ ...OS_PLATFORMS, ...OS_VERSION_ADDITIONS ].reduce(
				( n, platform ) => n + platform.versions.length,
				0
			)
		);
		assert.equal(
			expectedCounts.certification_institutes,
			CERTIFICATIONS.length
		);
	} );

	it( 'lists the spoken languages by English name, ISO 639-1 code kept in the module', async () => {
		const languages = await lookups.languages();
		assert.equal( languages.length, LANGUAGES.length );
		assert.ok( LANGUAGES.length >= 180 );
		const names = new Set( languages.map( ( language ) => language.name ) );
		for ( const name of [ 'English', 'Italian', 'Spanish', 'French' ] ) {
			assert.ok( names.has( name ), name );
		}
		assert.deepEqual(
			LANGUAGES.find( ( language ) => language.name === 'Italian' ),
			{ code: 'it', name: 'Italian' }
		);
	} );

	it( 'lists employments, education levels, PC types and campaign types in catalogue order', async () => {
		assert.deepEqual(
			await lookups.employments(),
			LOOKUP_ROWS.employments
		);
		assert.deepEqual(
			await lookups.educationLevels(),
			LOOKUP_ROWS.education_levels
		);
		assert.deepEqual(
			( await lookups.pcTypes() ).map( ( type ) => type.name ),
			[
				'Notebook',
				'Desktop',
				'Ultrabook',
				'Gaming PC',
				'Tablet PC / Hybrid',
			]
		);
		const types = ( await lookups.campaignTypes() ).map(
			( type ) => type.name
		);
		for ( const name of [
			'Bug hunting',
			'Usability testing (thinking aloud)',
			'Security testing',
			'UX research survey',
		] ) {
			assert.ok( types.includes( name ), name );
		}
	} );

	it( 'has the eight levels in order, with growing reach points', async () => {
		const levels = await lookups.levels();
		assert.deepEqual(
			levels.map( ( level ) => [ level.id, level.name ] ),
			[
				[ 0, 'None' ],
				[ 10, 'Basic' ],
				[ 20, 'Bronze' ],
				[ 30, 'Silver' ],
				[ 40, 'Gold' ],
				[ 50, 'Platinum' ],
				[ 60, 'Diamond' ],
				[ 100, 'Legendary' ],
			]
		);
		for ( let i = 1; i < levels.length; i++ ) {
			assert.ok(
				levels[ i ].reachPoints > levels[ i - 1 ].reachPoints,
				`${ levels[ i ].name } is harder to reach than ${
					levels[ i - 1 ].name
				}`
			);
			assert.ok( levels[ i ].holdPoints <= levels[ i ].reachPoints );
		}
		assert.equal( levels[ 1 ].reachPoints, 200 );
		assert.equal( levels[ 7 ].reachPoints, 100_000 );
		assert.deepEqual(
			levels,
			LEVELS.map( ( level ) => ( { ...level } ) )
		);
	} );

	it( 'has models and platforms for every device type, and versions for every platform', async () => {
		for ( const deviceType of allDeviceTypes ) {
			const models = await lookups.deviceModels( deviceType );
			assert.ok( models.length >= 10, `models of type ${ deviceType }` );
			assert.ok(
				models.every( ( model ) => model.deviceType === deviceType )
			);
			const platforms = await lookups.operatingSystems( {
				deviceType,
			} );
			assert.ok(
				platforms.length >= 2,
				`platforms of type ${ deviceType }`
			);
		}
		const platforms = await lookups.operatingSystems();
		assert.equal( platforms.length, OS_PLATFORMS.length );
		for ( const platform of platforms ) {
			const versions = await lookups.osVersions( {
				platformId: platform.id,
			} );
			assert.ok(
				versions.length > 0,
				`${ platform.name } (${ platform.deviceType }) has versions`
			);
			assert.ok(
				versions.every(
					( version ) => version.platform.id === platform.id
				)
			);
		}
	} );

	it( 'lists smartphone models by manufacturer, filterable by manufacturer', async () => {
		const models = await lookups.deviceModels( DEVICE_TYPES.smartphone );
		const manufacturers = new Set(
			models.map( ( model ) => model.manufacturer.name )
		);
		for ( const name of [ 'Apple', 'Samsung', 'Google', 'Xiaomi' ] ) {
			assert.ok( manufacturers.has( name ), name );
		}
		const apple = models.find(
			( model ) => model.manufacturer.name === 'Apple'
		)!.manufacturer;
		const iPhones = await lookups.deviceModels( DEVICE_TYPES.smartphone, {
			manufacturerId: apple.id,
		} );
		assert.ok( iPhones.length > 0 );
		assert.ok(
			iPhones.every( ( model ) => model.name.startsWith( 'iPhone' ) )
		);
	} );

	it( 'gives versions newest first and filters platforms by device type', async () => {
		const [ ios ] = (
			await lookups.operatingSystems( {
				deviceType: DEVICE_TYPES.smartphone,
			} )
		).filter( ( platform ) => platform.name === 'iOS' );
		const versions = await lookups.osVersions( { platformId: ios.id } );
		// 0015's iOS 26 first, then 0004's versions in their order.
		assert.deepEqual(
			versions.map( ( version ) => version.name ),
			[
				'26',
				...OS_PLATFORMS.find(
					( platform ) =>
						platform.name === 'iOS' &&
						platform.deviceType === DEVICE_TYPES.smartphone
				)!.versions,
			]
		);
		const tv = await lookups.osVersions( {
			deviceType: DEVICE_TYPES.smartTv,
		} );
		assert.ok( tv.length > 0 );
		assert.ok(
			tv.every(
				( version ) =>
					version.platform.deviceType === DEVICE_TYPES.smartTv
			)
		);
		const tvPlatforms = new Set(
			tv.map( ( version ) => version.platform.name )
		);
		for ( const name of [ 'Tizen', 'webOS', 'Android TV', 'tvOS' ] ) {
			assert.ok( tvPlatforms.has( name ), name );
		}
	} );

	it( 'filters certifications by institute and by area', async () => {
		const all = await lookups.certifications();
		assert.equal( all.length, LOOKUP_ROWS.certifications.length );
		const ctfl = all.find(
			( certification ) =>
				certification.name ===
				'Certified Tester Foundation Level (CTFL)'
		);
		assert.ok( ctfl );
		assert.equal( ctfl.institute.name, 'ISTQB' );

		const specialist = LOOKUP_ROWS.certification_areas.find(
			( area ) =>
				area.name === 'Specialist' &&
				area.institute_id === ctfl.institute.id
		)!;
		const byArea = await lookups.certifications( {
			areaId: specialist.id,
		} );
		assert.equal(
			byArea.length,
			LOOKUP_ROWS.certifications.filter(
				( row ) => row.area_id === specialist.id
			).length
		);
		assert.ok(
			byArea.every(
				( certification ) =>
					certification.area.id === specialist.id &&
					certification.institute.name === 'ISTQB'
			)
		);
		assert.ok(
			byArea.some(
				( certification ) =>
					certification.name === 'Usability Testing (CT-UT)'
			)
		);

		const byInstitute = await lookups.certifications( {
			instituteId: ctfl.institute.id,
		} );
		assert.ok( byInstitute.length > byArea.length );
		assert.ok(
			byInstitute.every(
				( certification ) => certification.institute.name === 'ISTQB'
			)
		);
		assert.deepEqual(
			await lookups.certifications( {
				instituteId: ctfl.institute.id,
				areaId: specialist.id,
			} ),
			byArea
		);
		assert.deepEqual(
			await lookups.certifications( { areaId: 1_000_000 } ),
			[]
		);
	} );

	it( 'gives the regions of a country from the package, without a table', () => {
		const italy = lookups.regionsOf( 'it', 'it' );
		assert.ok( italy );
		assert.equal( italy.length, 20 );
		assert.equal( REGION_COUNTS.get( 'IT' ), 20 );
		for ( const name of [ 'Lombardia', 'Sicilia', 'Abruzzo' ] ) {
			assert.ok(
				italy.some( ( region ) => region.name === name ),
				name
			);
		}
		assert.equal( lookups.regionsOf( 'XX', 'en' ), null );
		assert.ok( ( lookups.regionsOf( 'US', 'en' ) ?? [] ).length >= 50 );
		const countries = lookups.countries( 'it' );
		assert.ok( countries.length >= 240 );
		assert.deepEqual(
			countries.find( ( country ) => country.code === 'DE' ),
			{ code: 'DE', name: 'Germania' }
		);
	} );

	it( 'are removed by down and put back identically by up', async () => {
		const original = {
			levels: await lookups.levels(),
			certifications: await lookups.certifications(),
			models: await lookups.deviceModels( DEVICE_TYPES.tablet ),
		};
		await migrateDownTo( database.db, '0003-domain' );
		for ( const table of LOOKUP_TABLES ) {
			assert.equal( await count( table ), 0, `${ table } emptied` );
		}
		await migrateUpFrom( database.db, '0003-domain' );
		assert.deepEqual( await counts(), expectedCounts );
		assert.deepEqual(
			{
				levels: await lookups.levels(),
				certifications: await lookups.certifications(),
				models: await lookups.deviceModels( DEVICE_TYPES.tablet ),
			},
			original
		);
	} );
} );
