/**
 * The plugin over HTTP, against the real platform (native PHP WordPress + API behind the proxy): widget
 * containers and page configuration, the token endpoint, the internal channel's refusals, and data surviving a
 * restart. Run by scripts/test-php.mjs, which gives the data directory and port.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '../../scripts/lib/platform.mjs';
import { DEMO_ADMIN, DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { signInternalRequest } from '../../api/src/lib/channel.ts';
import { createDatabase } from '../../api/src/db/connection.ts';
import { Browser, pageConfig } from './helpers.mjs';

const dataDir =
	process.env.CROWDSCOUT_TEST_DATA_DIR ??
	fs.mkdtempSync( path.join( os.tmpdir(), 'crowdscout-http-' ) );
const port = Number( process.env.CROWDSCOUT_TEST_PORT ?? 18380 );
const DEMO = DEMO_TESTERS[ 0 ];
let platform;

const start = () =>
	startPlatform( { port, dataDir, runtime: 'php', log: () => {} } );

before( async () => {
	platform = await start();
} );
after( async () => {
	await platform?.stop();
} );

async function authenticate( username, password ) {
	return fetch( `${ platform.url }/api/authenticate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify( { username, password } ),
	} );
}

describe( 'widget pages', () => {
	test( 'the block renders a mount container, the runtime and a visitor configuration', async () => {
		const html = await (
			await fetch( `${ platform.url }/my-account/` )
		).text();
		assert.match(
			html,
			// Wide unless an editor chooses otherwise (block.json's default), as the dashboard.
			/<div class="wp-block-crowdscout-profile crowdscout-widget alignwide" data-crowdscout-widget="profile" data-crowdscout-attributes="\{&quot;align&quot;:&quot;wide&quot;\}"><\/div>/
		);
		assert.match( html, /plugins\/crowdscout\/build\/frontend\.js/ );
		assert.doesNotMatch(
			html,
			/wp-emoji-release/,
			'no emoji polyfill on widget pages'
		);
		const config = pageConfig( html );
		assert.equal( config.token, null );
		assert.equal( config.user, null );
		assert.equal( config.productName, 'Scout' );
		assert.equal( config.apiBase, `${ platform.url }/api` );
		assert.equal( config.locale, 'en' );
	} );

	test( 'a page without a widget loads no runtime and no configuration', async () => {
		const html = await (
			await fetch( `${ platform.url }/sample-page/` )
		).text();
		assert.doesNotMatch( html, /crowdscout\/build\/frontend\.js/ );
		assert.equal( pageConfig( html ), null );
	} );

	test( 'the shortcode renders the same container on any page', async () => {
		const admin = new Browser( platform.url );
		await admin.logIn( DEMO_ADMIN.login, DEMO_ADMIN.password );
		const nonce = await (
			await admin.fetch( '/wp-admin/admin-ajax.php?action=rest-nonce' )
		).text();
		const created = await admin.fetch( '/wp-json/wp/v2/pages', {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-wp-nonce': nonce,
			},
			body: JSON.stringify( {
				title: 'Shortcode page',
				status: 'publish',
				content:
					'<!-- wp:shortcode -->[crowdscout widget="profile-summary" title="<b>x</b>"]<!-- /wp:shortcode -->',
			} ),
		} );
		assert.equal( created.status, 201 );
		const { link } = await created.json();
		const html = await ( await fetch( link ) ).text();
		assert.match( html, /data-crowdscout-widget="profile-summary"/ );
		assert.doesNotMatch( html, /<b>x<\/b>/, 'attributes are escaped' );
		assert.match( html, /crowdscout\/build\/frontend\.js/ );
	} );

	test( 'a logged-in tester gets a token that the API accepts', async () => {
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const response = await tester.fetch( '/my-account/' );
		assert.match(
			response.headers.get( 'cache-control' ) ?? '',
			/no-store|no-cache|private/
		);
		const config = pageConfig( await response.text() );
		assert.equal( config.user.displayName, 'Dana Demo' );
		const me = await fetch(
			`${ platform.url }/api/users/me?fields=name,surname`,
			{
				headers: { authorization: `Bearer ${ config.token }` },
			}
		);
		assert.equal( me.status, 200 );
		assert.deepEqual(
			{ name: 'Dana', surname: 'Demo' },
			( ( { name, surname } ) => ( { name, surname } ) )(
				await me.json()
			)
		);
	} );
} );

describe( 'token refresh (admin-ajax)', () => {
	test( 'needs a valid nonce', async () => {
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const response = await tester.ajax( {
			action: 'crowdscout_refresh_token',
			_ajax_nonce: 'nope',
		} );
		assert.equal( response.status, 403 );
	} );

	test( 'needs a session', async () => {
		const visitor = new Browser( platform.url );
		const config = pageConfig(
			await ( await visitor.fetch( '/my-account/' ) ).text()
		);
		const response = await visitor.ajax( {
			action: 'crowdscout_refresh_token',
			_ajax_nonce: config.nonces.token,
		} );
		assert.equal( response.status, 403 );
		assert.equal( ( await response.json() ).success, false );
	} );

	test( 'answers a fresh 15-minute token for the logged-in user', async () => {
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const config = pageConfig(
			await ( await tester.fetch( '/my-account/' ) ).text()
		);
		const response = await tester.ajax( {
			action: 'crowdscout_refresh_token',
			_ajax_nonce: config.nonces.token,
		} );
		assert.equal( response.status, 200 );
		const { success, data } = await response.json();
		assert.equal( success, true );
		const minutes = ( Date.parse( data.expiresAt ) - Date.now() ) / 60000;
		assert.ok(
			minutes > 14 && minutes <= 15,
			`expires in ${ minutes } minutes`
		);
		const me = await fetch( `${ platform.url }/api/users/me`, {
			headers: { authorization: `Bearer ${ data.token }` },
		} );
		assert.equal( me.status, 200 );
	} );
} );

describe( 'API behind the proxy', () => {
	test( '/api/users/me answers 403 JSON without a token', async () => {
		const response = await fetch( `${ platform.url }/api/users/me` );
		assert.equal( response.status, 403 );
		assert.match(
			response.headers.get( 'content-type' ),
			/application\/json/
		);
		assert.equal( ( await response.json() ).status, 403 );
	} );

	test( 'POST /api/authenticate checks the password with WordPress', async () => {
		const wrong = await authenticate( DEMO.email, 'Wrong1234!' );
		assert.equal( wrong.status, 401 );
		assert.equal(
			( await wrong.json() ).message,
			'Wrong username or password.'
		);
		const right = await authenticate( DEMO.email, DEMO.password );
		assert.equal( right.status, 200 );
		const { token } = await right.json();
		const me = await fetch( `${ platform.url }/api/users/me?fields=name`, {
			headers: { authorization: `Bearer ${ token }` },
		} );
		assert.equal( ( await me.json() ).name, 'Dana' );
	} );
} );

describe( 'internal channel', () => {
	const route = '/crowdscout/v1/internal/users/check-password';
	const send = ( body, headers ) =>
		fetch( `${ platform.wordpressUrl }/wp-json${ route }`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body,
		} );
	const body = JSON.stringify( {
		username: DEMO.email,
		password: DEMO.password,
	} );

	test( 'accepts a signed request', async () => {
		const response = await send(
			body,
			signInternalRequest(
				{ secret: platform.secret },
				'POST',
				route,
				body
			)
		);
		assert.equal( response.status, 200 );
		assert.equal( ( await response.json() ).email, DEMO.email );
	} );

	test( 'refuses a tampered body', async () => {
		const headers = signInternalRequest(
			{ secret: platform.secret },
			'POST',
			route,
			body
		);
		const response = await send(
			body.replace( 'Demo1234!', 'Other1234!' ),
			headers
		);
		assert.equal( response.status, 401 );
		assert.equal( ( await response.json() ).code, 'bad_signature' );
	} );

	test( 'refuses a request signed with another secret', async () => {
		const response = await send(
			body,
			signInternalRequest(
				{ secret: 'x'.repeat( 64 ) },
				'POST',
				route,
				body
			)
		);
		assert.equal( response.status, 401 );
		assert.equal( ( await response.json() ).code, 'bad_signature' );
	} );

	test( 'refuses a stale request', async () => {
		const stale = Math.floor( Date.now() / 1000 ) - 301;
		const response = await send(
			body,
			signInternalRequest(
				{ secret: platform.secret },
				'POST',
				route,
				body,
				stale
			)
		);
		assert.equal( response.status, 401 );
		assert.equal( ( await response.json() ).code, 'stale_request' );
	} );

	test( 'refuses a replayed request', async () => {
		const headers = signInternalRequest(
			{ secret: platform.secret },
			'POST',
			route,
			body
		);
		assert.equal( ( await send( body, headers ) ).status, 200 );
		const replay = await send( body, headers );
		assert.equal( replay.status, 401 );
		assert.equal( ( await replay.json() ).code, 'replayed_request' );
	} );

	test( 'refuses an unsigned request', async () => {
		const response = await send( body, {} );
		assert.equal( response.status, 401 );
	} );

	/** A signed request for `signedRoute`, sent to `url` (the route, and whatever was appended to it). */
	const signed = ( method, signedRoute, url, payload ) => {
		const raw = payload === undefined ? '' : JSON.stringify( payload );
		return fetch( url, {
			method,
			headers: {
				'content-type': 'application/json',
				...signInternalRequest(
					{ secret: platform.secret },
					method,
					signedRoute,
					raw
				),
			},
			body: raw || undefined,
		} );
	};
	const users = '/crowdscout/v1/internal/users';
	const newUser = async ( label ) => {
		const created = await signed(
			'POST',
			users,
			`${ platform.wordpressUrl }/wp-json${ users }`,
			{
				email: `${ label }.${ Date.now() }@crowdscout.test`,
				password: 'Channel1234!',
				name: 'Chan',
				surname: label,
			}
		);
		assert.equal( created.status, 201 );
		return ( await created.json() ).id;
	};
	const exists = async ( id ) =>
		(
			await signed(
				'GET',
				`${ users }/${ id }/role`,
				`${ platform.wordpressUrl }/wp-json${ users }/${ id }/role`
			)
		).status === 200;

	test( 'refuses a request signed for one user with ?id= of another appended, and touches neither', async () => {
		const a = await newUser( 'a' );
		const b = await newUser( 'b' );
		for ( const url of [
			`${ platform.wordpressUrl }/wp-json${ users }/${ a }?id=${ b }`,
			`${ platform.wordpressUrl }/?rest_route=${ users }/${ a }&id=${ b }`,
			`${ platform.wordpressUrl }/wp-json${ users }/${ a }?_method=DELETE&id=${ b }`,
		] ) {
			const response = await signed( 'DELETE', `${ users }/${ a }`, url );
			assert.equal( response.status, 401, url );
			assert.equal( ( await response.json() ).code, 'bad_signature' );
		}
		assert.ok( await exists( a ) );
		assert.ok( await exists( b ) );

		// The ?rest_route= form alone names the signed route and passes.
		const plain = await signed(
			'DELETE',
			`${ users }/${ a }`,
			`${ platform.wordpressUrl }/?rest_route=${ users }/${ a }`
		);
		assert.equal( plain.status, 200 );
		assert.ok( ! ( await exists( a ) ) );
		assert.ok( await exists( b ) );
	} );
} );

