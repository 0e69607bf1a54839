import type { Locator, Page } from '@playwright/test';

import { test, expect, mailsTo } from './fixtures';

const PASSWORD = 'Secret123';

const uniqueEmail = ( label: string ) =>
	`${ label }-${ Date.now() }-${ Math.floor(
		Math.random() * 1e6
	) }@example.test`;

function signupWidget( page: Page ): Locator {
	return page.locator( '.wp-block-crowdscout-signup' );
}

async function fillAccount( form: Locator, email: string, password: string ) {
	await form.getByLabel( /^Email/ ).fill( email );
	await form
		.getByLabel( /^Password/ )
		.first()
		.fill( password );
}

async function fillPersonal(
	form: Locator,
	{
		name = 'Nina',
		surname = 'New',
		birth = { day: '14', month: '5', year: '1994' },
		country = 'IT',
	} = {}
) {
	await form.getByLabel( /^(Name|Nome)/ ).fill( name );
	await form.getByLabel( /^(Surname|Cognome)/ ).fill( surname );
	await form.getByLabel( /^(Day|Giorno)/ ).fill( birth.day );
	await form.getByLabel( /^(Month|Mese)/ ).selectOption( birth.month );
	await form.getByLabel( /^(Year|Anno)/ ).fill( birth.year );
	await form.getByLabel( /^(Country|Paese)/ ).selectOption( country );
}

