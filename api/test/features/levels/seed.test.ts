import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runLevelChange } from '../../../src/features/levels/change.ts';
import { createLease } from '../../../src/features/levels/lease.ts';
import { LEVEL_CHANGE_LEASE } from '../../../src/features/levels/schedule.ts';
import { createRankingRepository } from '../../../src/features/ranking/repository.ts';
import { seed, type DemoProfile } from '../../../src/seed/index.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';

/** The seed writes levels by the change's rules, and the demo testers show the ranking page's states. */

const REFERENCE = '2026-11-20';
const PROFILES: DemoProfile[] = [ 'newcomer', 'veteran', 'heavy' ];

describe( `seeded levels on ${ testEngine() }`, () => {
	let database: TestDatabase;
	const wpUserIds = {} as Record< DemoProfile, number >;

	before( async () => {
		database = await createTestDatabase();
		const demo = [];
		for ( const [ position, profile ] of PROFILES.entries() ) {
			const { insertId } = await database.db
				.insertInto( 'testers' )
				.values( {
					wp_user_id: 30 + position,
					email: `${ profile }@crowdscout.test`,
					name: profile,
					surname: 'Demo',
					country: 'IT',
				} )
				.executeTakeFirstOrThrow();
			wpUserIds[ profile ] = 30 + position;
			demo.push( { testerId: Number( insertId ), profile } );
		}
		await seed( database.db, {
			seed: 'levels',
			testers: 40,
			campaigns: 30,
			bugsPerTester: 2,
			experiencePerTester: 20,
			referenceDate: REFERENCE,
			demo,
		} );
	} );
	after( () => database.drop() );

	it( 'gives every tester with experience the entry test, when the Basic Course was completed', async () => {
		const { rows } = await sql< { mismatched: number | string } >`
			select count(*) as mismatched from testers t
			where exists (select 1 from experience_entries e where e.tester_id = t.id)
			and (t.entry_test_passed_at is null or t.entry_test_passed_at <> (select min(e.created_at)
				from experience_entries e where e.tester_id = t.id and e.note = 'Basic Course completed'))`.execute(
			database.db
		);
		assert.equal( Number( rows[ 0 ].mismatched ), 0 );
	} );

	it( 'the level change of any seeded month changes nothing', async () => {
		const lease = createLease( database.db, LEVEL_CHANGE_LEASE, 'seed' );
		assert.ok( await lease.acquire( 60_000 ) );
		for ( const month of [ '2026-11', '2026-06', '2025-03' ] ) {
			const result = await runLevelChange( database.db, month, lease );
			assert.equal( result.written, 0, month );
			assert.ok( result.testers > 0, month );
		}
	} );

	it( 'Dana (the newcomer) has no level: level 0, no level to earn by points', async () => {
		const summary = await createRankingRepository( database.db ).summary(
			wpUserIds.newcomer,
			new Date( `${ REFERENCE }T12:00:00Z` )
		);
		assert.deepEqual( summary?.level, { id: 0, name: 'None' } );
		assert.deepEqual( summary?.prospect, {
			level: { id: 0, name: 'None' },
			maintenance: 0,
		} );
	} );

	it( 'Vera (the veteran) climbs between the levels, Hana (the heavy tester) is Legendary', async () => {
		const ranking = createRankingRepository( database.db );
		const at = new Date( `${ REFERENCE }T12:00:00Z` );
		const veteran = await ranking.summary( wpUserIds.veteran, at );
		assert.ok(
			veteran && veteran.level.id >= 20 && veteran.level.id <= 60,
			JSON.stringify( veteran )
		);
		assert.ok( veteran.rank !== null && veteran.prospect.next );
		const heavy = await ranking.summary( wpUserIds.heavy, at );
		assert.deepEqual( heavy?.level, { id: 100, name: 'Legendary' } );
		assert.deepEqual( heavy?.prospect, {
			level: { id: 100, name: 'Legendary' },
			maintenance: 0,
		} );
	} );
} );
