import { readConfig } from '../config';
import { routeUrl } from '../routes';

describe( 'readConfig', () => {
	it( 'reads the configuration WordPress prints', () => {
		const config = readConfig(
			{
				apiBase: 'https://scouts.example/api/',
				token: 'jwt',
				tokenExpiresAt: '2030-01-01T00:15:00Z',
				ajaxUrl: 'https://scouts.example/wp-admin/admin-ajax.php',
				nonces: { token: 'n', logout: 'out' },
				locale: 'it_IT',
				productName: 'Scout',
				siteUrl: 'https://scouts.example',
				loginUrl: 'https://scouts.example/wp-login.php',
				user: { id: 2, displayName: 'Dana Demo', roles: [ 'tester' ] },
				features: { publicUserPages: true },
				referral: 'REF-1',
				feedbackUrl: 'https://forms.example/feedback',
			},
			'https://scouts.example'
		);

		expect( config ).toEqual( {
			apiBase: 'https://scouts.example/api',
			token: 'jwt',
			tokenExpiresAt: '2030-01-01T00:15:00Z',
			ajaxUrl: 'https://scouts.example/wp-admin/admin-ajax.php',
			nonces: { token: 'n', logout: 'out' },
			locale: 'it',
			productName: 'Scout',
			siteUrl: 'https://scouts.example/',
			loginUrl: 'https://scouts.example/wp-login.php',
			user: { id: 2, displayName: 'Dana Demo', roles: [ 'tester' ] },
			features: { publicUserPages: true },
			referral: 'REF-1',
			feedbackUrl: 'https://forms.example/feedback',
		} );
	} );

	it( 'falls back to WordPress defaults on this origin for a visitor page missing its configuration', () => {
		expect( readConfig( undefined, 'https://scouts.example' ) ).toEqual( {
			apiBase: 'https://scouts.example/api',
			token: null,
			tokenExpiresAt: null,
			ajaxUrl: 'https://scouts.example/wp-admin/admin-ajax.php',
			nonces: { token: '', logout: '' },
			locale: 'en',
			productName: 'Scout',
			siteUrl: 'https://scouts.example/',
			loginUrl: 'https://scouts.example/wp-login.php',
			user: null,
			features: { publicUserPages: false },
			referral: null,
			feedbackUrl: null,
		} );
	} );
} );

describe( 'routeUrl', () => {
	it( 'prefixes every language but English', () => {
		const site = { siteUrl: 'https://scouts.example/' };
		expect(
			routeUrl( { ...site, locale: 'en' }, 'getting-started/signup' )
		).toBe( 'https://scouts.example/getting-started/signup/' );
		expect( routeUrl( { ...site, locale: 'es' }, '/my-account/' ) ).toBe(
			'https://scouts.example/es/my-account/'
		);
	} );
} );
