import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, dataDir as defaultDataDir } from './paths.mjs';
import { startService, waitForHttp, run } from './process.mjs';
import { ensurePhp } from './system.mjs';
import {
	layOutWordPress,
	writeWpConfig,
	installWordPress,
} from './wordpress.mjs';
import { startProxy } from './proxy.mjs';
import { seedDemo, DEMO_ADMIN } from './demo.mjs';
import { ensureBuild } from './build.mjs';

/**
 * The secret shared by WordPress and the API: made once per data directory, never a default.
 *
 * @param {string} dir Data directory.
 */
export function sharedSecret( dir ) {
	if ( process.env.CROWDSCOUT_SECRET ) {
		return process.env.CROWDSCOUT_SECRET;
	}
	const file = path.join( dir, 'secret' );
	if ( ! fs.existsSync( file ) ) {
		fs.writeFileSync( file, crypto.randomBytes( 32 ).toString( 'hex' ), {
			mode: 0o600,
		} );
	}
	return fs.readFileSync( file, 'utf8' ).trim();
}

/** Resolves when nothing listens on 127.0.0.1:port, rejects with a message a person can act on otherwise. */
function ensurePortFree( port, what ) {
	return new Promise( ( resolve, reject ) => {
		const probe = net.createServer();
		probe.once( 'error', () =>
			reject(
				new Error(
					`Port ${ port } (${ what }) is already in use on 127.0.0.1; stop what uses it or start with PORT=<another port>.`
				)
			)
		);
		probe.listen( port, '127.0.0.1', () => probe.close( resolve ) );
	} );
}

/**
 * Brings up the whole platform: WordPress (native PHP, or wp-now where no PHP can be had), the API, the
 * reverse proxy, and the demo data.
 *
 * @param {Object}                 options
 * @param {number}                 [options.port]    Proxy port (WordPress +1, API +2, MariaDB +3).
 * @param {string}                 [options.dataDir]
 * @param {'sqlite'|'mysql'}       [options.db]
 * @param {'auto'|'php'|'wp-now'}  [options.runtime]
 * @param {(line: string) => void} [options.log]
 * @return {Promise<{ url: string, runtime: string, db: string, dataDir: string, secret: string, apiUrl: string, wordpressUrl: string, stop: () => Promise<void>, failed: Promise<Error> }>} The running platform.
 */
