import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileTypeStream } from 'file-type';
import { HttpError } from '../lib/errors.ts';
import {
	FileTooLargeError,
	newStorageKey,
	safeFileName,
	type FileStorage,
} from './index.ts';

/**
 * Receiving one uploaded file (multipart/form-data, one file per request) into the store: task media now, bug
 * media of the bug form next. The file goes from the request to `storage.put` as a stream, never whole in memory;
 * what it is comes from its own first bytes, not from the name or the type the client sent; anything refused
 * leaves nothing stored. @fastify/multipart is registered in app.ts with the size limit (registerUploads).
 */

/** The client's codes (spec: media items' errorCode), each with the message the bug form and manual show for it. */
export type UploadErrorCode =
	| 'INVALID_FILE_EXTENSION'
	| 'FILE_TOO_BIG'
	| 'GENERIC_ERROR';

export const UPLOAD_MESSAGES: Record< UploadErrorCode, string > = {
	INVALID_FILE_EXTENSION: 'File not supported',
	FILE_TOO_BIG: 'Maximum file size exceeded',
	GENERIC_ERROR: 'Generic error',
};

const UPLOAD_STATUSES: Record< UploadErrorCode, number > = {
	INVALID_FILE_EXTENSION: 415,
	FILE_TOO_BIG: 413,
	GENERIC_ERROR: 400,
};

/** A refused upload: the error body carries `errorCode` besides the message (openapi.yaml UploadError). */
export class UploadError extends HttpError {
	readonly errorCode: UploadErrorCode;

	constructor( errorCode: UploadErrorCode, options?: { cause?: unknown } ) {
		super( UPLOAD_STATUSES[ errorCode ], UPLOAD_MESSAGES[ errorCode ], {
			...options,
			fields: { errorCode },
		} );
		this.name = 'UploadError';
		this.errorCode = errorCode;
	}
}

/** The multipart field of an uploaded file, task or bug media (spec section 7). */
export const MEDIA_FIELD = 'media';

/** What a campaign accepts when its `valid_file_extensions` is empty: images and videos. */
export const DEFAULT_EXTENSIONS = [
	'jpg',
	'jpeg',
	'png',
	'gif',
	'webp',
	'mp4',
	'webm',
	'ogg',
	'mov',
];

/**
 * The extensions a file of each extension may really be, as file-type names what it finds (a `.jpeg` is found as
 * `jpg`, a `.mov` recorded by a phone is often an MP4 container). An extension not listed must be found as itself.
 */
const SNIFFED_AS: Record< string, string[] > = {
	jpg: [ 'jpg' ],
	jpeg: [ 'jpg' ],
	jpe: [ 'jpg' ],
	tif: [ 'tif' ],
	tiff: [ 'tif' ],
	mp4: [ 'mp4', 'm4v' ],
	m4v: [ 'm4v', 'mp4' ],
	mov: [ 'mov', 'mp4', 'm4v' ],
	ogg: [ 'ogg', 'ogv', 'oga', 'opus', 'ogx' ],
	ogv: [ 'ogv', 'ogg', 'ogx' ],
	oga: [ 'oga', 'ogg', 'opus' ],
	webm: [ 'webm', 'mkv' ],
	mkv: [ 'mkv', 'webm' ],
	mp3: [ 'mp3' ],
	m4a: [ 'm4a', 'mp4' ],
	'3gp': [ '3gp', 'mp4' ],
};

/**
 * Formats without magic bytes: accepted only as valid UTF-8 without NUL (so no binary file passes as one), served
 * with these types.
 */
const TEXT_TYPES: Record< string, string > = {
	txt: 'text/plain; charset=utf-8',
	log: 'text/plain; charset=utf-8',
	csv: 'text/csv; charset=utf-8',
	json: 'application/json',
	md: 'text/markdown; charset=utf-8',
	har: 'application/json',
};

/**
 * A campaign's `valid_file_extensions` (comma-separated, no dots) as a list; the default one when empty.
 *
 * @param value
 */
export function parseExtensions( value: string | null | undefined ): string[] {
	const listed = ( value ?? '' )
		.split( ',' )
		.map( ( extension ) => extension.trim().replace( /^\./, '' ) )
		.filter( Boolean )
		.map( ( extension ) => extension.toLowerCase() );
	return listed.length ? [ ...new Set( listed ) ] : DEFAULT_EXTENSIONS;
}

/**
 * The extension of a (safe) file name, lowercase; '' without one.
 *
 * @param fileName
 */
export const extensionOf = ( fileName: string ) =>
	/\.([^.]{1,10})$/.exec( fileName )?.[ 1 ].toLowerCase() ?? '';

/**
 * Passes UTF-8 text through, failing on bytes that are not UTF-8 or on NUL: the check of a text format, which has
 * no magic bytes to sniff. Decoding in streaming mode keeps a character split between chunks whole.
 */
function utf8Text(): Transform {
	const decoder = new TextDecoder( 'utf-8', { fatal: true } );
	const refuse = () => new UploadError( 'INVALID_FILE_EXTENSION' );
	return new Transform( {
		transform( chunk: Buffer, _encoding, done ) {
			try {
				decoder.decode( chunk, { stream: true } );
			} catch {
				done( refuse() );
				return;
			}
			done( chunk.includes( 0 ) ? refuse() : null, chunk );
		},
		flush( done ) {
			try {
				decoder.decode();
				done();
			} catch {
				done( refuse() );
			}
		},
	} );
}

