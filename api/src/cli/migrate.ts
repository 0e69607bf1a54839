/**
 * `npm run migrate -w api`: migrates the database of CROWDSCOUT_DB_URL (or the default SQLite file) forward
 * without starting the server; `-- down` undoes the last migration.
 */
import { redactUrl } from '../db/connection.ts';
import { migrateDown, migrateToLatest } from '../db/migrate.ts';
import { withDatabase } from './database.ts';

await withDatabase( async ( database, url ) => {
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
} );
