import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, dataDir as defaultDataDir } from './paths.mjs';
import {
	superviseCommand,
	supervise,
	trackGroup,
	killAllGroups,
	waitForHttp,
	run,
} from './process.mjs';
import { ensurePhp } from './system.mjs';
import {
	layOutWordPress,
	writeWpConfig,
	installWordPress,
} from './wordpress.mjs';
import { startProxy, startBalancer, createPool } from './proxy.mjs';
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

/** How many PHP servers (one request at a time each) serve WordPress behind its port. */
const PHP_SERVERS = 4;

/** How long stop() may take in all: a service manager's SIGTERM, Ctrl-C, must not wait longer. */
export const STOP_TIMEOUT_MS = 9000;

/** A port nothing listens on now (the kernel's choice). */
function freePort() {
	return new Promise( ( resolve, reject ) => {
		const probe = net.createServer();
		probe.once( 'error', reject );
		probe.listen( 0, '127.0.0.1', () => {
			const { port } = probe.address();
			probe.close( () => resolve( port ) );
		} );
	} );
}

/** Resolves true once 127.0.0.1:port accepts connections, false when the service stops first or after 30 s. */
async function waitForPort( port, service ) {
	let stopped = false;
	service.exited.then( () => ( stopped = true ) );
	const deadline = Date.now() + 30_000;
	while ( ! stopped && Date.now() < deadline ) {
		const open = await new Promise( ( resolve ) => {
			const socket = net.connect( port, '127.0.0.1' );
			socket.once( 'connect', () => {
				socket.destroy();
				resolve( true );
			} );
			socket.once( 'error', () => resolve( false ) );
		} );
		if ( open ) {
			return ! stopped;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 25 ) );
	}
	return false;
}

function closeServer( server ) {
	return new Promise( ( resolve ) => {
		server.close( () => resolve() );
		server.closeAllConnections();
	} );
}

/**
 * Brings up the whole platform: WordPress (native PHP, or wp-now where no PHP can be had), the API, the
 * reverse proxy, and the demo data, then supervises it: a part that stops (the API, a PHP server, wp-now,
 * MariaDB) is started again on its own after a back-off (process.mjs, supervise), with a line in the log, while
 * the others keep serving. Native WordPress is PHP_SERVERS single-request `php -S` processes, children of this
 * one (so none is left a zombie), behind a balancer on WordPress's port.
 *
 * @param {Object}                 options
 * @param {number}                 [options.port]    Proxy port (WordPress +1, API +2, MariaDB +3).
 * @param {string}                 [options.dataDir]
 * @param {'sqlite'|'mysql'}       [options.db]
 * @param {'auto'|'php'|'wp-now'}  [options.runtime]
 * @param {(line: string) => void} [options.log]
 * @param {AbortSignal}            [options.signal]  Stops a start halfway (Ctrl-C while starting).
 * @return {Promise<{ url: string, runtime: string, db: string, dataDir: string, secret: string, apiUrl: string, wordpressUrl: string, parts: ReturnType<typeof supervise>[], stop: () => Promise<void>, failed: Promise<Error> }>} The running platform.
 */
