import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../../../src/db/schema.ts';
import {
	DEVICE_MANUFACTURER_PLATFORM_ROWS,
	LOOKUP_ROWS,
} from '../../../src/lookups/index.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../../helpers/migrations.ts';

/** How many rows of each device table 0004 inserted before the catalogue grew (0015). */
const BEFORE_0015 = {
	device_manufacturers: 26,
	device_models: 180,
	os_platforms: 24,
	os_versions: 91,
} as const;

describe( `the 2025 device catalogue (0015) on ${ testEngine() }`, () => {
	let database: TestDatabase;
	before( async () => {
		database = await createTestDatabase();
	} );
	after( () => database.drop() );

	const rows = ( table: keyof typeof BEFORE_0015 ) =>
		database.db
			.selectFrom( table as 'os_versions' )
			.selectAll()
			.orderBy( 'id' )
			.execute();

	it( "reaches a database that ran 0004 before the catalogue grew, and keeps its rows' ids", async () => {
		await migrateDownTo( database.db, '0014-catalogue-translations' );
		// A database of before: only the rows 0004 had then (the tables that reference them first).
		for ( const table of [
			'os_versions',
			'device_models',
			'os_platforms',
			'device_manufacturers',
		] as const ) {
			await database.db
				.deleteFrom( table as keyof Database as 'os_versions' )
				.where( 'id', '>', BEFORE_0015[ table ] )
				.execute();
		}
		assert.equal( ( await rows( 'device_models' ) ).length, 180 );

		await migrateUpFrom( database.db, '0014-catalogue-translations' );
		for ( const table of Object.keys(
			BEFORE_0015
		) as ( keyof typeof BEFORE_0015 )[] ) {
			assert.deepEqual(
				( await rows( table ) ).map( ( row ) => ( {
					...row,
					id: Number( row.id ),
				} ) ),
				LOOKUP_ROWS[ table ].map( ( row ) => ( { ...row } ) ),
				table
			);
		}
		const shipped = await database.db
			.selectFrom( 'device_manufacturer_platforms' )
			.select( [ 'manufacturer_id', 'platform_id' ] )
			.orderBy( 'manufacturer_id' )
			.orderBy( 'platform_id' )
			.execute();
		assert.deepEqual(
			shipped,
			[ ...DEVICE_MANUFACTURER_PLATFORM_ROWS ].sort(
				( a, b ) =>
					a.manufacturer_id - b.manufacturer_id ||
					a.platform_id - b.platform_id
			)
		);
	} );
} );
