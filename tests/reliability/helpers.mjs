/**
 * The reliability suite's harness: `npm start` as an operator runs it (scripts/start.mjs in a process of its
 * own, on its own port and data directory), its process tree as `ps` shows it, and the two databases read
 * directly (SQLite, the default of `npm start`).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { Browser, pageConfig } from '../http/helpers.mjs';

export const sleep = ( ms ) =>
	new Promise( ( resolve ) => setTimeout( resolve, ms ) );

/**
 * A data directory of its own, removed after the run unless CROWDSCOUT_KEEP_TEST_DATA is set or a test failed.
 *
 * @param {string} name
 */
export function dataDirFor( name ) {
	return fs.mkdtempSync(
		path.join( os.tmpdir(), `crowdscout-reliability-${ name }-` )
	);
}

/**
 * After a test file: its runs killed (those still running), its data directory removed unless a test failed or
 * CROWDSCOUT_KEEP_TEST_DATA is set, in which case where it is kept is printed.
 *
 * @param {Array<{ kill: () => void }>} runs
 * @param {string}                      dataDir
 * @param {boolean}                     failed
 */
export function cleanUp( runs, dataDir, failed ) {
	for ( const run of runs ) {
		run?.kill();
	}
	if ( ! failed && ! process.env.CROWDSCOUT_KEEP_TEST_DATA ) {
		fs.rmSync( dataDir, { recursive: true, force: true } );
	} else {
		console.log( `Data and logs kept in ${ dataDir }` );
	}
}

/**
 * The port a test file runs its platform on (and the three after it): CROWDSCOUT_RELIABILITY_PORT moves them all.
 *
 * @param {number} offset 0, 100, 200… per test file.
 */
export function portFor( offset ) {
	return Number( process.env.CROWDSCOUT_RELIABILITY_PORT ?? 18680 ) + offset;
}

/**
 * `npm start` (scripts/start.mjs) on a port and data directory, until it prints that it is running (unless
 * `waitUntilRunning` is false).
 *
 * @param {{ port: number, dataDir: string, timeoutMs?: number, args?: string[], waitUntilRunning?: boolean }} options
 */
export async function startNpmStart( {
	port,
	dataDir,
	timeoutMs = 240_000,
	args = [],
	waitUntilRunning = true,
} ) {
	const child = spawn(
		process.execPath,
		[ path.join( ROOT, 'scripts/start.mjs' ), ...args ],
		{
			cwd: ROOT,
			env: {
				...process.env,
				PORT: String( port ),
				CROWDSCOUT_DATA_DIR: dataDir,
			},
			// Its own process group, so that a failed test can still clean everything up.
			detached: true,
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		}
	);
	const run = {
		child,
		pid: child.pid,
		url: `http://127.0.0.1:${ port }`,
		wordpressUrl: `http://127.0.0.1:${ port + 1 }`,
		apiUrl: `http://127.0.0.1:${ port + 2 }/api`,
		dataDir,
		output: '',
		exited: new Promise( ( resolve ) =>
			child.on( 'exit', ( code, signal ) => resolve( { code, signal } ) )
		),
		/** Waits until the output matches. */
		async waitForOutput( pattern, waitMs = 30_000 ) {
			const deadline = Date.now() + waitMs;
			while ( ! pattern.test( run.output ) ) {
				if ( Date.now() > deadline ) {
					throw new Error(
						`npm start did not print ${ pattern } within ${
							waitMs / 1000
						} s:\n${ run.output }`
					);
				}
				await sleep( 50 );
			}
		},
		/**
		 * Sends a signal and waits for the exit: { code, signal, ms }.
		 *
		 * @param {NodeJS.Signals} signal
		 * @param {number}         [waitMs]
		 */
		async stop( signal = 'SIGTERM', waitMs = 15_000 ) {
			const started = Date.now();
			if ( child.exitCode === null && child.signalCode === null ) {
				child.kill( signal );
			}
			const result = await Promise.race( [
				run.exited,
				sleep( waitMs ).then( () => null ),
			] );
			return (
				result && { ...result, ms: Date.now() - started, at: started }
			);
		},
		/** Whatever is left of it and its children, killed (a failed test's cleanup). */
		kill() {
			for ( const pid of [ child.pid, ...descendants( child.pid ) ] ) {
				try {
					process.kill( -pid, 'SIGKILL' );
				} catch {}
				try {
					process.kill( pid, 'SIGKILL' );
				} catch {}
			}
		},
	};
	child.stdout.on( 'data', ( chunk ) => ( run.output += chunk ) );
	child.stderr.on( 'data', ( chunk ) => ( run.output += chunk ) );
	if ( ! waitUntilRunning ) {
		return run;
	}
	const started = Date.now();
	const ready = /Crowdscout is running at/;
	while ( ! ready.test( run.output ) ) {
		if ( child.exitCode !== null || child.signalCode !== null ) {
			throw new Error(
				`npm start stopped before it was running (${
					child.exitCode ?? child.signalCode
				}):\n${ run.output }`
			);
		}
		if ( Date.now() - started > timeoutMs ) {
			run.kill();
			throw new Error(
				`npm start was not running after ${ timeoutMs / 1000 } s:\n${
					run.output
				}`
			);
		}
		await sleep( 100 );
	}
	run.startMs = Date.now() - started;
	return run;
}

/**
 * The processes under `pid` (children, theirs…), from ps.
 *
 * @param {number} pid
 * @return {{ pid: number, ppid: number, stat: string, args: string }[]} One entry per process.
 */
