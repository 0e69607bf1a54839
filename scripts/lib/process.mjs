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
		child.on( 'error', reject );
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
	const service = {
		name,
		child,
		logFile,
		exited: new Promise( ( resolve ) =>
			child.on( 'exit', ( code, signal ) => resolve( { code, signal } ) )
		),
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
			return;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
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
