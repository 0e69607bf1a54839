import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import { apiError } from '../../../test-utils/fake-api';
import {
	ME,
	VERIFIED,
	bootyItem,
	cellsOf,
	click,
	headersOf,
	historyRequests,
	historyTable,
	inDialog,
	pageOf,
	payment,
	paymentItem,
	queryOf,
	renderWallet,
	requestButton,
	serveWallet,
} from './helpers';

const inDialogFind = async ( text: string ) => {
	await screen.findByRole( 'dialog' );
	return inDialog().findByText( text );
};

describe( 'the wallet page', () => {
	it( 'shows the title, the history with status, paid date, amounts, method and receipt, and the help card', async () => {
		serveWallet( {
			history: () =>
				pageOf( [
					payment( 3, {
						status: 'processing',
						paidDate: null,
						receipt: null,
						method: { type: 'iban', note: '•••• 1234' },
						amount: { gross: { value: 20, currency: 'EUR' } },
					} ),
					payment( 2 ),
					payment( 1, { receipt: null } ),
				] ),
		} );
		const { container } = await renderWallet();
		const table = await historyTable();

		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Wallet' } )
		).toBeInTheDocument();
		expect( headersOf( table ) ).toEqual( [
			'Status',
			'Paid on',
			'Gross',
			'Net',
			'Method',
			'Receipt',
			'Details',
		] );
		const rows = within( table ).getAllByRole( 'row' ).slice( 1 );
		expect( cellsOf( rows[ 0 ] ) ).toEqual( [
			'Processing',
			'-',
			'-',
			'Bank transfer•••• 1234',
			'Receipt',
			'View details',
		] );
		expect(
			within( rows[ 0 ] ).getByRole( 'rowheader' )
		).toHaveTextContent( '€20.00' );
		expect( cellsOf( rows[ 1 ] ) ).toEqual( [
			'Paid',
			'15/03/2024',
			'€40.00',
			'PayPald***@example.com',
			'Receipt (opens in a new tab)',
			'View details',
		] );

		// Spec section 4: the receipt link works only for a paid request with a receipt.
		const links = within( table ).getAllByRole( 'link', {
			name: /Receipt/,
		} );
		expect( links[ 0 ] ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( links[ 0 ] ).not.toHaveAttribute( 'href' );
		expect( links[ 1 ] ).toHaveAttribute(
			'href',
			'https://files.test/receipt-2.pdf'
		);
		expect( links[ 1 ] ).toHaveAttribute( 'target', '_blank' );
		expect( links[ 1 ] ).toHaveAttribute( 'rel', 'noopener noreferrer' );
		expect( links[ 2 ] ).toHaveAttribute( 'aria-disabled', 'true' );

		expect(
			screen.getByRole( 'link', { name: 'Payment conditions' } )
		).toHaveAttribute( 'href', 'http://scouts.test/payment_conditions/' );
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'asks 10 a page by paid date descending, sorts by gross and net, and pages', async () => {
		const api = serveWallet( {
			history: ( request ) => {
				const start = Number( request.url.searchParams.get( 'start' ) );
				return pageOf(
					[ payment( 100 - start ) ],
					25,
					start,
					Number( request.url.searchParams.get( 'limit' ) )
				);
			},
		} );
		await renderWallet();
		await historyTable();
		expect( historyRequests( api )[ 0 ] ).toEqual( {
			start: '0',
			limit: '10',
			order: 'DESC',
			orderBy: 'paidDate',
		} );

		click( 'Gross' );
		await waitFor( () =>
			expect( historyRequests( api ).at( -1 ) ).toEqual( {
				start: '0',
				limit: '10',
				order: 'ASC',
				orderBy: 'gross',
			} )
		);
		click( 'Net' );
		await waitFor( () =>
			expect( historyRequests( api ).at( -1 ) ).toMatchObject( {
				orderBy: 'net',
				order: 'ASC',
			} )
		);
		click( 'Net' );
		await waitFor( () =>
			expect( historyRequests( api ).at( -1 ) ).toMatchObject( {
				orderBy: 'net',
				order: 'DESC',
			} )
		);

		expect( screen.getByText( 'Page 1 / 3' ) ).toBeInTheDocument();
		click( 'Next page' );
		expect( await screen.findByText( 'Page 2 / 3' ) ).toBeInTheDocument();
		expect( historyRequests( api ).at( -1 ) ).toMatchObject( {
			start: '10',
		} );
	} );

	it( 'says when there is no request yet, and offers a retry when the history fails', async () => {
		let fail = true;
		serveWallet( {
			history: () => ( fail ? apiError( 500, 'Resting' ) : pageOf( [] ) ),
		} );
		await renderWallet();
		expect(
			await screen.findByText( 'Something went wrong', undefined, {
				timeout: 5000,
			} )
		).toBeInTheDocument();
		fail = false;
		click( 'Try again' );
		expect(
			await screen.findByText( 'You have not requested any payment yet.' )
		).toBeInTheDocument();
	} );

	it( 'shows the pending booty as net with the gross in brackets, or the gross alone', async () => {
		serveWallet();
		await renderWallet();
		expect( await screen.findByText( '€100.40 (€125.50)' ) ).toBeVisible();
	} );

	it( 'shows the gross alone when the net is unknown, in the currency of the amount', async () => {
		serveWallet( {
			booty: { gross: { value: 7, currency: 'GBP' } },
		} );
		await renderWallet( 'it' );
		expect( await screen.findByText( '£7,00' ) ).toBeVisible();
	} );

	it( 'enables the request when the profile is verified, the booty over the threshold and nothing processing', async () => {
		serveWallet();
		await renderWallet();
		await historyTable();
		await waitFor( () =>
			expect( requestButton() ).not.toHaveAttribute( 'aria-disabled' )
		);
		expect( requestButton() ).not.toHaveAccessibleDescription();
	} );

	it( 'disables the request without a verified fiscal profile, with a link to the fiscal tab in the page language', async () => {
		serveWallet( { fiscal: { ...VERIFIED, fiscalStatus: 'Unverified' } } );
		await renderWallet( 'it' );
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Richiedi pagamento' } )
			).toHaveAccessibleDescription(
				'Per richiedere un pagamento ti serve un profilo fiscale verificato. Completa il tuo profilo fiscale'
			)
		);
		const button = screen.getByRole( 'button', {
			name: 'Richiedi pagamento',
		} );
		expect( button ).toHaveAttribute( 'aria-disabled', 'true' );
		expect(
			screen.getByRole( 'link', {
				name: 'Completa il tuo profilo fiscale',
			} )
		).toHaveAttribute(
			'href',
			'http://scouts.test/it/my-account/?tab=fiscal'
		);
		fireEvent.click( button );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'disables the request without any fiscal profile', async () => {
		serveWallet( { fiscal: null } );
		await renderWallet();
		await waitFor( () =>
			expect( requestButton() ).toHaveAccessibleDescription(
				/You need a verified fiscal profile/
			)
		);
	} );

	it( 'disables the request under the threshold, naming it', async () => {
		serveWallet( {
			me: { ...ME, booty_threshold: { value: 25, isOver: false } },
		} );
		await renderWallet();
		await waitFor( () =>
			expect( requestButton() ).toHaveAccessibleDescription(
				'You can request a payment when your booty reaches €25.00.'
			)
		);
		expect( requestButton() ).toHaveAttribute( 'aria-disabled', 'true' );
	} );

	it( 'disables the request while one is processing', async () => {
		serveWallet( {
			history: () =>
				pageOf( [
					payment( 4, { status: 'processing', paidDate: null } ),
				] ),
		} );
		await renderWallet();
		await waitFor( () =>
			expect( requestButton() ).toHaveAccessibleDescription(
				'A payment request is being processed: you can request a new one once it is paid.'
			)
		);
	} );
} );

