import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { FakeApi } from '../../../test-utils/fake-api';
import { apiError } from '../../../test-utils/fake-api';
import {
	VERIFIED,
	historyTable,
	inDialog,
	pageOf,
	payment,
	renderWallet,
	requestButton,
	serveWallet,
	type Fiscal,
} from './helpers';

const VALID_IBAN = 'IT60 X054 2811 1010 0000 0123 456';
/** The spec's pattern passes, the checksum does not. */
const WRONG_CHECKSUM = 'IT61 X054 2811 1010 0000 0123 456';

let processing = false;

function serve( fiscal: Fiscal = VERIFIED ) {
	processing = false;
	return serveWallet( {
		fiscal,
		history: () =>
			pageOf(
				processing
					? [ payment( 9, { status: 'processing', paidDate: null } ) ]
					: [ payment( 2 ) ]
			),
	} );
}

async function openRequest() {
	await renderWallet();
	await historyTable();
	await waitFor( () =>
		expect( requestButton() ).not.toHaveAttribute( 'aria-disabled' )
	);
	fireEvent.click( requestButton() );
	return screen.findByRole( 'dialog', { name: 'Request payment' } );
}

const button = ( name: string ) => inDialog().getByRole( 'button', { name } );
const next = () => fireEvent.click( button( 'Next' ) );
const field = ( label: string ) =>
	inDialog().getByLabelText( label, { exact: false } ) as HTMLInputElement;
const type = ( label: string, value: string ) =>
	fireEvent.change( field( label ), { target: { value } } );

/** The error a control names in `aria-describedby`. */
function errorOf( element: HTMLElement ) {
	return ( element.getAttribute( 'aria-describedby' ) ?? '' )
		.split( ' ' )
		.map( ( id ) => document.getElementById( id ) )
		.find(
			( node ) => node?.classList.contains( 'crowdscout-field__error' )
		)?.textContent;
}

const step = ( text: string ) =>
	waitFor( () =>
		expect( screen.getByRole( 'dialog' ) ).toHaveAccessibleDescription(
			text
		)
	);

