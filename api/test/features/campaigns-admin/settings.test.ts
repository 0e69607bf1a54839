import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
	AdminCampaign,
	AdminCampaignInput,
} from '../../../src/contract/index.ts';
import { recount } from '../../../src/db/kept-counts.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { backOfficeUser } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { getOk } from '../../helpers/requests.ts';
import { insertApplication, isoAt } from '../../helpers/rows.ts';
import { call, expect, fullInput } from './world.ts';

/**
 * A campaign's settings in the back office (issue 27): created with every field and read back as sent, refused
 * with a message naming the rule, replaced (tasks, questions and options kept by id with the testers' progress
 * and answers, the applications' copied dates following, the change in the audit trail), copied; and what the
 * tester screens then show of a campaign the administrator created.
 */

/** What GET answers besides the settings sent. */
const settingsOf = ( campaign: AdminCampaign ) => {
	const {
		id: _id,
		status: _status,
		selectedCount: _selected,
		applicantsCount: _applicants,
		bugs: _bugs,
		...settings
	} = campaign;
	return {
		...settings,
		tasks: settings.tasks.map( ( { id: _taskId, ...task } ) => task ),
		questions: settings.questions.map(
			( { id: _questionId, ...question } ) => ( {
				...question,
				options: question.options.map( ( { name } ) => ( { name } ) ),
			} )
		),
	};
};

