/**
 * The account layer of the plugin over HTTP, against the real platform (native PHP WordPress + API behind the
 * proxy): the admin-ajax actions appq_get_nonce, ajaxlogin (with its throttle) and appq_wp_logout, the social
 * login redirect when not configured, the signed welcome-email route, and page titles per language. Runs its own
 * platform on its own port and data directory (removed afterwards unless CROWDSCOUT_KEEP_TEST_DATA is set); run
 * by scripts/test-php.mjs.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { signInternalRequest } from '../../api/src/lib/channel.ts';
import { Browser, pageConfig, platformForTests } from './helpers.mjs';

const port = Number( process.env.CROWDSCOUT_ACCOUNT_TEST_PORT ?? 18680 );
const DEMO = DEMO_TESTERS[ 0 ];
const FREE_ATTEMPTS = 5;
const running = platformForTests( { name: 'account', port } );
const { dataDir } = running;

/** A fresh nonce for ajaxlogin. */
async function loginNonce( browser ) {
	const response = await browser.ajax( { action: 'appq_get_nonce' } );
	assert.equal( response.status, 200 );
	return ( await response.json() ).data;
}

/** ajaxlogin with a fresh nonce (and extra headers); resolves to the status and the parsed answer. */
async function ajaxLogin( browser, username, password, nonce, headers = {} ) {
	const response = await browser.fetch( '/wp-admin/admin-ajax.php', {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			...headers,
		},
		body: new URLSearchParams( {
			action: 'ajaxlogin',
			username,
			password,
			security: nonce ?? ( await loginNonce( browser ) ),
		} ),
	} );
	return { status: response.status, body: await response.json() };
}

/** Signs up a tester through the API (which creates the WordPress user). */
async function signUp( email, password ) {
	const response = await fetch( `${ running.platform.url }/api/users`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify( {
			email,
			password,
			name: 'Theo',
			surname: 'Throttle',
			birthDate: '1990-01-02',
			country: 'IT',
		} ),
	} );
	assert.equal( response.status, 201, await response.clone().text() );
}

/** A signed request on the internal channel, straight to WordPress. */
function internal( route, body ) {
	const raw = JSON.stringify( body );
	return fetch( `${ running.platform.wordpressUrl }/wp-json${ route }`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			...signInternalRequest(
				{ secret: running.platform.secret },
				'POST',
				route,
				raw
			),
		},
		body: raw,
	} );
}

