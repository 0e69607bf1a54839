import { fireEvent, screen, waitFor } from '@testing-library/react';

import type { FakeApi } from '../../../../test-utils/fake-api';
import { button, renderSettings, settingsApi } from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = settingsApi().onAjax( 'appq_get_nonce', {
		status: 200,
		body: { success: true, data: 'nonce-42' },
	} );
} );

const request = () => button( 'Request personal data' );

describe( 'settings tab, request personal data', () => {
	it( 'files the request with a fresh nonce and says an email will follow', async () => {
		api.onAjax( 'appq_personal_data_request', {
			status: 200,
			body: { success: true },
		} );
		await renderSettings();

		fireEvent.click( request() );

		expect( request() ).toBeDisabled();
		expect(
			await screen.findByText(
				"We've received your request. You'll get an email in a few days."
			)
		).toBeVisible();
		const [ call ] = api.ajaxCalls( 'appq_personal_data_request' );
		expect( call.method ).toBe( 'POST' );
		expect( ( call.body as URLSearchParams ).get( 'security' ) ).toBe(
			'nonce-42'
		);
		expect( ( call.body as URLSearchParams ).get( 'locale' ) ).toBe( 'en' );
		await waitFor( () => expect( request() ).toBeEnabled() );
	} );

	it( 'says "There was an error" for GENERIC_ERROR', async () => {
		api.onAjax( 'appq_personal_data_request', {
			status: 400,
			body: { success: false, data: 'GENERIC_ERROR' },
		} );
		await renderSettings();

		fireEvent.click( request() );

		expect( await screen.findByText( 'There was an error' ) ).toBeVisible();
	} );

	it( "shows any other error's own message", async () => {
		api.onAjax( 'appq_personal_data_request', {
			status: 409,
			body: {
				success: false,
				data: {
					message:
						'You already asked for your data: check your email.',
				},
			},
		} );
		await renderSettings();

		fireEvent.click( request() );

		expect(
			await screen.findByText(
				'You already asked for your data: check your email.'
			)
		).toBeVisible();
	} );

	it( 'says the nonce was not found when WordPress gives none', async () => {
		api.onAjax( 'appq_get_nonce', {
			status: 200,
			body: { success: false },
		} );
		await renderSettings();

		fireEvent.click( request() );

		expect( await screen.findByText( 'Nonce not found' ) ).toBeVisible();
		expect( api.ajaxCalls( 'appq_personal_data_request' ) ).toHaveLength(
			0
		);
	} );
} );
