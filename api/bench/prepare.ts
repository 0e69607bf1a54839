/**
 * Benchmark data for `npm run bench` (scripts/bench/api.mjs): migrates the database at --db-url, and unless it
 * already holds this exact data set, seeds it at the requested scale with one extra tester given the `heavy`
 * demo profile (thousands of applications, experience entries and bugs). Prints one JSON line on stdout:
 * `{ token, testerId, campaignId, bugId, task, bugForm, apply, addDevices, paymentId, pay, seeded, ms }`, a bearer
 * token for that tester signed with CROWDSCOUT_SECRET (`apply`: the applying row's campaigns, answers and testers,
 * prepareApplying; `addDevices`: the add-device row's bodies, BENCH_DEVICES; `pay`: the testers who may request a
 * payment, preparePaying).
 *
 *   node --import tsx api/bench/prepare.ts --db-url URL --testers N --campaigns M --bugs-per-tester K
 *     --experience-per-tester E --reference-date YYYY-MM-DD
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { checkSecret } from '../src/config.ts';
import { createDatabase, parseDatabaseUrl } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { toSqlDateTime } from '../src/db/values.ts';
import { createTokenService } from '../src/lib/auth.ts';
import { createPublicBugTokens } from '../src/features/bugs/public-token.ts';
import { monthOf } from '../src/features/ranking/repository.ts';
import { createTestersRepository } from '../src/features/me/repository.ts';
import {
	CUSTOM_FIELDS,
	writeCustomFieldCatalogue,
} from '../src/seed/custom-fields.ts';
import { seed } from '../src/seed/index.ts';

export const BENCH_EMAIL = 'bench-heavy@crowdscout.test';
/** Below the seeded range (1,000,000 and up) and far above any real development user. */
const BENCH_WP_USER_ID = 999_999;

const { values } = parseArgs( {
	options: {
		'db-url': { type: 'string' },
		testers: { type: 'string', default: '100000' },
		campaigns: { type: 'string', default: '10000' },
		'bugs-per-tester': { type: 'string', default: '10' },
		'experience-per-tester': { type: 'string', default: '50' },
		'reference-date': { type: 'string' },
	},
} );

const log = ( line: string ) => process.stderr.write( `${ line }\n` );

const url = values[ 'db-url' ];
if ( ! url ) {
	throw new Error( '--db-url is required' );
}
const secret = checkSecret( process.env.CROWDSCOUT_SECRET );
const referenceDate =
	values[ 'reference-date' ] ?? new Date().toISOString().slice( 0, 10 );
const scale = {
	testers: Number( values.testers ),
	campaigns: Number( values.campaigns ),
	bugsPerTester: Number( values[ 'bugs-per-tester' ] ),
	experiencePerTester: Number( values[ 'experience-per-tester' ] ),
};
/** What the data set is: a database seeded with another key is seeded again. */
const key = JSON.stringify( {
	...scale,
	referenceDate,
	seed: 'bench',
	// Raised whenever the generator's output changes, so an older data set is seeded again.
	generator: 4,
} );

/**
 * The data set's database, empty when `fresh`. A benchmark database is the benchmark's own, so a data set
 * seeded with another key is thrown away whole: dropping it takes a second where deleting ten million rows
 * one trigger at a time took minutes.
 *
 * @param databaseUrl
 * @param fresh
 */
async function openDatabase( databaseUrl: string, fresh: boolean ) {
	const target = parseDatabaseUrl( databaseUrl );
	if ( target.engine === 'sqlite' ) {
		if ( fresh ) {
			for ( const suffix of [ '', '-wal', '-shm' ] ) {
				fs.rmSync( target.file + suffix, { force: true } );
			}
		}
		return createDatabase( databaseUrl );
	}
	if ( ! /^\w+$/.test( target.database ) ) {
		throw new Error(
			`--db-url must name a database, not "${ target.database }"`
		);
	}
	const parsed = new URL( databaseUrl );
	parsed.pathname = '/mysql';
	const server = createDatabase( parsed.toString() );
	try {
		if ( fresh ) {
			await sql`drop database if exists ${ sql.raw(
				target.database
			) }`.execute( server.db );
		}
		await sql`create database if not exists ${ sql.raw(
			target.database
		) } character set utf8mb4 collate utf8mb4_unicode_ci`.execute(
			server.db
		);
	} finally {
		await server.destroy();
	}
	return createDatabase( databaseUrl );
}

