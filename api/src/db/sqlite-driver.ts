import type SqliteDatabase from 'better-sqlite3';
import {
	SqliteDialect,
	type CompiledQuery,
	type DatabaseConnection,
	type Driver,
	type QueryResult,
} from 'kysely';

/**
 * SQLite for an API process: two connections to the database file, one that reads and one that writes.
 *
 * Kysely's own SQLite driver has one connection, lent to one query or one transaction at a time. A transaction
 * keeps it through every `await` of its work, so the process's reads wait for it; and when another API process
 * holds the database's write lock, they wait for as long as the transaction waits to begin: under payment
 * requests from two processes, a wait of up to 30 ms for every request the process had in hand
 * (docs/performance.md, 2026-11-30, late morning). Here a statement outside a transaction that only reads runs at
 * once on the reading connection, which in WAL mode sees the last commit and is never kept waiting by a writer;
 * transactions, and writes outside one, take the writing connection one at a time.
 *
 * A transaction begins with `begin immediate`, taking the write lock first. Begun as SQLite's default
 * (deferred), a transaction holds a snapshot from its first read, and when another process has written since, its
 * first write fails at once with SQLITE_BUSY instead of waiting: under concurrent profile saves from two API
 * processes some failed even after the retries. While another process holds the lock, the wait is the event
 * loop's, not SQLite's: SQLite's busy handler sleeps inside the call, in steps that grow to 100 ms, and stops the
 * whole process meanwhile. Asked again every millisecond, the lock is taken soon after it is free and the process
 * goes on answering (docs/performance.md, 2026-11-29, night).
 *
 * An in-memory database is one connection (a second would be another database): reads then wait for the
 * transactions as with Kysely's driver.
 */

/** How long a statement, or a transaction's start, waits for another process's lock before failing. */
export const BUSY_TIMEOUT_MS = 5000;

/** Distinct statements kept prepared per connection; a list with `in (…)` of every length up to the page limit fits. */
const STATEMENT_CACHE_SIZE = 500;

/** A statement that only reads: runs on the reading connection outside a transaction. */
const READ = /^\s*(select|with)\b/i;

/**
 * One connection with its prepared statements. Kysely prepares every query it runs; preparing is a good part of a
 * small query's cost, and the API runs the same few statements over and over. better-sqlite3 statements can be
 * run again and again (SQLite re-prepares one itself after a schema change), so each SQL text is prepared once;
 * the oldest leave when the cache is full.
 */
export class SqliteConnectionFile {
	readonly database: SqliteDatabase.Database;

	readonly #statements = new Map< string, SqliteDatabase.Statement >();

	constructor( database: SqliteDatabase.Database ) {
		this.database = database;
	}

	prepare( text: string ): SqliteDatabase.Statement {
		let statement = this.#statements.get( text );
		if ( ! statement ) {
			statement = this.database.prepare( text );
			if ( this.#statements.size >= STATEMENT_CACHE_SIZE ) {
				this.#statements.delete(
					this.#statements.keys().next().value!
				);
			}
			this.#statements.set( text, statement );
		}
		return statement;
	}

	/**
	 * @param query
	 * @param statement The query prepared on this connection, when the caller has it.
	 */
	run(
		query: CompiledQuery,
		statement = this.prepare( query.sql )
	): QueryResult< unknown > {
		const parameters = query.parameters as unknown[];
		if ( statement.reader ) {
			return { rows: statement.all( parameters ) };
		}
		const { changes, lastInsertRowid } = statement.run( parameters );
		return {
			numAffectedRows: BigInt( changes ),
			insertId: BigInt( lastInsertRowid ),
			rows: [],
		};
	}

	close(): void {
		this.#statements.clear();
		this.database.close();
	}
}

/** A queue of one: the writing connection's transactions, and writes outside one, run one after another. */
class Turns {
	#last: Promise< void > = Promise.resolve();

	/** @return Resolves when it is the caller's turn, with the function that ends it. */
	async take(): Promise< () => void > {
		let end!: () => void;
		const previous = this.#last;
		this.#last = new Promise( ( resolve ) => ( end = resolve ) );
		await previous;
		return end;
	}
}

class SplitConnection implements DatabaseConnection {
	readonly #reader: SqliteConnectionFile;
	readonly #writer: SqliteConnectionFile;
	readonly #turns: Turns;
	/** The end of this connection's turn at the writing connection, while its transaction is open. */
	#endTurn: ( () => void ) | undefined;

