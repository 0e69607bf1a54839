import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { api } from '../../../services/api';
import {
	FakeApi,
	apiError,
	deferred,
	type FakeAnswer,
	type RecordedRequest,
} from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import {
	DataTable,
	useTableState,
	type DataTableColumn,
	type TablePage,
} from '..';

interface Bug {
	id: number;
	title: string;
	severity: string;
}

type BugSort = 'id' | 'severity';

// A type alias, not an interface, so that it fits the base query's `params` record.
type BugQuery = {
	orderBy: BugSort;
	order: 'ASC' | 'DESC';
	start: number;
	limit: number;
};

// A list endpoint of the same shape as the API's, so the table runs against a real RTK Query cache.
const bugsApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listTestBugs: build.query< TablePage< Bug >, BugQuery >( {
			query: ( params ) => ( { url: '/test-bugs', params } ),
		} ),
	} ),
} );

const COLUMNS: ReadonlyArray< DataTableColumn< Bug, BugSort > > = [
	{ id: 'id', header: 'Id', sortKey: 'id', cell: ( bug ) => bug.id },
	{
		id: 'title',
		header: 'Title',
		rowHeader: true,
		cell: ( bug ) => bug.title,
	},
	{
		id: 'severity',
		header: 'Severity',
		sortKey: 'severity',
		cell: ( bug ) => bug.severity,
	},
	{
		id: 'action',
		header: 'Action',
		cell: ( bug, { rowHeaderId } ) => (
			<a href={ `/bugs/${ bug.id }` } aria-describedby={ rowHeaderId }>
				View more
			</a>
		),
	},
];

function BugTable( {
	pageSize = 2,
	loadingLabel,
}: {
	pageSize?: number;
	loadingLabel?: string;
} ) {
	const { sort, sortBy, page, setPage } = useTableState< BugSort >( {
		orderBy: 'id',
		order: 'DESC',
	} );
	const query = bugsApi.useListTestBugsQuery( {
		orderBy: sort.orderBy,
		order: sort.order,
		start: pageSize * ( page - 1 ),
		limit: pageSize,
	} );
	return (
		<DataTable
			caption="Uploaded bugs"
			columns={ COLUMNS }
			query={ query }
			rowKey={ ( bug ) => bug.id }
			emptyText="You have not uploaded any bugs yet."
			loadingLabel={ loadingLabel }
			sort={ sort }
			onSort={ sortBy }
			paging={ { page, pageSize, onChange: setPage } }
		/>
	);
}

const bug = ( id: number ): Bug => ( {
	id,
	title: `Bug ${ id }`,
	severity: 'High',
} );

/**
 * `total` bugs served `limit` at a time from the request's `start`.
 *
 * @param total How many bugs match.
 */
const bugs =
	( total: number ) =>
	( request: RecordedRequest ): FakeAnswer => {
		const start = Number( request.url.searchParams.get( 'start' ) );
		const limit = Number( request.url.searchParams.get( 'limit' ) );
		const ids = Array.from(
			{ length: Math.max( 0, Math.min( limit, total - start ) ) },
			( _, index ) => start + index + 1
		);
		return { status: 200, body: { results: ids.map( bug ), total } };
	};

const config = testConfig();
let fake: FakeApi;

