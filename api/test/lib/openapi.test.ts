import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
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
import type { Tester } from '../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../helpers/context.ts';
import { get } from '../helpers/requests.ts';

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
				'PUT /users/me replaceMe bearer',
				'DELETE /users/me deleteMe bearer',
				'PATCH /users/me updateMe bearer',
				'POST /users/me/email_confirmation confirmMyEmail bearer',
				'GET /users/me/pending_booty getMyPendingBooty bearer',
				'GET /users/me/pending_booty/details listMyBootyDetails bearer',
				'GET /users/me/payments listMyPayments bearer',
				'POST /users/me/payments createMyPayment bearer',
				'GET /users/me/payments/{paymentId} listMyPaymentItems bearer',
				'GET /admin/payments listPayments bearer',
				'POST /admin/payments/{paymentId}/paid markPaymentPaid bearer',
				'GET /admin/payments/export exportPaidPayments bearer',
				'GET /admin/testers listAdminTesters bearer',
				'GET /admin/testers/{testerId} getAdminTester bearer',
				'POST /admin/testers/{testerId}/experience changeAdminTesterExperience bearer',
				'GET /admin/summary getAdminSummary bearer',
				'GET /admin/audit listAuditEntries bearer',
				'GET /admin/popups listAdminPopups bearer',
				'POST /admin/popups createAdminPopup bearer',
				'GET /admin/popups/{popupId} getAdminPopup bearer',
				'PUT /admin/popups/{popupId} updateAdminPopup bearer',
				'DELETE /admin/popups/{popupId} deleteAdminPopup bearer',
				'GET /admin/campaigns/{campaignId}/candidates listCandidates bearer',
				'POST /admin/campaigns/{campaignId}/candidates setCandidatesStatus bearer',
				'GET /admin/fiscal_profiles listFiscalProfiles bearer',
				'POST /admin/fiscal_profiles/{testerId}/review reviewFiscalProfile bearer',
				'GET /admin/campaigns/{campaignId}/bugs listCampaignBugs bearer',
				'POST /admin/campaigns/{campaignId}/bugs/review reviewCampaignBugs bearer',
				'GET /admin/bugs/{bugId} getAdminBug bearer',
				'POST /admin/bugs/{bugId}/review reviewAdminBug bearer',
				'GET /admin/campaigns listAdminCampaigns bearer',
				'POST /admin/campaigns createAdminCampaign bearer',
				'GET /admin/campaigns/{campaignId} getAdminCampaign bearer',
				'PUT /admin/campaigns/{campaignId} updateAdminCampaign bearer',
				'POST /admin/campaigns/{campaignId}/duplicate duplicateAdminCampaign bearer',
				'POST /admin/campaigns/{campaignId}/close closeAdminCampaign bearer',
				'GET /admin/campaign_choices getAdminCampaignChoices bearer',
				'GET /users/me/popups listMyPopups bearer',
				'GET /users/me/popups/{popupId} getMyPopup bearer',
				'GET /users/me/campaigns listMyCampaigns bearer',
				'GET /campaigns listCampaigns bearer',
				'GET /users/me/experience listMyExperience bearer',
				'GET /users/me/experience/filters listMyExperienceFilters bearer',
				'GET /users/me/bugs listMyBugs bearer',
				'GET /users/me/bugs/{bugId} getMyBug bearer',
				'GET /media/{key} getMedia open',
				'GET /users/me/rank getMyRank bearer',
				'GET /users/me/rank/list getMyRankList bearer',
				'PUT /users/me/additionals/{fieldId} updateMyAdditional bearer',
				'PUT /users/me/languages replaceMyLanguages bearer',
				'POST /users/me/languages addMyLanguages bearer',
				'DELETE /users/me/languages/{languageId} deleteMyLanguage bearer',
				'POST /users/me/certifications addMyCertification bearer',
				'DELETE /users/me/certifications/{certificationId} deleteMyCertification bearer',
				'GET /users/me/devices listMyDevices bearer',
				'POST /users/me/devices addMyDevice bearer',
				'GET /users/me/devices/{deviceId} getMyDevice bearer',
				'DELETE /users/me/devices/{deviceId} deleteMyDevice bearer',
				'PATCH /users/me/devices/{deviceId} updateMyDevice bearer',
				'GET /languages listLanguages bearer',
				'GET /employments listEmployments bearer',
				'GET /education listEducation bearer',
				'GET /custom_user_fields listCustomUserFields bearer',
				'GET /levels listLevels bearer',
				'GET /certifications listCertifications bearer',
				'GET /countries/{code}/region listCountryRegions bearer',
				'GET /devices/{deviceType}/models listDeviceModels bearer',
				'GET /devices/{deviceType}/operating_systems listOperatingSystems bearer',
				'GET /devices/{deviceType}/os_versions listOsVersions bearer',
				'GET /places searchPlaces bearer',
				'GET /users/me/fiscal getMyFiscal bearer',
				'PUT /users/me/fiscal updateMyFiscal bearer',
				'POST /users/me/fiscal createMyFiscal bearer',
				'GET /users/me/campaigns/{campaignId} getMyCampaign bearer',
				'GET /users/me/campaigns/{campaignId}/preview getMyCampaignPreview bearer',
				'GET /users/me/campaigns/{campaignId}/payout_data getMyCampaignPayoutData bearer',
				'GET /users/me/campaigns/{campaignId}/tasks listMyCampaignTasks bearer',
				'POST /users/me/campaigns/{campaignId}/start startMyCampaign bearer',
				'GET /users/me/campaigns/{campaignId}/forms getMyCampaignForm bearer',
				'POST /users/me/campaigns/{campaignId}/forms applyToMyCampaign bearer',
				'GET /users/me/campaigns/{campaignId}/devices listMyCampaignDevices bearer',
				'GET /users/me/campaigns/{campaignId}/compatible_devices listMyCompatibleDevices bearer',
				'POST /users/me/campaigns/{campaignId}/tasks/{taskId} completeMyCampaignTask bearer',
				'GET /users/me/campaigns/{campaignId}/tasks/{taskId}/media listMyTaskMedia bearer',
				'POST /users/me/campaigns/{campaignId}/tasks/{taskId}/media uploadMyTaskMedia bearer',
				'DELETE /users/me/campaigns/{campaignId}/tasks/{taskId}/media/{mediaId} deleteMyTaskMedia bearer',
				'POST /users/me/campaigns/{campaignId}/media uploadMyBugMedia bearer',
				'DELETE /media deleteMyMedia bearer',
				'POST /users/me/campaigns/{campaignId}/bugs createMyBug bearer',
				'GET /users/me/campaigns/{campaignId}/bugs/similar listMySimilarBugs bearer',
				'GET /users/me/campaigns/{campaignId}/bug_payouts getMyBugPayouts bearer',
				'GET /public/bugs/{bugId}/{token} getPublicBug open',
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

	it( 'compiles a bad schema at start, or with lazy on the first request that needs it', () => {
		const broken: OpenApiDocument = {
			openapi: '3.1.0',
			paths: {
				'/things': {
					post: {
						operationId: 'postThing',
						requestBody: {
							content: {
								'application/json': {
									schema: {
										type: 'object',
										minProperties: 'two',
									},
								},
							},
						},
						responses: { 204: { description: 'done' } },
					},
				},
			},
		};
		assert.throws( () => compileOperations( broken ), /minProperties/ );
		const [ postThing ] = compileOperations( broken, { lazy: true } );
		assert.deepEqual( postThing.validateRequest( {} ).body, undefined );
		assert.throws(
			() => postThing.validateRequest( { body: {} } ),
			/minProperties/
		);
		assert.throws( () => postThing.compile(), /minProperties/ );
	} );

	it( 'checks the same with lazy compiling as compiled at start', () => {
		const [ lazy ] = compileOperations( document, { lazy: true } ).filter(
			( op ) => op.operationId === 'createUser'
		);
		const eager = operation( 'createUser' );
		const attempt = ( op: CompiledOperation ) => {
			try {
				op.validateRequest( { body: { email: 'a@b.co' } } );
				return 'accepted';
			} catch ( error ) {
				return ( error as Error ).message;
			}
		};
		assert.notEqual( attempt( eager ), 'accepted' );
		assert.equal( attempt( lazy ), attempt( eager ) );
		assert.deepEqual(
			lazy.checkResponse( 200, { id: 'x' } ),
			eager.checkResponse( 200, { id: 'x' } )
		);
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

	it( 'refuses infinite and inexact numbers in path parameters and JSON bodies', async () => {
		const app = Fastify();
		registerErrorHandlers( app );
		registerOpenApi( app, {
			document: tiny,
			handlers: { putThing: async () => ( {} ) },
			authenticate: noAuth,
		} );
		const put = ( url: string, payload: string ) =>
			app.inject( {
				method: 'PUT',
				url,
				headers: { 'content-type': 'application/json' },
				payload,
			} );
		const message = async ( url: string, payload: string ) => {
			const response = await put( url, payload );
			assert.equal( response.statusCode, 400, response.body );
			return response.json().message;
		};
		assert.equal(
			( await put( '/v9/things/12', '{"n":3}' ) ).statusCode,
			200
		);
		assert.match(
			await message( '/v9/things/1e999', '{"n":3}' ),
			/^Path parameter 'thingId' must be a number from/
		);
		// JSON.parse reads 1e999 as Infinity, which Ajv's strict numbers refuse as not an integer.
		assert.equal(
			await message( '/v9/things/12', '{"n":1e999}' ),
			'N must be integer'
		);
		assert.match(
			await message( '/v9/things/12', '{"n":9007199254740993}' ),
			/^N must be a number from -9007199254740991 to 9007199254740991$/
		);
		// Wherever it sits, also where the schema says nothing of it.
		assert.match(
			await message(
				'/v9/things/12',
				'{"n":3,"notes":[{"weight":-1e400}]}'
			),
			/^Notes\.weight must be a number from/
		);
		await app.close();
	} );
} );