describe( 'the back office: a campaign’s settings', () => {
	let ctx: TestContext;
	let admin: { wpUserId: number; token: string };
	let input: AdminCampaignInput;
	let created: AdminCampaign;
	let tester: Tester;

	before( async () => {
		ctx = await startTestContext();
		admin = await backOfficeUser( ctx, 'administrator' );
		input = await fullInput( ctx );
		tester = await ctx.createTester( { name: 'Ada' } );
	} );

	after( async () => {
		await ctx.close();
	} );

	const post = ( body: unknown, status = 201 ) =>
		expect( ctx, 'POST', '/admin/campaigns', admin.token, status, body );
	const auditOf = ( campaignId: number ) =>
		expect(
			ctx,
			'GET',
			`/admin/audit?subjectType=campaign&subjectId=${ campaignId }`,
			admin.token,
			200
		);

	it( 'creates a campaign with every field and reads it back as sent', async () => {
		created = await post( {
			...input,
			tasks: [
				{
					...input.tasks![ 0 ],
					content:
						'<p>Pay.</p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT>',
				},
				input.tasks![ 1 ],
			],
		} );
		assert.equal( created.status, 'running' );
		assert.equal( created.selectedCount, 0 );
		assert.deepEqual( created.bugs, {
			pending: 0,
			approved: 0,
			refused: 0,
			needReview: 0,
		} );
		assert.equal(
			created.tasks[ 0 ].content,
			'<p>Pay.</p>',
			'A script never reaches the store.'
		);
		const read = await expect(
			ctx,
			'GET',
			`/admin/campaigns/${ created.id }`,
			admin.token,
			200
		);
		assert.deepEqual( read, created );
		assert.deepEqual( settingsOf( read ), {
			...input,
			tasks: [
				{ ...input.tasks![ 0 ], content: '<p>Pay.</p>' },
				input.tasks![ 1 ],
			],
		} );
		assert.equal( read.questions.length, 8 );

		const audit = await auditOf( created.id );
		assert.equal( audit.total, 1 );
		assert.equal( audit.results[ 0 ].action, 'campaign.create' );
		assert.equal( audit.results[ 0 ].actor, admin.wpUserId );
		assert.equal( audit.results[ 0 ].after.complete_bonus_cents, 1250 );
		assert.equal( audit.results[ 0 ].after.title, input.title );
	} );

	it( 'fills what a minimal campaign leaves out', async () => {
		const minimal = await post( {
			title: '  Minimal  ',
			typeId: 1,
			startDate: '2030-01-01T09:00:00+02:00',
			endDate: '2030-01-02T00:00:00Z',
			closeDate: '2030-01-02T00:00:00Z',
			visibility: 'internal',
		} );
		assert.equal( minimal.title, 'Minimal' );
		assert.equal( minimal.startDate, '2030-01-01T07:00:00Z' );
		assert.deepEqual( minimal.payout, {
			completeBonus: 0,
			minimumBugs: 0,
			percentUsecases: 0,
			payoutLimit: 0,
			criticalBugPayout: 0,
			highBugPayout: 0,
			mediumBugPayout: 0,
			lowBugPayout: 0,
			topTesterBonus: 0,
			campaignPts: 0,
		} );
		assert.equal( minimal.bugForm.hasBugForm, false );
		assert.deepEqual( minimal.bugForm.validFileExtensions, [] );
		assert.deepEqual( minimal.tasks, [] );
		assert.deepEqual( minimal.questions, [] );
		assert.equal( minimal.language, null );
		assert.equal( minimal.tlEmail, null );
		assert.equal( minimal.maxTesters, null );
	} );

	it( 'refuses bad settings with a message naming the rule, storing nothing', async () => {
		const stored = await ctx.database.db
			.selectFrom( 'campaigns' )
			.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
			.executeTakeFirstOrThrow();
		const cases: Array< [ unknown, RegExp | string ] > = [
			[ { ...input, title: undefined }, /title/i ],
			[ { ...input, title: '   ' }, 'The title must not be empty' ],
			[ { ...input, visibility: 'secret' }, /visibility/i ],
			[ { ...input, startDate: 'tomorrow' }, /startDate/i ],
			[
				{ ...input, endDate: isoAt( -2 ) },
				'The end date must not be before the start date',
			],
			[
				{ ...input, closeDate: isoAt( 9 ) },
				'The close date must not be before the end date',
			],
			[
				{ ...input, payout: { ...input.payout, percentUsecases: 101 } },
				'The completion percentage (percentUsecases) must be between 0 and 100',
			],
			[
				{ ...input, payout: { ...input.payout, lowBugPayout: -1 } },
				'An amount (lowBugPayout) must not be negative',
			],
			[ { ...input, typeId: 999 }, 'Unknown campaign type' ],
			[ { ...input, targetLanguageId: 9999 }, 'Unknown target language' ],
			[ { ...input, targetMinLevelId: 15 }, 'Unknown target level' ],
			[
				{ ...input, targetTesterIds: [ 999999 ] },
				'A target tester does not exist',
			],
			[ { ...input, targetCountry: 'Italy' }, /targetCountry/i ],
			[ { ...input, tlEmail: 'not an e-mail' }, /tlEmail/i ],
			[
				{
					...input,
					acceptedDevices: [
						{
							deviceType: 0,
							platformIds:
								input.acceptedDevices![ 1 ].platformIds,
						},
					],
				},
				'An accepted operating system is unknown or of another device type',
			],
			[
				{
					...input,
					acceptedDevices: [
						{ deviceType: 1, platformIds: [] },
						{ deviceType: 1, platformIds: [] },
					],
				},
				'Each device type may be listed once',
			],
			[
				{
					...input,
					contents: [ input.contents![ 0 ], input.contents![ 0 ] ],
				},
				'Each language may have one content',
			],
			[
				{
					...input,
					bugForm: {
						...input.bugForm,
						additionalFields: [
							{
								slug: 'a',
								name: 'A',
								type: 'select',
								options: [],
							},
						],
					},
				},
				'A select additional field needs options',
			],
			[
				{
					...input,
					bugForm: {
						...input.bugForm,
						additionalFields: [
							{ slug: 'a', name: 'A', type: 'text' },
							{ slug: 'a', name: 'B', type: 'text' },
						],
					},
				},
				'Each additional field needs its own slug',
			],
			[
				{
					...input,
					questions: [ { type: 'radio', question: 'Which?' } ],
				},
				'A select, multiselect or radio question needs options',
			],
			[
				{
					...input,
					questions: [ { type: 'cuf', question: 'Which?' } ],
				},
				'A custom user field question needs an existing customUserFieldId, and no other question has one',
			],
			[
				{
					...input,
					questions: [
						{
							type: 'cuf',
							question: 'Which?',
							customUserFieldId: 99999,
						},
					],
				},
				'A custom user field question needs an existing customUserFieldId, and no other question has one',
			],
			[
				{ ...input, tasks: [ { name: 'x', id: 999999 } ] },
				"A task id is not one of the campaign's tasks",
			],
			[ { ...input, unknown: 1 }, /unknown field 'unknown'/i ],
		];
		for ( const [ body, message ] of cases ) {
			const refused = await call(
				ctx,
				'POST',
				'/admin/campaigns',
				admin.token,
				body
			);
			assert.equal( refused.statusCode, 400, refused.body );
			if ( typeof message === 'string' ) {
				assert.equal( refused.json().message, message );
			} else {
				assert.match( refused.json().message, message );
			}
		}
		const afterCount = await ctx.database.db
			.selectFrom( 'campaigns' )
			.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
			.executeTakeFirstOrThrow();
		assert.equal( Number( afterCount.n ), Number( stored.n ) );
	} );

	it( 'shows the tester screens what the administrator set', async () => {
		const preview = await getOk(
			ctx,
			`/users/me/campaigns/${ created.id }/preview`,
			tester
		);
		assert.equal( preview.title, input.title );
		assert.equal( preview.content, input.contents![ 0 ].previewContent );
		assert.equal( preview.type.id, 2 );
		assert.deepEqual( preview.tl, {
			name: 'Tina Lead',
			email: 'tina@example.test',
		} );
		assert.equal( preview.acceptedDevices.smartTv, 'all' );
		assert.equal( preview.acceptedDevices.pc.length, 2 );
		assert.equal( preview.hasForm, true );
		assert.equal( preview.cap, 25 );

		const payout = await getOk(
			ctx,
			`/users/me/campaigns/${ created.id }/payout_data`,
			tester
		);
		assert.deepEqual( payout, {
			campaign_complete_bonus_eur: 12.5,
			minimum_bugs: 1,
			percent_usecases: 50,
			payout_limit: 60,
			critical_bug_payout: 10,
			high_bug_payout: 5.25,
			medium_bug_payout: 2,
			low_bug_payout: 0.5,
			top_tester_bonus: 20,
			campaign_pts: 150,
		} );

		const form = await getOk(
			ctx,
			`/users/me/campaigns/${ created.id }/forms`,
			tester
		);
		const items = Array.isArray( form ) ? form : form.results ?? form;
		const types = items.map( ( item: { type: string } ) => item.type );
		for ( const type of [
			'text',
			'phone_number',
			'address',
			'gender',
			'select',
			'multiselect',
			'radio',
		] ) {
			assert.ok( types.includes( type ), type );
		}
		const radio = items.find(
			( item: { type: string } ) => item.type === 'radio'
		);
		assert.deepEqual(
			radio.options.map( ( option: { name: string } ) => option.name ),
			[ 'Yes', 'No' ]
		);

		await insertApplication( ctx, tester.id, created.id, 'selected' );
		const tasks = await getOk(
			ctx,
			`/users/me/campaigns/${ created.id }/tasks`,
			tester
		);
		assert.deepEqual(
			tasks.map(
				( task: { name: string; can_upload_media: boolean } ) => [
					task.name,
					task.can_upload_media,
				]
			),
			[
				[ 'Buy a product', true ],
				[ 'Return it', false ],
			]
		);
		const bugForm = await getOk(
			ctx,
			`/users/me/campaigns/${ created.id }`,
			tester
		);
		assert.equal( bugForm.hasBugForm, true );
		assert.equal( bugForm.hasBugParade, true );
		assert.equal( bugForm.titleRule, true );
		assert.equal( bugForm.minimumMedia, 1 );
		assert.deepEqual( bugForm.validFileExtensions, [ 'png', 'mp4' ] );
		assert.deepEqual( bugForm.bugSeverity.valid, [
			'LOW',
			'HIGH',
			'CRITICAL',
		] );
		assert.deepEqual( bugForm.bugReplicability.valid, [ 'ALWAYS' ] );
		assert.deepEqual( bugForm.language, {
			code: 'en',
			message: 'Write your bugs in English',
		} );
		assert.deepEqual(
			bugForm.additionalFields.map(
				( field: { slug: string } ) => field.slug
			),
			[ 'order-id', 'browser' ]
		);
	} );

	it( 'replaces the settings, keeping the tasks and answers sent with their ids', async () => {
		const campaign = await expect(
			ctx,
			'GET',
			`/admin/campaigns/${ created.id }`,
			admin.token,
			200
		);
		const [ buy, giveBack ] = campaign.tasks;
		// The tester completed the first task and answered the radio question.
		await ctx.database.db
			.insertInto( 'tester_tasks' )
			.values( {
				tester_id: tester.id,
				task_id: buy.id,
				status: 'completed',
			} )
			.execute();
		const radio = campaign.questions.find(
			( question: { type: string } ) => question.type === 'radio'
		);
		const application = await ctx.database.db
			.selectFrom( 'applications' )
			.select( 'id' )
			.where( 'tester_id', '=', tester.id )
			.where( 'campaign_id', '=', created.id )
			.executeTakeFirstOrThrow();
		await ctx.database.db
			.insertInto( 'preselection_answers' )
			.values( {
				application_id: application.id,
				question_id: radio.id,
				option_id: radio.options[ 0 ].id,
			} )
			.execute();

		const changed: AdminCampaignInput = {
			...settingsOf( campaign ),
			title: 'Checkout, round two',
			endDate: isoAt( 12 ),
			closeDate: isoAt( 16 ),
			visibility: 'small-group',
			targetTesterIds: [ tester.id ],
			payout: { ...campaign.payout, completeBonus: 15 },
			acceptedDevices: [ { deviceType: 1, platformIds: [] } ],
			contents: [ campaign.contents[ 1 ] ],
			bugForm: {
				...campaign.bugForm,
				additionalFields: [
					{
						...campaign.bugForm.additionalFields[ 1 ],
						options: [ 'Safari' ],
					},
				],
			},
			tasks: [
				{
					id: buy.id,
					name: 'Buy two products',
					content: '',
					canUploadMedia: false,
				},
				{
					name: 'Write a review',
					content: '<p>Stars.</p>',
					canUploadMedia: true,
				},
			],
			questions: [
				{
					id: radio.id,
					type: 'radio',
					question: 'Do you own a card now?',
					customUserFieldId: null,
					regex: null,
					error: null,
					options: [
						{ id: radio.options[ 0 ].id, name: 'Yes, one' },
						{ name: 'Several' },
					],
				},
			],
		};
		const saved = await expect(
			ctx,
			'PUT',
			`/admin/campaigns/${ created.id }`,
			admin.token,
			200,
			changed
		);
		assert.equal( saved.title, 'Checkout, round two' );
		assert.deepEqual(
			saved.tasks.map(
				( task: { id: number; name: string } ) => task.name
			),
			[ 'Buy two products', 'Write a review' ]
		);
		assert.equal( saved.tasks[ 0 ].id, buy.id );
		assert.notEqual( saved.tasks[ 1 ].id, giveBack.id );
		assert.deepEqual( saved.questions[ 0 ].options, [
			{ id: radio.options[ 0 ].id, name: 'Yes, one' },
			{ id: saved.questions[ 0 ].options[ 1 ].id, name: 'Several' },
		] );
		assert.deepEqual( saved.targetTesterIds, [ tester.id ] );
		assert.deepEqual( saved.acceptedDevices, [
			{ deviceType: 1, platformIds: [] },
		] );
		assert.deepEqual(
			saved.contents.map(
				( content: { language: string } ) => content.language
			),
			[ 'it' ]
		);
		assert.equal( saved.payout.completeBonus, 15 );

		const { db } = ctx.database;
		const progress = await db
			.selectFrom( 'tester_tasks' )
			.select( 'status' )
			.where( 'task_id', '=', buy.id )
			.execute();
		assert.deepEqual( progress, [ { status: 'completed' } ] );
		const answers = await db
			.selectFrom( 'preselection_answers' )
			.select( 'option_id' )
			.where( 'application_id', '=', application.id )
			.execute();
		assert.deepEqual( answers, [ { option_id: radio.options[ 0 ].id } ] );
		const copy = await db
			.selectFrom( 'applications' )
			.select( 'campaign_end_date' )
			.where( 'id', '=', application.id )
			.executeTakeFirstOrThrow();
		assert.equal(
			copy.campaign_end_date?.slice( 0, 19 ),
			isoAt( 12 ).slice( 0, 19 ).replace( 'T', ' ' ),
			'The application’s copy of the end date followed.'
		);
		assert.deepEqual(
			( await recount( db ) ).filter( ( table ) => table.differed ),
			[],
			'Every kept count is right.'
		);

		const audit = await auditOf( created.id );
		const update = audit.results[ 0 ];
		assert.equal( update.action, 'campaign.update' );
		assert.deepEqual( Object.keys( update.before ).sort(), [
			'close_date',
			'complete_bonus_cents',
			'end_date',
			'title',
			'visibility',
		] );
		assert.equal( update.before.complete_bonus_cents, 1250 );
		assert.equal( update.after.complete_bonus_cents, 1500 );
		assert.equal( update.after.title, 'Checkout, round two' );

		const foreign = await call(
			ctx,
			'PUT',
			`/admin/campaigns/${ created.id }`,
			admin.token,
			{
				...changed,
				questions: [
					{
						...changed.questions![ 0 ],
						options: [ { id: 999999, name: 'No' } ],
					},
				],
			}
		);
		assert.equal( foreign.statusCode, 400 );
		assert.equal(
			foreign.json().message,
			"An option id is not one of its question's options"
		);
		const missing = await call(
			ctx,
			'PUT',
			'/admin/campaigns/999999',
			admin.token,
			changed
		);
		assert.equal( missing.statusCode, 404 );
	} );

	it( 'copies a campaign with every setting and nothing of its testers', async () => {
		const source = await expect(
			ctx,
			'GET',
			`/admin/campaigns/${ created.id }`,
			admin.token,
			200
		);
		const copy = await expect(
			ctx,
			'POST',
			`/admin/campaigns/${ created.id }/duplicate`,
			admin.token,
			201
		);
		assert.notEqual( copy.id, source.id );
		assert.equal( copy.title, 'Checkout, round two (copy)' );
		assert.deepEqual(
			{ ...settingsOf( copy ), title: source.title },
			settingsOf( source )
		);
		assert.ok(
			copy.tasks.every(
				( task: { id: number } ) =>
					! source.tasks.some(
						( original: { id: number } ) => original.id === task.id
					)
			)
		);
		assert.equal( copy.selectedCount, 0 );
		assert.equal( copy.applicantsCount, 0 );
		const applications = await ctx.database.db
			.selectFrom( 'applications' )
			.select( 'id' )
			.where( 'campaign_id', '=', copy.id )
			.execute();
		assert.deepEqual( applications, [] );
		const audit = await auditOf( copy.id );
		assert.equal( audit.results[ 0 ].action, 'campaign.duplicate' );
		assert.equal( audit.results[ 0 ].note, `Copy of CP${ created.id }` );
		const missing = await call(
			ctx,
			'POST',
			'/admin/campaigns/999999/duplicate',
			admin.token
		);
		assert.equal( missing.statusCode, 404 );
	} );
} );
