import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TABLES } from '../../migrations/0003-domain.ts';
import type { Database } from '../../src/db/schema.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../helpers/migrations.ts';

// What each engine says when it refuses a row.
const FOREIGN_KEY =
	/FOREIGN KEY constraint failed|a foreign key constraint fails/i;
const UNIQUE = /UNIQUE constraint failed|Duplicate entry/i;
const CHECK = /CHECK constraint failed|CONSTRAINT `?[\w.]+`? failed/i;
const NOT_NULL = /NOT NULL constraint failed|cannot be null/i;

describe( `domain model (0003) on ${ testEngine() }`, () => {
	let database: TestDatabase;
	before( async () => {
		database = await createTestDatabase( { migrate: false } );
	} );
	after( () => database.drop() );

	const add = async < T extends keyof Database >(
		table: T,
		values: Record< string, unknown >
	): Promise< number > => {
		const { insertId } = await database.db
			.insertInto( table )
			.values( values as never )
			.executeTakeFirstOrThrow();
		return Number( insertId );
	};
	const count = async ( table: keyof Database, testerId: number ) => {
		const { n } = await database.db
			.selectFrom( table as 'bugs' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.where( 'tester_id', '=', testerId )
			.executeTakeFirstOrThrow();
		return Number( n );
	};

	let wpUser = 100;
	const addTester = () => {
		wpUser += 1;
		return add( 'testers', {
			wp_user_id: wpUser,
			email: `t${ wpUser }@example.test`,
		} );
	};

	// The rows every test builds on.
	const ids: Record< string, number > = {};

	it( 'run forward from an empty database and create every table', async () => {
		assert.deepEqual( await database.db.introspection.getTables(), [] );
		await migrateUpFrom( database.db, null );
		const names = new Set(
			( await database.db.introspection.getTables() ).map(
				( table ) => table.name
			)
		);
		for ( const table of TABLES ) {
			assert.ok( names.has( table ), `${ table } exists` );
		}
	} );

	it( 'go down to 0002 (tables and tester columns gone) and up again', async () => {
		await migrateDownTo( database.db, '0002-rate-limits' );
		const tables = await database.db.introspection.getTables();
		assert.deepEqual( tables.map( ( table ) => table.name ).sort(), [
			'rate_limit_hits',
			'testers',
		] );
		const testers = tables.find( ( table ) => table.name === 'testers' );
		assert.ok(
			! testers?.columns.some( ( column ) =>
				[ 'gender', 'profession_id', 'own_referral_code' ].includes(
					column.name
				)
			)
		);
		await migrateUpFrom( database.db, '0002-rate-limits' );
		// The constraint tests below write their own catalogue rows (levels 0 and 10, Samsung, Android…), so they
		// run on 0003's empty lookup tables; 0004 to 0006 have their own tests.
		await migrateDownTo( database.db, '0003-domain' );
	} );

	it( 'accept a good row in each table', async () => {
		const db = database.db;
		ids.language = await add( 'languages', { name: 'Italiano' } );
		ids.employment = await add( 'employments', { name: 'Developer' } );
		ids.education = await add( 'education_levels', { name: 'Master' } );
		ids.tester = await addTester();
		await db
			.updateTable( 'testers' )
			.set( {
				gender: 'other',
				phone: '+39 333 1234567',
				city: 'Milano',
				birth_city: 'Roma',
				birth_province: 'RM',
				email_confirmed: 1,
				own_referral_code: 'ABC123',
				profession_id: ids.employment,
				education_id: ids.education,
			} )
			.where( 'id', '=', ids.tester )
			.execute();
		await add( 'tester_languages', {
			tester_id: ids.tester,
			language_id: ids.language,
		} );
		const institute = await add( 'certification_institutes', {
			name: 'Cisco',
		} );
		const area = await add( 'certification_areas', {
			institute_id: institute,
			name: 'Networking',
		} );
		const certification = await add( 'certifications', {
			area_id: area,
			name: 'CCNA',
		} );
		await add( 'tester_certifications', {
			tester_id: ids.tester,
			certification_id: certification,
			achievement_date: '2020-05-01',
		} );

		const group = await add( 'custom_user_field_groups', {
			name: 'Habits',
		} );
		const field = await add( 'custom_user_fields', {
			group_id: group,
			type: 'select',
			allow_other: 1,
			format: '^\\w+$;Only letters',
		} );
		await add( 'custom_user_field_translations', {
			field_id: field,
			language_code: 'it',
			name: 'Sport',
			placeholder: 'Scegli',
		} );
		const option = await add( 'custom_user_field_options', {
			field_id: field,
			name: 'Tennis',
		} );
		await add( 'tester_custom_values', {
			tester_id: ids.tester,
			field_id: field,
			option_id: option,
		} );
		await add( 'tester_custom_values', {
			tester_id: ids.tester,
			field_id: field,
			text_value: 'Curling',
			is_candidate: 1,
		} );

		await add( 'fiscal_profiles', {
			tester_id: ids.tester,
			type: 'withholding',
			fiscal_id: 'RSSMRA80A01H501U',
			gender: 'male',
			address_country: 'IT',
			status: 'verified',
		} );

		const manufacturer = await add( 'device_manufacturers', {
			name: 'Samsung',
		} );
		ids.model = await add( 'device_models', {
			device_type: 0,
			manufacturer_id: manufacturer,
			name: 'Galaxy S23',
		} );
		ids.pcType = await add( 'pc_types', { name: 'Notebook' } );
		const platform = await add( 'os_platforms', {
			device_type: 0,
			name: 'Android',
		} );
		ids.osVersion = await add( 'os_versions', {
			platform_id: platform,
			name: '14',
		} );
		ids.device = await add( 'tester_devices', {
			tester_id: ids.tester,
			device_type: 0,
			model_id: ids.model,
			os_version_id: ids.osVersion,
		} );
		await add( 'tester_devices', {
			tester_id: ids.tester,
			device_type: 2,
			pc_type_id: ids.pcType,
			os_version_id: ids.osVersion,
		} );

		await add( 'levels', {
			id: 0,
			name: 'No level',
			reach_points: 0,
			hold_points: 0,
		} );
		await add( 'levels', {
			id: 10,
			name: 'Basic',
			reach_points: 200,
			hold_points: 0,
		} );
		const levels = await db
			.selectFrom( 'levels' )
			.select( 'id' )
			.orderBy( 'id' )
			.execute();
		// Level 0 stays 0 on MySQL too (no auto-increment on the given ids).
		assert.deepEqual(
			levels.map( ( level ) => level.id ),
			[ 0, 10 ]
		);
		await add( 'tester_monthly_levels', {
			tester_id: ids.tester,
			month: '2024-05-01',
			level_id: 10,
			points: 250,
		} );

		const type = await add( 'campaign_types', {
			name: 'Functional',
			icon: 'bug',
		} );
		ids.campaign = await add( 'campaigns', {
			campaign_type_id: type,
			title: 'Checkout flow',
			start_date: '2024-05-01 09:00:00',
			end_date: '2024-05-10 18:00:00',
			close_date: '2024-05-20 18:00:00',
			visibility: 'target',
			target_min_level_id: 10,
			max_testers: 50,
			tl_email: 'lead@example.test',
			complete_bonus_cents: 1500,
			percent_usecases: 100,
			valid_file_extensions: 'jpg,png,mp4',
		} );
		await add( 'campaign_targets', {
			campaign_id: ids.campaign,
			tester_id: ids.tester,
		} );
		await add( 'campaign_accepted_devices', {
			campaign_id: ids.campaign,
			device_type: 0,
			os_platform_id: platform,
		} );
		await add( 'campaign_contents', {
			campaign_id: ids.campaign,
			language_code: 'en',
			manual_link: 'https://example.test/manual',
			manual_content: 'x'.repeat( 70_000 ),
		} );
		await add( 'campaign_bug_severities', {
			campaign_id: ids.campaign,
			severity_id: 4,
		} );
		await add( 'campaign_bug_types', {
			campaign_id: ids.campaign,
			type_id: 8,
		} );
		await add( 'campaign_bug_replicabilities', {
			campaign_id: ids.campaign,
			replicability_id: 3,
		} );
		const additional = await add( 'campaign_additional_fields', {
			campaign_id: ids.campaign,
			slug: 'browser',
			name: 'Browser',
			type: 'select',
			options: '["Chrome","Firefox"]',
		} );
		const task = await add( 'campaign_tasks', {
			campaign_id: ids.campaign,
			name: 'Buy something',
			can_upload_media: 1,
		} );
		await add( 'tester_tasks', {
			tester_id: ids.tester,
			task_id: task,
			status: 'completed',
		} );
		await add( 'task_media', {
			tester_id: ids.tester,
			task_id: task,
			name: 'shot.png',
			storage_key: 'a1b2c3',
		} );

		const application = await add( 'applications', {
			tester_id: ids.tester,
			campaign_id: ids.campaign,
			status: 'selected',
			selected_device_id: ids.device,
		} );
		await add( 'application_devices', {
			application_id: application,
			tester_device_id: ids.device,
		} );
		const question = await add( 'preselection_questions', {
			campaign_id: ids.campaign,
			type: 'cuf',
			custom_user_field_id: field,
			question: 'Your sport?',
		} );
		const answerOption = await add( 'preselection_question_options', {
			question_id: question,
			name: 'Tennis',
		} );
		await add( 'preselection_answers', {
			application_id: application,
			question_id: question,
			option_id: answerOption,
		} );

		const bug = await add( 'bugs', {
			tester_id: ids.tester,
			campaign_id: ids.campaign,
			task_id: task,
			tester_device_id: ids.device,
			title: 'Pay button does nothing',
			severity_id: 4,
			type_id: 4,
			replicability_id: 3,
			steps: '1. 2. 3.',
			expected: 'Paid',
			current: 'Nothing',
			occurred_at: '2024-05-02 10:00:00',
		} );
		const { status_id: bugStatus } = await db
			.selectFrom( 'bugs' )
			.select( 'status_id' )
			.where( 'id', '=', bug )
			.executeTakeFirstOrThrow();
		assert.equal( bugStatus, 3, 'a new bug is pending' );
		await add( 'bug_media', {
			bug_id: bug,
			file_name: 'video.mp4',
			storage_key: 'd4e5f6',
		} );
		await add( 'bug_additional_values', {
			bug_id: bug,
			field_id: additional,
			value: 'Chrome',
		} );

		await add( 'experience_entries', {
			tester_id: ids.tester,
			amount: -20,
			activity_id: 3,
			campaign_id: ids.campaign,
			note: 'Points fix',
		} );
		await add( 'experience_entries', {
			tester_id: ids.tester,
			amount: 200,
			activity_id: 42,
		} );

		const payment = await add( 'payment_requests', {
			tester_id: ids.tester,
			method: 'iban',
			account_holder: 'Mario Rossi',
			iban: 'IT60X0542811101000000123456',
			amount_gross_cents: 2500,
		} );
		await add( 'booty_entries', {
			tester_id: ids.tester,
			campaign_id: ids.campaign,
			activity_id: 1,
			name: 'Campaign completion',
			gross_cents: 2500,
			net_cents: 2000,
			payment_request_id: payment,
		} );
		const booty = await db
			.selectFrom( 'booty_entries' )
			.select( 'currency' )
			.executeTakeFirstOrThrow();
		assert.equal( booty.currency, 'EUR' );

		ids.popup = await add( 'popups', {
			title: 'Welcome',
			content: 'eJzLSM3JyQcABiwCFQ==',
			is_once: 1,
			target: 'list',
		} );
		await add( 'popup_recipients', {
			tester_id: ids.tester,
			popup_id: ids.popup,
		} );
		await add( 'popup_reads', {
			tester_id: ids.tester,
			popup_id: ids.popup,
		} );

		const deletion = await add( 'account_deletions', {
			wp_user_id: 999,
			other_reason: 'Moving on',
		} );
		await add( 'account_deletion_reasons', {
			deletion_id: deletion,
			reason: 'NO_TIME',
		} );
		await add( 'account_deletion_reasons', {
			deletion_id: deletion,
			reason: 'OTHER',
		} );
	} );

	it( 'refuse a device of an unknown tester', async () => {
		await assert.rejects(
			add( 'tester_devices', {
				tester_id: 987654,
				device_type: 0,
				model_id: ids.model,
				os_version_id: ids.osVersion,
			} ),
			FOREIGN_KEY
		);
	} );

	it( 'refuse device type 9 and a PC without a PC type', async () => {
		await assert.rejects(
			add( 'tester_devices', {
				tester_id: ids.tester,
				device_type: 9,
				model_id: ids.model,
				os_version_id: ids.osVersion,
			} ),
			CHECK
		);
		await assert.rejects(
			add( 'tester_devices', {
				tester_id: ids.tester,
				device_type: 2,
				model_id: ids.model,
				os_version_id: ids.osVersion,
			} ),
			CHECK
		);
	} );

	it( 'refuse a second application of a tester to one campaign', async () => {
		await assert.rejects(
			add( 'applications', {
				tester_id: ids.tester,
				campaign_id: ids.campaign,
			} ),
			UNIQUE
		);
	} );

	it( 'refuse an unknown bug status', async () => {
		await assert.rejects(
			add( 'bugs', {
				tester_id: ids.tester,
				campaign_id: ids.campaign,
				title: 'Bad status',
				severity_id: 1,
				type_id: 1,
				replicability_id: 1,
				status_id: 5,
				steps: '1.',
				expected: 'a',
				current: 'b',
			} ),
			CHECK
		);
	} );

	it( 'refuse a bug without a title', async () => {
		await assert.rejects(
			add( 'bugs', {
				tester_id: ids.tester,
				campaign_id: ids.campaign,
				title: null,
				severity_id: 1,
				type_id: 1,
				replicability_id: 1,
				steps: '1.',
				expected: 'a',
				current: 'b',
			} ),
			NOT_NULL
		);
	} );

	it( 'refuse reading a popup twice', async () => {
		await assert.rejects(
			add( 'popup_reads', {
				tester_id: ids.tester,
				popup_id: ids.popup,
			} ),
			UNIQUE
		);
	} );

	it( 'refuse experience for an unknown campaign', async () => {
		await assert.rejects(
			add( 'experience_entries', {
				tester_id: ids.tester,
				amount: 10,
				activity_id: 1,
				campaign_id: 987654,
			} ),
			FOREIGN_KEY
		);
	} );

	it( 'refuse an activity id outside 1–99', async () => {
		await assert.rejects(
			add( 'experience_entries', {
				tester_id: ids.tester,
				amount: 10,
				activity_id: 0,
			} ),
			CHECK
		);
	} );

	it( "refuse fiscal type 'xyz' and a second fiscal profile", async () => {
		const tester = await addTester();
		await assert.rejects(
			add( 'fiscal_profiles', { tester_id: tester, type: 'xyz' } ),
			CHECK
		);
		await assert.rejects(
			add( 'fiscal_profiles', {
				tester_id: ids.tester,
				type: 'vat',
			} ),
			UNIQUE
		);
	} );

	it( 'refuse an unknown deletion reason and a duplicate own referral code', async () => {
		const deletion = await add( 'account_deletions', { wp_user_id: 5 } );
		await assert.rejects(
			add( 'account_deletion_reasons', {
				deletion_id: deletion,
				reason: 'BORED',
			} ),
			CHECK
		);
		const tester = await addTester();
		await assert.rejects(
			database.db
				.updateTable( 'testers' )
				.set( { own_referral_code: 'ABC123' } )
				.where( 'id', '=', tester )
				.execute(),
			UNIQUE
		);
	} );

	it( 'allow one processing payment request per tester, any number paid', async () => {
		const request = {
			tester_id: ids.tester,
			method: 'paypal',
			paypal_email: 'me@example.test',
			amount_gross_cents: 300,
		};
		await assert.rejects( add( 'payment_requests', request ), UNIQUE );
		await database.db
			.updateTable( 'payment_requests' )
			.set( { status: 'paid', paid_at: '2024-06-01 00:00:00' } )
			.where( 'tester_id', '=', ids.tester )
			.execute();
		await add( 'payment_requests', request );
		await assert.rejects(
			add( 'payment_requests', {
				...request,
				status: 'paid',
				paypal_email: null,
			} ),
			CHECK
		);
	} );

	it( 'refuse a second monthly level row for one tester and month', async () => {
		await assert.rejects(
			add( 'tester_monthly_levels', {
				tester_id: ids.tester,
				month: '2024-05-01',
			} ),
			UNIQUE
		);
	} );

	it( "delete a tester's devices, experience, applications and the rest with the tester", async () => {
		const tester = await addTester();
		const device = await add( 'tester_devices', {
			tester_id: tester,
			device_type: 0,
			model_id: ids.model,
			os_version_id: ids.osVersion,
		} );
		await add( 'experience_entries', {
			tester_id: tester,
			amount: 5,
			activity_id: 2,
			campaign_id: ids.campaign,
		} );
		await add( 'applications', {
			tester_id: tester,
			campaign_id: ids.campaign,
			selected_device_id: device,
		} );
		await add( 'bugs', {
			tester_id: tester,
			campaign_id: ids.campaign,
			tester_device_id: device,
			title: 'Gone with the tester',
			severity_id: 1,
			type_id: 1,
			replicability_id: 1,
			steps: '1.',
			expected: 'a',
			current: 'b',
		} );
		await add( 'popup_reads', { tester_id: tester, popup_id: ids.popup } );
		for ( const table of [
			'tester_devices',
			'experience_entries',
			'applications',
			'bugs',
			'popup_reads',
		] as const ) {
			assert.equal( await count( table, tester ), 1, table );
		}

		await database.db
			.deleteFrom( 'testers' )
			.where( 'id', '=', tester )
			.execute();

		for ( const table of [
			'tester_devices',
			'experience_entries',
			'applications',
			'bugs',
			'popup_reads',
		] as const ) {
			assert.equal( await count( table, tester ), 0, table );
		}
		// Other testers' rows stay.
		assert.equal( await count( 'tester_devices', ids.tester ), 2 );
	} );

	it( 'keep lookups that are still in use', async () => {
		await assert.rejects(
			database.db
				.deleteFrom( 'device_models' )
				.where( 'id', '=', ids.model )
				.execute(),
			FOREIGN_KEY
		);
	} );
} );