export async function startPlatform( {
	port = 8080,
	dataDir = defaultDataDir(),
	db = 'sqlite',
	runtime = 'auto',
	log = console.log,
} = {} ) {
	const services = [];
	const stoppers = [];
	const stop = async () => {
		for ( const stopper of stoppers.reverse() ) {
			await stopper().catch( () => {} );
		}
		stoppers.length = 0;
	};
	try {
		fs.mkdirSync( path.join( dataDir, 'logs' ), { recursive: true } );
		const secret = sharedSecret( dataDir );
		const siteUrl = `http://127.0.0.1:${ port }`;
		const wpPort = port + 1;
		const apiPort = port + 2;
		const wordpressUrl = `http://127.0.0.1:${ wpPort }`;
		const apiUrl = `http://127.0.0.1:${ apiPort }/api`;

		await ensurePortFree( port, 'proxy' );
		await ensurePortFree( wpPort, 'WordPress' );
		await ensurePortFree( apiPort, 'API' );
		await ensureBuild( log );

		if ( runtime === 'auto' ) {
			runtime = ( await ensurePhp( log ) ) ? 'php' : 'wp-now';
		} else if ( runtime === 'php' && ! ( await ensurePhp( log ) ) ) {
			throw new Error(
				'Native PHP is not installed and cannot be installed here (not root); use --runtime=wp-now.'
			);
		}

		let apiDbUrl = `sqlite://${ path.join( dataDir, 'api.sqlite' ) }`;
		let wpDb = { engine: 'sqlite' };
		if ( db === 'mysql' ) {
			if ( runtime === 'wp-now' ) {
				throw new Error(
					'MariaDB needs native PHP for WordPress; wp-now runs on SQLite only.'
				);
			}
			const { ensureMariaDbInstalled, startMariaDb } = await import(
				'./mariadb.mjs'
			);
			await ensureMariaDbInstalled();
			const mariadb = await startMariaDb( {
				dataDir: path.join( dataDir, 'mariadb' ),
				port: port + 3,
				log,
			} );
			stoppers.push( () => mariadb.stop() );
			await createDatabases( mariadb, [
				'crowdscout_wp',
				'crowdscout_api',
			] );
			apiDbUrl = `mysql://root@127.0.0.1:${ mariadb.port }/crowdscout_api`;
			wpDb = {
				engine: 'mysql',
				host: `127.0.0.1:${ mariadb.port }`,
				name: 'crowdscout_wp',
				user: 'root',
				password: '',
			};
		}

		const constants = {
			CROWDSCOUT_SECRET: secret,
			CROWDSCOUT_API_URL: apiUrl,
			CROWDSCOUT_PUBLIC_API_URL: `${ siteUrl }/api`,
			CROWDSCOUT_MAIL_FILE: path.join( dataDir, 'mail.jsonl' ),
		};

		let wordpress;
		if ( runtime === 'php' ) {
			const wpDir = path.join( dataDir, 'wordpress' );
			layOutWordPress( wpDir );
			writeWpConfig( { wpDir, dataDir, siteUrl, constants, db: wpDb } );
			await installWordPress( { wpDir, siteUrl, admin: DEMO_ADMIN } );
			wordpress = startService(
				'WordPress',
				'php',
				[
					'-d',
					'memory_limit=256M',
					'-S',
					`127.0.0.1:${ wpPort }`,
					'-t',
					wpDir,
					path.join( ROOT, 'scripts/wp/router.php' ),
				],
				{
					env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
					cwd: wpDir,
					logFile: path.join( dataDir, 'logs/php.log' ),
				}
			);
		} else {
			wordpress = startService(
				'WordPress (wp-now)',
				process.execPath,
				[ path.join( ROOT, 'scripts/lib/wp-now-runner.mjs' ) ],
				{
					env: {
						...process.env,
						CROWDSCOUT_WP_NOW: JSON.stringify( {
							dataDir,
							port: wpPort,
							siteUrl,
							constants,
							admin: DEMO_ADMIN,
						} ),
					},
					cwd: ROOT,
					logFile: path.join( dataDir, 'logs/wp-now.log' ),
				}
			);
		}
		services.push( wordpress );
		stoppers.push( () => wordpress.stop() );

		const api = startService(
			'API',
			process.execPath,
			[ '--import', 'tsx', 'src/server.ts' ],
			{
				env: {
					...process.env,
					CROWDSCOUT_SECRET: secret,
					CROWDSCOUT_DB_URL: apiDbUrl,
					CROWDSCOUT_DATA_DIR: dataDir,
					CROWDSCOUT_API_HOST: '127.0.0.1',
					CROWDSCOUT_API_PORT: String( apiPort ),
					CROWDSCOUT_WP_URL: wordpressUrl,
				},
				cwd: path.join( ROOT, 'api' ),
				logFile: path.join( dataDir, 'logs/api.log' ),
			}
		);
		services.push( api );
		stoppers.push( () => api.stop() );

		await Promise.all( [
			waitForHttp( `${ wordpressUrl }/wp-login.php`, {
				service: wordpress,
				timeoutMs: 90000,
			} ),
			waitForHttp( `${ apiUrl }/health`, { service: api } ),
		] );

		const proxy = await startProxy( {
			port,
			api: new URL( apiUrl ),
			wordpress: new URL( wordpressUrl ),
		} );
		stoppers.push( () =>
			new Promise( ( resolve ) => proxy.close( () => resolve() ) ).then(
				() => proxy.closeAllConnections?.()
			)
		);

		await seedDemo( { apiUrl, apiDbUrl, log } );

		const failed = Promise.race(
			services.map( ( service ) =>
				service.exited.then(
					( { code, signal } ) =>
						new Error(
							`${ service.name } stopped (${
								signal ?? `exit ${ code }`
							}); see ${ service.logFile }`
						)
				)
			)
		);
		return {
			url: siteUrl,
			runtime,
			db,
			dataDir,
			secret,
			apiUrl,
			wordpressUrl,
			stop,
			failed,
		};
	} catch ( error ) {
		await stop();
		throw error;
	}
}

async function createDatabases( mariadb, names ) {
	const sql = names
		.map(
			( name ) =>
				`CREATE DATABASE IF NOT EXISTS \`${ name }\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`
		)
		.join( ' ' );
	await run( 'mariadb', [
		`--socket=${ mariadb.socket }`,
		'-uroot',
		'-e',
		sql,
	] );
}
