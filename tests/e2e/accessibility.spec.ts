import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { test, expect, logIn } from './fixtures';

/**
 * axe-core over what our widgets render, in the states a tester meets them: the widget containers and the
 * dialogs they open (rendered outside the containers). The theme around them is left out: its navigation is
 * the theme's, and the site header that replaces it is work of its own.
 */
async function violationsOf( page: Page ) {
	const { violations } = await new AxeBuilder( { page } )
		.include( '[data-crowdscout-widget]' )
		.include( '[role="dialog"]' )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
		.analyze();
	// One line per rule and element, so a failure says what to fix.
	return violations.flatMap( ( violation ) =>
		violation.nodes.map(
			( node ) => `${ violation.id }: ${ node.target.join( ' ' ) }`
		)
	);
}

const VETERAN = { email: 'veteran@crowdscout.test', password: 'Veteran1234!' };

test.describe( 'accessibility (axe-core)', () => {
	test( 'sign-up, empty and with every error shown', async ( { page } ) => {
		await page.goto( '/getting-started/signup/' );
		const submit = page.getByRole( 'button', { name: /next|continue/i } );
		await expect( submit.first() ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await submit.first().click();
		await expect( page.getByText( /required/i ).first() ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the login page and the login card of a protected page', async ( {
		page,
	} ) => {
		await page.goto( '/login/' );
		await expect( page.getByLabel( 'Email' ) ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.goto( '/my-account/' );
		await expect(
			page.getByRole( 'heading', { name: /login to continue/i } )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'a logged-in tester: my account and the sidebar', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/my-account/' );
		await expect(
			page
				.locator( '.wp-block-crowdscout-profile-summary' )
				.getByText( /^T\d+$/ )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'an account without a tester profile sees the notice, not the login card', async ( {
		page,
	} ) => {
		await logIn( page, 'admin@crowdscout.test', 'Admin1234!' );
		await page.goto( '/my-account/' );
		await expect(
			page.getByRole( 'heading', { name: /has no .* profile/i } )
		).toBeVisible();
		await expect( page.getByLabel( 'Email' ) ).toHaveCount( 0 );
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the dashboard: its messages, then its tables and cards', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-dashboard/' );
		const messages = page.getByRole( 'dialog', {
			name: 'Messages for you',
		} );
		await expect( messages ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.keyboard.press( 'Escape' );
		await expect( messages ).toHaveCount( 0 );
		await expect(
			page
				.getByRole( 'table', { name: 'Active campaigns' } )
				.getByRole( 'row' )
				.nth( 1 )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );
} );