/** Title of a page: the document title without the site name. */
function titleOf( html ) {
	const match = html.match( /<title>([^<]*?)(?: &#8211; [^<]*)?<\/title>/ );
	return match ? match[ 1 ] : null;
}

describe( 'appq_get_nonce', () => {
	test( 'answers {success: true, data: nonce}', async () => {
		const response = await new Browser( running.platform.url ).ajax( {
			action: 'appq_get_nonce',
		} );
		assert.equal( response.status, 200 );
		assert.match(
			response.headers.get( 'content-type' ),
			/application\/json/
		);
		const body = await response.json();
		assert.deepEqual( Object.keys( body ), [ 'success', 'data' ] );
		assert.equal( body.success, true );
		assert.match( body.data, /^[0-9a-f]{10}$/ );
	} );
} );

describe( 'ajaxlogin', () => {
	test( 'logs the demo tester in, and the cookie session then works', async () => {
		const tester = new Browser( running.platform.url );
		const { status, body } = await ajaxLogin(
			tester,
			DEMO.email,
			DEMO.password
		);
		assert.equal( status, 200 );
		assert.deepEqual( body, {
			loggedin: true,
			message: 'Login successful, redirecting...',
			error: null,
		} );

		const config = pageConfig(
			await ( await tester.fetch( '/my-account/' ) ).text()
		);
		assert.equal( config.user.displayName, 'Dana Demo' );
		const refreshed = await tester.ajax( {
			action: 'crowdscout_refresh_token',
			_ajax_nonce: config.nonces.token,
		} );
		assert.equal( refreshed.status, 200 );
		const { data } = await refreshed.json();
		const me = await fetch(
			`${ running.platform.url }/api/users/me?fields=name`,
			{
				headers: { authorization: `Bearer ${ data.token }` },
			}
		);
		assert.equal( ( await me.json() ).name, 'Dana' );
	} );

	test( 'a wrong password is invalid_credentials', async () => {
		const visitor = new Browser( running.platform.url );
		const { status, body } = await ajaxLogin(
			visitor,
			DEMO.email,
			'Wrong1234!'
		);
		assert.equal( status, 200 );
		assert.deepEqual( body, {
			loggedin: false,
			message: 'Wrong username or password.',
			error: 'invalid_credentials',
		} );
		assert.ok(
			! [ ...visitor.cookies.keys() ].some( ( name ) =>
				name.startsWith( 'wordpress_logged_in_' )
			),
			'no session cookie'
		);
	} );

	test( 'a bad nonce is invalid_nonce, even with the right password', async () => {
		const visitor = new Browser( running.platform.url );
		const { status, body } = await ajaxLogin(
			visitor,
			DEMO.email,
			DEMO.password,
			'0123456789'
		);
		assert.equal( status, 200 );
		assert.deepEqual( body, {
			loggedin: false,
			message: 'There was an error, please reload.',
			error: 'invalid_nonce',
		} );
		const config = pageConfig(
			await ( await visitor.fetch( '/my-account/' ) ).text()
		);
		assert.equal( config.user, null );
	} );

	test( 'messages follow the language of the page that asks', async () => {
		const response = await new Browser( running.platform.url ).fetch(
			'/wp-admin/admin-ajax.php',
			{
				method: 'POST',
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					referer: `${ running.platform.url }/it/login/`,
				},
				body: new URLSearchParams( {
					action: 'ajaxlogin',
					username: DEMO.email,
					password: 'Wrong1234!',
					security: 'nope',
				} ),
			}
		);
		const body = await response.json();
		assert.equal( body.error, 'invalid_nonce' );
		assert.equal(
			body.message,
			'Si è verificato un errore, ricarica la pagina.'
		);
	} );

	test( `${ FREE_ATTEMPTS } failures from one address slow that address down for the account (even the right password), not another address; the internal check and the API refuse it with 429 and Retry-After`, async () => {
		const email = `theo.throttle.${ Date.now() }@crowdscout.test`;
		const password = 'Throttle1234!';
		await signUp( email, password );
		const attackerAddress = { 'x-forwarded-for': '203.0.113.10' };

		const attacker = new Browser( running.platform.url );
		const nonce = await loginNonce( attacker );
		for ( let i = 0; i < FREE_ATTEMPTS; i++ ) {
			const { body } = await ajaxLogin(
				attacker,
				email,
				`Wrong${ i }!`,
				nonce,
				attackerAddress
			);
			assert.equal( body.error, 'invalid_credentials', `attempt ${ i }` );
		}

		const { status, body } = await ajaxLogin(
			new Browser( running.platform.url ),
			email,
			password,
			undefined,
			attackerAddress
		);
		assert.equal( status, 200 );
		assert.equal( body.loggedin, false );
		assert.equal( body.error, 'throttled' );
		assert.match(
			body.message,
			/^Too many failed login attempts\. Try again in \d+ s or reset your password: http:\/\/127\.0\.0\.1:\d+\/wp-login\.php\?action=lostpassword$/
		);

		const owner = await ajaxLogin(
			new Browser( running.platform.url ),
			email,
			password,
			undefined,
			{ 'x-forwarded-for': '198.51.100.10' }
		);
		assert.equal(
			owner.body.loggedin,
			true,
			'the owner, from another address'
		);

		const checked = await internal(
			'/crowdscout/v1/internal/users/check-password',
			{ username: email, password, ip: '203.0.113.10' }
		);
		assert.equal( checked.status, 429 );
		const refusal = await checked.json();
		assert.equal( refusal.code, 'throttled' );
		assert.ok( refusal.retryAfter > 0 );
		assert.equal(
			checked.headers.get( 'retry-after' ),
			String( refusal.retryAfter )
		);

		const authenticated = await fetch(
			`${ running.platform.url }/api/authenticate`,
			{
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					...attackerAddress,
				},
				body: JSON.stringify( { username: email, password } ),
			}
		);
		assert.equal( authenticated.status, 429 );
		assert.match( authenticated.headers.get( 'retry-after' ), /^\d+$/ );
		assert.match(
			( await authenticated.json() ).message,
			/reset your password: .*action=lostpassword/
		);
	} );
} );

describe( 'appq_wp_logout', () => {
	test( 'ends the session with a nonce and is 403 without one', async () => {
		const tester = new Browser( running.platform.url );
		assert.equal(
			( await ajaxLogin( tester, DEMO.email, DEMO.password ) ).body
				.loggedin,
			true
		);
		const config = pageConfig(
			await ( await tester.fetch( '/my-account/' ) ).text()
		);
		assert.equal( typeof config.nonces.logout, 'string' );
		assert.ok( 'feedbackUrl' in config );
		assert.equal( config.feedbackUrl, null );

		const refused = await tester.fetch(
			'/wp-admin/admin-ajax.php?action=appq_wp_logout'
		);
		assert.equal( refused.status, 403 );
		const refusal = await refused.json();
		assert.equal( refusal.success, false );
		assert.equal( typeof refusal.data.message, 'string' );
		const still = pageConfig(
			await ( await tester.fetch( '/my-account/' ) ).text()
		);
		assert.equal( still.user.displayName, 'Dana Demo' );

		const response = await tester.fetch(
			`/wp-admin/admin-ajax.php?action=appq_wp_logout&_wpnonce=${ config.nonces.logout }`
		);
		assert.equal( response.status, 200 );
		assert.deepEqual( await response.json(), { success: true } );
		const loggedOut = pageConfig(
			await ( await tester.fetch( '/my-account/' ) ).text()
		);
		assert.equal( loggedOut.user, null );
		const refresh = await tester.ajax( {
			action: 'crowdscout_refresh_token',
			_ajax_nonce: config.nonces.token,
		} );
		assert.equal( refresh.status, 403 );
	} );
} );

