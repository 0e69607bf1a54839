import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
	FastifyError,
	FastifyInstance,
	FastifyReply,
	FastifyRequest,
} from 'fastify';

/** The one error body of the API (docs/contracts.md). */
export interface ErrorBody {
	status: number;
	error: string;
	message: string;
}

export const GENERIC_MESSAGE = 'Something went wrong';

/**
 * An error whose status and message are meant for the client. Anything else that reaches the error handler is
 * a bug or an outage and is answered with a 500 and the generic message, never with its own text.
 */
export class HttpError extends Error {
	readonly statusCode: number;

	/** Headers the answer carries, e.g. Retry-After on a 429. */
	readonly headers: Record< string, string >;

	/** Fields the error body carries besides status, error and message (an upload's `errorCode`), as the contract declares them. */
	readonly fields: Record< string, string >;

	constructor(
		statusCode: number,
		message: string,
		options?: {
			cause?: unknown;
			headers?: Record< string, string >;
			fields?: Record< string, string >;
		}
	) {
		super( message, options );
		this.name = 'HttpError';
		this.statusCode = statusCode;
		this.headers = options?.headers ?? {};
		this.fields = options?.fields ?? {};
	}
}

export const badRequest = ( message: string ) => new HttpError( 400, message );
export const unauthorized = ( message: string ) =>
	new HttpError( 401, message );
export const forbidden = ( message: string ) => new HttpError( 403, message );
export const notFound = ( message: string ) => new HttpError( 404, message );
export const notAcceptable = ( message: string ) =>
	new HttpError( 406, message );
export const preconditionFailed = ( message: string ) =>
	new HttpError( 412, message );
export const expectationFailed = ( message: string ) =>
	new HttpError( 417, message );
/** The spec's "no change" answer (device edit); 304 carries no body by definition. */
export const notModified = () => new HttpError( 304, 'Not Modified' );

export function errorBody( status: number, message: string ): ErrorBody {
	return { status, error: STATUS_CODES[ status ] ?? 'Error', message };
}

function isFastifyError( error: unknown ): error is FastifyError {
	return (
		error instanceof Error &&
		typeof ( error as FastifyError ).statusCode === 'number'
	);
}

/**
 * Maps whatever a route throws to the error body: client errors keep their message; server errors are logged
 * with their cause and answered with the generic message so internals never leak.
 */
export function handleError(
	error: unknown,
	request: FastifyRequest,
	reply: FastifyReply
) {
	let status = 500;
	let message = GENERIC_MESSAGE;
	if ( error instanceof HttpError || isFastifyError( error ) ) {
		status = error.statusCode ?? 500;
		if ( status < 500 || error instanceof HttpError ) {
			message = error.message;
		}
	}
	if ( status === 304 ) {
		return reply.code( 304 ).send();
	}
	if ( status < 400 || status > 599 ) {
		status = 500;
		message = GENERIC_MESSAGE;
	}
	if ( error instanceof HttpError ) {
		reply.headers( error.headers );
	}
	if ( status >= 500 ) {
		request.log.error( { err: error }, 'request failed' );
	} else {
		request.log.info( { status, reason: message }, 'request refused' );
	}
	return reply
		.code( status )
		.type( 'application/json' )
		.send( {
			...( error instanceof HttpError && status < 500
				? error.fields
				: {} ),
			...errorBody( status, message ),
		} );
}

export function handleNotFound( request: FastifyRequest, reply: FastifyReply ) {
	return reply
		.code( 404 )
		.type( 'application/json' )
		.send(
			errorBody(
				404,
				`No route ${ request.method } ${
					request.url.split( '?' )[ 0 ]
				}`
			)
		);
}

/**
 * Fastify's router refusing a URL before any route or hook (its `frameworkErrors`): a path parameter longer than
 * `maxParamLength`, a path whose percent-encoding does not decode.
 *
 * @param error
 * @param request
 * @param reply
 */
export function handleFrameworkError(
	error: FastifyError,
	request: FastifyRequest,
	reply: FastifyReply
) {
	if ( error.code === 'FST_ERR_MAX_PARAM_LENGTH' ) {
		const limit =
			request.server.initialConfig.routerOptions?.maxParamLength;
		return handleError(
			new HttpError(
				414,
				`A path parameter is longer than ${ limit } characters`
			),
			request,
			reply
		);
	}
	if ( error.code === 'FST_ERR_BAD_URL' ) {
		return handleError(
			badRequest(
				'The path is not a valid URL: its percent-encoding does not decode'
			),
			request,
			reply
		);
	}
	return handleError( error, request, reply );
}

const CLIENT_ERRORS: Record< string, [ number, string ] > = {
	ERR_HTTP_REQUEST_TIMEOUT: [ 408, 'The request was not received in time' ],
	HPE_HEADER_OVERFLOW: [ 431, 'The request line and headers are too large' ],
};

/**
 * Node's HTTP parser refusing a request before Fastify sees it (the server's `clientError`, Fastify's
 * `clientErrorHandler`): the answer is written on the socket, which is then closed, as Fastify's own handler does.
 *
 * @param error
 * @param socket
 */
export function handleClientError(
	error: Error & { code?: string },
	socket: Socket
) {
	// A reset connection has no one left to answer.
	if ( error.code === 'ECONNRESET' || socket.destroyed ) {
		return;
	}
	const [ status, message ] = CLIENT_ERRORS[ error.code ?? '' ] ?? [
		400,
		'The request is not valid HTTP',
	];
	const body = JSON.stringify( errorBody( status, message ) );
	if ( socket.writable ) {
		socket.write(
			`HTTP/1.1 ${ status } ${ STATUS_CODES[ status ] }\r\n` +
				'Content-Type: application/json\r\n' +
				`Content-Length: ${ Buffer.byteLength( body ) }\r\n` +
				'Connection: close\r\n\r\n' +
				body
		);
	}
	socket.destroy( error );
}

export const CLOSING_MESSAGE = 'The service is shutting down; try again';

/**
 * The error handler, the JSON 404 and the 503 of a request still arriving on an open connection while the server
 * closes: the app is built with `return503OnClosing: false`, for Fastify's own 503 has a body of its own.
 *
 * @param app
 */
export function registerErrorHandlers( app: FastifyInstance ) {
	app.setErrorHandler( handleError );
	app.setNotFoundHandler( handleNotFound );
	let closing = false;
	app.addHook( 'preClose', async () => {
		closing = true;
	} );
	// Answered here rather than thrown: a deliberate refusal, not an error to log with its stack on every deploy.
	app.addHook( 'onRequest', ( _request, reply, done ) => {
		if ( ! closing ) {
			return done();
		}
		reply
			.code( 503 )
			.type( 'application/json' )
			.send( errorBody( 503, CLOSING_MESSAGE ) );
	} );
}
