import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
	FakeApi,
	apiError,
	deferred,
	type ApiAnswer,
} from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { CampaignTable } from '../campaign-table';
import { TABLES } from '../tables';
import { campaign, pageOf, paged, queryOf } from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

const requests = () =>
	api.requestsTo( 'GET /users/me/campaigns' ).map( queryOf );

const lastRequest = () => requests()[ requests().length - 1 ];

const row = ( label: string ) =>
	screen
		.getByRole( 'rowheader', { name: label } )
		.closest( 'tr' ) as HTMLElement;

const header = ( name: string ) =>
	screen.getByRole( 'button', { name } ).closest( 'th' ) as HTMLElement;

describe( 'campaign tables', () => {
	it( 'shows the campaign label, type and dd/mm/yyyy dates under column headers', async () => {
		api.on(
			'GET /users/me/campaigns',
			pageOf( [
				campaign( {
					id: 42,
					name: 'Checkout flow',
					campaign_type: {
						id: 3,
						name: 'Security testing',
						icon: 'shield',
					},
					dates: {
						start: '2024-03-05T09:00:00.000Z',
						// Late on the 20th in UTC: already the 21st east of Greenwich.
						end: '2024-03-20T23:30:00.000Z',
						close: '2024-04-02T00:15:00+02:00',
					},
				} ),
			] )
		);

		await renderWithProviders(
			<CampaignTable config={ TABLES.finished } />
		);

		const table = await screen.findByRole( 'table', {
			name: 'Finished campaigns awaiting review',
		} );
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Campaign', 'Type', 'End date', 'Close date' ] );
		expect(
			within( row( '[CP42] - Checkout flow' ) )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Security testing', '20/03/2024', '01/04/2024' ] );
	} );

	it( 'offers the manual and the preview of an active campaign in the page language', async () => {
		api.on(
			'GET /users/me/campaigns',
			pageOf( [
				campaign( {
					id: 1,
					manual_link: {
						en: 'http://scouts.test/manual-en/',
						it: 'http://scouts.test/manuale/',
						es: null,
						fr: null,
					},
					preview_link: {
						en: 'http://scouts.test/preview-en/',
						it: null,
						es: null,
						fr: null,
					},
				} ),
				campaign( {
					id: 2,
					manual_link: {
						en: null,
						it: null,
						es: null,
						fr: 'http://scouts.test/manuel/',
					},
					preview_link: { en: null, it: null, es: null, fr: null },
				} ),
			] )
		);

		await renderWithProviders( <CampaignTable config={ TABLES.active } />, {
			config: { locale: 'it' },
		} );

		const first = (
			await screen.findByRole( 'rowheader', {
				name: '[CP1] - Campaign 1',
			} )
		).closest( 'tr' ) as HTMLElement;
		expect(
			within( first ).getByRole( 'link', { name: 'Manuale' } )
		).toHaveAttribute( 'href', 'http://scouts.test/manuale/' );
		// No Italian preview: the English one.
		expect(
			within( first ).getByRole( 'link', { name: 'Anteprima' } )
		).toHaveAttribute( 'href', 'http://scouts.test/preview-en/' );
		expect(
			within( first ).getByRole( 'link', { name: 'Manuale' } )
		).toHaveAccessibleDescription( '[CP1] - Campaign 1' );

		const second = row( '[CP2] - Campaign 2' );
		// Neither Italian nor English: any language will do.
		expect(
			within( second ).getByRole( 'link', { name: 'Manuale' } )
		).toHaveAttribute( 'href', 'http://scouts.test/manuel/' );
		expect(
			within( second ).getByRole( 'button', { name: 'Non disponibile' } )
		).toBeDisabled();
		expect(
			within( second ).queryByRole( 'link', { name: 'Anteprima' } )
		).not.toBeInTheDocument();
	} );

	it( 'explains a manual that is not ready in a dialog that closes with Got it or Escape', async () => {
		api.on(
			'GET /users/me/campaigns',
			pageOf( [
				campaign( {
					id: 7,
					name: 'Smart TV app',
					manual_link: { en: null, it: null, es: null, fr: null },
				} ),
			] )
		);

		await renderWithProviders( <CampaignTable config={ TABLES.active } /> );

		const manual = await screen.findByRole( 'button', { name: 'Manual' } );
		expect(
			screen.queryByRole( 'link', { name: 'Manual' } )
		).not.toBeInTheDocument();

		fireEvent.click( manual );

		// The dialog's code loads the first time one opens.
		const dialog = await screen.findByRole( 'dialog', {
			name: 'The manual is coming soon',
		} );
		expect( dialog ).toHaveAccessibleDescription(
			'We are still preparing the manual of [CP7] - Smart TV app. Check again in a little while: you will find it here as soon as it is published.'
		);
		// Focus starts on the dialog's close button and cannot leave the dialog while it is open.
		const close = within( dialog ).getByRole( 'button', { name: 'Close' } );
		await waitFor( () => expect( close ).toHaveFocus() );
		screen.getByRole( 'link', { name: 'Preview', hidden: true } ).focus();
		expect( close ).toHaveFocus();

		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Got it' } )
		);

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		await waitFor( () => expect( manual ).toHaveFocus() );

		fireEvent.click( manual );
		const reopened = screen.getByRole( 'dialog' );
		await waitFor( () =>
			expect(
				within( reopened ).getByRole( 'button', { name: 'Close' } )
			).toHaveFocus()
		);
		fireEvent.keyDown(
			within( reopened ).getByRole( 'button', { name: 'Close' } ),
			{ key: 'Escape' }
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		await waitFor( () => expect( manual ).toHaveFocus() );
	} );

	it( 'shows the three visibility states of available campaigns with their buttons', async () => {
		api.on(
			'GET /users/me/campaigns',
			pageOf( [
				campaign( { id: 1, visibility: { type: 'available' } } ),
				campaign( { id: 2, visibility: { type: 'candidate' } } ),
				campaign( { id: 3, visibility: { type: 'unavailable' } } ),
				campaign( {
					id: 4,
					visibility: { type: 'available' },
					preview_link: { en: null, it: null, es: null, fr: null },
				} ),
			] )
		);

		await renderWithProviders(
			<CampaignTable config={ TABLES.available } />
		);

		const available = (
			await screen.findByRole( 'rowheader', {
				name: '[CP1] - Campaign 1',
			} )
		).closest( 'tr' ) as HTMLElement;
		expect( available ).toHaveTextContent( 'Open for you! Apply now.' );
		expect(
			within( available ).getByRole( 'link', { name: 'Apply now' } )
		).toHaveAttribute( 'href', 'http://scouts.test/preview-1/' );
		expect( available ).not.toHaveClass(
			'wp-block-crowdscout-dashboard__row--unavailable'
		);

		const candidate = row( '[CP2] - Campaign 2' );
		expect( candidate ).toHaveTextContent(
			"You're in the running. Fingers crossed!"
		);
		expect(
			within( candidate ).getByRole( 'link', { name: 'View' } )
		).toHaveAttribute( 'href', 'http://scouts.test/preview-2/' );

		const unavailable = row( '[CP3] - Campaign 3' );
		expect( unavailable ).toHaveTextContent(
			"Oops, this one's not available."
		);
		expect(
			within( unavailable ).getByRole( 'link', { name: 'View' } )
		).toHaveAttribute( 'href', 'http://scouts.test/preview-3/' );
		// Dimmed.
		expect( unavailable ).toHaveClass(
			'wp-block-crowdscout-dashboard__row--unavailable'
		);

		const withoutPreview = row( '[CP4] - Campaign 4' );
		expect(
			within( withoutPreview ).getByRole( 'button', {
				name: 'Not available',
			} )
		).toBeDisabled();
		expect(
			within( withoutPreview ).queryByRole( 'link' )
		).not.toBeInTheDocument();

		// Each state has its own icon.
		const icons = [ available, candidate, unavailable ].map(
			( tr ) => tr.querySelector( 'svg path' )?.getAttribute( 'd' ) ?? ''
		);
		expect( new Set( icons ).size ).toBe( 3 );
		expect( icons ).not.toContain( '' );
	} );

	it.each( [
		[
			'active',
			'You are not currently selected for any campaigns. Apply to the available ones below!',
		],
		[
			'finished',
			'No finished campaigns are awaiting review. Campaigns you take part in show up here after their end date.',
		],
		[
			'closed',
			'You have no closed campaigns yet. Campaigns show up here once they have been evaluated.',
		],
		[
			'available',
			'There are no campaigns open to you right now. New ones are published often: check back soon!',
		],
	] as const )(
		'says so when the %s table is empty',
		async ( table, message ) => {
			api.on( 'GET /users/me/campaigns', pageOf( [] ) );

			await renderWithProviders(
				<CampaignTable config={ TABLES[ table ] } />
			);

			expect( await screen.findByText( message ) ).toBeInTheDocument();
			expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();
			expect(
				screen.queryByRole( 'navigation' )
			).not.toBeInTheDocument();
		}
	);

	it( 'announces a spinner while the campaigns load', async () => {
		const answer = deferred< ApiAnswer< 'listMyCampaigns' > >();
		api.on( 'GET /users/me/campaigns', () => answer.promise );

		await renderWithProviders( <CampaignTable config={ TABLES.active } /> );

		expect(
			screen.getByRole( 'status', { name: 'Loading campaigns…' } )
		).toBeInTheDocument();

		answer.resolve( pageOf( [ campaign() ] ) );

		expect( await screen.findByRole( 'table' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();
	} );

	it( "shows 'Something went wrong' with a retry that works", async () => {
		let calls = 0;
		api.on( 'GET /users/me/campaigns', () =>
			++calls === 1
				? apiError( 500, 'Database unavailable' )
				: pageOf( [ campaign() ] )
		);

		await renderWithProviders( <CampaignTable config={ TABLES.closed } /> );

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( 'Something went wrong' );
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);

		expect(
			await screen.findByRole( 'rowheader', {
				name: '[CP1] - Campaign 1',
			} )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		expect( requests() ).toHaveLength( 2 );
	} );

	it( 'shows no pagination for ten campaigns or fewer', async () => {
		api.on( 'GET /users/me/campaigns', paged( 10 ) );

		await renderWithProviders( <CampaignTable config={ TABLES.active } /> );

		expect(
			await screen.findByRole( 'rowheader', {
				name: '[CP10] - Campaign 10',
			} )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Next page' } )
		).not.toBeInTheDocument();
	} );

	it( 'pages through more than ten campaigns, keeping the page on screen while the next loads', async () => {
		const release = deferred< void >();
		api.on( 'GET /users/me/campaigns', paged( 25 ) ).hold(
			( request ) => request.url.searchParams.get( 'start' ) === '10',
			release.promise
		);

		await renderWithProviders( <CampaignTable config={ TABLES.active } /> );

		const nav = await screen.findByRole( 'navigation', {
			name: 'Pages of Active campaigns',
		} );
		expect( nav ).toHaveTextContent( 'Page 1 / 3' );
		expect( screen.getAllByRole( 'rowheader' ) ).toHaveLength( 10 );
		expect(
			within( nav ).getByRole( 'button', { name: 'Previous page' } )
		).toHaveAttribute( 'aria-disabled', 'true' );

		fireEvent.click(
			within( nav ).getByRole( 'button', { name: 'Next page' } )
		);

		await waitFor( () => expect( lastRequest().start ).toBe( '10' ) );
		expect( lastRequest() ).toMatchObject( {
			limit: '10',
			orderBy: 'start_date',
			order: 'ASC',
		} );
		// The first page stays, dimmed and marked busy, until the second arrives.
		const table = screen.getByRole( 'table' );
		expect( table ).toHaveAttribute( 'aria-busy', 'true' );
		expect(
			screen.getByRole( 'rowheader', { name: '[CP1] - Campaign 1' } )
		).toBeInTheDocument();

		release.resolve();

		expect(
			await screen.findByRole( 'rowheader', {
				name: '[CP11] - Campaign 11',
			} )
		).toBeInTheDocument();
		expect( table ).not.toHaveAttribute( 'aria-busy' );
		expect( nav ).toHaveTextContent( 'Page 2 / 3' );

		fireEvent.click(
			within( nav ).getByRole( 'button', { name: 'Next page' } )
		);
		expect(
			await screen.findByRole( 'rowheader', {
				name: '[CP25] - Campaign 25',
			} )
		).toBeInTheDocument();
		expect( lastRequest().start ).toBe( '20' );
		expect( nav ).toHaveTextContent( 'Page 3 / 3' );
		expect( screen.getAllByRole( 'rowheader' ) ).toHaveLength( 5 );
		expect(
			within( nav ).getByRole( 'button', { name: 'Next page' } )
		).toHaveAttribute( 'aria-disabled', 'true' );

		fireEvent.click(
			within( nav ).getByRole( 'button', { name: 'Previous page' } )
		);
		expect(
			await screen.findByRole( 'rowheader', {
				name: '[CP11] - Campaign 11',
			} )
		).toBeInTheDocument();
	} );

	it( 'sorts by a date column, toggles the order and goes back to the first page', async () => {
		api.on( 'GET /users/me/campaigns', paged( 25 ) );

		await renderWithProviders( <CampaignTable config={ TABLES.active } /> );

		await screen.findByRole( 'navigation' );
		expect( header( 'Start date' ) ).toHaveAttribute(
			'aria-sort',
			'ascending'
		);
		expect( header( 'End date' ) ).not.toHaveAttribute( 'aria-sort' );
		// Only the spec's sort keys sort: campaign and type are plain headers.
		expect(
			screen.queryByRole( 'button', { name: 'Campaign' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Type' } )
		).not.toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await screen.findByText( 'Page 2 / 3' );

		fireEvent.click( screen.getByRole( 'button', { name: 'End date' } ) );

		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( {
				orderBy: 'end_date',
				order: 'ASC',
				start: '0',
			} )
		);
		expect( await screen.findByText( 'Page 1 / 3' ) ).toBeInTheDocument();
		expect( header( 'End date' ) ).toHaveAttribute(
			'aria-sort',
			'ascending'
		);
		expect( header( 'Start date' ) ).not.toHaveAttribute( 'aria-sort' );

		fireEvent.click( screen.getByRole( 'button', { name: 'End date' } ) );

		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( {
				orderBy: 'end_date',
				order: 'DESC',
				start: '0',
			} )
		);
		expect( header( 'End date' ) ).toHaveAttribute(
			'aria-sort',
			'descending'
		);

		// Back to ascending: the page already loaded in that order comes from the cache.
		fireEvent.click( screen.getByRole( 'button', { name: 'End date' } ) );
		expect( header( 'End date' ) ).toHaveAttribute(
			'aria-sort',
			'ascending'
		);
		expect(
			screen.getByRole( 'rowheader', { name: '[CP1] - Campaign 1' } )
		).toBeInTheDocument();
	} );

	it( 'sorts available campaigns by availability, toggling from the default', async () => {
		api.on( 'GET /users/me/campaigns', pageOf( [ campaign() ] ) );

		await renderWithProviders(
			<CampaignTable config={ TABLES.available } />
		);

		await screen.findByRole( 'table' );
		expect( header( 'Availability' ) ).toHaveAttribute(
			'aria-sort',
			'ascending'
		);

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Availability' } )
		);

		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( {
				orderBy: 'visibility',
				order: 'DESC',
			} )
		);
		expect( header( 'Availability' ) ).toHaveAttribute(
			'aria-sort',
			'descending'
		);
	} );

	it( 'toggles the closed table from its default descending order', async () => {
		api.on( 'GET /users/me/campaigns', pageOf( [ campaign() ] ) );

		await renderWithProviders( <CampaignTable config={ TABLES.closed } /> );

		await screen.findByRole( 'table' );
		expect( header( 'Close date' ) ).toHaveAttribute(
			'aria-sort',
			'descending'
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Close date' } ) );
		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( {
				orderBy: 'close_date',
				order: 'ASC',
			} )
		);
	} );
} );
