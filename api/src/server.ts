/**
 * The API process: reads the environment, migrates the database forward, serves until SIGTERM or SIGINT.
 * Runs TypeScript directly: `node --import tsx api/src/server.ts` (tsx is a runtime dependency).
 */
import { buildApp } from './app.ts';
import { ConfigError, readServerConfig, type ServerConfig } from './config.ts';
import { createDatabase, redactUrl } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';

const SHUTDOWN_GRACE_MS = 10_000;

let config: ServerConfig;
try {
	config = readServerConfig( process.env );
} catch ( error ) {
	if ( error instanceof ConfigError ) {
		process.stderr.write( `crowdscout-api: ${ error.message }\n` );
		process.exit( 1 );
	}
	throw error;
}

const database = createDatabase( config.databaseUrl );
const app = await buildApp( {
	config: config.app,
	db: database.db,
	logger: { level: config.logLevel },
} );
app.addHook( 'onClose', async () => database.destroy() );

let stopping = false;
async function stop( signal: NodeJS.Signals ) {
	if ( stopping ) {
		return;
	}
	stopping = true;
	app.log.info( { signal }, 'shutting down' );
	const force = setTimeout( () => {
		app.log.error(
			'in-flight requests did not finish in time; exiting anyway'
		);
		process.exit( 1 );
	}, SHUTDOWN_GRACE_MS );
	force.unref();
	try {
		await app.close();
		process.exit( 0 );
	} catch ( error ) {
		app.log.error( { err: error }, 'shutdown failed' );
		process.exit( 1 );
	}
}
process.once( 'SIGTERM', stop );
process.once( 'SIGINT', stop );

try {
	const applied = await migrateToLatest( database.db );
	app.log.info(
		{
			engine: database.engine,
			database: redactUrl( config.databaseUrl ),
			applied,
		},
		applied.length ? 'migrations applied' : 'database schema up to date'
	);
	await app.listen( { host: config.host, port: config.port } );
	app.log.info(
		{ wordpress: config.app.wordpressUrl },
		'crowdscout api ready'
	);
} catch ( error ) {
	app.log.fatal( { err: error }, 'the API could not start' );
	await app.close().catch( () => {} );
	process.exit( 1 );
}