describe( 'the payment request, automatic flow', () => {
	let api: FakeApi;

	beforeEach( () => {
		api = serve();
	} );

	it( 'goes through every step by PayPal, refusing a mismatched confirmation first', async () => {
		api.on( 'POST /users/me/payments', () => {
			processing = true;
			return {
				status: 201,
				body: {
					id: 9,
					status: 'processing',
					amount: {
						gross: { value: 125.5, currency: 'EUR' },
					},
				},
			};
		} );
		const dialog = await openRequest();
		await step( 'Step 1 of 4: Method' );
		expect( dialog ).toHaveTextContent(
			'You are requesting the payment of your whole pending booty: €100.40 (€125.50).'
		);
		expect(
			inDialog().getByRole( 'link', {
				name: /Read the payment conditions/,
			} )
		).toHaveAttribute( 'target', '_blank' );

		// Nothing chosen: both fields refuse, focus on the first.
		next();
		const paypal = inDialog().getByRole( 'radio', { name: 'PayPal' } );
		await waitFor( () => expect( paypal ).toHaveFocus() );
		expect( errorOf( paypal ) ).toBe( 'This is a required field' );
		const terms = inDialog().getByRole( 'checkbox', {
			name: /I accept the payment terms/,
		} );
		expect( errorOf( terms ) ).toBe(
			'you must accept terms and conditions'
		);

		fireEvent.click( paypal );
		next();
		await waitFor( () => expect( terms ).toHaveFocus() );
		fireEvent.click( terms );
		next();
		await step( 'Step 2 of 4: Details' );

		type( 'PayPal account e-mail', 'dana@' );
		type( 'Confirm the PayPal e-mail', 'dana@example.org' );
		next();
		await waitFor( () =>
			expect( field( 'PayPal account e-mail' ) ).toHaveFocus()
		);
		expect( errorOf( field( 'PayPal account e-mail' ) ) ).toBe(
			'Email must be a valid email'
		);
		type( 'PayPal account e-mail', 'dana@example.com' );
		next();
		await waitFor( () =>
			expect( field( 'Confirm the PayPal e-mail' ) ).toHaveFocus()
		);
		expect( errorOf( field( 'Confirm the PayPal e-mail' ) ) ).toBe(
			'email must be the same'
		);
		type( 'Confirm the PayPal e-mail', 'dana@example.com' );
		next();

		await step( 'Step 3 of 4: Confirm' );
		expect( dialog ).toHaveTextContent( 'Amount€100.40 (€125.50)' );
		expect( dialog ).toHaveTextContent( 'MethodPayPal' );
		expect( dialog ).toHaveTextContent(
			'PayPal account e-maildana@example.com'
		);
		expect( dialog ).toHaveTextContent(
			'The payment will arrive within 10 working days.'
		);
		expect( dialog ).not.toHaveTextContent( /invoice/ );

		fireEvent.click( button( 'Send request' ) );
		await step( 'Step 4 of 4: Done' );
		expect( dialog ).toHaveTextContent( 'Your request was received' );
		expect( api.requestsTo( 'POST /users/me/payments' )[ 0 ].body ).toEqual(
			{ method: { type: 'paypal', email: 'dana@example.com' } }
		);

		// Spec section 7: the payments, the pending booty and the threshold are read again.
		fireEvent.click(
			inDialog().getAllByRole( 'button', { name: 'Close' } ).at( -1 )!
		);
		await waitFor( () =>
			expect( requestButton() ).toHaveAccessibleDescription(
				/A payment request is being processed/
			)
		);
		expect( requestButton() ).toHaveFocus();
		expect(
			api.requestsTo( 'GET /users/me/pending_booty' ).length
		).toBeGreaterThan( 1 );
		expect( api.requestsTo( 'GET /users/me' ).length ).toBeGreaterThan( 1 );
	} );

	it( 'keeps what was typed on Back, and starts again once closed', async () => {
		await openRequest();
		fireEvent.click( inDialog().getByRole( 'radio', { name: 'PayPal' } ) );
		fireEvent.click(
			inDialog().getByRole( 'checkbox', { name: /I accept/ } )
		);
		next();
		await step( 'Step 2 of 4: Details' );
		type( 'PayPal account e-mail', 'dana@example.com' );
		fireEvent.click( button( 'Back' ) );
		await step( 'Step 1 of 4: Method' );
		expect(
			inDialog().getByRole( 'radio', { name: 'PayPal' } )
		).toBeChecked();
		next();
		await step( 'Step 2 of 4: Details' );
		expect( field( 'PayPal account e-mail' ) ).toHaveValue(
			'dana@example.com'
		);

		fireEvent.click( button( 'Close' ) );
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		fireEvent.click( requestButton() );
		await screen.findByRole( 'dialog', { name: 'Request payment' } );
		await step( 'Step 1 of 4: Method' );
		expect(
			inDialog().getByRole( 'radio', { name: 'PayPal' } )
		).not.toBeChecked();
	} );

	it( 'shows the spec failure toast and stays on the confirmation when the request fails', async () => {
		api.on( 'POST /users/me/payments', apiError( 500, 'Down' ) );
		await openRequest();
		fireEvent.click(
			inDialog().getByRole( 'radio', { name: 'Bank transfer' } )
		);
		fireEvent.click(
			inDialog().getByRole( 'checkbox', { name: /I accept/ } )
		);
		next();
		await step( 'Step 2 of 4: Details' );
		type( 'Account holder', 'Dana Demo' );
		type( 'IBAN', VALID_IBAN );
		next();
		await step( 'Step 3 of 4: Confirm' );
		fireEvent.click( button( 'Send request' ) );
		expect(
			await screen.findByText(
				'We were not able to receive your data. Maybe it was a connection problem. Please try again now.'
			)
		).toBeInTheDocument();
		expect( api.requestsTo( 'POST /users/me/payments' )[ 0 ].body ).toEqual(
			{
				method: {
					type: 'iban',
					accountHolderName: 'Dana Demo',
					iban: 'IT60X0542811101000000123456',
				},
			}
		);
		await step( 'Step 3 of 4: Confirm' );
	} );

	it( 'says why the API refused the request, instead of blaming the connection', async () => {
		api.on(
			'POST /users/me/payments',
			apiError( 409, 'You already have a payment request in progress' )
		);
		await openRequest();
		fireEvent.click( inDialog().getByRole( 'radio', { name: 'PayPal' } ) );
		fireEvent.click(
			inDialog().getByRole( 'checkbox', { name: /I accept/ } )
		);
		next();
		await step( 'Step 2 of 4: Details' );
		type( 'PayPal account e-mail', 'dana@example.test' );
		type( 'Confirm the PayPal e-mail', 'dana@example.test' );
		next();
		await step( 'Step 3 of 4: Confirm' );
		fireEvent.click( button( 'Send request' ) );
		expect(
			await screen.findByText(
				'You already have a payment request in progress'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByText( /Maybe it was a connection problem/ )
		).not.toBeInTheDocument();
	} );
} );

describe( 'the payment request, manual flow', () => {
	it( 'pays by bank only, refuses a wrong IBAN checksum and bad names, and recaps with the invoice notice', async () => {
		const api = serve( { ...VERIFIED, type: 'vat' } ).on(
			'POST /users/me/payments',
			{
				status: 201,
				body: {
					id: 10,
					status: 'processing',
					amount: { gross: { value: 125.5, currency: 'EUR' } },
				},
			}
		);
		const dialog = await openRequest();
		await step( 'Step 1 of 4: Method' );
		expect( dialog ).toHaveTextContent(
			/Your fiscal type needs an invoice/
		);
		expect( inDialog().queryByRole( 'radio' ) ).not.toBeInTheDocument();
		fireEvent.click(
			inDialog().getByRole( 'checkbox', { name: /I accept/ } )
		);
		next();
		await step( 'Step 2 of 4: Details' );
		expect(
			inDialog().queryByLabelText( /PayPal/ )
		).not.toBeInTheDocument();

		next();
		await waitFor( () =>
			expect( field( 'Account holder' ) ).toHaveFocus()
		);
		expect( errorOf( field( 'Account holder' ) ) ).toBe(
			'This is a required field'
		);
		expect( errorOf( field( 'IBAN' ) ) ).toBe( 'This is a required field' );

		type( 'Account holder', 'Dana' );
		type( 'IBAN', WRONG_CHECKSUM );
		next();
		await waitFor( () =>
			expect( errorOf( field( 'Account holder' ) ) ).toBe(
				'Insert Name and surname separated by space'
			)
		);
		expect( errorOf( field( 'IBAN' ) ) ).toBe(
			'This is an invalid format.'
		);
		type( 'Account holder', 'Дана Демо' );
		await waitFor( () =>
			expect( errorOf( field( 'Account holder' ) ) ).toBe(
				'The account holder name should contain latin character only'
			)
		);
		type( 'Account holder', 'Danà O’Demo' );
		type( 'IBAN', 'IT60' );
		await waitFor( () =>
			expect( errorOf( field( 'IBAN' ) ) ).toBe(
				'This is an invalid format.'
			)
		);
		type( 'IBAN', VALID_IBAN.replace( / /g, '-' ) );
		next();

		await step( 'Step 3 of 4: Recap' );
		expect( dialog ).toHaveTextContent( 'Account holderDanà O’Demo' );
		expect( dialog ).toHaveTextContent(
			'Once you send the request, we will e-mail you how to send us your invoice'
		);
		expect( dialog ).toHaveTextContent(
			'The payment will arrive in up to 20 working days.'
		);
		fireEvent.click( button( 'Send request' ) );
		await step( 'Step 4 of 4: Done' );
		expect( api.requestsTo( 'POST /users/me/payments' )[ 0 ].body ).toEqual(
			{
				method: {
					type: 'iban',
					accountHolderName: 'Danà O’Demo',
					iban: 'IT60X0542811101000000123456',
				},
			}
		);
	} );

	it.each( [
		[ 'withholding', 'automatic' ],
		[ 'non-italian', 'automatic' ],
		[ 'witholding-extra', 'manual' ],
		[ 'company', 'manual' ],
		[ 'internal', 'manual' ],
	] as const )( 'uses the %s type’s %s flow', async ( fiscalType, flow ) => {
		serve( { ...VERIFIED, type: fiscalType } );
		await openRequest();
		await step( 'Step 1 of 4: Method' );
		expect( inDialog().queryAllByRole( 'radio' ) ).toHaveLength(
			flow === 'automatic' ? 2 : 0
		);
	} );
} );

describe( 'the request dialog', () => {
	it( 'moves focus inside it', async () => {
		serve();
		const dialog = await openRequest();
		await waitFor( () =>
			expect( dialog ).toContainElement(
				dialog.ownerDocument.activeElement as HTMLElement
			)
		);
		expect(
			within( dialog ).getByRole( 'button', { name: 'Close' } )
		).toBeInTheDocument();
	} );
} );