beforeEach( () => {
	fake = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

const lastQuery = () => {
	const requests = fake.requestsTo( 'GET /test-bugs' );
	return Object.fromEntries(
		requests[ requests.length - 1 ].url.searchParams
	);
};

const header = ( name: string ) => screen.getByRole( 'columnheader', { name } );

describe( 'DataTable', () => {
	it( 'shows the rows under their column headers, named by the caption, each row named by its header cell', async () => {
		fake.on( 'GET /test-bugs', bugs( 2 ) );

		await renderWithProviders( <BugTable /> );

		const table = await screen.findByRole( 'table', {
			name: 'Uploaded bugs',
		} );
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Id', 'Title', 'Severity', 'Action' ] );
		const row = within( table )
			.getByRole( 'rowheader', { name: 'Bug 1' } )
			.closest( 'tr' ) as HTMLElement;
		expect(
			within( row )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ '1', 'High', 'View more' ] );
		// The same link in every row says which bug it is for.
		expect(
			within( row ).getByRole( 'link', { name: 'View more' } )
		).toHaveAccessibleDescription( 'Bug 1' );
		// Scrollable by keyboard on narrow screens.
		expect(
			screen.getByRole( 'region', { name: 'Uploaded bugs' } )
		).toHaveAttribute( 'tabindex', '0' );
	} );

	it( 'makes sortable headers buttons, marks the sorted one and toggles its order', async () => {
		fake.on( 'GET /test-bugs', bugs( 5 ) );

		await renderWithProviders( <BugTable /> );

		await screen.findByRole( 'table' );
		expect( header( 'Id' ) ).toHaveAttribute( 'aria-sort', 'descending' );
		expect( header( 'Severity' ) ).not.toHaveAttribute( 'aria-sort' );
		expect(
			within( header( 'Id' ) ).getByRole( 'button', { name: 'Id' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Title' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Action' } )
		).not.toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Id' } ) );

		expect( header( 'Id' ) ).toHaveAttribute( 'aria-sort', 'ascending' );
		await waitFor( () =>
			expect( lastQuery() ).toMatchObject( {
				orderBy: 'id',
				order: 'ASC',
			} )
		);

		fireEvent.click( screen.getByRole( 'button', { name: 'Severity' } ) );

		expect( header( 'Severity' ) ).toHaveAttribute(
			'aria-sort',
			'ascending'
		);
		expect( header( 'Id' ) ).not.toHaveAttribute( 'aria-sort' );
		await waitFor( () =>
			expect( lastQuery() ).toMatchObject( {
				orderBy: 'severity',
				order: 'ASC',
			} )
		);

		fireEvent.click( screen.getByRole( 'button', { name: 'Severity' } ) );

		expect( header( 'Severity' ) ).toHaveAttribute(
			'aria-sort',
			'descending'
		);
	} );

	it( 'pages with Previous and Next around "Page x / y", and a new order starts from page 1', async () => {
		fake.on( 'GET /test-bugs', bugs( 5 ) );

		await renderWithProviders( <BugTable /> );

		const nav = await screen.findByRole( 'navigation', {
			name: 'Pages of Uploaded bugs',
		} );
		const previous = within( nav ).getByRole( 'button', {
			name: 'Previous page',
		} );
		const next = within( nav ).getByRole( 'button', { name: 'Next page' } );
		expect( nav ).toHaveTextContent( 'Page 1 / 3' );
		expect( previous ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( next ).not.toHaveAttribute( 'aria-disabled' );

		fireEvent.click( next );
		expect(
			await screen.findByRole( 'rowheader', { name: 'Bug 3' } )
		).toBeInTheDocument();
		expect( nav ).toHaveTextContent( 'Page 2 / 3' );
		expect( lastQuery() ).toMatchObject( { start: '2', limit: '2' } );

		fireEvent.click( next );
		expect(
			await screen.findByRole( 'rowheader', { name: 'Bug 5' } )
		).toBeInTheDocument();
		expect( nav ).toHaveTextContent( 'Page 3 / 3' );
		expect( screen.getAllByRole( 'rowheader' ) ).toHaveLength( 1 );
		expect( next ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( previous ).not.toHaveAttribute( 'aria-disabled' );

		// The last page's Next does nothing, and keeps focus.
		next.focus();
		fireEvent.click( next );
		expect( next ).toHaveFocus();
		expect( nav ).toHaveTextContent( 'Page 3 / 3' );

		fireEvent.click( screen.getByRole( 'button', { name: 'Severity' } ) );
		expect( nav ).toHaveTextContent( 'Page 1 / 3' );
		await waitFor( () =>
			expect( lastQuery() ).toMatchObject( {
				orderBy: 'severity',
				start: '0',
			} )
		);
	} );

	it( 'shows no pagination when everything fits on one page', async () => {
		fake.on( 'GET /test-bugs', bugs( 2 ) );

		await renderWithProviders( <BugTable /> );

		expect(
			await screen.findByRole( 'rowheader', { name: 'Bug 2' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
	} );

	it( 'keeps the page on screen, marked busy, while the next one loads', async () => {
		const release = deferred< void >();
		fake.on( 'GET /test-bugs', bugs( 5 ) ).hold(
			( request ) => request.url.searchParams.get( 'start' ) === '2',
			release.promise
		);

		await renderWithProviders( <BugTable /> );

		const table = await screen.findByRole( 'table' );
		expect( table ).not.toHaveAttribute( 'aria-busy' );

		fireEvent.click( screen.getByRole( 'button', { name: 'Next page' } ) );

		await waitFor( () => expect( lastQuery().start ).toBe( '2' ) );
		expect( table ).toHaveAttribute( 'aria-busy', 'true' );
		expect(
			screen.getByRole( 'rowheader', { name: 'Bug 1' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();

		release.resolve();

		expect(
			await screen.findByRole( 'rowheader', { name: 'Bug 3' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'rowheader', { name: 'Bug 1' } )
		).not.toBeInTheDocument();
		expect( table ).not.toHaveAttribute( 'aria-busy' );
	} );

	it( 'announces a spinner until the first answer', async () => {
		const answer = deferred< FakeAnswer >();
		fake.on( 'GET /test-bugs', () => answer.promise );

		await renderWithProviders( <BugTable loadingLabel="Loading bugs…" /> );

		expect(
			screen.getByRole( 'status', { name: 'Loading bugs…' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();

		answer.resolve( bugs( 1 )( fake.requests[ 0 ] ) );

		expect( await screen.findByRole( 'table' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();
	} );

	it( 'says "Loading…" when the page gives no label of its own', async () => {
		fake.on( 'GET /test-bugs', () => deferred< FakeAnswer >().promise );

		await renderWithProviders( <BugTable /> );

		expect(
			screen.getByRole( 'status', { name: 'Loading…' } )
		).toBeInTheDocument();
	} );

	it( "shows the page's text instead of an empty table", async () => {
		fake.on( 'GET /test-bugs', bugs( 0 ) );

		await renderWithProviders( <BugTable /> );

		expect(
			await screen.findByText( 'You have not uploaded any bugs yet.' )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
	} );

	it( 'shows "Something went wrong" with a retry that loads the rows', async () => {
		let calls = 0;
		fake.on( 'GET /test-bugs', ( request ) =>
			++calls === 1
				? apiError( 500, 'Database unavailable' )
				: bugs( 1 )( request )
		);

		await renderWithProviders( <BugTable /> );

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( 'Something went wrong' );
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);

		expect(
			await screen.findByRole( 'rowheader', { name: 'Bug 1' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );

	it( 'goes back to the last page when the rows shrink under the current one', async () => {
		const onChange = jest.fn();
		const page: TablePage< Bug > = { results: [], total: 3 };

		await renderWithProviders(
			<DataTable
				caption="Uploaded bugs"
				columns={ COLUMNS }
				query={ {
					data: page,
					currentData: page,
					isFetching: false,
					isError: false,
					refetch: jest.fn(),
				} }
				rowKey={ ( row ) => row.id }
				emptyText="None"
				paging={ { page: 3, pageSize: 2, onChange } }
			/>
		);

		expect( onChange ).toHaveBeenCalledWith( 2 );
		expect( screen.getByRole( 'navigation' ) ).toHaveTextContent(
			'Page 2 / 2'
		);
	} );

	it( 'speaks the page language', async () => {
		fake.on( 'GET /test-bugs', bugs( 5 ) );

		await renderWithProviders( <BugTable />, {
			config: { locale: 'it' },
		} );

		const nav = await screen.findByRole( 'navigation', {
			name: 'Pagine di Uploaded bugs',
		} );
		expect( nav ).toHaveTextContent( 'Pagina 1 / 3' );
		expect(
			within( nav ).getByRole( 'button', { name: 'Pagina successiva' } )
		).toBeInTheDocument();
	} );
} );