export async function startPlatform( {
	port = 8080,
	dataDir = defaultDataDir(),
	db = 'sqlite',
	runtime = 'auto',
	log = console.log,
	signal,
} = {} ) {
	// What stop() ends, by phase: the listening servers first, then WordPress and the API together, the
	// database last; the whole within STOP_TIMEOUT_MS, after which whatever is left is killed.
	const stoppers = [ [], [], [] ];
	const parts = [];
	let stopped = false;
	let stopping = null;
	const stop = () =>
		( stopping ??= ( async () => {
			stopped = true;
			const deadline = setTimeout(
				() => killAllGroups( 'SIGKILL' ),
				STOP_TIMEOUT_MS
			);
			for ( const phase of stoppers ) {
				await Promise.all(
					phase
						.splice( 0 )
						.map( ( stopper ) => stopper().catch( () => {} ) )
				);
			}
			clearTimeout( deadline );
		} )() );
	const onStop = ( phase, stopper ) => {
		if ( stopped ) {
			stopper().catch( () => {} );
		} else {
			stoppers[ phase ].push( stopper );
		}
	};
	const checkAbort = () => {
		if ( stopped || signal?.aborted ) {
			throw new Error( 'stopped while starting' );
		}
	};
	signal?.addEventListener( 'abort', () => stop(), { once: true } );
	let failedWith;
	const failed = new Promise( ( resolve ) => ( failedWith = resolve ) );
	const keep = ( part, phase, graceMs ) => {
		parts.push( part );
		onStop( phase, () => part.stop( graceMs ) );
		return part;
	};
	try {
		checkAbort();
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
		checkAbort();

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
			let socket;
			const mariadb = keep(
				supervise( {
					name: 'MariaDB',
					log,
					logFile: path.join( dataDir, 'mariadb/mariadbd.log' ),
					async start() {
						const server = await startMariaDb( {
							dataDir: path.join( dataDir, 'mariadb' ),
							port: port + 3,
							log,
						} );
						trackGroup( server.pid );
						socket = server.socket;
						return server;
					},
				} ),
				2,
				4500
			);
			await mariadb.start();
			checkAbort();
			await createDatabases( socket, [
				'crowdscout_wp',
				'crowdscout_api',
			] );
			apiDbUrl = `mysql://root@127.0.0.1:${ port + 3 }/crowdscout_api`;
			wpDb = {
				engine: 'mysql',
				host: `127.0.0.1:${ port + 3 }`,
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

		/** What the start waits on for WordPress: its name, log, and a promise that settles if it stops. */
		let wordpress;
		/** Where the proxy sends WordPress's requests: the pool of PHP servers, or wp-now's address. */
		let wordpressUpstream = new URL( wordpressUrl );
		/** What the proxy serves itself, compressed: the build and WordPress's scripts and styles. */
		let staticFiles = [];
		if ( runtime === 'php' ) {
			const wpDir = path.join( dataDir, 'wordpress' );
			staticFiles = [
				{
					prefix: '/wp-content/plugins/crowdscout/build/',
					dir: path.join( ROOT, 'plugin/build' ),
				},
				{
					prefix: '/wp-includes/',
					dir: path.join( wpDir, 'wp-includes' ),
				},
			];
			layOutWordPress( wpDir );
			writeWpConfig( { wpDir, dataDir, siteUrl, constants, db: wpDb } );
			await installWordPress( {
				wpDir,
				siteUrl,
				admin: DEMO_ADMIN,
				signal,
			} );
			checkAbort();
			const pool = createPool();
			const logFile = path.join( dataDir, 'logs/php.log' );
			const env = { ...process.env };
			// One request at a time per process: a process that dies is replaced by the supervisor, which a
			// worker forked by PHP itself would not be (it would stay a zombie until its master ends).
			delete env.PHP_CLI_SERVER_WORKERS;
			const servers = [];
			for ( let index = 1; index <= PHP_SERVERS; index++ ) {
				const member = pool.add();
				let memberPort;
				const server = keep(
					superviseCommand(
						`WordPress (PHP server ${ index } of ${ PHP_SERVERS })`,
						async () => {
							memberPort = await freePort();
							return {
								command: 'php',
								args: [
									'-d',
									'memory_limit=256M',
									'-S',
									`127.0.0.1:${ memberPort }`,
									'-t',
									wpDir,
									path.join( ROOT, 'scripts/wp/router.php' ),
								],
								env,
							};
						},
						{
							cwd: wpDir,
							logFile,
							log,
							onStart( service ) {
								const url = new URL(
									`http://127.0.0.1:${ memberPort }`
								);
								pool.setDown( member );
								service.exited.then( () =>
									pool.setDown( member )
								);
								waitForPort( memberPort, service ).then(
									( up ) => up && pool.setUp( member, url )
								);
							},
						}
					),
					1,
					4000
				);
				await server.start();
				servers.push( server );
			}
			const balancer = await startBalancer( { port: wpPort, pool } );
			balancer.on( 'error', failedWith );
			onStop( 0, () => closeServer( balancer ) );
			wordpressUpstream = pool;
			wordpress = {
				name: 'WordPress (PHP)',
				logFile,
				exited: Promise.race(
					servers.map( ( server ) => server.exited )
				),
			};
		} else {
			// wp-now knows the plugin by its folder's name, and serves WordPress from its cache of the npm
			// package's copy (wp-now-runner.mjs); a file not found there goes on to wp-now.
			staticFiles = [
				{
					prefix: '/wp-content/plugins/plugin/build/',
					dir: path.join( ROOT, 'plugin/build' ),
				},
				{
					prefix: '/wp-includes/',
					dir: path.join(
						dataDir,
						'wp-now-home/.wp-now/wordpress-versions/6.5.5/wp-includes'
					),
				},
			];
			wordpress = keep(
				superviseCommand(
					'WordPress (wp-now)',
					async () => ( {
						command: process.execPath,
						args: [
							path.join( ROOT, 'scripts/lib/wp-now-runner.mjs' ),
						],
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
					} ),
					{
						cwd: ROOT,
						logFile: path.join( dataDir, 'logs/wp-now.log' ),
						log,
					}
				),
				1,
				4000
			);
			await wordpress.start();
		}

		const api = keep(
			superviseCommand(
				'API',
				async () => ( {
					command: process.execPath,
					args: [ '--import', 'tsx', 'src/server.ts' ],
					env: {
						...process.env,
						CROWDSCOUT_SECRET: secret,
						CROWDSCOUT_DB_URL: apiDbUrl,
						CROWDSCOUT_DATA_DIR: dataDir,
						CROWDSCOUT_API_HOST: '127.0.0.1',
						CROWDSCOUT_API_PORT: String( apiPort ),
						CROWDSCOUT_WP_URL: wordpressUrl,
					},
				} ),
				{
					cwd: path.join( ROOT, 'api' ),
					logFile: path.join( dataDir, 'logs/api.log' ),
					log,
				}
			),
			1,
			4000
		);
		await api.start();
		checkAbort();

		await Promise.all( [
			waitForHttp( `${ wordpressUrl }/wp-login.php`, {
				service: wordpress,
				timeoutMs: 90000,
			} ),
			waitForHttp( `${ apiUrl }/health`, { service: api } ),
		] );
		checkAbort();

		const proxy = await startProxy( {
			port,
			api: new URL( apiUrl ),
			wordpress: wordpressUpstream,
			files: staticFiles,
		} );
		proxy.on( 'error', failedWith );
		onStop( 0, () => closeServer( proxy ) );

		await seedDemo( {
			apiDbUrl,
			secret,
			wordpressUrl,
			dataDir,
			log,
			signal,
		} );
		checkAbort();

		// From here on, a part that stops is started again instead of failing the start.
		for ( const part of parts ) {
			part.supervise();
		}
		return {
			url: siteUrl,
			runtime,
			db,
			dataDir,
			secret,
			apiUrl,
			wordpressUrl,
			parts,
			stop,
			failed,
		};
	} catch ( error ) {
		await stop();
		throw error;
	}
}

async function createDatabases( socket, names ) {
	const sql = names
		.map(
			( name ) =>
				`CREATE DATABASE IF NOT EXISTS \`${ name }\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`
		)
		.join( ' ' );
	await run( 'mariadb', [ `--socket=${ socket }`, '-uroot', '-e', sql ] );
}
