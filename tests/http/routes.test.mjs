/**
 * Routes and languages of the plugin over HTTP, against the real platform (native PHP WordPress + API behind the
 * proxy): the spec's redirects, language prefixes and translated slugs, page access for visitors and logged-in
 * testers, the referral parameter, 404s and page titles. Runs its own platform on its own port and data
 * directory (removed afterwards unless CROWDSCOUT_KEEP_TEST_DATA is set); run by scripts/test-php.mjs.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '../../scripts/lib/platform.mjs';
import { DEMO_ADMIN, DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { signInternalRequest } from '../../api/src/lib/channel.ts';
import { Browser, pageConfig } from './helpers.mjs';

const dataDir = fs.mkdtempSync(
	path.join( os.tmpdir(), 'crowdscout-http-routes-' )
);
const port = Number( process.env.CROWDSCOUT_ROUTES_TEST_PORT ?? 18480 );
const DEMO = DEMO_TESTERS[ 0 ];
const LANGUAGES = [ 'en', 'it', 'es', 'fr' ];
const LOGIN_REQUIRED = [
	'my-dashboard',
	'my-account',
	'personal-equipment',
	'experience-points',
	'courses',
	'courses/basic-course',
	'leaderboard',
	'payments',
	'my-bugs',
];
const LOGGED_OUT_ONLY = [
	'getting-started',
	'getting-started/signup',
	'login',
	'goodbye',
];
const OPEN = [
	'getting-started/confirmation',
	'thank-you',
	'faq',
	'testing-school',
	'discover-experience-points',
	'aq-instructions-for-use',
	'payment_conditions',
	'terms-and-conditions',
	'privacy-policy',
	'ethical-code',
];
/** The pages of text, their starting content in plugin/content/<route>/<language>.html. */
const CONTENT_PAGES = [
	'courses',
	'courses/basic-course',
	'testing-school',
	'faq',
	'discover-experience-points',
	'aq-instructions-for-use',
	'payment_conditions',
	'terms-and-conditions',
	'privacy-policy',
	'ethical-code',
];
const TITLES = {
	'getting-started': 'Getting started',
	'getting-started/signup': 'Signup',
	'getting-started/confirmation': 'Confirmation',
	login: 'Login',
	goodbye: 'Goodbye',
	'my-dashboard': 'My dashboard',
	'my-account': 'My account',
	'personal-equipment': 'Personal equipment',
	'experience-points': 'Experience points',
	'thank-you': 'Thank you',
	courses: 'Courses',
	'courses/basic-course': 'Basic Course',
	'testing-school': 'Testing University',
	faq: 'FAQ',
	leaderboard: 'Leaderboard',
	payments: 'Payments',
	'my-bugs': 'My bugs',
	'discover-experience-points': 'Discover experience points',
	'aq-instructions-for-use': 'Instructions for use',
	payment_conditions: 'Payment conditions',
	'terms-and-conditions': 'Terms and conditions',
	'privacy-policy': 'Privacy policy',
	'ethical-code': 'Ethical code',
};
/** Page titles per language, from the shared catalogue (`server.pageTitle<Route>`, see class-page-titles.php). */
const CATALOGUES = Object.fromEntries(
	LANGUAGES.map( ( language ) => [
		language,
		JSON.parse(
			fs.readFileSync(
				new URL(
					`../../languages/${ language }.json`,
					import.meta.url
				),
				'utf8'
			)
		).server,
	] )
);
let platform;

/** The document title WordPress prints for a route in a language (apostrophes texturized). */
function titleIn( route, language ) {
	const key = `pageTitle${ route
		.split( /[-/_]/ )
		.map( ( part ) => part[ 0 ].toUpperCase() + part.slice( 1 ) )
		.join( '' ) }`;
	return CATALOGUES[ language ][ key ].replaceAll( "'", '&#8217;' );
}

before( async () => {
	platform = await startPlatform( {
		port,
		dataDir,
		runtime: 'php',
		log: () => {},
	} );
} );
after( async () => {
	await platform?.stop();
	if ( ! process.env.CROWDSCOUT_KEEP_TEST_DATA ) {
		fs.rmSync( dataDir, { recursive: true, force: true } );
	}
} );

