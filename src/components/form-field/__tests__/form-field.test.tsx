import { screen } from '@testing-library/react';

import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { FormField } from '..';

describe( 'FormField', () => {
	it( 'labels its control and marks it required with an asterisk kept out of the name', async () => {
		await renderWithProviders(
			<FormField id="city" label="City" required>
				{ ( control ) => <input { ...control } /> }
			</FormField>
		);

		const input = screen.getByRole( 'textbox', { name: 'City' } );
		expect( input ).toHaveAttribute( 'aria-required', 'true' );
		expect( input ).not.toHaveAttribute( 'aria-invalid' );
		expect( input ).not.toHaveAttribute( 'aria-describedby' );
		expect(
			screen.getByText( 'City', { selector: 'label' } )
		).toHaveTextContent( /^City \*$/ );
	} );

	it( 'shows no asterisk and no aria-required on an optional field', async () => {
		await renderWithProviders(
			<FormField id="nickname" label="Nickname">
				{ ( control ) => <input { ...control } /> }
			</FormField>
		);

		expect(
			screen.getByText( 'Nickname', { selector: 'label' } )
		).toHaveTextContent( /^Nickname$/ );
		expect(
			screen.getByRole( 'textbox', { name: 'Nickname' } )
		).not.toHaveAttribute( 'aria-required' );
	} );

	it( 'describes the control with its hint, and with the error too when there is one', async () => {
		const { rerender } = await renderWithProviders(
			<FormField id="iban" label="IBAN" hint="Without spaces">
				{ ( control ) => <input { ...control } /> }
			</FormField>
		);

		const input = screen.getByRole( 'textbox', { name: 'IBAN' } );
		expect( input ).toHaveAccessibleDescription( 'Without spaces' );
		expect( input ).not.toHaveAttribute( 'aria-invalid' );

		rerender(
			<FormField
				id="iban"
				label="IBAN"
				hint="Without spaces"
				error="Invalid IBAN"
			>
				{ ( control ) => <input { ...control } /> }
			</FormField>
		);

		expect( input ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( input ).toHaveAccessibleDescription(
			'Without spaces Invalid IBAN'
		);
		expect( screen.getByText( 'Invalid IBAN' ) ).toBeVisible();
	} );

	it( 'reads further descriptions first, and shows what comes after the messages', async () => {
		await renderWithProviders(
			<>
				<p id="rules">At least 6 characters</p>
				<FormField
					id="password"
					label="Password"
					error="Password is required"
					describedBy="rules"
					after={ <p>Show password</p> }
				>
					{ ( control ) => <input type="password" { ...control } /> }
				</FormField>
			</>
		);

		expect(
			screen.getByLabelText( 'Password' )
		).toHaveAccessibleDescription(
			'At least 6 characters Password is required'
		);
		expect( screen.getByText( 'Show password' ) ).toBeVisible();
	} );

	it( 'names a checkbox by the label beside it and describes it with its error', async () => {
		await renderWithProviders(
			<FormField
				id="accept"
				label="I accept"
				layout="checkbox"
				required
				error="You must accept"
			>
				{ ( control ) => <input type="checkbox" { ...control } /> }
			</FormField>
		);

		const checkbox = screen.getByRole( 'checkbox', { name: 'I accept' } );
		expect( checkbox ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( checkbox ).toHaveAccessibleDescription( 'You must accept' );
	} );
} );
