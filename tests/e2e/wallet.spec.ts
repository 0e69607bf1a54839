import type { APIRequestContext, Page } from '@playwright/test';

import { pdfTexts } from '../../api/test/features/payments/receipt-text';
import {
	test,
	expect,
	logIn,
	apiAs,
	exactLabel,
	mailsTo,
	VETERAN,
} from './fixtures';

/**
 * The wallet (issue 26, "How it will be checked"), as the demo testers meet it: Umberto, unverified, sees why he
 * cannot request a payment; Vera (withholding: the automatic flow) sorts her booty details and requests a PayPal
 * payout after a mismatched confirmation, then waits for it; Ivo (flat-rate VAT: the bank-invoice flow) is
 * refused a wrong-checksum IBAN first; the administrator marks Vera's request paid in wp-admin, and her receipt
 * link opens a PDF with her amounts; both mails are in the mail log. The steps change the demo data, so they run
 * in order, after the specs that read it (the files run one at a time, by name).
 */

const UNVERIFIED = {
	email: 'unverified@crowdscout.test',
	password: 'Unverified1234!',
};
const INVOICE = { email: 'invoice@crowdscout.test', password: 'Invoice1234!' };
const ADMIN = { email: 'admin', password: 'Admin1234!' };

const wallet = ( page: Page ) => page.locator( '.wp-block-crowdscout-wallet' );
const historyRows = ( page: Page ) => wallet( page ).locator( 'tbody tr' );
const dialog = ( page: Page ) => page.getByRole( 'dialog' );
const requestButton = ( page: Page ) =>
	wallet( page ).getByRole( 'button', { name: 'Request payment' } );

interface Payment {
	id: number;
	status: string;
	amount: { gross: { value: number }; net?: { value: number } };
	receipt: string | null;
}

/** The tester's newest request, as the API lists it (processing first). */
const latestPayment = async (
	request: APIRequestContext,
	login: { email: string; password: string }
) =>
	(
		await apiAs< { results: Payment[] } >(
			request,
			login,
			'/users/me/payments?limit=1'
		)
	).results[ 0 ];

