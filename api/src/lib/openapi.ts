import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import ajv2020Module from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { GENERIC_MESSAGE, errorBody } from './errors.ts';
import {
	RequestValidationError,
	type RequestPart,
} from './validation-messages.ts';

/**
 * The contract drives the routes: every operation of openapi.yaml becomes a Fastify route under the base path of
 * `servers[0].url`, served by the handler named after its operationId. Requests are validated against the
 * operation's parameters and body before the handler runs; answers are validated against the operation's
 * responses before they are sent, and an answer the contract does not allow becomes a 500 logged as a contract
 * violation, so a drifting handler fails loudly in tests instead of surprising the front end.
 */

export type JsonSchema = Record< string, unknown >;

interface Reference {
	$ref: string;
}

export interface ParameterObject {
	name: string;
	in: 'query' | 'path' | 'header' | 'cookie';
	required?: boolean;
	style?: string;
	explode?: boolean;
	schema?: JsonSchema;
}

interface MediaTypeObject {
	schema?: JsonSchema;
}

interface RequestBodyObject {
	required?: boolean;
	content?: Record< string, MediaTypeObject >;
}

interface ResponseObject {
	description?: string;
	content?: Record< string, MediaTypeObject >;
}

type SecurityRequirement = Record< string, string[] >;

export interface OperationObject {
	operationId?: string;
	parameters?: Array< ParameterObject | Reference >;
	requestBody?: RequestBodyObject | Reference;
	responses?: Record< string, ResponseObject | Reference >;
	security?: SecurityRequirement[];
}

type PathItem = Partial< Record< HttpMethod, OperationObject > > & {
	parameters?: Array< ParameterObject | Reference >;
};

export interface OpenApiDocument {
	openapi: string;
	servers?: Array< { url: string } >;
	security?: SecurityRequirement[];
	paths: Record< string, PathItem >;
	components?: { schemas?: Record< string, JsonSchema > } & Record<
		string,
		unknown
	>;
}

/**
 * A route handler. Each handler types its request for its own operation (contract/handler.ts) and the loader
 * serves every operation, so the request's route types stay open here.
 */
export type OperationHandler = (
	request: FastifyRequest< any >,
	reply: FastifyReply
) => Promise< unknown >;

const HTTP_METHODS = [
	'get',
	'put',
	'post',
	'delete',
	'patch',
	'options',
	'head',
] as const;
type HttpMethod = ( typeof HTTP_METHODS )[ number ];

/** Added to every query string by @wordpress/api-fetch; a transport detail, so no operation has to list it. */
const TRANSPORT_QUERY_PARAMETERS: Record< string, JsonSchema > = {
	_locale: { type: 'string' },
};

/** Where the component schemas live for Ajv: `#/components/schemas/X` is rewritten to `openapi.json#/$defs/X`. */
const DEFS_ID = 'openapi.json';

/** OpenAPI keywords and our own extension that are annotations to a JSON Schema validator. */
const ANNOTATION_KEYWORDS = [
	'x-messages',
	'example',
	'discriminator',
	'xml',
	'externalDocs',
];

// Both packages are CommonJS with an `exports.default`; from ESM the class and the plugin sit on `.default`.
const Ajv2020 = ajv2020Module.default;
type Ajv = InstanceType< typeof Ajv2020 >;
const addFormats = formatsModule.default;

/** api/openapi.yaml, seen from src/lib (tsx) or from dist/src/lib (compiled build). */
export const DEFAULT_DOCUMENT_PATH = [
	'../../openapi.yaml',
	'../../../openapi.yaml',
]
	.map( ( relative ) =>
		fileURLToPath( new URL( relative, import.meta.url ) )
	)
	.find( ( candidate ) => fs.existsSync( candidate ) ) as string;

/** Documents already read, by file: a process that builds several apps (the tests) parses the contract once. */
const loaded = new Map< string, OpenApiDocument >();

/**
 * The contract at `file`, read once per process; callers treat it as read-only.
 *
 * @param file
 */
