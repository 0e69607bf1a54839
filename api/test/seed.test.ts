import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
	countSeeded,
	resetSeed,
	seed,
	SEED_WP_USER_ID_BASE,
	type DemoProfile,
	type SeedOptions,
} from '../src/seed/index.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from './helpers/database.ts';

const OPTIONS: SeedOptions = {
	seed: 'test',
	testers: 50,
	campaigns: 20,
	bugsPerTester: 6,
	experiencePerTester: 20,
	chunkTesters: 17,
};

const DIGEST_TABLES = [
	'testers',
	'campaigns',
	'tester_devices',
	'applications',
	'bugs',
	'experience_entries',
	'tester_monthly_levels',
	'booty_entries',
	'payment_requests',
	'popups',
	'popup_reads',
] as const;

async function digest( database: TestDatabase ): Promise< string > {
	const hash = createHash( 'sha256' );
	for ( const table of DIGEST_TABLES ) {
		const records = await database.db
			.selectFrom( table )
			.selectAll()
			.orderBy( 'id' )
			.execute();
		hash.update( `${ table }:${ JSON.stringify( records ) }\n` );
	}
	return hash.digest( 'hex' );
}

async function rows< T = Record< string, unknown > >(
	database: TestDatabase,
	query: string
): Promise< T[] > {
	const result = await sql.raw< T >( query ).execute( database.db );
	return result.rows;
}

const numbers = (
	values: Array< Record< string, unknown > >
): Array< Record< string, number > > =>
	values.map(
		( row ) =>
			Object.fromEntries(
				Object.entries( row ).map( ( [ key, value ] ) => [
					key,
					typeof value === 'string' && /^-?\d+$/.test( value )
						? Number( value )
						: value,
				] )
			) as Record< string, number >
	);

/** Testers whose counters differ from the rows they count. */
const testerCounterMismatches = ( database: TestDatabase ) =>
	rows(
		database,
		`select t.id from testers t
		where t.total_exp_pts <> coalesce((select sum(amount) from experience_entries e where e.tester_id = t.id), 0)
		or t.total_exp_pts <> coalesce((select sum(points) from tester_monthly_levels m where m.tester_id = t.id), 0)
		or t.approved_bugs <> (select count(*) from bugs b where b.tester_id = t.id and b.status_id = 2)
		or t.attended_cp <> (select count(*) from applications a where a.tester_id = t.id and a.status = 'selected' and a.completed = 1)
		or t.booty_gross_cents <> coalesce((select sum(gross_cents) from booty_entries b where b.tester_id = t.id), 0)
		or t.booty_net_cents <> coalesce((select sum(net_cents) from booty_entries b where b.tester_id = t.id), 0)
		or t.pending_booty_gross_cents <> coalesce((select sum(gross_cents) from booty_entries b where b.tester_id = t.id and b.payment_request_id is null), 0)
		or t.pending_booty_net_cents <> coalesce((select sum(net_cents) from booty_entries b where b.tester_id = t.id and b.payment_request_id is null), 0)`
	);

/** Campaigns whose selected count differs from their applications. */
const campaignCounterMismatches = ( database: TestDatabase ) =>
	rows(
		database,
		`select c.id from campaigns c
		where c.selected_count <> (select count(*) from applications a where a.campaign_id = c.id and a.status = 'selected')
		or (c.max_testers is not null and c.selected_count > c.max_testers)`
	);

/** Applications whose copy of their campaign's status and dates (0005) differs from the campaign. */
const applicationCopyMismatches = ( database: TestDatabase ) =>
	rows(
		database,
		`select a.id from applications a join campaigns c on c.id = a.campaign_id
		where a.campaign_status_id <> c.status_id
		or a.campaign_start_date is null or a.campaign_start_date <> c.start_date
		or a.campaign_end_date is null or a.campaign_end_date <> c.end_date
		or a.campaign_close_date is null or a.campaign_close_date <> c.close_date`
	);

