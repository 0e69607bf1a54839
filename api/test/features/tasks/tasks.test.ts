import assert from 'node:assert/strict';
import fs from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import type { FileStorage } from '../../../src/storage/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { insertApplication, insertCampaign } from '../../helpers/rows.ts';

/**
 * The tester's side of campaign tasks: completing one, and uploading, listing and removing its media, through the
 * real app over rows written straight into the database. Only a selected tester who accepted the contract writes;
 * another campaign's task, another tester's file answer as missing ones; a refused file leaves nothing stored.
 */

const NO_PERMISSION = 'You do not have permission to access this campaign';

const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64'
);
const HTML = Buffer.from(
	'<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'
);
/** The start of an MP4 (ISO base media) file: an `ftyp` box of brand isom. */
const MP4_HEAD = Buffer.concat( [
	Buffer.from( [ 0, 0, 0, 0x20 ] ),
	Buffer.from( 'ftypisom' ),
	Buffer.from( [ 0, 0, 2, 0 ] ),
	Buffer.from( 'isomiso2avc1mp41' ),
] );

const BOUNDARY = '----crowdscout-test-boundary';

/**
 * A multipart/form-data body of one file, as a stream of its parts (the file's own bytes may be a stream).
 *
 * @param name
 * @param content
 * @param field
 */
function multipart(
	name: string,
	content: Buffer | AsyncIterable< Buffer >,
	field = 'media'
): Readable {
	return Readable.from(
		( async function* () {
			yield Buffer.from(
				`--${ BOUNDARY }\r\nContent-Disposition: form-data; name="${ field }"; filename="${ name }"\r\n` +
					'Content-Type: application/octet-stream\r\n\r\n'
			);
			if ( Buffer.isBuffer( content ) ) {
				yield content;
			} else {
				yield* content;
			}
			yield Buffer.from( `\r\n--${ BOUNDARY }--\r\n` );
		} )()
	);
}

/**
 * `size` bytes of an MP4-looking file, made on the fly a chunk at a time; `sent()` tells how much was made so far.
 *
 * @param size
 */
function generatedVideo( size: number ) {
	let made = 0;
	const chunk = Buffer.alloc( 64 * 1024, 7 );
	return {
		sent: () => made,
		bytes: ( async function* () {
			yield MP4_HEAD;
			made = MP4_HEAD.length;
			while ( made < size ) {
				const next = chunk.subarray(
					0,
					Math.min( chunk.length, size - made )
				);
				made += next.length;
				yield next;
			}
		} )(),
	};
}

/** Every file under a directory (stored files, sidecars, temporary parts). */
const filesUnder = ( dir: string ) =>
	fs
		.readdirSync( dir, { recursive: true, withFileTypes: true } )
		.filter( ( entry ) => entry.isFile() )
		.map( ( entry ) => entry.name );

interface Campaign {
	id: number;
	withMedia: number;
	withoutMedia: number;
}