export function loadOpenApiDocument(
	file: string = DEFAULT_DOCUMENT_PATH
): OpenApiDocument {
	let document = loaded.get( file );
	if ( ! document ) {
		document = readOpenApiDocument( file );
		loaded.set( file, document );
	}
	return document;
}

function readOpenApiDocument( file: string ): OpenApiDocument {
	const document = parseYaml(
		fs.readFileSync( file, 'utf8' )
	) as OpenApiDocument;
	if (
		! document ||
		typeof document.openapi !== 'string' ||
		! document.openapi.startsWith( '3.1' )
	) {
		throw new Error( `${ file } is not an OpenAPI 3.1 document` );
	}
	if ( typeof document.paths !== 'object' || document.paths === null ) {
		throw new Error( `${ file } has no paths` );
	}
	return document;
}

function isReference( value: unknown ): value is Reference {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof ( value as Reference ).$ref === 'string'
	);
}

/** Follows `#/…` references between OpenAPI objects (parameters, bodies, responses, schemas). */
function resolve< T >( document: OpenApiDocument, value: T | Reference ): T {
	let current: unknown = value;
	for ( let hops = 0; isReference( current ); hops++ ) {
		const ref = current.$ref;
		if ( hops > 32 || ! ref.startsWith( '#/' ) ) {
			throw new Error(
				`Cannot resolve the reference "${ ref }" in openapi.yaml`
			);
		}
		current = ref
			.slice( 2 )
			.split( '/' )
			.map( ( part ) => part.replace( /~1/g, '/' ).replace( /~0/g, '~' ) )
			.reduce< unknown >(
				( node, part ) =>
					( node as Record< string, unknown > | undefined )?.[ part ],
				document
			);
		if ( current === undefined ) {
			throw new Error(
				`The reference "${ ref }" in openapi.yaml points at nothing`
			);
		}
	}
	return current as T;
}

/** A deep copy whose component references point into the schema Ajv knows as `openapi.json`. */
function absolutise< T >( schema: T ): T {
	if ( Array.isArray( schema ) ) {
		return schema.map( absolutise ) as T;
	}
	if ( typeof schema !== 'object' || schema === null ) {
		return schema;
	}
	const copy: Record< string, unknown > = {};
	for ( const [ key, value ] of Object.entries( schema ) ) {
		copy[ key ] =
			key === '$ref' &&
			typeof value === 'string' &&
			value.startsWith( '#/components/schemas/' )
				? `${ DEFS_ID }#/$defs/${ value.slice(
						'#/components/schemas/'.length
				  ) }`
				: absolutise( value );
	}
	return copy as T;
}

function createAjv(
	document: OpenApiDocument,
	coerceTypes: boolean | 'array',
	allErrors: boolean,
	useDefaults = false
): Ajv {
	const ajv = new Ajv2020( {
		strict: true,
		// Subschemas such as `allOf: [{ minLength: 6 }]` carry no type of their own; that is intended.
		strictTypes: false,
		allErrors,
		coerceTypes,
		useDefaults,
		// parentSchema on every error is how the messages find their `x-messages`.
		verbose: true,
	} );
	addFormats( ajv );
	for ( const keyword of ANNOTATION_KEYWORDS ) {
		ajv.addKeyword( { keyword } );
	}
	ajv.addSchema( {
		$id: DEFS_ID,
		$defs: absolutise( document.components?.schemas ?? {} ),
	} );
	return ajv;
}

export interface ContractViolation {
	message: string;
	errors?: ErrorObject[];
}

export interface CompiledOperation {
	operationId: string;
	method: Uppercase< HttpMethod >;
	/** The contract's path, e.g. `/users/me`. */
	path: string;
	/** Whether the operation requires a bearer token. */
	secured: boolean;
	/** @throws RequestValidationError */
	validateRequest: ( request: {
		params?: unknown;
		query?: unknown;
		body?: unknown;
	} ) => {
		params: unknown;
		query: unknown;
		body: unknown;
	};
	/** Null when the contract allows this answer. */
	checkResponse: (
		status: number,
		payload: unknown
	) => ContractViolation | null;
	/** Compiles the checks not compiled yet (with `lazy`, each is compiled on its first use otherwise). */
	compile: () => void;
}

