import { test, expect, DEMO } from './fixtures';

const LEAD = { email: 'lead@crowdscout.test', password: 'Lead1234!' };
const ADMIN = { email: 'admin@crowdscout.test', password: 'Admin1234!' };

/** Logs in through the product's own login page. */
async function logInOnPage(
	page: import('@playwright/test').Page,
	{ email, password }: { email: string; password: string },
	path = '/login/'
) {
	await page.goto( path );
	const form = page.locator( '.wp-block-crowdscout-login' );
	await form.getByLabel( 'Email' ).fill( email );
	await form.getByLabel( 'Password', { exact: true } ).fill( password );
	await form.getByRole( 'button', { name: 'Log in' } ).click();
}

test.describe( 'login and logout', () => {
	test( 'the login page validates, refuses a wrong password and logs in @smoke', async ( {
		page,
	} ) => {
		await page.goto( '/login/' );
		const form = page.locator( '.wp-block-crowdscout-login' );
		await form.getByRole( 'button', { name: 'Log in' } ).click();
		await expect( form.getByText( 'Email is required' ) ).toBeVisible();
		await expect(
			form.getByText( 'This is a required field' )
		).toBeVisible();
		await expect( form.getByLabel( 'Email' ) ).toBeFocused();

		await form.getByLabel( 'Email' ).fill( DEMO.email );
		await form.getByLabel( 'Password', { exact: true } ).fill( 'Wrong123' );
		await form.getByRole( 'button', { name: 'Log in' } ).click();
		await expect( form.getByRole( 'alert' ) ).toContainText(
			'Wrong username or password.'
		);

		await form
			.getByLabel( 'Password', { exact: true } )
			.fill( DEMO.password );
		await form.getByRole( 'button', { name: 'Log in' } ).click();
		// No redirectTo: the page reloads, and the login page sends a logged-in tester to the dashboard.
		await expect( page ).toHaveURL( /\/my-dashboard\/$/ );
	} );

	test( 'redirectTo on our own host is honoured, on a foreign host ignored', async ( {
		page,
		baseURL,
	} ) => {
		await logInOnPage(
			page,
			DEMO,
			`/login/?redirectTo=${ encodeURIComponent(
				`${ baseURL }/my-account/`
			) }`
		);
		await expect( page ).toHaveURL( /\/my-account\/$/ );
		await expect(
			page.getByRole( 'heading', { name: DEMO.name } )
		).toBeVisible();

		await page
			.getByRole( 'navigation', { name: /main/i } )
			.getByRole( 'button', { name: 'Log out' } )
			.click();
		await expect( page.getByText( 'Login to continue' ) ).toBeVisible();

		await logInOnPage(
			page,
			DEMO,
			'/login/?redirectTo=https%3A%2F%2Fevil.example%2Fmy-account%2F'
		);
		await expect( page ).toHaveURL( /127\.0\.0\.1:\d+\/my-dashboard\/$/ );
	} );

	test( 'the login card of a protected page logs in in place, in Italian', async ( {
		page,
	} ) => {
		await page.goto( '/it/my-account/' );
		const card = page.locator( '.wp-block-crowdscout-profile' );
		await expect(
			card.getByRole( 'heading', { name: 'Accedi per continuare' } )
		).toBeVisible();
		await card.getByLabel( 'Email' ).fill( DEMO.email );
		await card
			.getByLabel( 'Password', { exact: true } )
			.fill( DEMO.password );
		await card.getByRole( 'button', { name: 'Accedi' } ).click();
		await expect( page ).toHaveURL( /\/it\/my-account\/$/ );
		await expect(
			card.getByRole( 'heading', { name: DEMO.name } )
		).toBeVisible();
	} );

	test( 'the header of a visitor page has a login button', async ( {
		page,
	} ) => {
		await page.goto( '/faq/' );
		await page.getByRole( 'link', { name: 'Log in' } ).first().click();
		await expect( page ).toHaveURL( /\/login\/\?redirectTo=/ );
		// One main heading: the login card's (the theme's page title steps aside).
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText( [
			'Login',
		] );
	} );

	for ( const [ who, account, sees ] of [
		[ 'administrator', ADMIN, true ],
		[ 'tester lead', LEAD, true ],
		[ 'tester', DEMO, false ],
	] as const ) {
		test( `the sidebar's Admin entry ${
			sees ? 'shows' : 'does not show'
		} for a ${ who }`, async ( { page } ) => {
			await logInOnPage( page, account );
			await expect( page ).toHaveURL( /\/my-dashboard\/$/ );
			const sidebar = page.getByRole( 'navigation', { name: /main/i } );
			await expect(
				sidebar.getByRole( 'link', { name: 'Dashboard' } )
			).toBeVisible();
			await expect(
				sidebar.getByRole( 'link', { name: 'Admin' } )
			).toHaveCount( sees ? 1 : 0 );
		} );
	}
} );