export function processTree( pid ) {
	const rows = execFileSync( 'ps', [ '-eo', 'pid=,ppid=,stat=,args=' ], {
		encoding: 'utf8',
	} )
		.trim()
		.split( '\n' )
		.map( ( line ) => {
			const [ , id, parent, stat, args ] = line.match(
				/^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/
			);
			return {
				pid: Number( id ),
				ppid: Number( parent ),
				stat,
				args,
			};
		} );
	const found = [];
	const queue = [ pid ];
	while ( queue.length ) {
		const parent = queue.shift();
		for ( const row of rows ) {
			if ( row.ppid === parent ) {
				found.push( row );
				queue.push( row.pid );
			}
		}
	}
	return found;
}

/** @param {number} pid */
export const descendants = ( pid ) =>
	processTree( pid ).map( ( row ) => row.pid );

/**
 * The platform's parts among the processes of `npm start`.
 *
 * @param {number} pid
 */
export function parts( pid ) {
	const tree = processTree( pid );
	return {
		tree,
		api: tree.filter( ( row ) => /src\/server\.ts/.test( row.args ) ),
		php: tree.filter( ( row ) => /^php .* -S /.test( row.args ) ),
		zombies: tree.filter( ( row ) => row.stat.startsWith( 'Z' ) ),
	};
}

/**
 * A process's state letter(s) from ps (Z: a zombie), or null when it is gone.
 *
 * @param {number} pid
 */
export function processState( pid ) {
	try {
		return execFileSync( 'ps', [ '-o', 'stat=', '-p', String( pid ) ], {
			encoding: 'utf8',
		} ).trim();
	} catch {
		return null;
	}
}

export function isAlive( pid ) {
	try {
		process.kill( pid, 0 );
		return true;
	} catch {
		return false;
	}
}

/**
 * Polls until `check` returns something truthy, which it returns; fails after waitMs.
 *
 * @param {() => any} check
 * @param {string}    what   For the failure message.
 * @param {number}    waitMs
 */
export async function eventually( check, what, waitMs = 30_000 ) {
	const deadline = Date.now() + waitMs;
	let last;
	while ( Date.now() < deadline ) {
		try {
			last = await check();
			if ( last ) {
				return last;
			}
		} catch ( error ) {
			last = error;
		}
		await sleep( 100 );
	}
	throw new Error(
		`${ what } did not happen within ${ waitMs / 1000 } s (last: ${
			last?.message ?? last
		})`
	);
}

/**
 * Logs a demo tester in through WordPress and opens the dashboard: the page must name the tester and carry a
 * token the API accepts for the tester's own profile.
 *
 * @param {string}                              url
 * @param {{ email: string, password: string }} tester
 */
export async function dashboardOf( url, tester ) {
	const browser = new Browser( url );
	await browser.logIn( tester.email, tester.password );
	const response = await browser.fetch( '/my-dashboard/' );
	const config = pageConfig( await response.text() );
	const me = await fetch( `${ url }/api/users/me?fields=email`, {
		headers: { authorization: `Bearer ${ config?.token }` },
	} );
	return {
		status: response.status,
		user: config?.user,
		me: me.status,
		email: me.ok ? ( await me.json() ).email : null,
	};
}

export { DEMO_TESTERS };

/**
 * The two stores of a platform's data directory, read-only: the WordPress users with a tester role, and the
 * API's tester rows that belong to WordPress users (seeded rows, which have none by design, left out).
 *
 * @param {string} dataDir
 */
export function readAccounts( dataDir ) {
	const wordpress = new Database(
		path.join( dataDir, 'wordpress-db/wordpress.sqlite' ),
		{ readonly: true, fileMustExist: true }
	);
	const api = new Database( path.join( dataDir, 'api.sqlite' ), {
		readonly: true,
		fileMustExist: true,
	} );
	try {
		const users = wordpress
			.prepare(
				`select u.ID as id, u.user_email as email, m.meta_value as capabilities
				from wp_users u join wp_usermeta m on m.user_id = u.ID and m.meta_key = 'wp_capabilities'`
			)
			.all()
			.map( ( row ) => ( {
				id: Number( row.id ),
				email: String( row.email ).toLowerCase(),
				tester: /"tester(_lead)?"/.test( row.capabilities ),
			} ) );
		const allUsers = wordpress
			.prepare( 'select ID as id, user_email as email from wp_users' )
			.all()
			.map( ( row ) => ( {
				id: Number( row.id ),
				email: String( row.email ).toLowerCase(),
			} ) );
		const testers = api
			.prepare(
				'select id, wp_user_id as wpUserId, email from testers where wp_user_id < 1000000'
			)
			.all()
			.map( ( row ) => ( {
				id: Number( row.id ),
				wpUserId: Number( row.wpUserId ),
				email: String( row.email ).toLowerCase(),
			} ) );
		// Sign-ups counted against 127.0.0.1, the address every start used to spend them from.
		const signUpHits = Number(
			api
				.prepare(
					"select coalesce( sum( hits ), 0 ) as n from rate_limit_hits where bucket in ( 'signup:127.0.0.1', 'signup:::1', 'signup:::ffff:127.0.0.1' )"
				)
				.get().n
		);
		return {
			users,
			allUsers,
			testerUsers: users.filter( ( user ) => user.tester ),
			testers,
			signUpHits,
		};
	} finally {
		wordpress.close();
		api.close();
	}
}
