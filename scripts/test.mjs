#!/usr/bin/env node
/**
 * `npm test`: every layer, in the order that fails fastest: lint and typecheck (side by side: each keeps one core
 * busy), widget tests, the scripts' tests
 * (scripts/__tests__: the back office's translations complete), API tests (SQLite
 * and MariaDB), plugin tests (over HTTP and PHPUnit), reliability (npm start restarted, crashed, signed up to
 * while crashing: tests/reliability), end-to-end (Chromium, native PHP and wp-now). Missing
 * system packages are installed first when we may.
 */
import { spawn, spawnSync } from 'node:child_process';

/** Steps run one after the other; the steps of an inner list run side by side, each printed when it ends. */
const steps = [
	[ 'system packages', 'node', [ 'scripts/install-system-deps.mjs' ] ],
	[
		[ 'lint', 'npm', [ 'run', '--silent', 'lint' ] ],
		[ 'typecheck', 'npm', [ 'run', '--silent', 'typecheck' ] ],
	],
	[ 'widgets (jest)', 'npm', [ 'run', '--silent', 'test:unit' ] ],
	[ 'scripts (node:test)', 'npm', [ 'run', '--silent', 'test:scripts' ] ],
	[ 'api (sqlite + mariadb)', 'npm', [ 'run', '--silent', 'test:api' ] ],
	[ 'plugin (http + phpunit)', 'npm', [ 'run', '--silent', 'test:php' ] ],
	[ 'reliability', 'npm', [ 'run', '--silent', 'test:reliability' ] ],
	[ 'end to end (chromium)', 'npm', [ 'run', '--silent', 'test:e2e' ] ],
];

/**
 * Runs one step with its output held back, and prints it under the step's heading when the step ends.
 *
 * @param {[string, string, string[]]} step
 */
function runHeld( [ name, command, args ] ) {
	const started = Date.now();
	return new Promise( ( resolve ) => {
		const child = spawn( command, args, {
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		} );
		const output = [];
		child.stdout.on( 'data', ( chunk ) => output.push( chunk ) );
		child.stderr.on( 'data', ( chunk ) => output.push( chunk ) );
		child.on( 'close', ( status ) => {
			console.log( `\n=== ${ name } ===` );
			process.stdout.write( Buffer.concat( output ) );
			resolve( {
				name,
				ok: status === 0,
				seconds: ( Date.now() - started ) / 1000,
			} );
		} );
	} );
}

const results = [];
for ( const step of steps ) {
	if ( Array.isArray( step[ 0 ] ) ) {
		results.push( ...( await Promise.all( step.map( runHeld ) ) ) );
		continue;
	}
	const [ name, command, args ] = step;
	console.log( `\n=== ${ name } ===` );
	const started = Date.now();
	const { status } = spawnSync( command, args, { stdio: 'inherit' } );
	results.push( {
		name,
		ok: status === 0,
		seconds: ( Date.now() - started ) / 1000,
	} );
	if ( status !== 0 && name === 'system packages' ) {
		break;
	}
}

console.log( '\n=== summary ===' );
for ( const { name, ok, seconds } of results ) {
	console.log(
		`${ ok ? 'ok  ' : 'FAIL' }  ${ name.padEnd( 26 ) } ${ seconds
			.toFixed( 1 )
			.padStart( 6 ) } s`
	);
}
const failed = results.filter( ( r ) => ! r.ok ).length;
console.log( `steps: ${ results.length - failed } passed, ${ failed } failed` );
process.exit( failed ? 1 : 0 );
