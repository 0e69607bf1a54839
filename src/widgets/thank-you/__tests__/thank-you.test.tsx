import { screen } from '@testing-library/react';

import ThankYou from '..';
import { SITE, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

describe( 'thank-you page', () => {
	it( 'thank-you leads to the advanced tab of the profile, in the page language', async () => {
		await renderWithProviders( <ThankYou />, {
			config: testConfig( { locale: 'it' } ),
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Grazie!' } )
		).toBeVisible();
		expect(
			screen.getByRole( 'link', { name: 'Continua al tuo profilo' } )
		).toHaveAttribute( 'href', `${ SITE }/it/my-account/?tab=advanced` );
	} );
} );
