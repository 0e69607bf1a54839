import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recount } from '../../../src/db/kept-counts.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import type { TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { insertApplication } from '../../helpers/rows.ts';
import { send } from '../profile-parts/requests.ts';
import {
	addDevice,
	answersTo,
	BRAND,
	insertFullFormCampaign,
	insertOpenCampaign,
	linkedIn,
	operatingSystem,
	POSTCODE_ERROR,
	startWorld,
	streaming,
	type FullForm,
} from './world.ts';

/**
 * POST /users/me/campaigns/{id}/forms: an application with its answers and devices, refused with the spec's
 * messages, written whole or not at all, its custom field answers saved to the profile.
 */

const ALREADY_APPLIED = 'You have already applied to this campaign';
const TOO_LATE = "Oh no, It's too late! The subscription phase is closed now.";
const FULL = 'The campaign has reached its maximum capacity.';

describe( `applying to a campaign on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let full: FullForm;
	before( async () => {
		ctx = await startWorld();
		full = await insertFullFormCampaign( ctx );
	} );
	after( () => ctx.close() );

	const apply = ( tester: Tester, campaignId: number, body: unknown ) =>
		send(
			ctx,
			'POST',
			`/users/me/campaigns/${ campaignId }/forms`,
			tester,
			body
		);

	/** A tester with an Android phone (accepted), an iPhone (not) and a PC (accepted). */
	async function testerWithDevices() {
		const tester = await ctx.createTester();
		return {
			tester,
			iphone: await addDevice( ctx, tester, 'iphone' ),
			android: await addDevice( ctx, tester, 'android' ),
			pc: await addDevice( ctx, tester, 'pc' ),
		};
	}

	const applicationsOf = ( tester: Tester ) =>
		ctx.database.db
			.selectFrom( 'applications' )
			.selectAll()
			.where( 'tester_id', '=', tester.id )
			.execute();
	const profileValues = async ( tester: Tester, fieldId: number ) =>
		(
			await ctx.database.db
				.selectFrom( 'tester_custom_values' )
				.select( [ 'option_id', 'text_value', 'is_candidate' ] )
				.where( 'tester_id', '=', tester.id )
				.where( 'field_id', '=', fieldId )
				.orderBy( 'option_id' )
				.orderBy( 'id' )
				.execute()
		).map( ( row ) => [
			row.option_id,
			row.text_value,
			Number( row.is_candidate ),
		] );
	/** The campaign's applicants, as the back office counts them (its applications). */
	const applicantsOf = async ( campaignId: number ) =>
		Number(
			(
				await ctx.database.db
					.selectFrom( 'applications' )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.where( 'campaign_id', '=', campaignId )
					.executeTakeFirstOrThrow()
			).n
		);

	it( 'writes the application, its devices, its answers and the profile values, keeping every count', async () => {
		const { tester, android, pc } = await testerWithDevices();
		const applicants = await applicantsOf( full.campaignId );
		const response = await apply( tester, full.campaignId, {
			form: answersTo( full ),
			device: [ pc, android ],
		} );
		assert.equal( response.statusCode, 201, response.body );
		const [ application ] = await applicationsOf( tester );
		assert.deepEqual( response.json(), {
			id: application.id,
			status: 'applied',
		} );
		const campaign = await ctx.database.db
			.selectFrom( 'campaigns' )
			.selectAll()
			.where( 'id', '=', full.campaignId )
			.executeTakeFirstOrThrow();
		assert.equal( application.status, 'applied' );
		assert.equal( application.campaign_id, full.campaignId );
		assert.equal( application.selected_device_id, null );
		assert.equal( application.campaign_start_date, campaign.start_date );
		assert.equal( application.campaign_close_date, campaign.close_date );
		assert.equal( await applicantsOf( full.campaignId ), applicants + 1 );

		// The devices, as the campaign devices read answers them.
		const devices = await send(
			ctx,
			'GET',
			`/users/me/campaigns/${ full.campaignId }/devices`,
			tester
		);
		assert.deepEqual(
			devices.json().map( ( device: { id: number } ) => device.id ),
			[ android, pc ]
		);

		const { q, options } = full;
		const answers = await ctx.database.db
			.selectFrom( 'preselection_answers' )
			.select( [ 'question_id', 'option_id', 'text_value' ] )
			.where( 'application_id', '=', application.id )
			.orderBy( 'id' )
			.execute();
		assert.deepEqual(
			answers.map( ( row ) => [
				row.question_id,
				row.option_id,
				row.text_value,
			] ),
			[
				[ q.postcode, null, '20121' ],
				[ q.app, null, 'Amazon' ],
				[ q.phone, null, '+393471234567' ],
				[ q.home, null, '{"country":"IT","city":"Milano"}' ],
				[ q.browser, options.browser![ 1 ], null ],
				[ q.gender, null, 'female' ],
				[ q.shops, options.shops![ 0 ], null ],
				[ q.shops, options.shops![ 2 ], null ],
				[ q.hours, options.hours![ 0 ], null ],
				[ q.job, null, 'Software tester' ],
				[ q.linkedin, null, 'https://www.linkedin.com/in/tess-ter' ],
				[ q.os, null, 'Linux' ],
				[ q.brand, null, 'Initech' ],
				[ q.streaming, null, 'Netflix' ],
			]
		);

		// The profile: each custom field answered now holds the answer, a typed value as a candidate.
		assert.deepEqual( await profileValues( tester, operatingSystem.id ), [
			[ operatingSystem.options[ 2 ].id, null, 0 ],
		] );
		assert.deepEqual( await profileValues( tester, BRAND.id ), [
			[ null, 'Initech', 1 ],
		] );
		assert.deepEqual( await profileValues( tester, streaming.id ), [
			[ streaming.options[ 0 ].id, null, 0 ],
		] );
		const me = await send(
			ctx,
			'GET',
			'/users/me?fields=additional',
			tester
		);
		assert.deepEqual(
			me
				.json()
				.additional.find(
					( value: { field_id: number } ) =>
						value.field_id === linkedIn.id
				),
			{
				field_id: linkedIn.id,
				value: 'https://www.linkedin.com/in/tess-ter',
				is_candidate: false,
			}
		);
		// The next campaign's form starts from them.
		const next = await insertFullFormCampaign( ctx );
		const form = (
			await send(
				ctx,
				'GET',
				`/users/me/campaigns/${ next.campaignId }/forms`,
				tester
			)
		).json();
		assert.deepEqual(
			form.find( ( item: { id: number } ) => item.id === next.q.os )
				.value,
			{ id: operatingSystem.options[ 2 ].id }
		);

		// Counting again changes nothing.
		assert.deepEqual(
			( await recount( ctx.database.db ) ).filter(
				( table ) => table.differed
			),
			[]
		);

		// Once only.
		const again = await apply( tester, full.campaignId, {
			form: answersTo( full ),
			device: [ android ],
		} );
		assert.equal( again.statusCode, 409 );
		assert.equal( again.json().message, ALREADY_APPLIED );
	} );

	it( 'replaces the profile values: an existing option typed, "None of the above" clearing a multiselect', async () => {
		const { tester, android } = await testerWithDevices();
		await send(
			ctx,
			'PUT',
			`/users/me/additionals/${ streaming.id }`,
			tester,
			[ { value: streaming.options[ 1 ].id } ]
		);
		const response = await apply( tester, full.campaignId, {
			form: answersTo( full, {
				brand: { serialized: ' globex ' },
				streaming: { id: [ -1 ] },
				shops: { id: [ -1 ] },
			} ),
			device: [ android ],
		} );
		assert.equal( response.statusCode, 201, response.body );
		assert.deepEqual( await profileValues( tester, BRAND.id ), [
			[ BRAND.options[ 1 ].id, null, 0 ],
		] );
		assert.deepEqual( await profileValues( tester, streaming.id ), [] );
		const answers = await ctx.database.db
			.selectFrom( 'preselection_answers' )
			.select( [ 'question_id', 'option_id', 'text_value' ] )
			.where( 'application_id', '=', response.json().id )
			.where( 'question_id', 'in', [
				full.q.shops,
				full.q.streaming,
				full.q.brand,
			] )
			.orderBy( 'id' )
			.execute();
		assert.deepEqual(
			answers.map( ( row ) => [
				row.question_id,
				row.option_id,
				row.text_value,
			] ),
			[
				[ full.q.shops, null, null ],
				[ full.q.brand, null, 'Globex' ],
				[ full.q.streaming, null, null ],
			]
		);
	} );

	it( 'rewrites only the profile values an answer changes', async () => {
		const { tester, android } = await testerWithDevices();
		const storedRows = () =>
			ctx.database.db
				.selectFrom( 'tester_custom_values' )
				.select( [ 'id', 'field_id', 'option_id', 'text_value' ] )
				.where( 'tester_id', '=', tester.id )
				.orderBy( 'id' )
				.execute();
		const applyTo = async ( form: FullForm, overrides = {} ) => {
			const response = await apply( tester, form.campaignId, {
				form: answersTo( form, overrides ),
				device: [ android ],
			} );
			assert.equal( response.statusCode, 201, response.body );
		};
		await applyTo( full );
		const first = await storedRows();
		assert.ok( first.length > 0 );
		// The same answers to another campaign's form: the same rows, none rewritten.
		await applyTo( await insertFullFormCampaign( ctx ) );
		assert.deepEqual( await storedRows(), first );
		// Another brand: that field's value only is replaced.
		await applyTo( await insertFullFormCampaign( ctx ), {
			brand: { serialized: 'Initech' },
		} );
		const third = await storedRows();
		assert.deepEqual(
			third.filter( ( row ) => row.field_id !== BRAND.id ),
			first.filter( ( row ) => row.field_id !== BRAND.id )
		);
		assert.deepEqual(
			third
				.filter( ( row ) => row.field_id === BRAND.id )
				.map( ( row ) => [ row.option_id, row.text_value ] ),
			[ [ null, 'Initech' ] ]
		);
	} );

	it( 'refuses a wrong answer with a 400 naming the question, and writes nothing', async () => {
		const { tester, android, iphone } = await testerWithDevices();
		const other = await insertFullFormCampaign( ctx );
		const { q, options } = full;
		const LINKEDIN_MESSAGE = linkedIn.format!.split( ';' )[ 1 ];
		const cases: Array< [ string, unknown, string ] > = [
			[
				'a question of another campaign',
				[
					...answersTo( full ),
					{ question: other.q.app, value: { serialized: 'Amazon' } },
				],
				`Question ${ other.q.app } is not a question of this campaign`,
			],
			[
				'a question left unanswered',
				answersTo( full, { gender: undefined } ),
				`Question ${ q.gender }: This is a required field`,
			],
			[
				'an empty text',
				answersTo( full, { app: { serialized: '  ' } } ),
				`Question ${ q.app }: This is a required field`,
			],
			[
				"a text failing its regex, with the question's error",
				answersTo( full, { postcode: { serialized: '2012' } } ),
				`Question ${ q.postcode }: ${ POSTCODE_ERROR }`,
			],
			[
				'a text failing its regex, without an error of its own',
				answersTo( full, { app: { serialized: 'Amazon 2' } } ),
				`Question ${ q.app }: This is an invalid format`,
			],
			[
				'a bad phone',
				answersTo( full, { phone: { serialized: '+39 12' } } ),
				`Question ${ q.phone }: This is an invalid format`,
			],
			[
				'a phone without its international prefix',
				answersTo( full, { phone: { serialized: '3471234567' } } ),
				`Question ${ q.phone }: This is an invalid format`,
			],
			[
				'an address without a city',
				answersTo( full, { home: { country: 'IT' } } ),
				`Question ${ q.home }: This is a required field`,
			],
			[
				'an address with a city the country does not have',
				answersTo( full, {
					home: { country: 'IT', city: 'Atlantis' },
				} ),
				`Question ${ q.home }: We couldn't find a city with that name, please search again.`,
			],
			[
				'an option of another question',
				answersTo( full, { browser: { id: options.hours![ 0 ] } } ),
				`Question ${ q.browser }: ${
					options.hours![ 0 ]
				} is not an option of this question`,
			],
			[
				'a select answered with text',
				answersTo( full, { hours: { serialized: 'Less than 5' } } ),
				`Question ${ q.hours }: this question is answered with an option id in id`,
			],
			[
				'a gender that is none of the four',
				answersTo( full, { gender: { serialized: 'robot' } } ),
				`Question ${ q.gender }: the answer is one of female, male, not-specified, other`,
			],
			[
				'a multiselect with "None of the above" and another choice',
				answersTo( full, {
					shops: { id: [ -1, options.shops![ 0 ] ] },
				} ),
				`Question ${ q.shops }: "None of the above" (-1) is chosen alone`,
			],
			[
				'an empty multiselect',
				answersTo( full, { shops: { id: [] } } ),
				`Question ${ q.shops }: This is a required field`,
			],
			[
				'a multiselect answered with one id',
				answersTo( full, { shops: { id: options.shops![ 0 ] } } ),
				`Question ${ q.shops }: this question is answered with a list of option ids in id`,
			],
			[
				"a custom text failing the field's format",
				answersTo( full, {
					linkedin: { serialized: 'linkedin.com/me' },
				} ),
				`Question ${ q.linkedin }: ${ LINKEDIN_MESSAGE }`,
			],
			[
				'a typed value for a custom select without other values',
				answersTo( full, { os: { serialized: 'Haiku' } } ),
				`Question ${ q.os }: This field accepts only its own options`,
			],
			[
				"an option of another field's",
				answersTo( full, { os: { id: streaming.options[ 0 ].id } } ),
				`Question ${ q.os }: The value is not an option of this field`,
			],
			[
				'a custom multiselect with "None of the above" and another choice',
				answersTo( full, {
					streaming: { id: [ streaming.options[ 0 ].id, -1 ] },
				} ),
				`Question ${ q.streaming }: "None of the above" (-1) is chosen alone`,
			],
		];
		const device = [ android ];
		for ( const [ label, form, message ] of cases ) {
			const response = await apply( tester, full.campaignId, {
				form,
				device,
			} );
			assert.equal( response.statusCode, 400, label );
			assert.equal( response.json().message, message, label );
		}

		const stranger = await ctx.createTester();
		const theirs = await addDevice( ctx, stranger, 'android' );
		const removed = await addDevice( ctx, tester, 'android' );
		await send( ctx, 'DELETE', `/users/me/devices/${ removed }`, tester );
		for ( const [ deviceIds, message ] of [
			[
				[ android, theirs ],
				`Device ${ theirs } is not one of your devices`,
			],
			[ [ removed ], `Device ${ removed } is not one of your devices` ],
			[
				[ iphone ],
				`Device ${ iphone } is not accepted by this campaign`,
			],
		] as const ) {
			const response = await apply( tester, full.campaignId, {
				form: answersTo( full ),
				device: deviceIds,
			} );
			assert.equal( response.statusCode, 400, message );
			assert.equal( response.json().message, message );
		}
		const noDevice = await apply( tester, full.campaignId, {
			form: answersTo( full ),
			device: [],
		} );
		assert.equal( noDevice.statusCode, 400 );

		assert.deepEqual( await applicationsOf( tester ), [] );
		assert.deepEqual( await profileValues( tester, linkedIn.id ), [] );
	} );

	it( 'refuses with 409 an application made already, after the start, to a closed or a full campaign', async () => {
		const { tester, android } = await testerWithDevices();
		const body = { form: [], device: [ android ] };
		const excluded = await insertOpenCampaign( ctx );
		await insertApplication( ctx, tester.id, excluded, 'excluded' );
		const cases: Array< [ number, string ] > = [
			[ excluded, ALREADY_APPLIED ],
			[ await insertOpenCampaign( ctx, { start: -1 } ), TOO_LATE ],
			[ await insertOpenCampaign( ctx, { status: 2 } ), TOO_LATE ],
			[
				await insertOpenCampaign( ctx, {
					maxTesters: 2,
					selectedCount: 2,
				} ),
				FULL,
			],
		];
		for ( const [ campaignId, message ] of cases ) {
			const response = await apply( tester, campaignId, body );
			assert.equal( response.statusCode, 409, message );
			assert.deepEqual( response.json(), {
				status: 409,
				error: 'Conflict',
				message,
			} );
		}
		assert.equal( ( await applicationsOf( tester ) ).length, 1 );
		// A free place: applied.
		const roomy = await insertOpenCampaign( ctx, {
			maxTesters: 2,
			selectedCount: 1,
		} );
		assert.equal( ( await apply( tester, roomy, body ) ).statusCode, 201 );
		// A campaign the tester may not see is a missing one.
		const internal = await insertOpenCampaign( ctx, {
			visibility: 'internal',
		} );
		const hidden = await apply( tester, internal, body );
		assert.equal( hidden.statusCode, 404 );
		assert.equal( hidden.json().message, 'Campaign not found' );
	} );

	it( 'makes one of two applications sent at the same moment, and answers the other 409', async () => {
		const { tester, android, pc } = await testerWithDevices();
		const campaignId = await insertOpenCampaign( ctx );
		const responses = await Promise.all( [
			apply( tester, campaignId, { form: [], device: [ android ] } ),
			apply( tester, campaignId, { form: [], device: [ pc ] } ),
		] );
		assert.deepEqual(
			responses.map( ( response ) => response.statusCode ).sort(),
			[ 201, 409 ],
			responses.map( ( response ) => response.body ).join( '\n' )
		);
		const refused = responses.find(
			( response ) => response.statusCode === 409
		)!;
		assert.equal( refused.json().message, ALREADY_APPLIED );
		assert.equal( ( await applicationsOf( tester ) ).length, 1 );
		assert.equal( await applicantsOf( campaignId ), 1 );
		const devices = await ctx.database.db
			.selectFrom( 'application_devices' )
			.select( 'tester_device_id' )
			.where(
				'application_id',
				'=',
				responses
					.find( ( response ) => response.statusCode === 201 )!
					.json().id
			)
			.execute();
		assert.equal( devices.length, 1 );

		// The transaction's own guard, without the route's check before it: the unique key refuses the second
		// application and its applicant count is rolled back with it.
		const { applications } = ctx.app.services;
		const second = await insertOpenCampaign( ctx );
		const application = {
			testerId: tester.id,
			campaignId: second,
			deviceIds: [ android ],
			answers: [],
			profile: [],
		};
		assert.equal(
			typeof ( await applications.apply( application ) ),
			'object'
		);
		assert.equal(
			await applications.apply( application ),
			'already-applied'
		);
		assert.equal( await applicantsOf( second ), 1 );
	} );

	it( 'refuses in the transaction itself a closed, started or full campaign, and keeps none of its writes', async () => {
		const { tester, android } = await testerWithDevices();
		const { applications } = ctx.app.services;
		// With a profile value it would save.
		const applicationTo = ( campaignId: number ) => ( {
			testerId: tester.id,
			campaignId,
			deviceIds: [ android ],
			answers: [],
			profile: [
				{
					fieldId: BRAND.id,
					values: [ { text: 'Acme', isCandidate: true } ],
				},
			],
		} );
		// Without the route's check before it: a place taken or the start passed after the route looked.
		const closed = await insertOpenCampaign( ctx, { status: 2 } );
		const started = await insertOpenCampaign( ctx, { start: -1 } );
		const noPlace = await insertOpenCampaign( ctx, {
			maxTesters: 1,
			selectedCount: 1,
		} );
		const refusals = [];
		for ( const campaignId of [ closed, started, noPlace ] ) {
			refusals.push(
				await applications.apply( applicationTo( campaignId ) )
			);
			assert.equal( await applicantsOf( campaignId ), 0 );
		}
		assert.deepEqual( refusals, [ 'closed', 'closed', 'full' ] );
		assert.deepEqual( await applicationsOf( tester ), [] );
		assert.deepEqual( await profileValues( tester, BRAND.id ), [] );

		// A free place: the application and the profile's value.
		const open = await insertOpenCampaign( ctx, {
			maxTesters: 2,
			selectedCount: 1,
		} );
		assert.equal(
			typeof ( await applications.apply( applicationTo( open ) ) ),
			'object'
		);
		assert.equal( await applicantsOf( open ), 1 );
		assert.deepEqual( await profileValues( tester, BRAND.id ), [
			[ null, 'Acme', 1 ],
		] );
	} );
} );
