import { fireEvent, screen, waitFor } from '@testing-library/react';

import { FakeApi } from '../../test-utils/fake-api';
import { testConfig } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render-with-providers';
import { LoginCard } from '../login-card';

describe( 'LoginCard', () => {
	it( 'is titled "Login to continue", links to the localized sign-up, and reloads the page once logged in', async () => {
		const config = testConfig( { locale: 'it', token: null, user: null } );
		const api = new FakeApi( {
			apiBase: config.apiBase,
			ajaxUrl: config.ajaxUrl,
		} );
		api.onAjax( 'appq_get_nonce', {
			status: 200,
			body: { success: true, data: 'n' },
		} ).onAjax( 'ajaxlogin', {
			status: 200,
			body: { loggedin: true, message: '', error: null },
		} );
		const reload = jest.fn();
		await renderWithProviders( <LoginCard reload={ reload } />, {
			config,
		} );

		expect(
			screen.getByRole( 'heading', { name: 'Accedi per continuare' } )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Accedi con il tuo account Scout per vedere questa pagina.'
			)
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'link', { name: 'Registrati' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/getting-started/' );

		fireEvent.change( screen.getByLabelText( 'Email' ), {
			target: { value: 'dana@example.test' },
		} );
		fireEvent.change( screen.getByLabelText( 'Password' ), {
			target: { value: 'Secret123' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Accedi' } ) );
		await waitFor( () => expect( reload ).toHaveBeenCalled() );
	} );
} );
