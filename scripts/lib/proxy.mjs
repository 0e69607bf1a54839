import http from 'node:http';
import zlib from 'node:zlib';
import { acceptedEncodings, createStaticFiles } from './static-files.mjs';

/**
 * The development reverse proxy: `/api` and `/api/*` go to the API, everything else to WordPress. The Host
 * header is kept, so WordPress builds its links for the proxy's address; the client's address travels in
 * X-Forwarded-For.
 *
 * WordPress is either one server (a URL: wp-now) or a pool of single-request PHP servers (createPool), each
 * request going to one that is free. An upstream that answers before it has read the whole request body (the
 * API's 413 for a body over its limit) has its answer relayed as it is, the rest of the body read and dropped,
 * and the client's connection kept for its next request.
 *
 * Scripts and styles under `files` (URL prefix → directory: the plugin's build, WordPress's wp-includes) are
 * answered by the proxy itself, brotli- or gzip-compressed as the client accepts, with validators and a long
 * cache for versioned URLs (static-files.mjs); a file that is not there goes on to WordPress. Pages and JSON
 * answers (WordPress's, the API's) are compressed on their way through, as nginx does in production.
 *
 * @param {{ port: number, host?: string, api: URL, wordpress: URL | ReturnType<typeof createPool>, files?: { prefix: string, dir: string }[] }} options
 * @return {Promise<http.Server>} The listening server.
 */
export function startProxy( {
	port,
	host = '127.0.0.1',
	api,
	wordpress,
	files = [],
} ) {
	const agent = new http.Agent( { keepAlive: true, maxSockets: 64 } );
	const serveFile = createStaticFiles( files );
	const server = http.createServer( async ( request, response ) => {
		const path = request.url ?? '/';
		const toApi =
			path === '/api' ||
			path.startsWith( '/api/' ) ||
			path.startsWith( '/api?' );
		if ( ! toApi && ( await serveFile( request, response ) ) ) {
			return;
		}
		const forwardedFor = [
			request.headers[ 'x-forwarded-for' ],
			request.socket.remoteAddress,
		]
			.filter( Boolean )
			.join( ', ' );
		relay( request, response, {
			upstream: toApi ? api : wordpress,
			label: toApi ? 'API' : 'WordPress',
			agent,
			headers: {
				...endToEnd( request.headers ),
				'x-forwarded-for': forwardedFor,
				'x-forwarded-proto': 'http',
			},
		} );
	} );
	return listen( server, port, host );
}

/**
 * WordPress's own address (the API's internal channel, tests): the pool of PHP servers behind one port, the
 * requests passed on as they come (no X-Forwarded-For of its own: it is no proxy hop, only a balancer).
 *
 * @param {{ port: number, host?: string, pool: ReturnType<typeof createPool> }} options
 * @return {Promise<http.Server>} The listening server.
 */
export function startBalancer( { port, host = '127.0.0.1', pool } ) {
	const agent = new http.Agent( { keepAlive: true, maxSockets: 64 } );
	const server = http.createServer( ( request, response ) =>
		relay( request, response, {
			upstream: pool,
			label: 'WordPress',
			agent,
			headers: endToEnd( request.headers ),
		} )
	);
	return listen( server, port, host );
}

function listen( server, port, host ) {
	server.keepAliveTimeout = 65000;
	return new Promise( ( resolve, reject ) => {
		server.once( 'error', reject );
		server.listen( port, host, () => resolve( server ) );
	} );
}

/**
 * Servers that take one request at a time (PHP's built-in server), behind one address: a request goes to a
 * server that is up and free, or waits (up to `waitMs`) for one, as it would in the accept queue of a single
 * server with workers. Servers come and go as the supervisor restarts them (setUp, setDown).
 *
 * @param {{ waitMs?: number }} [options]
 */
export function createPool( { waitMs = 60_000 } = {} ) {
	const backends = [];
	const waiting = [];
	let next = 0;

	function free() {
		for ( let index = 0; index < backends.length; index++ ) {
			const backend = backends[ ( next + index ) % backends.length ];
			if ( backend.up && backend.busy === 0 ) {
				next = ( next + index + 1 ) % backends.length;
				return backend;
			}
		}
		return null;
	}

	function lease( backend ) {
		backend.busy++;
		let released = false;
		return {
			url: backend.url,
			release() {
				if ( ! released ) {
					released = true;
					backend.busy--;
					dispatch();
				}
			},
		};
	}

	function dispatch() {
		while ( waiting.length ) {
			const backend = free();
			if ( ! backend ) {
				return;
			}
			const waiter = waiting.shift();
			clearTimeout( waiter.timer );
			waiter.resolve( lease( backend ) );
		}
	}

	return {
		/** A new, not yet running, member. */
		add() {
			const backend = { url: null, up: false, busy: 0 };
			backends.push( backend );
			return backend;
		},
		/**
		 * @param {{ url: URL|null, up: boolean, busy: number }} backend
		 * @param {URL}                                          url     Where it listens now.
		 */
		setUp( backend, url ) {
			backend.url = url;
			backend.up = true;
			backend.busy = 0;
			dispatch();
		},
		setDown( backend ) {
			backend.up = false;
		},
		/** How many members are up. */
		get up() {
			return backends.filter( ( backend ) => backend.up ).length;
		},
		/** @return {Promise<{ url: URL, release: () => void } | null>} A free member, null after waitMs. */
		acquire() {
			const backend = free();
			if ( backend ) {
				return Promise.resolve( lease( backend ) );
			}
			return new Promise( ( resolve ) => {
				const waiter = {
					resolve,
					timer: setTimeout( () => {
						waiting.splice( waiting.indexOf( waiter ), 1 );
						resolve( null );
					}, waitMs ),
				};
				waiting.push( waiter );
			} );
		},
	};
}

