import { fireEvent, screen, waitFor } from '@testing-library/react';

import { axeViolations } from '../../../../test-utils/axe';
import { apiError, type FakeApi } from '../../../../test-utils/fake-api';
import { testConfig } from '../../../../test-utils/fixtures';
import {
	advancedApi,
	choose,
	renderAdvanced,
	saveButton,
	type,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = advancedApi( testConfig() );
} );

const answerSaved = ( fieldId: number ) => ( {
	status: 200 as const,
	body: { field_id: fieldId, values: [] },
} );

describe( 'advanced tab, custom user fields', () => {
	it( 'shows group 0 directly and the other groups in closed accordions', async () => {
		await renderAdvanced();

		expect( screen.getByLabelText( 'Tester code' ) ).toHaveValue( 'XYZ' );
		expect( screen.getByText( 'iOS' ) ).toBeVisible();
		const accordion = screen.getByRole( 'button', { name: 'Hobbies' } );
		expect( accordion ).toHaveAttribute( 'aria-expanded', 'false' );
		const region = document.getElementById(
			accordion.getAttribute( 'aria-controls' )!
		)!;
		expect( region ).not.toBeVisible();

		fireEvent.click( accordion );

		expect( accordion ).toHaveAttribute( 'aria-expanded', 'true' );
		expect( region ).toBeVisible();
		expect( screen.getByLabelText( 'Sports' ) ).toBeVisible();
		expect( screen.getByText( 'Football' ) ).toBeVisible();
	} );

	it( 'names fields in the page language, falling back to Italian', async () => {
		api = advancedApi( testConfig( { locale: 'fr' } ) );
		await renderAdvanced( { locale: 'fr' }, () =>
			screen.findByRole( 'button', { name: 'Enregistrer' } )
		);

		// No French texts in the fixtures: every name is the Italian one.
		expect( screen.getByLabelText( 'Codice tester' ) ).toHaveAttribute(
			'placeholder',
			'ABC'
		);
		const group = screen.getByRole( 'button', { name: 'Passioni' } );
		expect( group ).toBeVisible();
		fireEvent.click( group );
		// The stored option, though the API's `text` says "Football".
		expect( screen.getByText( 'Calcio' ) ).toBeVisible();
		expect( screen.queryByText( 'Football' ) ).toBeNull();
	} );

	it( 'names groups and options in Italian on an Italian page', async () => {
		api = advancedApi( testConfig( { locale: 'it' } ) );
		await renderAdvanced( { locale: 'it' }, () =>
			screen.findByRole( 'button', { name: 'Salva' } )
		);

		expect(
			screen.queryByRole( 'button', { name: 'Hobbies' } )
		).toBeNull();
		fireEvent.click( screen.getByRole( 'button', { name: 'Passioni' } ) );
		expect( screen.getByLabelText( 'Sport' ) ).toBeVisible();
		expect( screen.getByText( 'Calcio' ) ).toBeVisible();

		await choose( 'Sport', 'Pallavolo' );

		expect( screen.getByText( 'Pallavolo' ) ).toBeVisible();
		expect( screen.queryByText( 'Volleyball' ) ).toBeNull();
	} );

	it( 'names options in the page language', async () => {
		await renderAdvanced();

		fireEvent.click( screen.getByRole( 'button', { name: 'Hobbies' } ) );
		await choose( 'Sports', 'Volleyball' );

		expect( screen.getByText( 'Volleyball' ) ).toBeVisible();
		expect( screen.queryByText( 'Pallavolo' ) ).toBeNull();
	} );

	it( 'keeps Save disabled until something changes', async () => {
		await renderAdvanced();

		expect( saveButton() ).toBeDisabled();
		type( 'Soprannome', 'dana' );
		expect( saveButton() ).toBeEnabled();
		type( 'Soprannome', '' );
		expect( saveButton() ).toBeDisabled();
	} );

	it( "shows the format's message, then saves the valid value", async () => {
		api.on( 'PUT /users/me/additionals/11', answerSaved( 11 ) );
		await renderAdvanced();

		type( 'Tester code', 'ab1' );

		expect( screen.getByText( 'Use three capital letters' ) ).toBeVisible();
		expect( screen.getByLabelText( 'Tester code' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		expect( saveButton() ).toBeDisabled();

		type( 'Tester code', 'ABC' );
		expect( screen.queryByText( 'Use three capital letters' ) ).toBeNull();
		fireEvent.click( saveButton() );

		expect(
			await screen.findByText( 'Profile data correctly updated.' )
		).toBeVisible();
		expect(
			api
				.requestsTo( 'PUT /users/me/additionals/11' )
				.map( ( request ) => request.body )
		).toEqual( [ { value: 'ABC' } ] );
		// Only the changed field is sent, and the form is clean again.
		expect(
			api.requests.filter( ( r ) => r.method === 'PUT' )
		).toHaveLength( 1 );
		await waitFor( () => expect( saveButton() ).toBeDisabled() );
	} );

	it( 'uses the generic message for a format without one', async () => {
		await renderAdvanced();

		type( 'Soprannome', 'Dana 2' );

		expect(
			screen.getByText( 'Invalid format. Please use the correct format.' )
		).toBeVisible();
		expect( saveButton() ).toBeDisabled();
	} );

	it( 'sends an option by id and a new entry with is_candidate', async () => {
		api.on( 'PUT /users/me/additionals/13', answerSaved( 13 ) ).on(
			'PUT /users/me/additionals/21',
			answerSaved( 21 )
		);
		await renderAdvanced();

		await choose( 'Favourite system', 'Android' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Hobbies' } ) );
		await choose( 'Sports', 'Add "Chess"', 'Chess' );
		expect( screen.getByText( 'Chess' ) ).toBeVisible();
		fireEvent.click( saveButton() );

		expect(
			await screen.findByText( 'Profile data correctly updated.' )
		).toBeVisible();
		expect(
			api.requestsTo( 'PUT /users/me/additionals/13' )[ 0 ].body
		).toEqual( { value: 1 } );
		expect(
			api.requestsTo( 'PUT /users/me/additionals/21' )[ 0 ].body
		).toEqual( [ { value: 7 }, { value: 'Chess', is_candidate: true } ] );
	} );

	it( 'says so when a save fails, and keeps the change to try again', async () => {
		api.on(
			'PUT /users/me/additionals/12',
			apiError( 400, 'Invalid format. Please use the correct format.' )
		);
		await renderAdvanced();

		type( 'Soprannome', 'dana' );
		fireEvent.click( saveButton() );

		expect(
			await screen.findByText(
				'Profile data not saved. Please try again.'
			)
		).toBeVisible();
		expect( screen.getByLabelText( 'Soprannome' ) ).toHaveValue( 'dana' );
		expect( saveButton() ).toBeEnabled();
	} );

	it( 'offers a retry when the fields cannot be loaded', async () => {
		api.on( 'GET /custom_user_fields', apiError( 500, 'Boom' ) );
		await renderAdvanced( {}, () =>
			screen.findByText( "We couldn't load your additional information." )
		);

		api.on( 'GET /custom_user_fields', { status: 200, body: [] } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		expect(
			await screen.findByText(
				'There is no additional information to fill in.'
			)
		).toBeVisible();
	} );

	it( 'has no axe violations, accordion open', async () => {
		const { container } = await renderAdvanced();
		fireEvent.click( screen.getByRole( 'button', { name: 'Hobbies' } ) );
		type( 'Tester code', 'ab' );
		await screen.findByText( 'ISTQB Foundation' );

		expect( await axeViolations( container ) ).toEqual( [] );
	} );
} );
