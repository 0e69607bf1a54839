import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';
import { mintToken } from '../../helpers/tokens.ts';

/**
 * Issue 26, "the API killed during a request leaves either the whole request or none, and the pending booty
 * consistent with it": the server as production runs it, payment requests sent for many testers at once, the
 * process killed with SIGKILL while they are in flight, then the books read straight from the database. Each
 * tester either has one request holding exactly their booty (gross and net) with nothing pending, or no request
 * and all of it pending; the kept pending amounts equal the entries not in a request.
 */

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../../../..'
);
const SECRET = 'crash-test-secret-'.padEnd( 40, 'x' );
const TESTERS = 120;
/** Each tester's pending booty, in cents: 12.50 € + 3.00 € + 0.75 €. */
const ENTRIES = [ 1250, 300, 75 ];

function startServer( url: string ) {
	const child = spawn(
		process.execPath,
		[ '--import', 'tsx', 'api/src/server.ts' ],
		{
			cwd: ROOT,
			env: {
				PATH: process.env.PATH ?? '',
				CROWDSCOUT_SECRET: SECRET,
				CROWDSCOUT_DB_URL: url,
				CROWDSCOUT_API_PORT: '0',
				// No WordPress: the mails fail, which a request must survive.
				CROWDSCOUT_WP_URL: 'http://127.0.0.1:9',
			},
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		}
	);
	let stdout = '';
	child.stdout.on( 'data', ( chunk ) => ( stdout += chunk ) );
	child.stderr.on( 'data', ( chunk ) => ( stdout += chunk ) );
	const exited = new Promise< void >( ( resolve ) =>
		child.on( 'exit', () => resolve() )
	);
	const listening = new Promise< string >( ( resolve, reject ) => {
		const timer = setTimeout(
			() => reject( new Error( `not listening: ${ stdout }` ) ),
			30_000
		);
		child.stdout.on( 'data', () => {
			const match =
				/Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(
					stdout
				);
			if ( match ) {
				clearTimeout( timer );
				resolve( match[ 1 ] );
			}
		} );
		exited.then( () => reject( new Error( `exited: ${ stdout }` ) ) );
	} );
	return { child, exited, listening };
}

