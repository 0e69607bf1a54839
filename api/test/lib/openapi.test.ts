import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerErrorHandlers } from '../../src/lib/errors.ts';
import {
	compileOperations,
	loadOpenApiDocument,
	registerOpenApi,
	type CompiledOperation,
	type OpenApiDocument,
} from '../../src/lib/openapi.ts';
import { RequestValidationError } from '../../src/lib/validation-messages.ts';
import { handlers } from '../../src/features/index.ts';
import { USER_FIELDS } from '../../src/features/me/profile.ts';

const document = loadOpenApiDocument();
const operations = compileOperations( document );
const operation = ( id: string ) =>
	operations.find( ( op ) => op.operationId === id ) as CompiledOperation;

const noAuth = async () => {};

describe( 'openapi.yaml', () => {
	it( 'is OpenAPI 3.1 under /api with the operations of this stage', () => {
		assert.equal( document.openapi.slice( 0, 3 ), '3.1' );
		assert.deepEqual( document.servers, [ { url: '/api' } ] );
		assert.deepEqual(
			operations.map(
				( op ) =>
					`${ op.method } ${ op.path } ${ op.operationId } ${
						op.secured ? 'bearer' : 'open'
					}`
			),
			[
				'GET /health getHealth open',
				'POST /authenticate authenticate open',
				'POST /users createUser open',
				'GET /users/by-email/{email} checkEmail open',
				'GET /users/me getMe bearer',
				'PATCH /users/me updateMe bearer',
				'GET /users/me/pending_booty getMyPendingBooty bearer',
				'GET /users/me/popups listMyPopups bearer',
				'GET /users/me/popups/{popupId} getMyPopup bearer',
				'GET /users/me/campaigns listMyCampaigns bearer',
				'GET /campaigns listCampaigns bearer',
				'GET /users/me/experience listMyExperience bearer',
				'GET /users/me/bugs listMyBugs bearer',
				'GET /users/me/rank getMyRank bearer',
				'GET /users/me/rank/list getMyRankList bearer',
			]
		);
	} );

	it( 'lists exactly the user fields the profile service produces, plus all', () => {
		const schemas = document.components?.schemas as Record<
			string,
			{ enum: string[] }
		>;
		assert.deepEqual(
			[ ...schemas.UserField.enum ].sort(),
			[ 'all', ...USER_FIELDS ].sort()
		);
	} );

	it( 'has a handler for every operation and no handler without one', () => {
		assert.deepEqual(
			Object.keys( handlers ).sort(),
			operations.map( ( op ) => op.operationId ).sort()
		);
	} );

	it( 'declares the error body for every error status', () => {
		for ( const op of operations ) {
			assert.equal(
				op.checkResponse( 418, {
					status: 418,
					error: "I'm a Teapot",
					message: 'x',
				} ),
				null,
				op.operationId
			);
			assert.notEqual(
				op.checkResponse( 418, { message: 'x' } ),
				null,
				op.operationId
			);
		}
	} );
} );

describe( 'request validation', () => {
	it( 'splits comma-separated lists and keeps _locale', () => {
		const { query } = operation( 'getMe' ).validateRequest( {
			query: { fields: 'name, booty,,email', _locale: 'user' },
		} );
		assert.deepEqual( query, {
			fields: [ 'name', 'booty', 'email' ],
			_locale: 'user',
		} );
	} );

	it( 'fills in the defaults of query parameters, a referenced schema’s too', () => {
		assert.deepEqual(
			operation( 'listMyCampaigns' ).validateRequest( { query: {} } )
				.query,
			{
				start: 0,
				limit: 10,
				order: 'ASC',
				orderBy: 'start_date',
				locale: 'en',
			}
		);
		assert.deepEqual(
			operation( 'listMyCampaigns' ).validateRequest( {
				query: { start: '20', locale: 'it', 'filterBy[accepted]': '1' },
			} ).query,
			{
				start: 20,
				limit: 10,
				order: 'ASC',
				orderBy: 'start_date',
				locale: 'it',
				filterBy: { accepted: 1 },
			}
		);
		assert.deepEqual(
			operation( 'listMyPopups' ).validateRequest( {} ).query,
			{ showExpired: false }
		);
	} );

	it( 'adds no default to a body or an answer', () => {
		const withDefaults: OpenApiDocument = {
			openapi: '3.1.0',
			paths: {
				'/things': {
					patch: {
						operationId: 'patchThing',
						requestBody: {
							content: {
								'application/json': {
									schema: {
										type: 'object',
										properties: {
											n: { type: 'integer', default: 1 },
										},
									},
								},
							},
						},
						responses: {
							200: {
								description: 'ok',
								content: {
									'application/json': {
										schema: {
											type: 'object',
											properties: {
												m: {
													type: 'integer',
													default: 2,
												},
											},
										},
									},
								},
							},
						},
					},
				},
			},
		};
		const [ patchThing ] = compileOperations( withDefaults );
		assert.deepEqual( patchThing.validateRequest( { body: {} } ).body, {} );
		const answer = {};
		assert.equal( patchThing.checkResponse( 200, answer ), null );
		assert.deepEqual( answer, {} );
	} );

	it( 'throws a RequestValidationError naming the field', () => {
		assert.throws(
			() =>
				operation( 'createUser' ).validateRequest( {
					body: { email: 'a@b.co' },
				} ),
			( error: unknown ) =>
				error instanceof RequestValidationError &&
				error.statusCode === 400 &&
				error.part === 'body'
		);
	} );

	it( 'refuses a missing required body', () => {
		assert.throws(
			() =>
				operation( 'authenticate' ).validateRequest( {
					body: undefined,
				} ),
			/JSON request body is required/
		);
	} );

	it( 'does not coerce body types', () => {
		assert.throws(
			() =>
				operation( 'authenticate' ).validateRequest( {
					body: { username: 'a', password: 123456 },
				} ),
			/Password must be string/
		);
	} );
} );

