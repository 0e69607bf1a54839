#!/usr/bin/env node
/**
 * Plugin tests: over HTTP against a running WordPress + API (tests/http, Node's test runner, which starts and
 * restarts the platform itself), then PHPUnit (tests/php) against the WordPress those tests installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

const dataDir = fs.mkdtempSync( path.join( os.tmpdir(), 'crowdscout-http-' ) );
const env = {
	...process.env,
	CROWDSCOUT_TEST_DATA_DIR: dataDir,
	CROWDSCOUT_TEST_PORT: '18380',
};

const http = spawnSync(
	process.execPath,
	[
		'--import',
		'tsx',
		'--test',
		'--test-concurrency=1',
		...fs
			.readdirSync( path.join( ROOT, 'tests/http' ) )
			.filter( ( f ) => f.endsWith( '.test.mjs' ) )
			.map( ( f ) => path.join( 'tests/http', f ) ),
	],
	{ stdio: 'inherit', cwd: ROOT, env }
);

const wpPath = path.join( dataDir, 'wordpress' );
let phpunit = { status: 1 };
if ( fs.existsSync( path.join( wpPath, 'wp-config.php' ) ) ) {
	phpunit = spawnSync( 'phpunit', [ '-c', 'tests/php/phpunit.xml' ], {
		stdio: 'inherit',
		cwd: ROOT,
		env: { ...env, CROWDSCOUT_WP_PATH: wpPath },
	} );
} else {
	console.error(
		'PHPUnit skipped: the HTTP tests did not leave an installed WordPress behind.'
	);
}

const ok = http.status === 0 && phpunit.status === 0;
if ( ok ) {
	fs.rmSync( dataDir, { recursive: true, force: true } );
} else {
	console.error( `Logs are in ${ dataDir }/logs` );
}
process.exit( ok ? 0 : 1 );