/** monthly_rank_counts and what it must hold, tester_monthly_levels counted per month, level and points. */
async function rankCounts( database: TestDatabase ) {
	const read = async ( query: string ) =>
		numbers( await rows( database, query ) )
			.map( ( row ) => ( { ...row, month: String( row.month ) } ) )
			.map( ( row ) => JSON.stringify( row ) )
			.sort();
	return {
		actual: await read(
			'select month, level_id, points, testers from monthly_rank_counts'
		),
		expected: await read(
			`select month, level_id, points, count(*) as testers from tester_monthly_levels
			group by month, level_id, points`
		),
	};
}

async function assertRankCounts( database: TestDatabase ) {
	const { actual, expected } = await rankCounts( database );
	assert.ok( expected.length > 0, 'some monthly levels' );
	assert.deepEqual( actual, expected );
}

describe( `demo data generator on ${ testEngine() }`, () => {
	let first: TestDatabase;
	let second: TestDatabase;
	before( async () => {
		[ first, second ] = await Promise.all( [
			createTestDatabase(),
			createTestDatabase(),
		] );
		await seed( first.db, OPTIONS );
	} );
	after( () => Promise.all( [ first.drop(), second.drop() ] ) );

	it( 'writes the same rows for the same seed, and other rows for another seed', async () => {
		// Another chunk size must not change anything either.
		await seed( second.db, { ...OPTIONS, chunkTesters: 1000 } );
		const expected = await digest( first );
		assert.equal( await digest( second ), expected );

		await resetSeed( second.db );
		assert.equal( await countSeeded( second.db ), 0 );
		await seed( second.db, { ...OPTIONS, seed: 'other' } );
		assert.notEqual( await digest( second ), expected );
	} );

	it( 'writes as many testers, campaigns, bugs and experience entries as asked', async () => {
		const [ counts ] = numbers(
			await rows(
				first,
				`select
				(select count(*) from testers) as testers,
				(select count(*) from campaigns) as campaigns,
				(select count(*) from bugs) as bugs,
				(select count(*) from experience_entries) as experience,
				(select min(wp_user_id) from testers) as first_wp_user`
			)
		);
		assert.deepEqual( counts, {
			testers: 50,
			campaigns: 20,
			bugs: 300,
			experience: 1000,
			first_wp_user: SEED_WP_USER_ID_BASE,
		} );
	} );

	it( 'refuses to seed twice', async () => {
		await assert.rejects(
			seed( first.db, OPTIONS ),
			/already holds seeded/
		);
	} );

	it( 'covers every state a screen shows', async () => {
		const distinct = async ( query: string ) =>
			( await rows< { v: unknown } >( first, query ) )
				.map( ( row ) => String( row.v ) )
				.sort();
		assert.deepEqual(
			await distinct( 'select distinct status_id as v from bugs' ),
			[ '1', '2', '3', '4' ]
		);
		assert.deepEqual(
			await distinct( 'select distinct status as v from applications' ),
			[ 'applied', 'excluded', 'selected' ]
		);
		assert.deepEqual(
			await distinct(
				`select distinct completed as v from applications where status = 'selected'`
			),
			[ '0', '1' ]
		);
		assert.deepEqual(
			await distinct(
				'select distinct device_type as v from tester_devices'
			),
			[ '0', '1', '2', '3', '4', '5' ]
		);
		assert.deepEqual(
			await distinct(
				'select distinct activity_id as v from experience_entries'
			),
			[ '1', '2', '3', '4', '5' ]
		);
		assert.deepEqual(
			await distinct(
				'select distinct status as v from fiscal_profiles'
			),
			[ 'unverified', 'verified' ]
		);
		assert.deepEqual(
			await distinct(
				'select distinct status as v from payment_requests'
			),
			[ 'paid', 'processing' ]
		);
		// Upcoming, running, finished awaiting close, closed.
		const reference = '2026-11-01 00:00:00';
		assert.deepEqual(
			await distinct( `select distinct case
				when start_date > '${ reference }' then 'upcoming'
				when end_date > '${ reference }' then 'running'
				when status_id = 1 then 'awaiting'
				else 'closed' end as v from campaigns` ),
			[ 'awaiting', 'closed', 'running', 'upcoming' ]
		);
		const [ booty ] = numbers(
			await rows(
				first,
				`select
				sum(case when pending_booty_gross_cents > 0 and pending_booty_gross_cents < booty_threshold_cents then 1 else 0 end) as below,
				sum(case when pending_booty_gross_cents >= booty_threshold_cents then 1 else 0 end) as above,
				sum(case when amount < 0 then 1 else 0 end) as negative
				from testers, (select min(amount) as amount from experience_entries) e`
			)
		);
		assert.ok(
			booty.below > 0 && booty.above > 0,
			JSON.stringify( booty )
		);
		assert.ok( booty.negative > 0, 'some experience entries are negative' );
	} );

	it( 'keeps every counter equal to the rows it counts', async () => {
		assert.deepEqual( await testerCounterMismatches( first ), [] );
		assert.deepEqual( await campaignCounterMismatches( first ), [] );
		assert.deepEqual( await applicationCopyMismatches( first ), [] );
		await assertRankCounts( first );
		const paymentMismatches = await rows(
			first,
			`select p.id from payment_requests p
			where p.amount_gross_cents <> (select sum(gross_cents) from booty_entries b where b.payment_request_id = p.id)`
		);
		assert.deepEqual( paymentMismatches, [] );
		const [ { applicants } ] = numbers(
			await rows(
				first,
				'select count(*) as applicants from applications'
			)
		);
		assert.ok( applicants > 0 );
	} );

	it( 'gives a tester at most one processing payment request, and only with a verified fiscal profile', async () => {
		assert.deepEqual(
			await rows(
				first,
				`select tester_id from payment_requests where status = 'processing'
				group by tester_id having count(*) > 1`
			),
			[]
		);
		assert.deepEqual(
			await rows(
				first,
				`select p.id from payment_requests p
				left join fiscal_profiles f on f.tester_id = p.tester_id and f.status = 'verified'
				where f.id is null`
			),
			[]
		);
	} );

	it( 'dates everything before the reference date and testers over 16', async () => {
		const [ dates ] = await rows< Record< string, string > >(
			first,
			`select
			(select max(created_at) from experience_entries) as experience,
			(select max(created_at) from bugs) as bugs,
			(select max(paid_at) from payment_requests) as paid,
			(select max(read_at) from popup_reads) as read_at,
			(select max(birth_date) from testers) as youngest`
		);
		for ( const key of [ 'experience', 'bugs', 'paid', 'read_at' ] ) {
			assert.ok(
				String( dates[ key ] ) < '2026-11-01',
				`${ key }: ${ dates[ key ] }`
			);
		}
		assert.ok( String( dates.youngest ) < '2010-11-01', dates.youngest );
	} );

	it( 'stores popup content as base64 raw DEFLATE of HTML', async () => {
		const popups = await first.db
			.selectFrom( 'popups' )
			.select( [ 'content' ] )
			.execute();
		assert.equal( popups.length, 8 );
		for ( const { content } of popups ) {
			const html = inflateRawSync(
				Buffer.from( content, 'base64' )
			).toString( 'utf8' );
			assert.match( html, /^<(p|h2|h3)>/ );
		}
	} );

	it( 'deletes exactly the seeded rows on reset', async () => {
		await assertRankCounts( second );
		const { insertId } = await second.db
			.insertInto( 'testers' )
			.values( {
				wp_user_id: 7,
				email: 'real@example.test',
				name: 'Real',
				surname: 'Tester',
			} )
			.executeTakeFirstOrThrow();
		// A real tester's month, which the rank counts rebuilt on reset keep.
		await second.db
			.insertInto( 'tester_monthly_levels' )
			.values( {
				tester_id: Number( insertId ),
				month: '2026-10-01',
				level_id: 20,
				points: 123,
			} )
			.execute();
		await resetSeed( second.db );
		await assertRankCounts( second );
		assert.deepEqual( ( await rankCounts( second ) ).actual, [
			JSON.stringify( {
				month: '2026-10-01',
				level_id: 20,
				points: 123,
				testers: 1,
			} ),
		] );
		const left = await second.db
			.selectFrom( 'testers' )
			.select( 'id' )
			.execute();
		assert.deepEqual(
			left.map( ( row ) => Number( row.id ) ),
			[ Number( insertId ) ]
		);
		const [ counts ] = numbers(
			await rows(
				second,
				`select (select count(*) from campaigns) as campaigns,
				(select count(*) from popups) as popups, (select count(*) from experience_entries) as experience`
			)
		);
		assert.deepEqual( counts, { campaigns: 0, popups: 0, experience: 0 } );
	} );
} );

