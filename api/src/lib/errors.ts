import { STATUS_CODES } from 'node:http';
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

	constructor(
		statusCode: number,
		message: string,
		options?: { cause?: unknown; headers?: Record< string, string > }
	) {
		super( message, options );
		this.name = 'HttpError';
		this.statusCode = statusCode;
		this.headers = options?.headers ?? {};
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
		.send( errorBody( status, message ) );
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

export function registerErrorHandlers( app: FastifyInstance ) {
	app.setErrorHandler( handleError );
	app.setNotFoundHandler( handleNotFound );
}
