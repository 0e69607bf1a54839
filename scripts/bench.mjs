#!/usr/bin/env node
/**
 * `npm run bench`: benchmarks, never tests.
 *
 * 1. The API under load (scripts/bench/api.mjs): the dashboard, experience and bugs reads of a tester with
 *    thousands of rows on a large seeded database, on SQLite and on MariaDB; throughput and p50/p99 latency.
 * 2. The front end (scripts/bench/frontend.mjs): the compressed JavaScript each widget page downloads (in all and
 *    by the widget's first content) and the time to that content, at full speed and with the CPU slowed 4×, on
 *    a throwaway platform.
 *
 *   npm run bench -- [--only api|frontend] [--engine sqlite|mysql] [--scale large|small]
 *                    [--duration SECONDS] [--connections N] [--match TEXT]
 *
 * `--match` loads only the API endpoints whose name contains TEXT (e.g. `--match rank`), or any of several texts
 * separated by "|" (`--match "summary|forms"`), in the table's order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPlatform } from './lib/platform.mjs';
import { ensureCommands } from './lib/system.mjs';
import { DEMO_TESTERS } from './lib/demo.mjs';
import { benchApi, SCALES, speedCheck, TARGET } from './bench/api.mjs';
import { benchFrontend } from './bench/frontend.mjs';

const { values } = parseArgs( {
	options: {
		only: { type: 'string' },
		engine: { type: 'string' },
		scale: { type: 'string', default: 'large' },
		duration: { type: 'string', default: '10' },
		connections: { type: 'string', default: '50' },
		match: { type: 'string' },
	},
} );
if ( values.only && ! [ 'api', 'frontend' ].includes( values.only ) ) {
	throw new Error( `--only takes api or frontend, not "${ values.only }"` );
}
if ( values.engine && ! [ 'sqlite', 'mysql' ].includes( values.engine ) ) {
	throw new Error(
		`--engine takes sqlite or mysql, not "${ values.engine }"`
	);
}
if ( ! SCALES[ values.scale ] ) {
	throw new Error( `--scale takes large or small, not "${ values.scale }"` );
}

const machine = `${ os.cpus().length } cores (${
	os.cpus()[ 0 ]?.model ?? 'unknown CPU'
}), ${ Math.round( os.totalmem() / 2 ** 30 ) } GB, Node ${ process.version }`;
const log = ( line ) => console.log( line );

if ( values.only !== 'frontend' ) {
	const scale = SCALES[ values.scale ];
	for ( const engine of values.engine
		? [ values.engine ]
		: [ 'sqlite', 'mysql' ] ) {
		const { prepared, rows, workers, speed } = await benchApi( {
			engine,
			scaleName: values.scale,
			seconds: Number( values.duration ),
			connections: Number( values.connections ),
			match: values.match,
			log,
		} );
		console.log(
			`\nAPI on ${ engine === 'mysql' ? 'MariaDB' : 'SQLite' } — ${
				values.scale
			} data set (${ scale.testers.toLocaleString(
				'en'
			) } testers, ${ scale.campaigns.toLocaleString(
				'en'
			) } campaigns, ${ (
				scale.testers * scale.bugsPerTester
			).toLocaleString( 'en' ) } bugs, ${ (
				scale.testers * scale.experiencePerTester
			).toLocaleString(
				'en'
			) } experience entries); tester with ${ prepared.experience.toLocaleString(
				'en'
			) } experience entries and ${ prepared.bugs.toLocaleString(
				'en'
			) } bugs; ${ workers } API process${
				workers === 1 ? '' : 'es'
			}; autocannon, ${ values.connections } connections, ${
				values.duration
			} s per endpoint after a 2 s warm-up (the first 6 s); ${ machine }; one core's speed before and after: ${ speed.before.toLocaleString(
				'en'
			) } and ${ speed.after.toLocaleString(
				'en'
			) } SHA-256 digests of 1 KB per second`
		);
		console.table( rows );
		const held = rows.filter( ( row ) => row.target !== '—' );
		if ( ! held.length ) {
			continue;
		}
		console.log(
			`Target for each dashboard read (large data set, 50 connections): ≥ ${ TARGET.requestsPerSecond.toLocaleString(
				'en'
			) } requests/s and p99 < ${ TARGET.p99Ms } ms; met by ${
				held.filter( ( row ) => row.target === 'met' ).length
			} of ${ held.length }.`
		);
	}
}

if ( values.only !== 'api' ) {
	// The browser is Debian's, installed here on a machine that lacks it (as `npm test` does).
	if (
		! process.env.CHROMIUM_PATH &&
		! ( await ensureCommands( { chromium: [ 'chromium' ] } ) )
	) {
		throw new Error(
			'Chromium is missing: as root, run apt-get install chromium (or set CHROMIUM_PATH).'
		);
	}
	const dataDir = fs.mkdtempSync(
		path.join( os.tmpdir(), 'crowdscout-bench-' )
	);
	const platform = await startPlatform( {
		port: Number( process.env.PORT ?? 18580 ),
		dataDir,
		log: () => {},
	} );
	try {
		const loginAs = ( email ) => {
			const tester = DEMO_TESTERS.find(
				( candidate ) => candidate.email === email
			);
			return { email: tester.email, password: tester.password };
		};
		const login = loginAs( DEMO_TESTERS[ 0 ].email );
		const speed = { before: speedCheck() };
		const rows = await benchFrontend( {
			url: platform.url,
			pages: [
				{ path: '/my-account/', login },
				{ path: '/my-account/' },
				// A returning tester, and a new one whose onboarding opens.
				{
					path: '/my-dashboard/',
					login: loginAs( 'veteran@crowdscout.test' ),
				},
				{ path: '/my-dashboard/', login },
				{ path: '/getting-started/signup/' },
				{ path: '/login/' },
			],
		} );
		speed.after = speedCheck();
		console.log(
			`\nFront end (${ machine }; Chromium headless; WordPress on ${
				platform.runtime
			}; one core's speed before and after: ${ speed.before.toLocaleString(
				'en'
			) } and ${ speed.after.toLocaleString(
				'en'
			) } SHA-256 digests of 1 KB per second). Seconds to first content: median of 7 (the first, cold run).`
		);
		console.table( rows.map( ( { files, ...row } ) => row ) );
		for ( const row of rows ) {
			console.log( `${ row.page }: ${ row.files }` );
		}
		console.log(
			'Budget: ≤ 150 KB of gzipped script by first content; first content ≤ 0.3 s, and ≤ 0.8 s with the CPU 4× slower. "(after)": loaded after first content.'
		);
	} finally {
		await platform.stop();
		fs.rmSync( dataDir, { recursive: true, force: true } );
	}
}