describe( `demo testers on ${ testEngine() }`, () => {
	const PROFILES: DemoProfile[] = [
		'newcomer',
		'veteran',
		'unverified',
		'heavy',
		'invoice',
	];
	const REFERENCE = '2026-11-01 00:00:00';
	let first: TestDatabase;
	let second: TestDatabase;
	const ids = {} as Record< DemoProfile, number >;

	/** The demo sign-ups, as the API's POST /users leaves them; then the seed with their profiles. */
	async function seedDemo( database: TestDatabase ) {
		const demo = [];
		for ( const [ position, profile ] of PROFILES.entries() ) {
			const { insertId } = await database.db
				.insertInto( 'testers' )
				.values( {
					wp_user_id: 10 + position,
					email: `${ profile }@crowdscout.test`,
					name: profile,
					surname: 'Demo',
					country: 'IT',
					// Fixed, so that two databases seeded apart hold the same rows.
					created_at: '2026-10-01 10:00:00',
					updated_at: '2026-10-01 10:00:00',
				} )
				.executeTakeFirstOrThrow();
			ids[ profile ] = Number( insertId );
			demo.push( { testerId: Number( insertId ), profile } );
		}
		// Enough campaigns for the heavy tester's hundreds of applications.
		await seed( database.db, {
			seed: 'demo',
			testers: 20,
			campaigns: 300,
			bugsPerTester: 2,
			experiencePerTester: 5,
			demo,
		} );
	}

	const count = async ( table: string, profile: DemoProfile, where = '' ) =>
		Number(
			(
				await rows< { n: unknown } >(
					first,
					`select count(*) as n from ${ table } where tester_id = ${ ids[ profile ] }${ where }`
				)
			)[ 0 ].n
		);
	const distinct = async ( query: string ) =>
		( await rows< { v: unknown } >( first, query ) )
			.map( ( row ) => String( row.v ) )
			.sort();
	const tester = async ( profile: DemoProfile ) =>
		numbers(
			await rows(
				first,
				`select onboarding_completed, total_exp_pts, attended_cp, approved_bugs, pending_booty_gross_cents,
				booty_threshold_cents from testers where id = ${ ids[ profile ] }`
			)
		)[ 0 ];

	before( async () => {
		[ first, second ] = await Promise.all( [
			createTestDatabase(),
			createTestDatabase(),
		] );
		await seedDemo( first );
	} );
	after( () => Promise.all( [ first.drop(), second.drop() ] ) );

	it( 'leaves the newcomer with nothing: no onboarding, devices, fiscal profile or history', async () => {
		for ( const table of [
			'tester_devices',
			'fiscal_profiles',
			'applications',
			'bugs',
			'experience_entries',
			'tester_monthly_levels',
			'booty_entries',
			'payment_requests',
			'popup_reads',
			'tester_languages',
		] ) {
			assert.equal( await count( table, 'newcomer' ), 0, table );
		}
		assert.deepEqual( await tester( 'newcomer' ), {
			onboarding_completed: 0,
			total_exp_pts: 0,
			attended_cp: 0,
			approved_bugs: 0,
			pending_booty_gross_cents: 0,
			booty_threshold_cents: 300,
		} );
	} );

	it( 'gives the veteran every state the dashboard and its lists show', async () => {
		const id = ids.veteran;
		const veteran = await tester( 'veteran' );
		assert.equal( veteran.onboarding_completed, 1 );
		assert.ok( veteran.total_exp_pts > 0 && veteran.attended_cp > 0 );
		assert.ok( veteran.approved_bugs > 0 );
		assert.ok(
			veteran.pending_booty_gross_cents >= veteran.booty_threshold_cents,
			JSON.stringify( veteran )
		);
		assert.ok(
			(
				await distinct(
					`select distinct device_type as v from tester_devices where tester_id = ${ id }`
				)
			).length >= 3
		);
		assert.deepEqual(
			await distinct(
				`select status as v from fiscal_profiles where tester_id = ${ id }`
			),
			[ 'verified' ]
		);
		assert.deepEqual(
			await distinct(
				`select distinct status_id as v from bugs where tester_id = ${ id }`
			),
			[ '1', '2', '3', '4' ]
		);
		assert.deepEqual(
			await distinct(
				`select distinct status as v from payment_requests where tester_id = ${ id }`
			),
			// Paid ones only: the wallet lets her request the pending booty.
			[ 'paid' ]
		);
		// The four dashboard tables (spec: active, available, completed awaiting review, closed).
		const [ tables ] = numbers(
			await rows(
				first,
				`select
				(select count(*) from applications a join campaigns c on c.id = a.campaign_id
					where a.tester_id = ${ id } and a.status = 'selected' and a.completed = 0 and c.status_id = 1) as active,
				(select count(*) from campaigns c where c.end_date > '${ REFERENCE }' and not exists
					(select 1 from applications a where a.campaign_id = c.id and a.tester_id = ${ id })) as available,
				(select count(*) from applications a join campaigns c on c.id = a.campaign_id
					where a.tester_id = ${ id } and a.status = 'selected' and a.completed = 1 and c.status_id = 1) as awaiting,
				(select count(*) from applications a join campaigns c on c.id = a.campaign_id
					where a.tester_id = ${ id } and a.status = 'selected' and c.status_id = 2) as closed`
			)
		);
		for ( const [ table, value ] of Object.entries( tables ) ) {
			assert.ok( value > 0, `${ table }: ${ JSON.stringify( tables ) }` );
		}
		const months = await distinct(
			`select distinct month as v from tester_monthly_levels where tester_id = ${ id } and points > 0`
		);
		assert.ok( months.length >= 12, `${ months.length } months` );
		const [ latest ] = numbers(
			await rows(
				first,
				`select level_id from tester_monthly_levels where tester_id = ${ id } order by month desc limit 1`
			)
		);
		assert.ok( latest.level_id > 0, JSON.stringify( latest ) );
		assert.equal( await count( 'popup_reads', 'veteran' ), 0 );
		assert.ok( ( await count( 'popup_recipients', 'veteran' ) ) > 0 );
	} );

	it( 'gives the unverified tester an unverified fiscal profile and booty below the threshold', async () => {
		const unverified = await tester( 'unverified' );
		assert.equal( unverified.onboarding_completed, 1 );
		assert.ok(
			unverified.pending_booty_gross_cents > 0 &&
				unverified.pending_booty_gross_cents <
					unverified.booty_threshold_cents,
			JSON.stringify( unverified )
		);
		assert.deepEqual(
			await distinct(
				`select status as v from fiscal_profiles where tester_id = ${ ids.unverified }`
			),
			[ 'unverified' ]
		);
		// Refused by the community team too, with a reason the profile page quotes; nobody else's is.
		assert.deepEqual(
			await distinct(
				`select concat_ws(': ', tester_id, substr(review_note, 1, 29)) as v from fiscal_profiles where review_note is not null`
			),
			[ `${ ids.unverified }: The tax id is that of someone` ]
		);
		assert.equal( await count( 'payment_requests', 'unverified' ), 0 );
	} );

	it( 'gives the wallet its states: a request processing (heavy), a bank-invoice tester with booty to request', async () => {
		assert.deepEqual(
			await distinct(
				`select distinct status as v from payment_requests where tester_id = ${ ids.heavy }`
			),
			[ 'paid', 'processing' ]
		);
		assert.deepEqual(
			await distinct(
				`select concat_ws('/', type, status) as v from fiscal_profiles where tester_id in (${ ids.heavy }, ${ ids.invoice }) order by tester_id`
			),
			[ 'non-italian/verified', 'vat/verified' ]
		);
		const invoice = await tester( 'invoice' );
		assert.ok(
			invoice.pending_booty_gross_cents >= invoice.booty_threshold_cents,
			JSON.stringify( invoice )
		);
		assert.deepEqual(
			await distinct(
				`select distinct status as v from payment_requests where tester_id = ${ ids.invoice }`
			),
			[ 'paid' ]
		);
		// Receipts are named for the demo testers' paid requests only (the seed writes their files).
		assert.deepEqual(
			await distinct(
				`select distinct case when receipt_path = concat('receipt-', id, '.pdf') then 'named' else coalesce(receipt_path, 'none') end as v
				from payment_requests where status = 'paid' and tester_id in (${ ids.veteran }, ${ ids.invoice })`
			),
			[ 'named' ]
		);
	} );

	it( 'gives the heavy tester thousands of rows', async () => {
		assert.ok( ( await count( 'experience_entries', 'heavy' ) ) >= 3000 );
		assert.ok( ( await count( 'bugs', 'heavy' ) ) >= 1000 );
		assert.ok( ( await count( 'applications', 'heavy' ) ) >= 200 );
	} );

	it( 'keeps the demo testers’ counters equal to their rows, and the campaigns’ too', async () => {
		assert.deepEqual( await testerCounterMismatches( first ), [] );
		assert.deepEqual( await campaignCounterMismatches( first ), [] );
		assert.deepEqual( await applicationCopyMismatches( first ), [] );
		assert.ok( ( await count( 'applications', 'heavy' ) ) > 0 );
		await assertRankCounts( first );
	} );

	it( 'writes the same rows for the same demo testers', async () => {
		await seedDemo( second );
		assert.equal( await digest( second ), await digest( first ) );
	} );

	it( 'refuses a demo tester that does not exist', async () => {
		const empty = await createTestDatabase();
		try {
			await assert.rejects(
				seed( empty.db, {
					testers: 0,
					campaigns: 1,
					demo: [ { testerId: 999_999, profile: 'veteran' } ],
				} ),
				/Demo tester 999999 does not exist/
			);
		} finally {
			await empty.drop();
		}
	} );
} );

