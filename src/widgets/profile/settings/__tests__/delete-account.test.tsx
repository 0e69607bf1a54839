import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../../test-utils/axe';
import { apiError, type FakeApi } from '../../../../test-utils/fake-api';
import { SITE, testConfig } from '../../../../test-utils/fixtures';
import { button, renderSettings, settingsApi } from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = settingsApi();
} );

async function openModal( opener = 'Delete account' ) {
	fireEvent.click( button( opener ) );
	return screen.findByRole( 'dialog' );
}

const REASON_LABELS = [
	'I receive too many emails',
	"I'm not selected for campaigns",
	'I signed up by mistake',
	"I don't have time to test",
	'The campaigns are not clear to me',
	'Other',
];

describe( 'settings tab, delete account', () => {
	it( 'offers the six reasons and keeps Delete disabled until one is chosen', async () => {
		await renderSettings();
		const dialog = await openModal();

		expect(
			within( dialog )
				.getAllByRole( 'checkbox' )
				.map( ( box ) => box.getAttribute( 'value' ) )
		).toEqual( [
			'TOO_MANY_EMAILS',
			'NO_CAMPAIGNS',
			'SIGNUP_BY_MISTAKE',
			'NO_TIME',
			'CAMPAIGNS_NOT_CLEAR',
			'OTHER',
		] );
		for ( const label of REASON_LABELS ) {
			expect(
				within( dialog ).getByRole( 'checkbox', { name: label } )
			).not.toBeChecked();
		}
		const remove = within( dialog ).getByRole( 'button', {
			name: 'Delete my account',
		} );
		expect( remove ).toBeDisabled();

		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Other' } )
		);
		expect( remove ).toBeEnabled();
		expect(
			within( dialog ).getByLabelText( 'Tell us more (optional)' )
		).toBeVisible();

		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Other' } )
		);
		expect( remove ).toBeDisabled();
	} );

	it( 'closes and clears the reasons on Back, giving focus back to the button', async () => {
		await renderSettings();
		const dialog = await openModal();
		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Other' } )
		);
		fireEvent.change(
			within( dialog ).getByLabelText( 'Tell us more (optional)' ),
			{ target: { value: 'Moving abroad' } }
		);

		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Back' } )
		);

		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		await waitFor( () =>
			expect( button( 'Delete account' ) ).toHaveFocus()
		);
		const again = await openModal();
		expect(
			within( again ).getByRole( 'checkbox', { name: 'Other' } )
		).not.toBeChecked();
		expect(
			within( again ).getByRole( 'button', { name: 'Delete my account' } )
		).toBeDisabled();
		expect( api.requestsTo( 'DELETE /users/me' ) ).toHaveLength( 0 );
	} );

	it( 'sends the reasons joined by ";", logs out and goes to goodbye', async () => {
		api.on( 'DELETE /users/me', { status: 200, body: { deleted: true } } );
		const { navigate } = await renderSettings();
		const dialog = await openModal();
		// Chosen out of order: they are sent in the spec's order.
		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', { name: 'Other' } )
		);
		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', {
				name: 'I receive too many emails',
			} )
		);
		fireEvent.change(
			within( dialog ).getByLabelText( 'Tell us more (optional)' ),
			{ target: { value: ' Moving abroad ' } }
		);

		fireEvent.click(
			within( dialog ).getByRole( 'button', {
				name: 'Delete my account',
			} )
		);

		await waitFor( () =>
			expect( navigate ).toHaveBeenCalledWith( `${ SITE }/goodbye/` )
		);
		expect( navigate ).toHaveBeenCalledTimes( 1 );
		expect( api.requestsTo( 'DELETE /users/me' )[ 0 ].body ).toEqual( {
			reason: 'TOO_MANY_EMAILS;OTHER',
			other: 'Moving abroad',
		} );
		expect( api.ajaxCalls( 'appq_wp_logout' ) ).toHaveLength( 1 );
	} );

	it( "goes to the goodbye page of the tester's language", async () => {
		api = settingsApi( testConfig( { locale: 'it' } ) ).on(
			'DELETE /users/me',
			{ status: 200, body: { deleted: true } }
		);
		const { navigate } = await renderSettings( { locale: 'it' } );
		const dialog = await openModal( 'Elimina account' );
		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', {
				name: 'Non ho tempo per testare',
			} )
		);
		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', {
				name: 'Mi sono iscritto per errore',
			} )
		);

		fireEvent.click(
			within( dialog ).getByRole( 'button', {
				name: 'Elimina il mio account',
			} )
		);

		await waitFor( () =>
			expect( navigate ).toHaveBeenCalledWith( `${ SITE }/it/goodbye/` )
		);
		expect( api.requestsTo( 'DELETE /users/me' )[ 0 ].body ).toEqual( {
			reason: 'SIGNUP_BY_MISTAKE;NO_TIME',
		} );
	} );

	it( 'stays, logged in, when the deletion fails', async () => {
		api.on(
			'DELETE /users/me',
			apiError( 502, 'WordPress could not delete the account' )
		);
		const { navigate } = await renderSettings();
		const dialog = await openModal();
		fireEvent.click(
			within( dialog ).getByRole( 'checkbox', {
				name: 'I signed up by mistake',
			} )
		);

		fireEvent.click(
			within( dialog ).getByRole( 'button', {
				name: 'Delete my account',
			} )
		);

		expect(
			await screen.findByText( 'WordPress could not delete the account' )
		).toBeVisible();
		expect( navigate ).not.toHaveBeenCalled();
		expect( api.ajaxCalls( 'appq_wp_logout' ) ).toHaveLength( 0 );
	} );

	it( 'has no axe violations with the modal open', async () => {
		await renderSettings();
		await openModal();

		expect( await axeViolations() ).toEqual( [] );
	} );
} );