/** Headers that belong to one connection, not to the request or answer (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set( [
	'connection',
	'keep-alive',
	'proxy-connection',
	'proxy-authenticate',
	'proxy-authorization',
	'te',
	'trailer',
	'upgrade',
] );

function endToEnd( headers ) {
	return Object.fromEntries(
		Object.entries( headers ).filter(
			( [ name ] ) => ! HOP_BY_HOP.has( name.toLowerCase() )
		)
	);
}

function endToEndRaw( rawHeaders ) {
	const kept = [];
	for ( let index = 0; index < rawHeaders.length; index += 2 ) {
		if ( ! HOP_BY_HOP.has( rawHeaders[ index ].toLowerCase() ) ) {
			kept.push( rawHeaders[ index ], rawHeaders[ index + 1 ] );
		}
	}
	return kept;
}

/** Answers compressed on their way through: WordPress's pages and JSON, the API's JSON. */
const COMPRESSIBLE = /^(text\/html|application\/json)\b/i;

/** Answers of a known length below this go as they are: compressing would not shrink them. */
const MIN_LENGTH = 256;

/**
 * The stream an upstream's answer goes through to the client, compressed when the client takes brotli or gzip
 * and the answer is text that is not compressed already; the headers are adjusted to match.
 *
 * @param {http.IncomingMessage} request
 * @param {http.IncomingMessage} incoming The upstream's answer.
 * @param {string[]}             headers  Its end-to-end headers, raw (name, value, …); changed in place.
 * @return {import('node:stream').Transform | null} Null to send the answer as it is.
 */
function compressorFor( request, incoming, headers ) {
	const status = incoming.statusCode ?? 502;
	if (
		request.method === 'HEAD' ||
		status < 200 ||
		status === 204 ||
		status === 304 ||
		! COMPRESSIBLE.test( incoming.headers[ 'content-type' ] ?? '' ) ||
		incoming.headers[ 'content-encoding' ] ||
		Number( incoming.headers[ 'content-length' ] ?? MIN_LENGTH ) <
			MIN_LENGTH
	) {
		return null;
	}
	const [ encoding ] = acceptedEncodings(
		request.headers[ 'accept-encoding' ]
	);
	if ( ! encoding ) {
		return null;
	}
	for ( let index = headers.length - 2; index >= 0; index -= 2 ) {
		if ( headers[ index ].toLowerCase() === 'content-length' ) {
			headers.splice( index, 2 );
		}
	}
	const vary = incoming.headers.vary;
	headers.push( 'content-encoding', encoding );
	if ( ! vary ) {
		headers.push( 'vary', 'Accept-Encoding' );
	} else if ( ! /accept-encoding|\*/i.test( vary ) ) {
		const at = headers.findIndex(
			( value, index ) =>
				index % 2 === 0 && value.toLowerCase() === 'vary'
		);
		headers[ at + 1 ] = `${ vary }, Accept-Encoding`;
	}
	// A middle level: these answers are made per request, so the compressing is paid on each.
	return encoding === 'br'
		? zlib.createBrotliCompress( {
				params: { [ zlib.constants.BROTLI_PARAM_QUALITY ]: 5 },
		  } )
		: zlib.createGzip( { level: 6 } );
}

const hasBody = ( request ) =>
	Boolean( request.headers[ 'transfer-encoding' ] ) ||
	Number( request.headers[ 'content-length' ] ?? 0 ) > 0;

/**
 * Passes one request to the upstream and its answer back.
 *
 * @param {http.IncomingMessage}                                                                                 request
 * @param {http.ServerResponse}                                                                                  response
 * @param {{ upstream: URL | ReturnType<typeof createPool>, label: string, agent: http.Agent, headers: Object }} options
 */
