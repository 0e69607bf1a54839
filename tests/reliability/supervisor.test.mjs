/**
 * A running `npm start` under faults: kill -9 of the API or of a PHP server restarts that part alone while the
 * rest keeps serving (pages keep answering; no zombie among its processes), restarts back off, and the proxy
 * relays the API's early 413 for a body over 1 MiB on a connection that stays usable. Run by `npm test`
 * (tests/reliability).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import {
	dataDirFor,
	eventually,
	parts,
	portFor,
	sleep,
	startNpmStart,
	cleanUp,
} from './helpers.mjs';

const port = portFor( 100 );
const dataDir = dataDirFor( 'supervisor' );
let run;
let failed = false;

before( async () => {
	run = await startNpmStart( { port, dataDir } );
} );
after( async () => {
	await run?.stop( 'SIGTERM' );
	cleanUp( [ run ], dataDir, failed );
} );

/** Loads a WordPress page over and over until stopped: the statuses (0 for no answer at all). */
function keepLoading( path ) {
	const statuses = [];
	let going = true;
	const done = ( async () => {
		while ( going ) {
			try {
				const response = await fetch( `${ run.url }${ path }`, {
					signal: AbortSignal.timeout( 20_000 ),
				} );
				await response.arrayBuffer();
				statuses.push( response.status );
			} catch {
				statuses.push( 0 );
			}
			await sleep( 50 );
		}
	} )();
	return async () => {
		going = false;
		await done;
		return statuses;
	};
}

function checked( fn ) {
	return async () => {
		try {
			await fn();
		} catch ( error ) {
			failed = true;
			throw error;
		}
	};
}

const noZombie = () =>
	assert.deepEqual(
		parts( run.pid ).zombies.map( ( row ) => `${ row.pid } ${ row.args }` ),
		[],
		'no zombie among the processes of npm start'
	);

describe( 'the supervisor of npm start', () => {
	test(
		'kill -9 of the API: the API is restarted, WordPress answers throughout',
		checked( async () => {
			const [ api ] = parts( run.pid ).api;
			assert.ok( api, 'the API runs under npm start' );
			const pages = keepLoading( '/my-dashboard/' );
			await sleep( 200 );
			process.kill( api.pid, 'SIGKILL' );
			await eventually(
				async () =>
					( await fetch( `${ run.url }/api/health` ) ).status === 200,
				'the API answering again',
				20_000
			);
			await sleep( 200 );
			const statuses = await pages();
			assert.ok( statuses.length >= 3, 'pages were loaded meanwhile' );
			assert.deepEqual(
				statuses.filter( ( status ) => status !== 200 ),
				[],
				'every page answered 200 while the API restarted'
			);
			const now = parts( run.pid );
			assert.equal( now.api.length, 1, 'one API process' );
			assert.notEqual( now.api[ 0 ].pid, api.pid );
			assert.match(
				run.output,
				/API stopped \(killed by SIGKILL\) after [\d.]+ s; restarting it in [\d.]+ s \(restart 1\)/
			);
			noZombie();
		} )
	);

	test(
		'kill -9 of a PHP server: it is replaced while the others serve, and none is left a zombie',
		checked( async () => {
			const { php } = parts( run.pid );
			assert.equal( php.length, 4, 'four PHP servers' );
			const pages = keepLoading( '/my-dashboard/' );
			await sleep( 200 );
			process.kill( php[ 0 ].pid, 'SIGKILL' );
			await eventually(
				() => {
					const now = parts( run.pid ).php;
					return (
						now.length === 4 &&
						! now.some( ( row ) => row.pid === php[ 0 ].pid )
					);
				},
				'a new PHP server in place of the killed one',
				15_000
			);
			await sleep( 500 );
			const statuses = await pages();
			assert.deepEqual(
				statuses.filter( ( status ) => status !== 200 ),
				[],
				'every page answered 200 meanwhile'
			);
			assert.match(
				run.output,
				/WordPress \(PHP server \d of 4\) stopped \(killed by SIGKILL\)/
			);
			for ( let check = 0; check < 5; check++ ) {
				noZombie();
				await sleep( 200 );
			}
		} )
	);

	test(
		'kill -9 of every PHP server at once: all come back, and pages answer again',
		checked( async () => {
			const { php } = parts( run.pid );
			for ( const row of php ) {
				process.kill( row.pid, 'SIGKILL' );
			}
			await eventually(
				() =>
					parts( run.pid ).php.filter(
						( row ) => ! php.some( ( old ) => old.pid === row.pid )
					).length === 4,
				'four new PHP servers',
				20_000
			);
			const page = await fetch( `${ run.url }/my-dashboard/` );
			assert.equal( page.status, 200 );
			noZombie();
		} )
	);

	test(
		'a part that keeps crashing is restarted after longer and longer pauses',
		checked( async () => {
			for ( let crash = 0; crash < 3; crash++ ) {
				const [ api ] = await eventually(
					async () =>
						( await fetch( `${ run.url }/api/health` ) ).status ===
							200 && parts( run.pid ).api,
					'the API up',
					30_000
				);
				process.kill( api.pid, 'SIGKILL' );
				await sleep( 100 );
			}
			await eventually(
				async () =>
					( await fetch( `${ run.url }/api/health` ) ).status === 200,
				'the API up again',
				30_000
			);
			const delays = [
				...run.output.matchAll(
					/API stopped \(killed by SIGKILL\) after [\d.]+ s; restarting it in ([\d.]+) s/g
				),
			].map( ( match ) => Number( match[ 1 ] ) );
			const last = delays.slice( -3 );
			assert.equal( last.length, 3 );
			assert.ok(
				last[ 1 ] === Math.min( last[ 0 ] * 2, 10 ) &&
					last[ 2 ] === Math.min( last[ 1 ] * 2, 10 ),
				`the pauses double (${ delays.join( ', ' ) } s)`
			);
		} )
	);

	test(
		"a 5 MB body through the proxy answers the API's 413, ten times on one keep-alive connection",
		checked( async () => {
			const agent = new http.Agent( { keepAlive: true, maxSockets: 1 } );
			const sockets = new Set();
			const body = Buffer.alloc( 5_000_000, 'x' );
			const send = ( method, path, payload ) =>
				new Promise( ( resolve, reject ) => {
					const request = http.request(
						{
							host: '127.0.0.1',
							port,
							method,
							path,
							agent,
							headers: payload
								? {
										'content-type': 'application/json',
										'content-length': payload.length,
								  }
								: {},
						},
						( response ) => {
							let text = '';
							response.on(
								'data',
								( chunk ) => ( text += chunk )
							);
							response.on( 'end', () =>
								resolve( { status: response.statusCode, text } )
							);
						}
					);
					request.on( 'socket', ( socket ) => sockets.add( socket ) );
					request.on( 'error', reject );
					request.end( payload );
				} );
			try {
				for ( let round = 1; round <= 10; round++ ) {
					const answer = await send( 'POST', '/api/users', body );
					assert.equal( answer.status, 413, `round ${ round }` );
					const json = JSON.parse( answer.text );
					assert.equal( json.status, 413 );
					assert.equal( typeof json.error, 'string' );
					assert.equal( typeof json.message, 'string' );
				}
				const health = await send( 'GET', '/api/health' );
				assert.equal(
					health.status,
					200,
					'the connection still serves'
				);
				assert.equal( sockets.size, 1, 'one connection for all of it' );
			} finally {
				agent.destroy();
			}
		} )
	);
} );
