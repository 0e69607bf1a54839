import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import type {
	ExperienceFilters,
	ExperienceItem,
} from '../../../services/contract';
import { axeViolations } from '../../../test-utils/axe';
import {
	FakeApi,
	apiError,
	type RecordedRequest,
} from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import Experience from '..';
import { PAGE_SIZE, SEARCH_DELAY_MS } from '../history';

const config = testConfig();
let api: FakeApi;

function entry( id: number, overrides: Partial< ExperienceItem > = {} ) {
	return {
		id,
		amount: 10,
		date: '2025-06-01T10:00:00.000Z',
		activity: { id: 1 },
		campaign: { id: 40, title: 'Checkout' },
		note: `Entry ${ id }`,
		...overrides,
	} satisfies ExperienceItem;
}

/** The query a request sent, without the `_locale` that api-fetch adds. */
function queryOf( request: RecordedRequest ) {
	const query = Object.fromEntries( request.url.searchParams );
	delete query._locale;
	return query;
}

/** The History table's requests, as plain queries. */
const tableRequests = () =>
	api.requestsTo( 'GET /users/me/experience' ).map( queryOf );

const lastTableRequest = () => tableRequests()[ tableRequests().length - 1 ];

/**
 * Serves the experience list: the table's pages from `table`, and the values of the whole history that the
 * filter selects offer from `filters`.
 *
 * @param options
 * @param options.table         The table's page.
 * @param options.table.results Its rows.
 * @param options.table.total   The entries that match.
 * @param options.filters       The history's campaigns, activities and days.
 */
function serve( {
	table = { results: [ entry( 1 ) ], total: 1 },
	filters = {
		campaigns: [ 40 ],
		activities: [ 1 ],
		dates: [ '2025-06-01' ],
	},
}: {
	table?: { results: ExperienceItem[]; total: number };
	filters?: ExperienceFilters;
} = {} ) {
	api.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( 'GET /users/me/experience', ( request ) => {
			const start = Number(
				request.url.searchParams.get( 'start' ) ?? 0
			);
			const limit = Number( request.url.searchParams.get( 'limit' ) );
			return {
				status: 200,
				body: {
					results: table.results,
					start,
					limit,
					size: table.results.length,
					total: table.total,
				},
			};
		} )
		.on( 'GET /users/me/experience/filters', {
			status: 200,
			body: filters,
		} );
}

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

afterEach( () => {
	jest.useRealTimers();
} );

// The first answer can be slow on a busy machine: the rest of each test waits on it.
const history = () =>
	screen.findByRole( 'table', { name: 'History' }, { timeout: 5000 } );

