import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import {
	FileTooLargeError,
	InvalidStorageKeyError,
	isStorageKey,
	newStorageKey,
	safeFileName,
	type FileStorage,
} from '../../src/storage/index.ts';
import { createLocalStorage } from '../../src/storage/local.ts';

/**
 * The local-directory store: whole files or none, streams both ways, and nothing outside its directory, whatever
 * key it is handed.
 */

const filesUnder = ( directory: string ): string[] =>
	fs
		.readdirSync( directory, { recursive: true } )
		.map( String )
		.filter( ( name ) =>
			fs.statSync( path.join( directory, name ) ).isFile()
		)
		.sort();

describe( 'local file storage', () => {
	let root: string;
	let storage: FileStorage;

	before( () => {
		root = fs.mkdtempSync(
			path.join( os.tmpdir(), 'crowdscout-storage-' )
		);
		storage = createLocalStorage( path.join( root, 'media' ) );
	} );
	after( () => fs.rmSync( root, { recursive: true, force: true } ) );

	it( 'stores a stream and answers it back with its size, type and name', async () => {
		const key = 'abcdef0123456789.txt';
		const stored = await storage.put(
			key,
			Readable.from( [ 'Hello ', 'wörld' ] ),
			{ mimeType: 'text/plain; charset=utf-8', fileName: 'hello.txt' }
		);
		const expected = {
			size: Buffer.byteLength( 'Hello wörld' ),
			mimeType: 'text/plain; charset=utf-8',
			fileName: 'hello.txt',
		};
		assert.deepEqual( stored, expected );
		assert.deepEqual( await storage.stat( key ), expected );
		assert.equal(
			await text( ( await storage.get( key ) )! ),
			'Hello wörld'
		);
		assert.equal(
			await text( ( await storage.get( key, { start: 1, end: 4 } ) )! ),
			'ello'
		);
	} );

	it( 'replaces a file put again under the same key', async () => {
		const key = 'abcdef0123456780';
		await storage.put( key, Readable.from( [ 'one' ] ), {
			mimeType: 'text/plain',
			fileName: 'a.txt',
		} );
		await storage.put( key, Readable.from( [ 'second' ] ), {
			mimeType: 'application/octet-stream',
			fileName: 'b.bin',
		} );
		assert.deepEqual( await storage.stat( key ), {
			size: 6,
			mimeType: 'application/octet-stream',
			fileName: 'b.bin',
		} );
		assert.equal( await text( ( await storage.get( key ) )! ), 'second' );
	} );

	it( 'deletes a file and its sidecar, and says whether there was one', async () => {
		const key = 'deadbeef00000001.png';
		await storage.put(
			key,
			Readable.from( [ Buffer.from( [ 1, 2, 3 ] ) ] ),
			{
				mimeType: 'image/png',
				fileName: 'x.png',
			}
		);
		assert.equal( await storage.delete( key ), true );
		assert.equal( await storage.stat( key ), undefined );
		assert.equal( await storage.get( key ), undefined );
		assert.equal( await storage.delete( key ), false );
		assert.ok(
			filesUnder( root ).every( ( file ) => ! file.includes( key ) )
		);
	} );

	it( 'answers undefined for a key with no file', async () => {
		assert.equal( await storage.stat( 'ffffffffffffffff' ), undefined );
		assert.equal( await storage.get( 'ffffffffffffffff' ), undefined );
	} );

	it( 'refuses a file over the limit and keeps nothing of it', async () => {
		const kept = filesUnder( root );
		const key = 'bigbigbigbig0001.bin';
		await assert.rejects(
			storage.put(
				key,
				Readable.from( [ Buffer.alloc( 600 ), Buffer.alloc( 600 ) ] ),
				{
					mimeType: 'application/octet-stream',
					fileName: 'big.bin',
					maxBytes: 1000,
				}
			),
			FileTooLargeError
		);
		assert.equal( await storage.stat( key ), undefined );
		assert.deepEqual( filesUnder( root ), kept );
	} );

	it( 'keeps nothing of a stream that fails half way', async () => {
		const kept = filesUnder( root );
		const key = 'brokenstream0001.bin';
		const broken = new Readable( {
			read() {
				this.push( Buffer.alloc( 100 ) );
				this.destroy( new Error( 'client gone' ) );
			},
		} );
		await assert.rejects(
			storage.put( key, broken, {
				mimeType: 'application/octet-stream',
				fileName: 'b.bin',
			} ),
			/client gone/
		);
		assert.equal( await storage.stat( key ), undefined );
		assert.deepEqual( filesUnder( root ), kept );
	} );

	it( 'refuses every key that could be a path, before touching the disk', async () => {
		const outside = path.join( root, 'secret.txt' );
		fs.writeFileSync( outside, 'secret' );
		for ( const key of [
			'../secret.txt',
			'../../secret.txt',
			'a/../../secret.txt',
			'/etc/passwd',
			'..',
			'abcdefgh/ijkl',
			'abcdefgh\\ijkl',
			'abcdefgh.meta.json',
			'abcdefgh.txt.part',
			'ABCDEFGHIJ',
			'short',
			'',
			'abcdefgh\u0000.txt',
		] ) {
			assert.equal( isStorageKey( key ), false, key );
			for ( const call of [
				() => storage.stat( key ),
				() => storage.get( key ),
				() => storage.delete( key ),
				() =>
					storage.put( key, Readable.from( [ 'x' ] ), {
						mimeType: 'text/plain',
						fileName: 'x',
					} ),
			] ) {
				await assert.rejects( call(), InvalidStorageKeyError, key );
			}
		}
		assert.equal( fs.readFileSync( outside, 'utf8' ), 'secret' );
	} );

	it( 'keeps every file inside its directory', () => {
		for ( const file of filesUnder( root ) ) {
			assert.ok(
				file === 'secret.txt' ||
					file.startsWith( `media${ path.sep }` ),
				file
			);
		}
	} );
} );

describe( 'storage keys and file names', () => {
	it( 'makes unguessable keys that keep a plain extension only', () => {
		const keys = new Set(
			Array.from( { length: 100 }, () => newStorageKey( 'a.PNG' ) )
		);
		assert.equal( keys.size, 100 );
		for ( const key of keys ) {
			assert.match( key, /^[0-9a-f]{32}\.png$/ );
			assert.ok( isStorageKey( key ) );
		}
		assert.match(
			newStorageKey( '../../x.sh;.jpg' ),
			/^[0-9a-f]{32}\.jpg$/
		);
		assert.match( newStorageKey( 'no extension' ), /^[0-9a-f]{32}$/ );
		assert.match( newStorageKey( 'weird.p-n-g' ), /^[0-9a-f]{32}$/ );
	} );

	it( 'makes file names safe to show and save', () => {
		assert.equal(
			safeFileName( 'C:\\Users\\me\\shot 1.png' ),
			'shot 1.png'
		);
		assert.equal( safeFileName( '../../etc/passwd' ), 'passwd' );
		assert.equal(
			safeFileName( 'a"b<c>d|e?f*g:h.txt' ),
			'a_b_c_d_e_f_g_h.txt'
		);
		assert.equal( safeFileName( 'line\r\nbreak.txt' ), 'line__break.txt' );
		assert.equal( safeFileName( '...' ), 'file' );
		assert.equal( safeFileName( '' ), 'file' );
		assert.equal( safeFileName( 'café ☕.jpg' ), 'café ☕.jpg' );
		const long = safeFileName( `${ 'é'.repeat( 300 ) }.jpeg` );
		assert.equal( [ ...long ].length, 150 );
		assert.ok( long.endsWith( '.jpeg' ) );
	} );
} );
