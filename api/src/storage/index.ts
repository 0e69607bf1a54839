import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (bug media; task media and uploads later): one small interface, so the local directory
 * of one API host (./local.ts, the default) can be replaced by an S3-compatible store shared by several hosts
 * (docs/storage.md). Files are addressed by a key the API makes (newStorageKey), never by a path or a name a client
 * sent, and served back only through signed URLs (./signed-url.ts, GET /media/{key}).
 */

/** What is kept with a file, next to its bytes. */
export interface StoredFile {
	/** Bytes. */
	size: number;
	/** The type it is served with. */
	mimeType: string;
	/** The name it is served under (Content-Disposition), as the uploader named it. */
	fileName: string;
}

/** Bytes `start` to `end` of a file, both included (an HTTP Range). */
export interface ByteRange {
	start: number;
	end: number;
}

export interface PutOptions {
	mimeType: string;
	fileName: string;
	/** A file longer than this is refused with FileTooLargeError, and nothing is stored. */
	maxBytes?: number;
}

export interface FileStorage {
	/**
	 * Stores a file read from a stream: all of it or nothing (a failed or refused put leaves no file), and never
	 * more than a chunk of it in memory. A file with the same key is replaced.
	 */
	put: (
		key: string,
		body: Readable,
		options: PutOptions
	) => Promise< StoredFile >;
	/** The file's size, type and name; undefined when there is no such file. */
	stat: ( key: string ) => Promise< StoredFile | undefined >;
	/** The file's bytes (the range only, when given); undefined when there is no such file. */
	get: ( key: string, range?: ByteRange ) => Promise< Readable | undefined >;
	/** Removes the file; answers whether there was one. */
	delete: ( key: string ) => Promise< boolean >;
}

/**
 * A key: lowercase letters, digits and dashes, with one optional extension. No slash and no second dot, so a key
 * can be neither a path (`..`, `a/b`) nor mistaken for a store's own files (./local.ts). Also the contract's
 * pattern of GET /media/{key}.
 */
export const STORAGE_KEY_PATTERN =
	/^[a-z0-9][a-z0-9-]{7,99}(\.[a-z0-9]{1,10})?$/;

export const isStorageKey = ( key: string ) => STORAGE_KEY_PATTERN.test( key );

export class InvalidStorageKeyError extends Error {
	constructor( key: string ) {
		super(
			`Not a storage key: ${ JSON.stringify( key.slice( 0, 120 ) ) }`
		);
		this.name = 'InvalidStorageKeyError';
	}
}

export class FileTooLargeError extends Error {
	readonly maxBytes: number;

	constructor( maxBytes: number ) {
		super( `The file is larger than ${ maxBytes } bytes` );
		this.name = 'FileTooLargeError';
		this.maxBytes = maxBytes;
	}
}

/**
 * Throws unless `key` is a storage key: every store checks before it touches anything.
 *
 * @param key
 */
export function assertStorageKey( key: string ): void {
	if ( ! isStorageKey( key ) ) {
		throw new InvalidStorageKeyError( key );
	}
}

/**
 * A new, unguessable key for a file, keeping the extension of its (client-given) name when it is a plain one, so a
 * downloaded file opens with the right program. Nothing else of the name gets into the key.
 *
 * @param fileName
 */
export function newStorageKey( fileName = '' ): string {
	const extension = /\.([a-z0-9]{1,10})$/i.exec( fileName )?.[ 1 ];
	const id = randomUUID().replace( /-/g, '' );
	return extension ? `${ id }.${ extension.toLowerCase() }` : id;
}

/**
 * A file name safe to put in a Content-Disposition header and on a tester's disk: no path, no control or quote
 * characters, at most 150 characters (the extension kept); "file" when nothing is left.
 *
 * @param fileName
 */
export function safeFileName( fileName: string ): string {
	const base = fileName.split( /[\\/]/ ).pop() ?? '';
	const cleaned = base
		.normalize( 'NFC' )
		// Control characters, quotes and the characters Windows refuses in a name.
		.replace( /[\u0000-\u001f\u007f-\u009f"*:<>?|\\/]/g, '_' )
		.replace( /^[\s.]+|[\s.]+$/g, '' );
	if ( ! cleaned ) {
		return 'file';
	}
	const characters = [ ...cleaned ];
	if ( characters.length <= 150 ) {
		return cleaned;
	}
	const extension = /\.[^.]{1,10}$/.exec( cleaned )?.[ 0 ] ?? '';
	return characters.slice( 0, 150 - extension.length ).join( '' ) + extension;
}
