#!/usr/bin/env node
/**
 * `npm start`: the whole platform on one machine, offline, with demo data.
 *
 *   npm start                      SQLite, native PHP when it can be had (wp-now otherwise)
 *   npm start -- --db=mysql        WordPress and the API on a private MariaDB in the data directory
 *   npm start -- --runtime=wp-now  WordPress in WebAssembly (no PHP needed)
 *
 * Environment: PORT (default 8080), CROWDSCOUT_DATA_DIR (default ./.data).
 *
 * Once running, a part that stops (the API, a PHP server, wp-now, MariaDB) is restarted on its own, with a line
 * here; the others keep serving. Ctrl-C, SIGTERM and SIGHUP stop everything within 10 s, and so does the end of
 * npm under `npm start`. The exit code says why it ended: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP or npm
 * gone), 1 (it could not start, or the proxy failed).
 */
import { parseArgs } from 'node:util';
import { startPlatform, STOP_TIMEOUT_MS } from './lib/platform.mjs';
import { killAllGroups } from './lib/process.mjs';
import { DEMO_ADMIN, DEMO_TESTERS } from './lib/demo.mjs';

const { values } = parseArgs( {
	options: {
		db: { type: 'string', default: 'sqlite' },
		runtime: { type: 'string', default: 'auto' },
		port: { type: 'string' },
	},
} );

if ( ! [ 'sqlite', 'mysql' ].includes( values.db ) ) {
	console.error( `Unknown --db=${ values.db }: use sqlite or mysql.` );
	process.exit( 2 );
}
if ( ! [ 'auto', 'php', 'wp-now' ].includes( values.runtime ) ) {
	console.error(
		`Unknown --runtime=${ values.runtime }: use auto, php or wp-now.`
	);
	process.exit( 2 );
}
const port = Number( values.port ?? process.env.PORT ?? 8080 );
if ( ! Number.isInteger( port ) || port < 1 || port > 65532 ) {
	console.error(
		`PORT must be a port number, not "${
			values.port ?? process.env.PORT
		}".`
	);
	process.exit( 2 );
}

const startedAt = Date.now();
let platform;
let stopping = false;
const starting = new AbortController();
let startPromise;

/**
 * Stops every part (a start in progress included) and exits with `code`; whatever has not stopped after
 * STOP_TIMEOUT_MS is killed, so the whole takes less than 10 s.
 *
 * @param {number} code
 * @param {string} why
 */
async function shutdown( code, why ) {
	if ( stopping ) {
		return;
	}
	stopping = true;
	console.log( `\nStopping Crowdscout (${ why })…` );
	setTimeout( () => {
		killAllGroups( 'SIGKILL' );
		process.exit( code );
	}, STOP_TIMEOUT_MS + 500 );
	starting.abort();
	// A start in progress stops what it started before it settles.
	await startPromise?.then(
		( running ) => running.stop(),
		() => {}
	);
	process.exit( code );
}
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
for ( const [ signal, code ] of Object.entries( SIGNAL_CODES ) ) {
	process.on( signal, () => shutdown( code, signal ) );
}
// `npm start` runs this under `sh -c`, and npm passes a SIGTERM on to the shell only, which ends without passing
// it on: under npm, a parent (that shell) that ends is a stop too, as a hangup.
if ( process.env.npm_lifecycle_event ) {
	const parent = process.ppid;
	setInterval( () => {
		if ( process.ppid !== parent ) {
			shutdown( SIGNAL_CODES.SIGHUP, 'npm ended' );
		}
	}, 500 ).unref();
}

try {
	startPromise = startPlatform( {
		port,
		db: values.db,
		runtime: values.runtime,
		signal: starting.signal,
	} );
	platform = await startPromise;
} catch ( error ) {
	if ( ! stopping ) {
		console.error( `\nCrowdscout could not start: ${ error.message }` );
		process.exit( 1 );
	}
	// A signal stopped the start: shutdown() exits with its code.
	await new Promise( () => {} );
}

const seconds = ( ( Date.now() - startedAt ) / 1000 ).toFixed( 1 );
const login = ( email ) => {
	const tester = DEMO_TESTERS.find( ( item ) => item.email === email );
	return `${ tester.email } / ${ tester.password }`;
};
console.log( `
Crowdscout is running at ${
	platform.url
}/  (ready in ${ seconds } s; WordPress on ${ platform.runtime }, ${
	platform.db
})

  Tester:      ${ login( 'demo@crowdscout.test' ) }   → ${
		platform.url
  }/my-account/   (new: onboarding, nothing yet)
  Veteran:     ${ login( 'veteran@crowdscout.test' ) }   → ${
		platform.url
  }/my-dashboard/   (every state)
  Unverified:  ${ login( 'unverified@crowdscout.test' ) }   → ${
		platform.url
  }/payments/   (fiscal profile unverified, booty below threshold)
  Heavy:       ${ login( 'heavy@crowdscout.test' ) }   → ${
		platform.url
  }/experience-points/   (thousands of rows)
  Invoice:     ${ login( 'invoice@crowdscout.test' ) }   → ${
		platform.url
  }/payments/   (the bank-invoice payment flow)
  Lead:        ${ login( 'lead@crowdscout.test' ) }   → ${
		platform.url
  }/my-dashboard/
  Admin:       ${ DEMO_ADMIN.email } / ${ DEMO_ADMIN.password }   → ${
		platform.url
  }/wp-admin/
  API:         ${ platform.url }/api   (POST /api/authenticate for a token)
  Data:        ${ platform.dataDir }   (npm run reset wipes it)

A part that stops is restarted on its own. Press Ctrl-C to stop.` );

platform.failed.then( ( error ) => {
	if ( ! stopping ) {
		console.error( `\n${ error.message }` );
		shutdown( 1, 'the proxy failed' );
	}
} );
