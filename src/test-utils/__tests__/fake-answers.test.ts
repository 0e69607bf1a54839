import apiFetch from '@wordpress/api-fetch';

import {
	RANK,
	ME,
	campaign,
	pageOf,
	paged,
} from '../../widgets/dashboard/__tests__/helpers';
import {
	emailRoute,
	free,
	taken,
} from '../../widgets/signup/__tests__/helpers';
import { contractProblem } from '../contract';
import {
	FakeApi,
	apiError,
	takeContractViolations,
	type FakeAnswer,
	type RecordedRequest,
} from '../fake-api';
import { DANA, testConfig } from '../fixtures';

/**
 * The canned answers the widget tests share, each against the answer api/openapi.yaml declares for its route.
 * Every answer a fake sends during any test is checked the same way (setup-tests.ts); this names the shared ones,
 * so a fixture that drifts from the contract fails here first, by name.
 */

const request = ( search = '' ) =>
	( {
		url: new URL( `http://scouts.test/api/users/me/campaigns${ search }` ),
	} ) as RecordedRequest;

const [ , emailPath ] = emailRoute().split( ' ' );

const canned: Array< [ string, string, string, FakeAnswer ] > = [
	[ 'DANA', 'GET', '/users/me', { status: 200, body: DANA } ],
	[ 'the dashboard’s ME', 'GET', '/users/me', { status: 200, body: ME } ],
	[ 'RANK', 'GET', '/users/me/rank', { status: 200, body: RANK } ],
	[ 'an empty page', 'GET', '/users/me/campaigns', pageOf( [] ) ],
	[
		'a page of campaigns',
		'GET',
		'/users/me/campaigns',
		pageOf( [
			campaign(),
			campaign( { id: 2, visibility: { type: 'candidate' } } ),
		] ),
	],
	[
		'the last of 25 campaigns',
		'GET',
		'/users/me/campaigns',
		paged( 25 )( request( '?start=20' ) ),
	],
	[ 'an email that is free', 'HEAD', emailPath, free ],
	[ 'an email that is taken', 'HEAD', emailPath, taken ],
	[ 'an error', 'GET', '/users/me', apiError( 500, 'Database unavailable' ) ],
	[ 'a refused sign-up', 'POST', '/users', apiError( 412, 'Taken' ) ],
];

describe( 'the fakes’ canned answers', () => {
	it.each( canned )(
		'%s is what api/openapi.yaml lets %s %s answer',
		( _name, method, route, { status, body } ) => {
			expect( contractProblem( method, route, status, body ) ).toBeNull();
		}
	);

	it( 'tells a drifting answer from a right one', () => {
		expect(
			contractProblem( 'GET', '/users/me/rank', 200, {
				...RANK,
				level: 'Gold',
			} )
		).toMatch( /getMyRank/ );
		expect(
			contractProblem( 'GET', '/users/me/campaigns', 200, {
				results: [ { ...campaign(), visibility: undefined } ],
				start: 0,
				limit: 10,
				size: 1,
				total: 1,
			} )
		).toMatch( /visibility/ );
		expect(
			contractProblem( 'GET', '/users/me/popups/3', 404, {
				message: 'Popup not found',
			} )
		).toMatch( /getMyPopup/ );
		// The contract answers 404, not an empty list, when the tester has no devices.
		expect(
			contractProblem( 'GET', '/users/me/devices', 200, [] )
		).toMatch( /listMyDevices must NOT have fewer than 1 items/ );
		expect(
			contractProblem( 'GET', '/users/me/no-such-list', 200, [] )
		).toMatch( /no operation/ );
	} );

	it( 'has the fake report an answer the contract does not allow', async () => {
		const config = testConfig();
		new FakeApi( {
			apiBase: config.apiBase,
			ajaxUrl: config.ajaxUrl,
		} ).on( 'GET /users/me/rank', {
			status: 200,
			body: { ...RANK, points: 'many' as unknown as number },
		} );

		await apiFetch( {
			url: `${ config.apiBase }/users/me/rank`,
			headers: { Authorization: 'Bearer token-1' },
		} );

		const violations = takeContractViolations();
		expect( violations ).toHaveLength( 1 );
		expect( violations[ 0 ] ).toMatch(
			/^GET \/users\/me\/rank → 200: .*points/
		);
	} );
} );
