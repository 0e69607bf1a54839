import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { BugItem } from '../../../services/contract';
import { axeViolations } from '../../../test-utils/axe';
import {
	FakeApi,
	apiError,
	type ApiAnswer,
	type RecordedRequest,
} from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import MyBugs from '..';
import { PAGE_SIZE } from '../bug-list';

const config = testConfig();
let api: FakeApi;

function bug( id: number, overrides: Partial< BugItem > = {} ) {
	return {
		id,
		title: `Bug ${ id }`,
		severity: { id: 2, name: 'MEDIUM' },
		status: { id: 3, name: 'Pending' },
		campaign: { id: 7, name: 'Smart TV app' },
		...overrides,
	} satisfies BugItem;
}

type PageAnswer = ApiAnswer< 'listMyBugs' >;

const pageOf = (
	results: BugItem[],
	total = results.length,
	start = 0,
	limit = PAGE_SIZE
): PageAnswer => ( {
	status: 200,
	body: { results, start, limit, size: results.length, total },
} );

function queryOf( request: RecordedRequest ) {
	const query = Object.fromEntries( request.url.searchParams );
	delete query._locale;
	return query;
}

const isTable = ( request: RecordedRequest ) =>
	request.url.searchParams.get( 'limit' ) === String( PAGE_SIZE );

const tableRequests = () =>
	api.requestsTo( 'GET /users/me/bugs' ).filter( isTable ).map( queryOf );

const lastTableRequest = () => tableRequests()[ tableRequests().length - 1 ];

/**
 * Serves the bugs list: the table's calls from `table`, the filter options' call (every bug, newest first) from
 * `all`.
 *
 * @param options
 * @param options.table
 * @param options.all
 */
function serve( {
	table = () => pageOf( [ bug( 1 ) ] ),
	all = [ bug( 1 ) ],
}: {
	table?: ( request: RecordedRequest ) => PageAnswer;
	all?: BugItem[];
} = {} ) {
	api.on( 'GET /users/me', { status: 200, body: DANA } ).on(
		'GET /users/me/bugs',
		( request ) => {
			if ( isTable( request ) ) {
				return table( request );
			}
			const start = Number( request.url.searchParams.get( 'start' ) );
			return pageOf(
				all.slice( start, start + 100 ),
				all.length,
				start,
				100
			);
		}
	);
}

const visit = ( path: string ) => window.history.replaceState( {}, '', path );

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	visit( '/my-bugs/' );
} );

// The first answer can be slow on a busy machine: the rest of each test waits on it.
const bugsTable = () =>
	screen.findByRole( 'table', { name: 'Uploaded Bugs' }, { timeout: 5000 } );

const render = ( locale: 'en' | 'it' = 'en' ) =>
	renderWithProviders( <MyBugs />, {
		config: { locale },
	} );

const select = ( name: string ) => screen.getByRole( 'combobox', { name } );

const optionsOf = ( name: string ) =>
	within( select( name ) )
		.getAllByRole( 'option' )
		.map( ( option ) => option.textContent );

