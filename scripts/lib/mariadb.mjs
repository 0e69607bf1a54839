/**
 * A private MariaDB server for development and tests: its own data directory, socket and port, root without a
 * password, reachable on 127.0.0.1 only. Used by the API tests (scripts/test-api.mjs) and by `npm start --
 * --db=mysql` (scripts/lib/platform.mjs). Plain Node with no dependencies: Debian's MariaDB binaries do the work.
 */
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tail } from './process.mjs';
import { aptInstall, canInstall } from './system.mjs';

// Debian keeps mariadbd in /usr/sbin, which is not on every user's PATH.
const SEARCH_PATH = [
	...( process.env.PATH ?? '' ).split( path.delimiter ),
	'/usr/sbin',
	'/sbin',
	'/usr/bin',
	'/usr/local/sbin',
	'/usr/local/bin',
];

/** Unix socket paths are limited to about 107 bytes; longer ones fail with an unhelpful bind error. */
const MAX_SOCKET_PATH = 100;

function which( command ) {
	for ( const dir of SEARCH_PATH ) {
		if ( ! dir ) {
			continue;
		}
		const candidate = path.join( dir, command );
		try {
			fs.accessSync( candidate, fs.constants.X_OK );
			return candidate;
		} catch {}
	}
	return null;
}

function binary( command ) {
	const found = which( command );
	if ( ! found ) {
		throw new Error(
			`${ command } is not installed; run ensureMariaDbInstalled() first (needs root) or apt-get install mariadb-server mariadb-client.`
		);
	}
	return found;
}

function run( command, args, { env, timeoutMs = 120_000 } = {} ) {
	return new Promise( ( resolve, reject ) => {
		execFile(
			command,
			args,
			{
				env: env ?? process.env,
				timeout: timeoutMs,
				maxBuffer: 16 * 1024 * 1024,
			},
			( error, stdout, stderr ) => {
				if ( error ) {
					error.message = `${ path.basename( command ) } ${ args.join(
						' '
					) } failed: ${ error.message }\n${ stdout }${ stderr }`;
					reject( error );
				} else {
					resolve( stdout );
				}
			}
		);
	} );
}

/**
 * Installs Debian's MariaDB server and client when mariadbd or mariadb-install-db is missing; needs root.
 *
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function ensureMariaDbInstalled( { log = console.log } = {} ) {
	if (
		which( 'mariadbd' ) &&
		which( 'mariadb-install-db' ) &&
		which( 'mariadb-admin' )
	) {
		return;
	}
	if ( ! canInstall() ) {
		throw new Error(
			'MariaDB is not installed and this process cannot install it (it needs root and apt-get). ' +
				'Install it with: apt-get install mariadb-server mariadb-client'
		);
	}
	await aptInstall( [ 'mariadb-server', 'mariadb-client' ], log );
	if ( ! which( 'mariadbd' ) || ! which( 'mariadb-install-db' ) ) {
		throw new Error(
			'apt-get installed MariaDB but mariadbd or mariadb-install-db is still missing.'
		);
	}
}

/** The socket inside the data directory, or under the temp directory (named after it) when that is too long. */
function socketPathFor( dataDir ) {
	const inside = path.join( dataDir, 'mariadbd.sock' );
	if ( Buffer.byteLength( inside ) <= MAX_SOCKET_PATH ) {
		return inside;
	}
	const hash = crypto
		.createHash( 'sha256' )
		.update( dataDir )
		.digest( 'hex' )
		.slice( 0, 16 );
	return path.join( os.tmpdir(), `crowdscout-mariadb-${ hash }.sock` );
}

function isAlive( pid ) {
	try {
		process.kill( pid, 0 );
		return true;
	} catch ( error ) {
		return error.code === 'EPERM';
	}
}

function readPid( pidFile ) {
	try {
		const pid = Number( fs.readFileSync( pidFile, 'utf8' ).trim() );
		return Number.isInteger( pid ) && pid > 0 ? pid : null;
	} catch {
		return null;
	}
}

async function ping( socket ) {
	try {
		await run(
			binary( 'mariadb-admin' ),
			[
				'--no-defaults',
				`--socket=${ socket }`,
				'-uroot',
				'--connect-timeout=2',
				'ping',
			],
			{
				timeoutMs: 10_000,
			}
		);
		return true;
	} catch {
		return false;
	}
}

