import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { apiError, type FakeApi } from '../../../../test-utils/fake-api';
import { testConfig } from '../../../../test-utils/fixtures';
import { MY_CERTIFICATIONS, advancedApi, renderAdvanced } from './helpers';

let api: FakeApi;
let mine: typeof MY_CERTIFICATIONS;

beforeEach( () => {
	mine = [ ...MY_CERTIFICATIONS ];
	api = advancedApi( testConfig(), {
		get certifications() {
			return mine;
		},
	} );
} );

/** A control by its label; the asterisk of required fields is not part of its name. */
const control = ( name: string ) =>
	screen.getByLabelText( new RegExp( `^${ name }( \\*)?$` ) );

const pick = ( name: string, value: string ) =>
	fireEvent.change( control( name ), { target: { value } } );

const optionsOf = ( name: string ) =>
	within( control( name ) )
		.getAllByRole( 'option' )
		.map( ( option ) => option.textContent );

const addButton = () =>
	screen.getByRole( 'button', { name: 'Add certification' } );

async function renderCertifications() {
	await renderAdvanced();
	await screen.findByText( 'ISTQB Foundation' );
	await waitFor( () =>
		expect( optionsOf( 'Institute' ) ).toEqual( [
			'Choose…',
			'CompTIA',
			'ISTQB',
		] )
	);
}

describe( 'advanced tab, certifications', () => {
	it( "lists the tester's certifications", async () => {
		await renderCertifications();

		const item = screen.getByText( 'ISTQB Foundation' ).closest( 'li' )!;
		expect( within( item ).getByText( 'ISTQB · Testing' ) ).toBeVisible();
		expect(
			within( item ).getByText( 'Achieved on May 4, 2019' )
		).toBeVisible();
	} );

	it( 'removes one and says so', async () => {
		api.on( 'DELETE /users/me/certifications/31', () => {
			mine = [];
			return { status: 200, body: { id: 31 } };
		} );
		await renderCertifications();

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Remove ISTQB Foundation' } )
		);

		expect(
			await screen.findByText( 'Certification successfully removed' )
		).toBeVisible();
		expect(
			await screen.findByText(
				"You haven't added any certification yet."
			)
		).toBeVisible();
	} );

	it( 'says so when a removal fails', async () => {
		api.on(
			'DELETE /users/me/certifications/31',
			apiError( 404, 'Certification not found' )
		);
		await renderCertifications();

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Remove ISTQB Foundation' } )
		);

		expect(
			await screen.findByText(
				'There was an error removing your certification'
			)
		).toBeVisible();
		expect( screen.getByText( 'ISTQB Foundation' ) ).toBeVisible();
	} );

	it( 'asks for every part before sending anything', async () => {
		await renderCertifications();

		fireEvent.click( addButton() );

		expect(
			await screen.findByText( 'Institute is a required field.' )
		).toBeVisible();
		expect( screen.getByText( 'Area is a required field.' ) ).toBeVisible();
		expect(
			screen.getByText( 'Certification is a required field.' )
		).toBeVisible();
		expect(
			screen.getByText( 'Achievement date is a required field.' )
		).toBeVisible();
		await waitFor( () => expect( control( 'Institute' ) ).toHaveFocus() );
		expect(
			api.requestsTo( 'POST /users/me/certifications' )
		).toHaveLength( 0 );
	} );

	it( 'cascades institute → area → certification, and a new institute clears the rest', async () => {
		await renderCertifications();

		expect( control( 'Area' ) ).toBeDisabled();
		expect( control( 'Certification' ) ).toBeDisabled();

		pick( 'Institute', '1' );
		await waitFor( () =>
			expect( optionsOf( 'Area' ) ).toEqual( [
				'Choose…',
				'Agile',
				'Testing',
			] )
		);
		expect( control( 'Certification' ) ).toBeDisabled();

		pick( 'Area', '10' );
		// The one the tester already has is not offered again.
		await waitFor( () =>
			expect( optionsOf( 'Certification' ) ).toEqual( [
				'Choose…',
				'ISTQB Advanced Test Analyst',
			] )
		);
		pick( 'Certification', '32' );

		pick( 'Institute', '2' );
		await waitFor( () =>
			expect( optionsOf( 'Area' ) ).toEqual( [ 'Choose…', 'Security' ] )
		);
		expect( control( 'Area' ) ).toHaveValue( '' );
		expect( control( 'Certification' ) ).toHaveValue( '' );
		expect( control( 'Certification' ) ).toBeDisabled();
	} );

	it( 'keeps the date between 1 January 1970 and today', async () => {
		await renderCertifications();
		const date = control( 'Achievement date' );
		expect( date ).toHaveAttribute( 'min', '1970-01-01' );

		pick( 'Achievement date', '1969-12-31' );
		fireEvent.click( addButton() );

		expect(
			await screen.findByText(
				'Achievement date must be between 1 January 1970 and today.'
			)
		).toBeVisible();

		const tomorrow = new Date();
		tomorrow.setDate( tomorrow.getDate() + 1 );
		pick(
			'Achievement date',
			`${ tomorrow.getFullYear() }-${ String(
				tomorrow.getMonth() + 1
			).padStart( 2, '0' ) }-${ String( tomorrow.getDate() ).padStart(
				2,
				'0'
			) }`
		);
		expect(
			await screen.findByText(
				'Achievement date must be between 1 January 1970 and today.'
			)
		).toBeVisible();
	} );

	it( 'adds a certification and says so', async () => {
		api.on( 'POST /users/me/certifications', () => {
			mine = [
				...mine,
				{
					id: 32,
					name: 'ISTQB Advanced Test Analyst',
					institute: 'ISTQB',
					area: 'Testing',
					achievement_date: '2021-03-15',
				},
			];
			return { status: 201, body: mine[ 1 ] };
		} );
		await renderCertifications();

		pick( 'Institute', '1' );
		await waitFor( () => expect( optionsOf( 'Area' ) ).toHaveLength( 3 ) );
		pick( 'Area', '10' );
		await waitFor( () =>
			expect( optionsOf( 'Certification' ) ).toHaveLength( 2 )
		);
		pick( 'Certification', '32' );
		pick( 'Achievement date', '2021-03-15' );
		fireEvent.click( addButton() );

		expect(
			await screen.findByText( 'Certification uploaded correctly.' )
		).toBeVisible();
		expect(
			api.requestsTo( 'POST /users/me/certifications' )[ 0 ].body
		).toEqual( { certification_id: 32, achievement_date: '2021-03-15' } );
		expect(
			await screen.findByRole( 'button', {
				name: 'Remove ISTQB Advanced Test Analyst',
			} )
		).toBeVisible();
		// The form starts over.
		expect( control( 'Institute' ) ).toHaveValue( '' );
	} );

	it( 'says so when adding fails', async () => {
		api.on(
			'POST /users/me/certifications',
			apiError( 409, 'You already have this certification' )
		);
		await renderCertifications();

		pick( 'Institute', '2' );
		await waitFor( () => expect( optionsOf( 'Area' ) ).toHaveLength( 2 ) );
		pick( 'Area', '20' );
		await waitFor( () =>
			expect( optionsOf( 'Certification' ) ).toHaveLength( 2 )
		);
		pick( 'Certification', '41' );
		pick( 'Achievement date', '2020-01-01' );
		fireEvent.click( addButton() );

		expect(
			await screen.findByText(
				'There was an error adding this certification. Try again.'
			)
		).toBeVisible();
		expect( control( 'Certification' ) ).toHaveValue( '41' );
	} );
} );
