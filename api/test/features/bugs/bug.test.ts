import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	compileOperations,
	loadOpenApiDocument,
} from '../../../src/lib/openapi.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { get, getOk } from '../../helpers/requests.ts';
import { insertCampaign } from '../../helpers/rows.ts';

/**
 * GET /users/me/bugs/{bugId}, the bug's own page, over rows written straight into the database: the whole report
 * as the contract says, texts as stored, the device, use case, additional values and reviewer's comment, media as
 * signed URLs that answer the files, and another tester's bug answered as a missing one.
 */

const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64'
);

describe( 'GET /api/users/me/bugs/{bugId}', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	let campaignId: number;
	let taskId: number;
	let fullBug: number;
	let bareBug: number;
	let pcBug: number;
	let theirBug: number;
	let phone: {
		id: number;
		modelId: number;
		model: string;
		manufacturer: string;
		versionId: number;
		version: string;
		platform: string;
	};
	let pc: { id: number; type: string };
	const storedKey = 'a1b2c3d4e5f60718.png';
	const missingKey = 'f0e1d2c3b4a59687.txt';

	const insertBug = async ( values: Record< string, unknown > ) =>
		Number(
			(
				await ctx.database.db
					.insertInto( 'bugs' )
					.values( {
						tester_id: me.id,
						campaign_id: campaignId,
						title: 'A bug',
						severity_id: 2,
						type_id: 4,
						replicability_id: 3,
						status_id: 3,
						steps: '1. Open\n2. Tap',
						expected: 'It works',
						current: 'It does not',
						...values,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
		other = await ctx.createTester();
		const { db } = ctx.database;
		campaignId = await insertCampaign( ctx, {
			title: 'Shop app',
			visibility: 'internal',
			status: 1,
			start: -20,
			end: 10,
			close: 20,
		} );
		taskId = Number(
			(
				await db
					.insertInto( 'campaign_tasks' )
					.values( {
						campaign_id: campaignId,
						name: 'Checkout',
						content: null,
						can_upload_media: 1,
						position: 1,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
		const fields = [];
		// Inserted in the reverse of the campaign's order: the answer follows `position`.
		for ( const [ slug, name, position ] of [
			[ 'browser', 'Browser', 2 ],
			[ 'account', 'Account used', 1 ],
		] as const ) {
			fields.push(
				Number(
					(
						await db
							.insertInto( 'campaign_additional_fields' )
							.values( {
								campaign_id: campaignId,
								slug,
								name,
								type: 'text',
								regex: null,
								error_message: null,
								options: null,
								position,
							} )
							.executeTakeFirstOrThrow()
					).insertId
				)
			);
		}

		// A phone of the catalogue (0004) with a version of a platform of its type, and a PC type.
		const model = await db
			.selectFrom( 'device_models as m' )
			.innerJoin(
				'device_manufacturers as f',
				'f.id',
				'm.manufacturer_id'
			)
			.select( [ 'm.id', 'm.name', 'f.name as manufacturer' ] )
			.where( 'm.device_type', '=', 0 )
			.orderBy( 'm.id' )
			.executeTakeFirstOrThrow();
		const version = await db
			.selectFrom( 'os_versions as v' )
			.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
			.select( [ 'v.id', 'v.name', 'p.name as platform' ] )
			.where( 'p.device_type', '=', 0 )
			.orderBy( 'v.id' )
			.executeTakeFirstOrThrow();
		const pcVersion = await db
			.selectFrom( 'os_versions as v' )
			.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
			.select( [ 'v.id', 'v.name', 'p.name as platform' ] )
			.where( 'p.device_type', '=', 2 )
			.orderBy( 'v.id' )
			.executeTakeFirstOrThrow();
		const pcType = await db
			.selectFrom( 'pc_types' )
			.select( [ 'id', 'name' ] )
			.orderBy( 'id' )
			.executeTakeFirstOrThrow();
		const addDevice = async ( values: {
			device_type: number;
			model_id: number | null;
			pc_type_id: number | null;
			os_version_id: number;
		} ) =>
			Number(
				(
					await db
						.insertInto( 'tester_devices' )
						.values( { tester_id: me.id, ...values } )
						.executeTakeFirstOrThrow()
				).insertId
			);
		phone = {
			id: await addDevice( {
				device_type: 0,
				model_id: model.id,
				pc_type_id: null,
				os_version_id: version.id,
			} ),
			modelId: model.id,
			model: model.name,
			manufacturer: model.manufacturer,
			versionId: version.id,
			version: version.name,
			platform: version.platform,
		};
		pc = {
			id: await addDevice( {
				device_type: 2,
				model_id: null,
				pc_type_id: pcType.id,
				os_version_id: pcVersion.id,
			} ),
			type: pcType.name,
		};

		fullBug = await insertBug( {
			// As WordPress stored it: quotes behind backslashes.
			title: 'Can\\\'t pay: \\"Checkout\\" <b>button</b> 🐞',
			task_id: taskId,
			tester_device_id: phone.id,
			status_id: 1,
			severity_id: 4,
			type_id: 1,
			replicability_id: 2,
			steps: '1. Open the cart\n2. Tap \\"Pay\\"\n3. Wait',
			expected: 'The payment page',
			current: 'A blank page',
			notes: 'Only on Wi-Fi',
			occurred_at: '2026-11-20 09:30:00',
			created_at: '2026-11-20 10:00:00',
			updated_at: '2026-11-21 08:15:00',
			review_comment: 'Known issue, see bug 12: not reproducible on 4G.',
		} );
		bareBug = await insertBug( { title: 'Typo on the home page' } );
		pcBug = await insertBug( {
			title: 'On the PC',
			tester_device_id: pc.id,
			status_id: 4,
		} );
		theirBug = Number(
			(
				await db
					.insertInto( 'bugs' )
					.values( {
						tester_id: other.id,
						campaign_id: campaignId,
						title: 'Their bug',
						severity_id: 1,
						type_id: 1,
						replicability_id: 1,
						steps: 'x',
						expected: 'y',
						current: 'z',
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
		await db
			.insertInto( 'bug_media' )
			.values( [
				{
					bug_id: fullBug,
					file_name: 'screen shot.png',
					mime_type: 'image/png',
					storage_key: storedKey,
				},
				{
					bug_id: fullBug,
					file_name: 'log.txt',
					mime_type: 'text/plain',
					storage_key: missingKey,
				},
				{
					bug_id: theirBug,
					file_name: 'theirs.png',
					mime_type: 'image/png',
					storage_key: 'b1b2c3d4e5f60718.png',
				},
			] )
			.execute();
		await db
			.insertInto( 'bug_additional_values' )
			.values( [
				{
					bug_id: fullBug,
					field_id: fields[ 0 ],
					value: 'Firefox 133',
				},
				{ bug_id: fullBug, field_id: fields[ 1 ], value: 'demo@shop' },
			] )
			.execute();
		await ctx.storage.put( storedKey, Readable.from( [ PNG ] ), {
			mimeType: 'image/png',
			fileName: 'screen shot.png',
		} );
	} );
	after( () => ctx.close() );

	const bugOf = ( id: number, tester: Tester = me ) =>
		getOk( ctx, `/users/me/bugs/${ id }`, tester );
	const urlPattern = ( key: string ) =>
		new RegExp(
			`^/api/media/${ key.replace(
				'.',
				'\\.'
			) }\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`
		);

	it( 'answers the whole report, texts as stored', async () => {
		const body = await bugOf( fullBug );
		const { media, publicToken, ...rest } = body;
		// The public view's token (features/bugs/public.test.ts checks what it opens).
		assert.match( publicToken, /^[A-Za-z0-9_-]{32}$/ );
		assert.deepEqual( rest, {
			id: fullBug,
			title: 'Can\\\'t pay: \\"Checkout\\" <b>button</b> 🐞',
			status: { id: 1, name: 'Refused' },
			severity: { id: 4, name: 'CRITICAL' },
			type: { id: 1, name: 'CRASH' },
			replicability: { id: 2, name: 'SOMETIMES' },
			campaign: { id: campaignId, name: 'Shop app' },
			useCase: { id: taskId, name: 'Checkout' },
			device: {
				id: phone.id,
				type: 0,
				device: {
					id: phone.modelId,
					manufacturer: phone.manufacturer,
					model: phone.model,
				},
				operating_system: {
					id: phone.versionId,
					platform: phone.platform,
					version: phone.version,
				},
			},
			stepDescription: '1. Open the cart\n2. Tap \\"Pay\\"\n3. Wait',
			expected: 'The payment page',
			current: 'A blank page',
			notes: 'Only on Wi-Fi',
			lastSeen: '2026-11-20T09:30:00Z',
			created: '2026-11-20T10:00:00Z',
			updated: '2026-11-21T08:15:00Z',
			additional: [
				{ slug: 'account', name: 'Account used', value: 'demo@shop' },
				{ slug: 'browser', name: 'Browser', value: 'Firefox 133' },
			],
			review: {
				comment: 'Known issue, see bug 12: not reproducible on 4G.',
			},
		} );
		assert.equal( media.length, 2 );
		assert.deepEqual(
			media.map( ( { url, ...item }: { url: string } ) => item ),
			[
				{
					id: media[ 0 ].id,
					name: 'screen shot.png',
					mimeType: 'image/png',
				},
				{ id: media[ 1 ].id, name: 'log.txt', mimeType: 'text/plain' },
			]
		);
		assert.match( media[ 0 ].url, urlPattern( storedKey ) );
		assert.match( media[ 1 ].url, urlPattern( missingKey ) );
	} );

	it( 'matches the contract’s BugDetail', async () => {
		const operation = compileOperations( loadOpenApiDocument() ).find(
			( op ) => op.operationId === 'getMyBug'
		)!;
		for ( const id of [ fullBug, bareBug, pcBug ] ) {
			assert.equal(
				operation.checkResponse( 200, await bugOf( id ) ),
				null
			);
		}
	} );

	it( 'answers null and empty parts for a bug without them', async () => {
		const body = await bugOf( bareBug );
		assert.equal( body.title, 'Typo on the home page' );
		assert.deepEqual( body.status, { id: 3, name: 'Pending' } );
		assert.equal( body.useCase, null );
		assert.equal( body.device, null );
		assert.equal( body.notes, null );
		assert.equal( body.lastSeen, null );
		assert.deepEqual( body.media, [] );
		assert.deepEqual( body.additional, [] );
		assert.deepEqual( body.review, { comment: null } );
	} );

	it( 'answers a PC as its type', async () => {
		const body = await bugOf( pcBug );
		assert.deepEqual( body.status, { id: 4, name: 'Need Review' } );
		assert.equal( body.device.type, 2 );
		assert.deepEqual( body.device.device, { pc_type: pc.type } );
	} );

	it( 'answers another tester’s bug as a missing one', async () => {
		const theirs = await get( ctx, `/users/me/bugs/${ theirBug }`, me );
		const missing = await get( ctx, `/users/me/bugs/999999999`, me );
		for ( const response of [ theirs, missing ] ) {
			assert.equal( response.statusCode, 404, response.body );
			assert.deepEqual( response.json(), {
				status: 404,
				error: 'Not Found',
				message: 'Bug not found',
			} );
		}
		// And its owner sees it, with its media.
		const body = await bugOf( theirBug, other );
		assert.equal( body.title, 'Their bug' );
		assert.equal( body.media.length, 1 );
		// Nor does the owner see this tester's.
		assert.equal(
			( await get( ctx, `/users/me/bugs/${ fullBug }`, other ) )
				.statusCode,
			404
		);
	} );

	for ( const id of [ '0', 'abc', '-1', '1.5', '99999999999999999999' ] ) {
		it( `answers 400 to the id ${ id }`, async () => {
			const response = await get( ctx, `/users/me/bugs/${ id }`, me );
			assert.equal( response.statusCode, 400, response.body );
		} );
	}

	it( 'answers 403 without a token or without a tester', async () => {
		assert.equal(
			( await get( ctx, `/users/me/bugs/${ fullBug }` ) ).statusCode,
			403
		);
		const response = await ctx.app.inject( {
			method: 'GET',
			url: `/api/users/me/bugs/${ fullBug }`,
			headers: {
				authorization: `Bearer ${ await ctx.tokenFor( {
					...me,
					wpUserId: 987654,
				} ) }`,
			},
		} );
		assert.equal( response.statusCode, 403 );
	} );

	it( 'gives media URLs that answer the stored file, without a token', async () => {
		const { media } = await bugOf( fullBug );
		const response = await ctx.app.inject( {
			method: 'GET',
			url: media[ 0 ].url,
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.rawPayload, PNG );
		assert.equal( response.headers[ 'content-type' ], 'image/png' );
		assert.equal(
			response.headers[ 'content-length' ],
			String( PNG.length )
		);
		assert.equal(
			response.headers[ 'content-disposition' ],
			`inline; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`
		);
		assert.equal( response.headers[ 'x-content-type-options' ], 'nosniff' );
		const cache = /^private, max-age=(\d+)$/.exec(
			String( response.headers[ 'cache-control' ] )
		);
		assert.ok( cache, String( response.headers[ 'cache-control' ] ) );
		assert.ok( Number( cache[ 1 ] ) <= 360 && Number( cache[ 1 ] ) >= 240 );
	} );

	it( 'lists a media item whose file is missing, and its URL answers 404', async () => {
		const { media } = await bugOf( fullBug );
		const response = await ctx.app.inject( {
			method: 'GET',
			url: media[ 1 ].url,
		} );
		assert.equal( response.statusCode, 404 );
		assert.equal( response.json().message, 'File not found' );
	} );
} );
