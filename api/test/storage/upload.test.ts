import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import {
	ConfigError,
	DEFAULT_MAX_UPLOAD_MB,
	readMaxUploadBytes,
} from '../../src/config.ts';
import { registerErrorHandlers } from '../../src/lib/errors.ts';
import type { FileStorage } from '../../src/storage/index.ts';
import { createLocalStorage } from '../../src/storage/local.ts';
import {
	DEFAULT_EXTENSIONS,
	extensionOf,
	multipartLimits,
	parseExtensions,
	receiveUpload,
} from '../../src/storage/upload.ts';

/**
 * The reusable upload module on its own (task media use it, the bug form's media next): a small app whose one
 * route receives a file into a local store, so what is checked is what a client sends and what the store keeps.
 */

const JPEG = Buffer.from( [
	0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
	0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
] );
/** An `ftyp` box of brand `qt  `: a QuickTime movie. */
const MOV = Buffer.concat( [
	Buffer.from( [ 0, 0, 0, 0x14 ] ),
	Buffer.from( 'ftypqt  ' ),
	Buffer.from( [ 0, 0, 2, 0 ] ),
	Buffer.from( 'qt  ' ),
	Buffer.alloc( 64 ),
] );
const ELF = Buffer.concat( [
	Buffer.from( [ 0x7f, 0x45, 0x4c, 0x46, 2, 1, 1 ] ),
	Buffer.alloc( 64 ),
] );
const BOUNDARY = 'upload-test-boundary';
const MAX = 64 * 1024;

const body = ( name: string, content: Buffer, end = true ) =>
	Buffer.concat( [
		Buffer.from(
			`--${ BOUNDARY }\r\nContent-Disposition: form-data; name="media"; filename="${ name }"\r\n` +
				'Content-Type: image/png\r\n\r\n'
		),
		content,
		Buffer.from( end ? `\r\n--${ BOUNDARY }--\r\n` : '' ),
	] );

const filesUnder = ( directory: string ) =>
	fs
		.readdirSync( directory, { recursive: true, withFileTypes: true } )
		.filter( ( entry ) => entry.isFile() )
		.map( ( entry ) => entry.name );

