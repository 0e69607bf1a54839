import { fireEvent, screen, within } from '@testing-library/react';

import ProfileSummary from '..';
import {
	FakeApi,
	apiError,
	deferred,
	type ApiAnswer,
	type FakeAnswer,
} from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

const refreshAnswer = ( token: string ): FakeAnswer => ( {
	status: 200,
	body: { success: true, data: { token, expiresAt: '2030-01-01T00:30:00Z' } },
} );

const detail = ( label: string ) =>
	screen.getByText( label ).closest( 'div' ) as HTMLElement;

describe( 'profile summary', () => {
	it( "shows the tester's name, id, points and completed campaigns from the API", async () => {
		api.on( 'GET /users/me', { status: 200, body: DANA } );

		await renderWithProviders( <ProfileSummary /> );

		expect(
			await screen.findByRole( 'heading', { name: 'Dana Demo' } )
		).toBeInTheDocument();
		expect( screen.getByText( 'T17' ) ).toBeInTheDocument();
		expect( detail( 'Experience points' ) ).toHaveTextContent( '1,250' );
		expect( detail( 'Completed campaigns' ) ).toHaveTextContent( '7' );

		const [ request ] = api.requestsTo( 'GET /users/me' );
		expect( request.url.searchParams.get( 'fields' ) ).toBe(
			'attended_cp,id,image,name,surname,total_exp_pts'
		);
		expect( request.headers.Authorization ).toBe( 'Bearer token-1' );
		expect( request.headers[ 'Accept-Language' ] ).toBe( 'en' );
	} );

	it( 'announces a spinner while the profile loads', async () => {
		const answer = deferred< ApiAnswer< 'getMe' > >();
		api.on( 'GET /users/me', () => answer.promise );

		await renderWithProviders( <ProfileSummary /> );

		expect(
			screen.getByRole( 'status', { name: 'Loading your profile…' } )
		).toBeInTheDocument();

		answer.resolve( { status: 200, body: DANA } );
		expect(
			await screen.findByRole( 'heading', { name: 'Dana Demo' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();
	} );

	it( 'shows a visitor the login card without asking the API', async () => {
		// A visitor: the page carries no user and no token, so the API could only answer 403.
		await renderWithProviders( <ProfileSummary />, {
			config: { token: null, user: null },
		} );

		expect(
			await screen.findByRole( 'heading', { name: 'Login to continue' } )
		).toBeInTheDocument();
		// The card holds the login form itself.
		expect( await screen.findByLabelText( 'Email' ) ).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Log in' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'link', { name: 'Sign up' } )
		).toHaveAttribute( 'href', 'http://scouts.test/getting-started/' );
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 0 );
		expect( api.ajaxCalls( 'crowdscout_refresh_token' ) ).toHaveLength( 0 );
	} );

	it( 'refreshes an expired token once through admin-ajax, then shows the card', async () => {
		api.acceptOnly( 'token-2' )
			.on( 'GET /users/me', { status: 200, body: DANA } )
			.onAjax( 'crowdscout_refresh_token', refreshAnswer( 'token-2' ) );

		const { store } = await renderWithProviders( <ProfileSummary /> );

		expect(
			await screen.findByRole( 'heading', { name: 'Dana Demo' } )
		).toBeInTheDocument();
		const refreshes = api.ajaxCalls( 'crowdscout_refresh_token' );
		expect( refreshes ).toHaveLength( 1 );
		expect( refreshes[ 0 ].method ).toBe( 'POST' );
		expect( refreshes[ 0 ].headers[ 'Content-Type' ] ).toMatch(
			/^application\/x-www-form-urlencoded/
		);
		expect(
			( refreshes[ 0 ].body as URLSearchParams ).get( '_ajax_nonce' )
		).toBe( 'nonce-1' );
		expect(
			api
				.requestsTo( 'GET /users/me' )
				.map( ( request ) => request.headers.Authorization )
		).toEqual( [ 'Bearer token-1', 'Bearer token-2' ] );
		expect( store.getState().auth ).toEqual( {
			token: 'token-2',
			expiresAt: '2030-01-01T00:30:00Z',
		} );
	} );

	it( 'shows the login card when the token cannot be refreshed', async () => {
		api.acceptOnly( 'token-2' ).onAjax( 'crowdscout_refresh_token', {
			status: 403,
			body: {
				success: false,
				data: { message: 'You are not logged in.' },
			},
		} );

		const { store } = await renderWithProviders( <ProfileSummary /> );

		expect(
			await screen.findByRole( 'heading', { name: 'Login to continue' } )
		).toBeInTheDocument();
		expect( api.ajaxCalls( 'crowdscout_refresh_token' ) ).toHaveLength( 1 );
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 1 );
		expect( store.getState().auth.token ).toBeNull();
	} );

	it( 'shows an error with a retry that works for other failures', async () => {
		let calls = 0;
		api.on( 'GET /users/me', () =>
			++calls === 1
				? apiError( 500, 'Database unavailable' )
				: { status: 200, body: DANA }
		);

		await renderWithProviders( <ProfileSummary /> );

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( "We couldn't load your profile." );
		expect(
			screen.queryByRole( 'heading', { name: 'Login to continue' } )
		).not.toBeInTheDocument();

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);

		expect(
			await screen.findByRole( 'heading', { name: 'Dana Demo' } )
		).toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 2 );
	} );

	it( 'shows an accessible initials avatar when there is no picture', async () => {
		api.on( 'GET /users/me', {
			status: 200,
			body: { ...DANA, image: null },
		} );

		await renderWithProviders( <ProfileSummary /> );

		const avatar = await screen.findByRole( 'img', {
			name: 'Profile picture of Dana Demo',
		} );
		expect( avatar.tagName ).not.toBe( 'IMG' );
		expect( avatar ).toHaveTextContent( 'DD' );
	} );

	it( 'shows the picture when there is one, and initials if it fails to load', async () => {
		const image = 'http://scouts.test/wp-content/uploads/dana.jpg';
		api.on( 'GET /users/me', { status: 200, body: { ...DANA, image } } );

		await renderWithProviders( <ProfileSummary /> );

		const picture = await screen.findByRole( 'img', {
			name: 'Profile picture of Dana Demo',
		} );
		expect( picture ).toHaveAttribute( 'src', image );

		fireEvent.error( picture );

		expect(
			screen.getByRole( 'img', { name: 'Profile picture of Dana Demo' } )
		).toHaveTextContent( 'DD' );
	} );

	it( "speaks the page's language", async () => {
		api.on( 'GET /users/me', {
			status: 200,
			body: { ...DANA, total_exp_pts: 12500 },
		} );

		await renderWithProviders( <ProfileSummary />, {
			config: { locale: 'it' },
		} );

		await screen.findByRole( 'heading', { name: 'Dana Demo' } );
		expect( detail( 'Punti esperienza' ) ).toHaveTextContent( '12.500' );
		expect( detail( 'Campagne completate' ) ).toHaveTextContent( '7' );
		expect(
			api.requestsTo( 'GET /users/me' )[ 0 ].headers[ 'Accept-Language' ]
		).toBe( 'it' );
	} );
} );