	constructor(
		reader: SqliteConnectionFile,
		writer: SqliteConnectionFile,
		turns: Turns
	) {
		this.#reader = reader;
		this.#writer = writer;
		this.#turns = turns;
	}

	async executeQuery< Row >(
		query: CompiledQuery
	): Promise< QueryResult< Row > > {
		if ( this.#endTurn ) {
			return this.#writer.run( query ) as QueryResult< Row >;
		}
		if ( this.#reader !== this.#writer && READ.test( query.sql ) ) {
			const statement = this.#reader.prepare( query.sql );
			if ( statement.readonly ) {
				return this.#reader.run(
					query,
					statement
				) as QueryResult< Row >;
			}
		}
		const endTurn = await this.#turns.take();
		try {
			return this.#writer.run( query ) as QueryResult< Row >;
		} finally {
			endTurn();
		}
	}

	// eslint-disable-next-line require-yield -- Kysely's interface; the API streams nothing from SQLite.
	async *streamQuery< Row >(): AsyncIterableIterator< QueryResult< Row > > {
		throw new Error( 'The SQLite driver does not stream' );
	}

	/** Waits for the writing connection, then for the database's write lock (see above). */
	async begin(): Promise< void > {
		const endTurn = await this.#turns.take();
		const { database } = this.#writer;
		const giveUpAt = Date.now() + BUSY_TIMEOUT_MS;
		try {
			for (;;) {
				database.pragma( 'busy_timeout = 0' );
				try {
					this.#writer.prepare( 'begin immediate' ).run();
					break;
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
		} catch ( error ) {
			endTurn();
			throw error;
		}
		this.#endTurn = endTurn;
	}

	/**
	 * Commits or rolls back the open transaction and ends the turn. A failed commit is rolled back here, so the
	 * writing connection is never left inside a transaction.
	 *
	 * @param command
	 */
	async end( command: 'commit' | 'rollback' ): Promise< void > {
		const endTurn = this.#endTurn;
		if ( ! endTurn ) {
			return;
		}
		const { database } = this.#writer;
		try {
			this.#writer.prepare( command ).run();
		} finally {
			if ( database.inTransaction ) {
				this.#writer.prepare( 'rollback' ).run();
			}
			this.#endTurn = undefined;
			endTurn();
		}
	}
}

class SplitSqliteDriver implements Driver {
	readonly #reader: SqliteConnectionFile;
	readonly #writer: SqliteConnectionFile;
	readonly #turns = new Turns();

	constructor( reader: SqliteConnectionFile, writer: SqliteConnectionFile ) {
		this.#reader = reader;
		this.#writer = writer;
	}

	async init(): Promise< void > {}

	async acquireConnection(): Promise< SplitConnection > {
		return new SplitConnection( this.#reader, this.#writer, this.#turns );
	}

	async beginTransaction( connection: SplitConnection ): Promise< void > {
		await connection.begin();
	}

	async commitTransaction( connection: SplitConnection ): Promise< void > {
		await connection.end( 'commit' );
	}

	async rollbackTransaction( connection: SplitConnection ): Promise< void > {
		await connection.end( 'rollback' );
	}

	async releaseConnection( connection: SplitConnection ): Promise< void > {
		// Kysely commits or rolls back before it releases; this only closes a turn left open by a failure.
		await connection.end( 'rollback' );
	}

	async destroy(): Promise< void > {
		this.#writer.close();
		if ( this.#reader !== this.#writer ) {
			this.#reader.close();
		}
	}
}

/**
 * Kysely's SQLite dialect (its SQL, adapter and introspection) with the driver above.
 */
export class SplitSqliteDialect extends SqliteDialect {
	readonly #reader: SqliteConnectionFile;
	readonly #writer: SqliteConnectionFile;

	/**
	 * @param reader The reading connection; the writing one again for an in-memory database.
	 * @param writer
	 */
	constructor( reader: SqliteConnectionFile, writer: SqliteConnectionFile ) {
		super( { database: writer.database } );
		this.#reader = reader;
		this.#writer = writer;
	}

	createDriver(): Driver {
		return new SplitSqliteDriver( this.#reader, this.#writer );
	}
}