/** A page's address in a language, as the plugin builds it (translated slugs included). */
function localized( route, language ) {
	if ( language === 'fr' && route === 'testing-school' ) {
		return '/fr/universite-de-test/';
	}
	// The Basic Course is served at the address the ranking links to (a number is no page slug).
	const address = route === 'courses/basic-course' ? 'courses/16' : route;
	return `${ language === 'en' ? '' : `/${ language }` }/${ address }/`;
}

/** Fetches a path without following redirects (cookies kept when a Browser is given). */
function get( target, browser ) {
	return browser
		? browser.fetch( target )
		: fetch( `${ platform.url }${ target }`, { redirect: 'manual' } );
}

/** Title of a page: the document title without the site name. */
function titleOf( html ) {
	const match = html.match( /<title>([^<]*?)(?: &#8211; [^<]*)?<\/title>/ );
	return match ? match[ 1 ] : null;
}

/** The Location header of a response, made absolute. */
function location( response ) {
	const value = response.headers.get( 'location' );
	return value === null ? null : new URL( value, platform.url ).href;
}

describe( 'redirects', () => {
	const cases = [
		[ '/', 302, '/my-dashboard/' ],
		[ '/it', 302, '/it/my-dashboard/' ],
		[ '/it/', 302, '/it/my-dashboard/' ],
		[ '/es', 302, '/es/my-dashboard/' ],
		[ '/fr/', 302, '/fr/my-dashboard/' ],
		[ '/it/i-miei-device', 301, '/it/personal-equipment/' ],
		[ '/es/dispositivos', 301, '/es/personal-equipment/' ],
		[ '/it/la-mia-dashboard', 301, '/it/my-dashboard/' ],
		[ '/es/tablero/', 301, '/es/my-dashboard/' ],
		[ '/it/punti-esperienza', 301, '/it/experience-points/' ],
		[ '/es/puntos-de-experiencia', 301, '/es/experience-points/' ],
		[ '/it/i-miei-bug', 301, '/it/my-bugs/' ],
		[ '/es/errores-cargados', 301, '/es/my-bugs/' ],
		[ '/it/getting-started-2', 301, '/it/getting-started/' ],
		[ '/it/getting-started-2/', 301, '/it/getting-started/' ],
		[ '/fr/testing-school/', 301, '/fr/universite-de-test/' ],
		[ '/my-account/login', 301, '/login/' ],
		[ '/some/where/login/', 301, '/login/' ],
		[
			'/campaigns/login?redirectTo=%2Fmy-bugs%2F',
			301,
			'/login/?redirectTo=%2Fmy-bugs%2F',
		],
		[ '/it/my-account/login', 301, '/login/' ],
		[ '/it/i-miei-bug?cp=12&status=2', 301, '/it/my-bugs/?cp=12&status=2' ],
		[ '/?utm_source=mail', 302, '/my-dashboard/?utm_source=mail' ],
		[ '/it/personal-equipment', 301, '/it/personal-equipment/' ],
	];
	for ( const [ from, status, to ] of cases ) {
		test( `${ from } → ${ status } ${ to }`, async () => {
			const response = await get( from );
			assert.equal( response.status, status );
			assert.equal( location( response ), `${ platform.url }${ to }` );
		} );
	}

	test( 'the login page itself and WordPress queries at the root are not redirected', async () => {
		for ( const target of [ '/login/', '/it/login/', '/es/login/' ] ) {
			assert.equal( ( await get( target ) ).status, 200, target );
		}
		const post = await get( '/?p=1' );
		assert.notEqual(
			location( post ),
			`${ platform.url }/my-dashboard/?p=1`,
			'?p=1 is a WordPress query'
		);
	} );
} );

describe( 'language prefixes', () => {
	test( 'every route is served in every language from one page', async () => {
		for ( const route of Object.keys( TITLES ) ) {
			for ( const language of LANGUAGES ) {
				const target = localized( route, language );
				const response = await get( target );
				assert.equal( response.status, 200, target );
				const html = await response.text();
				assert.equal(
					titleOf( html ),
					titleIn( route, language ),
					target
				);
				if ( language === 'en' ) {
					assert.equal( titleOf( html ), TITLES[ route ], target );
				}
				const lang = {
					en: 'en-US',
					it: 'it-IT',
					es: 'es-ES',
					fr: 'fr-FR',
				}[ language ];
				assert.match(
					html,
					new RegExp( `<html lang="${ lang }"` ),
					target
				);
			}
		}
		const pages = await (
			await fetch(
				`${ platform.url }/wp-json/wp/v2/pages?per_page=100&_fields=slug,parent`
			)
		).json();
		const slugs = pages.map( ( page ) => page.slug );
		assert.equal(
			new Set( slugs ).size,
			slugs.length,
			'no duplicate page'
		);
		for ( const slug of [
			'getting-started',
			'signup',
			'confirmation',
			'my-dashboard',
			'testing-school',
			'my-bugs',
		] ) {
			assert.ok( slugs.includes( slug ), slug );
		}
		assert.ok(
			! slugs.includes( 'universite-de-test' ),
			'translated slugs are addresses, not pages'
		);
	} );

	test( 'the page configuration carries the language of the prefix', async () => {
		for ( const language of LANGUAGES ) {
			const target = localized( 'my-account', language );
			const html = await ( await get( target ) ).text();
			assert.match( html, /data-crowdscout-widget="profile"/, target );
			const config = pageConfig( html );
			assert.equal( config.locale, language, target );
			assert.equal( config.siteUrl, `${ platform.url }/`, 'no prefix' );
			assert.equal(
				new URL( config.loginUrl ).searchParams.get( 'redirect_to' ),
				`${ platform.url }${ target }`,
				'login comes back to the page in its language'
			);
		}
	} );

	test( 'links of a prefixed page stay in its language', async () => {
		const html = await ( await get( '/it/personal-equipment/' ) ).text();
		assert.match(
			html,
			new RegExp(
				`<link rel="canonical" href="${ platform.url }/it/personal-equipment/"`
			)
		);
		const french = await ( await get( '/fr/universite-de-test/' ) ).text();
		assert.match(
			french,
			new RegExp(
				`<link rel="canonical" href="${ platform.url }/fr/universite-de-test/"`
			)
		);
	} );

	test( 'the translated French slug serves testing-school in French', async () => {
		const response = await get( '/fr/universite-de-test/' );
		assert.equal( response.status, 200 );
		const html = await response.text();
		assert.equal( titleOf( html ), 'Université de test' );
		assert.match( html, /<html lang="fr-FR"/ );
		assert.equal( ( await get( '/universite-de-test/' ) ).status, 404 );
	} );
} );

describe( 'access', () => {
	test( 'visitors get every page, login-required ones included (their widgets show the login card)', async () => {
		for ( const route of [
			...LOGIN_REQUIRED,
			...LOGGED_OUT_ONLY,
			...OPEN,
		] ) {
			assert.equal(
				( await get( localized( route, 'en' ) ) ).status,
				200,
				route
			);
		}
		const html = await ( await get( '/it/my-account/' ) ).text();
		assert.equal( pageConfig( html ).user, null );
	} );

	test( 'logged-out-only pages send a logged-in tester to the dashboard of the language', async () => {
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		for ( const route of LOGGED_OUT_ONLY ) {
			for ( const language of LANGUAGES ) {
				const response = await get(
					localized( route, language ),
					tester
				);
				assert.equal(
					response.status,
					302,
					`${ language } ${ route }`
				);
				assert.equal(
					location( response ),
					`${ platform.url }${ localized(
						'my-dashboard',
						language
					) }`
				);
				assert.match(
					response.headers.get( 'cache-control' ) ?? '',
					/no-cache|no-store/
				);
			}
		}
		for ( const route of [ ...LOGIN_REQUIRED, ...OPEN ] ) {
			const response = await get( localized( route, 'es' ), tester );
			assert.equal( response.status, 200, route );
		}
		const config = pageConfig(
			await ( await get( '/fr/my-account/', tester ) ).text()
		);
		assert.equal( config.user.displayName, 'Dana Demo' );
		assert.equal( config.locale, 'fr' );
	} );
} );

describe( 'referral', () => {
	test( 'a referral on any page is stored in an HttpOnly cookie and echoed in the page configuration', async () => {
		const visitor = new Browser( platform.url );
		const first = await get( '/my-account/?referral=scout_42-x', visitor );
		assert.equal( first.status, 200 );
		const cookie = first.headers
			.getSetCookie()
			.find( ( line ) => line.startsWith( 'crowdscout_referral=' ) );
		assert.ok( cookie, 'cookie set' );
		assert.match( cookie, /^crowdscout_referral=scout_42-x;/ );
		assert.match( cookie, /; HttpOnly/i );
		assert.match( cookie, /; Max-Age=2592000/, '30 days' );
		assert.match( cookie, /; path=\//i );
		assert.equal( pageConfig( await first.text() ).referral, 'scout_42-x' );

		const later = await get( '/it/my-account/', visitor );
		assert.equal( pageConfig( await later.text() ).referral, 'scout_42-x' );
		const withoutCookie = await get( '/it/my-account/' );
		assert.equal( pageConfig( await withoutCookie.text() ).referral, null );
	} );

	test( 'a referral is sanitised', async () => {
		const response = await get(
			`/my-account/?referral=${ encodeURIComponent(
				'<b>ab c</b>"\'é;' + 'x'.repeat( 80 )
			) }`
		);
		const expected = ( 'babcb' + 'x'.repeat( 80 ) ).slice( 0, 64 );
		assert.equal( pageConfig( await response.text() ).referral, expected );
		assert.ok(
			response.headers
				.getSetCookie()
				.some( ( line ) =>
					line.startsWith( `crowdscout_referral=${ expected };` )
				)
		);
		const nothing = await get( '/my-account/?referral=%3C%3E' );
		assert.equal( pageConfig( await nothing.text() ).referral, null );
		assert.ok(
			! nothing.headers
				.getSetCookie()
				.some( ( line ) => line.startsWith( 'crowdscout_referral=' ) )
		);
	} );

	test( 'a referral on a redirected address is stored and passed on', async () => {
		const response = await get( '/es?referral=from-root' );
		assert.equal( response.status, 302 );
		assert.equal(
			location( response ),
			`${ platform.url }/es/my-dashboard/?referral=from-root`
		);
		assert.ok(
			response.headers
				.getSetCookie()
				.some( ( line ) =>
					line.startsWith( 'crowdscout_referral=from-root;' )
				)
		);
	} );
} );

describe( 'widget pages', () => {
	const WIDGETS = {
		'my-dashboard': 'dashboard',
		'my-account': 'profile',
		'personal-equipment': 'devices',
		'experience-points': 'experience',
		'my-bugs': 'my-bugs',
		leaderboard: 'ranking',
		payments: 'wallet',
	};

	test( 'each page renders the mount container of its widget, wide, in every language', async () => {
		for ( const [ route, widget ] of Object.entries( WIDGETS ) ) {
			for ( const language of [ 'en', 'it' ] ) {
				const target = localized( route, language );
				const response = await get( target );
				assert.equal( response.status, 200, target );
				const html = await response.text();
				assert.match(
					html,
					new RegExp(
						`<div class="wp-block-crowdscout-${ widget } crowdscout-widget alignwide" data-crowdscout-widget="${ widget }"`
					),
					target
				);
				assert.equal(
					html.match( /data-crowdscout-widget="(?!shell")/g ).length,
					1,
					`${ target } holds one widget`
				);
				assert.equal( pageConfig( html ).locale, language, target );
				assert.doesNotMatch(
					html,
					/<h1[^>]*wp-block-post-title/,
					`${ target }: the widget's heading is the page's only title`
				);
				assert.doesNotMatch(
					html,
					/href="[^"]*\/bugs\/(show\/)?"/,
					`${ target }: the page list leaves out the pages that need an id`
				);
				// The product's header stands where the theme listed every page.
				assert.doesNotMatch(
					html,
					/wp-block-pages-list/,
					`${ target }: no list of every page`
				);
				assert.match(
					html,
					/<nav class="[^"]*__languages" aria-label="[^"]+">/,
					`${ target }: the header's language switch`
				);
			}
		}
	} );
} );

describe( 'pages of text', () => {
	/** The first heading of a page's text in a language, as its starting content holds it. */
	function firstHeading( route, language ) {
		const markup = fs.readFileSync(
			new URL(
				`../../plugin/content/${ route }/${ language }.html`,
				import.meta.url
			),
			'utf8'
		);
		return markup.match(
			/<h2 class="wp-block-heading">([^<]*)<\/h2>/
		)[ 1 ];
	}

	test( 'each shows its text in the language of the address, under its title, without the runtime, and every link of the text opens a page', async () => {
		const checked = new Set();
		for ( const route of CONTENT_PAGES ) {
			for ( const language of LANGUAGES ) {
				const target = localized( route, language );
				const response = await get( target );
				assert.equal( response.status, 200, target );
				const html = await response.text();
				assert.match(
					html,
					/<h1[^>]*wp-block-post-title[^>]*>/,
					target
				);
				assert.doesNotMatch(
					html,
					/data-crowdscout-widget="(?!shell")/,
					target
				);
				assert.doesNotMatch( html, /Coming soon/, target );
				const start = html.indexOf( 'wp-block-post-content' );
				assert.ok( start > 0, `${ target }: the page's text` );
				const text = html.slice(
					start,
					html.indexOf( '</main>', start )
				);
				for ( const other of LANGUAGES ) {
					assert.equal(
						text.includes( firstHeading( route, other ) ),
						other === language,
						`${ target }: the ${ other } text is shown only in ${ other }`
					);
				}
				for ( const [ , href ] of text.matchAll( /href="([^"]*)"/g ) ) {
					assert.notEqual( href, '#', target );
					const link = new URL(
						href.replaceAll( '&#038;', '&' ),
						`${ platform.url }${ target }`
					);
					assert.equal(
						link.origin,
						platform.url,
						`${ target }: ${ href } is ours`
					);
					if ( language !== 'en' ) {
						assert.ok(
							link.pathname.startsWith( `/${ language }/` ),
							`${ target }: ${ href } stays in ${ language }`
						);
					}
					if ( ! checked.has( link.pathname ) ) {
						checked.add( link.pathname );
						assert.equal(
							( await get( link.pathname + link.search ) ).status,
							200,
							`${ target }: ${ href }`
						);
					}
				}
			}
		}
		assert.ok( checked.size > 40, 'the texts link to the product' );
	} );

	test( 'the Basic Course answers at /courses/16/ only', async () => {
		for ( const target of [
			'/courses/17/',
			'/it/courses/17/',
			'/courses/basic-course/',
		] ) {
			assert.equal( ( await get( target ) ).status, 404, target );
		}
	} );
} );

