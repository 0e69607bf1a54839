import { fireEvent, screen, waitFor } from '@testing-library/react';

import { apiError, type FakeApi } from '../../../test-utils/fake-api';
import {
	UNVERIFIED,
	VERIFIED,
	click,
	control,
	errorOf,
	fakeApi,
	renderProfile,
	serveProfile,
	type,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = fakeApi();
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

const patches = () => api.requestsTo( 'PATCH /users/me' );

async function renderBase() {
	await renderProfile( '?tab=base' );
	// The lookups fill the selects.
	await screen.findByRole( 'option', { name: 'Student' } );
}

/**
 * Types into a react-select's search input and waits for the debounced search to settle.
 *
 * @param label The field's label.
 * @param text  What to type.
 */
function search( label: string, text: string ) {
	const input = screen.getByRole( 'combobox', { name: label } );
	fireEvent.focus( input );
	fireEvent.change( input, { target: { value: text } } );
	return input;
}

describe( 'base tab', () => {
	it( 'shows every field with the stored values', async () => {
		serveProfile( api );
		await renderBase();
		expect( control( /^Name/ ) ).toHaveValue( 'Dana' );
		expect( control( /^Surname/ ) ).toHaveValue( 'Demo' );
		expect( control( 'Gender' ) ).toHaveValue( 'female' );
		expect(
			Array.from(
				( control( 'Gender' ) as unknown as HTMLSelectElement ).options
			).map( ( option ) => option.value )
		).toEqual( [ '', 'female', 'male', 'not-specified', 'other' ] );
		expect( control( /^Birth date/ ) ).toHaveValue( '1990-04-12' );
		expect( control( /^Birth date/ ) ).toHaveAttribute( 'type', 'date' );
		expect( control( 'Phone' ) ).toHaveValue( '+393331234567' );
		expect( control( /^Email/ ) ).toHaveValue( 'dana@example.com' );
		expect( control( /^Country/ ) ).toHaveValue( 'IT' );
		expect( screen.getByText( 'Milano' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Italian' ) ).toBeInTheDocument();
		expect( control( 'Profession' ) ).toHaveValue( '2' );
		expect( control( 'Education' ) ).toHaveValue( '' );
	} );

	it( 'sends only the changed fields and leaves the unchanged email out', async () => {
		serveProfile( api ).on( 'PATCH /users/me', {
			status: 200,
			body: {
				id: 17,
				phone: '+393337654321',
				education: { id: 1, name: 'Degree' },
			},
		} );
		await renderBase();

		type( 'Phone', '00393337654321' );
		fireEvent.change( control( 'Education' ), { target: { value: '1' } } );
		click( 'Save' );

		expect(
			await screen.findByText( 'Your profile has been updated.' )
		).toBeInTheDocument();
		expect( patches() ).toHaveLength( 1 );
		expect( patches()[ 0 ].body ).toEqual( {
			phone: '00393337654321',
			education: 1,
		} );
		// Name, surname and birth date did not change: the fiscal profile is not sent again.
		expect( api.requestsTo( 'PUT /users/me/fiscal' ) ).toHaveLength( 0 );

		// The saved values are the new reference: a second save sends nothing.
		click( 'Save' );
		expect(
			await screen.findByText(
				"Nothing to save: you haven't changed anything."
			)
		).toBeInTheDocument();
		expect( patches() ).toHaveLength( 1 );
	} );

	it( 'sends a changed email and says so when it is taken (412)', async () => {
		serveProfile( api ).on(
			'PATCH /users/me',
			apiError( 412, 'Email already exists' )
		);
		await renderBase();
		type( /^Email/, 'taken@example.com' );
		click( 'Save' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Email already exists'
		);
		expect( patches()[ 0 ].body ).toEqual( { email: 'taken@example.com' } );
	} );

	it( 'warns when the profile could not be saved for another reason', async () => {
		serveProfile( api ).on( 'PATCH /users/me', apiError( 500, 'Boom' ) );
		await renderBase();
		type( /^Name/, 'Daniela' );
		click( 'Save' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			"We couldn't update your profile. Try again."
		);
	} );

	it( 'refuses a malformed phone with the spec message and focuses it', async () => {
		serveProfile( api );
		await renderBase();
		type( 'Phone', '12ab' );
		click( 'Save' );
		await waitFor( () => expect( control( 'Phone' ) ).toHaveFocus() );
		expect( errorOf( control( 'Phone' ) ) ).toBe(
			'This is an invalid format. Should be formatted as +11000000000 or 0011000000000'
		);
		expect( control( 'Phone' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( patches() ).toHaveLength( 0 );
	} );

	it( 'checks the required fields and the age cutoff on submit', async () => {
		serveProfile( api );
		await renderBase();
		type( /^Name/, '' );
		type( /^Birth date/, '2020-01-01' );
		click( 'Save' );
		await waitFor( () => expect( control( /^Name/ ) ).toHaveFocus() );
		expect( errorOf( control( /^Name/ ) ) ).toBe(
			'This is a required field'
		);
		expect( errorOf( control( /^Birth date/ ) ) ).toBe(
			'You must be at least 16 years old'
		);
		expect( patches() ).toHaveLength( 0 );
	} );

	it( "says when the city search finds nothing, in the tester's country", async () => {
		serveProfile( api ).on( 'GET /places', { status: 200, body: [] } );
		await renderBase();
		search( 'City', 'Xyzzy' );
		expect(
			await screen.findByText(
				"We couldn't find a city with that name, please search again."
			)
		).toBeInTheDocument();
		const [ request ] = api.requestsTo( 'GET /places' );
		expect( request.url.searchParams.get( 'country' ) ).toBe( 'IT' );
		expect( request.url.searchParams.get( 'search' ) ).toBe( 'Xyzzy' );
	} );

	it( 'searches once the typing pauses', async () => {
		serveProfile( api ).on( 'GET /places', { status: 200, body: [] } );
		await renderBase();
		const input = search( 'City', 'M' );
		fireEvent.change( input, { target: { value: 'Mi' } } );
		fireEvent.change( input, { target: { value: 'Mil' } } );
		await screen.findByText(
			"We couldn't find a city with that name, please search again."
		);
		expect(
			api
				.requestsTo( 'GET /places' )
				.map( ( request ) => request.url.searchParams.get( 'search' ) )
		).toEqual( [ 'Mil' ] );
	} );

	it( 'picks a city found by search, and another country clears it', async () => {
		serveProfile( api )
			.on( 'GET /places', {
				status: 200,
				body: [
					{
						id: 'FR:ARA:Lyon',
						name: 'Lyon',
						province: 'Auvergne-Rhône-Alpes',
						country: 'FR',
					},
				],
			} )
			.on( 'PATCH /users/me', ( request ) => ( {
				status: 200,
				body: { id: 17, ...( request.body as object ) },
			} ) );
		await renderBase();
		fireEvent.change( control( /^Country/ ), { target: { value: 'FR' } } );
		await waitFor( () =>
			expect( screen.queryByText( 'Milano' ) ).toBeNull()
		);
		search( 'City', 'Ly' );
		fireEvent.click(
			await screen.findByText( 'Lyon (Auvergne-Rhône-Alpes)' )
		);
		click( 'Save' );
		await screen.findByText( 'Your profile has been updated.' );
		expect( patches()[ 0 ].body ).toEqual( {
			country: 'FR',
			city: 'Lyon',
		} );
		expect(
			api
				.requestsTo( 'GET /places' )[ 0 ]
				.url.searchParams.get( 'country' )
		).toBe( 'FR' );
	} );

	it( 'adds and removes spoken languages as they are picked', async () => {
		serveProfile( api )
			.on( 'POST /users/me/languages', {
				status: 200,
				body: [
					{ id: 1, name: 'Italian' },
					{ id: 2, name: 'English' },
				],
			} )
			.on( 'DELETE /users/me/languages/1', {
				status: 200,
				body: [ { id: 2, name: 'English' } ],
			} );
		await renderBase();
		const input = screen.getByRole( 'combobox', { name: 'Languages' } );
		fireEvent.keyDown( input, { key: 'ArrowDown' } );
		fireEvent.click( await screen.findByText( 'English' ) );
		await waitFor( () =>
			expect( api.requestsTo( 'POST /users/me/languages' ) ).toHaveLength(
				1
			)
		);
		expect(
			api.requestsTo( 'POST /users/me/languages' )[ 0 ].body
		).toEqual( [ 'English' ] );

		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Remove Italian' } )
		);
		await waitFor( () =>
			expect(
				api.requestsTo( 'DELETE /users/me/languages/1' )
			).toHaveLength( 1 )
		);
		await waitFor( () =>
			expect(
				screen.queryByRole( 'button', { name: 'Remove Italian' } )
			).toBeNull()
		);
		expect( patches() ).toHaveLength( 0 );
	} );

	it.each( [
		[ 'Verified', VERIFIED, 'Your fiscal profile is now verified' ],
		[
			'Unverified',
			UNVERIFIED,
			"Your profile doesn't match with your fiscal profile, please check your data",
		],
	] )(
		'sends the fiscal profile again after a surname change (%s) and asks for the tax id again',
		async ( _status, answer, message ) => {
			serveProfile( api )
				.on( 'PATCH /users/me', ( request ) => ( {
					status: 200,
					body: { id: 17, ...( request.body as object ) },
				} ) )
				.on( 'PUT /users/me/fiscal', () => {
					// What the API now stores, for the refetch the update triggers.
					api.on( 'GET /users/me/fiscal', {
						status: 200,
						body: answer,
					} );
					return { status: 200, body: answer };
				} );
			await renderBase();
			type( /^Surname/, 'Rossi' );
			click( 'Save' );
			expect( await screen.findByText( message ) ).toBeInTheDocument();
			expect( patches()[ 0 ].body ).toEqual( { surname: 'Rossi' } );
			const [ put ] = api.requestsTo( 'PUT /users/me/fiscal' );
			expect( put.body ).toEqual( {
				type: VERIFIED.type,
				fiscalId: VERIFIED.fiscalId,
				gender: VERIFIED.gender,
				birthPlace: VERIFIED.birthPlace,
				address: VERIFIED.address,
			} );

			fireEvent.click( screen.getByRole( 'tab', { name: 'Fiscal' } ) );
			if ( answer.fiscalStatus === 'Verified' ) {
				fireEvent.click(
					await screen.findByRole( 'button', { name: 'Edit' } )
				);
			}
			expect( await screen.findByLabelText( /^Tax id/ ) ).toHaveValue(
				''
			);
		}
	);

	it( 'does not send an internal fiscal profile again', async () => {
		serveProfile( api, {
			fiscal: { ...VERIFIED, type: 'internal' },
		} ).on( 'PATCH /users/me', ( request ) => ( {
			status: 200,
			body: { id: 17, ...( request.body as object ) },
		} ) );
		await renderBase();
		type( /^Name/, 'Daniela' );
		click( 'Save' );
		await screen.findByText( 'Your profile has been updated.' );
		expect( patches()[ 0 ].body ).toEqual( { name: 'Daniela' } );
		expect( api.requestsTo( 'PUT /users/me/fiscal' ) ).toHaveLength( 0 );
	} );
} );
