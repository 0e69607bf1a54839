import type { ErrorObject } from 'ajv';
import { HttpError } from './errors.ts';

/**
 * Turns the first schema error of a request into one sentence that names the field. Where the spec words a
 * message, the contract carries it next to the rule as `x-messages: { <keyword>: "…" }` (for `required`, one
 * message per property), so the wording lives in openapi.yaml and not in code. Placeholders: `{field}`, `{value}`
 * and `{allowed}`.
 */

export type RequestPart = 'body' | 'querystring' | 'params';

export class RequestValidationError extends HttpError {
	readonly part: RequestPart;
	readonly errors: ErrorObject[];

	constructor( part: RequestPart, errors: ErrorObject[] ) {
		super( 400, describeValidationErrors( part, errors ) );
		this.name = 'RequestValidationError';
		this.part = part;
		this.errors = errors;
	}
}

type Messages = Record< string, string | Record< string, string > >;

function segments( instancePath: string ): string[] {
	return instancePath
		.split( '/' )
		.slice( 1 )
		.map( ( segment ) =>
			segment.replace( /~1/g, '/' ).replace( /~0/g, '~' )
		);
}

function subjectPath( error: ErrorObject ): string[] {
	const path = segments( error.instancePath );
	if ( error.keyword === 'required' ) {
		path.push( String( error.params.missingProperty ) );
	} else if ( error.keyword === 'additionalProperties' ) {
		path.push( String( error.params.additionalProperty ) );
	}
	return path;
}

function label( part: RequestPart, path: string[] ): string {
	const named = path.filter( ( segment ) => ! /^\d+$/.test( segment ) );
	if ( part === 'querystring' ) {
		return named.length
			? `query parameter '${ named[ 0 ] }'`
			: 'the query string';
	}
	if ( part === 'params' ) {
		return named.length ? `path parameter '${ named[ 0 ] }'` : 'the path';
	}
	return named.length ? named.join( '.' ) : 'the request body';
}

function fieldName( part: RequestPart, path: string[] ): string {
	const named = path.filter( ( segment ) => ! /^\d+$/.test( segment ) );
	return (
		( part === 'body' ? named[ named.length - 1 ] : named[ 0 ] ) ?? 'value'
	);
}

function customMessage( error: ErrorObject ): string | undefined {
	const messages = (
		error.parentSchema as { 'x-messages'?: Messages } | undefined
	 )?.[ 'x-messages' ];
	const entry = messages?.[ error.keyword ];
	if ( typeof entry === 'string' ) {
		return entry;
	}
	if ( entry && error.keyword === 'required' ) {
		return entry[ String( error.params.missingProperty ) ];
	}
	return undefined;
}

function defaultMessage(
	part: RequestPart,
	error: ErrorObject,
	path: string[]
): string {
	const subject = label( part, path );
	switch ( error.keyword ) {
		case 'required':
			return `${ subject } is required`;
		case 'additionalProperties':
			return part === 'body'
				? `unknown field '${ path.join( '.' ) }' in the request body`
				: `unknown ${ subject }`;
		case 'enum':
			return `${ subject } must be one of: ${ (
				error.params.allowedValues as unknown[]
			 ).join( ', ' ) }`;
		default:
			return `${ subject } ${ error.message ?? 'is invalid' }`;
	}
}

export function describeValidationErrors(
	part: RequestPart,
	errors: ErrorObject[]
): string {
	const error = errors[ 0 ];
	if ( ! error ) {
		return part === 'body'
			? 'A JSON request body is required'
			: `The ${
					part === 'querystring' ? 'query string' : 'path'
			  } is invalid`;
	}
	const path = subjectPath( error );
	const template = customMessage( error );
	const message = template
		? template
				.replace( /\{field\}/g, fieldName( part, path ) )
				.replace( /\{value\}/g, String( error.data ) )
				.replace(
					/\{allowed\}/g,
					(
						( error.params.allowedValues as
							| unknown[]
							| undefined ) ?? []
					).join( ', ' )
				)
		: defaultMessage( part, error, path );
	return message.charAt( 0 ).toUpperCase() + message.slice( 1 );
}
