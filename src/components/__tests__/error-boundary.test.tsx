import { fireEvent, screen } from '@testing-library/react';

import { renderWithProviders } from '../../test-utils/render-with-providers';
import { ErrorBoundary } from '../error-boundary';

function Fragile( { broken }: { broken: { current: boolean } } ) {
	if ( broken.current ) {
		throw new Error( 'Cannot read properties of undefined' );
	}
	return <p>Widget content</p>;
}

describe( 'ErrorBoundary', () => {
	it( 'shows a translated message and a retry button instead of a throwing widget', async () => {
		const broken = { current: true };
		const onError = jest.fn();

		await renderWithProviders(
			<>
				<ErrorBoundary onError={ onError }>
					<Fragile broken={ broken } />
				</ErrorBoundary>
				<p>Rest of the page</p>
			</>,
			{ config: { locale: 'es' } }
		);

		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'No se ha podido mostrar esta sección.'
		);
		expect( screen.getByText( 'Rest of the page' ) ).toBeInTheDocument();
		expect( onError ).toHaveBeenCalledWith(
			expect.objectContaining( {
				message: 'Cannot read properties of undefined',
			} ),
			expect.anything()
		);
		expect( console ).toHaveErrored();

		broken.current = false;
		fireEvent.click( screen.getByRole( 'button', { name: 'Reintentar' } ) );

		expect( screen.getByText( 'Widget content' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );
} );
