import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { selectToasts } from '../../../services/toasts';
import { apiError, type FakeApi } from '../../../test-utils/fake-api';
import {
	ME,
	UNVERIFIED,
	VERIFIED,
	click,
	control,
	errorOf,
	fakeApi,
	renderProfile,
	serveProfile,
	type,
	type Fiscal,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = fakeApi();
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

const MILANO = {
	id: 'IT:F205',
	name: 'Milano',
	province: 'MI',
	country: 'IT',
	code: 'F205',
};

const UNVERIFIED_MESSAGE =
	'Invalid tax profile. There was an error validating your tax id. Please check your name, surname, gender, date of birth or place of birth';

const radio = ( name: string ) =>
	screen.getByRole( 'radio', { name } ) as HTMLInputElement;

async function pickPlace( label: string, text: string, option: string ) {
	const input = screen.getByRole( 'combobox', { name: label } );
	fireEvent.focus( input );
	fireEvent.change( input, { target: { value: text } } );
	// By text: role queries over the page's long country lists are too slow for the default wait.
	fireEvent.click(
		await screen.findByText( option, { selector: '[role="option"]' } )
	);
}

async function fillItalianProfile() {
	fireEvent.click( radio( 'Occasional work with withholding tax' ) );
	await pickPlace( 'City of birth', 'Mil', 'Milano (MI)' );
	await pickPlace( 'City', 'Mil', 'Milano (MI)' );
	type( /^Street( \*)?$/, 'Via Roma' );
	type( /^Street number/, '1' );
	type( /^ZIP code/, '20100' );
	type( /^Tax id/, 'dmedna90d52f205x' );
}

/**
 * Serves the fiscal calls: the places search, and a save that stores and answers `answer`.
 *
 * @param answer The saved profile's status.
 */
function serveFiscalSave( answer: Fiscal ) {
	const store = () => {
		api.on( 'GET /users/me/fiscal', { status: 200, body: answer } );
		return { status: 200, body: answer } as const;
	};
	api.on( 'GET /places', { status: 200, body: [ MILANO ] } )
		.on( 'POST /users/me/fiscal', () => ( {
			...store(),
			status: 201,
		} ) )
		.on( 'PUT /users/me/fiscal', store );
}

describe( 'fiscal tab', () => {
	it( 'shows the form without Cancel when there is no profile, with the spec messages', async () => {
		serveProfile( api, { fiscal: null, me: { ...ME, birthDate: null } } );
		await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		expect( screen.queryByRole( 'button', { name: 'Cancel' } ) ).toBeNull();
		expect( control( /^Country of residence/ ) ).toHaveValue( 'IT' );
		// Gender for tax purposes: two choices only.
		expect(
			within(
				screen.getByRole( 'group', {
					name: /Gender \(as on your tax id\)/,
				} )
			).getAllByRole( 'radio' )
		).toHaveLength( 2 );

		click( 'Save' );
		await waitFor( () => expect( control( /^Birth date/ ) ).toHaveFocus() );
		expect( errorOf( control( /^Birth date/ ) ) ).toBe(
			'Birth date is required, set it on base tab'
		);
		expect( errorOf( control( /^Street( \*)?$/ ) ) ).toBe(
			'You need to select a street'
		);
		expect(
			errorOf( screen.getByRole( 'combobox', { name: 'City' } ) )
		).toBe( 'You need to select a city' );
		expect( errorOf( control( /^ZIP code/ ) ) ).toBe(
			'This is a required field'
		);
		expect( api.requestsTo( 'POST /users/me/fiscal' ) ).toHaveLength( 0 );
	} );

	it( 'creates a profile and reports it valid for five seconds, then shows the summary', async () => {
		serveProfile( api, { fiscal: null } );
		serveFiscalSave( VERIFIED );
		const { store } = await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		await fillItalianProfile();
		expect( control( /^Tax id/ ) ).toHaveValue( 'DMEDNA90D52F205X' );
		expect( control( /^Province/ ) ).toHaveValue( 'MI' );
		click( 'Save' );

		expect(
			await screen.findByText( 'Valid tax profile' )
		).toBeInTheDocument();
		expect( selectToasts( store.getState() )[ 0 ].duration ).toBe( 5000 );
		const [ post ] = api.requestsTo( 'POST /users/me/fiscal' );
		expect( post.body ).toEqual( {
			type: 'withholding',
			fiscalId: 'DMEDNA90D52F205X',
			gender: 'female',
			birthPlace: { city: 'Milano', province: 'MI' },
			address: {
				country: 'IT',
				province: 'MI',
				city: 'Milano',
				street: 'Via Roma',
				streetNumber: '1',
				cityCode: '20100',
			},
		} );
		expect(
			await screen.findByRole( 'button', { name: 'Edit' } )
		).toBeEnabled();
		expect( screen.queryByRole( 'form', { name: 'Fiscal' } ) ).toBeNull();
	} );

	it( 'keeps the form and the invalid-profile message until dismissed when the tax id does not match', async () => {
		serveProfile( api, { fiscal: null } );
		serveFiscalSave( UNVERIFIED );
		const { store } = await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		await fillItalianProfile();
		click( 'Save' );

		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( UNVERIFIED_MESSAGE );
		expect( selectToasts( store.getState() )[ 0 ].duration ).toBe( 0 );
		expect(
			screen.getByRole( 'form', { name: 'Fiscal' } )
		).toBeInTheDocument();
		fireEvent.click(
			within( toast ).getByRole( 'button', {
				name: 'Dismiss notification',
			} )
		);
		expect( screen.queryByText( UNVERIFIED_MESSAGE ) ).toBeNull();
	} );

	it( 'updates an unverified profile with PUT, its form open and without Cancel', async () => {
		serveProfile( api, { fiscal: UNVERIFIED } );
		serveFiscalSave( VERIFIED );
		await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		expect( control( /^Tax id/ ) ).toHaveValue( VERIFIED.fiscalId );
		expect( screen.queryByRole( 'button', { name: 'Cancel' } ) ).toBeNull();
		click( 'Save' );
		expect(
			await screen.findByText( 'Valid tax profile' )
		).toBeInTheDocument();
		expect( api.requestsTo( 'PUT /users/me/fiscal' ) ).toHaveLength( 1 );
		expect( api.requestsTo( 'POST /users/me/fiscal' ) ).toHaveLength( 0 );
	} );

	it( 'shows a verified profile read-only; Edit opens the form and Cancel closes it', async () => {
		serveProfile( api );
		await renderProfile( '?tab=fiscal' );
		expect(
			await screen.findByText( 'Via Roma 1, 20100 Milano (MI), Italy' )
		).toBeInTheDocument();
		expect( screen.getByText( 'DMEDNA90D52F205X' ) ).toBeInTheDocument();
		click( 'Edit' );
		expect(
			await screen.findByRole( 'form', { name: 'Fiscal' } )
		).toBeInTheDocument();
		click( 'Cancel' );
		expect(
			await screen.findByRole( 'button', { name: 'Edit' } )
		).toBeInTheDocument();
	} );

	it( 'does not let an employee edit an internal profile', async () => {
		serveProfile( api, { fiscal: { ...VERIFIED, type: 'internal' } } );
		await renderProfile( '?tab=fiscal' );
		expect(
			await screen.findByRole( 'button', { name: 'Edit' } )
		).toBeDisabled();
	} );

	it( 'forces the non-Italian type for an address abroad and allows a 30-character tax id', async () => {
		serveProfile( api, { fiscal: null } );
		await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		fireEvent.click( radio( 'Occasional work with withholding tax' ) );
		fireEvent.change( control( /^Country of residence/ ), {
			target: { value: 'FR' },
		} );
		await waitFor( () =>
			expect( radio( 'Not resident in Italy' ) ).toBeChecked()
		);
		expect(
			radio( 'Occasional work with withholding tax' )
		).toBeDisabled();
		expect( control( /^Tax id/ ) ).toHaveAttribute( 'maxLength', '30' );

		fireEvent.change( control( /^Country of residence/ ), {
			target: { value: 'IT' },
		} );
		type( /^Tax id/, 'ABC' );
		click( 'Save' );
		await waitFor( () =>
			expect( errorOf( control( /^Tax id/ ) ) ).toBe(
				'The Italian tax id is 16 characters long'
			)
		);
	} );

	it( 'sends a birth abroad as the country with province EE', async () => {
		serveProfile( api, { fiscal: null } );
		serveFiscalSave( VERIFIED );
		await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		await fillItalianProfile();
		fireEvent.click( radio( 'No' ) );
		fireEvent.change( control( /^Country of birth/ ), {
			target: { value: 'FR' },
		} );
		click( 'Save' );
		await screen.findByText( 'Valid tax profile' );
		expect(
			( api.requestsTo( 'POST /users/me/fiscal' )[ 0 ].body as Fiscal )
				.birthPlace
		).toEqual( { city: 'FR', province: 'EE' } );
	} );

	it( "shows the server's refusal", async () => {
		serveProfile( api, { fiscal: null } );
		api.on( 'GET /places', { status: 200, body: [ MILANO ] } ).on(
			'POST /users/me/fiscal',
			apiError( 400, 'Birth date is required, set it on base tab' )
		);
		await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		await fillItalianProfile();
		click( 'Save' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Birth date is required, set it on base tab'
		);
	} );
} );
