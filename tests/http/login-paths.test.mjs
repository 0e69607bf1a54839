/**
 * Every way into an account over HTTP, against the real platform (native PHP WordPress + API behind the proxy):
 * wp-login.php, XML-RPC (off by default), application passwords and ajaxlogin all obey one login throttle, counted
 * per account and client address; the refusal offers the password reset; login names are not published (REST
 * users, author archives, oEmbed); ajaxlogin refuses posts from other sites; testers are kept out of wp-admin.
 * (X-Forwarded-For from an untrusted peer: tests/php, since every request here comes through trusted hops.) Runs its own platform on its own port and data directory
 * (removed afterwards unless CROWDSCOUT_KEEP_TEST_DATA is set); run by scripts/test-php.mjs.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { Browser, platformForTests } from './helpers.mjs';

const port = Number( process.env.CROWDSCOUT_LOGIN_TEST_PORT ?? 18780 );
const FREE_ATTEMPTS = 5;
const DEMO = DEMO_TESTERS[ 0 ];
const LEAD = DEMO_TESTERS.find( ( tester ) =>
	tester.email.startsWith( 'lead@' )
);
const running = platformForTests( { name: 'login', port } );
const { dataDir } = running;
let signUps = 0;

/** X-Forwarded-For as the development proxy's client would send it: the proxy appends its peer (trusted). */
const from = ( address ) => ( { 'x-forwarded-for': address } );

/** A new tester signed up through the API; resolves to its email and password. */
async function newTester() {
	const email = `login.paths.${ Date.now() }.${ ++signUps }@crowdscout.test`;
	const password = 'Paths1234!';
	const response = await fetch( `${ running.platform.url }/api/users`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			// Sign-ups are limited per address: each gets its own.
			...from( `192.0.2.${ signUps }` ),
		},
		body: JSON.stringify( {
			email,
			password,
			name: 'Lena',
			surname: 'Paths',
			birthDate: '1990-01-02',
			country: 'IT',
		} ),
	} );
	assert.equal( response.status, 201, await response.clone().text() );
	return { email, password };
}

/** POST wp-login.php as its form does. */
function wpLogin( browser, log, pwd, headers = {} ) {
	return browser.fetch( '/wp-login.php', {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			...headers,
		},
		body: new URLSearchParams( {
			log,
			pwd,
			'wp-submit': 'Log In',
			testcookie: '1',
		} ),
	} );
}

const hasSession = ( browser ) =>
	[ ...browser.cookies.keys() ].some( ( name ) =>
		name.startsWith( 'wordpress_logged_in_' )
	);

/** ajaxlogin with a fresh nonce; resolves to the parsed answer. */
async function ajaxLogin( browser, username, password, headers = {} ) {
	const nonce = (
		await ( await browser.ajax( { action: 'appq_get_nonce' } ) ).json()
	).data;
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
			security: nonce,
		} ),
	} );
	assert.equal( response.status, 200 );
	return response.json();
}

/** An XML-RPC call of wp.getUsersBlogs; resolves to the fault code (0 without a fault) and the body. */
async function xmlrpcLogin( username, password, headers = {} ) {
	const escape = ( value ) =>
		value.replace( /&/g, '&amp;' ).replace( /</g, '&lt;' );
	const response = await fetch( `${ running.platform.url }/xmlrpc.php`, {
		method: 'POST',
		headers: { 'content-type': 'text/xml', ...headers },
		body: `<?xml version="1.0"?><methodCall><methodName>wp.getUsersBlogs</methodName><params><param><value><string>${ escape(
			username
		) }</string></value></param><param><value><string>${ escape(
			password
		) }</string></value></param></params></methodCall>`,
	} );
	const body = await response.text();
	const fault = body.match(
		/<name>faultCode<\/name>\s*<value><int>(\d+)<\/int><\/value>/
	);
	return { fault: fault ? Number( fault[ 1 ] ) : 0, body };
}

