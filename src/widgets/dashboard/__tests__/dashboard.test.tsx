import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import Dashboard from '..';
import { FakeApi } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import {
	ME,
	campaign,
	campaignRequests,
	pageOf,
	queryOf,
	serveDashboard,
} from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

const openTab = ( name: string ) =>
	fireEvent.click( screen.getByRole( 'tab', { name } ) );

describe( 'dashboard', () => {
	it( 'greets the tester under the title and lays out the cards', async () => {
		serveDashboard( api );

		await renderWithProviders( <Dashboard /> );

		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Dashboard',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( 'Welcome back, Dana!' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'tablist', { name: 'Your campaigns' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: 'Available campaigns' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: 'Your performance' } )
		).toBeInTheDocument();

		const [ request ] = api.requestsTo( 'GET /users/me' );
		expect( request.url.searchParams.get( 'fields' ) ).toBe(
			'approved_bugs,attended_cp,booty,id,name,onboarding_completed,pending_booty,surname,total_exp_pts'
		);
	} );

	it( 'falls back to the WordPress name, then to a plain welcome', async () => {
		serveDashboard( api, { me: { ...ME, name: '' } } );

		const { unmount } = await renderWithProviders( <Dashboard /> );
		expect(
			await screen.findByText( 'Welcome back, Dana Demo!' )
		).toBeInTheDocument();
		unmount();

		await renderWithProviders( <Dashboard />, {
			config: { user: null },
		} );
		expect(
			await screen.findByText( 'Welcome back!' )
		).toBeInTheDocument();
	} );

	it( 'explains each tab and shows only its table', async () => {
		serveDashboard( api, {
			tables: {
				active: pageOf( [ campaign( { id: 1, name: 'Running' } ) ] ),
				finished: pageOf( [ campaign( { id: 2, name: 'Ended' } ) ] ),
				closed: pageOf( [ campaign( { id: 3, name: 'Evaluated' } ) ] ),
			},
		} );

		await renderWithProviders( <Dashboard /> );

		const active = await screen.findByRole( 'tabpanel', {
			name: 'Active',
		} );
		expect( screen.getByRole( 'tab', { name: 'Active' } ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		expect( active ).toHaveTextContent(
			'Campaigns you have been selected for: read the manual and finish your tasks before the end date.'
		);
		expect(
			await within( active ).findByRole( 'rowheader', {
				name: '[CP1] - Running',
			} )
		).toBeInTheDocument();

		openTab( 'Finished' );
		const finished = screen.getByRole( 'tabpanel', { name: 'Finished' } );
		expect( finished ).toHaveTextContent(
			'Campaigns that have finished: they are evaluated in the days after the end date.'
		);
		expect(
			await within( finished ).findByRole( 'rowheader', {
				name: '[CP2] - Ended',
			} )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'tabpanel', { name: 'Active' } )
		).not.toBeInTheDocument();

		openTab( 'Closed' );
		const closed = screen.getByRole( 'tabpanel', { name: 'Closed' } );
		expect( closed ).toHaveTextContent(
			'Campaigns that have been evaluated and closed.'
		);
		expect(
			await within( closed ).findByRole( 'rowheader', {
				name: '[CP3] - Evaluated',
			} )
		).toBeInTheDocument();
	} );

	it( "asks each table's filters, default sort, first page and the page language", async () => {
		serveDashboard( api );

		await renderWithProviders( <Dashboard />, {
			config: { locale: 'es' },
		} );

		expect(
			await screen.findByText(
				'Ahora mismo no participas en ninguna campaña. ¡Postúlate a las disponibles aquí abajo!'
			)
		).toBeInTheDocument();
		openTab( 'Terminadas' );
		await screen.findByText(
			'No hay campañas terminadas pendientes de evaluación. Las campañas en las que participas aparecen aquí después de su fecha de fin.'
		);
		openTab( 'Cerradas' );
		await screen.findByText(
			'Todavía no tienes campañas cerradas. Las campañas aparecen aquí una vez evaluadas.'
		);

		const page = { start: '0', limit: '10', locale: 'es' };
		expect( campaignRequests( api, 'active' ).map( queryOf ) ).toEqual( [
			{
				...page,
				orderBy: 'start_date',
				order: 'ASC',
				'filterBy[accepted]': '1',
				'filterBy[completed]': '0',
			},
		] );
		expect( campaignRequests( api, 'finished' ).map( queryOf ) ).toEqual( [
			{
				...page,
				orderBy: 'end_date',
				order: 'DESC',
				'filterBy[accepted]': '1',
				'filterBy[statusId]': '1',
				'filterBy[completed]': '1',
			},
		] );
		expect( campaignRequests( api, 'closed' ).map( queryOf ) ).toEqual( [
			{
				...page,
				orderBy: 'close_date',
				order: 'DESC',
				'filterBy[accepted]': '1',
				'filterBy[statusId]': '2',
			},
		] );
		expect( campaignRequests( api, 'available' ).map( queryOf ) ).toEqual( [
			{
				...page,
				orderBy: 'visibility',
				order: 'ASC',
				'filterBy[accepted]': '0',
				'filterBy[completed]': '0',
			},
		] );
	} );

	it( 'shows the login card instead of the dashboard to a visitor', async () => {
		await renderWithProviders( <Dashboard />, {
			config: { token: null, user: null },
		} );

		expect(
			await screen.findByRole( 'heading', { name: 'Login to continue' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'heading', { name: 'Dashboard' } )
		).not.toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me/campaigns' ) ).toHaveLength( 0 );
	} );
} );

describe( 'dashboard messages', () => {
	it( 'opens the onboarding, and no inbox, while onboarding is not completed', async () => {
		serveDashboard( api, { me: { ...ME, onboarding_completed: false } } );

		await renderWithProviders( <Dashboard /> );

		expect(
			await screen.findByRole( 'dialog', {
				name: /Welcome to the .* community!/,
			} )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Inbox' } )
		).not.toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me/popups' ) ).toHaveLength( 0 );
	} );

	it( 'shows the Inbox button and its messages once onboarding is completed', async () => {
		serveDashboard( api ).on( 'GET /users/me/popups', {
			status: 200,
			body: [],
		} );

		await renderWithProviders( <Dashboard /> );

		// The inbox's code, and its request, come at the first idle moment after the page shows.
		await waitFor( () =>
			expect( api.requestsTo( 'GET /users/me/popups' ) ).toHaveLength( 1 )
		);
		expect(
			screen.getByRole( 'button', { name: 'Inbox' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );
} );
