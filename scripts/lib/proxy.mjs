import http from 'node:http';

/**
 * The development reverse proxy: `/api` and `/api/*` go to the API, everything else to WordPress. The Host
 * header is kept, so WordPress builds its links for the proxy's address; the client's address travels in
 * X-Forwarded-For.
 *
 * @param {{ port: number, host?: string, api: URL, wordpress: URL }} options
 * @return {Promise<http.Server>} The listening server.
 */
export function startProxy( { port, host = '127.0.0.1', api, wordpress } ) {
	const agent = new http.Agent( { keepAlive: true, maxSockets: 64 } );
	const server = http.createServer( ( request, response ) => {
		const path = request.url ?? '/';
		const target =
			path === '/api' ||
			path.startsWith( '/api/' ) ||
			path.startsWith( '/api?' )
				? api
				: wordpress;
		const forwardedFor = [
			request.headers[ 'x-forwarded-for' ],
			request.socket.remoteAddress,
		]
			.filter( Boolean )
			.join( ', ' );
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path,
				agent,
				headers: {
					...request.headers,
					'x-forwarded-for': forwardedFor,
					'x-forwarded-proto': 'http',
				},
			},
			( upstreamResponse ) => {
				response.writeHead(
					upstreamResponse.statusCode ?? 502,
					upstreamResponse.rawHeaders
				);
				upstreamResponse.pipe( response );
			}
		);
		upstream.on( 'error', ( error ) => {
			if ( ! response.headersSent ) {
				const body = JSON.stringify( {
					status: 502,
					error: 'Bad Gateway',
					message: `The ${
						target === api ? 'API' : 'WordPress'
					} service is not answering (${
						error.code ?? error.message
					}).`,
				} );
				response.writeHead( 502, {
					'content-type': 'application/json',
				} );
				response.end( body );
			} else {
				response.destroy( error );
			}
		} );
		request.pipe( upstream );
	} );
	server.keepAliveTimeout = 65000;
	return new Promise( ( resolve, reject ) => {
		server.once( 'error', reject );
		server.listen( port, host, () => resolve( server ) );
	} );
}
