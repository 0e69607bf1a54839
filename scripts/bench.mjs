#!/usr/bin/env node
/**
 * `npm run bench`: benchmarks, never tests. Starts the platform on a throwaway data directory and prints the
 * front-end weight and time-to-content of each widget page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from './lib/platform.mjs';
import { DEMO_TESTERS } from './lib/demo.mjs';
import { benchFrontend } from './bench/frontend.mjs';

const dataDir = fs.mkdtempSync( path.join( os.tmpdir(), 'crowdscout-bench-' ) );
const platform = await startPlatform( {
	port: Number( process.env.PORT ?? 18580 ),
	dataDir,
	log: () => {},
} );
try {
	const login = {
		email: DEMO_TESTERS[ 0 ].email,
		password: DEMO_TESTERS[ 0 ].password,
	};
	const rows = await benchFrontend( {
		url: platform.url,
		pages: [
			{ path: '/my-account/', login },
			{ path: '/my-account/' },
			{ path: '/getting-started/signup/' },
			{ path: '/login/' },
		],
	} );
	console.log(
		`\nFront end (${ os.cpus().length } cores, ${
			os.cpus()[ 0 ]?.model ?? 'unknown CPU'
		}; Chromium headless; WordPress on ${ platform.runtime })`
	);
	console.table( rows.map( ( { files, ...row } ) => row ) );
	for ( const row of rows ) {
		console.log( `${ row.page }: ${ row.files }` );
	}
} finally {
	await platform.stop();
	fs.rmSync( dataDir, { recursive: true, force: true } );
}
