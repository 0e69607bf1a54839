import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';
import {
	DEVICE_MANUFACTURER_PLATFORM_ROWS,
	LOOKUP_ROWS,
} from '../src/lookups/index.ts';

/**
 * The device catalogue of 2025 and which OS platforms each manufacturer ships.
 *
 * - `device_manufacturer_platforms`: the device form and POST /users/me/devices offer a model only the platforms
 *   its manufacturer ships for that type (no Android for an iPhone); before, any platform of the type went.
 * - The catalogue rows src/lookups/devices.ts gained since 0004 ran (new manufacturers, models, a platform,
 *   versions): inserted when missing. A database created after this change got them from 0004 already, which
 *   reads the modules as they are, so only the missing ids are inserted.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	let create = db.schema
		.createTable( 'device_manufacturer_platforms' )
		.addColumn( 'manufacturer_id', 'integer', ( column ) =>
			column.notNull()
		)
		.addColumn( 'platform_id', 'integer', ( column ) => column.notNull() )
		// The primary key is also the index of the reads by manufacturer.
		.addPrimaryKeyConstraint( 'device_manufacturer_platforms_pk', [
			'manufacturer_id',
			'platform_id',
		] )
		.addForeignKeyConstraint(
			'device_manufacturer_platforms_manufacturer_fk',
			[ 'manufacturer_id' ],
			'device_manufacturers',
			[ 'id' ]
		)
		.addForeignKeyConstraint(
			'device_manufacturer_platforms_platform_fk',
			[ 'platform_id' ],
			'os_platforms',
			[ 'id' ]
		);
	if ( isMysql( db ) ) {
		create = create.modifyEnd(
			sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`
		);
	}
	await create.execute();

	for ( const table of CATALOGUE_TABLES ) {
		const present = new Set(
			( await db.selectFrom( table ).select( 'id' ).execute() ).map(
				( row ) => Number( row.id )
			)
		);
		await insertInBatches(
			db,
			table,
			LOOKUP_ROWS[ table ].filter( ( row ) => ! present.has( row.id ) )
		);
	}
	await insertInBatches(
		db,
		'device_manufacturer_platforms',
		DEVICE_MANUFACTURER_PLATFORM_ROWS
	);
}

/**
 * Drops the table; the catalogue rows stay (0004's down removes them, and a tester's device may use one).
 *
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema.dropTable( 'device_manufacturer_platforms' ).execute();
}

/** In insertion order: a table comes after the tables it references. */
const CATALOGUE_TABLES = [
	'device_manufacturers',
	'device_models',
	'os_platforms',
	'os_versions',
] as const;

async function insertInBatches(
	db: Kysely< any >,
	table: string,
	rows: readonly object[]
): Promise< void > {
	for ( let start = 0; start < rows.length; start += BATCH ) {
		await db
			.insertInto( table )
			.values( rows.slice( start, start + BATCH ) )
			.execute();
	}
}

/** Rows per statement: well under either engine's limit on bound parameters. */
const BATCH = 100;
