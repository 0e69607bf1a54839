/**
 * The frame the command-line tools share: the database of CROWDSCOUT_DB_URL (or the default SQLite file) opened,
 * the tool's work run on it, a failure told in one line on stderr with exit code 1 (an operator reads the
 * message, not a stack), and the database closed whatever happened, so the process can end.
 */
import { readDatabaseUrl } from '../config.ts';
import {
	createDatabase,
	redactUrl,
	type DatabaseHandle,
} from '../db/connection.ts';
import { pendingMigrations } from '../db/migrate.ts';

/**
 * The message of what was thrown.
 *
 * @param error
 */
export const errorMessage = ( error: unknown ): string =>
	error instanceof Error ? error.message : String( error );

/**
 * Runs `work` on the database; see the file's comment.
 *
 * @param work     Given the database and its URL (print it through redactUrl).
 * @param describe The line printed for an error (default: its message).
 */
export async function withDatabase(
	work: ( database: DatabaseHandle, url: string ) => Promise< void >,
	describe: ( error: unknown ) => string = errorMessage
): Promise< void > {
	const url = readDatabaseUrl( process.env );
	const database = createDatabase( url );
	try {
		await work( database, url );
	} catch ( error ) {
		process.stderr.write( `${ describe( error ) }\n` );
		process.exitCode = 1;
	} finally {
		await database.destroy();
	}
}

/**
 * Throws unless every migration has run: the tools expect the latest schema, and only the API's start and
 * `npm run migrate` change it.
 *
 * @param database
 * @param url
 * @param advice   What to do first, for the message.
 */
export async function assertMigrated(
	database: DatabaseHandle,
	url: string,
	advice = 'run npm run migrate -w api first'
): Promise< void > {
	const pending = await pendingMigrations( database.db );
	if ( pending.length ) {
		throw new Error(
			`${ redactUrl( url ) } is not migrated (${ pending.join(
				', '
			) } pending): ${ advice }`
		);
	}
}
