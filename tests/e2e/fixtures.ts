import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = {
	email: 'demo@crowdscout.test',
	password: 'Demo1234!',
	name: 'Dana Demo',
};

/** Every page keeps to this machine: anything aimed elsewhere (gravatar, s.w.org…) is aborted. */
export const test = base.extend( {
	page: async ( { page, baseURL }, use ) => {
		const own = new URL( baseURL ?? 'http://127.0.0.1' ).host;
		await page.route( '**/*', ( route ) =>
			new URL( route.request().url() ).host === own
				? route.continue()
				: route.abort()
		);
		await use( page );
	},
} );

/** Logs in through WordPress's own login form. */
export async function logIn(
	page: Page,
	email = DEMO.email,
	password = DEMO.password
) {
	await page.goto( '/wp-login.php' );
	await page.getByLabel( 'Username or Email Address' ).fill( email );
	await page.getByLabel( 'Password', { exact: true } ).fill( password );
	await page.getByRole( 'button', { name: 'Log In' } ).click();
	await page.waitForURL(
		( url ) => ! url.pathname.endsWith( '/wp-login.php' )
	);
}

export { expect };
