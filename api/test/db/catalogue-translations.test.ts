import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';
import {
	MIGRATIONS,
	migrateDownTo,
	migrateUpFrom,
} from '../helpers/migrations.ts';

const UNIQUE = /UNIQUE constraint failed|Duplicate entry/i;
const FOREIGN_KEY =
	/FOREIGN KEY constraint failed|a foreign key constraint fails/i;
// The migration before this one, whichever it is.
const BEFORE =
	MIGRATIONS[ MIGRATIONS.indexOf( '0014-catalogue-translations' ) - 1 ];
const TABLES = [
	'custom_user_field_group_translations',
	'custom_user_field_option_translations',
];

describe( `group and option translations (0014) on ${ testEngine() }`, () => {
	let database: TestDatabase;
	const ids = { group: 0, option: 0 };
	before( async () => {
		database = await createTestDatabase();
		const { db } = database;
		ids.group = Number(
			(
				await db
					.insertInto( 'custom_user_field_groups' )
					.values( { name: 'Pets' } )
					.executeTakeFirstOrThrow()
			).insertId
		);
		const field = Number(
			(
				await db
					.insertInto( 'custom_user_fields' )
					.values( { group_id: ids.group, type: 'select' } )
					.executeTakeFirstOrThrow()
			).insertId
		);
		ids.option = Number(
			(
				await db
					.insertInto( 'custom_user_field_options' )
					.values( { field_id: field, name: 'Dog' } )
					.executeTakeFirstOrThrow()
			).insertId
		);
	} );
	after( () => database.drop() );

	it( 'take one name per group or option and language, text beyond Latin-1 included', async () => {
		const { db } = database;
		await db
			.insertInto( 'custom_user_field_group_translations' )
			.values( [
				{ group_id: ids.group, language_code: 'it', name: 'Animali' },
				{ group_id: ids.group, language_code: 'fr', name: 'Œuvres 🐾' },
			] )
			.execute();
		await db
			.insertInto( 'custom_user_field_option_translations' )
			.values( {
				option_id: ids.option,
				language_code: 'it',
				name: 'Cane',
			} )
			.execute();
		await assert.rejects(
			db
				.insertInto( 'custom_user_field_group_translations' )
				.values( {
					group_id: ids.group,
					language_code: 'it',
					name: 'Bestie',
				} )
				.execute(),
			UNIQUE
		);
		await assert.rejects(
			db
				.insertInto( 'custom_user_field_option_translations' )
				.values( {
					option_id: ids.option,
					language_code: 'it',
					name: 'Cagnolino',
				} )
				.execute(),
			UNIQUE
		);
		await assert.rejects(
			db
				.insertInto( 'custom_user_field_option_translations' )
				.values( {
					option_id: 999_999,
					language_code: 'it',
					name: 'Nessuno',
				} )
				.execute(),
			FOREIGN_KEY
		);
		const french = await db
			.selectFrom( 'custom_user_field_group_translations' )
			.select( 'name' )
			.where( 'language_code', '=', 'fr' )
			.executeTakeFirstOrThrow();
		assert.equal( french.name, 'Œuvres 🐾' );
	} );

	it( 'go with their group or option', async () => {
		const { db } = database;
		await db
			.deleteFrom( 'custom_user_field_options' )
			.where( 'id', '=', ids.option )
			.execute();
		assert.deepEqual(
			await db
				.selectFrom( 'custom_user_field_option_translations' )
				.select( 'name' )
				.execute(),
			[]
		);
		// The group's field goes to group 0 (0003's set null); the group's names go with the group.
		await db
			.deleteFrom( 'custom_user_field_groups' )
			.where( 'id', '=', ids.group )
			.execute();
		assert.deepEqual(
			await db
				.selectFrom( 'custom_user_field_group_translations' )
				.select( 'name' )
				.execute(),
			[]
		);
	} );

	it( 'are removed by down and created again by up', async () => {
		const { db } = database;
		await migrateDownTo( db, BEFORE );
		const names = async () =>
			( await db.introspection.getTables() ).map(
				( table ) => table.name
			);
		for ( const table of TABLES ) {
			assert.ok( ! ( await names() ).includes( table ), table );
		}
		await migrateUpFrom( db, BEFORE );
		for ( const table of TABLES ) {
			assert.ok( ( await names() ).includes( table ), table );
		}
	} );
} );
