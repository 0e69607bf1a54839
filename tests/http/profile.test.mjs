/**
 * The profile's admin-ajax actions over HTTP, against the real platform: mcoptin (the email-confirmation link,
 * which the API then accepts), appq_personal_data_request (WordPress's own export request, listed in wp-admin),
 * the my-account page's widget, and the goodbye page right after logout in every language. Runs its own platform
 * on its own port and data directory; run by scripts/test-php.mjs.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { Browser, pageConfig, platformForTests } from './helpers.mjs';

const port = Number( process.env.CROWDSCOUT_PROFILE_TEST_PORT ?? 18880 );
const DANA = DEMO_TESTERS.find( ( tester ) => tester.profile === 'newcomer' );
const UMBERTO = DEMO_TESTERS.find(
	( tester ) => tester.profile === 'unverified'
);
const running = platformForTests( { name: 'profile', port } );

/** Emails WordPress sent so far (the development mu-plugin writes them to mail.jsonl). */
function mails() {
	const file = path.join( running.dataDir, 'mail.jsonl' );
	return fs.existsSync( file )
		? fs
				.readFileSync( file, 'utf8' )
				.split( '\n' )
				.filter( Boolean )
				.map( ( line ) => JSON.parse( line ) )
		: [];
}

/** A logged-in browser of a demo tester, with the nonce appq_get_nonce hands it. */
async function loggedIn( tester ) {
	const browser = new Browser( running.platform.url );
	await browser.logIn( tester.email, tester.password );
	const response = await browser.ajax( { action: 'appq_get_nonce' } );
	return { browser, nonce: ( await response.json() ).data };
}

async function ajax( browser, fields, headers = {} ) {
	const response = await browser.fetch( '/wp-admin/admin-ajax.php', {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			...headers,
		},
		body: new URLSearchParams( fields ),
	} );
	const text = await response.text();
	let body = text;
	try {
		body = JSON.parse( text );
	} catch {}
	return { status: response.status, body };
}

describe( 'mcoptin', () => {
	test( 'mails a link in the page language that confirms the email in the API, once a minute', async () => {
		const { browser, nonce } = await loggedIn( DANA );
		const before = mails().length;
		const sent = await ajax(
			browser,
			{ action: 'mcoptin', security: nonce },
			{ referer: `${ running.platform.url }/it/my-account/?tab=base` }
		);
		assert.equal( sent.status, 200 );
		assert.deepEqual( sent.body, {
			success: true,
			data: {
				message: "Abbiamo inviato un'email all'indirizzo indicato",
			},
		} );
		const [ mail, ...more ] = mails().slice( before );
		assert.equal( more.length, 0 );
		assert.equal( mail.to, DANA.email );
		assert.match( mail.subject, /^Conferma il tuo indirizzo email/ );
		const link = new URL( mail.message.match( /(https?:\/\/\S+)/ )[ 1 ] );
		assert.equal(
			link.origin + link.pathname,
			`${ running.platform.url }/it/my-account/`
		);
		assert.equal( link.searchParams.get( 'tab' ), 'base' );
		const token = link.searchParams.get( 'confirm_email' );

		const again = await ajax( browser, {
			action: 'mcoptin',
			security: nonce,
		} );
		assert.equal( again.status, 429 );
		assert.equal( again.body.success, false );
		assert.match( again.body.data.message, /wait a minute/ );
		assert.equal( mails().length, before + 1 );

		const config = pageConfig(
			await ( await browser.fetch( '/my-account/' ) ).text()
		);
		const confirm = ( body, bearer = config.token ) =>
			fetch(
				`${ running.platform.url }/api/users/me/email_confirmation`,
				{
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						authorization: `Bearer ${ bearer }`,
					},
					body: JSON.stringify( body ),
				}
			);
		const tampered = await confirm( { token: `${ token }x` } );
		assert.equal( tampered.status, 400 );
		assert.equal(
			( await tampered.json() ).message,
			'This confirmation link is not valid or has expired.'
		);

		const other = await loggedIn( UMBERTO );
		const otherConfig = pageConfig(
			await ( await other.browser.fetch( '/my-account/' ) ).text()
		);
		const stolen = await confirm( { token }, otherConfig.token );
		assert.equal( stolen.status, 400, "another tester's session" );

		const confirmed = await confirm( { token } );
		assert.equal( confirmed.status, 200 );
		assert.deepEqual( await confirmed.json(), { email_confirmed: true } );
	} );

	test( "refuses a bad nonce with a 403 and a visitor with admin-ajax's own 400, sending nothing", async () => {
		const { browser } = await loggedIn( UMBERTO );
		const before = mails().length;
		const refused = await ajax( browser, {
			action: 'mcoptin',
			security: 'nope',
		} );
		assert.equal( refused.status, 403 );
		assert.deepEqual( refused.body, {
			success: false,
			data: {
				message:
					'Your session has expired. Please reload the page and try again.',
			},
		} );

		const visitor = new Browser( running.platform.url );
		const nonce = (
			await ( await visitor.ajax( { action: 'appq_get_nonce' } ) ).json()
		).data;
		const anonymous = await ajax( visitor, {
			action: 'mcoptin',
			security: nonce,
		} );
		assert.equal( anonymous.status, 400 );
		assert.equal( anonymous.body, 0 );
		assert.equal( mails().length, before );
	} );
} );