async function campaignWithTasks(
	ctx: TestContext,
	title: string,
	validFileExtensions = ''
): Promise< Campaign > {
	const id = await insertCampaign( ctx, {
		title,
		visibility: 'internal',
		start: -5,
		end: 10,
		close: 20,
	} );
	const { db } = ctx.database;
	await db
		.updateTable( 'campaigns' )
		.set( { valid_file_extensions: validFileExtensions } )
		.where( 'id', '=', id )
		.execute();
	const task = async ( name: string, canUpload: number, position: number ) =>
		Number(
			(
				await db
					.insertInto( 'campaign_tasks' )
					.values( {
						campaign_id: id,
						name,
						content: `<p>${ name }</p>`,
						can_upload_media: canUpload,
						position,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
	return {
		id,
		withMedia: await task( 'Record the checkout', 1, 1 ),
		withoutMedia: await task( 'Read the terms', 0, 2 ),
	};
}

async function selectTester(
	ctx: TestContext,
	tester: Tester,
	campaignId: number,
	accepted: boolean
) {
	await insertApplication( ctx, tester.id, campaignId, 'selected' );
	if ( accepted ) {
		await ctx.database.db
			.updateTable( 'applications' )
			.set( { contract_accepted_at: '2026-01-02 03:04:05' } )
			.where( 'tester_id', '=', tester.id )
			.where( 'campaign_id', '=', campaignId )
			.execute();
	}
}

async function send(
	ctx: TestContext,
	tester: Tester,
	method: 'GET' | 'POST' | 'DELETE',
	url: string,
	body?: unknown
) {
	return ctx.app.inject( {
		method,
		url: `/api${ url }`,
		headers: bearer( await ctx.tokenFor( tester ) ),
		...( body === undefined ? {} : { payload: body as object } ),
	} );
}

async function upload(
	ctx: TestContext,
	tester: Tester,
	url: string,
	body: Readable
) {
	return ctx.app.inject( {
		method: 'POST',
		url: `/api${ url }/media`,
		headers: {
			...bearer( await ctx.tokenFor( tester ) ),
			'content-type': `multipart/form-data; boundary=${ BOUNDARY }`,
		},
		payload: body,
	} );
}

describe( 'campaign tasks of the tester', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	let applied: Tester;
	let starting: Tester;
	let shop: Campaign;
	let elsewhere: Campaign;
	let texts: Campaign;
	const taskUrl = ( campaign: Campaign, task: number ) =>
		`/users/me/campaigns/${ campaign.id }/tasks/${ task }`;

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
		other = await ctx.createTester();
		applied = await ctx.createTester();
		starting = await ctx.createTester();
		shop = await campaignWithTasks( ctx, 'Shop app' );
		elsewhere = await campaignWithTasks( ctx, 'Bank app' );
		texts = await campaignWithTasks( ctx, 'Logs', 'txt, PNG' );
		for ( const campaign of [ shop, elsewhere, texts ] ) {
			await selectTester( ctx, me, campaign.id, true );
		}
		await selectTester( ctx, other, shop.id, true );
		await insertApplication( ctx, applied.id, shop.id, 'applied' );
		await selectTester( ctx, starting, shop.id, false );
	} );

	after( () => ctx?.close() );

	const progressOf = ( tester: Tester, task: number ) =>
		ctx.database.db
			.selectFrom( 'tester_tasks' )
			.select( [ 'status', 'completed_at' ] )
			.where( 'tester_id', '=', tester.id )
			.where( 'task_id', '=', task )
			.execute();

	describe( 'POST …/tasks/{taskId}', () => {
		it( 'completes the task and answers it as the list shows it; a second time changes nothing', async () => {
			const url = taskUrl( shop, shop.withoutMedia );
			const first = await send( ctx, me, 'POST', url, {
				status: 'completed',
			} );
			assert.equal( first.statusCode, 200, first.body );
			assert.deepEqual( first.json(), {
				id: shop.withoutMedia,
				name: 'Read the terms',
				content: '<p>Read the terms</p>',
				status: 'completed',
				can_upload_media: false,
			} );
			const [ stored ] = await progressOf( me, shop.withoutMedia );
			assert.equal( stored.status, 'completed' );
			assert.ok( stored.completed_at );

			const again = await send( ctx, me, 'POST', url, {
				status: 'completed',
			} );
			assert.equal( again.statusCode, 200, again.body );
			assert.deepEqual( again.json(), first.json() );
			assert.deepEqual( await progressOf( me, shop.withoutMedia ), [
				stored,
			] );
		} );

		it( 'refuses another status than completed', async () => {
			const response = await send(
				ctx,
				me,
				'POST',
				taskUrl( shop, shop.withMedia ),
				{ status: 'pending' }
			);
			assert.equal( response.statusCode, 400, response.body );
			assert.deepEqual( await progressOf( me, shop.withMedia ), [] );
		} );

		it( 'answers a task of another campaign as a missing one', async () => {
			const response = await send(
				ctx,
				me,
				'POST',
				taskUrl( shop, elsewhere.withMedia ),
				{ status: 'completed' }
			);
			assert.equal( response.statusCode, 404, response.body );
			assert.equal( response.json().message, 'Task not found' );
			assert.deepEqual( await progressOf( me, elsewhere.withMedia ), [] );
		} );

		it( 'answers an unknown campaign as a missing one', async () => {
			const response = await send(
				ctx,
				me,
				'POST',
				`/users/me/campaigns/999999/tasks/${ shop.withMedia }`,
				{ status: 'completed' }
			);
			assert.equal( response.statusCode, 404, response.body );
			assert.equal( response.json().message, 'Campaign not found' );
		} );

		it( 'refuses a tester who is not selected, or has not accepted the contract', async () => {
			for ( const tester of [ applied, starting ] ) {
				const response = await send(
					ctx,
					tester,
					'POST',
					taskUrl( shop, shop.withMedia ),
					{ status: 'completed' }
				);
				assert.equal( response.statusCode, 403, response.body );
				assert.equal( response.json().message, NO_PERMISSION );
				assert.deepEqual(
					await progressOf( tester, shop.withMedia ),
					[]
				);
			}
		} );
	} );

	describe( 'task media', () => {
		const mediaUrl = ( campaign: Campaign, task: number ) =>
			`${ taskUrl( campaign, task ) }/media`;
		const list = async (
			tester: Tester,
			campaign: Campaign,
			task: number
		) => {
			const response = await send(
				ctx,
				tester,
				'GET',
				mediaUrl( campaign, task )
			);
			assert.equal( response.statusCode, 200, response.body );
			return response.json().items as Array< {
				id: number;
				name: string;
				mimeType: string | null;
				url: string;
			} >;
		};
		const rowCount = async () =>
			Number(
				(
					await ctx.database.db
						.selectFrom( 'task_media' )
						.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
						.executeTakeFirstOrThrow()
				).n
			);

		it( 'stores an image under its safe name, lists it with a signed URL that answers its bytes', async () => {
			const response = await upload(
				ctx,
				me,
				taskUrl( shop, shop.withMedia ),
				multipart( '../../etc/Screen*shot?.png', PNG )
			);
			assert.equal( response.statusCode, 201, response.body );
			const item = response.json();
			assert.equal( item.name, 'Screen_shot_.png' );
			assert.equal( item.mimeType, 'image/png' );
			assert.match(
				item.url,
				/^\/api\/media\/[a-z0-9]+\.png\?expires=\d+&signature=/
			);

			assert.deepEqual(
				( await list( me, shop, shop.withMedia ) ).map(
					( { id, name } ) => ( {
						id,
						name,
					} )
				),
				[ { id: item.id, name: 'Screen_shot_.png' } ]
			);
			const file = await ctx.app.inject( {
				method: 'GET',
				url: item.url,
			} );
			assert.equal( file.statusCode, 200 );
			assert.equal( file.headers[ 'content-type' ], 'image/png' );
			assert.deepEqual( file.rawPayload, PNG );
			// Another tester's list of the same task does not show it.
			assert.deepEqual( await list( other, shop, shop.withMedia ), [] );
		} );

		it( 'streams a large video to the store as it arrives, never holding it whole', async () => {
			const size = 60 * 1024 * 1024;
			const video = generatedVideo( size );
			let sentWhenStored: number | undefined;
			let largestChunk = 0;
			const storage = ctx.storage as FileStorage;
			const put = storage.put;
			// What the store reads, watched on its way in.
			storage.put = ( key, body, options ) => {
				const watched = new Transform( {
					transform( chunk: Buffer, _encoding, done ) {
						sentWhenStored ??= video.sent();
						largestChunk = Math.max( largestChunk, chunk.length );
						done( null, chunk );
					},
				} );
				return put(
					key,
					pipeline( body, watched, () => {} ),
					options
				);
			};
			const heapBefore = process.memoryUsage().heapUsed;
			let response;
			try {
				response = await upload(
					ctx,
					me,
					taskUrl( shop, shop.withMedia ),
					multipart( 'checkout.mp4', video.bytes )
				);
			} finally {
				storage.put = put;
			}
			assert.equal( response.statusCode, 201, response.body );
			assert.equal( response.json().mimeType, 'video/mp4' );
			// The store had the first bytes while most of the file was still to be sent, in small chunks.
			assert.ok(
				sentWhenStored !== undefined && sentWhenStored < size / 4,
				`${ sentWhenStored }`
			);
			assert.ok( largestChunk <= 1024 * 1024, `${ largestChunk }` );
			assert.ok(
				process.memoryUsage().heapUsed - heapBefore < size / 2,
				'the heap grew by the size of the file'
			);
			const key = /\/media\/([^?]+)/.exec(
				response.json().url
			)?.[ 1 ] as string;
			assert.equal( ( await ctx.storage.stat( key ) )?.size, size );
		} );

		it( 'refuses a file whose bytes are not what its extension says, storing nothing', async () => {
			const stored = filesUnder( ctx.storageDir );
			const rows = await rowCount();
			for ( const [ name, bytes ] of [
				[ 'screen.mp4', PNG ],
				[ 'page.jpg', HTML ],
				[ 'screen', PNG ],
				[ 'tool.exe', PNG ],
			] as const ) {
				const response = await upload(
					ctx,
					me,
					taskUrl( shop, shop.withMedia ),
					multipart( name, bytes )
				);
				assert.equal(
					response.statusCode,
					415,
					`${ name }: ${ response.body }`
				);
				assert.deepEqual( response.json(), {
					status: 415,
					error: 'Unsupported Media Type',
					message: 'File not supported',
					errorCode: 'INVALID_FILE_EXTENSION',
				} );
			}
			assert.deepEqual( filesUnder( ctx.storageDir ), stored );
			assert.equal( await rowCount(), rows );
		} );

		it( "takes the campaign's own extensions; a text file must be UTF-8 without NUL", async () => {
			const url = taskUrl( texts, texts.withMedia );
			const log = await upload(
				ctx,
				me,
				url,
				multipart(
					'console.txt',
					Buffer.from( 'Erreur à la caisse\nline 2\n' )
				)
			);
			assert.equal( log.statusCode, 201, log.body );
			assert.equal( log.json().mimeType, 'text/plain; charset=utf-8' );
			const upper = await upload(
				ctx,
				me,
				url,
				multipart( 'SHOT.PNG', PNG )
			);
			assert.equal( upper.statusCode, 201, upper.body );
			for ( const [ name, bytes ] of [
				[ 'binary.txt', Buffer.from( [ 0x41, 0x00, 0x42 ] ) ],
				[ 'latin1.txt', Buffer.from( [ 0x63, 0x61, 0x66, 0xe9 ] ) ],
				[ 'image.txt', PNG ],
				// Not among this campaign's extensions, though among the default ones.
				[ 'video.mp4', MP4_HEAD ],
			] as const ) {
				const response = await upload(
					ctx,
					me,
					url,
					multipart( name, bytes )
				);
				assert.equal(
					response.statusCode,
					415,
					`${ name }: ${ response.body }`
				);
				assert.equal(
					response.json().errorCode,
					'INVALID_FILE_EXTENSION'
				);
			}
			assert.deepEqual(
				( await list( me, texts, texts.withMedia ) ).map(
					( item ) => item.name
				),
				[ 'console.txt', 'SHOT.PNG' ]
			);
		} );

		it( "answers a body that is not a file with the contract's error bodies", async () => {
			const url = `/api${ taskUrl( shop, shop.withMedia ) }/media`;
			const headers = bearer( await ctx.tokenFor( me ) );
			const json = await ctx.app.inject( {
				method: 'POST',
				url,
				headers,
				payload: { media: 'shot.png' },
			} );
			assert.equal( json.statusCode, 400, json.body );
			const text = await ctx.app.inject( {
				method: 'POST',
				url,
				headers: { ...headers, 'content-type': 'application/xml' },
				payload: '<shot/>',
			} );
			assert.equal( text.statusCode, 415, text.body );
			const badId = await ctx.app.inject( {
				method: 'POST',
				url: `/api/users/me/campaigns/${ shop.id }/tasks/x/media`,
				headers,
			} );
			assert.equal( badId.statusCode, 400, badId.body );
		} );

		it( 'answers GENERIC_ERROR without a file in the field media', async () => {
			const response = await upload(
				ctx,
				me,
				taskUrl( shop, shop.withMedia ),
				multipart( 'shot.png', PNG, 'file' )
			);
			assert.equal( response.statusCode, 400, response.body );
			assert.equal( response.json().errorCode, 'GENERIC_ERROR' );
			assert.equal( response.json().message, 'Generic error' );
		} );

		it( "refuses uploads to a task without media, another campaign's task, or from a tester not allowed to write", async () => {
			const rows = await rowCount();
			const cases: Array< [ Tester, string, number, string ] > = [
				[ me, taskUrl( shop, shop.withoutMedia ), 403, NO_PERMISSION ],
				[
					me,
					taskUrl( shop, elsewhere.withMedia ),
					404,
					'Task not found',
				],
				[
					applied,
					taskUrl( shop, shop.withMedia ),
					403,
					NO_PERMISSION,
				],
				[
					starting,
					taskUrl( shop, shop.withMedia ),
					403,
					NO_PERMISSION,
				],
			];
			for ( const [ tester, url, status, message ] of cases ) {
				const response = await upload(
					ctx,
					tester,
					url,
					multipart( 'shot.png', PNG )
				);
				assert.equal(
					response.statusCode,
					status,
					`${ url }: ${ response.body }`
				);
				assert.equal( response.json().message, message );
			}
			assert.equal( await rowCount(), rows );
		} );

		it( 'lets a selected tester read the list before accepting the contract, and no one else', async () => {
			assert.deepEqual(
				await list( starting, shop, shop.withMedia ),
				[]
			);
			const response = await send(
				ctx,
				applied,
				'GET',
				mediaUrl( shop, shop.withMedia )
			);
			assert.equal( response.statusCode, 403, response.body );
			assert.equal( response.json().message, NO_PERMISSION );
		} );

		it( "removes the tester's own file, row and bytes; another tester's answers as missing", async () => {
			const url = taskUrl( shop, shop.withMedia );
			const created = await upload(
				ctx,
				me,
				url,
				multipart( 'gone.png', PNG )
			);
			assert.equal( created.statusCode, 201, created.body );
			const { id, url: fileUrl } = created.json();
			const key = /\/media\/([^?]+)/.exec( fileUrl )?.[ 1 ] as string;

			const theirs = await send(
				ctx,
				other,
				'DELETE',
				`${ url }/media/${ id }`
			);
			assert.equal( theirs.statusCode, 404, theirs.body );
			assert.equal( theirs.json().message, 'Media not found' );
			const wrongTask = await send(
				ctx,
				me,
				'DELETE',
				`${ taskUrl( shop, shop.withoutMedia ) }/media/${ id }`
			);
			assert.equal( wrongTask.statusCode, 404, wrongTask.body );
			assert.ok( await ctx.storage.stat( key ) );

			const removed = await send(
				ctx,
				me,
				'DELETE',
				`${ url }/media/${ id }`
			);
			assert.equal( removed.statusCode, 200, removed.body );
			assert.deepEqual( removed.json(), { id } );
			assert.equal( await ctx.storage.stat( key ), undefined );
			assert.ok(
				! ( await list( me, shop, shop.withMedia ) ).some(
					( item ) => item.id === id
				)
			);
			const again = await send(
				ctx,
				me,
				'DELETE',
				`${ url }/media/${ id }`
			);
			assert.equal( again.statusCode, 404, again.body );
		} );
	} );
} );

describe( 'task media larger than CROWDSCOUT_MAX_UPLOAD_MB', () => {
	let ctx: TestContext;
	let me: Tester;
	let campaign: Campaign;

	before( async () => {
		ctx = await startTestContext( { maxUploadBytes: 1024 * 1024 } );
		me = await ctx.createTester();
		campaign = await campaignWithTasks( ctx, 'Shop app' );
		await selectTester( ctx, me, campaign.id, true );
	} );

	after( () => ctx?.close() );

	it( 'answers 413 FILE_TOO_BIG and leaves nothing stored; a file of exactly the maximum is kept', async () => {
		const url = `/api/users/me/campaigns/${ campaign.id }/tasks/${ campaign.withMedia }`;
		const tooBig = await upload(
			ctx,
			me,
			url.slice( 4 ),
			multipart( 'long.mp4', generatedVideo( 3 * 1024 * 1024 ).bytes )
		);
		assert.equal( tooBig.statusCode, 413, tooBig.body );
		assert.deepEqual( tooBig.json(), {
			status: 413,
			error: 'Payload Too Large',
			message: 'Maximum file size exceeded',
			errorCode: 'FILE_TOO_BIG',
		} );
		assert.deepEqual( filesUnder( ctx.storageDir ), [] );
		const justOver = await upload(
			ctx,
			me,
			url.slice( 4 ),
			multipart( 'over.mp4', generatedVideo( 1024 * 1024 + 1 ).bytes )
		);
		assert.equal( justOver.statusCode, 413, justOver.body );
		assert.deepEqual( filesUnder( ctx.storageDir ), [] );

		const exact = await upload(
			ctx,
			me,
			url.slice( 4 ),
			multipart( 'exact.mp4', generatedVideo( 1024 * 1024 ).bytes )
		);
		assert.equal( exact.statusCode, 201, exact.body );
	} );
} );