/** The key of the data set the database holds, if any. */
async function storedKey( databaseUrl: string ): Promise< string | undefined > {
	const database = await openDatabase( databaseUrl, false );
	try {
		await sql`create table if not exists bench_marker (data_key varchar(255) not null)`.execute(
			database.db
		);
		const marker = await sql< {
			data_key: string;
		} >`select data_key from bench_marker`.execute( database.db );
		return marker.rows[ 0 ]?.data_key;
	} finally {
		await database.destroy();
	}
}

/**
 * Applying to a campaign succeeds once per tester and campaign, so the applying row needs a supply of new pairs:
 * APPLY_CAMPAIGNS open campaigns of the benchmark's own (public, start a year ahead, no cap, every device, a form
 * with one question of each built-in kind and one custom-user-field question) and up to APPLY_TESTERS seeded
 * testers with an enabled device, an odd number, so that request i (tester i mod N, campaign i mod
 * APPLY_CAMPAIGNS) meets a new pair for N × APPLY_CAMPAIGNS requests while the concurrent ones spread over every
 * campaign and different testers, as real applications do. The applications of an earlier run are deleted here
 * first (their devices and answers go with them), so each run starts from the same rows.
 */
const APPLY_CAMPAIGNS = 8;
const APPLY_TESTERS = 19_999;

async function prepareApplying( db: Kysely< Database >, heavyId: number ) {
	const day = 86_400_000;
	const dates = {
		start_date: toSqlDateTime( new Date( Date.now() + 365 * day ) ),
		end_date: toSqlDateTime( new Date( Date.now() + 380 * day ) ),
		close_date: toSqlDateTime( new Date( Date.now() + 390 * day ) ),
	};
	const campaigns = [];
	for ( let n = 1; n <= APPLY_CAMPAIGNS; n++ ) {
		const title = `Bench: applying ${ n }`;
		const found = await db
			.selectFrom( 'campaigns' )
			.select( 'id' )
			.where( 'title', '=', title )
			.executeTakeFirst();
		const id =
			found?.id ??
			Number(
				(
					await db
						.insertInto( 'campaigns' )
						.values( {
							campaign_type_id: 1,
							title,
							visibility: 'public',
							...dates,
						} )
						.executeTakeFirstOrThrow()
				).insertId
			);
		await db
			.deleteFrom( 'applications' )
			.where( 'campaign_id', '=', id )
			.execute();
		await db
			.updateTable( 'campaigns' )
			.set( { ...dates, status_id: 1 } )
			.where( 'id', '=', id )
			.execute();
		campaigns.push( { id, form: await benchForm( db, id, ! found ) } );
	}
	const testers = await db
		.selectFrom( 'testers as t' )
		.innerJoin( 'tester_devices as d', 'd.tester_id', 't.id' )
		.select( [
			't.wp_user_id',
			( eb ) => eb.fn.min( 'd.id' ).as( 'device' ),
		] )
		.where( 'd.disabled_at', 'is', null )
		.where( 't.deleted_at', 'is', null )
		.where( 't.id', '<>', heavyId )
		.groupBy( [ 't.id', 't.wp_user_id' ] )
		.orderBy( 't.id' )
		.limit( APPLY_TESTERS )
		.execute();
	// Odd, so that it and the number of campaigns (a power of two) have no common factor.
	return {
		campaigns,
		testers: testers.slice(
			0,
			testers.length - ( 1 - ( testers.length % 2 ) )
		),
	};
}

/**
 * The devices the add-device row sends, each then removed (scripts/bench/api.mjs). Catalogue ids are positions in
 * api/src/lookups/devices.ts (append only): model 4 is the iPhone 16, version 1 iOS 18, version 30 Windows 11.
 */
export const BENCH_DEVICES = [
	{ type: 0, device: 4, operating_system: 1 },
	{ type: 2, pc_type: 'Notebook', operating_system: 30 },
];

