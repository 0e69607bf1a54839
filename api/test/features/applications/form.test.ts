import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import type { TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { insertApplication } from '../../helpers/rows.ts';
import { send } from '../profile-parts/requests.ts';
import {
	addDevice,
	BRAND,
	insertFullFormCampaign,
	insertOpenCampaign,
	IOS,
	jobTitle,
	linkedIn,
	operatingSystem,
	POSTCODE_ERROR,
	startWorld,
	streaming,
	type FullForm,
} from './world.ts';

/**
 * The reads around applying: the pre-selection form (its questions in order, in the asked language, prefilled
 * from the tester's profile), the tester's devices a campaign accepts, and the devices of an application.
 */

const NOT_FOUND = {
	status: 404,
	error: 'Not Found',
	message: 'Campaign not found',
};

describe( `pre-selection form and devices reads on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let full: FullForm;
	before( async () => {
		ctx = await startWorld();
		full = await insertFullFormCampaign( ctx );
	} );
	after( () => ctx.close() );

	const get = ( tester: Tester, url: string ) =>
		send( ctx, 'GET', `/users/me/campaigns${ url }`, tester );
	const ok = async ( tester: Tester, url: string ) => {
		const response = await get( tester, url );
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};

	it( 'answers every question in order, with its validation, options and custom field, in the locale', async () => {
		const tester = await ctx.createTester();
		const { q, options } = full;
		const items = await ok(
			tester,
			`/${ full.campaignId }/forms?locale=es`
		);
		const brandOptions = BRAND.options;
		assert.deepEqual( items, [
			{
				id: q.postcode,
				type: 'text',
				question: 'Your postcode',
				validation: { regex: '^[0-9]{5}$', error: POSTCODE_ERROR },
			},
			{
				id: q.app,
				type: 'text',
				question: 'Which app do you use most to shop?',
				validation: { regex: '^[A-Za-z ]+$' },
			},
			{
				id: q.phone,
				type: 'phone_number',
				question: 'Your mobile number',
			},
			{ id: q.home, type: 'address', question: 'Where do you live?' },
			{
				id: q.browser,
				type: 'select',
				question: 'Which browser do you use most?',
				options: [
					{ id: options.browser![ 0 ], name: 'Chrome' },
					{ id: options.browser![ 1 ], name: 'Firefox' },
				],
			},
			{ id: q.gender, type: 'gender', question: 'Your gender' },
			{
				id: q.shops,
				type: 'multiselect',
				question: 'Where have you shopped this year?',
				options: [
					{ id: options.shops![ 0 ], name: 'Amazon' },
					{ id: options.shops![ 1 ], name: 'eBay' },
					{ id: options.shops![ 2 ], name: 'Zalando' },
				],
			},
			{
				id: q.hours,
				type: 'radio',
				question: 'Hours online a week?',
				options: [
					{ id: options.hours![ 0 ], name: 'Less than 5' },
					{ id: options.hours![ 1 ], name: 'More than 5' },
				],
			},
			{
				id: q.job,
				type: `cuf_${ jobTitle.id }`,
				question: 'Your job',
				customUserField: {
					id: jobTitle.id,
					type: 'text',
					name: jobTitle.names.es,
					placeholder: jobTitle.placeholders!.es,
					allow_other: false,
					format: null,
				},
			},
			{
				id: q.linkedin,
				type: `cuf_${ linkedIn.id }`,
				question: 'Your LinkedIn',
				customUserField: {
					id: linkedIn.id,
					type: 'text',
					name: linkedIn.names.es,
					placeholder: linkedIn.placeholders!.es,
					allow_other: false,
					format: linkedIn.format,
				},
			},
			{
				id: q.os,
				type: `cuf_${ operatingSystem.id }`,
				question: 'Your OS',
				options: operatingSystem.options.map( ( option ) => ( {
					id: option.id,
					name: option.name.es,
				} ) ),
				customUserField: {
					id: operatingSystem.id,
					type: 'select',
					name: operatingSystem.names.es,
					placeholder: null,
					allow_other: false,
					format: null,
				},
			},
			{
				// No Spanish: the Italian names.
				id: q.brand,
				type: `cuf_${ BRAND.id }`,
				question: 'Your brand',
				options: brandOptions,
				customUserField: {
					id: BRAND.id,
					type: 'select',
					name: 'Marca preferita',
					placeholder: 'Scegli o scrivi',
					allow_other: true,
					format: null,
				},
			},
			{
				id: q.streaming,
				type: `cuf_${ streaming.id }`,
				question: 'Your streaming',
				options: streaming.options.map( ( option ) => ( {
					id: option.id,
					name: option.name.es,
				} ) ),
				customUserField: {
					id: streaming.id,
					type: 'multiselect',
					name: streaming.names.es,
					placeholder: streaming.placeholders!.es,
					allow_other: true,
					format: null,
				},
			},
		] );
		const english = await ok( tester, `/${ full.campaignId }/forms` );
		assert.equal(
			english.find( ( item: { id: number } ) => item.id === q.brand )
				.customUserField.name,
			'Favourite brand'
		);
	} );

	it( "prefills the custom fields, phone, gender and residence from the tester's profile", async () => {
		const tester = await ctx.createTester( {
			set: { phone: '+393471234567', gender: 'other', city: 'Torino' },
		} );
		const put = async ( fieldId: number, body: unknown ) =>
			assert.equal(
				(
					await send(
						ctx,
						'PUT',
						`/users/me/additionals/${ fieldId }`,
						tester,
						body
					)
				).statusCode,
				200
			);
		await put( jobTitle.id, { value: 'QA lead' } );
		await put( operatingSystem.id, {
			value: operatingSystem.options[ 1 ].id,
		} );
		await put( BRAND.id, { value: 'Initech', is_candidate: true } );
		await put( streaming.id, [
			{ value: streaming.options[ 2 ].id },
			{ value: streaming.options[ 0 ].id },
			{ value: 'Crunchyroll', is_candidate: true },
		] );
		const items: Array< { id: number; value?: unknown } > = await ok(
			tester,
			`/${ full.campaignId }/forms?locale=it`
		);
		const { q } = full;
		const valueOf = ( id: number ) =>
			items.find( ( item ) => item.id === id )!.value;
		assert.deepEqual( valueOf( q.phone ), { serialized: '+393471234567' } );
		assert.deepEqual( valueOf( q.gender ), { serialized: 'other' } );
		assert.deepEqual( valueOf( q.home ), {
			country: 'IT',
			city: 'Torino',
		} );
		assert.deepEqual( valueOf( q.job ), { serialized: 'QA lead' } );
		assert.deepEqual( valueOf( q.os ), {
			id: operatingSystem.options[ 1 ].id,
		} );
		assert.deepEqual( valueOf( q.brand ), { serialized: 'Initech' } );
		// In the field's option order; a typed value has no place in a multiselect's answer.
		assert.deepEqual( valueOf( q.streaming ), {
			id: [ streaming.options[ 0 ].id, streaming.options[ 2 ].id ],
		} );
		for ( const key of [
			'postcode',
			'app',
			'linkedin',
			'browser',
		] as const ) {
			assert.equal( valueOf( q[ key ] ), undefined, key );
		}
	} );

	it( 'orders questions and options by their positions, whatever order they were written in', async () => {
		const tester = await ctx.createTester();
		const campaignId = await insertOpenCampaign( ctx );
		const { db } = ctx.database;
		// Written last position first, so ids run against positions.
		for ( const [ position, question ] of [
			[ 2, 'Third' ],
			[ 1, 'Second' ],
			[ 0, 'First' ],
		] as const ) {
			const { insertId } = await db
				.insertInto( 'preselection_questions' )
				.values( {
					campaign_id: campaignId,
					type: 'select',
					question,
					position,
				} )
				.executeTakeFirstOrThrow();
			for ( const [ optionPosition, name ] of [
				[ 1, `${ question } b` ],
				[ 0, `${ question } a` ],
				[ 1, `${ question } c` ],
			] as const ) {
				await db
					.insertInto( 'preselection_question_options' )
					.values( {
						question_id: Number( insertId ),
						name,
						position: optionPosition,
					} )
					.execute();
			}
		}
		const items = await ok( tester, `/${ campaignId }/forms` );
		assert.deepEqual(
			items.map(
				( item: { question: string; options: { name: string }[] } ) => [
					item.question,
					item.options.map( ( option ) => option.name ),
				]
			),
			[ 'First', 'Second', 'Third' ].map( ( question ) => [
				question,
				// Position first, then the order written (the id).
				[ `${ question } a`, `${ question } b`, `${ question } c` ],
			] )
		);
	} );

	it( 'answers [] for a campaign without questions, 404 for one the tester may not see', async () => {
		const tester = await ctx.createTester();
		const plain = await insertOpenCampaign( ctx );
		assert.deepEqual( await ok( tester, `/${ plain }/forms` ), [] );
		const internal = await insertOpenCampaign( ctx, {
			visibility: 'internal',
		} );
		for ( const url of [
			`/${ internal }/forms`,
			`/${ internal }/compatible_devices`,
			`/${ internal }/devices`,
			'/999999/forms',
		] ) {
			const response = await get( tester, url );
			assert.equal( response.statusCode, 404, url );
			assert.deepEqual( response.json(), NOT_FOUND );
		}
	} );

	it( 'lists the devices the campaign accepts by type and platform, oldest first', async () => {
		const tester = await ctx.createTester();
		assert.deepEqual(
			await ok( tester, `/${ full.campaignId }/compatible_devices` ),
			[]
		);
		const iphone = await addDevice( ctx, tester, 'iphone' );
		const android = await addDevice( ctx, tester, 'android' );
		const pc = await addDevice( ctx, tester, 'pc' );
		const removed = await addDevice( ctx, tester, 'android' );
		await send( ctx, 'DELETE', `/users/me/devices/${ removed }`, tester );
		const other = await ctx.createTester();
		await addDevice( ctx, other, 'android' );

		const ids = async ( campaignId: number ) =>
			( await ok( tester, `/${ campaignId }/compatible_devices` ) ).map(
				( device: { id: number } ) => device.id
			);
		// Android smartphones and every PC.
		assert.deepEqual( await ids( full.campaignId ), [ android, pc ] );
		const devices = await ok(
			tester,
			`/${ full.campaignId }/compatible_devices`
		);
		assert.deepEqual( devices[ 0 ].operating_system.platform, 'Android' );
		assert.deepEqual( devices[ 1 ].device, { pc_type: 'Notebook' } );
		// No accepted kind listed: every device.
		assert.deepEqual( await ids( await insertOpenCampaign( ctx ) ), [
			iphone,
			android,
			pc,
		] );
		// iOS smartphones only.
		assert.deepEqual(
			await ids(
				await insertOpenCampaign( ctx, { accepts: [ [ 0, IOS ] ] } )
			),
			[ iphone ]
		);
	} );

	it( "lists an application's devices, the selected one first; 404 'No devices' without an application", async () => {
		const tester = await ctx.createTester();
		const android = await addDevice( ctx, tester, 'android' );
		const pc = await addDevice( ctx, tester, 'pc' );
		const campaignId = await insertOpenCampaign( ctx );
		const response = await get( tester, `/${ campaignId }/devices` );
		assert.equal( response.statusCode, 404 );
		assert.deepEqual( response.json(), {
			status: 404,
			error: 'Not Found',
			message: 'No devices',
		} );

		await insertApplication( ctx, tester.id, campaignId, 'selected' );
		const { db } = ctx.database;
		const application = await db
			.selectFrom( 'applications' )
			.select( 'id' )
			.where( 'tester_id', '=', tester.id )
			.where( 'campaign_id', '=', campaignId )
			.executeTakeFirstOrThrow();
		assert.deepEqual( await ok( tester, `/${ campaignId }/devices` ), [] );
		await db
			.insertInto( 'application_devices' )
			.values( [
				{ application_id: application.id, tester_device_id: android },
				{ application_id: application.id, tester_device_id: pc },
			] )
			.execute();
		const ids = async () =>
			( await ok( tester, `/${ campaignId }/devices` ) ).map(
				( device: { id: number } ) => device.id
			);
		assert.deepEqual( await ids(), [ android, pc ] );
		await db
			.updateTable( 'applications' )
			.set( { selected_device_id: pc } )
			.where( 'id', '=', application.id )
			.execute();
		assert.deepEqual( await ids(), [ pc, android ] );
		// Another tester sees none of it.
		const other = await ctx.createTester();
		assert.equal(
			( await get( other, `/${ campaignId }/devices` ) ).statusCode,
			404
		);
	} );
} );