async function relay( request, response, { upstream, label, agent, headers } ) {
	const pooled = ! ( upstream instanceof URL );
	// A request without a body that found a server gone (killed, restarting) is tried on another one.
	let retries =
		pooled &&
		( request.method === 'GET' || request.method === 'HEAD' ) &&
		! hasBody( request )
			? 2
			: 0;

	// How much of the body came so far (counted beside the pipe, never before it: a 'data' listener of its own
	// would start the flow before the pipe is there).
	let received = 0;

	/** Reads what is left of the client's body and drops it, so its connection can carry the next request. */
	const drain = () => {
		request.unpipe();
		if ( ! request.complete ) {
			request.resume();
		}
	};

	const fail = ( status, message ) => {
		drain();
		if ( response.headersSent ) {
			response.destroy();
			return;
		}
		if ( response.destroyed ) {
			return;
		}
		response.writeHead( status, { 'content-type': 'application/json' } );
		response.end(
			JSON.stringify( {
				status,
				error: http.STATUS_CODES[ status ],
				message,
			} )
		);
	};

	/**
	 * Relays the upstream's answer. `early`: given before the upstream had the whole body (a 413, say); it reads
	 * no more of it, so the rest is dropped, and its connection, holding half a request, is closed once read.
	 *
	 * @param {http.ClientRequest}   outgoing
	 * @param {http.IncomingMessage} incoming
	 * @param {() => void}           release
	 * @param {boolean}              early
	 */
	const pass = ( outgoing, incoming, release, early ) => {
		if ( early ) {
			drain();
		}
		const answerHeaders = endToEndRaw( incoming.rawHeaders );
		const compressor = compressorFor( request, incoming, answerHeaders );
		response.writeHead( incoming.statusCode ?? 502, answerHeaders );
		if ( compressor ) {
			incoming.pipe( compressor ).pipe( response );
		} else {
			incoming.pipe( response );
		}
		incoming.on( 'end', () => {
			release();
			if ( early ) {
				outgoing.destroy();
			}
		} );
		incoming.on( 'aborted', () => {
			release();
			response.destroy();
		} );
	};

	/**
	 * The upstream closed the connection while the body was on its way: most likely it answered before reading
	 * it all (the API's 413 for a body over its limit) and closed, and the answer went down with the connection.
	 * Ask again with the headers alone: an answer given before the body is given again; nothing can act on a
	 * request whose body never comes, and one that waits for it is given up after two seconds.
	 *
	 * @param {URL} target
	 */
	const askAgainWithoutBody = ( target ) => {
		drain();
		// A chunked body is announced by the length that came of it so far: its early answer was about that.
		const { 'transfer-encoding': chunked, ...probeHeaders } = headers;
		if ( chunked ) {
			probeHeaders[ 'content-length' ] = String( received );
		}
		const outgoing = http.request( {
			host: target.hostname,
			port: target.port,
			method: request.method,
			path: request.url ?? '/',
			agent: false,
			headers: probeHeaders,
		} );
		const timer = setTimeout(
			() => outgoing.destroy( new Error( 'no answer' ) ),
			2000
		);
		outgoing.on( 'response', ( incoming ) => {
			clearTimeout( timer );
			pass( outgoing, incoming, () => {}, true );
		} );
		outgoing.on( 'error', ( error ) => {
			clearTimeout( timer );
			if ( ! response.headersSent ) {
				fail(
					502,
					`The ${ label } service closed the connection (${
						error.code ?? error.message
					}).`
				);
			}
		} );
		outgoing.flushHeaders();
	};

	const attempt = async () => {
		let target = upstream;
		let release = () => {};
		if ( pooled ) {
			const lease = await upstream.acquire();
			if ( ! lease ) {
				fail(
					503,
					`No ${ label } server is free (${ upstream.up } up); try again in a moment.`
				);
				return;
			}
			if ( response.destroyed ) {
				lease.release();
				return;
			}
			target = lease.url;
			release = lease.release;
		}
		let answered = false;
		const outgoing = http.request( {
			host: target.hostname,
			port: target.port,
			method: request.method,
			path: request.url ?? '/',
			agent,
			headers,
		} );
		outgoing.on( 'response', ( incoming ) => {
			answered = true;
			pass( outgoing, incoming, release, ! request.complete );
		} );
		outgoing.on( 'error', ( error ) => {
			if ( answered ) {
				// Sending the rest of a body the upstream had already answered failed: the answer stands.
				return;
			}
			release();
			if ( response.destroyed ) {
				return;
			}
			if (
				! pooled &&
				hasBody( request ) &&
				[ 'EPIPE', 'ECONNRESET' ].includes( error.code )
			) {
				askAgainWithoutBody( target );
				return;
			}
			if (
				retries > 0 &&
				[ 'ECONNREFUSED', 'ECONNRESET' ].includes( error.code )
			) {
				retries--;
				attempt();
				return;
			}
			fail(
				502,
				`The ${ label } service is not answering (${
					error.code ?? error.message
				}).`
			);
		} );
		response.once( 'close', () => {
			if ( ! response.writableFinished ) {
				// The client went away before its answer: so does the request upstream.
				outgoing.destroy();
				release();
			}
		} );
		if ( request.readableEnded ) {
			outgoing.end();
		} else {
			request.pipe( outgoing );
			request.on( 'data', ( chunk ) => ( received += chunk.length ) );
		}
	};
	await attempt();
}
