import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import {
	formatAmount,
	renderReceipt,
	type ReceiptData,
} from '../../../src/features/payments/receipt.ts';
import { writeReceiptsOf } from '../../../src/features/payments/admin-repository.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import {
	insertFiscalProfile,
	insertRequest,
	type EntryValues,
} from './admin-world.ts';
import { pdfTexts } from './receipt-text.ts';

/**
 * The receipt PDF (issue 26): an A4 page numbered by the request, with the tester, their fiscal data, the method,
 * each item and the totals with two decimals and the currency, read back from the PDF's text; letters the standard
 * font cannot write; a long receipt over several pages; and the receipts the demo seed writes for paid requests.
 */

const DATA: ReceiptData = {
	paymentId: 4711,
	paidDate: '2026-11-28',
	requestedDate: '2026-11-20',
	tester: { id: 73, name: 'Zoë', surname: 'Łukasiewicz' },
	fiscal: {
		type: 'withholding',
		fiscalId: 'RSSMRA80A01H501U',
		street: 'Via Roma',
		streetNumber: '12',
		zip: '20121',
		city: 'Milano',
		province: 'MI',
		country: 'IT',
	},
	method: {
		type: 'iban',
		accountHolder: 'Zoë Łukasiewicz',
		iban: 'IT60X0542811101000000123456',
	},
	items: [
		{
			name: 'Shop app 王',
			activityId: 1,
			date: '2026-10-02',
			grossCents: 1250,
		},
		{ name: 'Bug bonus', activityId: 2, date: '2026-10-09', grossCents: 5 },
		{
			name: 'Welcome',
			activityId: 42,
			date: '2026-10-10',
			grossCents: 300,
		},
	],
	grossCents: 1555,
	netCents: 1244,
	currency: 'EUR',
};

describe( 'renderReceipt', () => {
	it( 'draws one A4 page numbered by the request, with every part of the receipt', async () => {
		const bytes = await renderReceipt( DATA );
		assert.equal(
			Buffer.from( bytes.subarray( 0, 5 ) ).toString(),
			'%PDF-'
		);
		const document = await PDFDocument.load( bytes );
		assert.equal( document.getPageCount(), 1 );
		const { width, height } = document.getPage( 0 ).getSize();
		assert.deepEqual( [ width, height ], [ 595.28, 841.89 ] );
		assert.equal( document.getTitle(), 'Receipt No. 4711' );

		const [ text ] = await pdfTexts( bytes );
		const lines = text.split( '\n' );
		for ( const expected of [
			'Receipt No. 4711',
			'Date paid: 2026-11-28',
			'Requested: 2026-11-20',
			// Ë is WinAnsi; Ł is not and is written as its base letter.
			'Zoë Lukasiewicz (T73)',
			'Type: Occasional work with withholding tax',
			'Tax id: RSSMRA80A01H501U',
			'Address: Via Roma 12, 20121 Milano (MI), Italy',
			'Bank transfer to Zoë Lukasiewicz',
			'IBAN: IT60 X054 2811 1010 0000 0123 456',
			'Shop app ?',
			'Campaign Completion',
			'2026-10-02',
			'12.50 EUR',
			'Bug bonus',
			'Bug Evaluation',
			'0.05 EUR',
			'Welcome',
			'Other',
			'3.00 EUR',
			'Total gross',
			'15.55 EUR',
			'Withholding tax',
			'3.11 EUR',
			'Net paid',
			'12.44 EUR',
			'Receipt No. 4711 - page 1 of 1',
		] ) {
			assert.ok(
				lines.includes( expected ),
				`${ expected } in:\n${ text }`
			);
		}
	} );

	it( 'names the PayPal address, and a tester without a fiscal profile or a recorded net', async () => {
		const [ text ] = await pdfTexts(
			await renderReceipt( {
				...DATA,
				fiscal: null,
				method: { type: 'paypal', email: 'zoe@example.test' },
				netCents: null,
				currency: 'USD',
			} )
		);
		const lines = text.split( '\n' );
		for ( const expected of [
			'PayPal: zoe@example.test',
			'No fiscal profile on record.',
			'15.55 USD',
			'0.00 USD',
		] ) {
			assert.ok(
				lines.includes( expected ),
				`${ expected } in:\n${ text }`
			);
		}
		assert.equal(
			lines.filter( ( line ) => line === '15.55 USD' ).length,
			2,
			'the net paid is the gross'
		);
	} );

	it( 'carries a long list of items over several numbered pages, the totals on the last', async () => {
		const items = Array.from( { length: 90 }, ( _, index ) => ( {
			name: `Campaign ${
				index + 1
			} with a title far too long for its column of the table`,
			activityId: 1,
			date: '2026-09-01',
			grossCents: 100 + index,
		} ) );
		const grossCents = items.reduce(
			( sum, item ) => sum + item.grossCents,
			0
		);
		const pages = await pdfTexts(
			await renderReceipt( {
				...DATA,
				items,
				grossCents,
				netCents: grossCents,
			} )
		);
		assert.ok( pages.length >= 2, `${ pages.length } pages` );
		const all = pages.join( '\n' );
		for ( let index = 1; index <= items.length; index++ ) {
			assert.match(
				all,
				new RegExp( `^Campaign ${ index } with .*…$`, 'm' )
			);
		}
		pages.forEach( ( page, index ) => {
			assert.match(
				page,
				new RegExp(
					`Receipt No. 4711 - page ${ index + 1 } of ${
						pages.length
					}`
				)
			);
			assert.match( page, /^Gross$/m, 'the table header on every page' );
		} );
		assert.match( pages.at( -1 )!, /^Net paid$/m );
		assert.match(
			pages.at( -1 )!,
			new RegExp( `^${ formatAmount( grossCents, 'EUR' ) }$`, 'm' )
		);
	} );

	it( 'writes cents with two decimals and the currency', () => {
		assert.equal( formatAmount( 5, 'EUR' ), '0.05 EUR' );
		assert.equal( formatAmount( 300, 'EUR' ), '3.00 EUR' );
		assert.equal( formatAmount( 123450, 'GBP' ), '1234.50 GBP' );
		assert.equal( formatAmount( -1999, 'EUR' ), '-19.99 EUR' );
	} );
} );

