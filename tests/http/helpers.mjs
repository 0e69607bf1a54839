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
