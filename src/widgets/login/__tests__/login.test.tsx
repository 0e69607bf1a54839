import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import Login from '..';
import LoginForm from '../../../components/login/login-form';
import {
	FakeApi,
	deferred,
	type FakeAnswer,
} from '../../../test-utils/fake-api';
import { SITE, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

const visitor = testConfig( { token: null, user: null } );
let api: FakeApi;

const nonce: FakeAnswer = {
	status: 200,
	body: { success: true, data: 'login-nonce-1' },
};
const loginAnswer = (
	loggedin: boolean,
	error: string | null = null
): FakeAnswer => ( {
	status: 200,
	body: { loggedin, message: 'server text', error },
} );

beforeEach( () => {
	api = new FakeApi( { apiBase: visitor.apiBase, ajaxUrl: visitor.ajaxUrl } );
	api.onAjax( 'appq_get_nonce', nonce );
} );

afterEach( () => {
	jest.useRealTimers();
	window.history.replaceState( null, '', '/' );
} );

async function renderForm(
	props: Partial< Parameters< typeof LoginForm >[ 0 ] > = {},
	config = visitor
) {
	const navigate = jest.fn();
	const reload = jest.fn();
	const rendered = await renderWithProviders(
		<LoginForm
			redirectTo={ null }
			navigate={ navigate }
			reload={ reload }
			{ ...props }
		/>,
		{ config }
	);
	return { ...rendered, navigate, reload };
}

function fill( email: string, password: string ) {
	fireEvent.change( screen.getByLabelText( 'Email' ), {
		target: { value: email },
	} );
	fireEvent.change( screen.getByLabelText( 'Password' ), {
		target: { value: password },
	} );
}

const submit = () =>
	fireEvent.click( screen.getByRole( 'button', { name: 'Log in' } ) );

describe( 'login form', () => {
	it( 'shows the required messages on submit only, and focuses the first invalid field', async () => {
		await renderForm();
		fireEvent.blur( screen.getByLabelText( 'Email' ) );
		expect( screen.queryByText( 'Email is required' ) ).toBeNull();

		submit();

		expect( await screen.findByText( 'Email is required' ) ).toBeVisible();
		expect( screen.getByText( 'This is a required field' ) ).toBeVisible();
		expect( screen.getByLabelText( 'Email' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await waitFor( () =>
			expect( screen.getByLabelText( 'Email' ) ).toHaveFocus()
		);
		expect( api.requests ).toHaveLength( 0 );
	} );

	it( 'refuses an invalid email', async () => {
		await renderForm();
		fill( 'not-an-email', 'Secret123' );
		submit();
		expect(
			await screen.findByText( 'Email must be a valid email' )
		).toBeVisible();
		await waitFor( () =>
			expect( screen.getByLabelText( 'Email' ) ).toHaveFocus()
		);
	} );

	it( 'asks a nonce, logs in with it, shows wait... then redirecting... and goes to redirectTo', async () => {
		const answer = deferred< FakeAnswer >();
		api.onAjax( 'ajaxlogin', () => answer.promise );
		const { navigate, reload } = await renderForm( {
			redirectTo: `${ SITE }/my-account/`,
		} );
		fill( ' dana@example.test ', 'Secret123' );
		submit();

		expect(
			await screen.findByRole( 'button', { name: 'wait...' } )
		).toBeDisabled();
		answer.resolve( loginAnswer( true ) );
		expect(
			await screen.findByRole( 'button', { name: 'redirecting...' } )
		).toBeDisabled();
		expect( navigate ).toHaveBeenCalledWith( `${ SITE }/my-account/` );
		expect( reload ).not.toHaveBeenCalled();

		expect( api.ajaxCalls( 'appq_get_nonce' ) ).toHaveLength( 1 );
		const [ call ] = api.ajaxCalls( 'ajaxlogin' );
		const form = call.body as URLSearchParams;
		expect( form.get( 'username' ) ).toBe( 'dana@example.test' );
		expect( form.get( 'password' ) ).toBe( 'Secret123' );
		expect( form.get( 'security' ) ).toBe( 'login-nonce-1' );
	} );

	it( 'reloads the page when there is no redirect', async () => {
		api.onAjax( 'ajaxlogin', loginAnswer( true ) );
		const { reload, navigate } = await renderForm();
		fill( 'dana@example.test', 'Secret123' );
		submit();
		await waitFor( () => expect( reload ).toHaveBeenCalled() );
		expect( navigate ).not.toHaveBeenCalled();
	} );

	it( 'says "Wrong username or password." with the forgot-password link, and lets the user try again', async () => {
		api.onAjax( 'ajaxlogin', loginAnswer( false, 'invalid_credentials' ) );
		await renderForm();
		fill( 'dana@example.test', 'Wrong123' );
		submit();

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( 'Wrong username or password.' );
		expect( alert ).toHaveFocus();
		expect(
			screen.getAllByRole( 'link', {
				name: 'Forgot your password?',
			} )[ 0 ]
		).toHaveAttribute(
			'href',
			`${ SITE }/wp-login.php?action=lostpassword`
		);
		expect(
			screen.getByRole( 'button', { name: 'Log in' } )
		).toBeEnabled();
	} );

	it( 'tells a throttled user to wait', async () => {
		api.onAjax( 'ajaxlogin', loginAnswer( false, 'throttled' ) );
		await renderForm();
		fill( 'dana@example.test', 'Secret123' );
		submit();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Too many failed login attempts. Wait a few minutes and try again, or reset your password.'
		);
		expect(
			screen.getAllByRole( 'link', {
				name: 'Forgot your password?',
			} )[ 0 ]
		).toHaveAttribute(
			'href',
			`${ SITE }/wp-login.php?action=lostpassword`
		);
	} );

	it( 'sends a user who needs two-factor authentication to the login page after telling them', async () => {
		api.onAjax( 'ajaxlogin', loginAnswer( false, 'two_factor' ) );
		const { navigate } = await renderForm();
		jest.useFakeTimers();
		fill( 'dana@example.test', 'Secret123' );
		submit();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Your account needs two-factor authentication.'
		);
		expect( navigate ).not.toHaveBeenCalled();
		act( () => {
			jest.advanceTimersByTime( 3000 );
		} );
		expect( navigate ).toHaveBeenCalledWith( `${ SITE }/wp-login.php` );
	} );

	it.each( [
		[
			'a nonce answer without a nonce',
			{ status: 200, body: { success: false } },
			null,
			'Nonce not found',
		],
		[
			'a login answer that is not JSON',
			nonce,
			{ status: 200, body: undefined },
			'There was an error, please reload.',
		],
		[
			'a refused nonce',
			nonce,
			loginAnswer( false, 'invalid_nonce' ),
			'There was an error, please reload.',
		],
	] )(
		'shows the catalogue message on %s',
		async ( _, nonceAnswer, login, message ) => {
			api.onAjax( 'appq_get_nonce', nonceAnswer as FakeAnswer );
			if ( login ) {
				api.onAjax( 'ajaxlogin', login as FakeAnswer );
			}
			await renderForm();
			fill( 'dana@example.test', 'Secret123' );
			submit();
			expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
				message
			);
		}
	);

	it( 'raises the danger toast "Something went wrong, try again to login" on a server failure', async () => {
		api.onAjax( 'ajaxlogin', { status: 500, body: { success: false } } );
		const { store } = await renderForm();
		fill( 'dana@example.test', 'Secret123' );
		submit();
		await waitFor( () =>
			expect( store.getState().toasts ).toEqual( [
				expect.objectContaining( {
					kind: 'danger',
					message: 'Something went wrong, try again to login',
				} ),
			] )
		);
		expect(
			screen.getByRole( 'button', { name: 'Log in' } )
		).toBeEnabled();
	} );

	it( 'never sends twice on a double click', async () => {
		const answer = deferred< FakeAnswer >();
		api.onAjax( 'ajaxlogin', () => answer.promise );
		await renderForm();
		fill( 'dana@example.test', 'Secret123' );
		submit();
		await screen.findByRole( 'button', { name: 'wait...' } );
		fireEvent.submit( screen.getByLabelText( 'Email' ).closest( 'form' )! );
		answer.resolve( loginAnswer( true ) );
		await screen.findByRole( 'button', { name: 'redirecting...' } );
		expect( api.ajaxCalls( 'ajaxlogin' ) ).toHaveLength( 1 );
	} );

	it( 'speaks Italian on an Italian page', async () => {
		await renderForm( {}, { ...visitor, locale: 'it' } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Accedi' } ) );
		expect(
			await screen.findByText( "L'email è obbligatoria" )
		).toBeVisible();
		expect(
			screen.getByRole( 'link', { name: 'Continua con Facebook' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining( 'action=facebook_oauth_redirect' )
		);
	} );
} );

describe( 'login page', () => {
	it( 'honours a redirectTo on the own host only', async () => {
		window.history.replaceState(
			null,
			'',
			`/login/?redirectTo=${ encodeURIComponent(
				'https://evil.example/steal'
			) }`
		);
		await renderWithProviders( <Login />, { config: visitor } );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Login' } )
		).toBeVisible();
		const facebook = new URL(
			screen
				.getByRole( 'link', { name: 'Continue with Facebook' } )
				.getAttribute( 'href' )!
		);
		// The foreign address is dropped: the social login returns to the dashboard instead.
		expect( facebook.searchParams.get( 'redirect_to' ) ).toBe(
			`${ SITE }/my-dashboard/`
		);
		expect( facebook.searchParams.get( 'log' ) ).toBe( '1' );
	} );
} );