describe( 'the bug page (bugs/show/{id})', () => {
	test( 'is served at /bugs/show/{id}/ in every language, with the bug widget and its canonical address', async () => {
		for ( const [ target, language, title ] of [
			[ '/bugs/show/123/', 'en', 'Bug' ],
			[ '/it/bugs/show/123/', 'it', 'Bug' ],
			[ '/es/bugs/show/7/', 'es', 'Error' ],
			[ '/fr/bugs/show/4567/', 'fr', 'Bug' ],
		] ) {
			const response = await get( target );
			assert.equal( response.status, 200, target );
			const html = await response.text();
			assert.match(
				html,
				/<div class="wp-block-crowdscout-bug crowdscout-widget alignwide" data-crowdscout-widget="bug"/,
				target
			);
			assert.equal( titleOf( html ), title, target );
			assert.equal( pageConfig( html ).locale, language, target );
			assert.match(
				html,
				new RegExp(
					`<link rel="canonical" href="${ platform.url }${ target }"`
				),
				target
			);
			assert.doesNotMatch(
				html,
				/<h1[^>]*wp-block-post-title/,
				`${ target }: the widget shows the bug's title as the heading`
			);
			assert.doesNotMatch(
				html,
				/href="[^"]*\/bugs\/(show\/)?"/,
				`${ target }: no menu links to the pages that need an id`
			);
		}
	} );

	test( 'is served to a logged-in tester, and keeps a query string', async () => {
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const response = await get( '/it/bugs/show/12/?tab=media', tester );
		assert.equal( response.status, 200 );
		const config = pageConfig( await response.text() );
		assert.equal( config.user.displayName, 'Dana Demo' );
		assert.ok( config.token, 'the widget can ask the API for the bug' );
	} );

	test( 'an address without the trailing slash is redirected to it', async () => {
		const response = await get( '/it/bugs/show/123' );
		assert.equal( response.status, 301 );
		assert.equal(
			location( response ),
			`${ platform.url }/it/bugs/show/123/`
		);
	} );

	for ( const target of [
		'/bugs/show/abc/',
		'/it/bugs/show/abc/',
		'/bugs/show/12a/',
		'/bugs/show/-1/',
		'/bugs/show/12/34/',
		'/it/bugs/show/12/edit/',
		'/bugs/show/',
		'/fr/bugs/show/',
		'/bugs/',
		'/it/bugs/',
		'/bugs/show/?id=12',
	] ) {
		test( `${ target } is WordPress's 404`, async () => {
			const response = await get( target );
			assert.equal( response.status, 404 );
			assert.equal( response.headers.get( 'location' ), null );
			assert.doesNotMatch(
				await response.text(),
				/data-crowdscout-widget="bug"/
			);
		} );
	}
} );

