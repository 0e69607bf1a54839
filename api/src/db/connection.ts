import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
	CompiledQuery,
	Kysely,
	MysqlDialect,
	SqliteDialect,
	type DatabaseConnection,
	type SqliteDatabase as SqliteDialectDatabase,
	type MysqlPool,
} from 'kysely';
import { createPool } from 'mysql2';
import { withPreparedReads } from './prepared.ts';
import type { Database } from './schema.ts';
import { BUG_SEARCH_DOC_FUNCTION, bugSearchDoc } from './bug-search.ts';

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

function sqliteDialect( file: string ): SqliteDialect {
	if ( file !== ':memory:' ) {
		fs.mkdirSync( path.dirname( file ), { recursive: true } );
	}
	const database = new SqliteDatabase( file, { timeout: BUSY_TIMEOUT_MS } );
	// WAL lets readers run beside the one writer; the busy timeout above makes a statement wait for a lock instead
	// of failing at once (a transaction's first wait is ImmediateSqliteDialect's); foreign keys are off by default.
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
	return new ImmediateSqliteDialect( database, {
		database: withStatementCache( database ),
	} );
}

/** How long a statement, or a transaction's start, waits for another process's lock before failing. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Every transaction of the API writes, and most read before they write. Begun as SQLite's default (deferred), such
 * a transaction holds a snapshot from its first read, and when another process has written since, its first write
 * fails at once with SQLITE_BUSY instead of waiting: under concurrent profile saves from two API processes some
 * failed even after the retries. `begin immediate` takes the write lock first.
 *
 * While another API process holds that lock, the wait is the event loop's, not SQLite's: SQLite's own busy
 * handler sleeps inside the call, in steps that grow to 100 ms, and stops the whole process (every request it
 * serves) meanwhile. Asked again every millisecond, the lock is taken soon after it is free and the process
 * goes on answering (docs/performance.md, 2026-11-29, night).
 */
class ImmediateSqliteDialect extends SqliteDialect {
	readonly #database: SqliteDatabase.Database;

	constructor(
		database: SqliteDatabase.Database,
		config: ConstructorParameters< typeof SqliteDialect >[ 0 ]
	) {
		super( config );
		this.#database = database;
	}

	createDriver() {
		const driver = super.createDriver();
		const database = this.#database;
		driver.beginTransaction = async ( connection: DatabaseConnection ) => {
			const giveUpAt = Date.now() + BUSY_TIMEOUT_MS;
			for (;;) {
				database.pragma( 'busy_timeout = 0' );
				try {
					await connection.executeQuery(
						CompiledQuery.raw( 'begin immediate' )
					);
					return;
				} catch ( error ) {
					if (
						( error as { code?: unknown } ).code !==
							'SQLITE_BUSY' ||
						Date.now() >= giveUpAt
					) {
						throw error;
					}
				} finally {
					database.pragma( `busy_timeout = ${ BUSY_TIMEOUT_MS }` );
				}
				await new Promise( ( resolve ) => setTimeout( resolve, 1 ) );
			}
		};
		return driver;
	}
}

/** Distinct statements kept prepared; a list with `in (…)` of every length up to the page limit fits. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; preparing is a good part of a small query's cost, and the API runs the
 * same few statements over and over. better-sqlite3 statements can be run again and again (SQLite re-prepares
 * one itself after a schema change), so each SQL text is prepared once. The oldest leave when the cache is full.
 *
 * @param database
 */
function withStatementCache(
	database: SqliteDatabase.Database
): SqliteDialectDatabase {
	const statements = new Map< string, SqliteDatabase.Statement >();
	return {
		prepare( text: string ) {
			let statement = statements.get( text );
			if ( ! statement ) {
				statement = database.prepare( text );
				if ( statements.size >= STATEMENT_CACHE_SIZE ) {
					statements.delete( statements.keys().next().value! );
				}
				statements.set( text, statement );
			}
			return statement;
		},
		close() {
			statements.clear();
			database.close();
		},
	};
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
