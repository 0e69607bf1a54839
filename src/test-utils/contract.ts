import fs from 'fs';
import path from 'path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The fakes' answers checked against api/openapi.yaml at run time, the way the API checks its own answers
 * (api/src/lib/openapi.ts): the tests read the contract file itself, so a fake that drifts from it fails.
 */

const CONTRACT = path.resolve( __dirname, '../../api/openapi.yaml' );

/** Ajv knows the whole document under this id, so its `#/components/…` references resolve inside it. */
const DOCUMENT_ID = 'openapi.json';

interface Reference {
	$ref: string;
}

interface ResponseObject {
	content?: Record< string, { schema?: unknown } >;
}

interface Operation {
	operationId: string;
	responses: Record< string, ResponseObject | Reference >;
}

interface Document {
	paths: Record< string, Record< string, Operation > >;
}

export interface ContractOperation {
	operationId: string;
	/** The contract's path, e.g. `/users/me/popups/{popupId}`. */
	path: string;
	method: string;
	operation: Operation;
}

let loaded: { document: Document; ajv: Ajv2020 } | undefined;

function contract() {
	if ( ! loaded ) {
		const document = parse(
			fs.readFileSync( CONTRACT, 'utf8' )
		) as Document;
		// Not strict: the document is more than JSON Schema (paths, x-messages…); the schemas inside validate as
		// they do in the API.
		const ajv = new Ajv2020( { strict: false, allErrors: true } );
		addFormats( ajv );
		ajv.addSchema( { ...document, $id: DOCUMENT_ID } );
		loaded = { document, ajv };
	}
	return loaded;
}

const escapePointer = ( part: string ) =>
	part.replace( /~/g, '~0' ).replace( /\//g, '~1' );

const pathPattern = ( template: string ) =>
	new RegExp(
		`^${ template
			.split( /\{[^}]+\}/ )
			.map( ( part ) => part.replace( /[.*+?^$()|[\]\\]/g, '\\$&' ) )
			.join( '[^/]+' ) }$`
	);

/**
 * The operation a request reaches, routed as the API routes it: HEAD as GET.
 *
 * @param method E.g. `GET`.
 * @param route  The path under the API base, e.g. `/users/me/popups/3`.
 */
export function operationAt(
	method: string,
	route: string
): ContractOperation | undefined {
	const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
	for ( const [ template, item ] of Object.entries(
		contract().document.paths
	) ) {
		if ( item[ verb ] && pathPattern( template ).test( route ) ) {
			return {
				operationId: item[ verb ].operationId,
				path: template,
				method: verb,
				operation: item[ verb ],
			};
		}
	}
	return undefined;
}

const validators = new Map< string, ValidateFunction >();

function validatorAt( pointer: string ) {
	let validate = validators.get( pointer );
	if ( ! validate ) {
		validate = contract().ajv.compile( {
			$ref: `${ DOCUMENT_ID }#${ pointer }`,
		} );
		validators.set( pointer, validate );
	}
	return validate;
}

/**
 * Why the contract does not allow this answer, or null when it does.
 *
 * @param method E.g. `GET`.
 * @param route  The path under the API base.
 * @param status
 * @param body   Undefined for an answer without a body.
 */
export function contractProblem(
	method: string,
	route: string,
	status: number,
	body: unknown
): string | null {
	const where = `${ method } ${ route } → ${ status }`;
	const reached = operationAt( method, route );
	if ( ! reached ) {
		return `${ where }: no operation of api/openapi.yaml has this method and path`;
	}
	const { responses } = reached.operation;
	const key = [ String( status ), `${ String( status )[ 0 ] }XX`, 'DEFAULT' ]
		.map( ( candidate ) =>
			Object.keys( responses ).find(
				( declared ) => declared.toUpperCase() === candidate
			)
		)
		.find( Boolean );
	if ( ! key ) {
		return `${ where }: ${ reached.operationId } declares no such status`;
	}
	let pointer = [
		'',
		'paths',
		escapePointer( reached.path ),
		reached.method,
		'responses',
		key,
	].join( '/' );
	let response = responses[ key ];
	if ( '$ref' in response ) {
		pointer = response.$ref.slice( 1 );
		response = pointer
			.split( '/' )
			.slice( 1 )
			.reduce< unknown >(
				( node, part ) =>
					( node as Record< string, unknown > )[
						part.replace( /~1/g, '/' ).replace( /~0/g, '~' )
					],
				contract().document
			) as ResponseObject;
	}
	if ( ! response.content?.[ 'application/json' ]?.schema ) {
		return body === undefined
			? null
			: `${ where }: ${ reached.operationId } answers this status without a body`;
	}
	// HEAD answers the headers of GET without its body.
	if ( body === undefined && method.toUpperCase() === 'HEAD' ) {
		return null;
	}
	const validate = validatorAt(
		`${ pointer }/content/application~1json/schema`
	);
	return validate( body )
		? null
		: `${ where }: ${ contract().ajv.errorsText( validate.errors, {
				dataVar: reached.operationId,
		  } ) }`;
}