/** A validator compiled on its first use: each call gives the one compiled function. */
type LazyValidator = () => ValidateFunction;

function lazyValidator( ajv: Ajv, schema: JsonSchema ): LazyValidator {
	let compiled: ValidateFunction | undefined;
	return () => ( compiled ??= ajv.compile( schema ) );
}

/**
 * Compiles every operation of the document into request and response checks. With `lazy`, a check is compiled
 * the first time it runs: an app that answers a few operations (a test) skips compiling the rest, which is most
 * of its start-up; a schema Ajv refuses then fails that request instead of the start, so the server compiles
 * eagerly (the default) and the contract's own test compiles everything.
 *
 * @param document
 * @param options
 * @param options.lazy
 */
export function compileOperations(
	document: OpenApiDocument,
	{ lazy = false }: { lazy?: boolean } = {}
): CompiledOperation[] {
	// Only parameters get the contract's defaults: a body gains no field the client did not send (a PATCH changes
	// what it names), and an answer is checked, never completed.
	const parameterAjv = createAjv( document, 'array', false, true );
	const strictAjv = createAjv( document, false, false );
	const responseAjv = createAjv( document, false, true );
	const operations: CompiledOperation[] = [];
	const seen = new Set< string >();

	for ( const [ path, pathItem ] of Object.entries( document.paths ) ) {
		for ( const method of HTTP_METHODS ) {
			const operation = pathItem[ method ];
			if ( ! operation ) {
				continue;
			}
			const where = `${ method.toUpperCase() } ${ path }`;
			const { operationId } = operation;
			if ( ! operationId ) {
				throw new Error(
					`${ where } in openapi.yaml has no operationId`
				);
			}
			if ( seen.has( operationId ) ) {
				throw new Error(
					`The operationId ${ operationId } is used twice in openapi.yaml`
				);
			}
			seen.add( operationId );

			const parameters = new Map< string, ParameterObject >();
			for ( const parameter of [
				...( pathItem.parameters ?? [] ),
				...( operation.parameters ?? [] ),
			] ) {
				const resolved = resolve( document, parameter );
				parameters.set(
					`${ resolved.in }:${ resolved.name }`,
					resolved
				);
			}
			const inPath = [ ...parameters.values() ].filter(
				( parameter ) => parameter.in === 'path'
			);
			const inQuery = [ ...parameters.values() ].filter(
				( parameter ) => parameter.in === 'query'
			);

			const validateParams = lazyValidator( parameterAjv, {
				type: 'object',
				properties: Object.fromEntries(
					inPath.map( ( p ) => [
						p.name,
						parameterSchema( document, p ),
					] )
				),
				required: inPath.map( ( parameter ) => parameter.name ),
				additionalProperties: false,
			} );
			const validateQuery = lazyValidator( parameterAjv, {
				type: 'object',
				properties: {
					...TRANSPORT_QUERY_PARAMETERS,
					...Object.fromEntries(
						inQuery.map( ( p ) => [
							p.name,
							parameterSchema( document, p ),
						] )
					),
				},
				required: inQuery
					.filter( ( parameter ) => parameter.required )
					.map( ( parameter ) => parameter.name ),
				additionalProperties: false,
			} );
			// `style: form, explode: false` arrays travel as one comma-separated value: `fields=name,booty`.
			const commaLists = inQuery
				.filter(
					( parameter ) =>
						( parameter.style ?? 'form' ) === 'form' &&
						parameter.explode === false &&
						resolve< JsonSchema >(
							document,
							parameter.schema ?? {}
						).type === 'array'
				)
				.map( ( parameter ) => parameter.name );
			// A boolean in a query is also written `1` or `0` (`showExpired=1`), which Ajv would not coerce.
			const flags = inQuery
				.filter(
					( parameter ) =>
						resolve< JsonSchema >(
							document,
							parameter.schema ?? {}
						).type === 'boolean'
				)
				.map( ( parameter ) => parameter.name );
			// `style: deepObject` objects travel as one query key per property: `filterBy[campaign]=3`.
			const deepObjects = inQuery
				.filter( ( parameter ) => parameter.style === 'deepObject' )
				.map( ( parameter ) => parameter.name );

			const requestBody = operation.requestBody
				? resolve( document, operation.requestBody )
				: undefined;
			const bodySchema =
				requestBody?.content?.[ 'application/json' ]?.schema;
			const validateBody = bodySchema
				? lazyValidator( strictAjv, absolutise( bodySchema ) )
				: undefined;
			const bodyRequired = Boolean( requestBody?.required );

			const responses = new Map< string, LazyValidator | 'empty' >();
			for ( const [ status, response ] of Object.entries(
				operation.responses ?? {}
			) ) {
				const schema = resolve( document, response ).content?.[
					'application/json'
				]?.schema;
				responses.set(
					status.toUpperCase(),
					schema
						? lazyValidator( responseAjv, absolutise( schema ) )
						: 'empty'
				);
			}

			const security = operation.security ?? document.security ?? [];
			const secured = security.some(
				( requirement ) => 'bearerAuth' in requirement
			);

			const validators = [
				validateParams,
				validateQuery,
				...( validateBody ? [ validateBody ] : [] ),
				...[ ...responses.values() ].filter(
					( value ): value is LazyValidator => value !== 'empty'
				),
			];
			const compile = () =>
				validators.forEach( ( validator ) => validator() );
			if ( ! lazy ) {
				compile();
			}

			operations.push( {
				operationId,
				compile,
				method: method.toUpperCase() as Uppercase< HttpMethod >,
				path,
				secured,
				validateRequest( request ) {
					const params = {
						...( request.params as object | undefined ),
					};
					check( 'params', validateParams, params );
					const query = collectDeepObjects(
						splitCommaLists(
							readFlags(
								{ ...( request.query as object | undefined ) },
								flags
							),
							commaLists
						),
						deepObjects
					);
					check( 'querystring', validateQuery, query );
					let body = request.body;
					if ( validateBody ) {
						if ( body === undefined || body === null ) {
							if ( bodyRequired ) {
								throw new RequestValidationError( 'body', [] );
							}
						} else {
							check( 'body', validateBody, body );
						}
					} else if (
						body !== undefined &&
						body !== null &&
						body !== ''
					) {
						throw new RequestValidationError( 'body', [
							{
								keyword: 'not',
								instancePath: '',
								schemaPath: '#',
								params: {},
								message:
									'must be empty: this operation takes no body',
							},
						] );
					} else {
						body = undefined;
					}
					return { params, query, body };
				},
				checkResponse( status, payload ) {
					const text = String( status );
					const expected =
						responses.get( text ) ??
						responses.get( `${ text[ 0 ] }XX` ) ??
						responses.get( 'DEFAULT' );
					if ( ! expected ) {
						return {
							message: `status ${ status } is not declared for ${ operationId }`,
						};
					}
					if ( expected === 'empty' ) {
						return payload === undefined ||
							payload === null ||
							payload === ''
							? null
							: {
									message: `status ${ status } of ${ operationId } must have no body`,
							  };
					}
					const validate = expected();
					if ( validate( payload ) ) {
						return null;
					}
					const errors = validate.errors ?? [];
					return {
						message: `the body of status ${ status } does not match the contract of ${ operationId }: ${ responseAjv.errorsText(
							errors
						) }`,
						errors: errors.map(
							( {
								keyword,
								instancePath,
								schemaPath,
								params,
								message,
							} ) => ( {
								keyword,
								instancePath,
								schemaPath,
								params,
								message,
							} )
						),
					};
				},
			} );
		}
	}
	return operations;
}

