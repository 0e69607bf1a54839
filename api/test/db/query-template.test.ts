import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NoResultError } from 'kysely';
import { queryTemplate } from '../../src/db/query-template.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { toInteger } from '../../src/db/values.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

/**
 * A query template answers what the same Kysely query would, with each run's own values, on either engine, in a
 * transaction too; a value it was not given is an error, not a NULL.
 */

const languageByName = queryTemplate(
	( db, values: { name: string; after: number } ) =>
		db
			.selectFrom( 'languages' )
			.select( [ 'id', 'name' ] )
			.where( 'name', '=', values.name )
			.where( 'id', '>', values.after )
);

const addLanguage = queryTemplate( ( db, values: { name: string } ) =>
	db.insertInto( 'languages' ).values( { name: values.name } )
);

describe( 'query templates', () => {
	let first: TestDatabase;
	let second: TestDatabase;

	before( async () => {
		first = await createTestDatabase();
		second = await createTestDatabase();
	} );

	after( async () => {
		await first.drop();
		await second.drop();
	} );

	it( 'answers what the built query answers, with each run its own values', async () => {
		const { db } = first;
		for ( const name of [ 'Template one', 'Template two' ] ) {
			await db.insertInto( 'languages' ).values( { name } ).execute();
		}
		for ( const name of [ 'Template one', 'Template two', 'Nobody' ] ) {
			const built = await db
				.selectFrom( 'languages' )
				.select( [ 'id', 'name' ] )
				.where( 'name', '=', name )
				.where( 'id', '>', 0 )
				.execute();
			assert.deepEqual(
				await languageByName.all( db, { name, after: 0 } ),
				built
			);
		}
		const one = await languageByName.first( db, {
			name: 'Template one',
			after: 0,
		} );
		assert.equal( one?.name, 'Template one' );
		assert.equal(
			await languageByName.first( db, {
				name: 'Template one',
				after: toInteger( one!.id ),
			} ),
			undefined
		);
	} );

	it( 'is compiled for each database it runs on, and runs in a transaction', async () => {
		await addLanguage.run( second.db, { name: 'Second only' } );
		const inserted = await inTransaction( second.db, async ( trx ) => {
			const result = await addLanguage.run( trx, {
				name: 'In a transaction',
			} );
			return toInteger( result.insertId as bigint );
		} );
		const row = await languageByName.first( second.db, {
			name: 'In a transaction',
			after: 0,
		} );
		assert.equal( toInteger( row!.id ), inserted );
		assert.ok(
			await languageByName.first( second.db, {
				name: 'Second only',
				after: 0,
			} )
		);
		assert.equal(
			await languageByName.first( first.db, {
				name: 'Second only',
				after: 0,
			} ),
			undefined
		);
	} );

	it( 'fails as Kysely does when the row it must find is missing', async () => {
		const row = await languageByName.firstOrThrow( first.db, {
			name: 'Template two',
			after: 0,
		} );
		assert.equal( row.name, 'Template two' );
		await assert.rejects(
			languageByName.firstOrThrow( first.db, {
				name: 'Nobody',
				after: 0,
			} ),
			NoResultError
		);
	} );

	it( 'refuses a value used in JavaScript while it is built', async () => {
		const baked = queryTemplate( ( db, values: { name: string } ) =>
			db
				.selectFrom( 'languages' )
				.select( 'id' )
				.where( 'name', '=', `${ values.name } (copy)` )
		);
		await assert.rejects(
			baked.all( first.db, { name: 'Template one' } ),
			/value "name" can only be a value of the statement/
		);
	} );

	it( 'refuses to run without one of its values', async () => {
		await assert.rejects(
			languageByName.all( first.db, {
				name: 'Template one',
			} as unknown as {
				name: string;
				after: number;
			} ),
			/value "after" is missing/
		);
	} );
} );
