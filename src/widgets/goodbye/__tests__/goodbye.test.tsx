import { screen } from '@testing-library/react';

import Goodbye from '..';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

describe( 'goodbye page', () => {
	it( 'goodbye thanks the user and says the account will be deleted', async () => {
		await renderWithProviders( <Goodbye />, {
			config: testConfig( { token: null, user: null } ),
		} );
		expect(
			screen.getByRole( 'heading', { name: 'Goodbye, and thank you!' } )
		).toBeVisible();
		expect(
			screen.getByText( /Your account will be deleted/ )
		).toBeVisible();
	} );
} );
