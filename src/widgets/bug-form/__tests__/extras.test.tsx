import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import type { SimilarBug } from '../../../services/contract';
import {
	FakeUpload,
	installFakeUpload,
	restoreXhr,
} from '../../../test-utils/fake-upload';
import { STEPS_TEMPLATE } from '../values';
import {
	BASE,
	bugFormApi,
	config,
	field,
	fillValidBug,
	renderLoadedForm,
	select,
	submit,
	type,
} from './helpers';

/** Dana (id 17) in CP12. */
const DRAFT_KEY = 'crowdscout.bugForm.draft.17.12';

beforeEach( () => {
	window.localStorage.clear();
	window.scrollTo = jest.fn();
	installFakeUpload( config.apiBase );
} );

afterEach( () => restoreXhr() );

const storedDraft = () => {
	const text = window.localStorage.getItem( DRAFT_KEY );
	return text ? JSON.parse( text ) : null;
};

describe( 'drafts', () => {
	it( 'keeps the form as the tester types, uploaded files included, and offers it back', async () => {
		bugFormApi();
		const first = await renderLoadedForm();
		type( field( 'Title' ), '[Login] - Crash' );
		type( field( 'Expected result' ), 'It logs in' );
		fireEvent.change( document.querySelector( 'input[type="file"]' )!, {
			target: {
				files: [ new File( [ 'p' ], 'a.png', { type: 'image/png' } ) ],
			},
		} );
		const url = '/api/media/k-a?expires=1&signature=s';
		await FakeUpload.sent[ 0 ].respond< 'POST /users/me/campaigns/12/media' >(
			{ status: 201, body: { url, name: 'a.png', mimeType: 'image/png' } }
		);
		await waitFor( () =>
			expect( storedDraft()?.media ).toEqual( [
				{ url, name: 'a.png', mimeType: 'image/png' },
			] )
		);
		expect( storedDraft().values ).toMatchObject( {
			title: '[Login] - Crash',
			expected: 'It logs in',
		} );
		first.unmount();

		// A reload: the draft is offered, not applied.
		bugFormApi();
		await renderLoadedForm();
		const offer = screen.getByRole( 'region', { name: 'Unsent draft' } );
		expect( field( 'Title' ).value ).toBe( '' );
		fireEvent.click(
			within( offer ).getByRole( 'button', { name: 'Restore draft' } )
		);
		expect( field( 'Title' ).value ).toBe( '[Login] - Crash' );
		expect( field( 'Expected result' ).value ).toBe( 'It logs in' );
		expect( field( 'Steps to reproduce' ).value ).toBe( STEPS_TEMPLATE );
		expect(
			screen
				.getByText( 'a.png', {
					selector: 'span[class*="__file-name"]',
				} )
				.closest( 'li' )
		).toHaveAttribute( 'data-upload-status', 'success' );
		expect(
			screen.queryByRole( 'region', { name: 'Unsent draft' } )
		).not.toBeInTheDocument();
	} );

	it( 'discards the draft when asked', async () => {
		window.localStorage.setItem(
			DRAFT_KEY,
			JSON.stringify( {
				values: { title: 'Old title', additional: {} },
				media: [],
				savedAt: '2026-11-28T10:00:00.000Z',
			} )
		);
		bugFormApi();
		await renderLoadedForm();
		fireEvent.click( screen.getByRole( 'button', { name: 'Discard' } ) );
		expect( storedDraft() ).toBeNull();
		expect( field( 'Title' ).value ).toBe( '' );
		expect(
			screen.queryByRole( 'region', { name: 'Unsent draft' } )
		).not.toBeInTheDocument();
	} );

	it( 'clears the draft once the bug is sent', async () => {
		bugFormApi( { minimumMedia: 0 } ).on( `POST ${ BASE }/bugs`, {
			status: 201,
			body: { id: 100, title: 'x', publicToken: 't' },
		} );
		await renderLoadedForm();
		fillValidBug();
		await waitFor( () => expect( storedDraft() ).not.toBeNull() );
		await submit();
		await screen.findByRole( 'link', { name: 'See bug 100' } );
		// The debounced save of the reset form may still run: it must not bring the draft back.
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 700 ) )
		);
		expect( storedDraft() ).toBeNull();
	} );
} );

describe( 'duplicate hint', () => {
	const SIMILAR: SimilarBug[] = [
		{
			id: 40,
			title: 'Login button does nothing',
			status: { id: 3, name: 'Pending' },
			mine: true,
		},
		{
			id: 41,
			title: 'Login is slow',
			status: { id: 2, name: 'Approved' },
			mine: false,
		},
	];

	it( 'searches once the title pauses and links to the tester’s own similar bugs', async () => {
		const fake = bugFormApi( {}, { similar: SIMILAR } );
		await renderLoadedForm();
		type( field( 'Title' ), 'Lo' );
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 600 ) )
		);
		expect( fake.requestsTo( `GET ${ BASE }/bugs/similar` ) ).toHaveLength(
			0
		);
		type( field( 'Title' ), 'Log' );
		type( field( 'Title' ), 'Login' );
		type( field( 'Title' ), 'Login button' );

		const hint = await screen.findByRole( 'region', {
			name: 'Similar bugs already reported',
		} );
		const requests = fake.requestsTo( `GET ${ BASE }/bugs/similar` );
		expect( requests ).toHaveLength( 1 );
		expect( requests[ 0 ].url.searchParams.get( 'title' ) ).toBe(
			'Login button'
		);
		expect(
			within( hint ).getByRole( 'link', {
				name: 'Login button does nothing',
			} )
		).toHaveAttribute( 'href', 'http://scouts.test/bugs/show/40/' );
		expect( within( hint ).getByText( 'Login is slow' ).tagName ).toBe(
			'SPAN'
		);
		expect( within( hint ).getAllByRole( 'listitem' ) ).toHaveLength( 2 );
		expect( hint ).toHaveTextContent( '(Approved)' );
	} );
} );

describe( 'payout estimator', () => {
	it( 'shows gross and net for the chosen severity', async () => {
		bugFormApi();
		await renderLoadedForm();
		expect( screen.queryByTestId( 'payout-estimate' ) ).toBeNull();
		type( select( 'Severity' ), 'LOW' );
		expect(
			await screen.findByTestId( 'payout-estimate' )
		).toHaveTextContent(
			'An approved bug of this severity pays €1.25 gross, €1.00 net.'
		);
		type( select( 'Severity' ), 'CRITICAL' );
		expect( screen.getByTestId( 'payout-estimate' ) ).toHaveTextContent(
			'€8.00 gross, €6.40 net'
		);
	} );
} );
