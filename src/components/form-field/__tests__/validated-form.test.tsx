import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { boolean, object, string } from 'yup';

import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { CheckboxField, SelectField, TextField, ValidatedForm } from '..';

interface Values {
	name: string;
	email: string;
	period: { from: string; to: string };
	level: string;
	accept: boolean;
}

const schema = object( {
	// Messages are translation keys, or sentences shown as they are.
	name: string().trim().required( 'signup.nameRequired' ),
	email: string().email( 'Enter a real email' ),
	period: object( { from: string(), to: string() } ).test(
		'period',
		'Pick both dates',
		( period ) => !! period?.from && !! period?.to
	),
	level: string().required( 'Choose a level' ),
	accept: boolean().oneOf( [ true ], 'You must accept' ),
} );

const EMPTY: Values = {
	name: '',
	email: '',
	period: { from: '', to: '' },
	level: '',
	accept: false,
};

function ProfileForm( {
	onSubmit,
	emailTaken = false,
}: {
	onSubmit: ( values: Values ) => void;
	emailTaken?: boolean;
} ) {
	return (
		<ValidatedForm< Values >
			initialValues={ EMPTY }
			validationSchema={ schema }
			onSubmit={ onSubmit }
			aria-label="Profile"
		>
			{ ( { values, handleChange } ) => (
				<>
					<TextField name="name" label="Name" required />
					<TextField
						name="email"
						type="email"
						label="Email"
						hint="We never share it."
						serverError={
							emailTaken ? 'This email is taken' : undefined
						}
					/>
					{ /* A group validated as a whole, like a date in parts. */ }
					<fieldset>
						<legend>Period</legend>
						<input
							aria-label="From"
							name="period.from"
							value={ values.period.from }
							onChange={ handleChange }
						/>
						<input
							aria-label="To"
							name="period.to"
							value={ values.period.to }
							onChange={ handleChange }
						/>
					</fieldset>
					<SelectField
						name="level"
						label="Level"
						required
						placeholder="Choose…"
						options={ [
							{ value: 'gold', label: 'Gold' },
							{ value: 'silver', label: 'Silver' },
						] }
					/>
					<CheckboxField name="accept" label="I accept" required />
					<button type="submit">Save</button>
				</>
			) }
		</ValidatedForm>
	);
}

const field = ( name: string ) =>
	screen.getByLabelText( new RegExp( `^${ name }( \\*)?$` ) );

const type = ( name: string, value: string ) =>
	fireEvent.change( field( name ), { target: { value } } );

const save = () =>
	fireEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );

describe( 'ValidatedForm with the Formik fields', () => {
	it( 'labels every control and marks the required ones', async () => {
		await renderWithProviders( <ProfileForm onSubmit={ jest.fn() } /> );

		expect(
			screen.getByRole( 'textbox', { name: 'Name' } )
		).toHaveAttribute( 'aria-required', 'true' );
		expect(
			screen.getByRole( 'textbox', { name: 'Email' } )
		).toHaveAccessibleDescription( 'We never share it.' );
		expect(
			screen.getByRole( 'textbox', { name: 'Email' } )
		).not.toHaveAttribute( 'aria-required' );
		const level = screen.getByRole( 'combobox', { name: 'Level' } );
		expect(
			within( level )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'Choose…', 'Gold', 'Silver' ] );
		expect(
			screen.getByRole( 'checkbox', { name: 'I accept' } )
		).toHaveAttribute( 'aria-required', 'true' );
		expect(
			screen.getByText( 'Name', { selector: 'label' } )
		).toHaveTextContent( 'Name *' );
	} );

	it( 'validates nothing on blur or while typing before the first submit', async () => {
		await renderWithProviders( <ProfileForm onSubmit={ jest.fn() } /> );

		type( 'Email', 'not-an-email' );
		fireEvent.blur( field( 'Email' ) );

		// Give a validation that should not run the time to show up.
		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
		expect( screen.queryByText( 'Enter a real email' ) ).toBeNull();
		expect( field( 'Email' ) ).not.toHaveAttribute( 'aria-invalid' );
	} );

	it( 'shows every error on a refused submit and focuses the first invalid field', async () => {
		const onSubmit = jest.fn();
		await renderWithProviders( <ProfileForm onSubmit={ onSubmit } /> );
		type( 'Email', 'not-an-email' );
		field( 'I accept' ).focus();

		save();

		expect(
			await screen.findByText( 'Name is a required field' )
		).toBeVisible();
		await waitFor( () => expect( field( 'Name' ) ).toHaveFocus() );
		expect( field( 'Name' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( field( 'Name' ) ).toHaveAccessibleDescription(
			'Name is a required field'
		);
		expect( field( 'Email' ) ).toHaveAccessibleDescription(
			'We never share it. Enter a real email'
		);
		expect( field( 'Level' ) ).toHaveAccessibleDescription(
			'Choose a level'
		);
		expect( field( 'I accept' ) ).toHaveAccessibleDescription(
			'You must accept'
		);
		expect( onSubmit ).not.toHaveBeenCalled();
	} );

	it( 'focuses a later field when the earlier ones are right, and the first control of an invalid group', async () => {
		await renderWithProviders( <ProfileForm onSubmit={ jest.fn() } /> );
		type( 'Name', 'Dana' );

		save();

		await waitFor( () => expect( field( 'From' ) ).toHaveFocus() );

		type( 'From', '2024-01-01' );
		type( 'To', '2024-02-01' );
		save();

		await waitFor( () => expect( field( 'Level' ) ).toHaveFocus() );
	} );

	it( 'revalidates as the user types once a submit was refused', async () => {
		await renderWithProviders( <ProfileForm onSubmit={ jest.fn() } /> );
		save();
		expect(
			await screen.findByText( 'Name is a required field' )
		).toBeVisible();

		type( 'Name', 'Dana' );

		await waitFor( () =>
			expect(
				screen.queryByText( 'Name is a required field' )
			).toBeNull()
		);
		expect( field( 'Name' ) ).not.toHaveAttribute( 'aria-invalid' );
	} );

	it( 'submits the values once they are valid', async () => {
		const onSubmit = jest.fn();
		await renderWithProviders( <ProfileForm onSubmit={ onSubmit } /> );

		type( 'Name', 'Dana' );
		type( 'From', '2024-01-01' );
		type( 'To', '2024-02-01' );
		type( 'Level', 'silver' );
		fireEvent.click( field( 'I accept' ) );
		save();

		await waitFor( () =>
			expect( onSubmit ).toHaveBeenCalledWith( {
				...EMPTY,
				name: 'Dana',
				period: { from: '2024-01-01', to: '2024-02-01' },
				level: 'silver',
				accept: true,
			} )
		);
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
	} );

	it( "shows the server's error on a field that validation finds right", async () => {
		await renderWithProviders(
			<ProfileForm onSubmit={ jest.fn() } emailTaken />
		);

		expect( field( 'Email' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( field( 'Email' ) ).toHaveAccessibleDescription(
			'We never share it. This email is taken'
		);
	} );
} );
