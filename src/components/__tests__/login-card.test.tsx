import { screen } from '@testing-library/react';

import { renderWithProviders } from '../../test-utils/render-with-providers';
import { LoginCard } from '../login-card';

describe( 'LoginCard', () => {
	it( 'leads to the login page and to the localized sign-up page', async () => {
		await renderWithProviders( <LoginCard />, {
			config: {
				locale: 'it',
				productName: 'Scout',
				loginUrl: 'http://scouts.test/wp-login.php?redirect_to=x',
			},
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
			screen.getByRole( 'link', { name: 'Accedi' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/wp-login.php?redirect_to=x'
		);
		expect(
			screen.getByRole( 'link', { name: 'Registrati' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/it/getting-started/signup/'
		);
	} );
} );
