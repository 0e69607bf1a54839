import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * Runs a command to completion; rejects with its output when it fails.
 *
 * @param {string}                                                          command
 * @param {string[]}                                                        args
 * @param {import('node:child_process').SpawnOptions & { quiet?: boolean }} options
 * @return {Promise<string>} Standard output.
 */
export function run( command, args, { quiet = false, ...options } = {} ) {
	return new Promise( ( resolve, reject ) => {
		const child = spawn( command, args, {
			stdio: [ 'ignore', 'pipe', 'pipe' ],
			...options,
		} );
		let out = '';
		let err = '';
		child.stdout.on( 'data', ( chunk ) => ( out += chunk ) );
		// With `stdio: [ …, …, 'inherit' ]` the command's progress goes straight to the terminal.
		child.stderr?.on( 'data', ( chunk ) => ( err += chunk ) );
		// Aborted (options.signal): the command is being killed; settle once it is gone (on 'close').
		child.on( 'error', ( error ) => {
			if ( error.name !== 'AbortError' ) {
				reject( error );
			}
		} );
		child.on( 'close', ( code ) => {
			if ( code === 0 ) {
				if ( ! quiet && err.trim() ) {
					process.stderr.write( err );
				}
				resolve( out );
			} else {
				reject(
					new Error(
						`${ command } ${ args.join(
							' '
						) } exited with ${ code }\n${ out }${ err }`
					)
				);
			}
		} );
	} );
}

/**
 * Starts a long-running process in its own process group (so its children, PHP's workers among them, stop
 * with it), output appended to a log file.
 *
 * @param {string}                                                     name    For messages.
 * @param {string}                                                     command
 * @param {string[]}                                                   args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, logFile: string }} options
 */
export function startService( name, command, args, { env, cwd, logFile } ) {
	const log = fs.openSync( logFile, 'a' );
	const child = spawn( command, args, {
		env,
		cwd,
		detached: true,
		stdio: [ 'ignore', log, log ],
	} );
	fs.closeSync( log );
	trackGroup( child.pid );
	const service = {
		name,
		child,
		logFile,
		exited: new Promise( ( resolve ) =>
			child.on( 'exit', ( code, signal ) => {
				forgetGroupIfGone( child.pid );
				resolve( { code, signal } );
			} )
		),
		/** Kills what is left of the group at once, without waiting (after its leader stopped). */
		kill() {
			killGroup( child.pid, 'SIGKILL' );
			groupGone( child.pid );
		},
		/** Stops the whole group: TERM, then KILL after a grace period. */
		async stop( graceMs = 5000 ) {
			if ( child.exitCode !== null || child.signalCode !== null ) {
				killGroup( child.pid, 'SIGKILL' );
				await groupGone( child.pid );
				return;
			}
			killGroup( child.pid, 'SIGTERM' );
			const timer = setTimeout(
				() => killGroup( child.pid, 'SIGKILL' ),
				graceMs
			);
			await service.exited;
			clearTimeout( timer );
			// Workers may outlive their master; the group is ours alone, so finish it, and wait until it is gone
			// so that a restart finds its ports free.
			killGroup( child.pid, 'SIGKILL' );
			await groupGone( child.pid );
		},
	};
	child.on( 'error', ( error ) => {
		fs.appendFileSync(
			logFile,
			`\n${ name } could not start: ${ error.message }\n`
		);
	} );
	return service;
}

