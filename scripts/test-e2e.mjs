#!/usr/bin/env node
/**
 * End-to-end tests: starts the platform on native PHP (all specs) and on wp-now (the @smoke specs), each on
 * its own throwaway data directory and port, and runs Playwright with Debian's Chromium against it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from './lib/platform.mjs';
import { ROOT } from './lib/paths.mjs';

const runs = [
	{ project: 'native', runtime: 'php', port: 18180 },
	{ project: 'wp-now', runtime: 'wp-now', port: 18280 },
];

let failures = 0;
let platform;
for ( const signal of [ 'SIGINT', 'SIGTERM' ] ) {
	process.on( signal, async () => {
		await platform?.stop();
		process.exit( 130 );
	} );
}
// Small enough that the bug form's end-to-end test sends an oversize file in a moment.
process.env.CROWDSCOUT_MAX_UPLOAD_MB ??= '2';
for ( const { project, runtime, port } of runs ) {
	const dataDir = fs.mkdtempSync(
		path.join( os.tmpdir(), `crowdscout-e2e-${ project }-` )
	);
	console.log(
		`\n--- ${ project }: starting the platform (${ runtime }) ---`
	);
	try {
		platform = await startPlatform( {
			port,
			dataDir,
			runtime,
			log: () => {},
		} );
		// Asynchronous on purpose: the proxy lives in this process and must keep serving while Playwright runs.
		const status = await new Promise( ( resolve ) =>
			spawn(
				path.join( ROOT, 'node_modules/.bin/playwright' ),
				[
					'test',
					'--config',
					'tests/e2e/playwright.config.ts',
					'--project',
					project,
				],
				{
					stdio: 'inherit',
					cwd: ROOT,
					env: {
						...process.env,
						CROWDSCOUT_E2E_URL: platform.url,
						CROWDSCOUT_E2E_DATA_DIR: dataDir,
					},
				}
			).on( 'close', resolve )
		);
		if ( status !== 0 ) {
			failures++;
			console.error(
				`Logs of the failed ${ project } run are in ${ dataDir }/logs`
			);
		}
	} catch ( error ) {
		failures++;
		console.error( `${ project }: ${ error.message }` );
	} finally {
		await platform?.stop();
		platform = undefined;
		if ( ! failures ) {
			fs.rmSync( dataDir, { recursive: true, force: true } );
		}
	}
}
process.exit( failures ? 1 : 0 );
