import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import {
	createDatabase,
	parseDatabaseUrl,
	redactUrl,
} from '../../src/db/connection.ts';

describe( 'parseDatabaseUrl', () => {
	it( 'reads SQLite files, relative to the working directory', () => {
		assert.deepEqual( parseDatabaseUrl( 'sqlite:///var/lib/api.sqlite' ), {
			engine: 'sqlite',
			file: '/var/lib/api.sqlite',
		} );
		assert.deepEqual(
			parseDatabaseUrl( 'sqlite://./.data/api.sqlite', '/srv/app' ),
			{
				engine: 'sqlite',
				file: '/srv/app/.data/api.sqlite',
			}
		);
		assert.deepEqual( parseDatabaseUrl( 'sqlite://:memory:' ), {
			engine: 'sqlite',
			file: ':memory:',
		} );
	} );

	it( 'reads MySQL/MariaDB URLs with escaped credentials and an optional socket', () => {
		assert.deepEqual(
			parseDatabaseUrl(
				'mysql://crowd%40scout:p%3Ass@db.internal:3307/crowdscout_api'
			),
			{
				engine: 'mysql',
				host: 'db.internal',
				port: 3307,
				user: 'crowd@scout',
				password: 'p:ss',
				database: 'crowdscout_api',
				socketPath: undefined,
			}
		);
		const socket = parseDatabaseUrl(
			'mysql://root@localhost/api?socket=/tmp/m.sock'
		);
		assert.equal(
			socket.engine === 'mysql' && socket.socketPath,
			'/tmp/m.sock'
		);
		assert.equal( socket.engine === 'mysql' && socket.port, 3306 );
	} );

	it( 'refuses URLs it cannot use, without echoing the password', () => {
		assert.throws(
			() => parseDatabaseUrl( 'postgres://u:p@h/db' ),
			/Unsupported database URL/
		);
		assert.throws(
			() => parseDatabaseUrl( 'mysql://root:hunter2@h:3306/' ),
			( error: Error ) => {
				assert.match( error.message, /must name one database/ );
				assert.ok( ! error.message.includes( 'hunter2' ) );
				return true;
			}
		);
	} );

	it( 'redacts passwords', () => {
		assert.equal(
			redactUrl( 'mysql://root:hunter2@h:3306/db' ),
			'mysql://root:***@h:3306/db'
		);
		assert.equal(
			redactUrl( 'mysql://root@h:3306/db' ),
			'mysql://root@h:3306/db'
		);
	} );
} );