/** A file as stored: the caller keeps its row (key, name, type). */
export interface ReceivedFile {
	key: string;
	/** The uploader's name made safe. */
	name: string;
	/** What the bytes are, never what the client said. */
	mimeType: string;
	size: number;
}

export interface ReceiveOptions {
	/** The multipart field of the file. */
	field: string;
	/** Accepted extensions, lowercase without dots (parseExtensions). */
	extensions: string[];
	/** Larger files are refused with FILE_TOO_BIG (config maxUploadBytes). */
	maxBytes: number;
}

/**
 * Discards what is left of a refused file, so the client, still sending, gets to read the answer. The multipart
 * limit (app.ts) truncates the file a byte past the maximum, so this never reads more than that.
 *
 * @param file
 */
function discard( file: Readable ) {
	file.on( 'error', () => {} );
	file.resume();
}

type SniffedStream = Readable & { fileType?: { ext: string; mime: string } };

/**
 * The file's type from its first bytes, and a stream of all of it from the first byte. A body cut short (the
 * client gone, no closing boundary) has its file stream destroyed by the parser, possibly before this is called
 * and without an error: that is a failure here, not a wait for bytes that never come; so is an empty file.
 *
 * @param file
 */
function sniff( file: Readable ): Promise< SniffedStream > {
	return new Promise( ( resolve, reject ) => {
		const cut = () => {
			// A whole file closes too, once read to its end.
			if ( ! file.readableEnded ) {
				reject( new Error( 'The file ended before its end' ) );
			}
		};
		if ( file.destroyed ) {
			cut();
			return;
		}
		// An empty file ends without a byte to read: file-type waits for one forever, so it is refused here.
		let readable = false;
		const seen = () => {
			readable = true;
		};
		const ended = () => {
			if ( ! readable ) {
				reject( new Error( 'The file is empty' ) );
			}
		};
		file.once( 'close', cut );
		file.once( 'readable', seen );
		file.once( 'end', ended );
		fileTypeStream( file ).then( ( stream ) => {
			file.off( 'close', cut );
			file.off( 'readable', seen );
			file.off( 'end', ended );
			resolve( stream );
		}, reject );
	} );
}

/**
 * Reads the request's one file and stores it under a new key: its name made safe, its extension among
 * `extensions`, its first bytes of the type the extension says (text formats: UTF-8 without NUL), at most
 * `maxBytes`. Call it after every permission check, so nothing is read or stored for a refused caller. A refusal
 * is an UploadError, with nothing left in the store.
 *
 * @param request
 * @param storage
 * @param options
 * @param options.field      The multipart field of the file.
 * @param options.extensions Accepted extensions.
 * @param options.maxBytes   The largest file.
 */
export async function receiveUpload(
	request: FastifyRequest,
	storage: FileStorage,
	{ field, extensions, maxBytes }: ReceiveOptions
): Promise< ReceivedFile > {
	if ( ! request.isMultipart() ) {
		throw new UploadError( 'GENERIC_ERROR' );
	}
	let part;
	try {
		part = await request.file();
	} catch ( error ) {
		// Malformed multipart bodies, or more parts than the limits allow.
		throw new UploadError( 'GENERIC_ERROR', { cause: error } );
	}
	if ( ! part ) {
		throw new UploadError( 'GENERIC_ERROR' );
	}
	if ( part.fieldname !== field ) {
		discard( part.file );
		throw new UploadError( 'GENERIC_ERROR' );
	}
	const name = safeFileName( part.filename ?? '' );
	const extension = extensionOf( name );
	if ( ! extension || ! extensions.includes( extension ) ) {
		discard( part.file );
		throw new UploadError( 'INVALID_FILE_EXTENSION' );
	}

	let body: SniffedStream;
	try {
		body = await sniff( part.file );
	} catch ( error ) {
		discard( part.file );
		throw new UploadError( 'GENERIC_ERROR', { cause: error } );
	}
	const found = body.fileType;
	let mimeType: string;
	if ( TEXT_TYPES[ extension ] && ! found ) {
		mimeType = TEXT_TYPES[ extension ];
		// pipeline, unlike pipe, passes a failure of the file on to what put reads.
		body = pipeline( body, utf8Text(), () => {} );
	} else if (
		found &&
		( SNIFFED_AS[ extension ] ?? [ extension ] ).includes( found.ext )
	) {
		mimeType = found.mime;
	} else {
		discard( body );
		throw new UploadError( 'INVALID_FILE_EXTENSION' );
	}

	const key = newStorageKey( name );
	try {
		const stored = await storage.put( key, body, {
			mimeType,
			fileName: name,
			maxBytes,
		} );
		return { key, name, mimeType, size: stored.size };
	} catch ( error ) {
		discard( part.file );
		if ( error instanceof UploadError ) {
			throw error;
		}
		if ( error instanceof FileTooLargeError ) {
			throw new UploadError( 'FILE_TOO_BIG', { cause: error } );
		}
		// The body was cut short while it was being stored: the client's failure, not the store's.
		if ( ! part.file.readableEnded ) {
			throw new UploadError( 'GENERIC_ERROR', { cause: error } );
		}
		throw error;
	}
}

/** Multipart limits (app.ts): one file a byte over the maximum (put refuses it then), and no room for much else. */
export function multipartLimits( maxBytes: number ) {
	return {
		fileSize: maxBytes + 1,
		files: 1,
		fields: 4,
		fieldSize: 1024,
		parts: 5,
		headerPairs: 20,
	};
}