/**
 * The heavy tester's devices the add-device row left in earlier runs, deleted: the removed ones (kept, disabled,
 * where no read looks) and those a run ended with, between a connection's POST and its DELETE. Left, each run added
 * up to 50 to the list the devices row reads: 260 devices instead of 6 after a few dozen runs, at half the rate.
 * Only devices with the row's model or PC type and version that nothing of a campaign names.
 *
 * @param db
 * @param heavyId
 */
async function removeBenchDevices( db: Kysely< Database >, heavyId: number ) {
	await db
		.deleteFrom( 'tester_devices' )
		.where( 'tester_id', '=', heavyId )
		.where( ( eb ) =>
			eb.or( [
				eb.and( [
					eb( 'model_id', '=', BENCH_DEVICES[ 0 ].device! ),
					eb(
						'os_version_id',
						'=',
						BENCH_DEVICES[ 0 ].operating_system
					),
				] ),
				eb.and( [
					eb(
						'pc_type_id',
						'=',
						eb
							.selectFrom( 'pc_types' )
							.select( 'id' )
							.where( 'name', '=', BENCH_DEVICES[ 1 ].pc_type! )
					),
					eb(
						'os_version_id',
						'=',
						BENCH_DEVICES[ 1 ].operating_system
					),
				] ),
			] )
		)
		.where( ( eb ) =>
			eb.not(
				eb.or( [
					eb.exists(
						eb
							.selectFrom( 'application_devices as a' )
							.select( 'a.tester_device_id' )
							.whereRef(
								'a.tester_device_id',
								'=',
								'tester_devices.id'
							)
					),
					eb.exists(
						eb
							.selectFrom( 'applications as a' )
							.select( 'a.id' )
							.whereRef(
								'a.selected_device_id',
								'=',
								'tester_devices.id'
							)
					),
					eb.exists(
						eb
							.selectFrom( 'bugs as b' )
							.select( 'b.id' )
							.whereRef(
								'b.tester_device_id',
								'=',
								'tester_devices.id'
							)
					),
				] )
			)
		)
		.execute();
}

/**
 * Creating a payment request succeeds once per tester (then one is processing), so the paying row needs a supply
 * of testers who may request one: a Verified fiscal profile, no request processing, and pending booty reaching
 * their threshold and the 3 euro minimum; up to PAY_TESTERS of them, each sent one request. The requests an
 * earlier run created (PayPal to BENCH_PAYOUT_EMAIL) are undone here first: their entries pending again, the
 * testers' pending counters summed again from them, the requests deleted.
 */
export const BENCH_PAYOUT_EMAIL = 'bench-payout@crowdscout.test';
const PAY_TESTERS = 20_000;

async function preparePaying( db: Kysely< Database >, heavyId: number ) {
	const benchRequests = db
		.selectFrom( 'payment_requests' )
		.where( 'paypal_email', '=', BENCH_PAYOUT_EMAIL );
	await db
		.updateTable( 'booty_entries' )
		.set( { payment_request_id: null } )
		.where( 'payment_request_id', 'in', benchRequests.select( 'id' ) )
		.execute();
	await db
		.updateTable( 'testers' )
		.set( ( eb ) => {
			const pendingSum = ( column: 'gross_cents' | 'net_cents' ) =>
				eb
					.selectFrom( 'booty_entries as b' )
					.select(
						sql< number >`coalesce(sum(${ sql.ref(
							`b.${ column }`
						) }), 0)`.as( 'n' )
					)
					.whereRef( 'b.tester_id', '=', 'testers.id' )
					.where( 'b.payment_request_id', 'is', null );
			return {
				pending_booty_gross_cents: pendingSum( 'gross_cents' ),
				pending_booty_net_cents: pendingSum( 'net_cents' ),
			};
		} )
		.where( 'id', 'in', benchRequests.select( 'tester_id' ) )
		.execute();
	await db
		.deleteFrom( 'payment_requests' )
		.where( 'paypal_email', '=', BENCH_PAYOUT_EMAIL )
		.execute();
	return db
		.selectFrom( 'testers as t' )
		.innerJoin( 'fiscal_profiles as f', 'f.tester_id', 't.id' )
		.select( 't.wp_user_id' )
		.where( 'f.status', '=', 'verified' )
		.where( 't.deleted_at', 'is', null )
		.where( 't.id', '<>', heavyId )
		.where( 't.pending_booty_gross_cents', '>=', 300 )
		.whereRef(
			't.pending_booty_gross_cents',
			'>=',
			't.booty_threshold_cents'
		)
		.where( ( eb ) =>
			eb.not(
				eb.exists(
					eb
						.selectFrom( 'payment_requests as p' )
						.select( 'p.id' )
						.whereRef( 'p.open_tester_id', '=', 't.id' )
				)
			)
		)
		.orderBy( 't.id' )
		.limit( PAY_TESTERS )
		.execute();
}

