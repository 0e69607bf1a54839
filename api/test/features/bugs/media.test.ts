import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
	contentDisposition,
	rangeOf,
} from '../../../src/features/media/routes.ts';
import { createMediaUrls } from '../../../src/storage/signed-url.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';

/**
 * GET /media/{key}: a stored file answers only through a signed, unexpired URL of its own key; anything else is
 * refused before the store is asked, and a key is never a path.
 */

const KEY = '0123456789abcdef.txt';
const BYTES = Buffer.from( 'Hello, media! 0123456789' );

describe( 'GET /api/media/{key}', () => {
	let ctx: TestContext;
	let urls: ReturnType< typeof createMediaUrls >;

	before( async () => {
		ctx = await startTestContext();
		urls = createMediaUrls( ctx.secret );
		await ctx.storage.put( KEY, Readable.from( [ BYTES ] ), {
			mimeType: 'text/plain',
			fileName: 'notes "v2".txt',
		} );
	} );
	after( () => ctx.close() );

	const fetch = ( url: string, headers: Record< string, string > = {} ) =>
		ctx.app.inject( { method: 'GET', url, headers } );

	const parts = ( url: string ) => {
		const parsed = new URL( url, 'http://x' );
		return {
			path: parsed.pathname,
			expires: parsed.searchParams.get( 'expires' )!,
			signature: parsed.searchParams.get( 'signature' )!,
		};
	};

	it( 'answers the file through a signed URL, sandboxed and privately cached', async () => {
		const response = await fetch( urls.url( KEY ) );
		assert.equal( response.statusCode, 200, response.body );
		assert.equal( response.body, BYTES.toString() );
		assert.equal( response.headers[ 'content-type' ], 'text/plain' );
		assert.equal( response.headers[ 'x-content-type-options' ], 'nosniff' );
		assert.equal(
			response.headers[ 'content-security-policy' ],
			"default-src 'none'; sandbox"
		);
		assert.match(
			String( response.headers[ 'cache-control' ] ),
			/^private, max-age=\d+$/
		);
		assert.equal(
			response.headers[ 'content-disposition' ],
			`inline; filename="notes _v2_.txt"; filename*=UTF-8''notes%20_v2_.txt`
		);
	} );

	it( 'answers a byte range with 206, and 416 outside the file', async () => {
		const url = urls.url( KEY );
		const part = await fetch( url, { range: 'bytes=7-11' } );
		assert.equal( part.statusCode, 206, part.body );
		assert.equal( part.body, 'media' );
		assert.equal(
			part.headers[ 'content-range' ],
			`bytes 7-11/${ BYTES.length }`
		);
		const tail = await fetch( url, { range: 'bytes=-4' } );
		assert.equal( tail.statusCode, 206 );
		assert.equal( tail.body, '6789' );
		const outside = await fetch( url, { range: 'bytes=500-' } );
		assert.equal( outside.statusCode, 416 );
		assert.equal(
			outside.headers[ 'content-range' ],
			`bytes */${ BYTES.length }`
		);
		assert.equal( outside.json().message, 'Range not satisfiable' );
	} );

	it( 'refuses a tampered signature, expiry or key with 403', async () => {
		const { path, expires, signature } = parts( urls.url( KEY ) );
		const flipped =
			( signature[ 0 ] === 'A' ? 'B' : 'A' ) + signature.slice( 1 );
		const otherKey = '0123456789abcdee.txt';
		await ctx.storage.put( otherKey, Readable.from( [ BYTES ] ), {
			mimeType: 'text/plain',
			fileName: 'other.txt',
		} );
		for ( const url of [
			`${ path }?expires=${ expires }&signature=${ flipped }`,
			`${ path }?expires=${
				Number( expires ) + 60
			}&signature=${ signature }`,
			`/api/media/${ otherKey }?expires=${ expires }&signature=${ signature }`,
			`${ path }?expires=${ expires }&signature=${ signature.slice(
				0,
				-1
			) }`,
			`${ path }?expires=${ expires }&signature=${ signature }=`,
			`${ path }?expires=${ expires }&signature=`,
			// Signed with another secret.
			createMediaUrls( 'x'.repeat( 64 ) ).url( KEY ),
		] ) {
			const response = await fetch( url );
			assert.equal( response.statusCode, 403, url );
			assert.deepEqual( response.json(), {
				status: 403,
				error: 'Forbidden',
				message: 'This link is invalid or has expired',
			} );
		}
	} );

	it( 'refuses an expired URL with 403', async () => {
		const stale = urls.url( KEY, Date.now() - 10 * 60_000 );
		const response = await fetch( stale );
		assert.equal( response.statusCode, 403 );
	} );

	it( 'refuses a bearer token in place of a signature', async () => {
		const tester = await ctx.createTester();
		const response = await fetch(
			`/api/media/${ KEY }`,
			bearer( await ctx.tokenFor( tester ) )
		);
		assert.equal( response.statusCode, 400, response.body );
	} );

	it( 'answers 404 for a signed key with no file', async () => {
		const response = await fetch( urls.url( 'ffffffffffffffff.png' ) );
		assert.equal( response.statusCode, 404 );
		assert.equal( response.json().message, 'File not found' );
	} );

	it( 'never reads a path: traversal and odd keys are refused, even signed', async () => {
		for ( const key of [
			'../../../etc/passwd',
			'..%2F..%2F..%2Fetc%2Fpasswd',
			'%2e%2e%2f%2e%2e%2fapi.sqlite',
			'..',
			'0123456789abcdef.txt.meta.json',
			'0123456789ABCDEF.txt',
			'short',
			'a%00bcdefghijk',
		] ) {
			const { expires, signature } = parts( urls.url( key ) );
			const response = await fetch(
				`/api/media/${ key }?expires=${ expires }&signature=${ signature }`
			);
			assert.ok(
				[ 400, 404 ].includes( response.statusCode ),
				`${ key }: ${ response.statusCode }`
			);
			assert.notEqual( response.body, BYTES.toString() );
			assert.match(
				String( response.headers[ 'content-type' ] ),
				/^application\/json/
			);
		}
	} );

	it( 'reads a Range header of one range only', () => {
		assert.deepEqual( rangeOf( 'bytes=0-0', 10 ), { start: 0, end: 0 } );
		assert.deepEqual( rangeOf( 'bytes=5-', 10 ), { start: 5, end: 9 } );
		assert.deepEqual( rangeOf( 'bytes=5-100', 10 ), { start: 5, end: 9 } );
		assert.deepEqual( rangeOf( 'bytes=-20', 10 ), { start: 0, end: 9 } );
		assert.equal( rangeOf( 'bytes=10-', 10 ), null );
		assert.equal( rangeOf( 'bytes=6-5', 10 ), null );
		assert.equal( rangeOf( 'bytes=-0', 10 ), null );
		assert.equal( rangeOf( undefined, 10 ), undefined );
		assert.equal( rangeOf( 'bytes=0-1,3-4', 10 ), undefined );
		assert.equal( rangeOf( 'items=0-1', 10 ), undefined );
		assert.equal( rangeOf( 'bytes=-', 10 ), undefined );
	} );

	it( 'names the file safely in Content-Disposition', () => {
		assert.equal(
			contentDisposition( '../../évil\r\nX-Header: 1;.png' ),
			`inline; filename="_vil__X-Header_ 1_.png"; filename*=UTF-8''%C3%A9vil__X-Header_%201%3B.png`
		);
		assert.equal(
			contentDisposition( '' ),
			`inline; filename="file"; filename*=UTF-8''file`
		);
	} );
} );
