import { screen } from '@testing-library/react';

import { RequireLogin } from '../require-login';
import { NO_TESTER_MESSAGE } from '../no-tester-notice';
import { FakeApi, apiError } from '../../test-utils/fake-api';
import { testConfig } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render-with-providers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

const gate = (
	<RequireLogin fields={ [ 'id' ] } loadingLabel="Loading…">
		{ ( me ) => <p>Tester { me.id }</p> }
	</RequireLogin>
);

describe( 'RequireLogin', () => {
	it( 'tells a logged-in user without a tester profile so, in place of the login card', async () => {
		api.on( 'GET /users/me', apiError( 403, NO_TESTER_MESSAGE ) );

		await renderWithProviders( gate, {
			config: {
				user: {
					id: 1,
					displayName: 'Site Admin',
					roles: [ 'administrator' ],
				},
			},
		} );

		expect(
			await screen.findByRole( 'heading', {
				name: 'This account has no Scout profile',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( /You are logged in as Site Admin, an account/ )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'heading', { name: 'Login to continue' } )
		).not.toBeInTheDocument();
		expect( screen.queryByLabelText( 'Email' ) ).not.toBeInTheDocument();
		// One question, no refresh and no retry: nothing goes round in a loop.
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 1 );
	} );

	it( 'shows a visitor the login card without asking the API', async () => {
		api.on( 'GET /users/me', apiError( 403, 'Not logged in' ) );

		await renderWithProviders( gate, {
			config: { token: null, user: null },
		} );

		expect(
			await screen.findByRole( 'heading', { name: 'Login to continue' } )
		).toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 0 );
	} );

	it( 'still shows the login card for any other 403', async () => {
		api.on( 'GET /users/me', apiError( 403, 'Not logged in' ) );

		await renderWithProviders( gate );

		expect(
			await screen.findByRole( 'heading', { name: 'Login to continue' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'heading', {
				name: 'This account has no Scout profile',
			} )
		).not.toBeInTheDocument();
	} );
} );
