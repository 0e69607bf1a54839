import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import {
	createDatabase,
	type DatabaseHandle,
	type Engine,
} from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/**
 * A fresh, real database per test file: a SQLite file in a temporary directory, or (CROWDSCOUT_TEST_DB=mysql) a
 * new database on the MariaDB/MySQL server of CROWDSCOUT_MYSQL_URL, dropped afterwards.
 */

export interface TestDatabase extends DatabaseHandle {
	url: string;
	/** Destroys the connection and removes the database. */
	drop: () => Promise< void >;
}

export function testEngine(): Engine {
	const engine = process.env.CROWDSCOUT_TEST_DB ?? 'sqlite';
	if ( engine !== 'sqlite' && engine !== 'mysql' ) {
		throw new Error(
			`CROWDSCOUT_TEST_DB must be sqlite or mysql, not "${ engine }"`
		);
	}
	return engine;
}

export async function createTestDatabase( {
	migrate = true,
}: { migrate?: boolean } = {} ): Promise< TestDatabase > {
	const database =
		testEngine() === 'mysql'
			? await createMysqlDatabase()
			: createSqliteDatabase();
	if ( migrate ) {
		await migrateToLatest( database.db );
	}
	return database;
}

function createSqliteDatabase(): TestDatabase {
	const dir = fs.mkdtempSync(
		path.join( os.tmpdir(), 'crowdscout-api-test-' )
	);
	const url = `sqlite://${ path.join( dir, 'api.sqlite' ) }`;
	const handle = createDatabase( url );
	return {
		...handle,
		url,
		async drop() {
			await handle.destroy();
			fs.rmSync( dir, { recursive: true, force: true } );
		},
	};
}

async function createMysqlDatabase(): Promise< TestDatabase > {
	const serverUrl = process.env.CROWDSCOUT_MYSQL_URL;
	if ( ! serverUrl ) {
		throw new Error(
			'CROWDSCOUT_TEST_DB=mysql needs CROWDSCOUT_MYSQL_URL (mysql://root@127.0.0.1:3306/); scripts/test-api.mjs sets it'
		);
	}
	const name = `crowdscout_test_${ process.pid }_${ randomBytes( 4 ).toString(
		'hex'
	) }`;
	const server = new URL( serverUrl );
	const admin = async ( statement: string ) => {
		const connection = await mysql.createConnection( {
			host: server.hostname,
			port: Number( server.port || 3306 ),
			user: decodeURIComponent( server.username ) || 'root',
			password: decodeURIComponent( server.password ),
		} );
		try {
			await connection.query( statement );
		} finally {
			await connection.end();
		}
	};
	await admin(
		`CREATE DATABASE \`${ name }\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
	);
	server.pathname = `/${ name }`;
	const url = server.toString();
	const handle = createDatabase( url );
	return {
		...handle,
		url,
		async drop() {
			await handle.destroy();
			await admin( `DROP DATABASE IF EXISTS \`${ name }\`` );
		},
	};
}