/** Failed wp-login.php attempts from one address, each answered as a wrong password. */
async function failAtWpLogin( log, address, times = FREE_ATTEMPTS ) {
	for ( let i = 0; i < times; i++ ) {
		const response = await wpLogin(
			new Browser( running.platform.url ),
			log,
			`Wrong${ i }!`,
			from( address )
		);
		assert.equal( response.status, 200 );
		assert.doesNotMatch(
			await response.text(),
			/Too many failed login attempts/,
			`attempt ${ i }`
		);
	}
}

/** The administrator, logged in (for the settings page and application passwords). */
async function adminBrowser() {
	const admin = new Browser( running.platform.url );
	await admin.logIn( DEMO_ADMIN.email, DEMO_ADMIN.password );
	return admin;
}

describe( 'every login path obeys the throttle', () => {
	test( 'wp-login.php refuses the right password after failures from that address, with the reset link; another address logs in; ajaxlogin shares the count', async () => {
		const { email, password } = await newTester();
		await failAtWpLogin( email, '203.0.113.21' );

		const refused = new Browser( running.platform.url );
		const page = await wpLogin(
			refused,
			email,
			password,
			from( '203.0.113.21' )
		);
		assert.equal( page.status, 200 );
		const html = await page.text();
		assert.match(
			html,
			/Too many failed login attempts\. Try again in \d+ s or reset your password/
		);
		assert.match(
			html,
			/<a href="http:\/\/127\.0\.0\.1:\d+\/wp-login\.php\?action=lostpassword">/
		);
		assert.equal( hasSession( refused ), false );

		const ajax = await ajaxLogin(
			new Browser( running.platform.url ),
			email,
			password,
			from( '203.0.113.21' )
		);
		assert.equal( ajax.error, 'throttled' );
		assert.match( ajax.message, /action=lostpassword/ );

		const owner = new Browser( running.platform.url );
		const welcome = await wpLogin(
			owner,
			email,
			password,
			from( '198.51.100.21' )
		);
		assert.equal(
			welcome.status,
			302,
			'another address is not locked out'
		);
		assert.equal( hasSession( owner ), true );
	} );

	test( 'ajaxlogin and wp-login.php count each failure once, in one budget', async () => {
		const { email, password } = await newTester();
		await failAtWpLogin( email, '203.0.113.22', 2 );
		for ( let i = 0; i < 2; i++ ) {
			const answer = await ajaxLogin(
				new Browser( running.platform.url ),
				email,
				`Wrong${ i }!`,
				from( '203.0.113.22' )
			);
			assert.equal( answer.error, 'invalid_credentials' );
		}
		// Four failures: still under the free attempts (double counting would have refused this).
		const answer = await ajaxLogin(
			new Browser( running.platform.url ),
			email,
			password,
			from( '203.0.113.22' )
		);
		assert.equal( answer.loggedin, true );
	} );

	test( 'XML-RPC cannot log in by default; turned on, it obeys the throttle', async () => {
		const { email, password } = await newTester();
		const off = await xmlrpcLogin( email, password );
		assert.equal( off.fault, 405, off.body );

		const admin = await adminBrowser();
		const form = await (
			await admin.fetch( '/wp-admin/options-general.php?page=crowdscout' )
		).text();
		assert.match( form, /crowdscout_settings\[xmlrpc_enabled\]/ );
		const nonce = form.match( /name="_wpnonce" value="([^"]+)"/ )[ 1 ];
		const saved = await admin.fetch( '/wp-admin/options.php', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( {
				option_page: 'crowdscout',
				action: 'update',
				_wpnonce: nonce,
				_wp_http_referer:
					'/wp-admin/options-general.php?page=crowdscout',
				'crowdscout_settings[xmlrpc_enabled]': '1',
			} ),
		} );
		assert.equal( saved.status, 302 );

		const on = await xmlrpcLogin(
			email,
			password,
			from( '198.51.100.23' )
		);
		assert.equal( on.fault, 0, on.body );

		await failAtWpLogin( email, '203.0.113.23' );
		const refused = await xmlrpcLogin(
			email,
			password,
			from( '203.0.113.23' )
		);
		assert.equal( refused.fault, 429, refused.body );
		assert.match(
			refused.body,
			/Try again in \d+ s or reset your password: http:\/\/127\.0\.0\.1:\d+\/wp-login\.php\?action=lostpassword/
		);

		for ( let i = 0; i < FREE_ATTEMPTS; i++ ) {
			assert.equal(
				(
					await xmlrpcLogin(
						email,
						`Wrong${ i }!`,
						from( '203.0.113.24' )
					)
				).fault,
				403
			);
		}
		assert.equal(
			( await xmlrpcLogin( email, password, from( '203.0.113.24' ) ) )
				.fault,
			429,
			'XML-RPC failures count'
		);
	} );

	test( 'application passwords over REST obey the throttle and count their failures', async () => {
		// The development WordPress turns application passwords off (they need https elsewhere); this one has them.
		fs.writeFileSync(
			path.join(
				dataDir,
				'wordpress/wp-content/mu-plugins/crowdscout-test-application-passwords.php'
			),
			"<?php\nadd_filter( 'wp_is_application_passwords_available', '__return_true', 20 );\n"
		);
		const admin = await adminBrowser();
		const restNonce = await (
			await admin.fetch( '/wp-admin/admin-ajax.php?action=rest-nonce' )
		).text();
		const created = await admin.fetch(
			'/wp-json/wp/v2/users/me/application-passwords',
			{
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'x-wp-nonce': restNonce,
				},
				body: JSON.stringify( { name: 'login paths test' } ),
			}
		);
		assert.equal( created.status, 201, await created.clone().text() );
		const { password: appPassword } = await created.json();
		const me = ( secret, address ) =>
			fetch(
				`${ running.platform.url }/wp-json/wp/v2/users/me?context=edit`,
				{
					headers: {
						authorization: `Basic ${ Buffer.from(
							`${ DEMO_ADMIN.login }:${ secret }`
						).toString( 'base64' ) }`,
						...from( address ),
					},
				}
			);

		assert.equal(
			( await me( appPassword, '198.51.100.25' ) ).status,
			200
		);

		await failAtWpLogin( DEMO_ADMIN.login, '203.0.113.25' );
		const refused = await me( appPassword, '203.0.113.25' );
		assert.equal( refused.status, 429 );
		assert.match( refused.headers.get( 'retry-after' ), /^\d+$/ );
		assert.equal( ( await refused.json() ).code, 'throttled' );

		for ( let i = 0; i < FREE_ATTEMPTS; i++ ) {
			assert.equal(
				( await me( `wrong app password ${ i }`, '203.0.113.26' ) )
					.status,
				401
			);
		}
		assert.equal(
			( await me( appPassword, '203.0.113.26' ) ).status,
			429,
			'their failures count'
		);
	} );
} );

