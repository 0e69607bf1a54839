import { fireEvent, screen, waitFor } from '@testing-library/react';

import { FakeApi } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderShell, visit } from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	visit( '/' );
} );

describe( 'shell log out', () => {
	it( 'logs out through admin-ajax with the nonce, then reloads the page', async () => {
		api.onAjax( 'appq_wp_logout', {
			status: 200,
			body: { success: true },
		} );
		const { reload } = await renderShell();

		fireEvent.click( screen.getByRole( 'button', { name: 'Log out' } ) );

		expect(
			screen.getByRole( 'button', { name: 'Logging out…' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		const calls = api.ajaxCalls( 'appq_wp_logout' );
		expect( calls ).toHaveLength( 1 );
		expect( calls[ 0 ].method ).toBe( 'GET' );
		expect( calls[ 0 ].url.searchParams.get( '_wpnonce' ) ).toBe(
			'logout-nonce-1'
		);
	} );

	it( 'ignores a second click while logging out', async () => {
		api.onAjax( 'appq_wp_logout', {
			status: 200,
			body: { success: true },
		} );
		const { reload } = await renderShell();

		fireEvent.click( screen.getByRole( 'button', { name: 'Log out' } ) );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Logging out…' } )
		);

		await waitFor( () => expect( reload ).toHaveBeenCalled() );
		expect( api.ajaxCalls( 'appq_wp_logout' ) ).toHaveLength( 1 );
	} );

	it( 'says something went wrong when WordPress refuses, and stays', async () => {
		api.onAjax( 'appq_wp_logout', { status: 403, body: -1 } );
		const { reload, store } = await renderShell();

		fireEvent.click( screen.getByRole( 'button', { name: 'Log out' } ) );

		expect(
			await screen.findByRole( 'button', { name: 'Log out' } )
		).not.toHaveAttribute( 'aria-disabled' );
		expect( store.getState().toasts ).toEqual( [
			expect.objectContaining( {
				kind: 'danger',
				message: 'Something went wrong',
			} ),
		] );
		expect( reload ).not.toHaveBeenCalled();
	} );
} );