describe( 'the payment details', () => {
	it( 'open from a row or its button, with the items sortable by activity, type, date and gross', async () => {
		const api = serveWallet( {
			history: () => pageOf( [ payment( 2 ) ] ),
		} ).on( 'GET /users/me/payments/2', ( request ) =>
			pageOf(
				[
					paymentItem( 1 ),
					paymentItem( 2, { type: { id: 4 }, activity: 'Bonus' } ),
				],
				2,
				Number( request.url.searchParams.get( 'start' ) ),
				10
			)
		);
		await renderWallet();
		const table = await historyTable();

		fireEvent.click( within( table ).getByText( '15/03/2024' ) );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Payment details',
		} );
		const items = await within( dialog ).findByRole( 'table', {
			name: 'Payment details',
		} );
		expect( headersOf( items ) ).toEqual( [
			'Activity',
			'Type',
			'Date',
			'Gross',
		] );
		const rows = within( items ).getAllByRole( 'row' ).slice( 1 );
		expect(
			within( rows[ 1 ] )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Extra Award', '01/02/2024', '€12.50' ] );
		expect( dialog ).toHaveAccessibleDescription(
			'Paid · 15/03/2024 · €40.00 (€50.00) · PayPal d***@example.com'
		);
		const itemRequests = () =>
			api.requestsTo( 'GET /users/me/payments/2' ).map( queryOf );
		expect( itemRequests()[ 0 ] ).toEqual( {
			start: '0',
			limit: '10',
			order: 'DESC',
			orderBy: 'date',
		} );
		for ( const [ header, orderBy ] of [
			[ 'Activity', 'activity' ],
			[ 'Type', 'type' ],
			[ 'Gross', 'gross' ],
		] ) {
			fireEvent.click(
				within( items ).getByRole( 'button', { name: header } )
			);
			await waitFor( () =>
				expect( itemRequests().at( -1 ) ).toMatchObject( {
					orderBy,
					order: 'ASC',
				} )
			);
		}

		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Close' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		fireEvent.click(
			within( table ).getByRole( 'button', { name: 'View details' } )
		);
		expect(
			await screen.findByRole( 'dialog', { name: 'Payment details' } )
		).toBeInTheDocument();
	} );

	it( 'does not open from the receipt link', async () => {
		serveWallet();
		await renderWallet();
		const table = await historyTable();
		fireEvent.click(
			within( table ).getByRole( 'link', { name: /Receipt/ } )
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );
} );