describe( 'uploaded bugs', () => {
	it( 'lists id, title, severity, coloured status and a "View more" link to the bug page', async () => {
		serve( {
			table: () =>
				pageOf( [
					bug( 31, {
						title: 'Crash on \\"Pay\\"',
						severity: { id: 4, name: 'CRITICAL' },
						status: { id: 1, name: 'Refused' },
					} ),
					bug( 30, { status: { id: 2, name: 'Approved' } } ),
					bug( 29, { status: { id: 3, name: 'Pending' } } ),
					bug( 28, { status: { id: 4, name: 'Need Review' } } ),
				] ),
		} );
		const { container } = await render();

		const table = await bugsTable();
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Uploaded Bugs' } )
		).toBeInTheDocument();
		// One page still says so.
		expect( screen.getByText( 'Page 1 / 1' ) ).toBeInTheDocument();
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Id', 'Title', 'Severity', 'Status', 'Action' ] );
		const first = within( table )
			.getByRole( 'rowheader', { name: 'Crash on "Pay"' } )
			.closest( 'tr' )!;
		expect(
			[ ...first.children ].map( ( cell ) => cell.textContent )
		).toEqual( [
			'31',
			'Crash on "Pay"',
			'Critical',
			'Refused',
			'View more',
		] );
		const statuses = within( table )
			.getAllByText( /^(Refused|Approved|Pending|Need review)$/ )
			.map( ( badge ) => [ badge.textContent, badge.className ] );
		expect( statuses ).toEqual( [
			[
				'Refused',
				'crowdscout-bug-status crowdscout-bug-status--danger',
			],
			[
				'Approved',
				'crowdscout-bug-status crowdscout-bug-status--success',
			],
			[ 'Pending', 'crowdscout-bug-status crowdscout-bug-status--info' ],
			[
				'Need review',
				'crowdscout-bug-status crowdscout-bug-status--warning',
			],
		] );
		const links = within( table ).getAllByRole( 'link', {
			name: 'View more',
		} );
		expect( links[ 0 ] ).toHaveAttribute(
			'href',
			'http://scouts.test/bugs/show/31/'
		);
		expect( links[ 0 ] ).toHaveAccessibleDescription( 'Crash on "Pay"' );
		expect( lastTableRequest() ).toEqual( {
			start: '0',
			limit: '25',
			orderBy: 'id',
			order: 'DESC',
		} );
		await waitFor( () =>
			expect( optionsOf( 'Campaign' ) ).toEqual( [
				'All',
				'CP7 - Smart TV app',
			] )
		);
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'links to the bug page under the language prefix', async () => {
		serve();
		await render( 'it' );
		const table = await screen.findByRole( 'table', {
			name: 'Bug caricati',
		} );
		expect(
			within( table ).getByRole( 'link', { name: 'Vedi di più' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/bugs/show/1/' );
	} );

	it( 'preselects the campaign and status of the address', async () => {
		visit( '/my-bugs/?cp=12&status=2' );
		serve( {
			all: [
				bug( 9, { campaign: { id: 15, name: 'Newest' } } ),
				bug( 5, { campaign: { id: 12, name: 'Banking' } } ),
				bug( 2, { campaign: { id: 15, name: 'Newest' } } ),
			],
		} );
		await render();
		await bugsTable();

		expect( tableRequests()[ 0 ] ).toMatchObject( {
			'filterBy[campaign]': '12',
			'filterBy[status]': '2',
		} );
		expect( select( 'Status' ) ).toHaveDisplayValue( 'Approved' );
		await waitFor( () =>
			expect( optionsOf( 'Campaign' ) ).toEqual( [
				'All',
				'CP15 - Newest',
				'CP12 - Banking',
			] )
		);
		expect( select( 'Campaign' ) ).toHaveDisplayValue( 'CP12 - Banking' );
		// The options' call: newest first, as the spec says.
		expect(
			queryOf(
				api
					.requestsTo( 'GET /users/me/bugs' )
					.find( ( request ) => ! isTable( request ) )!
			)
		).toMatchObject( { orderBy: 'id', order: 'DESC', limit: '100' } );
	} );

	it( 'ignores an address filter that is no id', async () => {
		visit( '/my-bugs/?cp=abc&status=9' );
		serve();
		await render();
		await bugsTable();
		expect( tableRequests()[ 0 ] ).not.toHaveProperty(
			'filterBy[campaign]'
		);
		expect( tableRequests()[ 0 ] ).not.toHaveProperty( 'filterBy[status]' );
	} );

	it( 'shows "Page x / y" and goes back to page 1 when a filter or the sort changes', async () => {
		serve( {
			table: ( request ) =>
				pageOf(
					[
						bug(
							100 -
								Number(
									request.url.searchParams.get( 'start' )
								)
						),
					],
					60
				),
		} );
		await render();
		await bugsTable();
		expect( screen.getByText( 'Page 1 / 3' ) ).toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		expect( await screen.findByText( 'Page 2 / 3' ) ).toBeInTheDocument();
		expect( lastTableRequest().start ).toBe( '25' );

		fireEvent.change( select( 'Severity' ), { target: { value: '3' } } );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				start: '0',
				'filterBy[severity]': '3',
			} )
		);
		expect( optionsOf( 'Severity' ) ).toEqual( [
			'All',
			'Low',
			'Medium',
			'High',
			'Critical',
		] );

		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () => expect( lastTableRequest().start ).toBe( '25' ) );
		fireEvent.change( select( 'Sort by' ), {
			target: { value: 'severity:DESC' },
		} );
		await waitFor( () =>
			expect( lastTableRequest() ).toMatchObject( {
				start: '0',
				orderBy: 'severity',
				order: 'DESC',
			} )
		);
	} );

	it( 'steps back one page when the list answers 404, and shows no bugs on the first page', async () => {
		let missingFrom = Infinity;
		serve( {
			table: ( request ) => {
				const start = Number( request.url.searchParams.get( 'start' ) );
				return start >= missingFrom
					? apiError( 404, 'No bugs' )
					: pageOf( [ bug( 100 - start ) ], 60, start );
			},
		} );
		const { store } = await render();
		await bugsTable();
		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await screen.findByText( 'Page 2 / 3' );

		// The bugs of the later pages went away meanwhile.
		missingFrom = 25;
		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () =>
			expect( tableRequests().map( ( query ) => query.start ) ).toContain(
				'50'
			)
		);
		expect( await screen.findByText( 'Page 2 / 3' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'rowheader', { name: 'Bug 75' } )
		).toBeInTheDocument();

		missingFrom = 0;
		fireEvent.change( select( 'Status' ), { target: { value: '4' } } );
		expect(
			await screen.findByText( 'No bugs to show.' )
		).toBeInTheDocument();
		expect( store.getState().toasts ).toEqual( [] );
	} );

	it( 'shows a danger toast with the message on another error, and no bugs', async () => {
		serve( { table: () => apiError( 500, 'The database is resting' ) } );
		const { store } = await render();

		expect(
			await screen.findByText( 'No bugs to show.' )
		).toBeInTheDocument();
		await waitFor( () =>
			expect( store.getState().toasts ).toEqual( [
				expect.objectContaining( {
					kind: 'danger',
					message: 'The database is resting',
				} ),
			] )
		);
	} );
} );
