import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seed, type DemoProfile } from '../../src/seed/index.ts';
import { FORM_QUESTIONS } from '../../src/seed/preselection.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';

const NOW = '2026-11-01 00:00:00';
const PROFILES: DemoProfile[] = [ 'veteran', 'heavy' ];
/** The demo tester lead's WordPress user. */
const LEAD = 7;

/**
 * The campaigns of `npm start`'s small set (40) around the demo testers: every campaign's preview with its three
 * blocks, pre-selection questions of every kind, and the veteran's campaign in each state the preview and the
 * manual show.
 */
describe( `demo campaigns on ${ testEngine() }`, () => {
	let database: TestDatabase;
	const ids = {} as Record< DemoProfile, number >;

	before( async () => {
		database = await createTestDatabase();
		const demo = [];
		for ( const [ position, profile ] of PROFILES.entries() ) {
			const { insertId } = await database.db
				.insertInto( 'testers' )
				.values( {
					wp_user_id: 40 + position,
					email: `${ profile }@crowdscout.test`,
					name: profile,
					surname: 'Demo',
					country: 'IT',
				} )
				.executeTakeFirstOrThrow();
			ids[ profile ] = Number( insertId );
			demo.push( { testerId: Number( insertId ), profile } );
		}
		await seed( database.db, {
			seed: 'campaign-states',
			testers: 300,
			campaigns: 40,
			bugsPerTester: 1,
			experiencePerTester: 2,
			referenceDate: NOW.slice( 0, 10 ),
			demo,
			leadWpUserIds: [ LEAD ],
		} );
	} );
	after( () => database.drop() );

	/** The veteran's campaigns, with her application and what the preview and the manual decide on. */
	const veteranCampaigns = () =>
		database.db
			.selectFrom( 'campaigns as c' )
			.leftJoin( 'applications as a', ( join ) =>
				join
					.onRef( 'a.campaign_id', '=', 'c.id' )
					.on( 'a.tester_id', '=', ids.veteran )
			)
			.select( [
				'c.id',
				'c.visibility',
				'c.start_date',
				'c.end_date',
				'c.status_id',
				'c.max_testers',
				'c.selected_count',
				'a.status',
				'a.contract_accepted_at',
			] )
			.orderBy( 'c.id' )
			.execute();
	const questionTypes = async ( campaignId: number ) =>
		(
			await database.db
				.selectFrom( 'preselection_questions' )
				.select( [ 'type', 'custom_user_field_id', 'regex' ] )
				.where( 'campaign_id', '=', campaignId )
				.orderBy( 'position' )
				.execute()
		).map( ( row ) =>
			row.type === 'cuf' ? `cuf_${ row.custom_user_field_id }` : row.type
		);

	it( 'has the demo lead lead every other campaign the demo testers applied to', async () => {
		const applied = await database.db
			.selectFrom( 'applications' )
			.select( 'campaign_id' )
			.distinct()
			.where( 'tester_id', 'in', Object.values( ids ) )
			.execute();
		const led = await database.db
			.selectFrom( 'campaigns' )
			.select( [ 'id', 'leader_wp_user_id' ] )
			.where( 'leader_wp_user_id', 'is not', null )
			.execute();
		assert.ok( applied.length > 0 );
		assert.deepEqual(
			led.map( ( row ) => row.id ).sort( ( a, b ) => a - b ),
			applied
				.map( ( row ) => row.campaign_id )
				.sort( ( a, b ) => a - b )
				.filter( ( _, index ) => index % 2 === 0 )
		);
		assert.ok(
			led.every( ( row ) => Number( row.leader_wp_user_id ) === LEAD )
		);
		const all = await database.db
			.selectFrom( 'campaigns' )
			.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
			.executeTakeFirstOrThrow();
		assert.ok(
			Number( all.n ) > led.length,
			'Some campaigns are the administrators’ alone.'
		);
	} );

	it( 'gives the lead a candidate who applied with two of their devices, both already used, so Candidates offers a choice', async () => {
		const withTwo = await database.db
			.selectFrom( 'applications as a' )
			.innerJoin( 'campaigns as c', 'c.id', 'a.campaign_id' )
			.innerJoin( 'application_devices as d', 'd.application_id', 'a.id' )
			.innerJoin( 'tester_devices as t', 't.id', 'd.tester_device_id' )
			.select( [
				'a.id',
				'a.tester_id',
				'a.status',
				'c.leader_wp_user_id',
				't.tester_id as owner',
			] )
			.where( 'a.tester_id', 'in', Object.values( ids ) )
			.execute();
		const byApplication = new Map< number, typeof withTwo >();
		for ( const row of withTwo ) {
			byApplication.set( row.id, [
				...( byApplication.get( row.id ) ?? [] ),
				row,
			] );
		}
		const choices = [ ...byApplication.values() ].filter(
			( rows ) => rows.length > 1
		);
		assert.equal( choices.length, 1 );
		const [ rows ] = choices;
		assert.ok(
			rows.every(
				( row ) =>
					row.owner === row.tester_id &&
					row.status === 'applied' &&
					Number( row.leader_wp_user_id ) === LEAD
			),
			JSON.stringify( rows )
		);
	} );

	it( 'gives every preview, in each of its languages, the payout, bug-types and how-to-apply blocks', async () => {
		const contents = await database.db
			.selectFrom( 'campaign_contents' )
			.select( [ 'campaign_id', 'language_code', 'preview_content' ] )
			.execute();
		const campaigns = await database.db
			.selectFrom( 'campaigns' )
			.select( 'id' )
			.execute();
		assert.equal(
			new Set( contents.map( ( row ) => row.campaign_id ) ).size,
			campaigns.length
		);
		for ( const row of contents ) {
			for ( const block of [ 'payout', 'bug-types', 'how-to-apply' ] ) {
				assert.ok(
					row.preview_content?.includes(
						`<div data-crowdscout-block="${ block }"></div>`
					),
					`${ row.campaign_id }/${ row.language_code }: ${ block }`
				);
			}
		}
		assert.deepEqual(
			[
				...new Set( contents.map( ( row ) => row.language_code ) ),
			].sort(),
			[ 'en', 'es', 'fr', 'it' ]
		);
	} );

	it( 'asks pre-selection questions of every kind, custom user fields included, in some campaigns only', async () => {
		const rows = await database.db
			.selectFrom( 'preselection_questions' )
			.select( [ 'campaign_id', 'type' ] )
			.execute();
		assert.deepEqual(
			[ ...new Set( rows.map( ( row ) => row.type ) ) ].sort(),
			[
				'address',
				'cuf',
				'gender',
				'multiselect',
				'phone_number',
				'radio',
				'select',
				'text',
			]
		);
		const asking = new Set( rows.map( ( row ) => row.campaign_id ) ).size;
		assert.ok( asking > 1 && asking < 40, `${ asking } campaigns ask` );
		const withOptions = await database.db
			.selectFrom( 'preselection_questions as q' )
			.leftJoin(
				'preselection_question_options as o',
				'o.question_id',
				'q.id'
			)
			.select( [ 'q.type', 'o.id as option' ] )
			.where( 'q.type', 'in', [ 'select', 'multiselect', 'radio' ] )
			.execute();
		assert.ok( withOptions.every( ( row ) => row.option !== null ) );
	} );

	it( 'gives the veteran an open campaign asking every question, a full one and one whose subscription closed', async () => {
		const campaigns = await veteranCampaigns();
		const upcoming = campaigns.filter(
			( row ) =>
				row.status_id === 1 &&
				row.start_date > NOW &&
				row.visibility === 'public' &&
				row.status === null
		);
		const open = upcoming.find( ( row ) => row.max_testers === null );
		assert.ok( open, 'an open campaign' );
		assert.deepEqual(
			await questionTypes( open.id ),
			FORM_QUESTIONS.map( ( item ) =>
				item.type === 'cuf'
					? `cuf_${ item.customUserFieldId }`
					: item.type
			)
		);
		const accepted = await database.db
			.selectFrom( 'campaign_accepted_devices' )
			.select( [ 'device_type', 'os_platform_id' ] )
			.where( 'campaign_id', '=', open.id )
			.orderBy( 'device_type' )
			.execute();
		assert.deepEqual( accepted, [
			{ device_type: 0, os_platform_id: null },
			{ device_type: 2, os_platform_id: null },
		] );
		const devices = await database.db
			.selectFrom( 'tester_devices' )
			.select( 'device_type' )
			.where( 'tester_id', '=', ids.veteran )
			.where( 'device_type', 'in', [ 0, 2 ] )
			.execute();
		assert.ok( devices.length >= 2, 'she has devices it accepts' );

		const full = upcoming.find(
			( row ) =>
				row.max_testers !== null &&
				Number( row.max_testers ) <= Number( row.selected_count )
		);
		assert.ok( full, 'a full campaign' );

		const closed = campaigns.find(
			( row ) =>
				row.status_id === 1 &&
				row.start_date <= NOW &&
				row.end_date > NOW &&
				row.visibility === 'public' &&
				row.status === null
		);
		assert.ok( closed, 'a campaign whose subscription closed' );
	} );

	it( 'gives the veteran an exclusion, a manual not ready, a contract to accept and a started manual with tasks', async () => {
		const campaigns = await veteranCampaigns();
		const running = campaigns.filter(
			( row ) =>
				row.status_id === 1 &&
				row.start_date <= NOW &&
				row.end_date > NOW
		);
		assert.ok(
			running.some( ( row ) => row.status === 'excluded' ),
			'excluded in a running campaign'
		);
		const notReady = campaigns.filter(
			( row ) => row.start_date > NOW && row.status === 'selected'
		);
		assert.ok( notReady.length > 0, 'selected before the start' );
		assert.ok(
			notReady.every( ( row ) => row.contract_accepted_at === null ),
			'no contract accepted before the start'
		);
		const selected = running.filter( ( row ) => row.status === 'selected' );
		assert.ok(
			selected.some( ( row ) => row.contract_accepted_at === null ),
			'a contract to accept'
		);
		const started = selected.filter(
			( row ) => row.contract_accepted_at !== null
		);
		const withTasks = [];
		for ( const row of started ) {
			const tasks = await database.db
				.selectFrom( 'campaign_tasks' )
				.select( 'can_upload_media' )
				.where( 'campaign_id', '=', row.id )
				.orderBy( 'position' )
				.execute();
			if (
				tasks.length >= 2 &&
				Number( tasks[ 0 ].can_upload_media ) === 1 &&
				tasks
					.slice( 1 )
					.every( ( task ) => Number( task.can_upload_media ) === 0 )
			) {
				withTasks.push( row.id );
			}
		}
		assert.ok( withTasks.length > 0, 'a started manual with tasks' );
	} );

	it( "gives the veteran's started campaign the full bug form, with earlier bugs for the duplicate hint", async () => {
		const started = ( await veteranCampaigns() ).filter(
			( row ) =>
				row.status === 'selected' &&
				row.contract_accepted_at !== null &&
				row.status_id === 1 &&
				row.start_date <= NOW &&
				row.end_date > NOW
		);
		const fields = await database.db
			.selectFrom( 'campaign_additional_fields' )
			.selectAll()
			.where(
				'campaign_id',
				'in',
				started.map( ( row ) => row.id )
			)
			.orderBy( 'position' )
			.execute();
		assert.equal( fields.length, 2, 'one campaign, two additional fields' );
		const id = fields[ 0 ].campaign_id;
		const [ text, select ] = fields;
		assert.equal( text.type, 'text' );
		assert.ok( text.regex && text.error_message );
		assert.match( '4.2.1', new RegExp( text.regex ) );
		assert.doesNotMatch( 'latest', new RegExp( text.regex ) );
		assert.equal( select.type, 'select' );
		assert.ok( JSON.parse( String( select.options ) ).length > 1 );

		const campaign = await database.db
			.selectFrom( 'campaigns' )
			.selectAll()
			.where( 'id', '=', id )
			.executeTakeFirstOrThrow();
		assert.equal( Number( campaign.has_bug_form ), 1 );
		assert.equal( Number( campaign.has_bug_parade ), 1 );
		assert.equal( Number( campaign.title_rule ), 1 );
		assert.equal( Number( campaign.minimum_media ), 1 );
		for ( const extension of [
			'jpg',
			'jpeg',
			'png',
			'gif',
			'mp4',
			'webm',
			'txt',
		] ) {
			assert.ok(
				campaign.valid_file_extensions
					.split( ',' )
					.includes( extension ),
				extension
			);
		}
		for ( const severity of [
			'low',
			'medium',
			'high',
			'critical',
		] as const ) {
			assert.ok(
				Number( campaign[ `${ severity }_bug_payout_cents` ] ) > 0,
				severity
			);
		}
		const count = async (
			table:
				| 'campaign_bug_severities'
				| 'campaign_bug_types'
				| 'campaign_bug_replicabilities'
				| 'campaign_tasks'
		) =>
			(
				await database.db
					.selectFrom( table )
					.select( 'id' )
					.where( 'campaign_id', '=', id )
					.execute()
			).length;
		assert.ok( ( await count( 'campaign_bug_severities' ) ) < 4 );
		assert.ok( ( await count( 'campaign_bug_types' ) ) < 8 );
		assert.ok( ( await count( 'campaign_bug_replicabilities' ) ) < 3 );
		assert.ok(
			( await count( 'campaign_tasks' ) ) >= 3,
			'several use cases'
		);

		const bugs = await database.db
			.selectFrom( 'bugs' )
			.select( [ 'tester_id', 'title', 'occurred_at' ] )
			.where( 'campaign_id', '=', id )
			.where( 'title', 'like', '[%] - %' )
			.execute();
		const hers = bugs.filter( ( bug ) => bug.tester_id === ids.veteran );
		assert.ok( hers.length >= 2, 'earlier bugs of hers' );
		assert.ok(
			new Set( bugs.map( ( bug ) => bug.tester_id ) ).size >= 2,
			'and of other testers'
		);
		for ( const bug of bugs ) {
			assert.match( bug.title, /^\[[^\]]+\]\s*-\s*\S.*/ );
			assert.ok( String( bug.occurred_at ) >= campaign.start_date );
			assert.ok( String( bug.occurred_at ) <= NOW );
		}
		assert.ok(
			bugs.filter( ( bug ) => /blank/i.test( bug.title ) ).length >= 2,
			'two titles alike: "blank page"'
		);
	} );

	it( 'leaves every team leader with an e-mail and every campaign with accepted devices', async () => {
		const campaigns = await database.db
			.selectFrom( 'campaigns as c' )
			.select( [
				'c.id',
				'c.tl_name',
				'c.tl_email',
				( eb ) =>
					eb
						.selectFrom( 'campaign_accepted_devices as d' )
						.select( ( inner ) => inner.fn.countAll().as( 'n' ) )
						.whereRef( 'd.campaign_id', '=', 'c.id' )
						.as( 'accepted' ),
			] )
			.execute();
		for ( const row of campaigns ) {
			assert.match( String( row.tl_email ), /^[^@\s]+@[^@\s]+$/ );
			assert.ok( row.tl_name );
			assert.ok( Number( row.accepted ) > 0, `campaign ${ row.id }` );
		}
	} );

	it( "puts each language's manual and preview links under that language's own prefix", async () => {
		const contents = await database.db
			.selectFrom( 'campaign_contents' )
			.select( [
				'campaign_id',
				'language_code',
				'manual_link',
				'preview_link',
			] )
			.execute();
		assert.ok( contents.length > 40 );
		for ( const row of contents ) {
			const prefix =
				row.language_code === 'en' ? '' : `/${ row.language_code }`;
			for ( const [ page, link ] of [
				[ 'manual', row.manual_link ],
				[ 'preview', row.preview_link ],
			] as const ) {
				if ( link !== null ) {
					assert.equal(
						link,
						`${ prefix }/campaigns/${ row.campaign_id }/${ page }/`,
						`${ row.language_code } ${ page } of ${ row.campaign_id }`
					);
				}
			}
		}
	} );
} );
