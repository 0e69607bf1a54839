#!/usr/bin/env node
/**
 * `npm start`: the whole platform on one machine, offline, with demo data.
 *
 *   npm start                      SQLite, native PHP when it can be had (wp-now otherwise)
 *   npm start -- --db=mysql        WordPress and the API on a private MariaDB in the data directory
 *   npm start -- --runtime=wp-now  WordPress in WebAssembly (no PHP needed)
 *
 * Environment: PORT (default 8080), CROWDSCOUT_DATA_DIR (default ./.data).
 */
import { parseArgs } from 'node:util';
import { startPlatform } from './lib/platform.mjs';
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

async function shutdown( code ) {
	if ( stopping ) {
		return;
	}
	stopping = true;
	console.log( '\nStopping Crowdscout…' );
	await platform?.stop();
	process.exit( code );
}
process.on( 'SIGINT', () => shutdown( 0 ) );
process.on( 'SIGTERM', () => shutdown( 0 ) );
process.on( 'SIGHUP', () => shutdown( 0 ) );

try {
	platform = await startPlatform( {
		port,
		db: values.db,
		runtime: values.runtime,
	} );
} catch ( error ) {
	console.error( `\nCrowdscout could not start: ${ error.message }` );
	process.exit( 1 );
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
  }/payments/   (booty below threshold)
  Heavy:       ${ login( 'heavy@crowdscout.test' ) }   → ${
		platform.url
  }/experience-points/   (thousands of rows)
  Lead:        ${ login( 'lead@crowdscout.test' ) }   → ${
		platform.url
  }/my-dashboard/
  Admin:       ${ DEMO_ADMIN.email } / ${ DEMO_ADMIN.password }   → ${
		platform.url
  }/wp-admin/
  API:         ${ platform.url }/api   (POST /api/authenticate for a token)
  Data:        ${ platform.dataDir }   (npm run reset wipes it)

Press Ctrl-C to stop.` );

platform.failed.then( ( error ) => {
	if ( ! stopping ) {
		console.error( `\n${ error.message }` );
		shutdown( 1 );
	}
} );
