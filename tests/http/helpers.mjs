import { after, before } from 'node:test';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform } from '../../scripts/lib/platform.mjs';

/**
 * A platform of the test file's own (native PHP; MariaDB when CROWDSCOUT_TEST_DB=mysql) on its own port and data
 * directory, started before its tests and stopped after them; the directory is removed unless
 * CROWDSCOUT_KEEP_TEST_DATA is set. `running.platform` is the started platform.
 *
 * @param {{ name: string, port: number }} options
 */
export function platformForTests( { name, port } ) {
	const running = {
		dataDir: fs.mkdtempSync(
			join( tmpdir(), `crowdscout-http-${ name }-` )
		),
		platform: undefined,
	};
	before( async () => {
		running.platform = await startPlatform( {
			port,
			dataDir: running.dataDir,
			runtime: 'php',
			db: process.env.CROWDSCOUT_TEST_DB === 'mysql' ? 'mysql' : 'sqlite',
			log: () => {},
		} );
	} );
	after( async () => {
		await running.platform?.stop();
		if ( ! process.env.CROWDSCOUT_KEEP_TEST_DATA ) {
			fs.rmSync( running.dataDir, { recursive: true, force: true } );
		}
	} );
	return running;
}

/** A tiny cookie-keeping HTTP client for talking to WordPress as a browser would. */
export class Browser {
	constructor( base ) {
		this.base = base;
		this.cookies = new Map( [
			[ 'wordpress_test_cookie', 'WP%20Cookie%20check' ],
		] );
	}

	async fetch( path, options = {} ) {
		const response = await fetch( new URL( path, this.base ), {
			redirect: 'manual',
			...options,
			headers: {
				cookie: [ ...this.cookies ]
					.map( ( [ k, v ] ) => `${ k }=${ v }` )
					.join( '; ' ),
				...options.headers,
			},
		} );
		for ( const line of response.headers.getSetCookie() ) {
			const [ pair ] = line.split( ';' );
			const index = pair.indexOf( '=' );
			const value = pair.slice( index + 1 );
			if (
				value === 'deleted' ||
				/expires=Thu, 01[- ]Jan[- ]1970/i.test( line )
			) {
				this.cookies.delete( pair.slice( 0, index ) );
			} else {
				this.cookies.set( pair.slice( 0, index ), value );
			}
		}
		return response;
	}

	async logIn( log, pwd ) {
		const response = await this.fetch( '/wp-login.php', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( {
				log,
				pwd,
				'wp-submit': 'Log In',
				testcookie: '1',
			} ),
		} );
		if ( response.status !== 302 ) {
			throw new Error( `Login of ${ log } failed: ${ response.status }` );
		}
	}

	async ajax( fields ) {
		return this.fetch( '/wp-admin/admin-ajax.php', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( fields ),
		} );
	}
}

/** The page configuration a widget page carries, parsed. */
export function pageConfig( html ) {
	const match = html.match( /window\.crowdscoutConfig\s*=\s*(\{.*?\});/s );
	return match ? JSON.parse( match[ 1 ] ) : null;
}
