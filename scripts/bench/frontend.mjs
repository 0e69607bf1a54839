/**
 * Front-end weight and speed of widget pages: the JavaScript a page downloads (ours and WordPress's, gzipped
 * as a server would send it) and the time from navigation to the widget's first real content, in Debian's
 * headless Chromium. A benchmark: it prints numbers, it asserts nothing.
 */
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];

/** Marks the moment the first widget shows real content (a heading inside a mount container). */
/* eslint-env browser */
const FIRST_CONTENT = () => {
	const observer = new MutationObserver( () => {
		if (
			document.querySelector(
				'[data-crowdscout-widget] h1, [data-crowdscout-widget] h2, [data-crowdscout-widget] h3'
			)
		) {
			window.__crowdscoutFirstContent = performance.now();
			observer.disconnect();
		}
	} );
	observer.observe( document, { childList: true, subtree: true } );
};

const median = ( values ) =>
	[ ...values ].sort( ( a, b ) => a - b )[ Math.floor( values.length / 2 ) ];

/**
 * @param {{ url: string, pages: { path: string, login?: { email: string, password: string } }[], runs?: number }} options
 * @return {Promise<object[]>} One row per page.
 */
export async function benchFrontend( { url, pages, runs = 7 } ) {
	const browser = await chromium.launch( {
		executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
		args: ARGS,
	} );
	const rows = [];
	try {
		for ( const { path, login } of pages ) {
			const context = await browser.newContext();
			await context.route( '**/*', ( route ) =>
				new URL( route.request().url() ).host === new URL( url ).host
					? route.continue()
					: route.abort()
			);
			await context.addInitScript( FIRST_CONTENT );
			const page = await context.newPage();
			if ( login ) {
				await page.goto( `${ url }/wp-login.php` );
				await page.fill( '#user_login', login.email );
				await page.fill( '#user_pass', login.password );
				await Promise.all( [
					page.waitForNavigation(),
					page.click( '#wp-submit' ),
				] );
			}

			const scripts = new Map();
			const reading = [];
			page.on( 'response', ( response ) => {
				reading.push( measure( response ) );
			} );
			async function measure( response ) {
				if ( response.request().resourceType() === 'script' ) {
					const body = await response
						.body()
						.catch( () => Buffer.alloc( 0 ) );
					// A chunk loaded late may lose its body to the next run's navigation: keep the size it had
					// when it could be read.
					if (
						body.length >=
						( scripts.get( response.url() )?.raw ?? 0 )
					) {
						scripts.set( response.url(), {
							raw: body.length,
							gzip: zlib.gzipSync( body, { level: 6 } ).length,
						} );
					}
				}
			}
			// Only the widget page counts, not the login page before it.
			await page.waitForLoadState( 'networkidle' );
			scripts.clear();
			const times = [];
			for ( let i = 0; i < runs; i++ ) {
				// A cold cache on the first run, warm after: report both.
				// Only the HTTP cache: clearing cookies would log the tester out and measure a visitor's page.
				if ( i === 0 ) {
					const cdp = await context.newCDPSession( page );
					await cdp.send( 'Network.clearBrowserCache' );
					await cdp.detach();
				}
				await page.goto( `${ url }${ path }`, { waitUntil: 'load' } );
				await page.waitForFunction(
					() => window.__crowdscoutFirstContent !== undefined,
					null,
					{ timeout: 15000 }
				);
				times.push(
					await page.evaluate( () => window.__crowdscoutFirstContent )
				);
			}
			// Chunks that load after the first content (a dialog opening with the page) count too: let the last
			// run finish loading and every body be read.
			await page.waitForLoadState( 'networkidle' );
			await Promise.all( reading );
			const ours = [ ...scripts ].filter( ( [ u ] ) =>
				u.includes( '/plugins/crowdscout/' )
			);
			const sum = ( list, key ) =>
				list.reduce( ( total, [ , s ] ) => total + s[ key ], 0 );
			rows.push( {
				page: `${ path } (${
					login ? login.email.split( '@' )[ 0 ] : 'visitor'
				})`,
				scripts: scripts.size,
				'ours gz KB': ( sum( ours, 'gzip' ) / 1024 ).toFixed( 1 ),
				'total gz KB': ( sum( [ ...scripts ], 'gzip' ) / 1024 ).toFixed(
					1
				),
				'first content ms (first run)': times[ 0 ].toFixed( 0 ),
				'first content ms (median)': median( times ).toFixed( 0 ),
				files: [ ...scripts ]
					.map(
						( [ u, s ] ) =>
							`${ new URL( u ).pathname.split( '/' ).pop() } ${ (
								s.gzip / 1024
							).toFixed( 1 ) }`
					)
					.join( ', ' ),
			} );
			await context.close();
		}
	} finally {
		await browser.close();
	}
	return rows;
}