describe( 'receiveUpload', () => {
	let root: string;
	let storage: FileStorage;
	let app: FastifyInstance;

	before( async () => {
		root = fs.mkdtempSync( path.join( os.tmpdir(), 'crowdscout-upload-' ) );
		storage = createLocalStorage( root );
		app = Fastify();
		registerErrorHandlers( app );
		await app.register( multipart, {
			limits: multipartLimits( MAX ),
			throwFileSizeLimit: false,
		} );
		app.post( '/upload', async ( request ) =>
			receiveUpload( request, storage, {
				field: 'media',
				extensions: parseExtensions( 'jpg,jpeg,mov,txt' ),
				maxBytes: MAX,
			} )
		);
	} );

	after( async () => {
		await app?.close();
		fs.rmSync( root, { recursive: true, force: true } );
	} );

	const post = ( payload: Buffer | Readable, headers = {} ) =>
		app.inject( {
			method: 'POST',
			url: '/upload',
			headers: {
				'content-type': `multipart/form-data; boundary=${ BOUNDARY }`,
				...headers,
			},
			payload,
		} );

	it( 'stores the file as its bytes say, whatever type the client claimed', async () => {
		const response = await post( body( 'photo.JPEG', JPEG ) );
		assert.equal( response.statusCode, 200, response.body );
		const file = response.json();
		assert.equal( file.name, 'photo.JPEG' );
		assert.equal( file.mimeType, 'image/jpeg' );
		assert.equal( file.size, JPEG.length );
		assert.match( file.key, /^[a-f0-9]{32}\.jpeg$/ );
		assert.deepEqual( await storage.stat( file.key ), {
			size: JPEG.length,
			mimeType: 'image/jpeg',
			fileName: 'photo.JPEG',
		} );
	} );

	it( "takes a phone's .mov (a QuickTime or MP4 container)", async () => {
		const response = await post( body( 'clip.mov', MOV ) );
		assert.equal( response.statusCode, 200, response.body );
		assert.equal( response.json().mimeType, 'video/quicktime' );
	} );

	it( 'refuses an executable named as an image or a text, and a name outside the list', async () => {
		const stored = filesUnder( root );
		for ( const name of [ 'photo.jpg', 'notes.txt', 'photo.png' ] ) {
			const response = await post( body( name, ELF ) );
			assert.equal(
				response.statusCode,
				415,
				`${ name }: ${ response.body }`
			);
			assert.equal( response.json().errorCode, 'INVALID_FILE_EXTENSION' );
		}
		assert.deepEqual( filesUnder( root ), stored );
	} );

	it( 'refuses what is not a multipart body, and a body cut short, leaving nothing', async () => {
		const json = await app.inject( {
			method: 'POST',
			url: '/upload',
			payload: { media: 'x' },
		} );
		assert.equal( json.statusCode, 400, json.body );
		assert.equal( json.json().errorCode, 'GENERIC_ERROR' );

		const stored = filesUnder( root );
		const cut = await post(
			body(
				'photo.jpg',
				Buffer.concat( [ JPEG, Buffer.alloc( 4096 ) ] ),
				false
			)
		);
		assert.ok( cut.statusCode >= 400, cut.body );
		assert.deepEqual( filesUnder( root ), stored );
	} );

	it( 'refuses a file a byte over the maximum with FILE_TOO_BIG', async () => {
		const stored = filesUnder( root );
		const over = await post(
			body(
				'big.jpg',
				Buffer.concat( [ JPEG, Buffer.alloc( MAX + 1 - JPEG.length ) ] )
			)
		);
		assert.equal( over.statusCode, 413, over.body );
		assert.deepEqual( over.json(), {
			status: 413,
			error: 'Payload Too Large',
			message: 'Maximum file size exceeded',
			errorCode: 'FILE_TOO_BIG',
		} );
		assert.deepEqual( filesUnder( root ), stored );
	} );
} );

describe( 'upload rules', () => {
	it( "reads a campaign's extensions, the default list when it has none", () => {
		assert.deepEqual( parseExtensions( ' .JPG, png,,mp4 ,png' ), [
			'jpg',
			'png',
			'mp4',
		] );
		assert.deepEqual( parseExtensions( '' ), DEFAULT_EXTENSIONS );
		assert.deepEqual( parseExtensions( null ), DEFAULT_EXTENSIONS );
		assert.deepEqual( DEFAULT_EXTENSIONS, [
			'jpg',
			'jpeg',
			'png',
			'gif',
			'webp',
			'mp4',
			'webm',
			'ogg',
			'mov',
		] );
	} );

	it( 'takes the last extension of a name, lowercase', () => {
		assert.equal( extensionOf( 'a.tar.GZ' ), 'gz' );
		assert.equal( extensionOf( 'README' ), '' );
		assert.equal( extensionOf( 'photo.jpg.exe' ), 'exe' );
	} );

	it( 'reads CROWDSCOUT_MAX_UPLOAD_MB in megabytes, 256 by default', () => {
		assert.equal( DEFAULT_MAX_UPLOAD_MB, 256 );
		assert.equal( readMaxUploadBytes( undefined ), 256 * 1024 * 1024 );
		assert.equal( readMaxUploadBytes( '' ), 256 * 1024 * 1024 );
		assert.equal( readMaxUploadBytes( '10' ), 10 * 1024 * 1024 );
		for ( const value of [ '0', '-1', '1.5', 'ten', '10241' ] ) {
			assert.throws(
				() => readMaxUploadBytes( value ),
				( error ) =>
					error instanceof ConfigError &&
					error.message.includes( 'CROWDSCOUT_MAX_UPLOAD_MB' )
			);
		}
	} );
} );
