/**
 * Sign-ups while the platform crashes: a loop of sign-ups through the proxy (POST /api/users, fresh emails)
 * while the API and the PHP servers are killed with SIGKILL, then the two stores compared once the platform has
 * repaired itself (the reconciliation the API runs on start, and `npm run reconcile`): every WordPress user with
 * the tester role has exactly one tester row, every tester row (but the seeded ones, which have no WordPress user
 * by design) has its WordPress user with the same email, and no email is there twice. Run by `npm test`
 * (tests/reliability).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../scripts/lib/paths.mjs';
import {
	dataDirFor,
	eventually,
	parts,
	portFor,
	readAccounts,
	sleep,
	startNpmStart,
	cleanUp,
} from './helpers.mjs';

const port = portFor( 200 );
const dataDir = dataDirFor( 'signup-crash' );
let run;
let failed = false;

before( async () => {
	run = await startNpmStart( { port, dataDir } );
} );
after( async () => {
	await run?.stop( 'SIGTERM' );
	cleanUp( [ run ], dataDir, failed );
} );

/** What is wrong between the two stores; an empty list when they agree. */
function disagreements( accounts ) {
	const problems = [];
	for ( const user of accounts.testerUsers ) {
		const rows = accounts.testers.filter(
			( tester ) => tester.wpUserId === user.id
		);
		if ( rows.length !== 1 ) {
			problems.push(
				`WordPress user ${ user.id } <${ user.email }> (tester role) has ${ rows.length } tester rows`
			);
		}
	}
	for ( const tester of accounts.testers ) {
		const user = accounts.allUsers.find(
			( row ) => row.id === tester.wpUserId
		);
		if ( ! user ) {
			problems.push(
				`tester ${ tester.id } <${ tester.email }> has no WordPress user (${ tester.wpUserId })`
			);
		} else if ( user.email !== tester.email ) {
			problems.push(
				`tester ${ tester.id } <${ tester.email }> belongs to WordPress user ${ user.id } <${ user.email }>`
			);
		}
	}
	const twice = ( emails ) =>
		emails.filter( ( email, index ) => emails.indexOf( email ) !== index );
	for ( const email of twice(
		accounts.testers.map( ( tester ) => tester.email )
	) ) {
		problems.push( `two tester rows have the email ${ email }` );
	}
	for ( const email of twice(
		accounts.allUsers.map( ( user ) => user.email )
	) ) {
		problems.push( `two WordPress users have the email ${ email }` );
	}
	return problems;
}

describe( 'sign-ups while the platform crashes', () => {
	test( 'kill -9 of the API and of PHP mid sign-up leave no account without its tester, and none twice', async () => {
		try {
			const stamp = Date.now().toString( 36 );
			const answers = new Map();
			let next = 0;
			let going = true;
			const signUp = async ( email, index ) => {
				try {
					const response = await fetch( `${ run.url }/api/users`, {
						method: 'POST',
						headers: {
							'content-type': 'application/json',
							// A client address of its own per sign-up, behind the proxy: the public limit (20 an
							// hour per address) is not what this test is about.
							'x-forwarded-for': `198.51.${ Math.floor(
								index / 250
							) }.${ ( index % 250 ) + 1 }`,
						},
						body: JSON.stringify( {
							email,
							password: 'Crash1234!',
							name: 'Crash',
							surname: `Test ${ index }`,
							birthDate: '1990-01-01',
							country: 'IT',
						} ),
						signal: AbortSignal.timeout( 30_000 ),
					} );
					await response.arrayBuffer();
					return response.status;
				} catch {
					return 0;
				}
			};
			const loop = async () => {
				while ( going ) {
					const index = next++;
					const email = `crash-${ stamp }-${ index }@crowdscout.test`;
					const status = await signUp( email, index );
					answers.set( email, status );
					if ( status !== 201 ) {
						// A part is down: no need to hammer it.
						await sleep( 200 );
					}
				}
			};
			const loops = [ loop(), loop(), loop() ];
			const kill = ( rows ) => {
				for ( const row of rows ) {
					try {
						process.kill( row.pid, 'SIGKILL' );
					} catch {}
				}
			};
			const apiUp = () =>
				eventually(
					async () => ( await fetch( `${ run.url }/api/health` ) ).ok,
					'the API up',
					30_000
				);
			// Accounts left half made by a kill, seen while the API is down (its restart repairs them).
			const orphans = [];
			const countOrphans = async () => {
				await sleep( 300 );
				orphans.push( disagreements( readAccounts( dataDir ) ).length );
			};
			await sleep( 1500 );
			kill( parts( run.pid ).api );
			await countOrphans();
			await apiUp();
			await sleep( 1500 );
			kill( parts( run.pid ).php );
			await sleep( 2500 );
			await apiUp();
			kill( [ ...parts( run.pid ).api, parts( run.pid ).php[ 0 ] ] );
			await countOrphans();
			await apiUp();
			await sleep( 1500 );
			kill( parts( run.pid ).api );
			await countOrphans();
			await apiUp();
			await sleep( 1500 );
			going = false;
			await Promise.all( loops );

			const statuses = [ ...answers.values() ];
			const count = ( status ) =>
				statuses.filter( ( value ) => value === status ).length;
			console.log(
				`${ statuses.length } sign-ups: ${ count( 201 ) } created, ${
					statuses.length - count( 201 )
				} failed (${ [ ...new Set( statuses ) ].join( ', ' ) })`
			);
			assert.ok(
				count( 201 ) >= 5,
				'sign-ups went through between the kills'
			);
			assert.ok(
				(
					run.output.match( /API stopped \(killed by SIGKILL\)/g ) ??
					[]
				).length >= 3,
				'the API was killed and restarted'
			);

			console.log(
				`before the repair: ${
					disagreements( readAccounts( dataDir ) ).length
				} disagreement(s) between WordPress and the API (right after each kill of the API: ${ orphans.join(
					', '
				) })`
			);
			// The repair: the reconciliation the API runs on start…
			const stopped = await run.stop( 'SIGTERM' );
			assert.ok( stopped, 'npm start stopped' );
			run = await startNpmStart( { port, dataDir } );
			let problems = [];
			await eventually(
				() =>
					( problems = disagreements( readAccounts( dataDir ) ) )
						.length === 0,
				'the reconciliation on start',
				20_000
			).catch( () => {} );
			assert.deepEqual(
				problems,
				[],
				'after the API restarted (its reconciliation on start), the stores agree'
			);
			// …and on demand, which finds nothing more to do.
			const reconcile = spawnSync(
				'npm',
				[ 'run', '--silent', 'reconcile' ],
				{
					cwd: ROOT,
					encoding: 'utf8',
					env: {
						...process.env,
						CROWDSCOUT_DATA_DIR: dataDir,
						PORT: String( port ),
					},
				}
			);
			assert.equal(
				reconcile.status,
				0,
				`npm run reconcile: ${ reconcile.stdout }${ reconcile.stderr }`
			);
			const accounts = readAccounts( dataDir );
			assert.deepEqual( disagreements( accounts ), [] );
			for ( const [ email, status ] of answers ) {
				if ( status === 201 ) {
					assert.ok(
						accounts.testers.some(
							( tester ) => tester.email === email
						),
						`${ email } (201) has its tester row`
					);
				}
			}
		} catch ( error ) {
			failed = true;
			throw error;
		}
	} );
} );
