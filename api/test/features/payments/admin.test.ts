import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPaymentsAdminRepository } from '../../../src/features/payments/admin-repository.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	EXPORT_PERIOD_LENGTH_MESSAGE,
	EXPORT_PERIOD_ORDER_MESSAGE,
} from '../../../src/features/payments/admin-routes.ts';
import { backOfficeUser } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { NOW, sqlAt } from '../../helpers/rows.ts';
import { insertFiscalProfile, insertRequest } from './admin-world.ts';
import { pdfTexts } from './receipt-text.ts';

/**
 * The back office's payment requests (issues 26 and 27): GET /admin/payments, POST /admin/payments/{id}/paid and
 * GET /admin/payments/export, for a token WordPress minted for an administrator, who has no tester row, and
 * refused to anyone else (a tester lead included). Marking paid writes the status, the paid date, the receipt and
 * the audit entry together, answers a signed URL that downloads the receipt PDF with the amounts, mails the tester
 * through WordPress, and answers 409 the second time, changing nothing. The export lists a period's paid requests
 * for accounting.
 */

const ADMIN_ONLY = 'Only administrators may do this.';
const ALREADY_PAID = 'This payment request is already paid';
const TODAY = new Date().toISOString().slice( 0, 10 );

describe( 'the back office: /api/admin/payments', () => {
	let ctx: TestContext;
	let admin: string;
	let adminUser: number;
	let ada: Tester;
	let bob: Tester;
	/** Ada's processing request: 12.50 + 7.50 gross, 80% net. */
	let adaOpen: number;
	/** Processing, oldest requested first. */
	const queue: number[] = [];
	let paid: number;

	const list = async ( query: string, token = admin ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/payments${ query }`,
			headers: bearer( token ),
		} );
	const mark = async ( id: number, token = admin ) =>
		ctx.app.inject( {
			method: 'POST',
			url: `/api/admin/payments/${ id }/paid`,
			headers: bearer( token ),
		} );
	const mailsOf = ( id: number ) =>
		ctx.wordpress.paymentMails.filter(
			( { mail } ) => mail.payment === id
		);
	const trailOf = ( id: number ) =>
		ctx.database.db
			.selectFrom( 'audit_entries' )
			.selectAll()
			.where( 'subject_type', '=', 'payment' )
			.where( 'subject_id', '=', id )
			.orderBy( 'id' )
			.execute();
	const rowOf = ( id: number ) =>
		ctx.database.db
			.selectFrom( 'payment_requests' )
			.select( [ 'status', 'paid_at', 'receipt_path' ] )
			.where( 'id', '=', id )
			.executeTakeFirstOrThrow();

	before( async () => {
		ctx = await startTestContext();
		( { token: admin, wpUserId: adminUser } = await backOfficeUser(
			ctx,
			'administrator'
		) );
		ada = await ctx.createTester( { name: 'Ada', surname: 'Byron' } );
		bob = await ctx.createTester( { name: 'Bob', surname: 'Stone' } );
		await insertFiscalProfile( ctx, ada );
		adaOpen = await insertRequest( ctx, ada, {
			requested: -5,
			entries: [
				{
					name: 'Shop app',
					activity: 1,
					at: -9,
					gross: 1250,
					net: 1000,
				},
				{
					name: 'Bug bonus',
					activity: 2,
					at: -8,
					gross: 750,
					net: 600,
				},
			],
		} );
		queue.push( adaOpen );
		// Three more testers' open requests, a day more recent each, by bank transfer.
		for ( const days of [ -4, -3, -2 ] ) {
			const other = await ctx.createTester();
			queue.push(
				await insertRequest( ctx, other, {
					method: 'iban',
					requested: days,
					entries: [
						{
							name: 'Campaign',
							activity: 1,
							at: days - 1,
							gross: 500,
						},
					],
				} )
			);
		}
		paid = await insertRequest( ctx, bob, {
			status: 'paid',
			requested: -30,
			paid: -20,
			entries: [ { name: 'Old one', activity: 1, at: -31, gross: 900 } ],
		} );
	} );

	after( () => ctx.close() );

	it( 'refuses every token but an administrator’s, a tester’s included', async () => {
		const testerToken = await ctx.tokenFor( ada );
		const editor = await ctx.tokenFor( bob, 'editor' );
		const lead = ( await backOfficeUser( ctx, 'tester_lead' ) ).token;
		for ( const token of [ testerToken, editor, lead ] ) {
			for ( const response of [
				await list( '', token ),
				await mark( adaOpen, token ),
			] ) {
				assert.equal( response.statusCode, 403, response.body );
				assert.equal( response.json().message, ADMIN_ONLY );
			}
		}
		const anonymous = await ctx.app.inject( {
			method: 'GET',
			url: '/api/admin/payments',
		} );
		assert.equal( anonymous.statusCode, 403 );
		assert.equal( ( await rowOf( adaOpen ) ).status, 'processing' );
		assert.deepEqual( await trailOf( adaOpen ), [] );
	} );

	it( 'lists the processing queue oldest first, in pages, for an administrator without a tester row', async () => {
		const first = await list( '?limit=2' );
		assert.equal( first.statusCode, 200, first.body );
		const body = first.json();
		assert.deepEqual(
			{
				start: body.start,
				limit: body.limit,
				size: body.size,
				total: body.total,
			},
			{ start: 0, limit: 2, size: 2, total: 4 }
		);
		assert.deepEqual(
			body.results.map( ( item: { id: number } ) => item.id ),
			queue.slice( 0, 2 )
		);
		assert.deepEqual( body.results[ 0 ], {
			id: adaOpen,
			tester: { id: ada.id, name: 'Ada', surname: 'Byron' },
			status: 'processing',
			amount: {
				gross: { value: 20, currency: 'EUR' },
				net: { value: 16, currency: 'EUR' },
			},
			requestedDate: sqlAt( -5 ).slice( 0, 10 ),
			paidDate: null,
			method: { type: 'paypal', destination: ada.email },
			receipt: null,
		} );
		assert.match(
			body.results[ 1 ].method.destination,
			/^Tess Ter, IT60X0542811101000000123456$/
		);

		const second = ( await list( '?start=2&limit=2' ) ).json();
		assert.deepEqual(
			second.results.map( ( item: { id: number } ) => item.id ),
			queue.slice( 2 )
		);
		assert.equal( second.size, 2 );
		const past = ( await list( '?start=10' ) ).json();
		assert.deepEqual( [ past.size, past.total ], [ 0, 4 ] );

		const newest = ( await list( '?order=DESC&limit=1' ) ).json();
		assert.deepEqual(
			newest.results.map( ( item: { id: number } ) => item.id ),
			[ queue[ 3 ] ]
		);

		const done = ( await list( '?status=paid' ) ).json();
		assert.deepEqual(
			done.results.map( ( item: { id: number } ) => item.id ),
			[ paid ]
		);
		assert.equal( done.results[ 0 ].paidDate, sqlAt( -20 ).slice( 0, 10 ) );
		// Paid before receipts existed: none to link.
		assert.equal( done.results[ 0 ].receipt, null );

		const wrong = await list( '?status=cancelled' );
		assert.equal( wrong.statusCode, 400 );
	} );

	it( 'marks a request paid: status, paid date and a receipt URL that downloads the PDF with the amounts; the tester is mailed', async () => {
		const response = await mark( adaOpen );
		assert.equal( response.statusCode, 200, response.body );
		const body = response.json();
		assert.equal( body.id, adaOpen );
		assert.equal( body.status, 'paid' );
		assert.equal( body.paidDate, TODAY );
		assert.deepEqual( body.amount, {
			gross: { value: 20, currency: 'EUR' },
			net: { value: 16, currency: 'EUR' },
		} );
		assert.match(
			body.receipt,
			new RegExp(
				`^/api/media/receipt-${ adaOpen }\\.pdf\\?expires=\\d+&signature=[\\w-]+$`
			)
		);

		const row = await rowOf( adaOpen );
		assert.equal( row.status, 'paid' );
		assert.equal( row.receipt_path, `receipt-${ adaOpen }.pdf` );
		const paidAt = Date.parse( `${ row.paid_at!.replace( ' ', 'T' ) }Z` );
		assert.ok( Math.abs( paidAt - NOW ) < 120_000, row.paid_at! );

		const file = await ctx.app.inject( {
			method: 'GET',
			url: body.receipt,
		} );
		assert.equal( file.statusCode, 200 );
		assert.equal( file.headers[ 'content-type' ], 'application/pdf' );
		assert.match(
			String( file.headers[ 'content-disposition' ] ),
			new RegExp( `filename="receipt-${ adaOpen }\\.pdf"` )
		);
		const [ text ] = await pdfTexts( file.rawPayload );
		const lines = text.split( '\n' );
		for ( const expected of [
			`Receipt No. ${ adaOpen }`,
			`Date paid: ${ TODAY }`,
			`Ada Byron (T${ ada.id })`,
			'Tax id: RSSMRA80A01H501U',
			`PayPal: ${ ada.email }`,
			'Shop app',
			'12.50 EUR',
			'Bug bonus',
			'7.50 EUR',
			'20.00 EUR',
			'4.00 EUR',
			'16.00 EUR',
		] ) {
			assert.ok(
				lines.includes( expected ),
				`${ expected } in:\n${ text }`
			);
		}

		const mails = mailsOf( adaOpen );
		assert.equal( mails.length, 1 );
		assert.equal( mails[ 0 ].id, ada.wpUserId );
		assert.deepEqual( mails[ 0 ].mail, {
			event: 'paid',
			payment: adaOpen,
			gross: 20,
			net: 16,
			currency: 'EUR',
			method: 'paypal',
			paidDate: TODAY,
		} );

		// Who paid it, in the request's audit trail, as its screen reads it.
		const trail = await ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/audit?subjectType=payment&subjectId=${ adaOpen }`,
			headers: bearer( admin ),
		} );
		assert.equal( trail.statusCode, 200, trail.body );
		const [ entry, ...more ] = trail.json().results;
		assert.deepEqual( more, [] );
		assert.deepEqual(
			{ ...entry, id: 0, date: entry.date.slice( 0, 10 ) },
			{
				id: 0,
				actor: adminUser,
				actorRole: 'administrator',
				action: 'payment.paid',
				subjectType: 'payment',
				subjectId: adaOpen,
				before: { status: 'processing', paidDate: null },
				after: {
					status: 'paid',
					paidDate: TODAY,
					receipt: `receipt-${ adaOpen }.pdf`,
				},
				note: null,
				date: TODAY,
			}
		);

		const listed = (
			await list( '?status=paid&order=DESC&limit=1' )
		).json();
		assert.equal( listed.results[ 0 ].id, adaOpen );
		assert.match( listed.results[ 0 ].receipt, /^\/api\/media\/receipt-/ );
		assert.equal( ( await list( '' ) ).json().total, 3 );
	} );

	it( 'answers 409 to a second mark and changes nothing: row, receipt, mails', async () => {
		const unchanged = await rowOf( adaOpen );
		const stored = await ctx.storage.stat( `receipt-${ adaOpen }.pdf` );
		const response = await mark( adaOpen );
		assert.equal( response.statusCode, 409 );
		assert.equal( response.json().message, ALREADY_PAID );
		assert.deepEqual( await rowOf( adaOpen ), unchanged );
		assert.deepEqual(
			await ctx.storage.stat( `receipt-${ adaOpen }.pdf` ),
			stored
		);
		assert.equal( mailsOf( adaOpen ).length, 1 );
		assert.equal( ( await trailOf( adaOpen ) ).length, 1 );

		const missing = await mark( 999_999 );
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, 'Payment not found' );
	} );

	it( 'lets one of several administrators marking the same request at once win, the others get 409', async () => {
		const id = queue[ 1 ];
		const answers = await Promise.all(
			Array.from( { length: 8 }, () => mark( id ) )
		);
		const statuses = answers.map( ( answer ) => answer.statusCode ).sort();
		assert.deepEqual(
			statuses,
			[ 200, 409, 409, 409, 409, 409, 409, 409 ]
		);
		assert.equal( ( await rowOf( id ) ).status, 'paid' );
		assert.equal( mailsOf( id ).length, 1 );
		assert.equal( ( await trailOf( id ) ).length, 1, 'Recorded once.' );
	} );

	it( 'keeps the payment when the mail fails', async () => {
		const id = queue[ 2 ];
		ctx.wordpress.failPaymentMailWith = 500;
		try {
			const response = await mark( id );
			assert.equal( response.statusCode, 200, response.body );
		} finally {
			ctx.wordpress.failPaymentMailWith = null;
		}
		assert.equal( ( await rowOf( id ) ).status, 'paid' );
		assert.ok(
			ctx.logs.some( ( line ) =>
				line.includes( 'the paid mail could not be sent' )
			)
		);
	} );

	it( 'leaves the request processing, and no receipt, when the receipt cannot be stored', async () => {
		const id = queue[ 3 ];
		const failing = createPaymentsAdminRepository( ctx.database.db, {
			...ctx.storage,
			put: async () => {
				throw new Error( 'disk full' );
			},
		} );
		await assert.rejects(
			failing.markPaid( id, {
				wpUserId: adminUser,
				claims: { sub: String( adminUser ), role: 'administrator' },
			} ),
			/disk full/
		);
		assert.deepEqual(
			await trailOf( id ),
			[],
			'No entry for a payment not made.'
		);
		assert.deepEqual( await rowOf( id ), {
			status: 'processing',
			paid_at: null,
			receipt_path: null,
		} );
		assert.equal(
			await ctx.storage.stat( `receipt-${ id }.pdf` ),
			undefined
		);
	} );

	describe( 'the accounting export', () => {
		const exportOf = async ( query: string, token = admin ) =>
			ctx.app.inject( {
				method: 'GET',
				url: `/api/admin/payments/export${ query }`,
				headers: bearer( token ),
			} );
		const dayOf = ( days: number ) => sqlAt( days ).slice( 0, 10 );

		it( 'lists the period’s paid requests by paid date, with every field the books need, a page at a time', async () => {
			// Paid by now: Bob's old one (20 days ago), then Ada's, queue[1] and queue[2] today, in that order.
			const response = await exportOf(
				`?from=${ dayOf( -30 ) }&to=${ TODAY }`
			);
			assert.equal( response.statusCode, 200, response.body );
			const body = response.json();
			assert.deepEqual(
				body.results.map( ( row: { id: number } ) => row.id ),
				[ paid, adaOpen, queue[ 1 ], queue[ 2 ] ]
			);
			assert.deepEqual(
				[ body.from, body.to, body.start, body.size, body.total ],
				[ dayOf( -30 ), TODAY, 0, 4, 4 ]
			);
			assert.deepEqual( body.results[ 0 ], {
				id: paid,
				testerId: bob.id,
				name: 'Bob',
				surname: 'Stone',
				email: bob.email,
				method: 'paypal',
				destination: bob.email,
				gross: 9,
				net: 9,
				withholding: 0,
				currency: 'EUR',
				requestedDate: dayOf( -30 ),
				paidDate: dayOf( -20 ),
			} );
			assert.deepEqual(
				[
					body.results[ 1 ].gross,
					body.results[ 1 ].net,
					body.results[ 1 ].withholding,
					body.results[ 1 ].paidDate,
				],
				[ 20, 16, 4, TODAY ]
			);
			// The IBAN in full: accounting reconciles the bank transfers by it.
			assert.equal( body.results[ 2 ].method, 'iban' );
			assert.equal(
				body.results[ 2 ].destination,
				'Tess Ter, IT60X0542811101000000123456'
			);

			const second = (
				await exportOf(
					`?from=${ dayOf( -30 ) }&to=${ TODAY }&start=2&limit=2`
				)
			).json();
			assert.deepEqual(
				second.results.map( ( row: { id: number } ) => row.id ),
				[ queue[ 1 ], queue[ 2 ] ]
			);

			// Both ends included, to the day.
			const oneDay = (
				await exportOf( `?from=${ dayOf( -20 ) }&to=${ dayOf( -20 ) }` )
			).json();
			assert.deepEqual(
				oneDay.results.map( ( row: { id: number } ) => row.id ),
				[ paid ]
			);
			const none = (
				await exportOf( `?from=${ dayOf( -19 ) }&to=${ dayOf( -1 ) }` )
			).json();
			assert.deepEqual( [ none.size, none.total ], [ 0, 0 ] );
		} );

		it( 'takes a period of at most a year that does not end before it starts', async () => {
			for ( const [ query, message ] of [
				[
					'?from=2025-03-02&to=2025-03-01',
					EXPORT_PERIOD_ORDER_MESSAGE,
				],
				[
					'?from=2025-01-01&to=2026-01-01',
					EXPORT_PERIOD_LENGTH_MESSAGE,
				],
				[
					'?from=2024-02-29&to=2025-03-01',
					EXPORT_PERIOD_LENGTH_MESSAGE,
				],
			] ) {
				const response = await exportOf( query );
				assert.equal( response.statusCode, 400, query );
				assert.equal( response.json().message, message, query );
			}
			for ( const query of [
				'?from=2025-01-01&to=2025-12-31',
				'?from=2024-02-29&to=2025-02-28',
				'?from=2025-05-05&to=2025-05-05',
			] ) {
				assert.equal(
					( await exportOf( query ) ).statusCode,
					200,
					query
				);
			}
			for ( const query of [
				'',
				'?from=2025-01-01',
				'?from=2025-13-01&to=2025-12-31',
				'?from=yesterday&to=2025-12-31',
				'?from=2025-01-01&to=2025-12-31&limit=1001',
			] ) {
				assert.equal(
					( await exportOf( query ) ).statusCode,
					400,
					query
				);
			}
		} );

		it( 'is for administrators only', async () => {
			const query = `?from=${ dayOf( -30 ) }&to=${ TODAY }`;
			for ( const token of [
				await ctx.tokenFor( ada ),
				( await backOfficeUser( ctx, 'tester_lead' ) ).token,
			] ) {
				const response = await exportOf( query, token );
				assert.equal( response.statusCode, 403 );
				assert.equal( response.json().message, ADMIN_ONLY );
			}
		} );
	} );
} );
