import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
	CompiledQuery,
	Kysely,
	MysqlDialect,
	type DatabaseConnection,
	type MysqlPool,
} from 'kysely';
import { createPool } from 'mysql2';
import { withPreparedReads } from './prepared.ts';
import type { Database } from './schema.ts';
import { BUG_SEARCH_DOC_FUNCTION, bugSearchDoc } from './bug-search.ts';
import {
	BUSY_TIMEOUT_MS,
	SplitSqliteDialect,
	SqliteConnectionFile,
} from './sqlite-driver.ts';

export type Engine = 'sqlite' | 'mysql';

export type DatabaseTarget =
	| { engine: 'sqlite'; file: string }
	| {
			engine: 'mysql';
			host: string;
			port: number;
			user: string;
			password: string;
			database: string;
			socketPath?: string;
	  };

export interface DatabaseHandle {
	db: Kysely< Database >;
	engine: Engine;
	destroy: () => Promise< void >;
}

/**
 * `sqlite://<path>` (relative paths are resolved against `cwd`; `sqlite://:memory:` for a throwaway database)
 * or `mysql://user:pass@host:port/database` (`?socket=/path` to go through a unix socket).
 *
 * @param url
 * @param cwd
 */
export function parseDatabaseUrl(
	url: string,
	cwd: string = process.cwd()
): DatabaseTarget {
	if ( url.startsWith( 'sqlite://' ) || url.startsWith( 'sqlite:' ) ) {
		const rest = url.replace( /^sqlite:(\/\/)?/, '' );
		if ( ! rest ) {
			throw new Error( `The SQLite URL "${ url }" names no file` );
		}
		return {
			engine: 'sqlite',
			file: rest === ':memory:' ? rest : path.resolve( cwd, rest ),
		};
	}
	if ( url.startsWith( 'mysql://' ) || url.startsWith( 'mariadb://' ) ) {
		const parsed = new URL( url );
		const database = decodeURIComponent(
			parsed.pathname.replace( /^\//, '' )
		);
		if ( ! database || database.includes( '/' ) ) {
			throw new Error(
				`The MySQL URL "${ redactUrl(
					url
				) }" must name one database: mysql://user:pass@host:port/database`
			);
		}
		return {
			engine: 'mysql',
			host: parsed.hostname || '127.0.0.1',
			port: parsed.port ? Number( parsed.port ) : 3306,
			user: decodeURIComponent( parsed.username ) || 'root',
			password: decodeURIComponent( parsed.password ),
			database,
			socketPath: parsed.searchParams.get( 'socket' ) ?? undefined,
		};
	}
	throw new Error(
		`Unsupported database URL "${ redactUrl(
			url
		) }": use sqlite://<file> or mysql://user:pass@host:port/db`
	);
}

/** The URL without its password, for messages and logs. */
export function redactUrl( url: string ): string {
	return url.replace( /^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@' );
}

export function createDatabase( url: string, cwd?: string ): DatabaseHandle {
	const target = parseDatabaseUrl( url, cwd );
	const db = new Kysely< Database >( {
		dialect:
			target.engine === 'sqlite'
				? sqliteDialect( target.file )
				: mysqlDialect( target ),
	} );
	return { db, engine: target.engine, destroy: () => db.destroy() };
}

/**
 * The database file's reading and writing connections (sqlite-driver.ts), each in WAL mode, where readers run
 * beside the one writer; the busy timeout makes a statement wait for another process's lock instead of failing at
 * once (a transaction's start waits in the driver); foreign keys are off by default.
 *
 * @param file
 */
function sqliteDialect( file: string ): SplitSqliteDialect {
	if ( file !== ':memory:' ) {
		fs.mkdirSync( path.dirname( file ), { recursive: true } );
	}
	const open = () => {
		const database = new SqliteDatabase( file, {
			timeout: BUSY_TIMEOUT_MS,
		} );
		database.pragma( 'journal_mode = WAL' );
		database.pragma( 'synchronous = NORMAL' );
		database.pragma( 'foreign_keys = ON' );
		// Called by the triggers that index bug titles (migration 0018): a connection without it cannot write a bug.
		database.function(
			BUG_SEARCH_DOC_FUNCTION,
			{ deterministic: true },
			( campaignId: unknown, title: unknown ) =>
				bugSearchDoc( Number( campaignId ), String( title ?? '' ) )
		);
		return new SqliteConnectionFile( database );
	};
	const writer = open();
	if ( file === ':memory:' ) {
		return new SplitSqliteDialect( writer, writer );
	}
	const reader = open();
	reader.database.pragma( 'query_only = 1' );
	return new SplitSqliteDialect( reader, writer );
}

function mysqlDialect(
	target: Extract< DatabaseTarget, { engine: 'mysql' } >
): MysqlDialect {
	const pool = createPool( {
		host: target.host,
		port: target.port,
		user: target.user,
		password: target.password,
		database: target.database,
		socketPath: target.socketPath,
		connectionLimit: 10,
		charset: 'utf8mb4_unicode_ci',
		// Dates stay strings (no local-timezone Date objects), like SQLite's; big integers stay numbers while
		// they are exact and become strings past 2^53, which the repositories refuse rather than round.
		dateStrings: true,
		supportBigNumbers: true,
		bigNumberStrings: false,
		timezone: 'Z',
	} );
	return new MysqlDialect( {
		// Long reads run as prepared statements (prepared.ts). The wrapper lends connections with the `query`
		// and `release` Kysely's driver calls; its MysqlPool type declares mysql2's whole pool.
		pool: withPreparedReads( pool ) as unknown as MysqlPool,
		// CURRENT_TIMESTAMP and friends must agree with the UTC strings the application writes.
		onCreateConnection: async ( connection: DatabaseConnection ) => {
			await connection.executeQuery(
				CompiledQuery.raw( "SET time_zone = '+00:00'" )
			);
		},
	} );
}
