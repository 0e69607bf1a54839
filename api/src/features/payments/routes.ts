import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { HttpError, forbidden, notFound } from '../../lib/errors.ts';
import { requireTester } from '../me/require-tester.ts';
import { checkPaymentMethod } from './method.ts';
import { bootyOf, type PaymentRefusal } from './repository.ts';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const UNVERIFIED_FISCAL_MESSAGE =
	'You need a verified fiscal profile to request a payment';
export const PAYMENT_PROCESSING_MESSAGE =
	'You already have a payment request in progress';
export const UNDER_THRESHOLD_MESSAGE =
	'Your booty has not reached the payment threshold yet';

const REFUSALS: Record< PaymentRefusal, () => HttpError > = {
	unverified: () => forbidden( UNVERIFIED_FISCAL_MESSAGE ),
	processing: () => new HttpError( 409, PAYMENT_PROCESSING_MESSAGE ),
	'under-threshold': () => new HttpError( 422, UNDER_THRESHOLD_MESSAGE ),
};

export const listMyPayments = handler< 'listMyPayments' >(
	async ( request ) => {
		const { wpUserId } = requireAuth( request );
		const { start, limit, order, orderBy } = request.query;
		const { payments, mediaUrls } = request.server.services;
		const page = orNoTester(
			await payments.listPayments( wpUserId, {
				start,
				limit,
				order,
				orderBy,
			} )
		);
		return {
			...page,
			results: page.results.map( ( { receiptPath, ...payment } ) => ( {
				...payment,
				receipt:
					payment.status === 'paid' && receiptPath
						? mediaUrls.url( receiptPath )
						: null,
			} ) ),
		};
	}
);

export const listMyPaymentItems = handler< 'listMyPaymentItems' >(
	async ( request ) => {
		const { wpUserId } = requireAuth( request );
		const { start, limit, order, orderBy } = request.query;
		const page = orNoTester(
			await request.server.services.payments.listItems(
				wpUserId,
				request.params.paymentId,
				{ start, limit, order, orderBy }
			)
		);
		if ( ! page ) {
			throw notFound( PAYMENT_NOT_FOUND_MESSAGE );
		}
		return page;
	}
);

export const listMyBootyDetails = handler< 'listMyBootyDetails' >(
	async ( request ) => {
		const { wpUserId } = requireAuth( request );
		const { start, limit, order, orderBy } = request.query;
		return orNoTester(
			await request.server.services.payments.listBootyDetails( wpUserId, {
				start,
				limit,
				order,
				orderBy,
			} )
		);
	}
);

/**
 * POST /users/me/payments: the method is checked before anything is read, then the repository creates the
 * request in one transaction; the tester's "received" mail is sent after the answer and never fails the request.
 */
export const createMyPayment = handler< 'createMyPayment' >(
	async ( request, reply ) => {
		const tester = await requireTester( request );
		const method = checkPaymentMethod( request.body.method );
		const { payments, wordpress } = request.server.services;
		const created = await payments.create( tester.id, method );
		if ( typeof created === 'string' ) {
			throw REFUSALS[ created ]();
		}
		const amount = bootyOf(
			created.grossCents,
			created.netCents,
			created.currency
		);
		// After the answer: WordPress's mail takes its time, and the request does not depend on it.
		wordpress
			.sendPaymentMail( tester.wpUserId, {
				event: 'received',
				payment: created.id,
				gross: amount.gross.value,
				net: amount.net?.value ?? null,
				currency: created.currency,
				method: method.type,
				paidDate: null,
			} )
			.catch( ( error ) =>
				request.log.warn(
					{ err: error, payment: created.id },
					'payments: the "received" mail could not be sent'
				)
			);
		reply.code( 201 );
		return {
			id: created.id,
			status: 'processing' as const,
			amount,
		};
	}
);
