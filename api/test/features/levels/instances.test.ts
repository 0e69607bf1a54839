import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createDatabase } from '../../../src/db/connection.ts';
import { toSqlDateTime } from '../../../src/db/values.ts';
import { runLevelChange } from '../../../src/features/levels/change.ts';
import {
	LeaseLostError,
	createLease,
} from '../../../src/features/levels/lease.ts';
import {
	LEVEL_CHANGE_LEASE,
	changeLevelsIfDue,
	scheduleLevelChanges,
} from '../../../src/features/levels/schedule.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';
import { FIRST, MONTH, novemberLevels, writeTesters } from './world.ts';

/**
 * Several API instances on one database: each has its own connection (a second handle on the same SQLite file
 * or MariaDB database here), and exactly one of them runs a month's change.
 */

const silent = { info() {}, warn() {}, error() {} };

/** A log that keeps its lines' messages. */
const recording = () => {
	const lines: string[] = [];
	const log = ( line: unknown, message?: string ) =>
		lines.push( message ?? String( line ) );
	return { lines, log: { info: log, warn: log, error: log } };
};

describe( `the level change with several instances on ${ testEngine() }`, () => {
	let database: TestDatabase;
	let other: ReturnType< typeof createDatabase >;
	let ids: Record< string, number >;

	before( async () => {
		database = await createTestDatabase();
		other = createDatabase( database.url );
		ids = await writeTesters( database.db, {
			climber: { october: [ 10, 600 ] },
			faller: { october: [ 30, 0 ] },
		} );
	} );
	after( async () => {
		await other.destroy();
		await database.drop();
	} );
	beforeEach( async () => {
		await database.db.deleteFrom( 'level_changes' ).execute();
		await database.db.deleteFrom( 'leases' ).execute();
	} );

	const runs = () =>
		database.db
			.selectFrom( 'level_changes' )
			.select( [ 'month', 'holder' ] )
			.execute();

	it( 'two instances started together: exactly one runs the month', async () => {
		const results = await Promise.all( [
			changeLevelsIfDue( database.db, MONTH, silent, { holder: 'one' } ),
			changeLevelsIfDue( other.db, MONTH, silent, { holder: 'two' } ),
		] );
		const ran = results.filter( ( result ) => result !== undefined );
		assert.equal( ran.length, 1 );
		const recorded = await runs();
		assert.equal( recorded.length, 1 );
		assert.equal( recorded[ 0 ].holder, ran[ 0 ]!.holder );
		const levels = await novemberLevels( database.db );
		assert.equal( levels.get( ids.climber ), 20 );
		assert.equal( levels.get( ids.faller ), 20 );
	} );

	it( 'two schedules started together: one run recorded, the month then left alone', async () => {
		const now = () => new Date( `${ FIRST }T00:30:00Z` );
		const schedules = [
			scheduleLevelChanges( database.db, silent, {
				holder: 'one',
				now,
			} ),
			scheduleLevelChanges( other.db, silent, { holder: 'two', now } ),
		];
		const results = await Promise.all(
			schedules.map( ( schedule ) => schedule.first )
		);
		await Promise.all( schedules.map( ( schedule ) => schedule.stop() ) );
		assert.equal(
			results.filter( ( result ) => result !== undefined ).length,
			1
		);
		assert.equal( ( await runs() ).length, 1 );
		// Done: a later look of either finds it so.
		assert.equal(
			await changeLevelsIfDue( other.db, MONTH, silent, {
				holder: 'two',
			} ),
			undefined
		);
	} );

	it( 'a live lease of another instance: this one leaves the month', async () => {
		await database.db
			.insertInto( 'leases' )
			.values( {
				name: LEVEL_CHANGE_LEASE,
				holder: 'busy-host:1:aaaa',
				expires_at: toSqlDateTime( new Date( Date.now() + 60_000 ) ),
			} )
			.execute();
		const { lines, log } = recording();
		assert.equal(
			await changeLevelsIfDue( database.db, MONTH, log, {
				holder: 'one',
			} ),
			undefined
		);
		assert.deepEqual( await runs(), [] );
		assert.deepEqual( lines, [
			'levels: another instance holds the level change lease',
		] );
	} );

	it( 'an expired lease (its holder died) is taken over', async () => {
		await database.db
			.insertInto( 'leases' )
			.values( {
				name: LEVEL_CHANGE_LEASE,
				holder: 'dead-host:1:aaaa',
				expires_at: toSqlDateTime( new Date( Date.now() - 1000 ) ),
			} )
			.execute();
		const { lines, log } = recording();
		const result = await changeLevelsIfDue( database.db, MONTH, log, {
			holder: 'heir',
		} );
		assert.equal( result?.holder, 'heir' );
		assert.deepEqual(
			( await runs() ).map( ( row ) => row.holder ),
			[ 'heir' ]
		);
		assert.deepEqual( lines, [ 'levels: monthly level change done' ] );
		// Released once done: another instance may take it at once.
		assert.ok(
			await createLease( other.db, LEVEL_CHANGE_LEASE, 'next' ).acquire(
				60_000
			)
		);
	} );

	it( 'a holder whose lease was taken over cannot commit its run', async () => {
		const stalled = createLease( database.db, LEVEL_CHANGE_LEASE, 'slow' );
		assert.ok(
			await stalled.acquire( 1000, new Date( Date.now() - 5000 ) )
		);
		// Expired: the other instance takes it.
		assert.ok(
			await createLease( other.db, LEVEL_CHANGE_LEASE, 'fast' ).acquire(
				60_000
			)
		);
		await assert.rejects(
			runLevelChange( database.db, MONTH, stalled ),
			LeaseLostError
		);
		assert.deepEqual( await runs(), [] );
	} );

	it( 'the schedule runs a new month at its first look in it, and stops', async () => {
		let clock = new Date( '2026-10-20T10:00:00Z' );
		const schedule = scheduleLevelChanges( database.db, silent, {
			holder: 'one',
			now: () => clock,
			intervalMs: 20,
		} );
		await schedule.first;
		assert.deepEqual(
			( await runs() ).map( ( row ) =>
				String( row.month ).slice( 0, 10 )
			),
			[ '2026-10-01' ]
		);
		clock = new Date( '2026-11-01T00:10:00Z' );
		const deadline = Date.now() + 10_000;
		while ( ( await runs() ).length < 2 && Date.now() < deadline ) {
			await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
		}
		await schedule.stop();
		const months = ( await runs() )
			.map( ( row ) => String( row.month ).slice( 0, 10 ) )
			.sort();
		assert.deepEqual( months, [ '2026-10-01', FIRST ] );
		clock = new Date( '2026-12-01T00:10:00Z' );
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		assert.equal( ( await runs() ).length, 2, 'stopped: no more looks' );
	} );
} );
