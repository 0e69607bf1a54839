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
} );
