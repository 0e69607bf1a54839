#!/usr/bin/env node
/**
 * `npm run soak`: the tester reads under sustained load, through the proxy as browsers send them: 200
 * connections for 60 s over the dashboard, experience, bugs and ranking reads (as scripts/bench/api.mjs picks
 * them), each connection logged in as one of the demo testers. Prints requests/s, p50 and p99 latency and the
 * errors; exits 1 on any error (a non-2xx answer, a connection error or a timeout). Not part of `npm test`.
 *
 *   npm run soak                                   a throwaway platform (own port and data directory)
 *   npm run soak -- --url http://127.0.0.1:8080    a platform that runs already (`npm start`)
 *   npm run soak -- --connections 200 --duration 60 --direct   (--direct: the API's own port, no proxy)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT } from './lib/paths.mjs';
import { DEMO_TESTERS } from './lib/demo.mjs';

const { values } = parseArgs( {
	options: {
		url: { type: 'string' },
		connections: { type: 'string', default: '200' },
		duration: { type: 'string', default: '60' },
		port: { type: 'string', default: '18980' },
		direct: { type: 'boolean', default: false },
	},
} );
const connections = Number( values.connections );
const duration = Number( values.duration );

const filter = ( filters ) =>
	Object.entries( filters )
		.map(
			( [ key, value ] ) =>
				`${ encodeURIComponent( `filterBy[${ key }]` ) }=${ value }`
		)
		.join( '&' );

/** The reads of the tester pages, as the widgets send them. */
const READS = [
	'/users/me?fields=total_exp_pts,booty,pending_booty,rank,attended_cp,approved_bugs,booty_threshold',
	`/users/me/campaigns?${ filter( {
		accepted: 1,
		completed: 0,
	} ) }&orderBy=start_date&order=ASC&limit=10`,
	`/users/me/campaigns?${ filter( {
		accepted: 0,
		completed: 0,
	} ) }&orderBy=visibility&order=ASC&limit=10`,
	`/users/me/campaigns?${ filter( {
		accepted: 1,
		statusId: 2,
	} ) }&orderBy=close_date&order=DESC&limit=10`,
	`/users/me/campaigns?${ filter( {
		accepted: 1,
		statusId: 1,
		completed: 1,
	} ) }&orderBy=end_date&order=DESC&limit=10`,
	'/users/me/experience?limit=25',
	'/users/me/bugs?limit=25&orderBy=id&order=DESC',
	'/users/me/rank',
	'/users/me/rank/list',
];

/** A throwaway `npm start` on its own port and data directory, until it is running. */
async function throwawayPlatform( port ) {
	const dataDir = fs.mkdtempSync(
		path.join( os.tmpdir(), 'crowdscout-soak-' )
	);
	console.log(
		`Starting a throwaway platform on port ${ port } (data in ${ dataDir })…`
	);
	const child = spawn(
		process.execPath,
		[ path.join( ROOT, 'scripts/start.mjs' ) ],
		{
			cwd: ROOT,
			env: {
				...process.env,
				PORT: String( port ),
				CROWDSCOUT_DATA_DIR: dataDir,
			},
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		}
	);
	let output = '';
	child.stdout.on( 'data', ( chunk ) => ( output += chunk ) );
	child.stderr.on( 'data', ( chunk ) => ( output += chunk ) );
	const exited = new Promise( ( resolve ) => child.on( 'exit', resolve ) );
	const deadline = Date.now() + 300_000;
	while ( ! output.includes( 'Crowdscout is running at' ) ) {
		if ( child.exitCode !== null || Date.now() > deadline ) {
			child.kill( 'SIGTERM' );
			throw new Error( `The platform did not start:\n${ output }` );
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 200 ) );
	}
	return {
		url: `http://127.0.0.1:${ port }`,
		async stop() {
			child.kill( 'SIGTERM' );
			await exited;
			fs.rmSync( dataDir, { recursive: true, force: true } );
		},
	};
}

/** A token per demo tester who has data to read, through POST /api/authenticate. */
async function tokens( apiBase ) {
	const found = [];
	for ( const tester of DEMO_TESTERS ) {
		const response = await fetch( `${ apiBase }/authenticate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( {
				username: tester.email,
				password: tester.password,
			} ),
		} );
		if ( ! response.ok ) {
			throw new Error(
				`Could not log ${ tester.email } in: ${
					response.status
				} ${ await response.text() }`
			);
		}
		found.push( ( await response.json() ).token );
	}
	return found;
}

let platform = null;
let failures = 1;
try {
	if ( ! values.url ) {
		platform = await throwawayPlatform( Number( values.port ) );
	}
	const site = ( values.url ?? platform.url ).replace( /\/+$/, '' );
	const apiBase = values.direct
		? `http://127.0.0.1:${ Number( new URL( site ).port ) + 2 }/api`
		: `${ site }/api`;
	const logins = await tokens( `${ site }/api` );
	let next = 0;
	console.log(
		`Soaking ${ apiBase }: ${ connections } connections for ${ duration } s over ${ READS.length } tester reads, ${ logins.length } testers…`
	);
	const result = await autocannon( {
		url: apiBase,
		connections,
		duration,
		timeout: 10,
		requests: READS.map( ( read ) => ( {
			method: 'GET',
			path: `${ new URL( apiBase ).pathname }${ read }`,
			setupRequest( request, context ) {
				context.token ??= logins[ next++ % logins.length ];
				return {
					...request,
					headers: {
						...request.headers,
						authorization: `Bearer ${ context.token }`,
					},
				};
			},
		} ) ),
	} );
	failures = result.errors + result.timeouts + result.non2xx;
	const statuses = Object.entries( result.statusCodeStats ?? {} )
		.map( ( [ status, { count } ] ) => `${ status }: ${ count }` )
		.join( ', ' );
	console.log(
		[
			'',
			`requests     ${ result.requests.total.toLocaleString(
				'en'
			) } in ${ result.duration.toFixed( 1 ) } s`,
			`req/s        ${ Math.round(
				result.requests.average
			).toLocaleString( 'en' ) } (average)`,
			`latency      p50 ${ result.latency.p50 } ms, p99 ${ result.latency.p99 } ms, max ${ result.latency.max } ms`,
			`answers      ${ statuses || 'none' }`,
			`errors       ${ failures } (${ result.non2xx } non-2xx, ${ result.errors } connection errors, ${ result.timeouts } timeouts)`,
			'',
			failures ? 'FAIL: the soak saw errors' : 'ok: no error',
		].join( '\n' )
	);
} catch ( error ) {
	console.error( `npm run soak: ${ error.message }` );
} finally {
	await platform?.stop();
}
process.exit( failures ? 1 : 0 );