describe( 'the bug form (campaign/{id}/bugform) and the public bug view (vdp/{id}/{token})', () => {
	const TOKEN = 'AbC-d_0123456789xyzXYZ-_abcdEFGH';
	const SETTINGS_ROUTE = '/crowdscout/v1/internal/settings';

	/** The public-user-pages setting as WordPress tells the API over the signed channel. */
	async function settingsForTheApi() {
		const response = await fetch(
			`${ platform.wordpressUrl }/wp-json${ SETTINGS_ROUTE }`,
			{
				headers: signInternalRequest(
					{ secret: platform.secret },
					'GET',
					SETTINGS_ROUTE
				),
			}
		);
		assert.equal( response.status, 200 );
		return response.json();
	}

	/** Saves the setting as an administrator does on Settings → Crowdscout (options.php, the group's nonce). */
	async function savePublicUserPages( browser, on, nonce ) {
		const fields = new URLSearchParams( {
			option_page: 'crowdscout',
			action: 'update',
			_wpnonce: nonce,
			_wp_http_referer: '/wp-admin/options-general.php?page=crowdscout',
		} );
		if ( on ) {
			fields.set( 'crowdscout_settings[public_user_pages]', '1' );
		}
		return browser.fetch( '/wp-admin/options.php', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: fields,
		} );
	}

	/** Asserts the public view is the loading placeholder alone: no widget, no runtime or configuration, bare. */
	function assertPlaceholder( html, target ) {
		assert.match(
			html,
			/<div class="wp-block-crowdscout-public-bug crowdscout-widget alignwide"><div class="crowdscout-spinner" role="status">/,
			target
		);
		assert.doesNotMatch( html, /data-crowdscout-widget=/, target );
		assert.equal( pageConfig( html ), null, `${ target }: no data` );
		assert.doesNotMatch( html, /<header[\s>]/, `${ target }: bare` );
	}

	test( 'the bug form answers at its address in every language, inside the shell for a logged-in tester', async () => {
		for ( const language of LANGUAGES ) {
			const target = `${
				language === 'en' ? '' : `/${ language }`
			}/campaign/12/bugform/`;
			const response = await get( target );
			assert.equal( response.status, 200, target );
			const html = await response.text();
			assert.match(
				html,
				/<div class="wp-block-crowdscout-bug-form crowdscout-widget alignwide" data-crowdscout-widget="bug-form"/,
				target
			);
			assert.equal(
				titleOf( html ),
				titleIn( 'campaign/bugform', language ),
				target
			);
			assert.equal( pageConfig( html ).locale, language, target );
		}
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const html = await (
			await get( '/it/campaign/12/bugform/', tester )
		).text();
		assert.match( html, /data-crowdscout-widget="shell"/ );
		assert.match( html, /data-crowdscout-widget="bug-form"/ );
		assert.equal( pageConfig( html ).features.publicUserPages, false );
	} );

	test( 'the public view is open to visitors and testers, bare, and while the setting is off (the default) only a loading placeholder', async () => {
		assert.deepEqual( await settingsForTheApi(), {
			publicUserPages: false,
		} );
		for ( const language of LANGUAGES ) {
			const target = `${
				language === 'en' ? '' : `/${ language }`
			}/vdp/12/${ TOKEN }/`;
			const response = await get( target );
			assert.equal( response.status, 200, target );
			const html = await response.text();
			assertPlaceholder( html, target );
			assert.equal( titleOf( html ), titleIn( 'vdp', language ), target );
		}
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		const response = await get( `/vdp/12/${ TOKEN }/`, tester );
		assert.equal(
			response.status,
			200,
			'a logged-in tester is not sent away'
		);
		assertPlaceholder( await response.text(), 'logged in' );
	} );

	test( 'an administrator turns the setting on in Settings → Crowdscout: the view mounts its widget and the API is told; a tester or a bad nonce cannot', async () => {
		const admin = new Browser( platform.url );
		await admin.logIn( DEMO_ADMIN.login, DEMO_ADMIN.password );
		const form = await (
			await admin.fetch( '/wp-admin/options-general.php?page=crowdscout' )
		).text();
		assert.match(
			form,
			/<input type="checkbox" id="crowdscout_public_user_pages" name="crowdscout_settings\[public_user_pages\]" value="1"\s*\/>/
		);
		const nonce = form.match( /name="_wpnonce" value="([^"]+)"/ )[ 1 ];

		const forged = await savePublicUserPages( admin, true, 'not-a-nonce' );
		assert.equal( forged.status, 403, 'a bad nonce is refused' );
		const tester = new Browser( platform.url );
		await tester.logIn( DEMO.email, DEMO.password );
		await savePublicUserPages( tester, true, nonce );
		assert.deepEqual( await settingsForTheApi(), {
			publicUserPages: false,
		} );

		try {
			const saved = await savePublicUserPages( admin, true, nonce );
			assert.equal( saved.status, 302 );
			assert.match(
				saved.headers.get( 'location' ),
				/settings-updated=true/
			);
			assert.deepEqual( await settingsForTheApi(), {
				publicUserPages: true,
			} );
			const html = await ( await get( `/it/vdp/12/${ TOKEN }/` ) ).text();
			assert.match(
				html,
				/<div class="wp-block-crowdscout-public-bug crowdscout-widget alignwide" data-crowdscout-widget="public-bug"/
			);
			assert.doesNotMatch( html, /data-crowdscout-widget="shell"/ );
			assert.doesNotMatch( html, /crowdscout-spinner/ );
			const config = pageConfig( html );
			assert.equal( config.features.publicUserPages, true );
			assert.equal( config.user, null );
			assert.equal( config.token, null );
		} finally {
			const off = await savePublicUserPages( admin, false, nonce );
			assert.equal( off.status, 302 );
		}
		assert.deepEqual( await settingsForTheApi(), {
			publicUserPages: false,
		} );
		assertPlaceholder(
			await ( await get( `/vdp/12/${ TOKEN }/` ) ).text(),
			'off again'
		);
	} );

	test( 'the setting is refused to an unsigned request', async () => {
		const response = await fetch(
			`${ platform.wordpressUrl }/wp-json${ SETTINGS_ROUTE }`
		);
		assert.equal( response.status, 401 );
		assert.equal( ( await response.json() ).publicUserPages, undefined );
	} );
} );