describe( 'the booty details', () => {
	it( 'list the pending entries, sortable by name, activity, date and gross', async () => {
		const api = serveWallet().on(
			'GET /users/me/pending_booty/details',
			pageOf( [
				bootyItem( 1 ),
				bootyItem( 2, { activity: { id: 5 }, name: 'Referral bonus' } ),
			] )
		);
		await renderWallet();
		await historyTable();
		click( 'See booty details' );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Booty details',
		} );
		const table = await within( dialog ).findByRole( 'table' );
		expect( headersOf( table ) ).toEqual( [
			'Name',
			'Activity',
			'Date',
			'Gross',
		] );
		const row = within( table )
			.getByRole( 'rowheader', { name: 'Referral bonus' } )
			.closest( 'tr' )!;
		expect( cellsOf( row ) ).toEqual( [
			'Referral',
			'02/05/2024',
			'€10.00',
		] );
		const requests = () =>
			api
				.requestsTo( 'GET /users/me/pending_booty/details' )
				.map( queryOf );
		expect( requests()[ 0 ] ).toEqual( {
			start: '0',
			limit: '10',
			order: 'DESC',
			orderBy: 'attributionDate',
		} );
		for ( const [ header, orderBy ] of [
			[ 'Name', 'activityName' ],
			[ 'Activity', 'activity' ],
			[ 'Gross', 'gross' ],
		] ) {
			fireEvent.click(
				within( table ).getByRole( 'button', { name: header } )
			);
			await waitFor( () =>
				expect( requests().at( -1 ) ).toMatchObject( {
					orderBy,
					order: 'ASC',
				} )
			);
		}
		fireEvent.click(
			within( table ).getByRole( 'button', { name: 'Date' } )
		);
		await waitFor( () =>
			expect( requests().at( -1 ) ).toMatchObject( {
				orderBy: 'attributionDate',
				order: 'ASC',
			} )
		);
	} );

	it( 'go back one page on a 404', async () => {
		let missingFrom = Infinity;
		const api = serveWallet().on(
			'GET /users/me/pending_booty/details',
			( request ) => {
				const start = Number( request.url.searchParams.get( 'start' ) );
				return start >= missingFrom
					? apiError( 404, 'Not found' )
					: pageOf( [ bootyItem( start + 1 ) ], 15, start, 10 );
			}
		);
		const { store } = await renderWallet();
		await historyTable();
		click( 'See booty details' );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Booty details',
		} );
		await within( dialog ).findByText( 'Page 1 / 2' );
		missingFrom = 10;
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Next page' } )
		);
		await waitFor( () =>
			expect(
				api
					.requestsTo( 'GET /users/me/pending_booty/details' )
					.map( ( request ) =>
						request.url.searchParams.get( 'start' )
					)
			).toEqual( [ '0', '10' ] )
		);
		// Page 1 is still known: back there, without a toast.
		expect(
			await within( dialog ).findByText( 'Page 1 / 2' )
		).toBeInTheDocument();
		expect(
			within( dialog ).getByRole( 'rowheader', { name: 'Campaign 1' } )
		).toBeInTheDocument();
		expect( store.getState().toasts ).toEqual( [] );
	} );

	it( 'show no entries on a 404 of the first page, without a toast', async () => {
		serveWallet().on(
			'GET /users/me/pending_booty/details',
			apiError( 404, 'Not found' )
		);
		const { store } = await renderWallet();
		await historyTable();
		click( 'See booty details' );
		expect(
			await inDialogFind( 'You have no pending booty.' )
		).toBeInTheDocument();
		expect( store.getState().toasts ).toEqual( [] );
	} );

	it( 'show no entries and a danger toast with the message on another error', async () => {
		serveWallet().on(
			'GET /users/me/pending_booty/details',
			apiError( 500, 'The ledger is closed' )
		);
		const { store } = await renderWallet();
		await historyTable();
		click( 'See booty details' );
		expect(
			await inDialogFind( 'You have no pending booty.' )
		).toBeInTheDocument();
		await waitFor( () =>
			expect( store.getState().toasts ).toEqual( [
				expect.objectContaining( {
					kind: 'danger',
					message: 'The ledger is closed',
				} ),
			] )
		);
		expect( screen.getByText( 'The ledger is closed' ) ).toBeVisible();
	} );
} );

describe( 'the bug details help', () => {
	it( 'explains how bugs earn booty, and gives focus back when it closes', async () => {
		serveWallet();
		await renderWallet();
		await historyTable();
		const opener = screen.getByRole( 'button', {
			name: 'How is the booty of bugs computed?',
		} );
		opener.focus();
		fireEvent.click( opener );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'How bug booty is computed',
		} );
		expect( dialog ).toHaveTextContent( /severity/ );
		fireEvent.click(
			within( dialog )
				.getAllByRole( 'button', { name: 'Close' } )
				.at( -1 )!
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		expect( opener ).toHaveFocus();
	} );
} );