test.describe( 'sign-up', () => {
	test( 'a new tester signs up with every validation shown, lands on the confirmation logged in and reaches the dashboard @smoke', async ( {
		page,
	} ) => {
		const email = uniqueEmail( 'nina' );
		await page.goto( '/getting-started/signup/' );
		const widget = signupWidget( page );
		await widget
			.getByRole( 'button', { name: 'Continue with email' } )
			.click();

		// Step 0, empty, then bad values.
		await widget.getByRole( 'button', { name: 'Next' } ).click();
		await expect( widget.getByText( 'Email is required' ) ).toBeVisible();
		await expect(
			widget.getByText( 'Password is a required field' )
		).toBeVisible();
		await expect( widget.getByLabel( /^Email/ ) ).toBeFocused();

		await fillAccount( widget, 'not-an-email', 'abc' );
		await widget.getByRole( 'button', { name: 'Next' } ).click();
		await expect(
			widget.getByText( 'Email must be a valid email' )
		).toBeVisible();
		await expect(
			widget.getByText( 'Password must be at least 6 character long' )
		).toBeVisible();

		for ( const [ password, message ] of [
			[
				'abcdefg1',
				'Password must contain at least an uppercase letter',
			],
			[ 'ABCDEFG1', 'Password must contain at least a lowercase letter' ],
			[ 'Abcdefgh', 'Password must contain at least a number' ],
		] ) {
			await fillAccount( widget, email, password );
			await widget.getByRole( 'button', { name: 'Next' } ).click();
			await expect( widget.getByText( message ) ).toBeVisible();
		}

		await fillAccount( widget, email, PASSWORD );
		await widget.getByRole( 'button', { name: 'Next' } ).click();

		// Step 1, empty, then too young.
		await expect(
			widget.getByText( /Personal info/ ).first()
		).toBeVisible();
		await widget.getByRole( 'button', { name: 'Sign up' } ).click();
		await expect(
			widget.getByText( 'Name is a required field', { exact: true } )
		).toBeVisible();
		await expect(
			widget.getByText( 'Surname is a required field' )
		).toBeVisible();
		await expect(
			widget.getByText( 'Country is a required field' )
		).toBeVisible();
		await expect(
			widget.getByText( 'You must accept to receive emails' )
		).toBeVisible();
		await expect( widget.getByLabel( /^Name/ ) ).toBeFocused();

		const fifteen = new Date().getFullYear() - 15;
		await fillPersonal( widget, {
			birth: { day: '1', month: '1', year: String( fifteen ) },
		} );
		await widget.getByRole( 'checkbox' ).check();
		await widget.getByRole( 'button', { name: 'Sign up' } ).click();
		await expect(
			widget.getByText( 'You must be at least 16 years old' )
		).toBeVisible();

		await fillPersonal( widget );
		await widget.getByRole( 'button', { name: 'Sign up' } ).click();

		await expect( page ).toHaveURL( /\/getting-started\/confirmation\/$/ );
		await expect(
			page.getByRole( 'heading', { name: 'Welcome aboard!' } )
		).toBeVisible();
		// The mail file is written by native PHP; wp-now's PHP writes into its own in-memory filesystem.
		if ( test.info().project.name === 'native' ) {
			await expect
				.poll( () => mailsTo( email ).length, {
					message: 'the welcome mail was sent',
				} )
				.toBe( 1 );
		}

		await page
			.getByRole( 'link', { name: 'Go to your dashboard' } )
			.click();
		await expect( page ).toHaveURL( /\/my-dashboard\/$/ );
		await expect(
			page
				.getByRole( 'navigation', { name: /main/i } )
				.getByRole( 'link', { name: 'Dashboard' } )
		).toBeVisible();
	} );

	test( 'signing up again with a taken email shows the toast with a login link and stays on step 0', async ( {
		page,
	} ) => {
		await page.goto( '/getting-started/signup/' );
		const widget = signupWidget( page );
		await widget
			.getByRole( 'button', { name: 'Continue with email' } )
			.click();
		await fillAccount( widget, 'demo@crowdscout.test', PASSWORD );
		await widget.getByRole( 'button', { name: 'Next' } ).click();

		const toast = page.locator( '.crowdscout-toast' );
		await expect( toast ).toContainText( 'This email is already in use.' );
		await expect( toast.getByRole( 'link' ) ).toHaveAttribute(
			'href',
			/\/login\/$/
		);
		await expect(
			widget.getByRole( 'button', { name: 'Next' } )
		).toBeVisible();
		await expect( widget.getByLabel( /^Email/ ) ).toHaveValue(
			'demo@crowdscout.test'
		);
		// Toasts go away by themselves after 3 seconds.
		await expect( toast ).toHaveCount( 0, { timeout: 6000 } );
	} );

	test( 'a referral link prefills the sign-up referral', async ( {
		page,
	} ) => {
		await page.goto( '/faq/?referral=FRIEND42' );
		await page.goto( '/getting-started/signup/' );
		const widget = signupWidget( page );
		await widget
			.getByRole( 'button', { name: 'Continue with email' } )
			.click();
		await fillAccount( widget, uniqueEmail( 'ref' ), PASSWORD );
		await widget.getByRole( 'button', { name: 'Next' } ).click();
		await expect(
			widget.getByText( 'You were invited by FRIEND42' )
		).toBeVisible();
		await expect( widget.getByLabel( /^Referral ID/ ) ).toHaveValue(
			'FRIEND42'
		);
	} );

	test( 'an Italian tester signs up in Italian and lands on the Italian confirmation', async ( {
		page,
	} ) => {
		await page.goto( '/it/getting-started/signup/' );
		const widget = signupWidget( page );
		await widget
			.getByRole( 'button', { name: 'Continua con email' } )
			.click();
		await widget.getByRole( 'button', { name: 'Avanti' } ).click();
		await expect(
			widget.getByText( "L'email è obbligatoria" )
		).toBeVisible();
		await fillAccount( widget, uniqueEmail( 'italo' ), PASSWORD );
		await widget.getByRole( 'button', { name: 'Avanti' } ).click();
		await fillPersonal( widget, { name: 'Italo', surname: 'Nuovo' } );
		await widget.getByRole( 'checkbox' ).check();
		await widget.getByRole( 'button', { name: 'Registrati' } ).click();
		await expect( page ).toHaveURL(
			/\/it\/getting-started\/confirmation\/$/
		);
		await expect(
			page.getByRole( 'heading', { name: 'Benvenuto a bordo!' } )
		).toBeVisible();
		await page
			.getByRole( 'link', { name: 'Vai alla tua dashboard' } )
			.click();
		await expect( page ).toHaveURL( /\/it\/my-dashboard\/$/ );
	} );

	test( 'the social buttons lead to the plugin, which says when they are not configured', async ( {
		page,
	} ) => {
		await page.goto( '/getting-started/signup/' );
		await signupWidget( page )
			.getByRole( 'link', { name: 'Continue with Facebook' } )
			.click();
		await expect( page ).toHaveURL( /action=facebook_oauth_redirect/ );
		await expect( page.locator( 'body' ) ).toContainText(
			/not configured/i
		);
	} );
} );