/**
 * A parameter's schema for the request validator, with the default of a referenced schema (`$ref: Locale`) copied
 * beside the reference: Ajv fills in only a default written on the property itself.
 *
 * @param document
 * @param parameter
 */
function parameterSchema(
	document: OpenApiDocument,
	parameter: ParameterObject
): JsonSchema {
	const schema = absolutise( parameter.schema ?? {} );
	if ( schema.default !== undefined || ! isReference( schema ) ) {
		return schema;
	}
	const { default: fallback } = resolve< JsonSchema >(
		document,
		parameter.schema as JsonSchema
	);
	return fallback === undefined ? schema : { ...schema, default: fallback };
}

function check(
	part: RequestPart,
	validator: LazyValidator,
	data: unknown
): void {
	const validate = validator();
	if ( ! validate( data ) ) {
		throw new RequestValidationError( part, validate.errors ?? [] );
	}
	const inexact = findInexactNumber( data );
	if ( inexact ) {
		throw new RequestValidationError( part, [ inexact ] );
	}
}

export const INEXACT_NUMBER_MESSAGE = `must be a number from ${ -Number.MAX_SAFE_INTEGER } to ${
	Number.MAX_SAFE_INTEGER
}`;

/**
 * The first number of a validated request that is not finite or beyond the safe integers, as a schema error.
 * Ajv's coercion turns "Infinity" and "1e999" into Infinity without checking the type again, and its strict
 * numbers then skip `minimum` and `maximum` for it; JSON.parse reads 1e999 as Infinity too; and past 2^53 a
 * number is no longer the one the client wrote. One rule for every parameter and body, whatever its schema.
 *
 * @param data
 */
