import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Static files (scripts, styles) served by the development proxy itself, compressed as a production server
 * would send them: PHP's built-in server sends them plain, with no validator a browser could cache them by.
 *
 * A file's brotli or gzip version is the `.br` / `.gz` file beside it when one is there and not older than the
 * file (`npm run build` writes them for plugin/build: precompress()); otherwise it is made on the first
 * request and kept in memory, keyed by the file's size and time (WordPress's own scripts).
 */

const TYPES = {
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
};

/** What browsers download from the build (its JSON files are read by PHP). */
const PRECOMPRESSED = [ '.js', '.css', '.svg' ];

/** Preferred first when the client accepts both. */
const ENCODINGS = [
	{ name: 'br', suffix: '.br' },
	{ name: 'gzip', suffix: '.gz' },
];

const brotli = promisify( zlib.brotliCompress );
const gzip = promisify( zlib.gzip );

/** Files above this size are sent as they are rather than compressed in memory. */
const MEMORY_LIMIT = 4 * 1024 * 1024;

/**
 * The encodings of an Accept-Encoding header the client takes (q > 0), in our order of preference.
 *
 * @param {string|undefined} header
 * @return {string[]} Encoding names, e.g. [ 'br', 'gzip' ].
 */
export function acceptedEncodings( header ) {
	const weights = new Map();
	for ( const part of ( header ?? '' ).split( ',' ) ) {
		const [ token, ...parameters ] = part.trim().toLowerCase().split( ';' );
		if ( ! token ) {
			continue;
		}
		const q = parameters
			.map( ( parameter ) => parameter.trim().match( /^q=([\d.]+)$/ ) )
			.find( Boolean );
		weights.set( token, q ? Number( q[ 1 ] ) : 1 );
	}
	return ENCODINGS.map( ( { name } ) => name ).filter(
		( name ) => ( weights.get( name ) ?? weights.get( '*' ) ?? 0 ) > 0
	);
}

