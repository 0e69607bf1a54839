import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { escape, type Pool, type QueryError } from 'mysql2';
import {
	PER_CONNECTION,
	withPreparedReads,
	type LentConnection,
} from '../../src/db/prepared.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';

/** A select long enough to be prepared, different for each `n`. */
const longRead = ( n: number ) =>
	`select ${ n } as n, ? as a, ? as b from campaigns where title <> '${ 'x'.repeat(
		400
	) }'`;

/**
 * A mysql2 pool in miniature: connections that record what they are sent and answer from `answer`.
 *
 * @param answer What the server says to a statement: an error, or rows.
 */
function recordingPool(
	answer: ( statement: string ) => QueryError | unknown[] = () => []
) {
	const sent: string[][] = [];
	const connections = Array.from( { length: 2 }, ( _, index ) => {
		sent.push( [] );
		return {
			query(
				statement: string,
				values?: unknown,
				callback?: ( error: unknown, result?: unknown ) => void
			) {
				const done = typeof values === 'function' ? values : callback;
				sent[ index ].push(
					Array.isArray( values ) && values.length
						? `${ statement } <- ${ JSON.stringify( values ) }`
						: statement
				);
				const result = answer( statement );
				if ( done ) {
					if ( result instanceof Error ) {
						done( result );
					} else {
						done( null, result );
					}
				}
				return { statement };
			},
			escape,
			release() {},
		};
	} );
	let next = 0;
	const pool = {
		getConnection(
			callback: ( error: unknown, connection: unknown ) => void
		) {
			callback( null, connections[ next ] );
		},
		end( callback: ( error: unknown ) => void ) {
			callback( null );
		},
	};
	const lent = withPreparedReads( pool as unknown as Pool );
	return {
		sent,
		/** The connection at `index`, as Kysely's driver gets it. */
		connection( index: number ): LentConnection {
			next = index;
			let got: LentConnection | undefined;
			lent.getConnection( ( _, connection ) => {
				got = connection;
			} );
			return got!;
		},
	};
}

/**
 * @param connection
 * @param statement
 * @param values
 */
function run(
	connection: LentConnection,
	statement: string,
	values: Array< {} | null >
) {
	return new Promise( ( resolve, reject ) => {
		connection.query( statement, values, ( error, result ) =>
			error ? reject( error ) : resolve( result )
		);
	} );
}