describe( 'names', () => {
	test( "WordPress's display name is the API's name and surname, as the API normalised them", async () => {
		const tester = {
			email: `nora.names.${ Date.now() }@crowdscout.test`,
			password: 'Names1234!',
			// An NFD "é", runs of spaces and a no-break space.
			name: '  Noe\u0301mie \u00a0 Anne ',
			surname: "O'Neill   \u201cJr.\u201d",
			birthDate: '1990-01-02',
			country: 'FR',
		};
		const created = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( tester ),
		} );
		assert.equal( created.status, 201 );
		const { name, surname } = await created.json();
		assert.equal( name, 'Noémie Anne' );
		assert.equal( surname, "O'Neill \u201cJr.\u201d" );

		const browser = new Browser( platform.url );
		await browser.logIn( tester.email, tester.password );
		const config = pageConfig(
			await ( await browser.fetch( '/my-account/' ) ).text()
		);
		assert.equal( config.user.displayName, `${ name } ${ surname }` );
	} );

	test( 'a name with a bidi override is refused before WordPress is asked', async () => {
		const email = `bidi.${ Date.now() }@crowdscout.test`;
		const refused = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( {
				email,
				password: 'Names1234!',
				name: 'Dana\u202eomeD',
				surname: 'Demo',
				birthDate: '1990-01-02',
				country: 'FR',
			} ),
		} );
		assert.equal( refused.status, 400 );
		assert.equal(
			( await refused.json() ).message,
			'Name must not contain control or invisible formatting characters'
		);
		// WordPress has no user with the email: the same sign-up with a clean name creates one.
		const clean = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( {
				email,
				password: 'Names1234!',
				name: 'Dana',
				surname: 'Demo',
				birthDate: '1990-01-02',
				country: 'FR',
			} ),
		} );
		assert.equal( clean.status, 201 );
	} );
} );