describe( 'appq_personal_data_request', () => {
	test( "files WordPress's export request, which the site owner sees under Tools → Export Personal Data", async () => {
		const { browser, nonce } = await loggedIn( UMBERTO );
		const before = mails().length;
		const filed = await ajax( browser, {
			action: 'appq_personal_data_request',
			security: nonce,
		} );
		assert.equal( filed.status, 200 );
		assert.deepEqual( filed.body, { success: true } );
		const [ mail ] = mails().slice( before );
		assert.equal( mail.to, UMBERTO.email );
		assert.match( mail.message, /action=confirmaction/ );

		const again = await ajax( browser, {
			action: 'appq_personal_data_request',
			security: nonce,
			locale: 'fr',
		} );
		assert.equal( again.status, 409 );
		assert.match(
			again.body.data.message,
			/^Vous avez déjà demandé vos données personnelles/
		);

		const admin = new Browser( running.platform.url );
		await admin.logIn( DEMO_ADMIN.login, DEMO_ADMIN.password );
		const page = await (
			await admin.fetch( '/wp-admin/export-personal-data.php' )
		).text();
		assert.ok(
			page.includes( UMBERTO.email ),
			'listed for the site owner'
		);
	} );

	test( 'refuses a bad nonce and files nothing', async () => {
		const { browser } = await loggedIn( DANA );
		const refused = await ajax( browser, {
			action: 'appq_personal_data_request',
			security: 'nope',
		} );
		assert.equal( refused.status, 403 );
		assert.equal( refused.body.success, false );
		const admin = new Browser( running.platform.url );
		await admin.logIn( DEMO_ADMIN.login, DEMO_ADMIN.password );
		const page = await (
			await admin.fetch( '/wp-admin/export-personal-data.php' )
		).text();
		assert.ok( ! page.includes( DANA.email ) );
	} );
} );

describe( 'pages', () => {
	test( 'my-account mounts the profile widget', async () => {
		const { browser } = await loggedIn( DANA );
		const html = await ( await browser.fetch( '/es/my-account/' ) ).text();
		assert.match( html, /data-crowdscout-widget="profile"/ );
		assert.equal( pageConfig( html ).locale, 'es' );
	} );

	test( 'goodbye answers right after logout, in every language', async () => {
		for ( const language of [ 'en', 'it', 'es', 'fr' ] ) {
			const { browser } = await loggedIn( DANA );
			const config = pageConfig(
				await ( await browser.fetch( '/my-account/' ) ).text()
			);
			const out = await browser.fetch(
				`/wp-admin/admin-ajax.php?action=appq_wp_logout&_wpnonce=${ config.nonces.logout }`
			);
			assert.equal( out.status, 200 );
			const target =
				language === 'en' ? '/goodbye/' : `/${ language }/goodbye/`;
			const response = await browser.fetch( target );
			assert.equal( response.status, 200, target );
			const html = await response.text();
			assert.match( html, /data-crowdscout-widget="goodbye"/, target );
			assert.equal( pageConfig( html ).locale, language, target );
			assert.equal( pageConfig( html ).user, null, target );
		}
	} );
} );
