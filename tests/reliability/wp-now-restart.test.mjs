/**
 * `npm start -- --runtime=wp-now` (WordPress in WebAssembly, where native PHP is missing) started twice on one
 * data directory, and its WordPress process killed under the supervisor: every start serves the plugin's pages
 * and the demo logins. wp-now copies its cached wp-content over the site's on every start; with the npm
 * package's pre-installed database in that cache, each start after the first reset the site to a bare install
 * (the plugin's pages answered 404). Run by `npm test` (tests/reliability).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	DEMO_TESTERS,
	dashboardOf,
	dataDirFor,
	eventually,
	portFor,
	processTree,
	startNpmStart,
	cleanUp,
} from './helpers.mjs';

const port = portFor( 300 );
const dataDir = dataDirFor( 'wp-now-restart' );
const runs = [];
let failed = false;

after( () => cleanUp( runs, dataDir, failed ) );

const tester = DEMO_TESTERS.find(
	( { email } ) => email === 'veteran@crowdscout.test'
);

/** The site as the start left it: the login card page logged out, a demo login's dashboard. */
async function checkSite( run, what ) {
	const page = await fetch( `${ run.url }/my-dashboard/` );
	assert.equal( page.status, 200, `${ what }: /my-dashboard/ logged out` );
	const dashboard = await dashboardOf( run.url, tester );
	assert.equal( dashboard.status, 200, `${ what }: ${ tester.email }` );
	assert.ok( dashboard.user, `${ what }: ${ tester.email } is logged in` );
	assert.equal( dashboard.me, 200, `${ what }: the token is accepted` );
	assert.equal( dashboard.email, tester.email );
}

describe( 'npm start -- --runtime=wp-now, twice on one data directory', () => {
	test( 'every start, and a restart of wp-now, serves the plugin pages and the demo logins', async () => {
		try {
			for ( const round of [ 1, 2 ] ) {
				const run = await startNpmStart( {
					port,
					dataDir,
					args: [ '--runtime=wp-now' ],
				} );
				runs.push( run );
				console.log(
					`start ${ round }: running in ${ (
						run.startMs / 1000
					).toFixed( 1 ) } s`
				);
				await checkSite( run, `start ${ round }` );
				if ( round === 2 ) {
					// The supervisor's restart of wp-now goes through the same start as a new `npm start`.
					const [ wpNow ] = processTree( run.pid ).filter( ( row ) =>
						/wp-now-runner\.mjs/.test( row.args )
					);
					assert.ok( wpNow, 'a wp-now process runs' );
					process.kill( wpNow.pid, 'SIGKILL' );
					await run.waitForOutput(
						/WordPress \(wp-now\) stopped \(killed by SIGKILL\)/
					);
					await eventually(
						async () =>
							( await fetch( `${ run.url }/my-dashboard/` ) )
								.status === 200,
						'/my-dashboard/ answering 200 after the restart of wp-now',
						45_000
					);
					await checkSite( run, 'after the restart of wp-now' );
				}
				const stopped = await run.stop( 'SIGTERM' );
				assert.ok( stopped, `start ${ round } stopped on SIGTERM` );
			}
		} catch ( error ) {
			failed = true;
			throw error;
		}
	} );
} );
