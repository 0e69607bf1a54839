import apiFetch from '@wordpress/api-fetch';

import { makeStore, stateFromConfig } from '../../store/store';
import {
	FakeApi,
	apiError,
	deferred,
	type FakeAnswer,
} from '../../test-utils/fake-api';
import { DANA, testConfig } from '../../test-utils/fixtures';
import { api } from '../api';
import { bindTransport } from '../transport';

const config = testConfig();

const NO_CAMPAIGNS = { results: [], start: 0, limit: 10, size: 0, total: 0 };

const testApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		campaigns: build.query< unknown, void >( {
			query: () => ( {
				url: '/users/me/campaigns',
				params: {
					start: 0,
					limit: 10,
					filterBy: { accepted: 1, completed: 0 },
				},
			} ),
		} ),
		// A route the contract does not have: the transport does not care which route it carries.
		devices: build.query< unknown, void >( {
			query: () => ( { url: '/test-devices' } ),
		} ),
		updateMe: build.mutation< unknown, { name: string } >( {
			query: ( body ) => ( { url: '/users/me', method: 'PATCH', body } ),
		} ),
	} ),
} );

function setUp() {
	const store = makeStore( stateFromConfig( config ), {
		checksWarnAfterMs: Number.POSITIVE_INFINITY,
	} );
	bindTransport( store );
	const fake = new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} );
	return { store, fake };
}

describe( 'the transport', () => {
	it( 'sends the bearer token and the language to the API, with the query encoded like the spec', async () => {
		const { store, fake } = setUp();
		fake.on( 'GET /users/me/campaigns', {
			status: 200,
			body: NO_CAMPAIGNS,
		} );

		const result = await store.dispatch(
			testApi.endpoints.campaigns.initiate()
		);

		expect( result.data ).toEqual( NO_CAMPAIGNS );
		const [ request ] = fake.requestsTo( 'GET /users/me/campaigns' );
		expect( request.headers ).toMatchObject( {
			Authorization: 'Bearer token-1',
			'Accept-Language': 'en',
		} );
		expect( Object.fromEntries( request.url.searchParams ) ).toEqual( {
			start: '0',
			limit: '10',
			'filterBy[accepted]': '1',
			'filterBy[completed]': '0',
			_locale: 'user',
		} );
	} );

	it( 'keeps the token away from anything but the API', async () => {
		const { fake } = setUp();

		await apiFetch( {
			url: 'http://scouts.test/wp-json/wp/v2/pages',
			parse: false,
		} ).catch( () => undefined );

		expect( fake.requests[ 0 ].headers.Authorization ).toBeUndefined();
		expect(
			fake.requests[ 0 ].headers[ 'Accept-Language' ]
		).toBeUndefined();
	} );

	it( 'sends updates as JSON, tunnelled through POST by api-fetch', async () => {
		const { store, fake } = setUp();
		fake.on( 'PATCH /users/me', ( request ) => ( {
			status: 200,
			body: { ...DANA, ...( request.body as object ) },
		} ) );

		const result = await store.dispatch(
			testApi.endpoints.updateMe.initiate( { name: 'Daniela' } )
		);

		expect( result ).toMatchObject( { data: { name: 'Daniela' } } );
		const [ request ] = fake.requestsTo( 'PATCH /users/me' );
		expect( request.headers[ 'X-HTTP-Method-Override' ] ).toBe( 'PATCH' );
		expect( request.body ).toEqual( { name: 'Daniela' } );
	} );

	it( "normalises errors to {status, message} with the API's message", async () => {
		const { store, fake } = setUp();
		fake.on( 'GET /test-devices', apiError( 404, 'No devices' ) );

		const result = await store.dispatch(
			testApi.endpoints.devices.initiate()
		);

		expect( result.error ).toEqual( {
			status: 404,
			message: 'No devices',
		} );
	} );

	it( "falls back to the spec's message when the error body is not the API's JSON", async () => {
		const { store } = setUp();
		apiFetch.setFetchHandler( () =>
			Promise.reject(
				new Response( '<h1>Bad gateway</h1>', { status: 502 } )
			)
		);

		const result = await store.dispatch(
			testApi.endpoints.devices.initiate()
		);

		expect( result.error ).toEqual( {
			status: 502,
			message: 'Something went wrong',
		} );
	} );

	it( 'reports a network failure as status 0', async () => {
		const { store } = setUp();
		apiFetch.setFetchHandler( () =>
			Promise.reject( {
				code: 'fetch_error',
				message: 'You are probably offline.',
			} )
		);

		const result = await store.dispatch(
			testApi.endpoints.devices.initiate()
		);

		expect( result.error ).toEqual( {
			status: 0,
			message: 'Something went wrong',
		} );
	} );

	it( 'shares one refresh between requests that hit 401 together', async () => {
		const { store, fake } = setUp();
		const refresh = deferred< FakeAnswer >();
		fake.acceptOnly( 'token-2' )
			.on( 'GET /test-devices', { status: 200, body: [] } )
			.on( 'GET /users/me/campaigns', {
				status: 200,
				body: NO_CAMPAIGNS,
			} )
			.onAjax( 'crowdscout_refresh_token', () => refresh.promise );

		const devices = store.dispatch( testApi.endpoints.devices.initiate() );
		const campaigns = store.dispatch(
			testApi.endpoints.campaigns.initiate()
		);
		await new Promise( ( settle ) => setTimeout( settle, 0 ) );
		refresh.resolve( {
			status: 200,
			body: {
				success: true,
				data: { token: 'token-2', expiresAt: null },
			},
		} );

		expect( ( await devices ).data ).toEqual( [] );
		expect( ( await campaigns ).data ).toEqual( NO_CAMPAIGNS );
		expect( fake.ajaxCalls( 'crowdscout_refresh_token' ) ).toHaveLength(
			1
		);
	} );

	it( 'does not refresh again when the token was refreshed while a request was in flight', async () => {
		const { store, fake } = setUp();
		const slowAnswer = deferred< void >();
		fake.acceptOnly( 'token-2' )
			.on( 'GET /test-devices', { status: 200, body: [] } )
			.on( 'GET /users/me/campaigns', {
				status: 200,
				body: NO_CAMPAIGNS,
			} )
			.onAjax( 'crowdscout_refresh_token', {
				status: 200,
				body: {
					success: true,
					data: { token: 'token-2', expiresAt: null },
				},
			} );
		// The campaigns request leaves with the old token, but its 401 arrives after the refresh is over.
		fake.hold(
			( request ) =>
				request.route === '/users/me/campaigns' &&
				request.headers.Authorization === 'Bearer token-1',
			slowAnswer.promise
		);

		const campaigns = store.dispatch(
			testApi.endpoints.campaigns.initiate()
		);
		expect(
			( await store.dispatch( testApi.endpoints.devices.initiate() ) )
				.data
		).toEqual( [] );
		slowAnswer.resolve();

		expect( ( await campaigns ).data ).toEqual( NO_CAMPAIGNS );
		expect( fake.ajaxCalls( 'crowdscout_refresh_token' ) ).toHaveLength(
			1
		);
	} );
} );
