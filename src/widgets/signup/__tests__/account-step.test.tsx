import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { apiError, type FakeApi } from '../../../test-utils/fake-api';
import { SITE } from '../../../test-utils/fixtures';
import {
	EMAIL,
	click,
	control,
	emailRoute,
	fakeApi,
	fillAccount,
	free,
	openEmailForm,
	renderSignup,
	taken,
	type,
	visitorConfig,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = fakeApi( visitorConfig() );
} );

const rule = ( label: string ) =>
	screen.getByText( label ).closest( 'li' ) as HTMLElement;

const errorOf = ( name: string ) => {
	const input = control( name );
	const ids = ( input.getAttribute( 'aria-describedby' ) ?? '' ).split( ' ' );
	return ids
		.map( ( id ) => document.getElementById( id ) )
		.find(
			( element ) =>
				element?.classList.contains( 'crowdscout-field__error' )
		);
};

async function submitAndExpect( message: string, field: string ) {
	click( 'Next' );
	const error = await screen.findByText( message );
	expect( errorOf( field ) ).toBe( error );
	expect( control( field ) ).toHaveAttribute( 'aria-invalid', 'true' );
}

describe( 'sign-up step 0, account info', () => {
	it( 'validates nothing on blur or while typing before the first submit', async () => {
		await renderSignup();
		await openEmailForm();

		type( 'Email', 'not-an-email' );
		fireEvent.blur( control( 'Email' ) );
		type( 'Password', 'abc' );
		fireEvent.blur( control( 'Password' ) );

		expect(
			screen.queryByText( 'Email must be a valid email' )
		).toBeNull();
		expect(
			screen.queryByText( 'Password must be at least 6 character long' )
		).toBeNull();
		expect( control( 'Email' ) ).not.toHaveAttribute( 'aria-invalid' );
		expect( api.requests ).toHaveLength( 0 );
	} );

	it( 'shows the required messages on submit and focuses the first invalid field', async () => {
		await renderSignup();
		await openEmailForm();
		control( 'Password' ).focus();

		await submitAndExpect( 'Email is required', 'Email' );
		expect(
			screen.getByText( 'Password is a required field' )
		).toBeVisible();
		await waitFor( () => expect( control( 'Email' ) ).toHaveFocus() );
		expect( api.requests ).toHaveLength( 0 );
	} );

	it( 'focuses the password when only the password is wrong', async () => {
		await renderSignup();
		await openEmailForm();
		fillAccount( EMAIL, 'short' );

		await submitAndExpect(
			'Password must be at least 6 character long',
			'Password'
		);
		await waitFor( () => expect( control( 'Password' ) ).toHaveFocus() );
	} );

	it.each( [
		[ 'dana@', 'Email', 'Email must be a valid email' ],
		[ 'abc', 'Password', 'Password must be at least 6 character long' ],
		[ 'abcdef', 'Password', 'Password must contain at least a number' ],
		[
			'abcde1',
			'Password',
			'Password must contain at least an uppercase letter',
		],
		[
			'ABCDE1',
			'Password',
			'Password must contain at least a lowercase letter',
		],
	] )( 'refuses %s with "%s"', async ( value, field, message ) => {
		await renderSignup();
		await openEmailForm();
		fillAccount();
		type( field, value );

		await submitAndExpect( message, field );
		expect( api.requests ).toHaveLength( 0 );
	} );

	it( 'revalidates as the user types once a submit failed', async () => {
		await renderSignup();
		await openEmailForm();
		fillAccount( EMAIL, 'abc' );
		await submitAndExpect(
			'Password must be at least 6 character long',
			'Password'
		);

		type( 'Password', 'abcdef' );
		expect(
			await screen.findByText( 'Password must contain at least a number' )
		).toBeVisible();
		type( 'Password', 'Abcde1' );
		await waitFor( () =>
			expect( control( 'Password' ) ).not.toHaveAttribute(
				'aria-invalid'
			)
		);
	} );

	it( 'ticks the password checklist live as the user types', async () => {
		await renderSignup();
		await openEmailForm();
		const rules = [
			'At least 6 characters',
			'An uppercase letter',
			'A lowercase letter',
			'A number',
		];
		const state = () =>
			rules.map(
				( label ) => rule( label ).textContent?.endsWith( ': done' )
			);
		expect( control( 'Password' ) ).toHaveAccessibleDescription(
			/At least 6 characters\s*: missing/
		);
		expect( state() ).toEqual( [ false, false, false, false ] );

		type( 'Password', 'a' );
		expect( state() ).toEqual( [ false, false, true, false ] );
		expect( rule( 'A lowercase letter' ) ).toHaveTextContent(
			'A lowercase letter: done'
		);

		type( 'Password', 'aB' );
		expect( state() ).toEqual( [ false, true, true, false ] );

		type( 'Password', 'aB3' );
		expect( state() ).toEqual( [ false, true, true, true ] );

		type( 'Password', 'aB3xyz' );
		expect( state() ).toEqual( [ true, true, true, true ] );
		expect(
			screen.getByRole( 'list', { name: 'Your password needs:' } )
		).toHaveAttribute( 'aria-live', 'polite' );
	} );

	it( 'checks a free email with HEAD and moves on to step 1', async () => {
		api.on( emailRoute(), free, { open: true } );
		await renderSignup();
		await openEmailForm();
		fillAccount( `  ${ EMAIL } ` );

		click( 'Next' );

		expect(
			await screen.findByRole( 'heading', { name: 'Personal info' } )
		).toBeInTheDocument();
		const [ check ] = api.requestsTo( emailRoute() );
		expect( check.url.pathname ).toBe(
			'/api/users/by-email/new.scout%40example.com'
		);
		expect( check.headers.Authorization ).toBeUndefined();
		await waitFor( () => expect( control( 'Name' ) ).toHaveFocus() );
		const items = within(
			screen.getByRole( 'list', { name: 'Sign-up steps' } )
		).getAllByRole( 'listitem' );
		expect( items[ 1 ] ).toHaveAttribute( 'aria-current', 'step' );
	} );

	it( 'says "Checking" and accepts no second submit while the check runs', async () => {
		let answer: ( value: typeof free ) => void = () => undefined;
		api.on(
			emailRoute(),
			() =>
				new Promise( ( resolve ) => {
					answer = resolve;
				} ),
			{ open: true }
		);
		await renderSignup();
		await openEmailForm();
		fillAccount();

		click( 'Next' );
		const button = await screen.findByRole( 'button', {
			name: 'Checking your email…',
		} );
		expect( button ).toBeDisabled();
		fireEvent.submit( button.closest( 'form' )! );
		await waitFor( () =>
			expect( api.requestsTo( emailRoute() ) ).toHaveLength( 1 )
		);

		answer( free );
		expect(
			await screen.findByRole( 'heading', { name: 'Personal info' } )
		).toBeInTheDocument();
		expect( api.requestsTo( emailRoute() ) ).toHaveLength( 1 );
	} );

	it( 'stays on step 0 with a danger toast and a login link when the email is taken', async () => {
		api.on( emailRoute(), taken, { open: true } );
		await renderSignup();
		await openEmailForm();
		fillAccount();

		click( 'Next' );

		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'This email is already in use.' );
		expect(
			within( toast ).getByRole( 'link', { name: 'Log in' } )
		).toHaveAttribute( 'href', `${ SITE }/login/` );
		expect( errorOf( 'Email' ) ).toHaveTextContent(
			'Email already registered'
		);
		expect( control( 'Email' ) ).toHaveFocus();
		expect(
			screen.getByRole( 'heading', { name: 'Account info' } )
		).toBeInTheDocument();
		expect( screen.queryByLabelText( /^Name/ ) ).toBeNull();

		// Another address clears the message.
		type( 'Email', 'other@example.com' );
		expect( screen.queryByText( 'Email already registered' ) ).toBeNull();
	} );

	it( 'says "Something went wrong" when the check fails', async () => {
		api.on( emailRoute(), apiError( 500, 'Database down' ), {
			open: true,
		} );
		await renderSignup();
		await openEmailForm();
		fillAccount();

		click( 'Next' );

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Something went wrong'
		);
		expect(
			screen.getByRole( 'heading', { name: 'Account info' } )
		).toBeInTheDocument();
		expect( screen.getByRole( 'button', { name: 'Next' } ) ).toBeEnabled();
	} );

	it( 'asks to wait when the address has checked too many emails', async () => {
		api.on( emailRoute(), apiError( 429, 'Too many requests.' ), {
			open: true,
		} );
		await renderSignup();
		await openEmailForm();
		fillAccount();

		click( 'Next' );

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Too many attempts from your connection. Please wait a few minutes and try again.'
		);
		expect(
			screen.getByRole( 'heading', { name: 'Account info' } )
		).toBeInTheDocument();
	} );
} );
