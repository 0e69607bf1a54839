/**
 * Front-end weight and speed of widget pages: the JavaScript a page downloads (ours and WordPress's, gzipped
 * as a server would send it, and the bytes the development proxy really sent), how much of it came before the
 * widget's first real content, and the time from navigation to that content, in Debian's headless Chromium, at
 * full speed and with the CPU slowed 4× (Chrome's own throttling, as Lighthouse's mobile runs). A benchmark: it
 * prints numbers, it asserts nothing.
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
	// Offline: every other host fails to resolve. (Not by routing requests, which would turn the HTTP cache off.)
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/**
 * Marks the moment the first widget shows real content (a heading inside a mount container), and the scripts
 * that had arrived by then.
 */
/* eslint-env browser */
const FIRST_CONTENT = () => {
	const observer = new MutationObserver( () => {
		if (
			document.querySelector(
				'[data-crowdscout-widget] h1, [data-crowdscout-widget] h2, [data-crowdscout-widget] h3'
			)
		) {
			window.__crowdscoutFirstContent = performance.now();
			window.__crowdscoutFirstContentScripts = performance
				.getEntriesByType( 'resource' )
				.map( ( entry ) => entry.name )
				.filter( ( name ) =>
					new URL( name ).pathname.endsWith( '.js' )
				);
			observer.disconnect();
		}
	} );
	observer.observe( document, { childList: true, subtree: true } );
};

/** The CPU slowdown of the second series of runs. */
const CPU_SLOWDOWN = 4;

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
				if ( response.request().resourceType() !== 'script' ) {
					return;
				}
				const [ body, sizes ] = await Promise.all( [
					response.body().catch( () => Buffer.alloc( 0 ) ),
					response
						.request()
						.sizes()
						.catch( () => ( { responseBodySize: 0 } ) ),
				] );
				// A chunk loaded late may lose its body to the next run's navigation, and a cached one comes
				// with no bytes at all: keep the largest sizes seen.
				const known = scripts.get( response.url() );
				scripts.set( response.url(), {
					gzip: Math.max(
						known?.gzip ?? 0,
						body.length &&
							zlib.gzipSync( body, { level: 6 } ).length
					),
					wire: Math.max( known?.wire ?? 0, sizes.responseBodySize ),
				} );
			}
			// Only the widget page counts, not the login page before it.
			await page.waitForLoadState( 'networkidle' );
			scripts.clear();

			const cdp = await context.newCDPSession( page );
			/**
			 * `runs` navigations at a CPU speed, the first with an empty HTTP cache (only the cache: clearing
			 * cookies would log the tester out and measure a visitor's page).
			 *
			 * @param {number} slowdown
			 * @return {Promise<{ times: number[], firstContentScripts: string[] }>} Each run's time to first
			 *                                                                     content, and the scripts the
			 *                                                                     cold run had by then.
			 */
			async function series( slowdown ) {
				await cdp.send( 'Emulation.setCPUThrottlingRate', {
					rate: slowdown,
				} );
				await cdp.send( 'Network.clearBrowserCache' );
				const times = [];
				let firstContentScripts = [];
				for ( let i = 0; i < runs; i++ ) {
					await page.goto( `${ url }${ path }`, {
						waitUntil: 'load',
					} );
					await page.waitForFunction(
						() => window.__crowdscoutFirstContent !== undefined,
						null,
						{ timeout: 30000 }
					);
					const [ time, loaded ] = await page.evaluate( () => [
						window.__crowdscoutFirstContent,
						window.__crowdscoutFirstContentScripts,
					] );
					times.push( time );
					if ( i === 0 ) {
						firstContentScripts = loaded;
					}
				}
				// Chunks that load after the first content (a dialog opening with the page, code waiting for
				// idle time) count too: let the last run finish loading and every body be read.
				await page.waitForLoadState( 'networkidle' );
				await Promise.all( reading );
				return { times, firstContentScripts };
			}
			const full = await series( 1 );
			const slow = await series( CPU_SLOWDOWN );
			await cdp.send( 'Emulation.setCPUThrottlingRate', { rate: 1 } );
			await cdp.detach();

			const all = [ ...scripts ];
			const ours = all.filter( ( [ u ] ) =>
				u.includes( '/plugins/crowdscout/' )
			);
			const beforeContent = all.filter( ( [ u ] ) =>
				full.firstContentScripts.includes( u )
			);
			const kb = ( list, key ) =>
				(
					list.reduce( ( total, [ , s ] ) => total + s[ key ], 0 ) /
					1024
				).toFixed( 1 );
			const seconds = ( { times } ) =>
				`${ ( median( times ) / 1000 ).toFixed( 2 ) } (${ (
					times[ 0 ] / 1000
				).toFixed( 2 ) })`;
			rows.push( {
				page: `${ path } (${
					login ? login.email.split( '@' )[ 0 ] : 'visitor'
				})`,
				scripts: scripts.size,
				'ours gz KB': kb( ours, 'gzip' ),
				'gz KB at first content': kb( beforeContent, 'gzip' ),
				'gz KB in all': kb( all, 'gzip' ),
				'sent KB': kb( all, 'wire' ),
				'first content s (cold)': seconds( full ),
				[ `${ CPU_SLOWDOWN }× CPU s (cold)` ]: seconds( slow ),
				files: all
					.map(
						( [ u, s ] ) =>
							`${ new URL( u ).pathname.split( '/' ).pop() } ${ (
								s.gzip / 1024
							).toFixed( 1 ) }${
								full.firstContentScripts.includes( u )
									? ''
									: ' (after)'
							}`
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