function findInexactNumber( data: unknown ): ErrorObject | undefined {
	// A stack, not recursion: a body may nest deeper than the call stack goes.
	const pending: Array< [ unknown, string ] > = [ [ data, '' ] ];
	while ( pending.length ) {
		const [ value, instancePath ] = pending.pop()!;
		if ( typeof value === 'number' ) {
			if ( ! ( Math.abs( value ) <= Number.MAX_SAFE_INTEGER ) ) {
				return {
					keyword: 'safeNumber',
					instancePath,
					schemaPath: '#',
					params: {},
					message: INEXACT_NUMBER_MESSAGE,
					data: value,
				};
			}
		} else if ( typeof value === 'object' && value !== null ) {
			// Reversed onto the stack, so that the first one in the request is the one reported.
			for ( const [ key, item ] of Object.entries( value ).reverse() ) {
				pending.push( [
					item,
					`${ instancePath }/${ key
						.replace( /~/g, '~0' )
						.replace( /\//g, '~1' ) }`,
				] );
			}
		}
	}
	return undefined;
}

/**
 * Reads `1` and `0` as the booleans a query means by them; anything else is left for the contract to judge.
 *
 * @param query
 * @param names The boolean parameters.
 */
function readFlags(
	query: Record< string, unknown >,
	names: string[]
): Record< string, unknown > {
	for ( const name of names ) {
		if ( query[ name ] === '1' || query[ name ] === '0' ) {
			query[ name ] = query[ name ] === '1';
		}
	}
	return query;
}

function splitCommaLists(
	query: Record< string, unknown >,
	names: string[]
): Record< string, unknown > {
	for ( const name of names ) {
		const value = query[ name ];
		if ( value === undefined ) {
			continue;
		}
		query[ name ] = ( Array.isArray( value ) ? value : [ value ] )
			.flatMap( ( item ) => String( item ).split( ',' ) )
			.map( ( item ) => item.trim() )
			.filter( Boolean );
	}
	return query;
}

/**
 * Gathers `name[key]=value` query keys into `name: { key: value }` for the deepObject parameters; any other
 * bracketed key is left as it is, so the contract reports it as unknown.
 *
 * @param query
 * @param names
 */
function collectDeepObjects(
	query: Record< string, unknown >,
	names: string[]
): Record< string, unknown > {
	if ( ! names.length ) {
		return query;
	}
	for ( const key of Object.keys( query ) ) {
		const match = /^([A-Za-z_]\w*)\[([A-Za-z_]\w*)\]$/.exec( key );
		if ( ! match || ! names.includes( match[ 1 ] ) ) {
			continue;
		}
		const [ , name, property ] = match;
		const target = query[ name ];
		if (
			target !== undefined &&
			( typeof target !== 'object' || target === null )
		) {
			continue;
		}
		query[ name ] = {
			...( target as Record< string, unknown > | undefined ),
			[ property ]: query[ key ],
		};
		delete query[ key ];
	}
	return query;
}

