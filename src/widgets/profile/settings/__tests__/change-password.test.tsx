import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../../test-utils/axe';
import { apiError, type FakeApi } from '../../../../test-utils/fake-api';
import { button, control, renderSettings, settingsApi, type } from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = settingsApi();
} );

const update = () => button( 'Update password' );

function fillValid() {
	type( 'Current password', 'OldSecret1' );
	type( 'New password', 'NewSecret2' );
	type( 'Confirm new password', 'NewSecret2' );
}

describe( 'settings tab, change password', () => {
	it( 'keeps the button disabled while anything is invalid', async () => {
		await renderSettings();
		expect( update() ).toBeDisabled();

		type( 'Current password', 'OldSecret1' );
		type( 'New password', 'abc' );

		expect(
			await screen.findByText(
				'Password must be at least 6 character long'
			)
		).toBeVisible();
		const checklist = screen
			.getByText( 'Your password needs:' )
			.closest( 'div' )!;
		expect(
			within( checklist )
				.getByText( 'A lowercase letter' )
				.closest( 'li' )
		).toHaveClass( 'crowdscout-password-checklist__rule--met' );
		expect(
			within( checklist ).getByText( 'A number' ).closest( 'li' )
		).not.toHaveClass( 'crowdscout-password-checklist__rule--met' );
		expect( update() ).toBeDisabled();

		type( 'New password', 'NewSecret2' );
		type( 'Confirm new password', 'NewSecret3' );
		expect(
			await screen.findByText( "Password confirmation doesn't match" )
		).toBeVisible();
		expect( update() ).toBeDisabled();

		type( 'Confirm new password', 'NewSecret2' );
		await waitFor( () => expect( update() ).toBeEnabled() );
	} );

	it( 'says the current password is wrong on 417, and stays logged in', async () => {
		api.on(
			'PATCH /users/me',
			apiError( 417, 'Your current password is not correct' )
		);
		const { reload } = await renderSettings();
		fillValid();
		await waitFor( () => expect( update() ).toBeEnabled() );

		fireEvent.click( update() );

		expect(
			await screen.findByText( 'Your current password is not correct' )
		).toBeVisible();
		expect( api.ajaxCalls( 'appq_wp_logout' ) ).toHaveLength( 0 );
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( "shows another error's own message as a warning", async () => {
		api.on(
			'PATCH /users/me',
			apiError( 400, 'Password must contain at least a number' )
		);
		await renderSettings();
		fillValid();
		await waitFor( () => expect( update() ).toBeEnabled() );

		fireEvent.click( update() );

		const message = await screen.findByText(
			'Password must contain at least a number'
		);
		expect(
			message.closest( '.crowdscout-toast--warning' )
		).not.toBeNull();
	} );

	it( 'changes the password, says so, logs out and reloads', async () => {
		api.on( 'PATCH /users/me', { status: 200, body: { id: 17 } } );
		const { reload } = await renderSettings();
		fillValid();
		await waitFor( () => expect( update() ).toBeEnabled() );

		fireEvent.click( update() );

		expect(
			await screen.findByText(
				'Password correctly updated, you will be logged out'
			)
		).toBeVisible();
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( api.requestsTo( 'PATCH /users/me' )[ 0 ].body ).toEqual( {
			oldPassword: 'OldSecret1',
			password: 'NewSecret2',
		} );
		expect( api.ajaxCalls( 'appq_wp_logout' ) ).toHaveLength( 1 );
		expect( control( 'Current password' ) ).toHaveValue( '' );
	} );

	it( 'reloads even when WordPress refuses the logout of the session the change has ended', async () => {
		api.on( 'PATCH /users/me', { status: 200, body: { id: 17 } } );
		api.onAjax( 'appq_wp_logout', {
			status: 403,
			body: { success: false, data: { message: 'Expired' } },
		} );
		const { reload } = await renderSettings();
		fillValid();
		await waitFor( () => expect( update() ).toBeEnabled() );

		fireEvent.click( update() );

		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( api.ajaxCalls( 'appq_wp_logout' ) ).toHaveLength( 1 );
	} );

	it( 'has no axe violations', async () => {
		const { container } = await renderSettings();
		type( 'New password', 'abc' );
		await screen.findByText( 'Password must be at least 6 character long' );

		expect( await axeViolations( container ) ).toEqual( [] );
	} );
} );