describe( 'transactions on SQLite', () => {
	it( 'take the write lock when they begin, so a concurrent writer waits instead of failing mid-way', async () => {
		const dir = fs.mkdtempSync(
			path.join( os.tmpdir(), 'crowdscout-lock-' )
		);
		const file = path.join( dir, 'api.sqlite' );
		const { db, destroy } = createDatabase( `sqlite://${ file }` );
		// Another process's connection, which gives up at once instead of waiting.
		const other = new SqliteDatabase( file, { timeout: 0 } );
		try {
			await sql`create table t (id integer primary key)`.execute( db );
			let refused: unknown = null;
			await db.transaction().execute( async ( trx ) => {
				// Only a read so far: a deferred transaction would hold no lock yet.
				await sql`select count(*) from t`.execute( trx );
				try {
					other.exec( 'begin immediate' );
					other.exec( 'rollback' );
				} catch ( error ) {
					refused = error;
				}
			} );
			assert.equal(
				( refused as { code?: string } | null )?.code,
				'SQLITE_BUSY'
			);
		} finally {
			other.close();
			await destroy();
			fs.rmSync( dir, { recursive: true, force: true } );
		}
	} );

	it( "wait for another connection's write lock without stopping the process, and begin once it is free", async () => {
		const dir = fs.mkdtempSync(
			path.join( os.tmpdir(), 'crowdscout-lock-' )
		);
		const file = path.join( dir, 'api.sqlite' );
		const first = createDatabase( `sqlite://${ file }` );
		// A second API process, as far as SQLite can tell: its own connection to the same file.
		const second = createDatabase( `sqlite://${ file }` );
		try {
			await sql`create table t (id integer primary key, what text)`.execute(
				first.db
			);
			let ticks = 0;
			const ticking = setInterval( () => ticks++, 5 );
			let secondWrote = 0;
			const holding = first.db.transaction().execute( async ( trx ) => {
				await sql`insert into t (what) values ('first')`.execute( trx );
				// The lock is held across a wait on the event loop, which the second connection must let run:
				// SQLite's own busy wait would stop this timer, and the first could never commit.
				await new Promise( ( resolve ) => setTimeout( resolve, 200 ) );
				return ticks;
			} );
			await new Promise( ( resolve ) => setImmediate( resolve ) );
			const started = Date.now();
			await second.db.transaction().execute( async ( trx ) => {
				secondWrote = Date.now() - started;
				await sql`insert into t (what) values ('second')`.execute(
					trx
				);
			} );
			const ticksWhileHeld = await holding;
			clearInterval( ticking );
			assert.ok( ticksWhileHeld >= 10, `${ ticksWhileHeld } ticks` );
			assert.ok(
				secondWrote >= 150 && secondWrote < 2000,
				`${ secondWrote } ms`
			);
			const rows = await sql< {
				what: string;
			} >`select what from t order by id`.execute( first.db );
			assert.deepEqual(
				rows.rows.map( ( row ) => row.what ),
				[ 'first', 'second' ]
			);
		} finally {
			await second.destroy();
			await first.destroy();
			fs.rmSync( dir, { recursive: true, force: true } );
		}
	} );

	/**
	 * Fails instead of hanging when `work` waits for something that never comes.
	 *
	 * @param work
	 */
	const within = < T >( work: Promise< T > ) =>
		Promise.race( [
			work,
			new Promise< never >( ( _resolve, reject ) =>
				setTimeout(
					() => reject( new Error( 'Still waiting after 2 s' ) ),
					2000
				).unref()
			),
		] );

	/**
	 * A database file with a table `t` of one row, 'committed'.
	 *
	 * @param run
	 */
	async function withTable(
		run: (
			file: string,
			db: ReturnType< typeof createDatabase >[ 'db' ]
		) => Promise< void >
	) {
		const dir = fs.mkdtempSync(
			path.join( os.tmpdir(), 'crowdscout-lock-' )
		);
		const file = path.join( dir, 'api.sqlite' );
		const { db, destroy } = createDatabase( `sqlite://${ file }` );
		try {
			await sql`create table t (id integer primary key, what text)`.execute(
				db
			);
			await sql`insert into t (what) values ('committed')`.execute( db );
			await run( file, db );
		} finally {
			await destroy();
			fs.rmSync( dir, { recursive: true, force: true } );
		}
	}

	const what = async ( db: ReturnType< typeof createDatabase >[ 'db' ] ) =>
		( await sql< { what: string } >`select what from t`.execute( db ) )
			.rows[ 0 ].what;

	it( "let the process's reads run while one of its transactions is open, showing them the last commit", () =>
		withTable( async ( _file, db ) => {
			let seen = '';
			await within(
				db.transaction().execute( async ( trx ) => {
					await sql`update t set what = 'uncommitted'`.execute( trx );
					// Outside the transaction: with the one connection lent to it, this read would wait for it, forever.
					seen = await what( db );
				} )
			);
			assert.equal( seen, 'committed' );
			assert.equal( await what( db ), 'uncommitted' );
		} ) );

	it( "let the process's reads run while its transaction waits for another process's lock", () =>
		withTable( async ( file, db ) => {
			const other = new SqliteDatabase( file );
			other.exec( "begin immediate; update t set what = 'other'" );
			let began = false;
			const writing = db.transaction().execute( async ( trx ) => {
				began = true;
				await sql`update t set what = 'mine'`.execute( trx );
			} );
			try {
				assert.equal( await within( what( db ) ), 'committed' );
				assert.equal( began, false );
			} finally {
				other.exec( 'commit' );
				other.close();
			}
			await within( writing );
			assert.equal( await what( db ), 'mine' );
		} ) );

	it( 'run a write outside a transaction after the open one, not inside it', () =>
		withTable( async ( _file, db ) => {
			let outsideDone = false;
			let outside: Promise< unknown > | undefined;
			await within(
				db.transaction().execute( async ( trx ) => {
					await sql`update t set what = 'transaction'`.execute( trx );
					outside = sql`update t set what = 'outside'`
						.execute( db )
						.then( () => ( outsideDone = true ) );
					await new Promise( ( resolve ) =>
						setTimeout( resolve, 50 )
					);
					assert.equal( outsideDone, false );
					throw new Error( 'undo' );
				} )
			).catch( ( error: Error ) =>
				assert.equal( error.message, 'undo' )
			);
			await within( outside! );
			// The transaction was undone whole; the write outside it stands.
			assert.equal( await what( db ), 'outside' );
		} ) );

	it( 'make reads of an in-memory database, one connection, wait for the open transaction', async () => {
		const { db, destroy } = createDatabase( 'sqlite://:memory:' );
		try {
			await sql`create table t (id integer primary key, what text)`.execute(
				db
			);
			await sql`insert into t (what) values ('committed')`.execute( db );
			let read: Promise< string > | undefined;
			await db.transaction().execute( async ( trx ) => {
				await sql`update t set what = 'uncommitted'`.execute( trx );
				read = what( db );
				await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
				await sql`update t set what = 'done'`.execute( trx );
			} );
			assert.equal( await within( read! ), 'done' );
		} finally {
			await destroy();
		}
	} );
} );
