import { handler } from '../../contract/handler.ts';
import { forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { safeFileName, type ByteRange } from '../../storage/index.ts';

export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired';
export const FILE_NOT_FOUND_MESSAGE = 'File not found';
export const RANGE_NOT_SATISFIABLE_MESSAGE = 'Range not satisfiable';

/**
 * The one range of a `Range: bytes=…` header within a file of `size` bytes: undefined for no header or one this
 * route does not take (several ranges, other units), which answers the whole file as HTTP allows; null when the
 * range lies outside the file (416).
 *
 * @param header
 * @param size
 */
export function rangeOf(
	header: string | undefined,
	size: number
): ByteRange | null | undefined {
	const match = /^bytes=(\d*)-(\d*)$/.exec( header?.trim() ?? '' );
	if ( ! match || ( ! match[ 1 ] && ! match[ 2 ] ) ) {
		return undefined;
	}
	const [ , first, last ] = match;
	if ( ! first ) {
		// The last `last` bytes.
		const length = Number( last );
		return length > 0 && size > 0
			? { start: Math.max( 0, size - length ), end: size - 1 }
			: null;
	}
	const start = Number( first );
	const end = last ? Math.min( Number( last ), size - 1 ) : size - 1;
	return start < size && start <= end ? { start, end } : null;
}

/**
 * `inline` with the file's name, plain ASCII for old clients and RFC 5987 UTF-8 for the rest.
 *
 * @param fileName
 */
export function contentDisposition( fileName: string ): string {
	const safe = safeFileName( fileName );
	const ascii = safe.replace( /[^\x20-\x7e]/g, '_' ).replace( /[%;]/g, '_' );
	return `inline; filename="${ ascii }"; filename*=UTF-8''${ encodeURIComponent(
		safe
	) }`;
}

/**
 * A stored file through its signed URL. The signature is checked before the store is asked, so an unsigned request
 * learns nothing, not even whether a key exists. The file is served as what it was stored as, never sniffed, in a
 * sandbox (an uploaded HTML or SVG file runs no script on this site), cached privately until the URL expires.
 */
export const getMedia = handler< 'getMedia' >( async ( request, reply ) => {
	const { key } = request.params;
	const { expires, signature } = request.query;
	const { storage, mediaUrls } = request.server.services;
	const now = Date.now();
	if ( mediaUrls.check( key, expires, signature, now ) !== 'valid' ) {
		throw forbidden( INVALID_LINK_MESSAGE );
	}
	const file = await storage.stat( key );
	if ( ! file ) {
		throw notFound( FILE_NOT_FOUND_MESSAGE );
	}
	const range = rangeOf( request.headers.range, file.size );
	if ( range === null ) {
		throw new HttpError( 416, RANGE_NOT_SATISFIABLE_MESSAGE, {
			headers: { 'Content-Range': `bytes */${ file.size }` },
		} );
	}
	const body = await storage.get( key, range );
	if ( ! body ) {
		throw notFound( FILE_NOT_FOUND_MESSAGE );
	}
	reply
		.header( 'Content-Type', file.mimeType )
		.header( 'Content-Disposition', contentDisposition( file.fileName ) )
		.header( 'X-Content-Type-Options', 'nosniff' )
		.header( 'Content-Security-Policy', "default-src 'none'; sandbox" )
		.header(
			'Cache-Control',
			`private, max-age=${ Math.max(
				0,
				expires - Math.ceil( now / 1000 )
			) }`
		)
		.header( 'Accept-Ranges', 'bytes' );
	if ( range ) {
		reply
			.code( 206 )
			.header(
				'Content-Range',
				`bytes ${ range.start }-${ range.end }/${ file.size }`
			)
			.header( 'Content-Length', range.end - range.start + 1 );
	} else {
		reply.header( 'Content-Length', file.size );
	}
	// A stream is sent as it is (the contract's answer type, a JSON body, has no word for one).
	return body as never;
} );
