import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest, migrationNames } from '../../src/db/migrate.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../helpers/migrations.ts';

describe( `migrations on ${ testEngine() }`, () => {
	let database: TestDatabase;
	before( async () => {
		database = await createTestDatabase( { migrate: false } );
	} );
	after( () => database.drop() );

	const insert = ( values: Record< string, unknown > ) =>
		database.db
			.insertInto( 'testers' )
			.values( { name: 'N', surname: 'S', ...values } as never )
			.execute();

	it( 'run forward on an empty database, then have nothing left to do', async () => {
		assert.deepEqual( await database.db.introspection.getTables(), [] );
		assert.deepEqual(
			await migrateToLatest( database.db ),
			migrationNames()
		);
		assert.deepEqual( await migrateToLatest( database.db ), [] );
		const testers = ( await database.db.introspection.getTables() ).find(
			( table ) => table.name === 'testers'
		);
		assert.ok( testers );
		assert.deepEqual(
			testers.columns.map( ( column ) => column.name ).sort(),
			[
				'approved_bugs',
				'attended_cp',
				'birth_date',
				'booty_gross_cents',
				'booty_net_cents',
				'booty_threshold_cents',
				'country',
				'created_at',
				'email',
				'id',
				'image',
				'is_verified',
				'onboarding_completed',
				'pending_booty_gross_cents',
				'pending_booty_net_cents',
				'referral_code',
				'surname',
				'total_exp_pts',
				'updated_at',
				'name',
				'wp_user_id',
				// 0003-domain
				'birth_city',
				'birth_province',
				'city',
				'education_id',
				'email_confirmed',
				'gender',
				'own_referral_code',
				'phone',
				'profession_id',
				'referred_by_tester_id',
				'verified_at',
				// 0012-profile
				'deleted_at',
				// 0013-sessions
				'sessions_valid_from',
				// 0017-level-changes
				'entry_test_passed_at',
			].sort()
		);
	} );

	it( 'fill the defaults of a minimal row the same way on every engine', async () => {
		await insert( { wp_user_id: 1, email: 'defaults@example.test' } );
		const row = await database.db
			.selectFrom( 'testers' )
			.selectAll()
			.where( 'wp_user_id', '=', 1 )
			.executeTakeFirstOrThrow();
		assert.equal( Number( row.onboarding_completed ), 0 );
		assert.equal( Number( row.is_verified ), 0 );
		assert.equal( Number( row.total_exp_pts ), 0 );
		assert.equal( Number( row.booty_gross_cents ), 0 );
		assert.equal( row.booty_net_cents, null );
		assert.equal( row.pending_booty_net_cents, null );
		assert.equal( Number( row.booty_threshold_cents ), 300 );
		assert.equal( row.birth_date, null );
		assert.match( row.created_at, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/ );
		// Both engines keep CURRENT_TIMESTAMP in UTC.
		assert.ok(
			Math.abs(
				Date.parse(
					`${ row.created_at.slice( 0, 19 ).replace( ' ', 'T' ) }Z`
				) - Date.now()
			) < 120_000
		);
	} );

	it( 'refuse a second row for the same WordPress user', async () => {
		await insert( { wp_user_id: 2, email: 'first@example.test' } );
		await assert.rejects(
			insert( { wp_user_id: 2, email: 'second@example.test' } )
		);
	} );

	it( 'refuse a second row with the same email', async () => {
		await insert( { wp_user_id: 3, email: 'same@example.test' } );
		await assert.rejects(
			insert( { wp_user_id: 4, email: 'same@example.test' } )
		);
	} );

	it( 'refuse a row without a WordPress user or an email', async () => {
		await assert.rejects(
			insert( { wp_user_id: null, email: 'nobody@example.test' } )
		);
		await assert.rejects( insert( { wp_user_id: 5, email: null } ) );
	} );

	it( 'keep big cent amounts exact', async () => {
		await insert( {
			wp_user_id: 6,
			email: 'rich@example.test',
			booty_gross_cents: 9_007_199_254_740_991,
		} );
		const row = await database.db
			.selectFrom( 'testers' )
			.select( 'booty_gross_cents' )
			.where( 'wp_user_id', '=', 6 )
			.executeTakeFirstOrThrow();
		assert.equal( String( row.booty_gross_cents ), '9007199254740991' );
	} );

	it( 'store names beyond Latin-1', async () => {
		await insert( {
			wp_user_id: 7,
			email: 'unicode@example.test',
			name: 'Zoë 🐞 Łukasz',
		} );
		const { name } = await database.db
			.selectFrom( 'testers' )
			.select( 'name' )
			.where( 'wp_user_id', '=', 7 )
			.executeTakeFirstOrThrow();
		assert.equal( name, 'Zoë 🐞 Łukasz' );
	} );

	it( 'can be undone and run again', async () => {
		// One step at a time, newest first.
		await migrateDownTo( database.db, null );
		assert.equal(
			( await database.db.introspection.getTables() ).some(
				( table ) => table.name === 'testers'
			),
			false
		);
		await migrateUpFrom( database.db, null );
		await sql`select count(*) from testers`.execute( database.db );
		await sql`select count(*) from rate_limit_hits`.execute( database.db );
	} );
} );
