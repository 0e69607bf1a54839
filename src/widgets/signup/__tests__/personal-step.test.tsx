import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import {
	apiError,
	deferred,
	type ApiAnswer,
	type FakeAnswer,
	type FakeApi,
} from '../../../test-utils/fake-api';
import { SITE } from '../../../test-utils/fixtures';
import {
	EMAIL,
	PASSWORD,
	click,
	control,
	emailRoute,
	fakeApi,
	fillBirthDate,
	fillPersonal,
	reachPersonalStep,
	renderSignup,
	type,
	visitorConfig,
	yearsAgo,
} from './helpers';

let api: FakeApi;

const created: ApiAnswer< 'createUser' > = {
	status: 201,
	body: {
		id: 42,
		wp_user_id: 7,
		email: EMAIL,
		name: 'Nora',
		surname: 'Newcomer',
	},
};
const nonce: FakeAnswer = {
	status: 200,
	body: { success: true, data: 'login-nonce-1' },
};
const loggedIn: FakeAnswer = {
	status: 200,
	body: { loggedin: true, message: 'Login successful', error: null },
};

beforeEach( () => {
	api = fakeApi( visitorConfig() );
	api.onAjax( 'appq_get_nonce', nonce ).onAjax( 'ajaxlogin', loggedIn );
} );

afterEach( () => {
	jest.useRealTimers();
} );

const submit = () => click( 'Sign up' );

