/**
 * The API process: reads the environment, migrates the database forward, serves until SIGTERM or SIGINT.
 * Runs TypeScript directly: `node --import tsx api/src/server.ts` (tsx is a runtime dependency).
 *
 * With CROWDSCOUT_API_WORKERS above 1 this process migrates, then starts that many workers that share the port
 * (node:cluster) and replaces one that dies; SIGTERM stops them all. Each worker has its own database
 * connection (SQLite in WAL mode lets them read side by side; MariaDB has a pool per worker).
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, readServerConfig, type ServerConfig } from './config.ts';
import { createDatabase, redactUrl } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createTestersRepository } from './features/me/repository.ts';
import { scheduleLevelChanges } from './features/levels/schedule.ts';
import { reconcileInBackground } from './features/users/reconcile.ts';
import { createWordPressClient } from './lib/wordpress.ts';

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
const logger = {
	level: config.logLevel,
	// Written asynchronously, in batches: under load, lines gather until there are 4 KB of them (one write instead
	// of some twenty, each of which cost the process ~60 µs of CPU); when it is quiet, within 250 ms. pino writes
	// what is left when the process exits.
	stream: pino.destination( {
		dest: 1,
		sync: false,
		minLength: 4096,
		periodicFlush: 250,
	} ),
	...( cluster.isWorker ? { base: { worker: cluster.worker?.id } } : {} ),
};
// A primary that starts workers serves nothing itself: it only needs the logger (and the database, to migrate).
const supervising = cluster.isPrimary && config.workers > 1;
const app = supervising
	? Fastify( { logger: loggerOptions( logger ) } )
	: await buildApp( { config: config.app, db: database.db, logger } );
app.addHook( 'onClose', async () => database.destroy() );

let stopping = false;
let levelChanges: ReturnType< typeof scheduleLevelChanges > | undefined;

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
		if ( supervising ) {
			await stopWorkers( signal );
		}
		// A level change under way finishes before the database closes.
		await levelChanges?.stop();
		await app.close();
		process.exit( 0 );
	} catch ( error ) {
		app.log.error( { err: error }, 'shutdown failed' );
		process.exit( 1 );
	}
}
process.once( 'SIGTERM', stop );
process.once( 'SIGINT', stop );

function stopWorkers( signal: NodeJS.Signals ): Promise< void > {
	const workers = Object.values( cluster.workers ?? {} ).filter(
		( worker ) => worker && ! worker.isDead()
	);
	return new Promise( ( resolve ) => {
		let left = workers.length;
		if ( ! left ) {
			resolve();
		}
		for ( const worker of workers ) {
			worker!.once( 'exit', () => {
				left -= 1;
				if ( ! left ) {
					resolve();
				}
			} );
			worker!.process.kill( signal );
		}
	} );
}

function startWorkers( count: number ) {
	cluster.on( 'exit', ( worker, code, signal ) => {
		if ( stopping ) {
			return;
		}
		app.log.error(
			{ worker: worker.id, code, signal },
			'an API worker stopped; starting another'
		);
		cluster.fork();
	} );
	for ( let index = 0; index < count; index++ ) {
		cluster.fork();
	}
}

try {
	if ( cluster.isPrimary ) {
		const applied = await migrateToLatest( database.db );
		app.log.info(
			{
				engine: database.engine,
				database: redactUrl( config.databaseUrl ),
				applied,
			},
			applied.length ? 'migrations applied' : 'database schema up to date'
		);
	}
	if ( supervising ) {
		startWorkers( config.workers );
		app.log.info(
			{ workers: config.workers, port: config.port },
			'crowdscout api workers starting'
		);
	} else {
		await app.listen( { host: config.host, port: config.port } );
		app.log.info(
			{ wordpress: config.app.wordpressUrl },
			'crowdscout api ready'
		);
	}
	if ( cluster.isPrimary ) {
		// This month's level change, if no instance on this database has done it (features/levels/schedule.ts):
		// looked at now and every hour.
		levelChanges = scheduleLevelChanges( database.db, app.log );
		// A sign-up killed between its WordPress user and its tester row is repaired here (features/users/reconcile.ts).
		void reconcileInBackground(
			{
				testers: createTestersRepository( database.db ),
				wordpress: createWordPressClient( {
					baseUrl: config.app.wordpressUrl,
					key: { secret: config.app.secret },
					timeoutMs: config.app.wordpressTimeoutMs,
				} ),
			},
			app.log
		);
	}
} catch ( error ) {
	app.log.fatal( { err: error }, 'the API could not start' );
	await app.close().catch( () => {} );
	process.exit( 1 );
}