/**
 * One statement's answer from a running server, through its socket (tab-separated, no column names).
 *
 * @param {string} socket
 * @param {string} statement
 * @return {Promise<string>} What the client printed.
 */
const ask = ( socket, statement ) =>
	run(
		binary( 'mariadb' ),
		[
			'--no-defaults',
			`--socket=${ socket }`,
			'-uroot',
			'-N',
			'-B',
			'-e',
			statement,
		],
		{ timeoutMs: 10_000 }
	);

/** The port a running server listens on, asked through its socket. */
async function portOf( socket ) {
	return Number( ( await ask( socket, 'SELECT @@port' ) ).trim() );
}

const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );

/**
 * Waits until InnoDB has read back the pages its buffer pool held at the last shutdown (ib_buffer_pool), which it
 * does in the background after it starts accepting connections; at most 10 minutes.
 *
 * @param {string} socket The server's socket.
 */
async function bufferPoolLoaded( socket ) {
	const deadline = Date.now() + 600_000;
	for (;;) {
		const status = await ask(
			socket,
			"SHOW STATUS LIKE 'Innodb_buffer_pool_load_status'"
		);
		// "Buffer pool(s) load completed at …", "… load aborted …"; nothing to load reads "not started".
		if ( ! /loaded \d|load in progress|Loading/i.test( status ) ) {
			return;
		}
		if ( Date.now() > deadline ) {
			throw new Error(
				`MariaDB's buffer pool did not load within 10 minutes: ${ status.trim() }`
			);
		}
		await sleep( 500 );
	}
}

/**
 * Starts (initialising the data directory first when it is empty) a private MariaDB server. When a server
 * started earlier on the same data directory is still running on the same port (say after a crash of the
 * process that started it), it is adopted: `reused` is true and `stop()` stops it all the same.
 *
 * A benchmark starts it `warm`: at shutdown the server writes down every page its buffer pool holds (not the
 * default quarter), and at start the call returns once they are read back, so the first seconds of a run measure
 * a server as it runs in production, not one reading its data from disk.
 *
 * @param {{ dataDir: string, port: number, log?: (line: string) => void, bufferPoolSize?: string, warm?: boolean }} options InnoDB's buffer pool is small (64M) for tests; a benchmark gives it room for its data set.
 * @return {Promise<{ url: string, host: string, port: number, socket: string, reused: boolean, stop: () => Promise<void> }>} The running server.
 */