async function compress( name, body ) {
	if ( name === 'br' ) {
		return brotli( body, {
			params: {
				[ zlib.constants.BROTLI_PARAM_QUALITY ]: 11,
				[ zlib.constants.BROTLI_PARAM_SIZE_HINT ]: body.length,
			},
		} );
	}
	return gzip( body, { level: 9 } );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (not those already there), where
 * the result is smaller; removes old ones whose file is gone or not smaller any more.
 *
 * @param {string} dir
 * @return {Promise<{ files: number, bytes: number, br: number, gzip: number }>} What was compressed: the files,
 *                                                                                their size, and the two sizes.
 */
export async function precompress( dir ) {
	const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
	const work = [];
	for ( const entry of fs.readdirSync( dir, {
		recursive: true,
		withFileTypes: true,
	} ) ) {
		const file = path.join( entry.parentPath ?? entry.path, entry.name );
		if ( ! entry.isFile() ) {
			continue;
		}
		const encoding = ENCODINGS.find( ( { suffix } ) =>
			file.endsWith( suffix )
		);
		if ( encoding ) {
			// A leftover of a file the build no longer makes.
			if ( ! fs.existsSync( file.slice( 0, -encoding.suffix.length ) ) ) {
				fs.rmSync( file );
			}
			continue;
		}
		if ( ! PRECOMPRESSED.includes( path.extname( file ) ) ) {
			continue;
		}
		const body = fs.readFileSync( file );
		totals.files++;
		totals.bytes += body.length;
		// zlib's thread pool runs them side by side.
		for ( const { name, suffix } of ENCODINGS ) {
			work.push(
				compress( name, body ).then( ( compressed ) => {
					if ( compressed.length < body.length ) {
						fs.writeFileSync( file + suffix, compressed );
						totals[ name ] += compressed.length;
					} else {
						fs.rmSync( file + suffix, { force: true } );
						totals[ name ] += body.length;
					}
				} )
			);
		}
	}
	await Promise.all( work );
	return totals;
}

/**
 * Serves the files under each mount's directory at its URL prefix.
 *
 * @param {{ prefix: string, dir: string }[]} mounts E.g. `{ prefix: '/wp-includes/', dir: '…/wp-includes' }`.
 * @return {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<boolean>}
 *         Answers the request and resolves true, or resolves false (not a file of ours: the caller passes it on).
 */
export function createStaticFiles( mounts ) {
	/** In-memory compressed copies: file → { key, variants: Map<encoding, Promise<Buffer|null>> }. */
	const memory = new Map();

	function locate( url ) {
		let pathname;
		try {
			pathname = decodeURIComponent(
				new URL( url, 'http://x' ).pathname
			);
		} catch {
			return null;
		}
		if (
			pathname.includes( '\0' ) ||
			pathname.split( '/' ).some( ( part ) => part.startsWith( '.' ) )
		) {
			return null;
		}
		const type = TYPES[ path.extname( pathname ).toLowerCase() ];
		const mount = mounts.find( ( { prefix } ) =>
			pathname.startsWith( prefix )
		);
		if ( ! type || ! mount ) {
			return null;
		}
		return {
			file: path.join( mount.dir, pathname.slice( mount.prefix.length ) ),
			type,
		};
	}

	/** The stored or remembered compressed body; null when compressing does not make it smaller. */
	async function variant( file, stat, name, suffix ) {
		try {
			const stored = await fs.promises.stat( file + suffix );
			if ( stored.isFile() && stored.mtimeMs >= stat.mtimeMs ) {
				return { file: file + suffix, size: stored.size };
			}
		} catch {}
		if ( stat.size > MEMORY_LIMIT ) {
			return null;
		}
		const key = `${ stat.size }:${ stat.mtimeMs }`;
		let cached = memory.get( file );
		if ( cached?.key !== key ) {
			cached = { key, variants: new Map() };
			memory.set( file, cached );
		}
		if ( ! cached.variants.has( name ) ) {
			cached.variants.set(
				name,
				fs.promises
					.readFile( file )
					.then( async ( body ) => {
						const compressed = await compress( name, body );
						return compressed.length < body.length
							? compressed
							: null;
					} )
					.catch( () => null )
			);
		}
		const body = await cached.variants.get( name );
		return body && { body, size: body.length };
	}

	return async function serve( request, response ) {
		if ( request.method !== 'GET' && request.method !== 'HEAD' ) {
			return false;
		}
		const found = locate( request.url ?? '/' );
		if ( ! found ) {
			return false;
		}
		let stat;
		try {
			stat = await fs.promises.stat( found.file );
		} catch {
			return false;
		}
		if ( ! stat.isFile() ) {
			return false;
		}

		const etag = `W/"${ stat.size.toString( 16 ) }-${ Math.floor(
			stat.mtimeMs
		).toString( 16 ) }"`;
		const headers = {
			'content-type': found.type,
			vary: 'Accept-Encoding',
			etag,
			'last-modified': stat.mtime.toUTCString(),
			// WordPress and webpack put the version in the query (`?ver=`): such a URL never changes content.
			'cache-control': /[?&]ver=/.test( request.url ?? '' )
				? 'public, max-age=31536000, immutable'
				: 'no-cache',
		};
		const ifNoneMatch = request.headers[ 'if-none-match' ];
		const ifModifiedSince = Date.parse(
			request.headers[ 'if-modified-since' ] ?? ''
		);
		if (
			ifNoneMatch
				? ifNoneMatch
						.split( ',' )
						.some(
							( tag ) => tag.trim() === etag || tag.trim() === '*'
						)
				: ifModifiedSince >= Math.floor( stat.mtimeMs / 1000 ) * 1000
		) {
			response.writeHead( 304, headers );
			response.end();
			return true;
		}

		let chosen = null;
		for ( const name of acceptedEncodings(
			request.headers[ 'accept-encoding' ]
		) ) {
			const { suffix } = ENCODINGS.find( ( e ) => e.name === name );
			chosen = await variant( found.file, stat, name, suffix );
			if ( chosen ) {
				headers[ 'content-encoding' ] = name;
				break;
			}
		}
		headers[ 'content-length' ] = chosen ? chosen.size : stat.size;
		response.writeHead( 200, headers );
		if ( request.method === 'HEAD' ) {
			response.end();
		} else if ( chosen?.body ) {
			response.end( chosen.body );
		} else {
			fs.createReadStream( chosen?.file ?? found.file )
				.on( 'error', () => response.destroy() )
				.pipe( response );
		}
		return true;
	};
}