describe( 'numbers in requests', () => {
	let ctx: TestContext;
	let tester: Tester;
	before( async () => {
		ctx = await startTestContext();
		tester = await ctx.createTester();
	} );
	after( () => ctx.close() );

	const NOT_EXACT = [ 'Infinity', '-Infinity', '1e999', '9007199254740993' ];

	/** The other query parameters a list cannot do without, so the refusal is about the number alone. */
	const REQUIRED: Record< string, string > = {
		'/places': 'country=IT&search=mil&',
		'/admin/payments/export': 'from=2026-01-01&to=2026-01-31&',
		'/admin/audit': 'subjectType=bug&subjectId=1&',
	};

	/** Every GET of the contract that pages with start or limit. */
	const lists = Object.entries( document.paths ).flatMap(
		( [ path, item ] ) => {
			const names = ( item.get?.parameters ?? [] ).map( ( parameter ) =>
				'$ref' in parameter
					? (
							document.components?.parameters as Record<
								string,
								{ name: string }
							>
					   )[ parameter.$ref.split( '/' ).pop() as string ].name
					: parameter.name
			);
			return names.includes( 'start' ) || names.includes( 'limit' )
				? [ path ]
				: [];
		}
	);

	const assertRefused = (
		response: Awaited< ReturnType< typeof get > >,
		named: string
	) => {
		assert.equal( response.statusCode, 400, response.body );
		const body = response.json();
		assert.deepEqual( Object.keys( body ).sort(), [
			'error',
			'message',
			'status',
		] );
		assert.equal( body.status, 400 );
		assert.equal( body.error, 'Bad Request' );
		assert.ok( body.message.includes( `'${ named }'` ), body.message );
	};

	it( 'answers 400 naming start or limit, on every list, for infinite and inexact numbers', async () => {
		assert.ok( lists.length >= 4, lists.join( ', ' ) );
		for ( const path of lists ) {
			for ( const name of [ 'start', 'limit' ] ) {
				for ( const value of NOT_EXACT ) {
					assertRefused(
						await get(
							ctx,
							// A path parameter (a payment's id) is any valid one: the query is refused first.
							`${ path.replace( /\{[^}]+\}/g, '1' ) }?${
								REQUIRED[ path ] ?? ''
							}${ name }=${ encodeURIComponent( value ) }`,
							tester
						),
						name
					);
				}
			}
		}
	} );

	it( 'refuses them in deepObject filters and path parameters too', async () => {
		for ( const value of NOT_EXACT ) {
			assertRefused(
				await get(
					ctx,
					`/users/me/bugs?filterBy[severity]=${ value }`,
					tester
				),
				'filterBy'
			);
			assertRefused(
				await get(
					ctx,
					`/users/me/bugs?filterBy[campaign]=${ value }`,
					tester
				),
				'filterBy'
			);
			assertRefused(
				await get( ctx, `/users/me/popups/${ value }`, tester ),
				'popupId'
			);
		}
		const refused = await get( ctx, '/users/me/popups/-Infinity', tester );
		assert.equal(
			refused.json().message,
			"Path parameter 'popupId' must be a number from -9007199254740991 to 9007199254740991"
		);
	} );

	it( 'still takes the largest exact numbers, and answers without an error logged', async () => {
		const largest = await get(
			ctx,
			'/users/me/bugs?filterBy[campaign]=9007199254740991',
			tester
		);
		assert.equal( largest.statusCode, 200, largest.body );
		const errors = ctx.logs
			.map( ( line ) => JSON.parse( line ) )
			.filter( ( line ) => line.level >= 50 );
		assert.deepEqual( errors, [] );
	} );
} );
