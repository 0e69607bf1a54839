import { act, fireEvent, screen } from '@testing-library/react';

import { showToast } from '../../services/toasts';
import { renderWithProviders } from '../../test-utils/render-with-providers';
import { Toaster } from '../toaster';

afterEach( () => jest.useRealTimers() );

describe( 'Toaster', () => {
	it( 'shows toasts of any widget and lets each expire after 3 seconds', async () => {
		const { store } = await renderWithProviders( <Toaster /> );
		jest.useFakeTimers();
		act( () => {
			store.dispatch(
				showToast( {
					kind: 'danger',
					message: 'This email is already in use.',
					link: { href: '/login/', label: 'Log in' },
				} )
			);
		} );

		const toast = screen.getByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'This email is already in use.' );
		expect(
			screen.getByRole( 'link', { name: 'Log in' } )
		).toHaveAttribute( 'href', '/login/' );

		act( () => {
			jest.advanceTimersByTime( 2999 );
		} );
		expect( screen.queryByRole( 'alert' ) ).not.toBeNull();
		act( () => {
			jest.advanceTimersByTime( 1 );
		} );
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
	} );

	it( 'keeps a toast without duration until it is dismissed', async () => {
		const { store } = await renderWithProviders( <Toaster /> );
		jest.useFakeTimers();
		act( () => {
			store.dispatch(
				showToast( { kind: 'info', message: 'Saved', duration: 0 } )
			);
		} );
		act( () => {
			jest.advanceTimersByTime( 60000 );
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Saved' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Dismiss notification' } )
		);
		expect( screen.queryByRole( 'status' ) ).toBeNull();
	} );
} );
