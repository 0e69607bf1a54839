import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	BugFormWorld,
	EXE,
	filesUnder,
	generatedVideo,
	keyOf,
	multipart,
	NO_PERMISSION,
	PNG,
} from './world.ts';

/**
 * The bug form's media: POST /users/me/campaigns/{id}/media and DELETE /media, through the real app. A refused
 * file or caller leaves nothing stored; only the uploader removes an upload, and only while no bug has it.
 */

describe( 'bug form media', () => {
	const world = new BugFormWorld();
	before( () => world.start() );
	after( () => world.close() );

	const nothingStoredSince = async ( files: string[], rows: number ) => {
		assert.deepEqual( filesUnder( world.ctx.storageDir ), files );
		assert.equal( await world.count( 'bug_uploads' ), rows );
	};

	it( 'stores an image under its safe name and answers its signed URL, which serves it', async () => {
		const { me, shop } = world;
		const response = await world.upload(
			me,
			shop,
			multipart( '../../etc/Screen*shot?.png', PNG )
		);
		assert.equal( response.statusCode, 201, response.body );
		const item = response.json();
		assert.deepEqual( Object.keys( item ).sort(), [
			'mimeType',
			'name',
			'url',
		] );
		assert.equal( item.name, 'Screen_shot_.png' );
		assert.equal( item.mimeType, 'image/png' );
		assert.match(
			item.url,
			/^\/api\/media\/[a-z0-9]+\.png\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/
		);
		const file = await world.ctx.app.inject( {
			method: 'GET',
			url: item.url,
		} );
		assert.equal( file.statusCode, 200 );
		assert.deepEqual( file.rawPayload, PNG );
		const row = await world.ctx.database.db
			.selectFrom( 'bug_uploads' )
			.selectAll()
			.where( 'storage_key', '=', keyOf( item.url ) )
			.executeTakeFirstOrThrow();
		assert.equal( row.tester_id, me.id );
		assert.equal( row.campaign_id, shop );
		assert.equal( row.bug_id, null );
		assert.equal( Number( row.size ), PNG.length );
	} );

	it( 'refuses spoofed types, double extensions, unlisted extensions and empty files, storing nothing', async () => {
		const files = filesUnder( world.ctx.storageDir );
		const rows = await world.count( 'bug_uploads' );
		for ( const [ name, bytes, status, errorCode ] of [
			// An executable renamed .png: its bytes say what it is.
			[ 'setup.png', EXE, 415, 'INVALID_FILE_EXTENSION' ],
			[ 'screen.png.exe', PNG, 415, 'INVALID_FILE_EXTENSION' ],
			[ 'setup.exe.png', EXE, 415, 'INVALID_FILE_EXTENSION' ],
			[ 'screen.gif', PNG, 415, 'INVALID_FILE_EXTENSION' ],
			[ 'empty.png', Buffer.alloc( 0 ), 400, 'GENERIC_ERROR' ],
			[ 'empty.txt', Buffer.alloc( 0 ), 400, 'GENERIC_ERROR' ],
		] as const ) {
			const response = await world.upload(
				world.me,
				world.shop,
				multipart( name, bytes )
			);
			assert.equal(
				response.statusCode,
				status,
				`${ name }: ${ response.body }`
			);
			assert.equal( response.json().errorCode, errorCode, name );
		}
		await nothingStoredSince( files, rows );
	} );

	it( 'streams a 100 MB video to the store: the heap grows by less than 50 MB', async () => {
		const size = 100 * 1024 * 1024;
		const heapBefore = process.memoryUsage().heapUsed;
		let heapPeak = heapBefore;
		const watch = setInterval( () => {
			heapPeak = Math.max( heapPeak, process.memoryUsage().heapUsed );
		}, 20 );
		let response;
		try {
			response = await world.upload(
				world.me,
				world.shop,
				multipart( 'video.mp4', generatedVideo( size ) )
			);
		} finally {
			clearInterval( watch );
		}
		assert.equal( response.statusCode, 201, response.body );
		assert.equal( response.json().mimeType, 'video/mp4' );
		assert.ok(
			heapPeak - heapBefore < 50 * 1024 * 1024,
			`the heap grew by ${ heapPeak - heapBefore } bytes`
		);
		const key = keyOf( response.json().url );
		assert.equal( ( await world.ctx.storage.stat( key ) )?.size, size );
		assert.ok( await world.ctx.storage.delete( key ) );
	} );

	it( 'keeps a path out of the stored name and the key', async () => {
		const url = await world.uploaded(
			world.me,
			world.shop,
			'..\\..\\windows\\system32\\shot.png'
		);
		assert.match( keyOf( url ), /^[a-z0-9]+\.png$/ );
		const row = await world.ctx.database.db
			.selectFrom( 'bug_uploads' )
			.select( 'file_name' )
			.where( 'storage_key', '=', keyOf( url ) )
			.executeTakeFirstOrThrow();
		assert.equal( row.file_name, 'shot.png' );
	} );

	it( 'refuses a tester not selected, without the contract, or in a campaign not running: 403, nothing stored', async () => {
		const files = filesUnder( world.ctx.storageDir );
		const rows = await world.count( 'bug_uploads' );
		for ( const [ tester, campaign ] of [
			[ world.applied, world.shop ],
			[ world.starting, world.shop ],
			[ world.me, world.upcoming ],
			[ world.me, world.closed ],
		] as const ) {
			const response = await world.upload(
				tester,
				campaign,
				multipart( 'screen.png', PNG )
			);
			assert.equal( response.statusCode, 403, response.body );
			assert.equal( response.json().message, NO_PERMISSION );
		}
		const unknown = await world.upload(
			world.me,
			999999,
			multipart( 'screen.png', PNG )
		);
		assert.equal( unknown.statusCode, 404, unknown.body );
		await nothingStoredSince( files, rows );
	} );

	it( "removes the uploader's own unattached upload, row and file; anything else is the same 404", async () => {
		const { me, other, shop } = world;
		const url = await world.uploaded( me, shop );
		const key = keyOf( url );
		const notFound = async ( tester: typeof me, body: unknown ) => {
			const response = await world.send(
				tester,
				'DELETE',
				'/media',
				body
			);
			assert.equal( response.statusCode, 404, response.body );
			assert.equal( response.json().message, 'Media not found' );
		};
		await notFound( other, { url } );
		await notFound( me, { url: '/api/media/../../etc/passwd' } );
		await notFound( me, { url: 'https://evil.test/elsewhere' } );
		await notFound( me, { url: '/api/media/0123456789abcdef.png' } );
		assert.ok( await world.ctx.storage.stat( key ) );

		// Another host and no signature: only the key counts.
		const removed = await world.send( me, 'DELETE', '/media', {
			url: `https://crowdscout.test/api/media/${ key }`,
		} );
		assert.equal( removed.statusCode, 200, removed.body );
		assert.deepEqual( removed.json(), {
			url: `https://crowdscout.test/api/media/${ key }`,
		} );
		assert.equal( await world.ctx.storage.stat( key ), undefined );
		await notFound( me, { url } );
	} );

	it( 'refuses the delete of an upload a bug has attached', async () => {
		const { me, shop } = world;
		const url = await world.uploaded( me, shop );
		const created = await world.send(
			me,
			'POST',
			`/users/me/campaigns/${ shop }/bugs`,
			world.shopBug( me, [ url ] )
		);
		assert.equal( created.statusCode, 201, created.body );
		const response = await world.send( me, 'DELETE', '/media', { url } );
		assert.equal( response.statusCode, 404, response.body );
		assert.ok( await world.ctx.storage.stat( keyOf( url ) ) );
	} );
} );

describe( 'bug form media larger than CROWDSCOUT_MAX_UPLOAD_MB', () => {
	const world = new BugFormWorld();
	before( () => world.start( { maxUploadBytes: 1024 * 1024 } ) );
	after( () => world.close() );

	it( 'answers 413 FILE_TOO_BIG and stores nothing; a file of exactly the maximum is kept', async () => {
		const tooBig = await world.upload(
			world.me,
			world.shop,
			multipart( 'long.mp4', generatedVideo( 3 * 1024 * 1024 ) )
		);
		assert.equal( tooBig.statusCode, 413, tooBig.body );
		assert.deepEqual( tooBig.json(), {
			status: 413,
			error: 'Payload Too Large',
			message: 'Maximum file size exceeded',
			errorCode: 'FILE_TOO_BIG',
		} );
		assert.deepEqual( filesUnder( world.ctx.storageDir ), [] );
		assert.equal( await world.count( 'bug_uploads' ), 0 );

		const exact = await world.upload(
			world.me,
			world.shop,
			multipart( 'exact.mp4', generatedVideo( 1024 * 1024 ) )
		);
		assert.equal( exact.statusCode, 201, exact.body );
		assert.equal( exact.json().mimeType, 'video/mp4' );
	} );
} );