describe( `payment requests when the API is killed mid-request, on ${ testEngine() }`, () => {
	let database: TestDatabase;
	const testerIds: number[] = [];

	before( async () => {
		database = await createTestDatabase();
		const { db } = database;
		for ( let index = 0; index < TESTERS; index++ ) {
			const { insertId } = await db
				.insertInto( 'testers' )
				.values( {
					wp_user_id: 5000 + index,
					email: `crash-${ index }@example.test`,
					name: 'Crash',
					surname: `Tester ${ index }`,
					pending_booty_gross_cents: ENTRIES.reduce(
						( sum, cents ) => sum + cents
					),
					pending_booty_net_cents: ENTRIES.reduce(
						( sum, cents ) => sum + Math.round( cents * 0.8 ),
						0
					),
				} )
				.executeTakeFirstOrThrow();
			const testerId = Number( insertId );
			testerIds.push( testerId );
			await db
				.insertInto( 'fiscal_profiles' )
				.values( {
					tester_id: testerId,
					type: 'withholding',
					status: 'verified',
				} )
				.execute();
			await db
				.insertInto( 'booty_entries' )
				.values(
					ENTRIES.map( ( cents, position ) => ( {
						tester_id: testerId,
						activity_id: position === 0 ? 1 : 4,
						name: position === 0 ? 'A campaign' : 'A bonus',
						gross_cents: cents,
						net_cents: Math.round( cents * 0.8 ),
						attributed_at: `2026-10-0${ position + 1 } 10:00:00`,
					} ) )
				)
				.execute();
		}
	} );
	after( () => database.drop() );

	it( 'leaves every tester with the whole request or none, and the pending booty equal to the entries left', async () => {
		const server = startServer( database.url );
		let killed = false;
		try {
			const url = await server.listening;
			const tokens = await Promise.all(
				testerIds.map( ( _id, index ) =>
					mintToken( { secret: SECRET, sub: 5000 + index } )
				)
			);
			const statuses: number[] = [];
			let next = 0;
			const send = async () => {
				while ( next < TESTERS ) {
					const index = next++;
					try {
						const response = await fetch(
							`${ url }/api/users/me/payments`,
							{
								method: 'POST',
								headers: {
									authorization: `Bearer ${ tokens[ index ] }`,
									'content-type': 'application/json',
								},
								body: JSON.stringify( {
									method: {
										type: 'paypal',
										email: `crash-${ index }@example.test`,
									},
								} ),
							}
						);
						await response.arrayBuffer();
						statuses.push( response.status );
					} catch {
						statuses.push( 0 );
					}
				}
			};
			const senders = Array.from( { length: 8 }, send );
			// Killed once some requests went through, with others on the wire.
			while ( statuses.filter( ( s ) => s === 201 ).length < 10 ) {
				await new Promise( ( resolve ) => setTimeout( resolve, 5 ) );
			}
			server.child.kill( 'SIGKILL' );
			killed = true;
			await server.exited;
			await Promise.all( senders );
			assert.ok(
				statuses.filter( ( status ) => status === 0 ).length > 0,
				`requests were cut by the kill: ${ statuses.join( ',' ) }`
			);
		} finally {
			if ( ! killed ) {
				server.child.kill( 'SIGKILL' );
			}
		}

		const { db } = database;
		const requests = await db
			.selectFrom( 'payment_requests' )
			.select( [
				'id',
				'tester_id',
				'status',
				'amount_gross_cents',
				'amount_net_cents',
			] )
			.execute();
		assert.ok( requests.length >= 10, `${ requests.length } requests` );
		const books = await db
			.selectFrom( 'testers as t' )
			.leftJoin( 'booty_entries as b', 'b.tester_id', 't.id' )
			.select( [
				't.id',
				't.pending_booty_gross_cents as pendingGross',
				't.pending_booty_net_cents as pendingNet',
				sql< number >`sum(case when b.payment_request_id is null then b.gross_cents else 0 end)`.as(
					'freeGross'
				),
				sql< number >`sum(case when b.payment_request_id is null then b.net_cents else 0 end)`.as(
					'freeNet'
				),
				sql< number >`count(distinct b.payment_request_id)`.as(
					'requestsUsed'
				),
			] )
			.where( 't.id', 'in', testerIds )
			.groupBy( [
				't.id',
				't.pending_booty_gross_cents',
				't.pending_booty_net_cents',
			] )
			.execute();
		const total = ENTRIES.reduce( ( sum, cents ) => sum + cents );
		for ( const row of books ) {
			const own = requests.filter(
				( request ) => request.tester_id === row.id
			);
			assert.ok( own.length <= 1, `tester ${ row.id }: ${ own.length }` );
			assert.equal(
				Number( row.pendingGross ),
				Number( row.freeGross ),
				`tester ${ row.id }: the kept pending gross is the entries left`
			);
			assert.equal( Number( row.pendingNet ), Number( row.freeNet ) );
			if ( own.length ) {
				assert.equal( Number( own[ 0 ].amount_gross_cents ), total );
				assert.equal(
					Number( own[ 0 ].amount_net_cents ),
					ENTRIES.reduce(
						( sum, cents ) => sum + Math.round( cents * 0.8 ),
						0
					)
				);
				assert.equal( Number( row.freeGross ), 0 );
				assert.equal( Number( row.requestsUsed ), 1 );
			} else {
				assert.equal( Number( row.freeGross ), total );
				assert.equal( Number( row.requestsUsed ), 0 );
			}
		}

		// The restarted API serves the books as they are: a tester without a request may still make one.
		const again = startServer( database.url );
		try {
			const url = await again.listening;
			const without = testerIds.find(
				( id ) =>
					! requests.some( ( request ) => request.tester_id === id )
			);
			if ( without !== undefined ) {
				const index = testerIds.indexOf( without );
				const response = await fetch(
					`${ url }/api/users/me/payments`,
					{
						method: 'POST',
						headers: {
							authorization: `Bearer ${ await mintToken( {
								secret: SECRET,
								sub: 5000 + index,
							} ) }`,
							'content-type': 'application/json',
						},
						body: JSON.stringify( {
							method: {
								type: 'paypal',
								email: 'after@example.test',
							},
						} ),
					}
				);
				assert.equal( response.status, 201, await response.text() );
			}
		} finally {
			again.child.kill( 'SIGKILL' );
			await again.exited;
		}
	} );
} );
