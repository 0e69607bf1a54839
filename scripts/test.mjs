#!/usr/bin/env node
/**
 * `npm test`: every layer, in the order that fails fastest: lint, typecheck, widget tests, the scripts' tests
 * (scripts/__tests__: the back office's translations complete), API tests (SQLite
 * and MariaDB), plugin tests (over HTTP and PHPUnit), reliability (npm start restarted, crashed, signed up to
 * while crashing: tests/reliability), end-to-end (Chromium, native PHP and wp-now). Missing
 * system packages are installed first when we may.
 */
import { spawnSync } from 'node:child_process';

const steps = [
	[ 'system packages', 'node', [ 'scripts/install-system-deps.mjs' ] ],
	[ 'lint', 'npm', [ 'run', '--silent', 'lint' ] ],
	[ 'typecheck', 'npm', [ 'run', '--silent', 'typecheck' ] ],
	[ 'widgets (jest)', 'npm', [ 'run', '--silent', 'test:unit' ] ],
	[ 'scripts (node:test)', 'npm', [ 'run', '--silent', 'test:scripts' ] ],
	[ 'api (sqlite + mariadb)', 'npm', [ 'run', '--silent', 'test:api' ] ],
	[ 'plugin (http + phpunit)', 'npm', [ 'run', '--silent', 'test:php' ] ],
	[ 'reliability', 'npm', [ 'run', '--silent', 'test:reliability' ] ],
	[ 'end to end (chromium)', 'npm', [ 'run', '--silent', 'test:e2e' ] ],
];

const results = [];
for ( const [ name, command, args ] of steps ) {
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