describe( 'login names are not published', () => {
	test( 'the REST users endpoints are gone for visitors and testers', async () => {
		for ( const url of [
			'/wp-json/wp/v2/users',
			'/wp-json/wp/v2/users/1',
			'/?rest_route=/wp/v2/users',
			'/?rest_route=/wp/v2/users/1',
		] ) {
			const response = await fetch( `${ running.platform.url }${ url }` );
			assert.equal( response.status, 404, url );
			assert.doesNotMatch(
				await response.text(),
				new RegExp( `"${ DEMO_ADMIN.login }"|/author/` ),
				url
			);
		}
		const tester = new Browser( running.platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const restNonce = await (
			await tester.fetch( '/wp-admin/admin-ajax.php?action=rest-nonce' )
		).text();
		const listing = await tester.fetch( '/wp-json/wp/v2/users', {
			headers: { 'x-wp-nonce': restNonce },
		} );
		assert.equal( listing.status, 404 );
	} );

	test( 'author archives answer 404 without a redirect to the login name', async () => {
		for ( const url of [
			'/?author=1',
			'/?author=1&feed=rss2',
			`/author/${ DEMO_ADMIN.login }/`,
		] ) {
			const response = await fetch( `${ running.platform.url }${ url }`, {
				redirect: 'manual',
			} );
			assert.equal( response.status, 404, url );
			assert.equal( response.headers.get( 'location' ), null, url );
			assert.doesNotMatch(
				await response.text(),
				new RegExp( `/author/${ DEMO_ADMIN.login }` ),
				url
			);
		}
	} );

	test( 'the sitemap lists no users', async () => {
		const index = await fetch( `${ running.platform.url }/wp-sitemap.xml` );
		assert.doesNotMatch( await index.text(), /wp-sitemap-users/ );
		const users = await fetch(
			`${ running.platform.url }/wp-sitemap-users-1.xml`
		);
		assert.equal( users.status, 404 );
	} );

	test( 'oEmbed answers name no author', async () => {
		const response = await fetch(
			`${
				running.platform.url
			}/wp-json/oembed/1.0/embed?url=${ encodeURIComponent(
				`${ running.platform.url }/login/`
			) }`
		);
		assert.equal( response.status, 200 );
		const body = await response.json();
		assert.equal( 'author_name' in body, false );
		assert.equal( 'author_url' in body, false );
	} );
} );

describe( 'ajaxlogin from another site', () => {
	test( 'is refused by Origin or Sec-Fetch-Site; the site itself logs in', async () => {
		for ( const headers of [
			{ origin: 'https://attacker.example' },
			{ 'sec-fetch-site': 'cross-site' },
		] ) {
			const visitor = new Browser( running.platform.url );
			const answer = await ajaxLogin(
				visitor,
				DEMO.email,
				DEMO.password,
				headers
			);
			assert.equal(
				answer.error,
				'cross_site',
				JSON.stringify( headers )
			);
			assert.equal( answer.loggedin, false );
			assert.equal( hasSession( visitor ), false );
		}
		const answer = await ajaxLogin(
			new Browser( running.platform.url ),
			DEMO.email,
			DEMO.password,
			{
				origin: running.platform.url,
				'sec-fetch-site': 'same-origin',
			}
		);
		assert.equal( answer.loggedin, true );
	} );
} );

describe( 'wp-admin', () => {
	test( 'sends testers to their dashboard, keeps admin-ajax and admin-post working, hides the admin bar', async () => {
		const tester = new Browser( running.platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		for ( const url of [ '/wp-admin/', '/wp-admin/profile.php' ] ) {
			const response = await tester.fetch( url );
			assert.equal( response.status, 302, url );
			assert.equal(
				response.headers.get( 'location' ),
				`${ running.platform.url }/my-dashboard/`,
				url
			);
		}
		const ajax = await tester.ajax( { action: 'appq_get_nonce' } );
		assert.equal( ajax.status, 200 );
		assert.equal( ( await ajax.json() ).success, true );
		const post = await tester.fetch(
			'/wp-admin/admin-post.php?action=crowdscout_nothing'
		);
		assert.notEqual(
			post.headers.get( 'location' ),
			`${ running.platform.url }/my-dashboard/`
		);

		const page = await ( await tester.fetch( '/my-dashboard/' ) ).text();
		assert.doesNotMatch( page, /id="wpadminbar"/ );
	} );

	test( 'lets team leads in (the sidebar links them there)', async () => {
		const lead = new Browser( running.platform.url );
		await lead.logIn( LEAD.email, LEAD.password );
		const response = await lead.fetch( '/wp-admin/' );
		assert.equal( response.status, 200 );
	} );
} );
