import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import Dashboard from '..';
import {
	FakeApi,
	deferred,
	type ApiAnswer,
} from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { serveDashboard } from './helpers';

/**
 * The inbox's code loads at the browser's first idle moment after the dashboard shows; an Inbox button stands
 * in for it until then. Idle moments never come here, and the file is alone in loading the dashboard, so the
 * inbox's code is not in yet when the test starts.
 */
const config = testConfig();

beforeEach( () => {
	window.requestIdleCallback = jest.fn( () => 0 );
} );

afterEach( () => {
	delete ( window as Partial< Window > ).requestIdleCallback;
} );

it( 'a press on the Inbox button before the inbox has loaded opens it when it comes, and focus comes back to the inbox button', async () => {
	const api = new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} );
	const every = deferred< ApiAnswer< 'listMyPopups' > >();
	serveDashboard( api ).on( 'GET /users/me/popups', ( request ) =>
		request.url.searchParams.has( 'showExpired' )
			? every.promise
			: { status: 200, body: [] }
	);
	await renderWithProviders( <Dashboard /> );

	// The inbox asks for an idle moment once the page has shown, its button standing in meanwhile.
	await waitFor( () =>
		expect( window.requestIdleCallback ).toHaveBeenCalled()
	);
	const standIn = screen.getByRole( 'button', { name: 'Inbox' } );
	expect(
		screen.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
	).toBeInTheDocument();
	expect( api.requestsTo( 'GET /users/me/popups' ) ).toHaveLength( 0 );

	act( () => standIn.focus() );
	fireEvent.click( standIn );

	// The inbox's code comes at once, replaces its stand-in and opens, asking for every message.
	const inbox = await screen.findByRole( 'dialog', {
		name: 'Messages for you',
	} );
	const inboxButton = screen.getByRole( 'button', {
		name: 'Inbox',
		hidden: true,
	} );
	expect( inboxButton ).not.toBe( standIn );
	expect( standIn ).not.toBeInTheDocument();
	await waitFor( () =>
		expect(
			api
				.requestsTo( 'GET /users/me/popups' )
				.map( ( request ) =>
					request.url.searchParams.get( 'showExpired' )
				)
		).toContain( 'true' )
	);

	every.resolve( { status: 200, body: [] } );
	expect(
		await within( inbox ).findByText( 'You have no messages.' )
	).toBeInTheDocument();

	// Closed, it gives focus back to the button that took the stand-in's place.
	fireEvent.click(
		within( inbox ).getAllByRole( 'button', { name: 'Close' } )[ 0 ]
	);
	await waitFor( () =>
		expect(
			screen.queryByRole( 'dialog', { name: 'Messages for you' } )
		).not.toBeInTheDocument()
	);
	expect( screen.getByRole( 'button', { name: 'Inbox' } ) ).toHaveFocus();
} );