describe( 'prepared reads on MariaDB (db/prepared.ts)', () => {
	it( 'prepares a long read once per connection, then executes it with its values as literals', async () => {
		const pool = recordingPool( () => [ { n: 1 } ] );
		const first = pool.connection( 0 );
		assert.deepEqual( await run( first, longRead( 1 ), [ "it's", 5 ] ), [
			{ n: 1 },
		] );
		await run( first, longRead( 1 ), [ null, true ] );
		assert.deepEqual( pool.sent[ 0 ], [
			`prepare crowdscout_1 from ${ escape( longRead( 1 ) ) }`,
			"execute crowdscout_1 using 'it\\'s', 5",
			'execute crowdscout_1 using NULL, true',
		] );
		// The lent connection is the same object each time, as Kysely's driver keeps one per connection.
		assert.equal( pool.connection( 0 ), first );

		// Another connection prepares the same text under the same name.
		await run( pool.connection( 1 ), longRead( 1 ), [ 'a', 'b' ] );
		assert.deepEqual( pool.sent[ 1 ], [
			`prepare crowdscout_1 from ${ escape( longRead( 1 ) ) }`,
			"execute crowdscout_1 using 'a', 'b'",
		] );
	} );

	it( 'sends short statements, writes and values that are not plain scalars as they are', async () => {
		const pool = recordingPool();
		const connection = pool.connection( 0 );
		const at = new Date( '2026-11-01T00:00:00Z' );
		await run( connection, 'select ? as a', [ 1 ] );
		await run(
			connection,
			`update campaigns set title = ? where title <> '${ 'x'.repeat(
				400
			) }'`,
			[ 'y' ]
		);
		await run( connection, longRead( 2 ), [ at, 1 ] );
		assert.deepEqual(
			pool.sent[ 0 ].map( ( line ) => line.slice( 0, 40 ) ),
			[
				'select ? as a <- [1]',
				'update campaigns set title = ? where tit',
				'select 2 as n, ? as a, ? as b from campa',
			]
		);
		assert.ok(
			pool.sent[ 0 ][ 2 ].endsWith( '<- ["2026-11-01T00:00:00.000Z",1]' )
		);
		// A stream (no callback) is mysql2's own query object.
		assert.deepEqual( connection.query( longRead( 3 ), [ 1, 2 ] ), {
			statement: longRead( 3 ),
		} );
	} );

	it( `keeps ${ PER_CONNECTION } statements per connection, deallocating the least recently used`, async () => {
		const pool = recordingPool();
		const connection = pool.connection( 0 );
		for ( let n = 1; n <= PER_CONNECTION; n++ ) {
			await run( connection, longRead( n ), [ 1, 2 ] );
		}
		// Statement 1 is used again, so statement 2 is now the least recently used.
		await run( connection, longRead( 1 ), [ 1, 2 ] );
		pool.sent[ 0 ].length = 0;
		await run( connection, longRead( PER_CONNECTION + 1 ), [ 1, 2 ] );
		await run( connection, longRead( 2 ), [ 1, 2 ] );
		assert.deepEqual(
			pool.sent[ 0 ].map( ( line ) => line.slice( 0, 40 ) ),
			[
				'deallocate prepare crowdscout_2',
				`prepare crowdscout_${ PER_CONNECTION + 1 } from 'select ${
					PER_CONNECTION + 1
				} as n`.slice( 0, 40 ),
				`execute crowdscout_${ PER_CONNECTION + 1 } using 1, 2`,
				'deallocate prepare crowdscout_3',
				"prepare crowdscout_2 from 'select 2 as n",
				'execute crowdscout_2 using 1, 2',
			]
		);
	} );

	it( 'runs a statement the server refuses to prepare as it is, and stops trying on that connection', async () => {
		const refusal = Object.assign(
			new Error(
				"Can't create more than max_prepared_stmt_count statements"
			),
			{ errno: 1461 }
		) as QueryError;
		const pool = recordingPool( ( statement ) =>
			statement.startsWith( 'prepare' ) ? refusal : [ { n: 7 } ]
		);
		const connection = pool.connection( 0 );
		assert.deepEqual( await run( connection, longRead( 7 ), [ 1, 2 ] ), [
			{ n: 7 },
		] );
		assert.deepEqual( await run( connection, longRead( 7 ), [ 3, 4 ] ), [
			{ n: 7 },
		] );
		assert.deepEqual(
			pool.sent[ 0 ].map( ( line ) => line.replace( /'x+'/, "'…'" ) ),
			[
				`prepare crowdscout_1 from ${ escape(
					longRead( 7 )
				) }`.replace( /'x+'/, "'…'" ),
				`${ longRead( 7 ) } <- [1,2]`.replace( /'x+'/, "'…'" ),
				`${ longRead( 7 ) } <- [3,4]`.replace( /'x+'/, "'…'" ),
			]
		);
	} );
} );

describe( `prepared reads against ${ testEngine() }`, () => {
	let database: TestDatabase;
	before( async () => {
		database = await createTestDatabase();
	} );
	after( () => database.drop() );

	it( 'answers a long read with values of every kind exactly as a statement with the values in its text', async () => {
		const padding = sql.lit( 'x'.repeat( 400 ) );
		const rows = await database.db
			.connection()
			.execute( async ( connection ) => {
				const read = () =>
					sql<
						Record< string, unknown >
					>`select ${ "it's" } as quoted, ${ 12 } as number,
					${ null } as empty, ${ 2.5 } as fraction, ${ '2026-11-01 00:00:00' } as at,
					(select count(*) from levels where id >= ${ 0 }) as levels,
					${ padding } as padding`.execute( connection );
				const status = async () =>
					testEngine() === 'mysql'
						? (
								await sql< {
									name: string;
									value: string;
								} >`select variable_name as name, variable_value as value
								from information_schema.session_status
								where variable_name in ('COM_STMT_PREPARE', 'COM_EXECUTE_SQL', 'COM_PREPARE_SQL')`.execute(
									connection
								)
						  ).rows
						: [];
				const earlier = await status();
				const first = await read();
				const second = await read();
				const later = await status();
				return { first, second, earlier, later };
			} );
		assert.deepEqual( rows.first.rows, rows.second.rows );
		const [ row ] = rows.first.rows;
		assert.equal( row.quoted, "it's" );
		assert.equal( Number( row.number ), 12 );
		assert.equal( row.empty, null );
		assert.equal( Number( row.fraction ), 2.5 );
		assert.equal( row.at, '2026-11-01 00:00:00' );
		assert.equal( Number( row.levels ), 8 );
		if ( testEngine() === 'mysql' ) {
			// On MariaDB: prepared once on this connection, executed twice.
			const delta = ( name: string ) =>
				Number(
					rows.later.find( ( status ) => status.name === name )?.value
				) -
				Number(
					rows.earlier.find( ( status ) => status.name === name )
						?.value
				);
			assert.equal( delta( 'COM_PREPARE_SQL' ), 1 );
			assert.equal( delta( 'COM_EXECUTE_SQL' ), 2 );
		}
	} );
} );