describe( `campaign lifecycle at scale on ${ testEngine() }`, () => {
	const REFERENCE = '2026-11-01 00:00:00';
	let database: TestDatabase;

	/** Campaigns by state at the reference date. */
	async function states(): Promise< Record< string, number > > {
		const counts = numbers(
			await rows(
				database,
				`select case
				when start_date > '${ REFERENCE }' then 'upcoming'
				when status_id = 1 and end_date > '${ REFERENCE }' then 'running'
				when status_id = 1 then 'awaiting'
				else 'closed' end as state, count(*) as n
				from campaigns group by 1`
			)
		);
		return Object.fromEntries(
			counts.map( ( row ) => [ String( row.state ), row.n ] )
		);
	}

	before( async () => {
		database = await createTestDatabase();
	} );
	after( () => database.drop() );

	it( 'runs as many campaigns at once as the creation rate × the duration', async () => {
		await seed( database.db, {
			seed: 'scale',
			testers: 5,
			campaigns: 2000,
			bugsPerTester: 1,
			experiencePerTester: 2,
		} );
		const [ { running, total } ] = numbers(
			await rows(
				database,
				`select sum(case when status_id = 1 and start_date <= '${ REFERENCE }'
					and end_date > '${ REFERENCE }' then 1 else 0 end) as running,
				count(*) as total from campaigns`
			)
		);
		assert.equal( total, 2000 );
		assert.ok(
			running > 0 && running / total < 0.05,
			JSON.stringify( await states() )
		);
		assert.deepEqual( await applicationCopyMismatches( database ), [] );
		await assertRankCounts( database );
	} );

	it( 'keeps every state in a small seed', async () => {
		await resetSeed( database.db );
		await seed( database.db, {
			seed: 'scale',
			testers: 5,
			campaigns: 40,
			bugsPerTester: 1,
			experiencePerTester: 2,
		} );
		const counts = await states();
		assert.deepEqual(
			Object.keys( counts ).sort(),
			[ 'awaiting', 'closed', 'running', 'upcoming' ],
			JSON.stringify( counts )
		);
		for ( const [ state, n ] of Object.entries( counts ) ) {
			assert.ok( n >= 1, `${ state }: ${ JSON.stringify( counts ) }` );
		}
	} );
} );