describe( '404', () => {
	for ( const target of [
		'/it/whatever/',
		'/es/nope',
		'/fr/universite-de-test/nope/',
		'/it/campaigns/12/nope/',
		'/campaigns/preview/',
		'/campaign/bugform/',
		'/it/campaign/bugform/',
		'/campaign/abc/bugform/',
		'/es/campaign/12/bugform/more/',
		'/vdp/',
		'/fr/vdp/',
		'/vdp/12/',
		'/vdp/abc/AbC-d_0123456789xyzXYZ-_abcdEFGH/',
		'/vdp/12/AbC-d_0123456789xyzXYZ-_abcdEFGH/more/',
		'/it/vdp/12/not!a!token!0123456789/',
		'/vdp/12/short/',
		'/whatever/',
		'/it/no-such-page/deeper/',
	] ) {
		test( `${ target } is WordPress's 404`, async () => {
			const response = await get( target );
			assert.equal( response.status, 404 );
			assert.equal( response.headers.get( 'location' ), null );
		} );
	}

	test( 'the 404 page speaks the language of the prefix and leads to that dashboard', async () => {
		for ( const [ target, title, dashboard ] of [
			[ '/whatever/', 'Page not found', '/my-dashboard/' ],
			[ '/it/whatever/', 'Pagina non trovata', '/it/my-dashboard/' ],
			[ '/fr/nope/', 'Page introuvable', '/fr/my-dashboard/' ],
		] ) {
			const html = await ( await get( target ) ).text();
			const main = html.match(
				/<main[^>]*class="crowdscout-not-found[^"]*"[^>]*>([\s\S]*?)<\/main>/
			);
			assert.ok( main, `${ target } has the product's 404 message` );
			assert.match( main[ 1 ], new RegExp( `<h1[^>]*>${ title }</h1>` ) );
			assert.equal( titleOf( html ), title );
			assert.ok(
				main[ 1 ].includes( `href="${ platform.url }${ dashboard }"` ),
				target
			);
			assert.ok(
				/<header[^>]*wp-block-template-part/.test( html ) &&
					html.includes(
						'<a class="wp-block-crowdscout-site-header__login'
					),
				`${ target } keeps the site's header, with its login button`
			);
		}
	} );
} );

