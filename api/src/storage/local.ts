import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
	assertStorageKey,
	FileTooLargeError,
	type FileStorage,
	type PutOptions,
	type StoredFile,
} from './index.ts';

/** What is written next to a file (its sidecar): the type and name it is served with. */
interface Sidecar {
	mimeType: string;
	fileName: string;
}

/**
 * The sidecar's suffix. A key has at most one dot, so `<key>.meta.json` is never another key's file, nor is a
 * temporary `<key>.<random>.part`.
 */
const SIDECAR = '.meta.json';

/**
 * The default directory of stored files in a data directory (config.ts readDataDir).
 *
 * @param dataDir
 */
export const mediaDirectory = ( dataDir: string ) =>
	path.join( dataDir, 'media' );

const isMissing = ( error: unknown ) =>
	( error as NodeJS.ErrnoException )?.code === 'ENOENT';

/**
 * Files in a directory of this host (by default `media` in the data directory, CROWDSCOUT_DATA_DIR): fine for one
 * API host, and for several that share the directory (NFS); otherwise an S3-compatible store (docs/storage.md).
 *
 * A file lives at `<root>/<2 hex digits of the key's hash>/<key>`, so no directory grows past a few thousand
 * entries at a million files, with its type and name in a sidecar. A put writes a temporary file and renames it
 * into place (sidecar first, bytes last), so a reader sees a whole file or none, and a put cut short leaves only a
 * temporary file, never a key.
 *
 * @param root The directory; created when missing.
 */
export function createLocalStorage( root: string ): FileStorage {
	const directory = path.resolve( root );

	/**
	 * The file of a key, refusing anything that is not a key (so never a path outside the directory).
	 *
	 * @param key
	 */
	function fileOf( key: string ): string {
		assertStorageKey( key );
		const shard = createHash( 'sha256' )
			.update( key )
			.digest( 'hex' )
			.slice( 0, 2 );
		const file = path.join( directory, shard, key );
		// The key pattern already rules a way out; this is the second lock.
		if ( path.dirname( path.dirname( file ) ) !== directory ) {
			throw new Error( `The key ${ key } leaves the storage directory` );
		}
		return file;
	}

	async function readSidecar( file: string ): Promise< Sidecar | undefined > {
		try {
			return JSON.parse(
				await fs.readFile( file + SIDECAR, 'utf8' )
			) as Sidecar;
		} catch ( error ) {
			if ( isMissing( error ) ) {
				return undefined;
			}
			throw error;
		}
	}

	return {
		async put(
			key: string,
			body: Readable,
			{ mimeType, fileName, maxBytes }: PutOptions
		): Promise< StoredFile > {
			const file = fileOf( key );
			await fs.mkdir( path.dirname( file ), { recursive: true } );
			const temporary = `${ file }.${ randomBytes( 6 ).toString(
				'hex'
			) }.part`;
			let size = 0;
			const counted = new Transform( {
				transform( chunk: Buffer, _encoding, done ) {
					size += chunk.length;
					if ( maxBytes !== undefined && size > maxBytes ) {
						done( new FileTooLargeError( maxBytes ) );
					} else {
						done( null, chunk );
					}
				},
			} );
			try {
				await pipeline(
					body,
					counted,
					createWriteStream( temporary, { flags: 'wx' } )
				);
				const sidecar: Sidecar = { mimeType, fileName };
				await fs.writeFile(
					temporary + SIDECAR,
					JSON.stringify( sidecar )
				);
				await fs.rename( temporary + SIDECAR, file + SIDECAR );
				await fs.rename( temporary, file );
			} catch ( error ) {
				await Promise.all( [
					fs.rm( temporary, { force: true } ),
					fs.rm( temporary + SIDECAR, { force: true } ),
				] );
				throw error;
			}
			return { size, mimeType, fileName };
		},

		async stat( key: string ): Promise< StoredFile | undefined > {
			const file = fileOf( key );
			const sidecar = await readSidecar( file );
			if ( ! sidecar ) {
				return undefined;
			}
			try {
				const { size } = await fs.stat( file );
				return { size, ...sidecar };
			} catch ( error ) {
				if ( isMissing( error ) ) {
					return undefined;
				}
				throw error;
			}
		},

		async get( key, range ) {
			const file = fileOf( key );
			let handle: fs.FileHandle;
			try {
				handle = await fs.open( file, 'r' );
			} catch ( error ) {
				if ( isMissing( error ) ) {
					return undefined;
				}
				throw error;
			}
			// The stream closes the handle when it ends or is destroyed (a client gone mid-file).
			return handle.createReadStream(
				range ? { start: range.start, end: range.end } : {}
			);
		},

		async delete( key: string ): Promise< boolean > {
			const file = fileOf( key );
			let existed = true;
			try {
				await fs.unlink( file );
			} catch ( error ) {
				if ( ! isMissing( error ) ) {
					throw error;
				}
				existed = false;
			}
			await fs.rm( file + SIDECAR, { force: true } );
			return existed;
		},
	};
}
