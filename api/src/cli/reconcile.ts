/**
 * `npm run reconcile`: gives every WordPress user with the tester role that has no tester row its row
 * (reconcile.ts), as the API does on each start, and prints what it repaired. Safe while the API runs.
 *
 * Reads the API's environment: CROWDSCOUT_SECRET, CROWDSCOUT_WP_URL, CROWDSCOUT_DB_URL (or the default SQLite
 * file). Beside `npm start`, without them, it uses the platform's: the secret of the data directory
 * (`$CROWDSCOUT_DATA_DIR/secret`) and WordPress on `PORT + 1` (8081).
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { checkSecret } from '../config.ts';
import { redactUrl } from '../db/connection.ts';
import {
	WordPressUnavailableError,
	createWordPressClient,
} from '../lib/wordpress.ts';
import { createTestersRepository } from '../features/me/repository.ts';
import { reconcileTesters } from '../features/users/reconcile.ts';
import { assertMigrated, errorMessage, withDatabase } from './database.ts';

function platformSecret(): string | undefined {
	const file = path.resolve(
		process.env.CROWDSCOUT_DATA_DIR || '.data',
		'secret'
	);
	return fs.existsSync( file )
		? fs.readFileSync( file, 'utf8' ).trim()
		: undefined;
}

await withDatabase(
	async ( database, url ) => {
		await assertMigrated(
			database,
			url,
			'start the API or run npm run migrate -w api first'
		);
		const wordpressUrl =
			process.env.CROWDSCOUT_WP_URL ||
			`http://127.0.0.1:${ Number( process.env.PORT || 8080 ) + 1 }`;
		const result = await reconcileTesters(
			{
				testers: createTestersRepository( database.db ),
				wordpress: createWordPressClient( {
					baseUrl: wordpressUrl,
					key: {
						secret: checkSecret(
							process.env.CROWDSCOUT_SECRET || platformSecret()
						),
					},
					timeoutMs: 30_000,
				} ),
			},
			pino( { level: 'warn' }, pino.destination( 2 ) )
		);
		process.stdout.write(
			`${ wordpressUrl } → ${ redactUrl( url ) }: ${
				result.checked
			} WordPress testers checked, ${ result.repaired.length } repaired${
				result.repaired.length
					? ` (WordPress users ${ result.repaired.join( ', ' ) })`
					: ''
			}, ${ result.skipped.length } left as they are${
				result.skipped.length
					? ` (WordPress users ${ result.skipped.join(
							', '
					  ) }: their email belongs to another tester)`
					: ''
			}\n`
		);
	},
	// The message alone would not say why WordPress did not answer.
	( error ) =>
		error instanceof WordPressUnavailableError
			? `${ error.message } (${ error.detail })`
			: errorMessage( error )
);
