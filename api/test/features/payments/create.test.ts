import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer, getOk } from '../../helpers/requests.ts';
import { until } from '../../helpers/until.ts';
import {
	addBooty,
	addRequest,
	booksOf,
	setFiscal,
	type Entry,
} from './tester-world.ts';

/**
 * POST /users/me/payments: the checks of the method with the spec's messages, the three refusals (each writing
 * nothing), the request taking exactly the pending booty, the "received" mail, and twenty requests of one tester
 * at the same moment creating one.
 */

const PAYPAL = { type: 'paypal', email: 'vera.rossi@example.com' };
const BANK = {
	type: 'iban',
	accountHolderName: 'Vera Rossi',
	iban: 'IT60 X054 2811 1010 0000 0123 456',
};

describe( 'POST /api/users/me/payments', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	/**
	 * A request of `tester`; once created, its "received" mail (sent after the answer) has gone or failed too, so
	 * that it cannot land in the next test.
	 *
	 * @param tester
	 * @param method
	 */
	const post = async ( tester: Tester, method: object ) => {
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users/me/payments',
			headers: bearer( await ctx.tokenFor( tester ) ),
			payload: { method },
		} );
		if ( response.statusCode === 201 ) {
			const { id } = response.json();
			await until(
				() =>
					ctx.wordpress.paymentMails.some(
						( sent ) => sent.mail.payment === id
					) ||
					ctx.logs.some(
						( line ) =>
							line.includes( 'mail could not be sent' ) &&
							line.includes( `"payment":${ id }` )
					),
				`the "received" mail of request ${ id }`
			);
		}
		return response;
	};

	/**
	 * A tester with a fiscal profile and pending booty.
	 *
	 * @param options
	 * @param options.type
	 * @param options.status
	 * @param options.entries
	 * @param options.threshold In cents.
	 */
	const walletTester = async ( {
		type = 'withholding',
		status = 'verified',
		entries = [ { gross: 1250 }, { gross: 333 } ],
		threshold = 300,
	}: {
		type?: 'withholding' | 'vat' | 'non-italian';
		status?: 'verified' | 'unverified' | null;
		entries?: Entry[];
		threshold?: number;
	} = {} ) => {
		const tester = await ctx.createTester( {
			set: { booty_threshold_cents: threshold },
		} );
		if ( status ) {
			await setFiscal( ctx, tester, type, status );
		}
		await addBooty( ctx, tester, entries );
		return tester;
	};

	const expectRefusal = async (
		tester: Tester,
		method: object,
		status: number,
		message: string,
		field?: string
	) => {
		const books = await booksOf( ctx, tester );
		const mails = ctx.wordpress.paymentMails.length;
		const response = await post( tester, method );
		assert.equal( response.statusCode, status, response.body );
		assert.equal( response.json().message, message );
		assert.equal( response.json().field, field );
		assert.deepEqual( await booksOf( ctx, tester ), books );
		assert.equal( ctx.wordpress.paymentMails.length, mails );
	};

	it( 'moves the whole pending booty into a processing request, nets by the fiscal type, and mails the tester', async () => {
		const tester = await walletTester( {
			entries: [ { gross: 1250 }, { gross: 333 }, { gross: 1001 } ],
		} );
		const other = await walletTester();
		const otherBooks = await booksOf( ctx, other );
		const response = await post( tester, PAYPAL );
		assert.equal( response.statusCode, 201, response.body );
		const created = response.json();
		// 80% of each entry, rounded to the cent: 1000 + 266 + 801.
		assert.deepEqual( created, {
			id: created.id,
			status: 'processing',
			amount: {
				gross: { value: 25.84, currency: 'EUR' },
				net: { value: 20.67, currency: 'EUR' },
			},
		} );
		const books = await booksOf( ctx, tester );
		assert.deepEqual( books.requests, [
			{
				id: created.id,
				status: 'processing',
				method: 'paypal',
				amount_gross_cents: 2584,
				amount_net_cents: 2067,
			},
		] );
		assert.ok(
			books.entries.every(
				( entry ) => entry.payment_request_id === created.id
			)
		);
		assert.equal( books.counters.pending_booty_gross_cents, 0 );
		assert.equal( books.counters.pending_booty_net_cents, 0 );
		assert.equal( books.counters.booty_gross_cents, 2584 );
		assert.deepEqual( await booksOf( ctx, other ), otherBooks );
		assert.deepEqual(
			await getOk( ctx, '/users/me/pending_booty', tester ),
			{
				gross: { value: 0, currency: 'EUR' },
				net: { value: 0, currency: 'EUR' },
			}
		);
		await until(
			() => ctx.wordpress.paymentMails.at( -1 )?.id === tester.wpUserId,
			'the "received" mail'
		);
		assert.deepEqual( ctx.wordpress.paymentMails.at( -1 ), {
			id: tester.wpUserId,
			mail: {
				event: 'received',
				payment: created.id,
				gross: 25.84,
				net: 20.67,
				currency: 'EUR',
				method: 'paypal',
				paidDate: null,
			},
		} );
		const history = await getOk( ctx, '/users/me/payments', tester );
		assert.deepEqual( history.results, [
			{
				id: created.id,
				status: 'processing',
				amount: created.amount,
				paidDate: null,
				method: { type: 'paypal', note: 'v***@example.com' },
				receipt: null,
			},
		] );
	} );

	it( 'stores a bank transfer with the IBAN in electronic format, and pays a VAT holder the gross', async () => {
		const tester = await walletTester( { type: 'vat' } );
		const response = await post( tester, BANK );
		assert.equal( response.statusCode, 201, response.body );
		assert.deepEqual( response.json().amount, {
			gross: { value: 15.83, currency: 'EUR' },
			net: { value: 15.83, currency: 'EUR' },
		} );
		const row = await ctx.database.db
			.selectFrom( 'payment_requests' )
			.select( [ 'method', 'account_holder', 'iban', 'paypal_email' ] )
			.where( 'id', '=', response.json().id )
			.executeTakeFirstOrThrow();
		assert.deepEqual( row, {
			method: 'iban',
			account_holder: 'Vera Rossi',
			iban: 'IT60X0542811101000000123456',
			paypal_email: null,
		} );
		const history = await getOk( ctx, '/users/me/payments', tester );
		assert.deepEqual( history.results[ 0 ].method, {
			type: 'iban',
			note: '**** 3456',
		} );
	} );

	it( 'answers 403 without a Verified fiscal profile, and writes nothing', async () => {
		const message =
			'You need a verified fiscal profile to request a payment';
		await expectRefusal(
			await walletTester( { status: 'unverified' } ),
			PAYPAL,
			403,
			message
		);
		await expectRefusal(
			await walletTester( { status: null } ),
			PAYPAL,
			403,
			message
		);
	} );

	it( 'answers 409 while a request is processing, and writes nothing', async () => {
		const tester = await walletTester();
		await addRequest( ctx, tester, { status: 'processing', gross: 900 } );
		await expectRefusal(
			tester,
			BANK,
			409,
			'You already have a payment request in progress'
		);
	} );

	it( 'answers 422 under the threshold or under 3 euro, and writes nothing', async () => {
		const message = 'Your booty has not reached the payment threshold yet';
		// Over 3 euro, under the tester's threshold.
		await expectRefusal(
			await walletTester( { threshold: 2000 } ),
			PAYPAL,
			422,
			message
		);
		// Over a threshold lowered to 1 euro, under the minimum.
		await expectRefusal(
			await walletTester( {
				threshold: 100,
				entries: [ { gross: 150 }, { gross: 149 } ],
			} ),
			PAYPAL,
			422,
			message
		);
		// Nothing pending: the entries are a paid request's.
		const paid = await walletTester( { entries: [] } );
		const request = await addRequest( ctx, paid, { gross: 5000 } );
		await addBooty( ctx, paid, [ { gross: 5000, payment: request } ] );
		await expectRefusal( paid, PAYPAL, 422, message );
	} );

	it( 'checks the method with the spec messages before anything is written', async () => {
		const tester = await walletTester();
		const cases: Array< [ object, string, string ] > = [
			[ { type: 'paypal' }, 'email', 'This is a required field' ],
			[
				{ type: 'paypal', email: 'vera.rossi@' },
				'email',
				'Email must be a valid email',
			],
			[
				{ ...BANK, accountHolderName: ' ' },
				'accountHolderName',
				'This is a required field',
			],
			[
				{ ...BANK, accountHolderName: 'Vera' },
				'accountHolderName',
				'Insert Name and surname separated by space',
			],
			[
				{ ...BANK, accountHolderName: 'Вера Росси' },
				'accountHolderName',
				'The account holder name should contain latin character only',
			],
			[
				{ ...BANK, accountHolderName: '王 小明' },
				'accountHolderName',
				'The account holder name should contain latin character only',
			],
			[ { ...BANK, iban: '' }, 'iban', 'This is a required field' ],
			[
				{ ...BANK, iban: 'IT60X05428' },
				'iban',
				'This is an invalid format.',
			],
			[
				{
					...BANK,
					iban: 'IT60 X054 2811 1010 0000 0123 4567 8901 2345 6',
				},
				'iban',
				'This is an invalid format.',
			],
			// The spec's pattern holds, the checksum does not.
			[
				{ ...BANK, iban: 'IT61 X054 2811 1010 0000 0123 456' },
				'iban',
				'This is an invalid format.',
			],
			[
				{ ...BANK, iban: 'IT60--X054 2811 1010 0000 0123 456' },
				'iban',
				'This is an invalid format.',
			],
		];
		for ( const [ method, field, message ] of cases ) {
			await expectRefusal( tester, method, 400, message, field );
		}
		// Accented Latin letters, apostrophes and dashes are Latin; dashes separate an IBAN as well as spaces.
		const response = await post( tester, {
			...BANK,
			accountHolderName: "  José  D'Àvila-Núñez ",
			iban: 'it60-x054-2811-1010-0000-0123-456',
		} );
		assert.equal( response.statusCode, 201, response.body );
		const row = await ctx.database.db
			.selectFrom( 'payment_requests' )
			.select( [ 'account_holder', 'iban' ] )
			.where( 'id', '=', response.json().id )
			.executeTakeFirstOrThrow();
		assert.deepEqual( row, {
			account_holder: "José D'Àvila-Núñez",
			iban: 'IT60X0542811101000000123456',
		} );
	} );

	it( 'creates the request even when the mail cannot be sent', async () => {
		const tester = await walletTester();
		ctx.wordpress.failPaymentMailWith = 500;
		try {
			const response = await post( tester, PAYPAL );
			assert.equal( response.statusCode, 201, response.body );
		} finally {
			ctx.wordpress.failPaymentMailWith = null;
		}
		await until(
			() =>
				ctx.logs.some( ( line ) =>
					line.includes( 'the \\"received\\" mail could not be sent' )
				),
			'the warning of the mail not sent'
		);
		const books = await booksOf( ctx, tester );
		assert.equal( books.requests.length, 1 );
	} );

	it( 'creates one request of twenty sent at the same moment, and refuses the others with 409', async () => {
		const tester = await walletTester( {
			entries: Array.from( { length: 12 }, ( _, n ) => ( {
				gross: 100 + n,
			} ) ),
		} );
		const token = await ctx.tokenFor( tester );
		const mails = ctx.wordpress.paymentMails.length;
		const responses = await Promise.all(
			Array.from( { length: 20 }, ( _, n ) =>
				ctx.app.inject( {
					method: 'POST',
					url: '/api/users/me/payments',
					headers: bearer( token ),
					payload: { method: n % 2 ? PAYPAL : BANK },
				} )
			)
		);
		const statuses = responses.map( ( response ) => response.statusCode );
		assert.deepEqual(
			statuses.filter( ( status ) => status !== 409 ),
			[ 201 ],
			responses.map( ( response ) => response.body ).join( '\n' )
		);
		for ( const response of responses ) {
			if ( response.statusCode === 409 ) {
				assert.equal(
					response.json().message,
					'You already have a payment request in progress'
				);
			}
		}
		const created = responses.find(
			( response ) => response.statusCode === 201
		)!;
		const books = await booksOf( ctx, tester );
		assert.equal( books.requests.length, 1 );
		assert.equal( books.requests[ 0 ].id, created.json().id );
		assert.equal( books.requests[ 0 ].amount_gross_cents, 1266 );
		assert.ok(
			books.entries.every(
				( entry ) => entry.payment_request_id === created.json().id
			)
		);
		assert.equal( books.counters.pending_booty_gross_cents, 0 );
		assert.equal( books.counters.pending_booty_net_cents, 0 );
		await until(
			() => ctx.wordpress.paymentMails.length > mails,
			'the "received" mail'
		);
		// A moment more: a second mail would be a second request.
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
		assert.equal( ctx.wordpress.paymentMails.length, mails + 1 );
	} );
} );
