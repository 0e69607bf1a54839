import { safeRedirect, socialLoginUrl } from '../redirect';

const config = { siteUrl: 'https://scouts.example/' };
const here = 'https://scouts.example/login/?redirectTo=x';

describe( 'safeRedirect', () => {
	it.each( [
		[ 'https://scouts.example/my-account/?tab=advanced' ],
		[ 'http://scouts.example/it/my-dashboard/' ],
	] )( 'honours %s, on the site host', ( value ) => {
		expect( safeRedirect( value, config, here ) ).toBe( value );
	} );

	it( 'honours the host the page was served from (development and application hosts)', () => {
		expect(
			safeRedirect(
				'http://127.0.0.1:8080/payments/',
				config,
				'http://127.0.0.1:8080/login/'
			)
		).toBe( 'http://127.0.0.1:8080/payments/' );
	} );

	it( 'resolves a path on the own host', () => {
		expect( safeRedirect( '/my-bugs/', config, here ) ).toBe(
			'https://scouts.example/my-bugs/'
		);
	} );

	it.each( [
		[ 'https://evil.example/my-account/' ],
		[ 'https://scouts.example.evil.example/' ],
		[ '//evil.example/x' ],
		[ 'javascript:alert(1)' ],
		[ 'data:text/html,hi' ],
		[ 'my-account' ],
		[ 'https://user@evil.example/' ],
		[ '' ],
		[ null ],
	] )( 'ignores %p', ( value ) => {
		expect( safeRedirect( value, config, here ) ).toBeNull();
	} );
} );

describe( 'socialLoginUrl', () => {
	it( 'points at the provider action of admin-ajax with the return location and log flag', () => {
		const url = new URL(
			socialLoginUrl(
				{ ajaxUrl: 'https://scouts.example/wp-admin/admin-ajax.php' },
				'linkedin',
				'https://scouts.example/getting-started/confirmation/',
				'0'
			)
		);
		expect( url.pathname ).toBe( '/wp-admin/admin-ajax.php' );
		expect( Object.fromEntries( url.searchParams ) ).toEqual( {
			action: 'linkedin_oauth_redirect',
			redirect_to: 'https://scouts.example/getting-started/confirmation/',
			log: '0',
		} );
	} );
} );
