import { fireEvent, screen, within } from '@testing-library/react';

import { SITE } from '../../../test-utils/fixtures';
import {
	control,
	fakeApi,
	openEmailForm,
	renderSignup,
	visitorConfig,
} from './helpers';

beforeEach( () => {
	fakeApi( visitorConfig() );
} );

const ajax = `${ SITE }/wp-admin/admin-ajax.php`;

describe( 'sign-up landing', () => {
	it( 'shows the title, the social buttons and the email button, without the form', async () => {
		await renderSignup();

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Join the Scout community',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Continue with email' } )
		).toBeInTheDocument();
		expect( screen.queryByLabelText( /^Email/ ) ).toBeNull();
	} );

	it( 'sends the social buttons to the ajax redirect actions, back to the confirmation page, log=0', async () => {
		await renderSignup();

		const facebook = new URL(
			screen
				.getByRole( 'link', { name: 'Continue with Facebook' } )
				.getAttribute( 'href' )!
		);
		expect( `${ facebook.origin }${ facebook.pathname }` ).toBe( ajax );
		expect( Object.fromEntries( facebook.searchParams ) ).toEqual( {
			action: 'facebook_oauth_redirect',
			redirect_to: `${ SITE }/getting-started/confirmation/`,
			log: '0',
		} );

		const linkedin = new URL(
			screen
				.getByRole( 'link', { name: 'Continue with LinkedIn' } )
				.getAttribute( 'href' )!
		);
		expect( Object.fromEntries( linkedin.searchParams ) ).toEqual( {
			action: 'linkedin_oauth_redirect',
			redirect_to: `${ SITE }/getting-started/confirmation/`,
			log: '0',
		} );
	} );

	it( "returns social sign-ups to the confirmation page in the page's language", async () => {
		await renderSignup( { config: { locale: 'fr' } } );

		const facebook = new URL(
			screen
				.getByRole( 'link', { name: 'Continuer avec Facebook' } )
				.getAttribute( 'href' )!
		);
		expect( facebook.searchParams.get( 'redirect_to' ) ).toBe(
			`${ SITE }/fr/getting-started/confirmation/`
		);
	} );

	it( 'links every language to its sign-up page, each labelled in its own language', async () => {
		await renderSignup( { config: { locale: 'es' } } );

		const nav = screen.getByRole( 'navigation', { name: 'Idioma' } );
		const links = within( nav ).getAllByRole( 'link' );
		expect(
			links.map( ( link ) => [
				link.textContent,
				link.getAttribute( 'href' ),
				link.getAttribute( 'hreflang' ),
				link.getAttribute( 'aria-current' ),
			] )
		).toEqual( [
			[ 'English', `${ SITE }/getting-started/signup/`, 'en', null ],
			[ 'Italiano', `${ SITE }/it/getting-started/signup/`, 'it', null ],
			[ 'Español', `${ SITE }/es/getting-started/signup/`, 'es', 'page' ],
			[ 'Français', `${ SITE }/fr/getting-started/signup/`, 'fr', null ],
		] );
	} );

	it( "links the terms, the privacy policy, the ethical code and the login in the page's language", async () => {
		await renderSignup( { config: { locale: 'it' } } );

		expect(
			screen.getByRole( 'link', { name: 'Termini e condizioni' } )
		).toHaveAttribute( 'href', `${ SITE }/it/terms-and-conditions/` );
		expect(
			screen.getByRole( 'link', { name: 'Informativa sulla privacy' } )
		).toHaveAttribute( 'href', `${ SITE }/it/privacy-policy/` );
		expect(
			screen.getByRole( 'link', { name: 'Codice etico' } )
		).toHaveAttribute( 'href', `${ SITE }/it/ethical-code/` );
		expect(
			screen.getByRole( 'link', { name: 'Accedi' } )
		).toHaveAttribute( 'href', `${ SITE }/it/login/` );
	} );

	it( 'opens the email form on "Continue with email" and moves focus into it', async () => {
		await renderSignup();

		await openEmailForm();

		expect( control( 'Email' ) ).toHaveFocus();
		expect(
			screen.queryByRole( 'button', { name: 'Continue with email' } )
		).toBeNull();
		const steps = screen.getByRole( 'list', { name: 'Sign-up steps' } );
		const items = within( steps ).getAllByRole( 'listitem' );
		expect( items[ 0 ] ).toHaveAttribute( 'aria-current', 'step' );
		expect( items[ 0 ] ).toHaveTextContent( /Step 1 of 2: Account info$/ );
		expect( items[ 1 ] ).not.toHaveAttribute( 'aria-current' );
	} );

	it( 'opens the form with the email the social callback passed in ?email=', async () => {
		await renderSignup( { search: '?email=social%40example.com' } );

		expect( await screen.findByLabelText( /^Email/ ) ).toHaveValue(
			'social@example.com'
		);
		expect( control( 'Password' ) ).toHaveValue( '' );
	} );

	it( 'speaks Italian on Italian pages', async () => {
		await renderSignup( { config: { locale: 'it' } } );

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Unisciti alla community Scout',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Continua con Facebook' } )
		).toBeInTheDocument();

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Continua con email' } )
		);

		expect(
			await screen.findByRole( 'heading', { name: "Dati dell'account" } )
		).toBeInTheDocument();
		expect( control( 'Email' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Avanti' } )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Una lettera maiuscola' )
		).toBeInTheDocument();
	} );
} );