export interface RegisterOptions {
	document: OpenApiDocument;
	handlers: Record< string, OperationHandler >;
	/** The onRequest hook of operations secured by bearerAuth. */
	authenticate: (
		request: FastifyRequest,
		reply: FastifyReply
	) => Promise< void >;
	/** Compile each check on its first use (compileOperations); apps built with it share their checks. */
	lazy?: boolean;
}

/** Lazily compiled operations by document: the apps of one process share what any of them compiled. */
const sharedOperations = new WeakMap< OpenApiDocument, CompiledOperation[] >();

function lazyOperations( document: OpenApiDocument ): CompiledOperation[] {
	let operations = sharedOperations.get( document );
	if ( ! operations ) {
		operations = compileOperations( document, { lazy: true } );
		sharedOperations.set( document, operations );
	}
	return operations;
}

/**
 * Registers one route per operation. Fails at start-up when an operation has no handler or a handler no
 * operation, so the contract and the code cannot drift apart silently.
 *
 * @param app
 */
export function registerOpenApi(
	app: FastifyInstance,
	{ document, handlers, authenticate, lazy = false }: RegisterOptions
) {
	const prefix = ( document.servers?.[ 0 ]?.url ?? '' ).replace( /\/+$/, '' );
	const operations = lazy
		? lazyOperations( document )
		: compileOperations( document );
	const missing = operations.filter(
		( operation ) => ! handlers[ operation.operationId ]
	);
	const unused = Object.keys( handlers ).filter(
		( id ) => ! operations.some( ( op ) => op.operationId === id )
	);
	if ( missing.length || unused.length ) {
		throw new Error(
			[
				missing.length &&
					`operations without a handler: ${ missing
						.map( ( op ) => op.operationId )
						.join( ', ' ) }`,
				unused.length &&
					`handlers without an operation in openapi.yaml: ${ unused.join(
						', '
					) }`,
			]
				.filter( Boolean )
				.join( '; ' )
		);
	}

	for ( const operation of operations ) {
		const handler = handlers[ operation.operationId ];
		const checked = new WeakSet< FastifyReply >();

		const violation = (
			request: FastifyRequest,
			reply: FastifyReply,
			problem: ContractViolation
		) => {
			request.log.error(
				{
					operationId: operation.operationId,
					status: reply.statusCode,
					violation: problem,
				},
				'response contract violation'
			);
			reply.code( 500 ).type( 'application/json' );
			return errorBody( 500, GENERIC_MESSAGE );
		};

		app.route( {
			method: operation.method,
			url: prefix + operation.path.replace( /\{([^}]+)\}/g, ':$1' ),
			onRequest: operation.secured ? authenticate : undefined,
			async preValidation( request ) {
				const { params, query, body } =
					operation.validateRequest( request );
				request.params = params;
				request.query = query;
				request.body = body;
			},
			async preSerialization(
				request: FastifyRequest,
				reply: FastifyReply,
				payload: unknown
			) {
				checked.add( reply );
				const problem = operation.checkResponse(
					reply.statusCode,
					payload
				);
				return problem ? violation( request, reply, problem ) : payload;
			},
			// Answers that skip serialisation (strings, empty bodies) are checked here instead; streams and
			// buffers are not JSON answers and pass as they are.
			async onSend( request, reply, payload ) {
				if ( checked.has( reply ) || reply.statusCode >= 500 ) {
					return payload;
				}
				let body: unknown = payload;
				if ( typeof payload === 'string' && payload !== '' ) {
					try {
						body = JSON.parse( payload );
					} catch {
						body = payload;
					}
				} else if (
					payload !== null &&
					payload !== undefined &&
					payload !== ''
				) {
					return payload;
				}
				const problem = operation.checkResponse(
					reply.statusCode,
					body
				);
				return problem
					? JSON.stringify( violation( request, reply, problem ) )
					: payload;
			},
			handler,
		} );
	}
	return operations;
}
