#!/usr/bin/env node
/**
 * `npm run test:api`: the API tests (api/test, Node's test runner) against the real app, first on SQLite, then
 * on MariaDB. MariaDB is the server of CROWDSCOUT_MYSQL_URL when set (mysql://root@127.0.0.1:3306/; each test
 * file creates and drops its own database there), otherwise a private instance started in a temporary
 * directory and stopped at the end, also on failure or Ctrl-C.
 *
 *   node scripts/test-api.mjs                           both engines
 *   node scripts/test-api.mjs --engine=sqlite           one engine (sqlite or mysql)
 *   node scripts/test-api.mjs api/test/features/history only the test files under the given paths
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureMariaDbInstalled, startMariaDb } from './lib/mariadb.mjs';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const TEST_DIR = path.join( ROOT, 'api/test' );

const { values, positionals } = parseArgs( {
	options: { engine: { type: 'string', default: 'all' } },
	allowPositionals: true,
} );
if ( ! [ 'all', 'sqlite', 'mysql' ].includes( values.engine ) ) {
	console.error(
		`Unknown --engine=${ values.engine }: use sqlite or mysql (or leave it out for both).`
	);
	process.exit( 2 );
}

/** Node 20's runner does not expand globs, so the files are listed here. */
function testFiles() {
	const roots = positionals.length
		? positionals.map( ( p ) => path.resolve( p ) )
		: [ TEST_DIR ];
	const files = roots.flatMap( ( root ) =>
		fs.statSync( root ).isDirectory()
			? fs
					.readdirSync( root, { recursive: true } )
					.map( ( name ) => path.join( root, String( name ) ) )
			: [ root ]
	);
	return files
		.filter( ( file ) => file.endsWith( '.test.ts' ) )
		.map( ( file ) => path.relative( ROOT, file ) )
		.sort();
}

let running = null;
let mariadb = null;
let tempDir = null;

async function cleanUp() {
	running?.kill( 'SIGTERM' );
	await mariadb
		?.stop()
		.catch( ( error ) =>
			console.error( `Could not stop MariaDB: ${ error.message }` )
		);
	mariadb = null;
	if ( tempDir ) {
		fs.rmSync( tempDir, { recursive: true, force: true } );
		tempDir = null;
	}
}

for ( const signal of [ 'SIGINT', 'SIGTERM', 'SIGHUP' ] ) {
	process.on( signal, async () => {
		console.error( `\n${ signal }: stopping the API tests…` );
		await cleanUp();
		process.exit( 130 );
	} );
}

function runTests( label, env, files ) {
	console.log(
		`\n=== API tests on ${ label } (${ files.length } files) ===`
	);
	return new Promise( ( resolve ) => {
		const child = spawn(
			process.execPath,
			[
				'--import',
				'tsx',
				'--test',
				'--test-reporter=spec',
				'--test-concurrency=2',
				...files,
			],
			{
				cwd: ROOT,
				env: { ...process.env, ...env },
				stdio: [ 'ignore', 'pipe', 'inherit' ],
			}
		);
		running = child;
		let output = '';
		child.stdout.on( 'data', ( chunk ) => {
			output += chunk;
			process.stdout.write( chunk );
		} );
		child.on( 'close', ( code ) => {
			running = null;
			// eslint-disable-next-line no-control-regex
			const plain = output.replace( /\u001b\[[0-9;]*m/g, '' );
			const count = ( name ) =>
				Number(
					new RegExp( `^ℹ ${ name } (\\d+)$`, 'm' ).exec(
						plain
					)?.[ 1 ] ?? 0
				);
			resolve( {
				label,
				ok: code === 0,
				tests: count( 'tests' ),
				pass: count( 'pass' ),
				fail: count( 'fail' ),
			} );
		} );
	} );
}

function freePort() {
	return new Promise( ( resolve, reject ) => {
		const server = net.createServer();
		server.once( 'error', reject );
		server.listen( 0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close( () => resolve( port ) );
		} );
	} );
}

const files = testFiles();
if ( files.length === 0 ) {
	console.error( 'No API test files found.' );
	process.exit( 1 );
}

const results = [];
let exitCode = 0;
try {
	if ( values.engine !== 'mysql' ) {
		results.push(
			await runTests( 'SQLite', { CROWDSCOUT_TEST_DB: 'sqlite' }, files )
		);
	}
	if ( values.engine !== 'sqlite' ) {
		let url = process.env.CROWDSCOUT_MYSQL_URL;
		let label = `MariaDB/MySQL at ${ url?.replace(
			/:[^:@/]*@/,
			':***@'
		) }`;
		if ( ! url ) {
			await ensureMariaDbInstalled();
			tempDir = fs.mkdtempSync(
				path.join( os.tmpdir(), 'crowdscout-mariadb-' )
			);
			mariadb = await startMariaDb( {
				dataDir: tempDir,
				port: await freePort(),
				log: ( line ) => console.log( line ),
			} );
			url = mariadb.url;
			label = `MariaDB (private instance on ${ mariadb.host }:${ mariadb.port })`;
		}
		results.push(
			await runTests(
				label,
				{ CROWDSCOUT_TEST_DB: 'mysql', CROWDSCOUT_MYSQL_URL: url },
				files
			)
		);
	}
} catch ( error ) {
	console.error( `\nThe API tests could not run: ${ error.message }` );
	exitCode = 1;
} finally {
	await cleanUp();
}

console.log( '\n=== API tests: summary ===' );
for ( const { label, ok, tests, pass, fail } of results ) {
	console.log(
		`${
			ok ? 'ok  ' : 'FAIL'
		}  ${ label }: ${ tests } tests, ${ pass } passed, ${ fail } failed`
	);
}
const passed = results.reduce( ( sum, result ) => sum + result.pass, 0 );
const failed = results.reduce( ( sum, result ) => sum + result.fail, 0 );
console.log( `api: ${ passed } passed, ${ failed } failed` );
if ( results.some( ( result ) => ! result.ok ) ) {
	exitCode = 1;
}
process.exit( exitCode );