export async function startMariaDb( {
	dataDir,
	port,
	log = () => {},
	bufferPoolSize = '64M',
	warm = false,
} ) {
	if ( ! Number.isInteger( port ) || port < 1 || port > 65535 ) {
		throw new Error( `startMariaDb needs a port number, not ${ port }` );
	}
	dataDir = path.resolve( dataDir );
	fs.mkdirSync( dataDir, { recursive: true } );
	const socket = socketPathFor( dataDir );
	const pidFile = path.join( dataDir, 'mariadbd.pid' );
	const host = '127.0.0.1';
	const handle = ( pid, reused, exited ) => {
		let watched = exited;
		return {
			url: `mysql://root@${ host }:${ port }/`,
			host,
			port,
			socket,
			reused,
			pid,
			/** Settles when the server stops, however it stops (a supervisor restarts it: scripts/lib/platform.mjs). */
			get exited() {
				return ( watched ??= whileAlive( pid ) );
			},
			/** Shuts the server down; `graceMs` (30 s) later it is killed. */
			stop: once( ( graceMs ) =>
				stopServer( { socket, pid, log, graceMs } )
			),
		};
	};

	const runningPid = readPid( pidFile );
	if ( runningPid && isAlive( runningPid ) ) {
		if ( ! ( await ping( socket ) ) ) {
			throw new Error(
				`MariaDB (pid ${ runningPid }) already runs on ${ dataDir } but does not answer on ${ socket }; stop it (kill ${ runningPid }) and try again.`
			);
		}
		const runningPort = await portOf( socket );
		if ( runningPort !== port ) {
			throw new Error(
				`MariaDB (pid ${ runningPid }) already runs on ${ dataDir } on port ${ runningPort }, not ${ port }; stop it (kill ${ runningPid }) or use port ${ runningPort }.`
			);
		}
		log(
			`Reusing the MariaDB server already running on ${ dataDir } (pid ${ runningPid }, port ${ port }).`
		);
		return handle( runningPid, true );
	}
	fs.rmSync( pidFile, { force: true } );

	const user = os.userInfo().username;
	const logFile = path.join( dataDir, 'mariadbd.log' );
	if ( ! fs.existsSync( path.join( dataDir, 'mysql' ) ) ) {
		log( `Initialising MariaDB data directory ${ dataDir }` );
		await run( binary( 'mariadb-install-db' ), [
			'--no-defaults',
			`--datadir=${ dataDir }`,
			`--user=${ user }`,
			'--auth-root-authentication-method=normal',
			'--skip-test-db',
		] );
	}

	const out = fs.openSync( logFile, 'a' );
	const child = spawn(
		binary( 'mariadbd' ),
		[
			'--no-defaults',
			`--user=${ user }`,
			`--datadir=${ dataDir }`,
			`--socket=${ socket }`,
			`--port=${ port }`,
			`--pid-file=${ pidFile }`,
			`--bind-address=${ host }`,
			'--skip-name-resolve',
			'--skip-log-bin',
			'--performance-schema=OFF',
			// A few threads per core run every connection's statements, as docs/production.md asks of a
			// production server: with a thread per connection, applying under 50 connections cost MariaDB a sixth
			// more CPU per application on two cores (docs/performance.md, 2026-11-30, evening).
			'--thread-handling=pool-of-threads',
			`--innodb-buffer-pool-size=${ bufferPoolSize }`,
			...( warm ? [ '--innodb-buffer-pool-dump-pct=100' ] : [] ),
		],
		// Its own process group: a Ctrl-C in the terminal reaches our handler, which shuts the server down in
		// order, instead of hitting mariadbd mid-write.
		{ detached: true, stdio: [ 'ignore', out, out ] }
	);
	fs.closeSync( out );
	child.unref();
	let exited = null;
	const stopped = new Promise( ( resolve ) =>
		child.on( 'exit', ( code, signal ) => resolve( { code, signal } ) )
	);
	child.on(
		'exit',
		( code, signal ) => ( exited = signal ?? `exit ${ code }` )
	);
	child.on( 'error', ( error ) => ( exited = error.message ) );

	const deadline = Date.now() + 60_000;
	while ( ! ( await ping( socket ) ) ) {
		if ( exited ) {
			throw new Error(
				`MariaDB stopped while starting (${ exited }); see ${ logFile }:\n${ tail(
					logFile
				) }`
			);
		}
		if ( Date.now() > deadline ) {
			await stopServer( { socket, pid: child.pid, log } );
			throw new Error(
				`MariaDB did not accept connections within 60 s; see ${ logFile }:\n${ tail(
					logFile
				) }`
			);
		}
		await sleep( 200 );
	}
	if ( warm ) {
		await bufferPoolLoaded( socket );
	}
	log( `MariaDB is running on ${ host }:${ port } (data in ${ dataDir })` );
	return handle( child.pid, false, stopped );
}

function once( fn ) {
	let promise;
	return ( ...args ) => ( promise ??= fn( ...args ) );
}

/** Settles when a process this one did not start (an adopted server) is gone. */
async function whileAlive( pid ) {
	while ( isAlive( pid ) ) {
		await new Promise( ( resolve ) => setTimeout( resolve, 1000 ).unref() );
	}
	return { code: null, signal: null };
}

async function stopServer( { socket, pid, log, graceMs = 30_000 } ) {
	if ( ! pid || ! isAlive( pid ) ) {
		return;
	}
	const deadline = Date.now() + graceMs;
	try {
		await run(
			binary( 'mariadb-admin' ),
			[ '--no-defaults', `--socket=${ socket }`, '-uroot', 'shutdown' ],
			{ timeoutMs: Math.max( 1000, Math.min( 60_000, graceMs ) ) }
		);
	} catch ( error ) {
		log(
			`mariadb-admin shutdown failed (${
				error.message.split( '\n' )[ 0 ]
			}); sending SIGTERM to ${ pid }`
		);
		sendSignal( pid, 'SIGTERM' );
	}
	while ( isAlive( pid ) ) {
		if ( Date.now() > deadline ) {
			sendSignal( pid, 'SIGKILL' );
			break;
		}
		await sleep( 100 );
	}
}

function sendSignal( pid, name ) {
	try {
		process.kill( pid, name );
	} catch {}
}