describe( 'a sign-up stopped between the WordPress user and the tester row', () => {
	test( 'is resumed by signing up again with the same password', async () => {
		const tester = {
			email: `rita.resume.${ Date.now() }@crowdscout.test`,
			password: 'Resume1234!',
			name: 'Rita',
			surname: 'Resume',
			birthDate: '1990-01-02',
			country: 'IT',
		};
		// What the API leaves when it dies between the two writes: the WordPress user alone.
		const route = '/crowdscout/v1/internal/users';
		const body = JSON.stringify( {
			email: tester.email,
			password: tester.password,
			name: tester.name,
			surname: tester.surname,
		} );
		const wordpressUser = await fetch(
			`${ platform.wordpressUrl }/wp-json${ route }`,
			{
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					...signInternalRequest(
						{ secret: platform.secret },
						'POST',
						route,
						body
					),
				},
				body,
			}
		);
		assert.equal( wordpressUser.status, 201 );
		const { id } = await wordpressUser.json();

		const wrong = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( { ...tester, password: 'Other1234!' } ),
		} );
		assert.equal( wrong.status, 412 );

		const resumed = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( tester ),
		} );
		assert.equal( resumed.status, 201 );
		assert.equal( ( await resumed.json() ).wp_user_id, id );
		const login = await authenticate( tester.email, tester.password );
		assert.equal( login.status, 200 );
	} );
} );

