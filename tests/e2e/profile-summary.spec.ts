import { test, expect, logIn, DEMO } from './fixtures';

test.describe( 'profile summary on my-account', () => {
	test( 'the demo tester sees their summary card @smoke', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/my-account/' );
		const card = page.locator( '.wp-block-crowdscout-profile' );
		await expect(
			card.getByRole( 'heading', { name: DEMO.name } )
		).toBeVisible();
		await expect( card.getByText( /^T\d+$/ ) ).toBeVisible();
	} );

	test( 'a logged-out visitor sees the login card @smoke', async ( {
		page,
	} ) => {
		await page.goto( '/my-account/' );
		const card = page.locator( '.wp-block-crowdscout-profile' );
		await expect(
			card.getByRole( 'heading', { name: /login to continue/i } )
		).toBeVisible();
		await expect( card.getByLabel( 'Email' ) ).toBeVisible();
		await expect(
			card.getByRole( 'link', { name: 'Sign up' } )
		).toHaveAttribute( 'href', /\/getting-started\/$/ );
	} );

	test( 'the login card leads back to the card after logging in', async ( {
		page,
	} ) => {
		await page.goto( '/my-account/' );
		const card = page.locator( '.wp-block-crowdscout-profile' );
		await card.getByLabel( 'Email' ).fill( DEMO.email );
		await card
			.getByLabel( 'Password', { exact: true } )
			.fill( DEMO.password );
		await card.getByRole( 'button', { name: 'Log in' } ).click();
		await expect( page ).toHaveURL( /\/my-account\/$/ );
		await expect(
			page.getByRole( 'heading', { name: DEMO.name } )
		).toBeVisible();
	} );
} );