describe( 'sign-up step 1, personal info', () => {
	it( 'shows every required message on submit, focuses the first invalid field, validates nothing on blur', async () => {
		await renderSignup();
		await reachPersonalStep( api );

		type( 'Name', '' );
		fireEvent.blur( control( 'Name' ) );
		expect( screen.queryByText( 'Name is a required field' ) ).toBeNull();

		control( 'Country' ).focus();
		submit();

		expect(
			await screen.findByText( 'Name is a required field' )
		).toBeVisible();
		for ( const message of [
			'Surname is a required field',
			'Birth date is a required field',
			'Country is a required field',
			'You must accept to receive emails',
		] ) {
			expect( screen.getByText( message ) ).toBeVisible();
		}
		await waitFor( () => expect( control( 'Name' ) ).toHaveFocus() );
		expect( control( 'Name' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( control( 'Name' ) ).toHaveAccessibleDescription(
			'Name is a required field'
		);
		expect(
			screen.getByRole( 'group', { name: /^Date of birth/ } )
		).toHaveAccessibleDescription( /^For example 27 March 1990/ );
		expect( control( 'Day' ) ).toHaveAccessibleDescription(
			'Birth date is a required field'
		);
		expect( control( 'Year' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect(
			screen.getByRole( 'checkbox', { name: /^I accept the terms/ } )
		).toHaveAccessibleDescription( 'You must accept to receive emails' );
		expect( api.requestsTo( 'POST /users' ) ).toHaveLength( 0 );
	} );

	it( 'marks the required fields with an asterisk and leaves the referral optional', async () => {
		await renderSignup();
		await reachPersonalStep( api );

		for ( const name of [ 'Name', 'Surname', 'Country' ] ) {
			expect(
				screen.getByText( name, { selector: 'label' } )
			).toHaveTextContent( `${ name } *` );
			expect( control( name ) ).toHaveAttribute(
				'aria-required',
				'true'
			);
		}
		expect(
			screen.getByText( 'Referral ID', { selector: 'label' } )
		).toHaveTextContent( /^Referral ID$/ );
		expect(
			screen.getByText( 'Fields marked with * are required.' )
		).toBeVisible();
	} );

	it.each( [
		[ 'an impossible day', { day: '31', month: '2', year: '1990' } ],
		[ 'a partial date', { day: '12', month: '', year: '1990' } ],
		[ 'a two-digit year', { day: '12', month: '5', year: '90' } ],
		[ 'a future date', { ...yearsAgo( -1 ) } ],
	] )( 'refuses %s with "Invalid date"', async ( _, date ) => {
		await renderSignup();
		await reachPersonalStep( api );
		fillPersonal( { birthDate: date } );

		submit();

		expect( await screen.findByText( 'Invalid date' ) ).toBeVisible();
		await waitFor( () => expect( control( 'Day' ) ).toHaveFocus() );
		expect( control( 'Day' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( api.requestsTo( 'POST /users' ) ).toHaveLength( 0 );
	} );

	it( 'refuses someone who turned 15 with the age message, keeping the 16-year cutoff', async () => {
		await renderSignup();
		await reachPersonalStep( api );
		fillPersonal( { birthDate: yearsAgo( 15 ) } );

		submit();

		expect(
			await screen.findByText( 'You must be at least 16 years old' )
		).toBeVisible();
		expect( api.requestsTo( 'POST /users' ) ).toHaveLength( 0 );

		// The day before the sixteenth birthday is still too young…
		fillBirthDate( yearsAgo( 16, 1 ) );
		expect(
			await screen.findByText( 'You must be at least 16 years old' )
		).toBeVisible();

		// …the birthday itself is not.
		fillBirthDate( yearsAgo( 16 ) );
		await waitFor( () =>
			expect(
				screen.queryByText( 'You must be at least 16 years old' )
			).toBeNull()
		);
	} );

	it( 'accepts someone who is 17 and sends the sign-up in the API shape', async () => {
		api.on( 'POST /users', created, { open: true } );
		const { navigate } = await renderSignup();
		await reachPersonalStep( api );
		const birthDate = yearsAgo( 17 );
		fillPersonal( { birthDate, country: 'FR' } );

		submit();

		await waitFor( () => expect( navigate ).toHaveBeenCalled() );
		const [ request ] = api.requestsTo( 'POST /users' );
		expect( request.body ).toEqual( {
			email: EMAIL,
			password: PASSWORD,
			name: 'Nora',
			surname: 'Newcomer',
			birthDate: birthDate.iso,
			country: 'FR',
		} );
		expect( request.headers.Authorization ).toBeUndefined();
	} );

	it( 'logs in with a fresh nonce after sign-up and goes to the confirmation page', async () => {
		api.on( 'POST /users', created, { open: true } );
		const { navigate } = await renderSignup( { config: { locale: 'it' } } );
		api.on( emailRoute(), { status: 404 }, { open: true } );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Continua con email' } )
		);
		type( 'Email', EMAIL );
		type( 'Password', PASSWORD );
		click( 'Avanti' );
		await screen.findByRole( 'heading', { name: 'Dati personali' } );
		type( 'Nome', 'Nora' );
		type( 'Cognome', 'Newcomer' );
		type( 'Giorno', '3' );
		type( 'Mese', '4' );
		type( 'Anno', '1990' );
		type( 'Paese', 'IT' );
		fireEvent.click(
			screen.getByRole( 'checkbox', { name: /^Accetto i termini/ } )
		);

		click( 'Registrati' );

		await waitFor( () =>
			expect( navigate ).toHaveBeenCalledWith(
				`${ SITE }/it/getting-started/confirmation/`
			)
		);
		expect( api.requests.map( ( request ) => request.route ) ).toEqual( [
			`/users/by-email/${ encodeURIComponent( EMAIL ) }`,
			'/users',
			'appq_get_nonce',
			'ajaxlogin',
		] );
		const login = api.ajaxCalls( 'ajaxlogin' )[ 0 ].body as URLSearchParams;
		expect( Object.fromEntries( login ) ).toEqual( {
			action: 'ajaxlogin',
			username: EMAIL,
			password: PASSWORD,
			security: 'login-nonce-1',
		} );
		expect(
			screen.getByRole( 'button', { name: 'reindirizzamento...' } )
		).toBeDisabled();
	} );

	it( 'disables the button while signing up and never sends twice', async () => {
		const answer = deferred< ApiAnswer< 'createUser' > >();
		api.on( 'POST /users', () => answer.promise, { open: true } );
		const { navigate } = await renderSignup();
		await reachPersonalStep( api );
		fillPersonal();

		submit();
		const busy = await screen.findByRole( 'button', {
			name: 'Signing up…',
		} );
		expect( busy ).toBeDisabled();
		expect( screen.getByRole( 'button', { name: 'Back' } ) ).toBeDisabled();
		fireEvent.submit( busy.closest( 'form' )! );
		fireEvent.click( busy );

		answer.resolve( created );
		await waitFor( () => expect( navigate ).toHaveBeenCalledTimes( 1 ) );
		expect( api.requestsTo( 'POST /users' ) ).toHaveLength( 1 );
		expect( api.ajaxCalls( 'ajaxlogin' ) ).toHaveLength( 1 );
	} );

	it( 'goes back to step 0 keeping the values of both steps', async () => {
		await renderSignup();
		await reachPersonalStep( api );
		type( 'Name', 'Nora' );
		fillBirthDate( { day: '3', month: '4', year: '1990' } );
		type( 'Country', 'ES' );

		click( 'Back' );

		expect(
			await screen.findByRole( 'heading', { name: 'Account info' } )
		).toBeInTheDocument();
		expect( control( 'Email' ) ).toHaveValue( EMAIL );
		expect( control( 'Password' ) ).toHaveValue( PASSWORD );
		expect( control( 'Email' ) ).toHaveFocus();

		click( 'Next' );
		await screen.findByRole( 'heading', { name: 'Personal info' } );
		expect( control( 'Name' ) ).toHaveValue( 'Nora' );
		expect( control( 'Day' ) ).toHaveValue( '3' );
		expect( control( 'Month' ) ).toHaveValue( '4' );
		expect( control( 'Year' ) ).toHaveValue( 1990 );
		expect( control( 'Year' ) ).toHaveAttribute(
			'max',
			String( new Date().getFullYear() - 16 )
		);
		expect( control( 'Country' ) ).toHaveValue( 'ES' );
	} );

	it( 'names the countries in the page language', async () => {
		api = fakeApi( visitorConfig( { locale: 'it' } ) );
		api.on( emailRoute(), { status: 404 }, { open: true } );
		await renderSignup( { config: { locale: 'it' } } );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Continua con email' } )
		);
		type( 'Email', EMAIL );
		type( 'Password', PASSWORD );
		click( 'Avanti' );
		await screen.findByRole( 'heading', { name: 'Dati personali' } );

		const country = control( 'Paese' );
		expect(
			within( country ).getByRole( 'option', { name: 'Germania' } )
		).toHaveValue( 'DE' );
		expect( within( country ).getAllByRole( 'option' ) ).toHaveLength(
			250
		);
		expect(
			within( control( 'Mese' ) ).getByRole( 'option', { name: 'marzo' } )
		).toHaveValue( '3' );
	} );

	it( 'shows the referral as a heading and prefills the optional field from the page', async () => {
		api.on( 'POST /users', created, { open: true } );
		const { navigate } = await renderSignup( {
			config: { referral: 'FRIEND-42' },
		} );
		await reachPersonalStep( api );

		expect(
			screen.getByRole( 'heading', {
				name: 'You were invited by FRIEND-42',
			} )
		).toBeInTheDocument();
		expect( control( 'Referral ID' ) ).toHaveValue( 'FRIEND-42' );

		fillPersonal();
		submit();

		await waitFor( () => expect( navigate ).toHaveBeenCalled() );
		expect(
			(
				api.requestsTo( 'POST /users' )[ 0 ].body as {
					referral: string;
				}
			 ).referral
		).toBe( 'FRIEND-42' );
	} );

	it( 'shows no referral heading without a stored code', async () => {
		await renderSignup();
		await reachPersonalStep( api );

		expect(
			screen.queryByRole( 'heading', { name: /You were invited by/ } )
		).toBeNull();
		expect( control( 'Referral ID' ) ).toHaveValue( '' );
	} );

	it( 'goes back to step 0 with the toast when the API answers 412', async () => {
		api.on( 'POST /users', apiError( 412, 'Email already registered' ), {
			open: true,
		} );
		const { navigate } = await renderSignup();
		await reachPersonalStep( api );
		fillPersonal();

		submit();

		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'This email is already in use.' );
		expect(
			within( toast ).getByRole( 'link', { name: 'Log in' } )
		).toHaveAttribute( 'href', `${ SITE }/login/` );
		expect(
			await screen.findByRole( 'heading', { name: 'Account info' } )
		).toBeInTheDocument();
		expect( control( 'Email' ) ).toHaveAccessibleDescription(
			'Email already registered'
		);
		expect( control( 'Email' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( navigate ).not.toHaveBeenCalled();
		expect( api.ajaxCalls( 'ajaxlogin' ) ).toHaveLength( 0 );
	} );

	it( 'refuses markup and invisible characters in the names before asking the API', async () => {
		await renderSignup();
		await reachPersonalStep( api );
		fillPersonal();
		type( 'Name', '<b>Nora</b>' );
		type( 'Surname', 'New\u202ecomer' );

		submit();

		expect(
			await screen.findByText(
				'Name must not contain < > & \\ % or invisible characters'
			)
		).toBeVisible();
		expect(
			screen.getByText(
				'Surname must not contain < > & \\ % or invisible characters'
			)
		).toBeVisible();
		expect( api.requestsTo( 'POST /users' ) ).toHaveLength( 0 );
	} );

	it( "shows the server's message on 400 and stays on step 1", async () => {
		api.on(
			'POST /users',
			apiError( 400, 'Name must be at most 100 characters long' ),
			{ open: true }
		);
		await renderSignup();
		await reachPersonalStep( api );
		fillPersonal();

		submit();

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Name must be at most 100 characters long'
		);
		expect(
			screen.getByRole( 'heading', { name: 'Personal info' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Sign up' } )
		).toBeEnabled();
	} );

	it( 'says "Click on "Sign up" and try again" on other failures', async () => {
		api.on( 'POST /users', apiError( 502, 'WordPress unreachable' ), {
			open: true,
		} );
		await renderSignup();
		await reachPersonalStep( api );
		fillPersonal();

		submit();

		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'Something went wrong' );
		expect( toast ).toHaveTextContent( 'Click on "Sign up" and try again' );
		expect(
			screen.getByRole( 'button', { name: 'Sign up' } )
		).toBeEnabled();
	} );

	it( 'sends the user to the login page when the automatic login fails', async () => {
		api.on( 'POST /users', created, { open: true } ).onAjax( 'ajaxlogin', {
			status: 200,
			body: {
				loggedin: false,
				message: 'Nope',
				error: 'invalid_credentials',
			},
		} );
		const { navigate } = await renderSignup();
		await reachPersonalStep( api );
		fillPersonal();
		jest.useFakeTimers( { advanceTimers: true } );

		submit();

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Something went wrong, try again to login'
		);
		expect( navigate ).not.toHaveBeenCalled();
		act( () => {
			jest.advanceTimersByTime( 3000 );
		} );
		expect( navigate ).toHaveBeenCalledWith( `${ SITE }/login/` );
	} );
} );
