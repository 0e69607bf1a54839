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
} );