describe( 'writeReceiptsOf (the demo seed)', () => {
	let ctx: TestContext;
	let tester: Tester;
	let other: Tester;
	const entries: EntryValues[] = [
		{ name: 'Shop app', activity: 1, at: -40, gross: 1250, net: 1000 },
		{ name: 'Bug bonus', activity: 2, at: -39, gross: 750, net: 600 },
	];

	before( async () => {
		ctx = await startTestContext();
		tester = await ctx.createTester( { name: 'Ada', surname: 'Byron' } );
		other = await ctx.createTester();
		await insertFiscalProfile( ctx, tester );
	} );

	after( () => ctx.close() );

	it( 'writes the receipt of every paid request of the testers, and points the requests to them', async () => {
		const { db } = ctx.database;
		const first = await insertRequest( ctx, tester, {
			status: 'paid',
			requested: -35,
			paid: -30,
			entries,
		} );
		const second = await insertRequest( ctx, tester, {
			status: 'paid',
			method: 'iban',
			requested: -20,
			paid: -10,
			entries: [
				{
					name: 'Referral',
					activity: 5,
					at: -25,
					gross: 500,
					net: 400,
				},
			],
		} );
		const open = await insertRequest( ctx, tester, {
			entries: [
				{ name: 'Late bonus', activity: 4, at: -2, gross: 400 },
			],
		} );
		const theirs = await insertRequest( ctx, other, {
			status: 'paid',
			entries: [ { name: 'Elsewhere', activity: 1, at: -9, gross: 900 } ],
		} );

		assert.equal(
			await writeReceiptsOf( db, ctx.storage, [ tester.id ] ),
			2
		);
		assert.equal( await writeReceiptsOf( db, ctx.storage, [] ), 0 );

		for ( const id of [ first, second ] ) {
			const key = `receipt-${ id }.pdf`;
			const file = await ctx.storage.stat( key );
			assert.equal( file?.mimeType, 'application/pdf' );
			assert.equal( file?.fileName, key );
			assert.ok( file.size > 1000, `${ file.size } bytes` );
			const row = await db
				.selectFrom( 'payment_requests' )
				.select( 'receipt_path' )
				.where( 'id', '=', id )
				.executeTakeFirstOrThrow();
			assert.equal( row.receipt_path, key );
		}
		for ( const id of [ open, theirs ] ) {
			assert.equal(
				await ctx.storage.stat( `receipt-${ id }.pdf` ),
				undefined
			);
		}

		const stream = ( await ctx.storage.get( `receipt-${ first }.pdf` ) )!;
		const chunks: Buffer[] = [];
		for await ( const chunk of stream ) {
			chunks.push( chunk as Buffer );
		}
		const [ text ] = await pdfTexts( Buffer.concat( chunks ) );
		for ( const expected of [
			`Receipt No. ${ first }`,
			`Ada Byron (T${ tester.id })`,
			'Shop app',
			'12.50 EUR',
			'7.50 EUR',
			'20.00 EUR',
			'4.00 EUR',
			'16.00 EUR',
		] ) {
			assert.ok(
				text.split( '\n' ).includes( expected ),
				`${ expected } in:\n${ text }`
			);
		}
	} );
} );