describe( 'response validation', () => {
	it( 'accepts what the contract allows', () => {
		assert.equal(
			operation( 'getHealth' ).checkResponse( 200, { status: 'ok' } ),
			null
		);
		assert.equal(
			operation( 'getMe' ).checkResponse( 200, {
				id: 1,
				booty: { gross: { value: 1.5, currency: 'EUR' } },
				image: null,
			} ),
			null
		);
	} );

	it( 'flags a body the contract does not allow', () => {
		const extra = operation( 'getHealth' ).checkResponse( 200, {
			status: 'ok',
			uptime: 3,
		} );
		assert.ok( extra );
		assert.match(
			extra.message,
			/does not match the contract of getHealth/
		);
		assert.ok(
			operation( 'getMe' ).checkResponse( 200, { name: 'no id' } )
		);
		assert.ok(
			operation( 'getMe' ).checkResponse( 200, {
				id: 1,
				booty: { gross: 1.5 },
			} )
		);
		assert.ok(
			operation( 'getMe' ).checkResponse( 200, { id: 1, rank: 'third' } )
		);
	} );

	it( 'flags a success status the contract does not declare', () => {
		const problem = operation( 'createUser' ).checkResponse( 200, {
			id: 1,
			wp_user_id: 2,
			email: 'a@b.co',
			name: 'A',
			surname: 'B',
		} );
		assert.ok( problem );
	} );

	it( 'turns a drifting handler into a 500 logged as a contract violation', async () => {
		const logs: string[] = [];
		const app = Fastify( {
			logger: {
				level: 'error',
				stream: new Writable( {
					write( chunk, _encoding, done ) {
						logs.push( String( chunk ) );
						done();
					},
				} ),
			},
		} );
		registerErrorHandlers( app );
		registerOpenApi( app, {
			document,
			handlers: {
				...handlers,
				getHealth: async () => ( { status: 'fine', uptime: 3 } ),
			},
			authenticate: noAuth,
		} );
		const response = await app.inject( {
			method: 'GET',
			url: '/api/health',
		} );
		await app.close();

		assert.equal( response.statusCode, 500 );
		assert.deepEqual( response.json(), {
			status: 500,
			error: 'Internal Server Error',
			message: 'Something went wrong',
		} );
		const entry = logs
			.map( ( line ) => JSON.parse( line ) )
			.find( ( line ) => line.msg === 'response contract violation' );
		assert.ok( entry, 'violation logged' );
		assert.equal( entry.operationId, 'getHealth' );
		assert.equal( entry.status, 200 );
		assert.ok( entry.violation.errors.length > 0 );
	} );

	it( 'also checks answers sent as strings', async () => {
		const app = Fastify();
		registerErrorHandlers( app );
		registerOpenApi( app, {
			document,
			handlers: {
				...handlers,
				getHealth: async ( _request, reply ) =>
					reply
						.type( 'application/json' )
						.send( '{"status":"down"}' ),
			},
			authenticate: noAuth,
		} );
		const response = await app.inject( {
			method: 'GET',
			url: '/api/health',
		} );
		await app.close();
		assert.equal( response.statusCode, 500 );
	} );
} );

describe( 'registration', () => {
	const tiny: OpenApiDocument = {
		openapi: '3.1.0',
		servers: [ { url: '/v9' } ],
		paths: {
			'/things/{thingId}': {
				put: {
					operationId: 'putThing',
					parameters: [
						{
							name: 'thingId',
							in: 'path',
							required: true,
							schema: { type: 'integer' },
						},
					],
					requestBody: {
						required: true,
						content: {
							'application/json': {
								schema: {
									type: 'object',
									required: [ 'n' ],
									properties: { n: { type: 'integer' } },
								},
							},
						},
					},
					responses: {
						200: {
							description: 'ok',
							content: {
								'application/json': {
									schema: { type: 'object' },
								},
							},
						},
						default: {
							description: 'error',
							content: {
								'application/json': {
									schema: { type: 'object' },
								},
							},
						},
					},
				},
			},
		},
	};

	it( 'refuses to start when an operation has no handler or a handler no operation', () => {
		assert.throws(
			() =>
				registerOpenApi( Fastify(), {
					document: tiny,
					handlers: { other: async () => ( {} ) },
					authenticate: noAuth,
				} ),
			/operations without a handler: putThing; handlers without an operation in openapi.yaml: other/
		);
	} );

	it( 'maps path parameters and coerces them to the declared types', async () => {
		const app = Fastify();
		registerErrorHandlers( app );
		registerOpenApi( app, {
			document: tiny,
			handlers: {
				putThing: async ( request ) => ( {
					params: request.params,
					body: request.body,
				} ),
			},
			authenticate: noAuth,
		} );
		const ok = await app.inject( {
			method: 'PUT',
			url: '/v9/things/12',
			payload: { n: 3 },
		} );
		assert.deepEqual( ok.json(), {
			params: { thingId: 12 },
			body: { n: 3 },
		} );
		const bad = await app.inject( {
			method: 'PUT',
			url: '/v9/things/twelve',
			payload: { n: 3 },
		} );
		assert.equal( bad.statusCode, 400 );
		assert.equal(
			bad.json().message,
			"Path parameter 'thingId' must be integer"
		);
		await app.close();
	} );
} );