describe( 'persistence', () => {
	test( 'a tester created through the internal channel survives a restart', async () => {
		const tester = {
			email: 'rosa.restart@crowdscout.test',
			password: 'Restart1234!',
			name: 'Rosa',
			surname: 'Restart',
			birthDate: '1990-01-02',
			country: 'ES',
		};
		const created = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( tester ),
		} );
		assert.equal( created.status, 201 );
		// And a sign-up the API died in the middle of: the WordPress user without its tester row.
		const orphan = {
			email: 'oscar.orphan@crowdscout.test',
			password: 'Orphan1234!',
			name: 'Oscar',
			surname: 'Orphan',
		};
		const route = '/crowdscout/v1/internal/users';
		const orphanBody = JSON.stringify( orphan );
		const orphaned = await fetch(
			`${ platform.wordpressUrl }/wp-json${ route }`,
			{
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					...signInternalRequest(
						{ secret: platform.secret },
						'POST',
						route,
						orphanBody
					),
				},
				body: orphanBody,
			}
		);
		assert.equal( orphaned.status, 201 );

		await platform.stop();
		platform = await start();

		// The API repairs it on start, in the background; until then its login is "no tester profile" (403).
		let login;
		for ( let i = 0; i < 100 && login?.status !== 200; i++ ) {
			if ( login ) {
				await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
			}
			login = await authenticate( orphan.email, orphan.password );
		}
		assert.equal( login.status, 200, 'the orphan has its tester row' );
		const orphanMe = await fetch( `${ platform.url }/api/users/me`, {
			headers: {
				authorization: `Bearer ${ ( await login.json() ).token }`,
			},
		} );
		assert.equal( orphanMe.status, 200 );

		const response = await authenticate( tester.email, tester.password );
		assert.equal( response.status, 200 );
		const { token } = await response.json();
		const me = await fetch(
			`${ platform.url }/api/users/me?fields=name,surname`,
			{ headers: { authorization: `Bearer ${ token }` } }
		);
		const body = await me.json();
		assert.equal( `${ body.name } ${ body.surname }`, 'Rosa Restart' );
		const again = await fetch( `${ platform.url }/api/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( tester ),
		} );
		assert.equal( again.status, 412 );
	} );
} );

describe( 'demo data', () => {
	const VETERAN = DEMO_TESTERS.find(
		( tester ) => tester.email === 'veteran@crowdscout.test'
	);
	const counts = async ( { email, password } ) => {
		const response = await authenticate( email, password );
		assert.equal( response.status, 200, email );
		const { token } = await response.json();
		const me = await fetch(
			`${ platform.url }/api/users/me?fields=total_exp_pts,attended_cp,approved_bugs`,
			{ headers: { authorization: `Bearer ${ token }` } }
		);
		assert.equal( me.status, 200 );
		const body = await me.json();
		return [ body.total_exp_pts, body.attended_cp, body.approved_bugs ];
	};
	const testerCount = async () => {
		const { db, destroy } = createDatabase(
			`sqlite://${ path.join( dataDir, 'api.sqlite' ) }`
		);
		try {
			const { n } = await db
				.selectFrom( 'testers' )
				.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
				.executeTakeFirstOrThrow();
			return Number( n );
		} finally {
			await destroy();
		}
	};

	test( 'the veteran has a history, Dana has none, and a restart seeds nothing more', async () => {
		const [ exp, attended, approved ] = await counts( VETERAN );
		assert.ok(
			exp > 0 && attended > 0 && approved > 0,
			JSON.stringify( { exp, attended, approved } )
		);
		assert.deepEqual( await counts( DEMO ), [ 0, 0, 0 ] );

		const testers = await testerCount();
		assert.ok(
			testers >= 300 + DEMO_TESTERS.length,
			`${ testers } testers`
		);
		await platform.stop();
		platform = await start();
		assert.equal( await testerCount(), testers );
		assert.deepEqual( await counts( VETERAN ), [
			exp,
			attended,
			approved,
		] );
	} );
} );
