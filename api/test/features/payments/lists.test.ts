import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer, get, getOk, idsOf } from '../../helpers/requests.ts';
import { DAY, NOW } from '../../helpers/rows.ts';
import { addBooty, addRequest, setFiscal } from './tester-world.ts';

/**
 * The wallet's reads: the tester's payment requests (the history table), the entries a request pays (payment
 * details; another tester's request is a 404) and the pending entries (booty details), each sortable and paged.
 */

const dayOf = ( days: number ) =>
	new Date( NOW + days * DAY ).toISOString().slice( 0, 10 );

describe( 'the wallet lists', () => {
	let ctx: TestContext;
	let vera: Tester;
	let other: Tester;
	/** Vera's requests: paid 60 days ago (with a receipt), paid 20 days ago (none), processing. */
	const requests = { old: 0, recent: 0, open: 0 };
	let othersRequest = 0;
	/** Vera's entries of the old request, and her pending ones. */
	let oldEntries: number[] = [];
	let pending: number[] = [];

	before( async () => {
		ctx = await startTestContext();
		vera = await ctx.createTester( { name: 'Vera', surname: 'Rossi' } );
		other = await ctx.createTester();
		await setFiscal( ctx, vera, 'withholding' );
		requests.old = await addRequest( ctx, vera, {
			gross: 4500,
			net: 3600,
			requestedAt: -70,
			paidAt: -60,
			receiptPath: 'receipt-old-request.pdf',
		} );
		requests.recent = await addRequest( ctx, vera, {
			method: 'iban',
			gross: 800,
			net: 640,
			requestedAt: -25,
			paidAt: -20,
		} );
		requests.open = await addRequest( ctx, vera, {
			status: 'processing',
			gross: 1200,
			net: 960,
			requestedAt: -2,
			// A processing request shows no receipt, whatever the row says.
			receiptPath: 'receipt-not-yet-paid.pdf',
		} );
		othersRequest = await addRequest( ctx, other, { gross: 9900 } );
		oldEntries = await addBooty(
			ctx,
			vera,
			[
				{ name: 'Zeta app', activity: 1, gross: 2500, at: -90 },
				{ name: 'Alpha app', activity: 2, gross: 1500, at: -80 },
				{ name: 'Referral', activity: 5, gross: 500, at: -85 },
			].map( ( entry ) => ( { ...entry, payment: requests.old } ) )
		);
		await addBooty( ctx, vera, [
			{ gross: 800, at: -30, payment: requests.recent },
			{ gross: 1200, at: -5, payment: requests.open },
		] );
		pending = await addBooty( ctx, vera, [
			{ name: 'Mid bonus', activity: 4, gross: 250, net: 200, at: -3 },
			{ name: 'Beta app', activity: 1, gross: 700, net: 560, at: -1 },
			{ name: 'Old bonus', activity: 4, gross: 120, net: null, at: -10 },
		] );
		await addBooty( ctx, other, [ { gross: 999, at: -1 } ] );
	} );
	after( () => ctx.close() );

	describe( 'GET /users/me/payments', () => {
		it( 'answers newest paid first with the processing request on top, amounts, methods and receipts', async () => {
			const page = await getOk( ctx, '/users/me/payments', vera );
			assert.deepEqual(
				{ ...page, results: undefined },
				{ results: undefined, start: 0, limit: 10, size: 3, total: 3 }
			);
			assert.deepEqual( idsOf( page ), [
				requests.open,
				requests.recent,
				requests.old,
			] );
			const [ open, recent, old ] = page.results;
			assert.deepEqual( open, {
				id: requests.open,
				status: 'processing',
				amount: {
					gross: { value: 12, currency: 'EUR' },
					net: { value: 9.6, currency: 'EUR' },
				},
				paidDate: null,
				method: { type: 'paypal', note: 'v***@example.com' },
				receipt: null,
			} );
			assert.deepEqual( recent.method, {
				type: 'iban',
				note: '**** 3456',
			} );
			assert.equal( recent.paidDate, dayOf( -20 ) );
			assert.equal( recent.receipt, null );
			assert.equal( old.paidDate, dayOf( -60 ) );
			assert.match(
				old.receipt,
				/^\/api\/media\/receipt-old-request\.pdf\?expires=\d+&signature=[\w-]+$/
			);
			// The signed URL opens the stored file.
			await ctx.storage.put(
				'receipt-old-request.pdf',
				Readable.from( [ Buffer.from( '%PDF-1.7 receipt' ) ] ),
				{ mimeType: 'application/pdf', fileName: 'receipt.pdf' }
			);
			const file = await ctx.app.inject( {
				method: 'GET',
				url: old.receipt,
			} );
			assert.equal( file.statusCode, 200 );
		} );

		it( 'sorts by paid date ascending (processing last), by gross and by net, and pages', async () => {
			const ids = async ( query: string ) =>
				idsOf(
					await getOk( ctx, `/users/me/payments?${ query }`, vera )
				);
			assert.deepEqual( await ids( 'order=ASC' ), [
				requests.old,
				requests.recent,
				requests.open,
			] );
			assert.deepEqual( await ids( 'orderBy=gross&order=DESC' ), [
				requests.old,
				requests.open,
				requests.recent,
			] );
			assert.deepEqual( await ids( 'orderBy=net&order=ASC' ), [
				requests.recent,
				requests.open,
				requests.old,
			] );
			// Pages of one, across the processing request, both ways: each request once, in order.
			for ( const [ order, expected ] of [
				[ 'DESC', [ requests.open, requests.recent, requests.old ] ],
				[ 'ASC', [ requests.old, requests.recent, requests.open ] ],
			] as const ) {
				const pages = [];
				for ( const start of [ 0, 1, 2 ] ) {
					pages.push(
						...( await ids(
							`order=${ order }&limit=1&start=${ start }`
						) )
					);
				}
				assert.deepEqual( pages, expected, order );
				assert.deepEqual(
					await ids( `order=${ order }&limit=2&start=1` ),
					expected.slice( 1 ),
					order
				);
			}
			const second = await getOk(
				ctx,
				'/users/me/payments?limit=2&start=2',
				vera
			);
			assert.deepEqual( idsOf( second ), [ requests.old ] );
			assert.equal( second.total, 3 );
			const past = await getOk(
				ctx,
				'/users/me/payments?limit=2&start=10',
				vera
			);
			assert.deepEqual(
				[ past.results, past.size, past.total ],
				[ [], 0, 3 ]
			);
		} );

		it( "lists only the tester's own requests, and an empty page for a tester without any", async () => {
			const page = await getOk( ctx, '/users/me/payments', other );
			assert.deepEqual( idsOf( page ), [ othersRequest ] );
			const newcomer = await ctx.createTester();
			const empty = await getOk( ctx, '/users/me/payments', newcomer );
			assert.deepEqual( [ empty.results, empty.total ], [ [], 0 ] );
		} );

		it( 'refuses a bad sort with 400 and a token without a tester with 403', async () => {
			const bad = await get(
				ctx,
				'/users/me/payments?orderBy=date',
				vera
			);
			assert.equal( bad.statusCode, 400 );
			const noTester = await ctx.app.inject( {
				method: 'GET',
				url: '/api/users/me/payments',
				headers: bearer(
					await ctx.tokenFor( { ...vera, wpUserId: 987_654 } )
				),
			} );
			assert.equal( noTester.statusCode, 403 );
		} );
	} );

	describe( 'GET /users/me/payments/{paymentId}', () => {
		it( "answers the request's entries, newest first, with their gross", async () => {
			const page = await getOk(
				ctx,
				`/users/me/payments/${ requests.old }`,
				vera
			);
			assert.deepEqual( idsOf( page ), [
				oldEntries[ 1 ],
				oldEntries[ 2 ],
				oldEntries[ 0 ],
			] );
			assert.equal( page.total, 3 );
			assert.deepEqual( page.results[ 0 ], {
				id: oldEntries[ 1 ],
				activity: 'Alpha app',
				type: { id: 2 },
				date: dayOf( -80 ),
				amount: { gross: { value: 15, currency: 'EUR' } },
			} );
		} );

		it( 'sorts by activity, type, date and gross, and pages', async () => {
			const ids = async ( query: string ) =>
				idsOf(
					await getOk(
						ctx,
						`/users/me/payments/${ requests.old }?${ query }`,
						vera
					)
				);
			const [ zeta, alpha, referral ] = oldEntries;
			assert.deepEqual( await ids( 'orderBy=activity&order=ASC' ), [
				alpha,
				referral,
				zeta,
			] );
			assert.deepEqual( await ids( 'orderBy=type&order=DESC' ), [
				referral,
				alpha,
				zeta,
			] );
			assert.deepEqual( await ids( 'orderBy=date&order=ASC' ), [
				zeta,
				referral,
				alpha,
			] );
			assert.deepEqual( await ids( 'orderBy=gross&order=ASC' ), [
				referral,
				alpha,
				zeta,
			] );
			assert.deepEqual(
				await ids( 'orderBy=gross&order=ASC&limit=1&start=1' ),
				[ alpha ]
			);
		} );

		it( 'answers 404 "Payment not found" for another tester\'s request or an unknown one', async () => {
			for ( const id of [ othersRequest, othersRequest + 1000 ] ) {
				const response = await get(
					ctx,
					`/users/me/payments/${ id }`,
					vera
				);
				assert.equal( response.statusCode, 404 );
				assert.equal( response.json().message, 'Payment not found' );
			}
		} );
	} );

	describe( 'GET /users/me/pending_booty/details', () => {
		it( 'answers the pending entries only, newest first, net left out where unknown', async () => {
			const page = await getOk(
				ctx,
				'/users/me/pending_booty/details',
				vera
			);
			const [ mid, beta, old ] = pending;
			assert.deepEqual( idsOf( page ), [ beta, mid, old ] );
			assert.equal( page.total, 3 );
			assert.deepEqual( page.results[ 0 ], {
				id: beta,
				name: 'Beta app',
				activity: { id: 1 },
				attributionDate: dayOf( -1 ),
				amount: {
					gross: { value: 7, currency: 'EUR' },
					net: { value: 5.6, currency: 'EUR' },
				},
			} );
			assert.deepEqual( page.results[ 2 ].amount, {
				gross: { value: 1.2, currency: 'EUR' },
			} );
		} );

		it( 'sorts by activity name, activity and gross, and answers the total past the end', async () => {
			const ids = async ( query: string ) =>
				idsOf(
					await getOk(
						ctx,
						`/users/me/pending_booty/details?${ query }`,
						vera
					)
				);
			const [ mid, beta, old ] = pending;
			assert.deepEqual( await ids( 'orderBy=activityName&order=ASC' ), [
				beta,
				mid,
				old,
			] );
			assert.deepEqual( await ids( 'orderBy=activity&order=ASC' ), [
				beta,
				mid,
				old,
			] );
			assert.deepEqual( await ids( 'orderBy=gross&order=DESC' ), [
				beta,
				mid,
				old,
			] );
			assert.deepEqual( await ids( 'orderBy=gross&order=ASC&limit=2' ), [
				old,
				mid,
			] );
			const past = await getOk(
				ctx,
				'/users/me/pending_booty/details?start=30',
				vera
			);
			assert.deepEqual( [ past.results, past.total ], [ [], 3 ] );
			const none = await getOk(
				ctx,
				'/users/me/pending_booty/details',
				await ctx.createTester()
			);
			assert.deepEqual( [ none.results, none.total ], [ [], 0 ] );
		} );
	} );
} );
