import { screen } from '@testing-library/react';

import SignupConfirmation from '..';
import { SITE, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

describe( 'signup-confirmation page', () => {
	it( 'the sign-up confirmation sends a logged-in tester to the dashboard, a visitor to the login', async () => {
		const { unmount } = await renderWithProviders( <SignupConfirmation />, {
			config: testConfig( { locale: 'es' } ),
		} );
		expect(
			screen.getByRole( 'link', { name: 'Ir a tu tablero' } )
		).toHaveAttribute( 'href', `${ SITE }/es/my-dashboard/` );
		expect(
			screen.getByText( /ya has iniciado sesión/ )
		).toBeInTheDocument();
		unmount();

		await renderWithProviders( <SignupConfirmation />, {
			config: testConfig( { token: null, user: null } ),
		} );
		expect(
			screen.getByRole( 'link', { name: 'Log in' } )
		).toHaveAttribute( 'href', `${ SITE }/login/` );
		// A visitor is asked to log in, never told they are logged in.
		expect(
			screen.getByText( /Log in with your email and password/ )
		).toBeInTheDocument();
		expect( screen.queryByText( /logged in/ ) ).not.toBeInTheDocument();
	} );
} );