describe( 'experience points', () => {
	it( 'shows points, date, activity name, campaign code and the reason without backslash escapes', async () => {
		serve( {
			table: {
				results: [
					entry( 1, {
						amount: 250,
						date: '2025-03-04T23:30:00.000Z',
						activity: { id: 2 },
						campaign: { id: 12, title: 'Smart TV' },
						note: 'Bug \\"login\\" approved \\\\ thanks',
					} ),
					entry( 2, {
						amount: -20,
						activity: { id: 9 },
						campaign: null,
						note: 'Correction',
					} ),
					entry( 3, {
						activity: { id: 5 },
						campaign: { id: 0, title: 'Referral' },
					} ),
				],
				total: 3,
			},
		} );

		const { container } = await renderWithProviders( <Experience /> );

		const table = await history();
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Points', 'Date', 'Activity', 'Campaign', 'Reason' ] );
		const rows = within( table )
			.getAllByRole( 'row' )
			.slice( 1 )
			.map( ( row ) =>
				within( row )
					.getAllByRole( 'cell' )
					.map( ( cell ) => cell.textContent )
			);
		expect( rows ).toEqual( [
			[
				'+250',
				'04/03/2025',
				'Bug Evaluation',
				'CP12',
				'Bug "login" approved \\ thanks',
			],
			[ '-20', '01/06/2025', 'Other', '-', 'Correction' ],
			[ '+10', '01/06/2025', 'Referral', '-', 'Entry 3' ],
		] );
		expect( lastTableRequest() ).toEqual( {
			start: '0',
			limit: '25',
			order: 'DESC',
			orderBy: 'date',
		} );
		// The selects' options have arrived: nothing changes under axe.
		await within(
			screen.getByRole( 'combobox', { name: 'Campaign' } )
		).findByRole( 'option', { name: 'CP40' } );
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'sorts by points and by date from their headers, back on page 1', async () => {
		serve( { table: { results: [ entry( 1 ) ], total: 80 } } );
		await renderWithProviders( <Experience /> );
		await history();

		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () => expect( lastTableRequest().start ).toBe( '25' ) );

		fireEvent.click( screen.getByRole( 'button', { name: 'Points' } ) );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				orderBy: 'amount',
				order: 'ASC',
				start: '0',
			} )
		);
		expect(
			screen.getByRole( 'button', { name: 'Points' } ).closest( 'th' )
		).toHaveAttribute( 'aria-sort', 'ascending' );

		fireEvent.click( screen.getByRole( 'button', { name: 'Points' } ) );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				orderBy: 'amount',
				order: 'DESC',
			} )
		);

		fireEvent.click( screen.getByRole( 'button', { name: 'Date' } ) );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				orderBy: 'date',
				order: 'ASC',
			} )
		);
		// Activity, Campaign and Reason do not sort.
		expect(
			within( await history() ).queryByRole( 'button', {
				name: 'Reason',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'offers every campaign, activity and day of the history in the selects, asked once', async () => {
		serve( {
			filters: {
				campaigns: [ 40, 3 ],
				activities: [ 1, 4, 9 ],
				dates: [ '2025-05-12', '2025-05-10', '2025-01-11' ],
			},
		} );
		await renderWithProviders( <Experience /> );
		await history();

		const options = ( label: string ) =>
			within( screen.getByRole( 'combobox', { name: label } ) )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent );
		await waitFor( () =>
			expect( options( 'Campaign' ) ).toEqual( [ 'All', 'CP40', 'CP3' ] )
		);
		expect( options( 'Activity' ) ).toEqual( [
			'All',
			'Campaign Completion',
			'Extra Award',
			'Other',
		] );
		expect( options( 'Date' ) ).toEqual( [
			'All',
			'12/05/2025',
			'10/05/2025',
			'11/01/2025',
		] );
		// One read for the options, however long the history; the list is asked only for the table's page.
		expect(
			api.requestsTo( 'GET /users/me/experience/filters' )
		).toHaveLength( 1 );
		expect( tableRequests().map( ( query ) => query.limit ) ).toEqual( [
			String( PAGE_SIZE ),
		] );
	} );

	it( 'goes back to page 1 when a select changes, filtering by its value', async () => {
		serve( {
			table: { results: [ entry( 1 ) ], total: 80 },
			filters: {
				campaigns: [ 7 ],
				activities: [ 3 ],
				dates: [ '2025-06-01' ],
			},
		} );
		await renderWithProviders( <Experience /> );
		await history();
		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () => expect( lastTableRequest().start ).toBe( '25' ) );

		const campaign = screen.getByRole( 'combobox', { name: 'Campaign' } );
		await within( campaign ).findByRole( 'option', { name: 'CP7' } );
		fireEvent.change( campaign, { target: { value: '7' } } );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				start: '0',
				'filterBy[campaign]': '7',
			} )
		);

		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () => expect( lastTableRequest().start ).toBe( '25' ) );
		fireEvent.change(
			screen.getByRole( 'combobox', { name: 'Activity' } ),
			{
				target: { value: '3' },
			}
		);
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				start: '0',
				'filterBy[campaign]': '7',
				'filterBy[activity]': '3',
			} )
		);

		fireEvent.change( screen.getByRole( 'combobox', { name: 'Date' } ), {
			target: { value: '2025-06-01' },
		} );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				'filterBy[date]': '2025-06-01',
			} )
		);
	} );

	it( `searches by reason ${ SEARCH_DELAY_MS } ms after the last keystroke, back on page 1`, async () => {
		serve( { table: { results: [ entry( 1 ) ], total: 80 } } );
		await renderWithProviders( <Experience /> );
		await history();
		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () => expect( lastTableRequest().start ).toBe( '25' ) );
		const asked = tableRequests().length;

		jest.useFakeTimers();
		const search = screen.getByRole( 'searchbox', {
			name: 'Search by reason',
		} );
		fireEvent.change( search, { target: { value: '50% "bonus"' } } );
		act( () => {
			jest.advanceTimersByTime( SEARCH_DELAY_MS - 100 );
		} );
		fireEvent.change( search, { target: { value: '50% "bonus" ü' } } );
		act( () => {
			jest.advanceTimersByTime( SEARCH_DELAY_MS - 1 );
		} );
		expect( tableRequests() ).toHaveLength( asked );

		act( () => {
			jest.advanceTimersByTime( 1 );
		} );
		jest.useRealTimers();
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				search: '50% "bonus" ü',
				searchBy: 'note',
				start: '0',
			} )
		);
		// One request for the search, none for each keystroke nor for the old page.
		expect( tableRequests() ).toHaveLength( asked + 1 );
	} );

	it( 'shows an empty table when the list fails', async () => {
		serve();
		api.on(
			'GET /users/me/experience',
			apiError( 500, 'Database down' )
		).on(
			'GET /users/me/experience/filters',
			apiError( 500, 'Database down' )
		);
		await renderWithProviders( <Experience /> );

		expect(
			await screen.findByText( 'No experience points to show.' )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		// The filters stay usable, with their "All" choice.
		expect(
			within(
				screen.getByRole( 'combobox', { name: 'Campaign' } )
			).getAllByRole( 'option' )
		).toHaveLength( 1 );
	} );

	it( 'links "Learn More" to the page about experience points in the page language', async () => {
		serve();
		await renderWithProviders( <Experience />, {
			config: { locale: 'it' },
		} );

		expect(
			await screen.findByRole( 'heading', {
				name: 'Come funzionano i punti esperienza?',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Scopri di più' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/it/discover-experience-points/'
		);
	} );

	it( 'shows the login card to a visitor', async () => {
		api.acceptOnly( 'token-1' );
		await renderWithProviders( <Experience />, {
			config: { token: null },
		} );
		expect(
			await screen.findByRole( 'button', { name: /log in/i } )
		).toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me/experience' ) ).toHaveLength(
			0
		);
	} );
} );
