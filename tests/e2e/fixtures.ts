import fs from 'node:fs';
import { join } from 'node:path';
import {
	test as base,
	expect,
	type APIRequestContext,
	type Page,
} from '@playwright/test';

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

/**
 * Opens WordPress's login form and fills it, not yet sent.
 *
 * @param page
 * @param email
 * @param password
 */
export async function fillLogInForm(
	page: Page,
	email: string,
	password: string
) {
	await page.goto( '/wp-login.php' );
	const username = page.getByLabel( 'Username or Email Address' );
	const passwordField = page.getByLabel( 'Password', { exact: true } );
	// WordPress focuses a field 200 ms after its script runs (wp_attempt_focus): the username, selected, or, when
	// it remembers one, the password, emptied. On a slow machine either can land in the middle of filling, and an
	// emptied password leaves the form unsent. Filled once the focus has moved (a page without the script goes on
	// after a second), then again until both hold.
	await expect( page.locator( '#user_login:focus, #user_pass:focus' ) )
		.toHaveCount( 1, { timeout: 1000 } )
		.catch( () => undefined );
	await expect( async () => {
		await username.fill( email );
		await passwordField.fill( password );
		expect( await username.inputValue() ).toBe( email );
		expect( await passwordField.inputValue() ).toBe( password );
	} ).toPass();
}

/** Logs in through WordPress's own login form. */
export async function logIn(
	page: Page,
	email = DEMO.email,
	password = DEMO.password
) {
	await fillLogInForm( page, email, password );
	await page.getByRole( 'button', { name: 'Log In' } ).click();
	await page.waitForURL(
		( url ) => ! url.pathname.endsWith( '/wp-login.php' )
	);
}

/** The demo tester with every state: devices used in campaigns, bugs of each status, a level and a rank. */
export const VETERAN = {
	email: 'veteran@crowdscout.test',
	password: 'Veteran1234!',
	name: 'Vera Veteran',
};

export interface Login {
	email: string;
	password: string;
}

/**
 * A tester who has just signed up, through the API's sign-up call as the sign-up form makes it, for tests that
 * change data other specs read. The API allows 20 sign-ups an hour from one address: one per spec file.
 *
 * @param request The test's (or a worker's) request context, on the platform's address.
 * @param label   Names the spec in the address.
 */
export async function signUp(
	request: APIRequestContext,
	label: string
): Promise< Login > {
	const email = `${ label }-${ Date.now() }-${ Math.floor(
		Math.random() * 1e6
	) }@example.test`;
	const password = 'Secret123';
	const response = await request.post( '/api/users', {
		data: {
			email,
			password,
			name: 'Nina',
			surname: 'Nuova',
			birthDate: '1994-06-01',
			country: 'IT',
		},
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	return { email, password };
}

/**
 * What the API answers a tester, read with their token: how a test learns what the page should show for data
 * the seed draws (a rank, another tester's bug).
 *
 * @param request
 * @param login
 * @param path    Below /api, e.g. "/users/me/rank".
 */
export async function apiAs< Body >(
	request: APIRequestContext,
	login: Login,
	path: string
): Promise< Body > {
	const auth = await request.post( '/api/authenticate', {
		data: { username: login.email, password: login.password },
	} );
	expect( auth.status(), await auth.text() ).toBe( 200 );
	const { token } = ( await auth.json() ) as { token: string };
	const response = await request.get( `/api${ path }`, {
		headers: { authorization: `Bearer ${ token }` },
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return ( await response.json() ) as Body;
}

/** The toast with this message or title (the page's one toast area). */
export const toast = ( page: Page, text: string | RegExp ) =>
	page.locator( '.crowdscout-toast' ).filter( { hasText: text } );

/** A label's text, whole, with or without the required mark (" *") after it. */
export const exactLabel = ( label: string ) =>
	new RegExp(
		`^${ label.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) }( \\*)?$`
	);

/** Whether the page scrolls sideways: it should not, at any width. */
export const scrollsSideways = ( page: Page ) =>
	page.evaluate(
		() => document.documentElement.scrollWidth > window.innerWidth
	);

export { expect };

/** A mail WordPress sent, as the development mu-plugin records it in the data directory's mail.jsonl. */
export interface SentMail {
	to: unknown;
	subject: string;
	message: string;
}

/**
 * The mails WordPress sent to an address so far.
 *
 * @param email
 */
export function mailsTo( email: string ): SentMail[] {
	const file = join(
		process.env.CROWDSCOUT_E2E_DATA_DIR ?? '',
		'mail.jsonl'
	);
	if ( ! fs.existsSync( file ) ) {
		return [];
	}
	return fs
		.readFileSync( file, 'utf8' )
		.split( '\n' )
		.filter( Boolean )
		.map( ( line ) => JSON.parse( line ) as SentMail )
		.filter( ( mail ) => JSON.stringify( mail.to ).includes( email ) );
}