async function expectFieldError( page: Page, label: string, message: string ) {
	const control = dialog( page ).getByLabel( exactLabel( label ) );
	await expect( control ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( dialog( page ).getByText( message ) ).toBeVisible();
}

const next = ( page: Page ) =>
	dialog( page ).getByRole( 'button', { name: 'Next' } ).click();

test.describe.configure( { mode: 'serial' } );

test.describe( 'wallet', () => {
	test( 'an unverified tester sees the request button disabled, and why', async ( {
		page,
	} ) => {
		await logIn( page, UNVERIFIED.email, UNVERIFIED.password );
		await page.goto( '/payments/' );
		await expect(
			wallet( page ).getByRole( 'heading', { level: 1, name: 'Wallet' } )
		).toBeVisible();
		await expect( requestButton( page ) ).toHaveAttribute(
			'aria-disabled',
			'true'
		);
		await expect(
			wallet( page ).getByText(
				'You need a verified fiscal profile to request a payment.'
			)
		).toBeVisible();
		await expect(
			wallet( page ).getByRole( 'link', {
				name: 'Complete your fiscal profile',
			} )
		).toHaveAttribute( 'href', /\/my-account\/\?tab=fiscal$/ );
		await expect(
			wallet( page ).getByText(
				'You have not requested any payment yet.'
			)
		).toBeVisible();
		// A click on the disabled button (aria-disabled, so it keeps its focus) opens nothing.
		await requestButton( page ).click( { force: true } );
		await expect( dialog( page ) ).toHaveCount( 0 );
	} );

	test( 'the veteran sorts her booty details, then requests a PayPal payout through every step', async ( {
		page,
		request,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/payments/' );
		// Ten paid requests on the first page, each with its receipt.
		await expect( historyRows( page ) ).toHaveCount( 10 );
		await expect(
			historyRows( page ).getByRole( 'link', { name: /Receipt/ } )
		).toHaveCount( 10 );

		// Booty details, sorted by gross both ways.
		await wallet( page )
			.getByRole( 'button', { name: 'See booty details' } )
			.click();
		await expect(
			dialog( page ).getByRole( 'heading', { name: 'Booty details' } )
		).toBeVisible();
		const grossCells = dialog( page ).locator( 'tbody tr td:nth-child(4)' );
		await expect( grossCells.first() ).toBeVisible();
		const amounts = async () =>
			( await grossCells.allInnerTexts() ).map( ( text ) =>
				Number( text.replace( /[^\d.]/g, '' ) )
			);
		const sortByGross = dialog( page ).getByRole( 'button', {
			name: /^Gross/,
		} );
		await sortByGross.click();
		await expect(
			dialog( page ).getByRole( 'columnheader', { name: /^Gross/ } )
		).toHaveAttribute( 'aria-sort', /ascending|descending/ );
		const first = await amounts();
		expect( first.length ).toBeGreaterThan( 1 );
		await sortByGross.click();
		await expect
			.poll( amounts )
			.toEqual( [ ...first ].sort( ( a, b ) => a - b ).reverse() );
		expect( first ).toEqual( [ ...first ].sort( ( a, b ) => a - b ) );
		await page.keyboard.press( 'Escape' );
		await expect( dialog( page ) ).toHaveCount( 0 );

		// The request: terms and method first, each step checked by Next.
		await requestButton( page ).click();
		await expect(
			dialog( page ).getByRole( 'heading', { name: 'Request payment' } )
		).toBeVisible();
		await next( page );
		await expect(
			dialog( page ).getByText( 'you must accept terms and conditions' )
		).toBeVisible();
		await dialog( page )
			.getByLabel( 'I accept the payment terms and conditions' )
			.check();
		await dialog( page ).getByLabel( 'PayPal' ).check();
		await next( page );

		await dialog( page )
			.getByLabel( exactLabel( 'PayPal account e-mail' ) )
			.fill( 'vera.veteran@example.test' );
		await dialog( page )
			.getByLabel( exactLabel( 'Confirm the PayPal e-mail' ) )
			.fill( 'vera.veteran@example.tst' );
		await next( page );
		await expectFieldError(
			page,
			'Confirm the PayPal e-mail',
			'email must be the same'
		);
		await dialog( page )
			.getByLabel( exactLabel( 'Confirm the PayPal e-mail' ) )
			.fill( 'vera.veteran@example.test' );
		await next( page );

		// The confirmation, with the automatic flow's arrival time; Back keeps what was typed.
		await expect(
			dialog( page ).getByText( 'vera.veteran@example.test' )
		).toBeVisible();
		await expect(
			dialog( page ).getByText(
				'The payment will arrive within 10 working days.'
			)
		).toBeVisible();
		await dialog( page ).getByRole( 'button', { name: 'Back' } ).click();
		await expect(
			dialog( page ).getByLabel( exactLabel( 'PayPal account e-mail' ) )
		).toHaveValue( 'vera.veteran@example.test' );
		await next( page );
		await dialog( page )
			.getByRole( 'button', { name: 'Send request' } )
			.click();
		await expect(
			dialog( page ).getByText( 'Your request was received' )
		).toBeVisible();
		// The step's own Close (the dialog's corner has one too).
		await dialog( page )
			.getByRole( 'button', { name: 'Close' } )
			.last()
			.click();

		// Processing at the top of the history; the button waits for it.
		await expect( historyRows( page ).first() ).toContainText(
			'Processing'
		);
		await expect( requestButton( page ) ).toHaveAttribute(
			'aria-disabled',
			'true'
		);
		await expect(
			wallet( page ).getByText(
				'A payment request is being processed: you can request a new one once it is paid.'
			)
		).toBeVisible();
		const payment = await latestPayment( request, VETERAN );
		expect( payment.status ).toBe( 'processing' );
		expect( payment.receipt ).toBeNull();
		await expect
			.poll( () =>
				mailsTo( VETERAN.email ).some( ( mail ) =>
					mail.subject.includes( `no. ${ payment.id }` )
				)
			)
			.toBe( true );
	} );

	test( 'a VAT holder goes through the bank-invoice flow, refused a wrong-checksum IBAN first', async ( {
		page,
		request,
	} ) => {
		await logIn( page, INVOICE.email, INVOICE.password );
		await page.goto( '/payments/' );
		await requestButton( page ).click();
		await expect(
			dialog( page ).getByText( /Your fiscal type needs an invoice/ )
		).toBeVisible();
		// The bank-invoice flow has no PayPal.
		await expect( dialog( page ).getByLabel( 'PayPal' ) ).toHaveCount( 0 );
		await dialog( page )
			.getByLabel( 'I accept the payment terms and conditions' )
			.check();
		await next( page );

		const holder = dialog( page ).getByLabel(
			exactLabel( 'Account holder' )
		);
		const iban = dialog( page ).getByLabel( exactLabel( 'IBAN' ) );
		await holder.fill( 'Ivo' );
		// A well-formed Italian IBAN whose check digits are wrong.
		await iban.fill( 'IT61 X054 2811 1010 0000 0123 456' );
		await next( page );
		await expectFieldError(
			page,
			'Account holder',
			'Insert Name and surname separated by space'
		);
		await expectFieldError( page, 'IBAN', 'This is an invalid format.' );
		await expect( holder ).toBeFocused();
		await holder.fill( 'Ivo Invoice' );
		await iban.fill( 'IT60 X054 2811 1010 0000 0123 456' );
		await next( page );

		await expect(
			dialog( page ).getByText(
				'Once you send the request, we will e-mail you how to send us your invoice: the payment starts when we receive it.'
			)
		).toBeVisible();
		await expect(
			dialog( page ).getByText(
				'The payment will arrive in up to 20 working days.'
			)
		).toBeVisible();
		await dialog( page )
			.getByRole( 'button', { name: 'Send request' } )
			.click();
		await expect(
			dialog( page ).getByText( 'Your request was received' )
		).toBeVisible();
		// The step's own Close (the dialog's corner has one too).
		await dialog( page )
			.getByRole( 'button', { name: 'Close' } )
			.last()
			.click();
		await expect( historyRows( page ).first() ).toContainText(
			'Bank transfer'
		);
		const payment = await latestPayment( request, INVOICE );
		expect( payment.status ).toBe( 'processing' );
		// A VAT holder is paid the gross.
		expect( payment.amount.net?.value ).toBe( payment.amount.gross.value );
	} );

	test( 'the back office marks the request paid: the receipt opens a PDF with the amounts, and the mails are sent', async ( {
		page,
		request,
	} ) => {
		const payment = await latestPayment( request, VETERAN );
		expect( payment.status ).toBe( 'processing' );

		await logIn( page, ADMIN.email, ADMIN.password );
		await page.goto( '/wp-admin/admin.php?page=crowdscout-payouts' );
		await expect(
			page.getByRole( 'heading', { name: 'Payouts' } )
		).toBeVisible();
		// The queue is oldest first: the request made a moment ago is on its last page.
		const last = page.getByRole( 'link', { name: 'Last page' } ).first();
		if ( await last.isVisible() ) {
			await last.click();
		}
		page.once( 'dialog', ( confirm ) => confirm.accept() );
		// Row actions show on hover, as in every WordPress list.
		await page
			.locator( 'tbody tr' )
			.filter( { hasText: `#${ payment.id }` } )
			.hover();
		await page
			.getByRole( 'link', { name: `Mark request #${ payment.id } paid` } )
			.click();
		await expect(
			page.locator( '.notice-success' ).filter( {
				hasText: `#${ payment.id }`,
			} )
		).toBeVisible();

		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/payments/' );
		const row = historyRows( page ).first();
		await expect( row ).toContainText( 'Paid' );
		const link = row.getByRole( 'link', { name: /Receipt/ } );
		await expect( link ).toHaveAttribute( 'target', '_blank' );
		const href = await link.getAttribute( 'href' );
		const pdf = await page.request.get( href ?? '' );
		expect( pdf.status() ).toBe( 200 );
		expect( pdf.headers()[ 'content-type' ] ).toBe( 'application/pdf' );
		const text = ( await pdfTexts( await pdf.body() ) ).join( '\n' );
		expect( text ).toContain( `Receipt No. ${ payment.id }` );
		expect( text ).toContain( 'Vera Veteran' );
		expect( text ).toContain(
			`${ payment.amount.gross.value.toFixed( 2 ) } EUR`
		);
		expect( text ).toContain(
			`${ ( payment.amount.net?.value ?? 0 ).toFixed( 2 ) } EUR`
		);

		// The request became possible again once this one was paid (the pending booty is empty, so not yet).
		await expect(
			wallet( page ).getByText(
				'A payment request is being processed: you can request a new one once it is paid.'
			)
		).toHaveCount( 0 );

		const mails = mailsTo( VETERAN.email ).filter( ( mail ) =>
			mail.subject.includes( `no. ${ payment.id }` )
		);
		expect( mails ).toHaveLength( 2 );
	} );
} );