describe( 'social login', () => {
	for ( const provider of [ 'facebook', 'linkedin' ] ) {
		test( `${ provider }_oauth_redirect answers a 503 page in the page's language while not configured`, async () => {
			const back = `${ running.platform.url }/it/getting-started/confirmation/`;
			const response = await fetch(
				`${
					running.platform.url
				}/wp-admin/admin-ajax.php?action=${ provider }_oauth_redirect&redirect_to=${ encodeURIComponent(
					back
				) }&log=0`,
				{ redirect: 'manual' }
			);
			assert.equal( response.status, 503 );
			assert.equal( response.headers.get( 'location' ), null );
			assert.match(
				response.headers.get( 'content-type' ),
				/^text\/html/
			);
			const html = await response.text();
			const name = provider === 'facebook' ? 'Facebook' : 'LinkedIn';
			assert.match( html, /<html lang="it">/ );
			assert.match(
				html,
				new RegExp(
					`<h1>L&#039;accesso con ${ name } non è disponibile`
				)
			);
			assert.match(
				html,
				new RegExp(
					`href="${ running.platform.url }/it/getting-started/"`
				)
			);
			assert.match(
				html,
				new RegExp(
					`href="${ running.platform.url }/it/getting-started/signup/"`
				)
			);
		} );
	}

	test( 'a callback without a valid state is a 400 page', async () => {
		const response = await fetch(
			`${ running.platform.url }/wp-admin/admin-ajax.php?action=facebook_oauth_callback&code=x&state=forged`,
			{ redirect: 'manual' }
		);
		assert.equal( response.status, 400 );
		assert.match( await response.text(), /Sign-in failed/ );
	} );
} );

describe( 'welcome email', () => {
	test( 'the signed route sends it in the language asked for', async () => {
		const checked = await internal(
			'/crowdscout/v1/internal/users/check-password',
			{ username: DEMO.email, password: DEMO.password }
		);
		const { id } = await checked.json();
		const mailFile = path.join( dataDir, 'mail.jsonl' );
		const mailsBefore = fs.existsSync( mailFile )
			? fs
					.readFileSync( mailFile, 'utf8' )
					.split( '\n' )
					.filter( Boolean ).length
			: 0;

		const response = await internal(
			`/crowdscout/v1/internal/users/${ id }/welcome`,
			{ locale: 'it' }
		);
		assert.equal( response.status, 202 );
		assert.deepEqual( await response.json(), { sent: true } );

		const records = fs
			.readFileSync( mailFile, 'utf8' )
			.split( '\n' )
			.filter( Boolean )
			.map( ( line ) => JSON.parse( line ) );
		assert.equal( records.length, mailsBefore + 1 );
		const mail = records.at( -1 );
		assert.equal( mail.to, DEMO.email );
		assert.match( mail.subject, /^Ti diamo il benvenuto su .+, Dana!$/ );
		assert.match( mail.message, /^Ciao Dana,/ );
		assert.ok(
			mail.message.includes(
				`${ running.platform.url }/it/my-dashboard/`
			),
			mail.message
		);

		const unknown = await internal(
			'/crowdscout/v1/internal/users/999999/welcome',
			{ locale: 'it' }
		);
		assert.equal( unknown.status, 404 );
		const unsigned = await fetch(
			`${ running.platform.wordpressUrl }/wp-json/crowdscout/v1/internal/users/${ id }/welcome`,
			{
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{"locale":"it"}',
			}
		);
		assert.equal( unsigned.status, 401 );
	} );
} );

describe( 'page titles', () => {
	const cases = [
		[ '/my-dashboard/', 'My dashboard' ],
		[ '/it/my-dashboard/', 'La mia dashboard' ],
		[ '/it/getting-started/signup/', 'Registrazione' ],
		[ '/it/personal-equipment/', 'I miei dispositivi' ],
		[ '/es/personal-equipment/', 'Mis dispositivos' ],
		[ '/fr/my-account/', 'Mon compte' ],
	];
	for ( const [ target, title ] of cases ) {
		test( `${ target } is titled "${ title }"`, async () => {
			const response = await fetch(
				`${ running.platform.url }${ target }`,
				{
					redirect: 'manual',
				}
			);
			assert.equal( response.status, 200 );
			assert.equal( titleOf( await response.text() ), title );
		} );
	}
} );