/**
 * The bug form's rows (issue 25): a running campaign of the benchmark's own with every rule of the form on (title
 * rule, every value valid, a task, a text field with a pattern and a select, no minimum of media) that the heavy
 * tester is selected in with the contract accepted, and a valid bug of it; the bugs an earlier run wrote into it
 * are deleted first. The duplicate hint searches a seeded campaign of the tester (the manual's), with the bug
 * parade on so every tester's bugs count, for the first words of one of its bugs' titles; the public view reads a
 * seeded bug of the tester.
 *
 * @param db
 * @param heavyId
 * @param searchCampaignId
 */
async function prepareBugForm(
	db: Kysely< Database >,
	heavyId: number,
	searchCampaignId: number | null
) {
	const day = 86_400_000;
	const title = 'Bench: bug form';
	const dates = {
		start_date: toSqlDateTime( new Date( Date.now() - day ) ),
		end_date: toSqlDateTime( new Date( Date.now() + 365 * day ) ),
		close_date: toSqlDateTime( new Date( Date.now() + 380 * day ) ),
	};
	const found = await db
		.selectFrom( 'campaigns' )
		.select( 'id' )
		.where( 'title', '=', title )
		.executeTakeFirst();
	const campaignId =
		found?.id ??
		Number(
			(
				await db
					.insertInto( 'campaigns' )
					.values( {
						campaign_type_id: 1,
						title,
						visibility: 'public',
						title_rule: 1,
						has_bug_parade: 1,
						minimum_media: 0,
						...dates,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
	await db
		.updateTable( 'campaigns' )
		.set( { ...dates, status_id: 1 } )
		.where( 'id', '=', campaignId )
		.execute();
	if ( ! found ) {
		await db
			.insertInto( 'campaign_bug_severities' )
			.values(
				[ 1, 2, 3, 4 ].map( ( code ) => ( {
					campaign_id: campaignId,
					severity_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_bug_types' )
			.values(
				[ 1, 2, 3, 4, 5, 6, 7, 8 ].map( ( code ) => ( {
					campaign_id: campaignId,
					type_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_bug_replicabilities' )
			.values(
				[ 1, 2, 3 ].map( ( code ) => ( {
					campaign_id: campaignId,
					replicability_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_tasks' )
			.values( {
				campaign_id: campaignId,
				name: 'Checkout',
				content: '<p>Buy something.</p>',
				can_upload_media: 1,
				position: 1,
			} )
			.execute();
		await db
			.insertInto( 'campaign_additional_fields' )
			.values( [
				{
					campaign_id: campaignId,
					slug: 'browser',
					name: 'Browser',
					type: 'text',
					regex: '^[A-Za-z]+ [0-9]+$',
					error_message: 'Write the browser and its version',
					options: null,
					position: 1,
				},
				{
					campaign_id: campaignId,
					slug: 'env',
					name: 'Environment',
					type: 'select',
					regex: null,
					error_message: null,
					options: JSON.stringify( [ 'staging', 'production' ] ),
					position: 2,
				},
			] )
			.execute();
	}
	// The bugs of an earlier run go (their media, values and index rows with them), so each run starts alike.
	await db
		.deleteFrom( 'bugs' )
		.where( 'campaign_id', '=', campaignId )
		.execute();
	await db
		.deleteFrom( 'applications' )
		.where( 'campaign_id', '=', campaignId )
		.where( 'tester_id', '=', heavyId )
		.execute();
	await db
		.insertInto( 'applications' )
		.values( {
			tester_id: heavyId,
			campaign_id: campaignId,
			status: 'selected',
			contract_accepted_at: toSqlDateTime(),
			campaign_status_id: 1,
			campaign_start_date: dates.start_date,
			campaign_end_date: dates.end_date,
			campaign_close_date: dates.close_date,
		} )
		.execute();
	const [ task, device ] = await Promise.all( [
		db
			.selectFrom( 'campaign_tasks' )
			.select( 'id' )
			.where( 'campaign_id', '=', campaignId )
			.executeTakeFirstOrThrow(),
		db
			.selectFrom( 'tester_devices' )
			.select( 'id' )
			.where( 'tester_id', '=', heavyId )
			.where( 'disabled_at', 'is', null )
			.orderBy( 'id' )
			.executeTakeFirstOrThrow(),
	] );
	const bug = {
		title: '[Checkout] - The pay button does nothing',
		description: '1. Open the cart\n2. Tap Pay\n3. Wait',
		expected: 'The payment page',
		current: 'Nothing happens',
		notes: 'Benchmark',
		severity: 'HIGH',
		replicability: 'ALWAYS',
		type: 'MALFUNCTION',
		usecase: Number( task.id ),
		device: Number( device.id ),
		media: [],
		additional: [
			{ slug: 'browser', value: 'Firefox 133' },
			{ slug: 'env', value: 'staging' },
		],
		lastSeen: new Date( Date.now() - day ).toISOString(),
	};

	let search: { campaignId: number; title: string } | null = null;
	if ( searchCampaignId !== null ) {
		await db
			.updateTable( 'campaigns' )
			.set( { has_bug_parade: 1 } )
			.where( 'id', '=', searchCampaignId )
			.execute();
		const seeded = await db
			.selectFrom( 'bugs' )
			.select( 'title' )
			.where( 'campaign_id', '=', searchCampaignId )
			.orderBy( 'id' )
			.limit( 1 )
			.executeTakeFirst();
		search = {
			campaignId: searchCampaignId,
			// The first words, as a tester typing the title has written them.
			title: ( seeded?.title ?? 'login button crash' )
				.split( /\s+/ )
				.slice( 0, 3 )
				.join( ' ' ),
		};
	}
	return { campaignId, bug, search };
}

/**
 * The benchmark campaign's questions (written when the campaign is new) and a valid answer to each.
 *
 * @param db
 * @param campaignId
 * @param write
 */
async function benchForm(
	db: Kysely< Database >,
	campaignId: number,
	write: boolean
) {
	const { operatingSystem } = CUSTOM_FIELDS;
	const questions = [
		{
			type: 'text',
			question: 'Which app do you use most?',
			answer: { serialized: 'Bench' },
		},
		{
			type: 'phone_number',
			question: 'Your phone',
			answer: { serialized: '+393471234567' },
		},
		{
			type: 'address',
			question: 'Where do you live?',
			answer: { country: 'IT', city: 'Milano' },
		},
		{
			type: 'gender',
			question: 'Your gender',
			answer: { serialized: 'other' },
		},
		{
			type: 'select',
			question: 'Browser?',
			options: [ 'Chrome', 'Firefox' ],
		},
		{
			type: 'multiselect',
			question: 'Shops?',
			options: [ 'Amazon', 'eBay', 'Zalando' ],
		},
		{
			type: 'radio',
			question: 'Hours online?',
			options: [ 'Few', 'Many' ],
		},
		{
			type: 'cuf',
			question: 'Your OS',
			field: operatingSystem.id,
			answer: { id: operatingSystem.options[ 0 ].id },
		},
	] as const;
	if ( write ) {
		for ( const [ position, item ] of questions.entries() ) {
			const { insertId } = await db
				.insertInto( 'preselection_questions' )
				.values( {
					campaign_id: campaignId,
					type: item.type,
					custom_user_field_id: 'field' in item ? item.field : null,
					question: item.question,
					position,
				} )
				.executeTakeFirstOrThrow();
			for ( const [ index, name ] of ( 'options' in item
				? item.options
				: []
			).entries() ) {
				await db
					.insertInto( 'preselection_question_options' )
					.values( {
						question_id: Number( insertId ),
						name,
						position: index,
					} )
					.execute();
			}
		}
	}
	const rows = await db
		.selectFrom( 'preselection_questions as q' )
		.leftJoin(
			'preselection_question_options as o',
			'o.question_id',
			'q.id'
		)
		.select( [ 'q.id', 'q.type', 'o.id as option_id' ] )
		.where( 'q.campaign_id', '=', campaignId )
		.orderBy( 'q.position' )
		.orderBy( 'q.id' )
		.orderBy( 'o.position' )
		.execute();
	// The questions in their order, each with its options in theirs.
	const ids = [ ...new Set( rows.map( ( row ) => row.id ) ) ];
	return questions.map( ( item, position ) => {
		const options = rows
			.filter(
				( row ) => row.id === ids[ position ] && row.option_id !== null
			)
			.map( ( row ) => row.option_id! );
		let value: unknown;
		if ( 'answer' in item ) {
			value = item.answer;
		} else {
			value =
				item.type === 'multiselect'
					? { id: options.slice( 0, 2 ) }
					: { id: options[ 0 ] };
		}
		return { question: ids[ position ], value };
	} );
}

const started = performance.now();
const seeded = ( await storedKey( url ) ) !== key;
const database = await openDatabase( url, seeded );
const { db } = database;
try {
	await migrateToLatest( db );
	// A reused data set gains what the catalogue got since (its groups' and options' names per language), so
	// GET /custom_user_fields is measured on the rows it reads in production.
	await writeCustomFieldCatalogue( db );
	const testers = createTestersRepository( db );
	if ( seeded ) {
		const heavy = await testers.create( {
			wpUserId: BENCH_WP_USER_ID,
			email: BENCH_EMAIL,
			name: 'Bench',
			surname: 'Heavy',
			country: 'IT',
		} );
		log(
			`Seeding ${ scale.testers.toLocaleString(
				'en'
			) } testers, ${ scale.campaigns.toLocaleString(
				'en'
			) } campaigns (reference date ${ referenceDate }); this runs once per data set…`
		);
		let reported = 0;
		await seed( db, {
			seed: 'bench',
			...scale,
			referenceDate,
			demo: [ { testerId: heavy.id, profile: 'heavy' } ],
			onProgress: ( progress ) => {
				if (
					progress.testersDone < progress.testers &&
					progress.elapsedMs - reported < 10_000
				) {
					return;
				}
				reported = progress.elapsedMs;
				log(
					`  testers ${ progress.testersDone.toLocaleString(
						'en'
					) }/${ progress.testers.toLocaleString( 'en' ) }, ${ (
						progress.elapsedMs / 1000
					).toFixed( 0 ) } s`
				);
			},
		} );
		await sql`create table bench_marker (data_key varchar(255) not null)`.execute(
			db
		);
		await sql`insert into bench_marker (data_key) values (${ key })`.execute(
			db
		);
	}
	const heavy = await testers.findByEmail( BENCH_EMAIL );
	if ( ! heavy ) {
		throw new Error( 'The benchmark tester is missing' );
	}
	// A campaign the tester has experience in, for the campaign filter of the experience list.
	const entry = await db
		.selectFrom( 'experience_entries' )
		.select( 'campaign_id' )
		.where( 'tester_id', '=', heavy.id )
		.where( 'campaign_id', 'is not', null )
		.orderBy( 'id' )
		.executeTakeFirst();
	// The bug page's read: the tester's newest bug with media (signed per request), else the newest bug.
	const bug = await db
		.selectFrom( 'bugs as b' )
		.leftJoin( 'bug_media as m', 'm.bug_id', 'b.id' )
		.select( 'b.id' )
		.where( 'b.tester_id', '=', heavy.id )
		.orderBy( 'm.id', 'desc' )
		.orderBy( 'b.id', 'desc' )
		.limit( 1 )
		.executeTakeFirst();
	// Completing a task (a write each time: the answer's upsert runs even for a completed task): a task of a started
	// campaign the tester is selected in, preferring one whose contract the tester accepted; otherwise that
	// application's contract is accepted here, as the manual's start button would.
	const selected = await db
		.selectFrom( 'applications as a' )
		.innerJoin( 'campaigns as c', 'c.id', 'a.campaign_id' )
		.innerJoin( 'campaign_tasks as t', 't.campaign_id', 'a.campaign_id' )
		.select( [
			'a.id',
			'a.campaign_id',
			'a.contract_accepted_at',
			't.id as task_id',
		] )
		.where( 'a.tester_id', '=', heavy.id )
		.where( 'a.status', '=', 'selected' )
		.where( 'c.start_date', '<=', toSqlDateTime() )
		.orderBy( sql`a.contract_accepted_at is null` )
		.orderBy( 'a.id' )
		.orderBy( 't.position' )
		.limit( 1 )
		.executeTakeFirst();
	if ( selected && ! selected.contract_accepted_at ) {
		await db
			.updateTable( 'applications' )
			.set( { contract_accepted_at: toSqlDateTime() } )
			.where( 'id', '=', selected.id )
			.execute();
	}
	// The rank's worst case: a tester in the middle of the most crowded level this month.
	const month = monthOf( new Date() );
	const crowded = await db
		.selectFrom( 'tester_monthly_levels' )
		.select( [ 'level_id', ( eb ) => eb.fn.countAll().as( 'testers' ) ] )
		.where( 'month', '=', month )
		.where( 'level_id', '>', 0 )
		.groupBy( 'level_id' )
		.orderBy( 'testers', 'desc' )
		.executeTakeFirstOrThrow();
	const middle = await db
		.selectFrom( 'tester_monthly_levels as m' )
		.innerJoin( 'testers as t', 't.id', 'm.tester_id' )
		.select( [ 't.wp_user_id', 'm.points' ] )
		.where( 'm.month', '=', month )
		.where( 'm.level_id', '=', crowded.level_id )
		.orderBy( 'm.points', 'desc' )
		.orderBy( 'm.tester_id' )
		.offset( Math.floor( Number( crowded.testers ) / 2 ) )
		.limit( 1 )
		.executeTakeFirstOrThrow();
	await removeBenchDevices( db, heavy.id );
	const applying = await prepareApplying( db, heavy.id );
	const paying = await preparePaying( db, heavy.id );
	// The wallet's reads: the tester's newest paid request (its details).
	const paid = await db
		.selectFrom( 'payment_requests' )
		.select( 'id' )
		.where( 'tester_id', '=', heavy.id )
		.where( 'status', '=', 'paid' )
		.orderBy( 'paid_at', 'desc' )
		.limit( 1 )
		.executeTakeFirst();
	const bugForm = await prepareBugForm(
		db,
		heavy.id,
		selected?.campaign_id ?? null
	);
	const tokens = createTokenService( secret );
	const mint = async ( wpUserId: number | string ) =>
		(
			await tokens.mint( {
				sub: String( wpUserId ),
				role: 'subscriber',
			} )
		).token;
	const [ experience, bugs ] = await Promise.all(
		( [ 'experience_entries', 'bugs' ] as const ).map( async ( table ) =>
			Number(
				(
					await db
						.selectFrom( table )
						.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
						.where( 'tester_id', '=', heavy.id )
						.executeTakeFirstOrThrow()
				).n
			)
		)
	);
	process.stdout.write(
		`${ JSON.stringify( {
			token: await mint( heavy.wpUserId ),
			testerId: heavy.id,
			experience,
			bugs,
			campaignId: entry?.campaign_id ?? null,
			bugId: bug?.id ?? null,
			task: selected
				? { campaignId: selected.campaign_id, taskId: selected.task_id }
				: null,
			bugForm: {
				...bugForm,
				publicBug: bug
					? {
							id: bug.id,
							token: createPublicBugTokens( secret ).tokenOf(
								bug.id
							),
					  }
					: null,
			},
			apply: {
				campaigns: applying.campaigns,
				testers: await Promise.all(
					applying.testers.map( async ( row ) => ( {
						token: await mint( row.wp_user_id ),
						device: Number( row.device ),
					} ) )
				),
			},
			addDevices: BENCH_DEVICES,
			paymentId: paid?.id ?? null,
			pay: {
				email: BENCH_PAYOUT_EMAIL,
				testers: await Promise.all(
					paying.map( async ( row ) => ( {
						token: await mint( row.wp_user_id ),
					} ) )
				),
			},
			// The back office's reads, as an administrator's screens make them (issue 27).
			admin: {
				token: (
					await tokens.mint( { sub: '1', role: 'administrator' } )
				).token,
			},
			middle: {
				token: await mint( middle.wp_user_id ),
				level: crowded.level_id,
				testers: Number( crowded.testers ),
				points: Number( middle.points ),
			},
			seeded,
			ms: Math.round( performance.now() - started ),
		} ) }\n`
	);
} finally {
	await database.destroy();
}
