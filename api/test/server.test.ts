import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createTestDatabase, testEngine } from './helpers/database.ts';
import { MIGRATIONS } from './helpers/migrations.ts';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);

/** The server as production runs it, with only the environment given here. */
function startServer( env: Record< string, string > ) {
	const child = spawn(
		process.execPath,
		[ '--import', 'tsx', 'api/src/server.ts' ],
		{
			cwd: ROOT,
			env: { PATH: process.env.PATH ?? '', ...env },
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		}
	);
	let stdout = '';
	let stderr = '';
	child.stdout.on( 'data', ( chunk ) => ( stdout += chunk ) );
	child.stderr.on( 'data', ( chunk ) => ( stderr += chunk ) );
	const exited = new Promise< number | null >( ( resolve ) =>
		child.on( 'exit', ( code ) => resolve( code ) )
	);
	return { child, exited, output: () => ( { stdout, stderr } ) };
}

describe( 'api/src/server.ts', () => {
	it( 'refuses to start without CROWDSCOUT_SECRET', async () => {
		const server = startServer( {
			CROWDSCOUT_DB_URL: 'sqlite://:memory:',
		} );
		assert.equal( await server.exited, 1 );
		assert.match( server.output().stderr, /CROWDSCOUT_SECRET is not set/ );
	} );

	it( 'refuses to start with a short secret', async () => {
		const server = startServer( {
			CROWDSCOUT_SECRET: 'short',
			CROWDSCOUT_DB_URL: 'sqlite://:memory:',
		} );
		assert.equal( await server.exited, 1 );
		assert.match(
			server.output().stderr,
			/CROWDSCOUT_SECRET is too short/
		);
	} );

	it( `migrates ${ testEngine() } forward, serves, and stops cleanly on SIGTERM`, async () => {
		const database = await createTestDatabase( { migrate: false } );
		const server = startServer( {
			CROWDSCOUT_SECRET: 'x'.repeat( 40 ),
			CROWDSCOUT_DB_URL: database.url,
			CROWDSCOUT_API_PORT: '0',
			CROWDSCOUT_WP_URL: 'http://127.0.0.1:9',
		} );
		try {
			const url = await new Promise< string >( ( resolve, reject ) => {
				const timer = setTimeout(
					() =>
						reject(
							new Error(
								`no listening line in ${
									server.output().stdout
								}`
							)
						),
					20_000
				);
				server.child.stdout.on( 'data', () => {
					const match =
						/"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(
							server.output().stdout
						);
					if ( match ) {
						clearTimeout( timer );
						resolve( match[ 1 ] );
					}
				} );
				server.exited.then( () =>
					reject(
						new Error( `exited early: ${ server.output().stderr }` )
					)
				);
			} );
			const health = await fetch( `${ url }/api/health` );
			assert.equal( health.status, 200 );
			assert.deepEqual( await health.json(), { status: 'ok' } );
			assert.equal(
				( await fetch( `${ url }/api/users/me` ) ).status,
				403
			);

			const lines = server
				.output()
				.stdout.trim()
				.split( '\n' )
				.map( ( line ) => JSON.parse( line ) );
			assert.deepEqual(
				lines.find( ( line ) => line.msg === 'migrations applied' )
					?.applied,
				[ ...MIGRATIONS ]
			);

			server.child.kill( 'SIGTERM' );
			assert.equal( await server.exited, 0 );
			assert.match( server.output().stdout, /shutting down/ );
		} finally {
			server.child.kill( 'SIGKILL' );
			await database.drop();
		}
	} );

	it( 'runs CROWDSCOUT_API_WORKERS processes on one port and stops them all on SIGTERM', async () => {
		const database = await createTestDatabase();
		const server = startServer( {
			CROWDSCOUT_SECRET: 'x'.repeat( 40 ),
			CROWDSCOUT_DB_URL: database.url,
			CROWDSCOUT_API_PORT: '0',
			CROWDSCOUT_API_WORKERS: '2',
			CROWDSCOUT_WP_URL: 'http://127.0.0.1:9',
		} );
		const logLines = () =>
			server
				.output()
				.stdout.trim()
				.split( '\n' )
				.filter( Boolean )
				.map( ( line ) => JSON.parse( line ) );
		try {
			const ready = await new Promise<
				Array< Record< string, unknown > >
			>( ( resolve, reject ) => {
				const timer = setTimeout(
					() =>
						reject(
							new Error(
								`workers not ready: ${ server.output().stdout }`
							)
						),
					30_000
				);
				server.child.stdout.on( 'data', () => {
					const lines = logLines().filter(
						( line ) => line.msg === 'crowdscout api ready'
					);
					if ( lines.length === 2 ) {
						clearTimeout( timer );
						resolve( lines );
					}
				} );
				server.exited.then( () =>
					reject(
						new Error( `exited early: ${ server.output().stderr }` )
					)
				);
			} );
			assert.deepEqual(
				ready.map( ( line ) => line.worker ).sort(),
				[ 1, 2 ]
			);
			const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(
				server.output().stdout
			)?.[ 1 ];
			assert.ok( url, 'a worker reports its address' );
			const health = await fetch( `${ url }/api/health` );
			assert.equal( health.status, 200 );

			server.child.kill( 'SIGTERM' );
			assert.equal( await server.exited, 0 );
			assert.equal(
				logLines().filter( ( line ) => line.msg === 'shutting down' )
					.length,
				3,
				'the primary and both workers shut down'
			);
		} finally {
			server.child.kill( 'SIGKILL' );
			await database.drop();
		}
	} );

	it( 'two API instances started together on one database run the month’s level change once', async () => {
		const database = await createTestDatabase();
		await database.db
			.insertInto( 'testers' )
			.values( {
				wp_user_id: 7,
				email: 'passed@example.test',
				name: 'Pat',
				surname: 'Passed',
				entry_test_passed_at: '2020-01-01 00:00:00',
			} )
			.execute();
		const env = {
			CROWDSCOUT_SECRET: 'x'.repeat( 40 ),
			CROWDSCOUT_DB_URL: database.url,
			CROWDSCOUT_API_PORT: '0',
			CROWDSCOUT_WP_URL: 'http://127.0.0.1:9',
		};
		const servers = [ startServer( env ), startServer( env ) ];
		const lines = ( server: ( typeof servers )[ number ] ) =>
			server
				.output()
				.stdout.trim()
				.split( '\n' )
				.filter( Boolean )
				.map( ( line ) => JSON.parse( line ) );
		try {
			const deadline = Date.now() + 30_000;
			const ready = () =>
				servers.every( ( server ) =>
					lines( server ).some(
						( line ) => line.msg === 'crowdscout api ready'
					)
				);
			while ( ! ready() && Date.now() < deadline ) {
				await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
			}
			assert.ok( ready(), 'both instances serve' );
			// Stopping waits for a level change under way: after the exits, every look is over.
			for ( const server of servers ) {
				server.child.kill( 'SIGTERM' );
			}
			assert.deepEqual(
				await Promise.all( servers.map( ( server ) => server.exited ) ),
				[ 0, 0 ]
			);
			const done = servers.flatMap( ( server ) =>
				lines( server ).filter(
					( line ) => line.msg === 'levels: monthly level change done'
				)
			);
			assert.equal( done.length, 1, 'one instance ran it' );
			assert.equal( done[ 0 ].testers, 1 );
			const runs = await database.db
				.selectFrom( 'level_changes' )
				.select( 'month' )
				.execute();
			assert.equal( runs.length, 1 );
			const levels = await database.db
				.selectFrom( 'tester_monthly_levels' )
				.select( 'level_id' )
				.execute();
			assert.deepEqual( levels, [ { level_id: 10 } ] );
		} finally {
			for ( const server of servers ) {
				server.child.kill( 'SIGKILL' );
			}
			await database.drop();
		}
	} );
} );