describe( 'header login button and shell', () => {
	/** The header button's link, or null when the page has none. */
	function headerLogin( html ) {
		const match = html.match(
			/<a class="wp-block-crowdscout-site-header__login[^"]*" href="([^"]*)"[^>]*>([^<]*)<\/a>/
		);
		return match
			? {
					href: match[ 1 ].replaceAll( '&#038;', '&' ),
					label: match[ 2 ],
			  }
			: null;
	}

	test( 'a visitor gets a login button in the header, back to the page after logging in, in the page language', async () => {
		const english = await ( await get( '/faq/' ) ).text();
		assert.deepEqual( headerLogin( english ), {
			href: `${ platform.url }/login/?redirectTo=${ encodeURIComponent(
				`${ platform.url }/faq/`
			) }`,
			label: 'Log in',
		} );
		const italian = await ( await get( '/it/faq/' ) ).text();
		assert.deepEqual( headerLogin( italian ), {
			href: `${ platform.url }/it/login/?redirectTo=${ encodeURIComponent(
				`${ platform.url }/it/faq/`
			) }`,
			label: 'Accedi',
		} );
		assert.equal(
			( await ( await get( '/login/' ) ).text() ).match(
				/<a class="wp-block-crowdscout-site-header__login/g
			)?.length,
			1,
			'the login page links to itself without a redirect, once'
		);
		assert.ok( ! english.includes( 'data-crowdscout-widget="shell"' ) );
	} );

	test( 'a logged-in tester gets the shell on every page and no header login button', async () => {
		const browser = new Browser( platform.url );
		await browser.logIn( DEMO.email, DEMO.password );
		for ( const target of [ '/faq/', '/it/my-account/', '/thank-you/' ] ) {
			const html = await ( await browser.fetch( target ) ).text();
			assert.equal(
				html.match( /data-crowdscout-widget="shell"/g )?.length,
				1,
				target
			);
			assert.equal( headerLogin( html ), null, target );
			assert.ok(
				html.includes( 'window.crowdscoutConfig =' ),
				`${ target } carries the runtime`
			);
		}
	} );
} );
