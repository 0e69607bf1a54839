/**
 * `npm start` started and stopped again and again, as an operator (or a service manager) does: every start
 * reaches "running", serves the dashboard and the demo logins, and spends none of the public sign-up limit (20
 * an hour per address: four starts in an hour once used it up); every stop, by Ctrl-C, SIGTERM or SIGHUP, ends
 * every process within 10 s with an exit code that says why. Run by `npm test` (tests/reliability).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
	DEMO_TESTERS,
	dashboardOf,
	dataDirFor,
	isAlive,
	portFor,
	processState,
	processTree,
	readAccounts,
	startNpmStart,
	sleep,
	cleanUp,
} from './helpers.mjs';

const port = portFor( 0 );
const dataDir = dataDirFor( 'restart' );
const runs = [];
let failed = false;

after( () => cleanUp( runs, dataDir, failed ) );

/** Stops a run with `signal` and checks the exit: within 10 s, the code the signal calls for, nothing left. */
async function stopAndCheck( run, signal, code ) {
	const children = processTree( run.pid );
	const stopped = await run.stop( signal );
	assert.ok( stopped, `npm start stopped on ${ signal } within 15 s` );
	assert.ok(
		stopped.ms < 10_000,
		`${ signal } stopped npm start in ${ stopped.ms } ms (under 10 s)`
	);
	assert.equal( stopped.code, code, `exit code after ${ signal }` );
	// Its children may take what is left of the 10 s to go (a zombie is gone: only its exit status is left).
	const left = () =>
		children.filter(
			( child ) =>
				isAlive( child.pid ) &&
				! processState( child.pid )?.startsWith( 'Z' )
		);
	while ( left().length && Date.now() - stopped.at < 10_000 ) {
		await sleep( 100 );
	}
	assert.deepEqual(
		left().map( ( child ) => `${ child.pid } ${ child.args }` ),
		[],
		`no process of npm start outlives it by 10 s`
	);
}

const STOPS = [
	[ 'SIGTERM', 143 ],
	[ 'SIGINT', 130 ],
	[ 'SIGHUP', 129 ],
	[ 'SIGTERM', 143 ],
	[ 'SIGINT', 130 ],
];

describe( 'npm start, five times in a row', () => {
	test( 'every start runs, serves the dashboard and every demo login, and spends no sign-up', async () => {
		try {
			for ( const [ round, [ signal, code ] ] of STOPS.entries() ) {
				const run = await startNpmStart( { port, dataDir } );
				runs.push( run );
				console.log(
					`start ${ round + 1 }: running in ${ (
						run.startMs / 1000
					).toFixed( 1 ) } s`
				);
				const page = await fetch( `${ run.url }/my-dashboard/` );
				assert.equal(
					page.status,
					200,
					`start ${ round + 1 }: /my-dashboard/`
				);
				for ( const tester of DEMO_TESTERS ) {
					const dashboard = await dashboardOf( run.url, tester );
					assert.equal( dashboard.status, 200, tester.email );
					assert.ok(
						dashboard.user,
						`${ tester.email } is logged in on the dashboard`
					);
					assert.equal( dashboard.me, 200, tester.email );
					assert.equal( dashboard.email, tester.email );
				}
				await stopAndCheck( run, signal, code );
			}
			const accounts = readAccounts( dataDir );
			assert.equal(
				accounts.signUpHits,
				0,
				'the starts spent none of the sign-ups allowed to 127.0.0.1'
			);
			for ( const tester of DEMO_TESTERS ) {
				const user = accounts.testerUsers.filter(
					( row ) => row.email === tester.email
				);
				assert.equal(
					user.length,
					1,
					`one WordPress user ${ tester.email }`
				);
				assert.equal(
					accounts.testers.filter(
						( row ) => row.wpUserId === user[ 0 ].id
					).length,
					1,
					`one tester row for ${ tester.email }`
				);
			}
		} catch ( error ) {
			failed = true;
			throw error;
		}
	} );

	test( 'a stop while starting ends every process within 10 s', async () => {
		const fresh = dataDirFor( 'stop-while-starting' );
		const run = await startNpmStart( {
			port,
			dataDir: fresh,
			waitUntilRunning: false,
		} );
		runs.push( run );
		try {
			// Halfway: WordPress being installed, or the first parts up.
			await sleep( 3000 );
			await stopAndCheck( run, 'SIGTERM', 143 );
		} finally {
			fs.rmSync( fresh, { recursive: true, force: true } );
		}
	} );
} );
