import { testConfig } from '../../test-utils/fixtures';
import { tokenRefreshed } from '../../services/auth-slice';
import { makeStore, stateFromConfig } from '../store';

describe( 'makeStore', () => {
	it( 'starts from the preloaded state', () => {
		const config = testConfig( { locale: 'fr', productName: 'Eclaireur' } );

		const store = makeStore( stateFromConfig( config ) );

		expect( store.getState().config ).toEqual( config );
		expect( store.getState().auth ).toEqual( {
			token: 'token-1',
			expiresAt: '2030-01-01T00:15:00Z',
		} );
	} );

	it( 'keeps the defaults of slices that were not preloaded', () => {
		const store = makeStore( {
			auth: { token: 'preloaded', expiresAt: null },
		} );

		expect( store.getState().auth.token ).toBe( 'preloaded' );
		expect( store.getState().config.locale ).toBe( 'en' );
		expect( store.getState().config.user ).toBeNull();
		expect( store.getState().api.queries ).toEqual( {} );
	} );

	it( 'gives every call its own store', () => {
		const first = makeStore();
		const second = makeStore();

		first.dispatch( tokenRefreshed( { token: 'fresh', expiresAt: null } ) );

		expect( first.getState().auth.token ).toBe( 'fresh' );
		expect( second.getState().auth.token ).toBeNull();
	} );
} );
