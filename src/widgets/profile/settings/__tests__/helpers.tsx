import { fireEvent, screen } from '@testing-library/react';

import { Toaster } from '../../../../components/toaster';
import type { CrowdscoutConfig } from '../../../../lib/config';
import { FakeApi } from '../../../../test-utils/fake-api';
import { testConfig } from '../../../../test-utils/fixtures';
import { renderWithProviders } from '../../../../test-utils/render-with-providers';
import { SettingsTab } from '../settings-tab';

export function settingsApi( config: CrowdscoutConfig = testConfig() ) {
	return new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} ).onAjax( 'appq_wp_logout', { status: 200, body: { success: true } } );
}

/**
 * The tab as the profile page shows it, with the page's toaster; the page's reload and navigation are spies.
 *
 * @param config Page configuration overrides.
 */
export async function renderSettings(
	config: Partial< CrowdscoutConfig > = {}
) {
	const reload = jest.fn();
	const navigate = jest.fn();
	const rendered = await renderWithProviders(
		<>
			<SettingsTab reload={ reload } navigate={ navigate } />
			<Toaster />
		</>,
		{ config: testConfig( config ) }
	);
	return { ...rendered, reload, navigate };
}

/** A control by its label; the asterisk of required fields is not part of its name. */
export const control = ( name: string ) =>
	screen.getByLabelText( new RegExp( `^${ name }( \\*)?$` ) );

export function type( name: string, value: string ) {
	fireEvent.change( control( name ), { target: { value } } );
	fireEvent.blur( control( name ) );
}

export const button = ( name: string | RegExp ) =>
	screen.getByRole( 'button', { name } );