async function groupGone( pid, timeoutMs = 5000 ) {
	const deadline = Date.now() + timeoutMs;
	while ( Date.now() < deadline ) {
		try {
			process.kill( -pid, 0 );
		} catch {
			liveGroups.delete( pid );
			return;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
	}
}

/**
 * The process groups this process started and has not seen end: whatever way this process ends (an exception
 * included), they are killed with it, so no service outlives the command that started it.
 */
const liveGroups = new Set();
process.on( 'exit', () => killAllGroups( 'SIGKILL' ) );

function forgetGroupIfGone( pid ) {
	try {
		process.kill( -pid, 0 );
	} catch {
		liveGroups.delete( pid );
	}
}

/**
 * Counts a process group (a detached child's pid) among those killAllGroups ends.
 *
 * @param {number|undefined} pid
 */
export function trackGroup( pid ) {
	if ( pid ) {
		liveGroups.add( pid );
	}
}

/**
 * Sends a signal to every process group started here and still running (the last resort of a stop that ran out
 * of time).
 *
 * @param {NodeJS.Signals} signal
 */
export function killAllGroups( signal ) {
	for ( const pid of liveGroups ) {
		killGroup( pid, signal );
	}
}

function killGroup( pid, signal ) {
	try {
		process.kill( -pid, signal );
	} catch {}
}

/**
 * Polls a URL until it answers (any status below 500), or fails after the timeout.
 *
 * @param {string}                                                                                        url
 * @param {{ timeoutMs?: number, service?: { name: string, exited: Promise<unknown>, logFile: string } }} options
 */
export async function waitForHttp( url, { timeoutMs = 60000, service } = {} ) {
	const deadline = Date.now() + timeoutMs;
	let died = false;
	service?.exited.then( () => ( died = true ) );
	while ( Date.now() < deadline ) {
		if ( died ) {
			throw new Error(
				`${ service.name } stopped while starting; see ${
					service.logFile
				}:\n${ tail( service.logFile ) }`
			);
		}
		try {
			const response = await fetch( url, {
				redirect: 'manual',
				signal: AbortSignal.timeout( 5000 ),
			} );
			await response.arrayBuffer();
			if ( response.status < 500 ) {
				return;
			}
		} catch {}
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
	}
	throw new Error(
		`${ url } did not answer within ${ timeoutMs / 1000 } s` +
			( service
				? `; see ${ service.logFile }:\n${ tail( service.logFile ) }`
				: '' )
	);
}

/** The last lines of a log file, for error messages. */
export function tail( file, lines = 20 ) {
	try {
		return fs
			.readFileSync( file, 'utf8' )
			.trimEnd()
			.split( '\n' )
			.slice( -lines )
			.join( '\n' );
	} catch {
		return '';
	}
}

/** How a supervised part is restarted: 0.5 s after it stops, doubling up to 10 s while it keeps stopping. */
export const RESTART_BACKOFF = {
	initialMs: 500,
	maxMs: 10_000,
	/** Up this long, a part that stops is restarted after initialMs again. */
	resetAfterMs: 60_000,
};

/**
 * @typedef {Object} Instance One run of a supervised part.
 * @property {Promise<{ code?: number|null, signal?: string|null }>} exited Settles when it stops.
 * @property {(graceMs?: number) => Promise<void>}                   stop   Stops it (and what it started).
 * @property {number}                                                [pid]  Its process (group leader).
 * @property {() => void}                                            [kill] Kills what it left behind, at once.
 */

/**
 * Keeps a part of the platform running. `start()` makes one instance; until `supervise()` is called (the
 * platform is starting) an instance that stops settles `exited` and is left stopped, so that the start can fail
 * with its log; from then on, each one that stops is cleaned up (its process group killed, so nothing it forked
 * is left behind) and started again after a back-off (RESTART_BACKOFF), with one line in the log per restart.
 * A start that throws counts as a stop. `stop()` ends the supervision and stops the instance.
 *
 * @param {Object}                  options
 * @param {string}                  options.name      For the log lines.
 * @param {() => Promise<Instance>} options.start
 * @param {(line: string) => void}  [options.log]
 * @param {string}                  [options.logFile] Also gets the line (the part's own log).
 * @param {typeof RESTART_BACKOFF}  [options.backoff]
 */
export function supervise( {
	name,
	start,
	log = console.log,
	logFile,
	backoff = RESTART_BACKOFF,
} ) {
	let current = null;
	let startedAt = 0;
	let delay = 0;
	let timer = null;
	let launching = null;
	let supervising = false;
	let stopping = false;
	let pending = null;
	let failedToStart;
	const exited = new Promise( ( resolve ) => ( failedToStart = resolve ) );

	const handle = {
		name,
		logFile,
		restarts: 0,
		/** The running instance (null between a stop and its restart). */
		get current() {
			return current;
		},
		/** Settles when an instance stops before supervise() (the platform failed to start). */
		exited,
		/** Starts the first instance. */
		async start() {
			await launch();
			return handle;
		},
		/** From now on, an instance that stops is started again. */
		supervise() {
			supervising = true;
			if ( pending ) {
				const status = pending;
				pending = null;
				restart( status );
			}
		},
		/**
		 * @param {number} [graceMs] How long the instance has to stop before it is killed.
		 */
		async stop( graceMs ) {
			stopping = true;
			clearTimeout( timer );
			await launching?.catch( () => {} );
			await current?.stop( graceMs );
		},
	};

	function launch() {
		launching = ( async () => {
			const instance = await start();
			if ( stopping ) {
				await instance.stop( 0 );
				return;
			}
			current = instance;
			startedAt = Date.now();
			instance.exited.then( ( status ) => {
				if ( instance !== current || stopping ) {
					return;
				}
				if ( ! supervising ) {
					pending = status;
					failedToStart( status );
					return;
				}
				restart( status );
			} );
		} )();
		return launching;
	}

	async function restart( status ) {
		const upMs = current ? Date.now() - startedAt : 0;
		// Whatever the stopped process left behind (a forked worker, a half-started child) goes with it.
		if ( current?.kill ) {
			current.kill();
		} else {
			await current?.stop( 0 ).catch( () => {} );
		}
		current = null;
		if ( stopping ) {
			return;
		}
		delay =
			upMs >= backoff.resetAfterMs || ! delay
				? backoff.initialMs
				: Math.min( delay * 2, backoff.maxMs );
		handle.restarts++;
		const why =
			status.error?.split( '\n' )[ 0 ] ??
			( status.signal
				? `killed by ${ status.signal }`
				: `exit code ${ status.code }` );
		const line = `${ name } stopped (${ why }) after ${ (
			upMs / 1000
		).toFixed( 1 ) } s; restarting it in ${ delay / 1000 } s (restart ${
			handle.restarts
		})`;
		log( `[${ new Date().toISOString() }] ${ line }` );
		if ( logFile ) {
			try {
				fs.appendFileSync(
					logFile,
					`\n[supervisor ${ new Date().toISOString() }] ${ line }\n`
				);
			} catch {}
		}
		timer = setTimeout( async () => {
			timer = null;
			if ( stopping ) {
				return;
			}
			try {
				await launch();
			} catch ( error ) {
				restart( { error: error.message } );
			}
		}, delay );
	}

	return handle;
}

/**
 * supervise() for a command: each instance is startService( name, command, args… ). `prepare` runs before each
 * start and gives the arguments and environment (a fresh port, say); `onStart` sees each service started.
 *
 * @param {string}                                                                                                                        name
 * @param {() => Promise<{ command: string, args: string[], env?: NodeJS.ProcessEnv }>}                                                   prepare
 * @param {{ cwd?: string, logFile: string, log?: (line: string) => void, onStart?: (service: ReturnType<typeof startService>) => void }} options
 */
export function superviseCommand(
	name,
	prepare,
	{ cwd, logFile, log, onStart }
) {
	return supervise( {
		name,
		log,
		logFile,
		async start() {
			const { command, args, env } = await prepare();
			const service = startService( name, command, args, {
				env,
				cwd,
				logFile,
			} );
			onStart?.( service );
			return {
				pid: service.child.pid,
				exited: service.exited,
				kill: () => service.kill(),
				stop: ( graceMs ) => service.stop( graceMs ),
			};
		},
	} );
}
