/**
 * `npm run migrate -w api`: migrates the database of CROWDSCOUT_DB_URL (or the default SQLite file) forward
 * without starting the server; `-- down` undoes the last migration.
 */
import { readDatabaseUrl } from '../config.ts';
import { createDatabase, redactUrl } from '../db/connection.ts';
import { migrateDown, migrateToLatest } from '../db/migrate.ts';

const url = readDatabaseUrl( process.env );
const database = createDatabase( url );
try {
	const down = process.argv.includes( 'down' );
	const names = down
		? await migrateDown( database.db )
		: await migrateToLatest( database.db );
	process.stdout.write(
		`${ redactUrl( url ) }: ${
			names.length
				? `${ down ? 'undid' : 'applied' } ${ names.join( ', ' ) }`
				: 'nothing to do'
		}\n`
	);
} catch ( error ) {
	process.stderr.write(
		`${ error instanceof Error ? error.message : String( error ) }\n`
	);
	process.exitCode = 1;
} finally {
	await database.destroy();
}
