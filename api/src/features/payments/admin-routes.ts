import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { requireAdministrator } from '../../lib/back-office.ts';
import { HttpError, badRequest, notFound } from '../../lib/errors.ts';
import type { AdminPaymentRow } from './admin-repository.ts';

export const ADMIN_PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const ALREADY_PAID_MESSAGE = 'This payment request is already paid';
export const EXPORT_PERIOD_ORDER_MESSAGE =
	'The period must not end before it starts';
export const EXPORT_PERIOD_LENGTH_MESSAGE =
	'The period must be at most one year long';

/**
 * Whether a period of days (both included) lasts at most a year: it ends before the same day a year after it starts.
 *
 * @param from YYYY-MM-DD.
 * @param to   YYYY-MM-DD.
 */
function withinAYear( from: string, to: string ): boolean {
	const anniversary = new Date( `${ from }T00:00:00Z` );
	anniversary.setUTCFullYear( anniversary.getUTCFullYear() + 1 );
	return to < anniversary.toISOString().slice( 0, 10 );
}

const euros = ( cents: number ) => cents / 100;

/**
 * A request as the contract answers it, its receipt as a URL signed now.
 *
 * @param request
 * @param row
 */
export function answerOf( request: FastifyRequest, row: AdminPaymentRow ) {
	const { receiptKey, wpUserId: _wpUserId, ...payment } = row;
	return {
		...payment,
		receipt:
			receiptKey === null
				? null
				: request.server.services.mediaUrls.url( receiptKey ),
	};
}

/** The back office's queue: every tester's requests with a status. */
export const listPayments = handler< 'listPayments' >( async ( request ) => {
	requireAdministrator( request );
	const { status, start, limit, order } = request.query;
	const page = await request.server.services.paymentsAdmin.list( {
		status,
		start,
		limit,
		order,
	} );
	return {
		...page,
		results: page.results.map( ( row ) => answerOf( request, row ) ),
	};
} );

/**
 * Marks a processing request paid and produces its receipt, then mails the tester. The mail is a courtesy: the
 * payment is stored by then, so a failure is logged and the answer stands.
 */
export const markPaymentPaid = handler< 'markPaymentPaid' >(
	async ( request ) => {
		const caller = requireAdministrator( request );
		const { paymentsAdmin, wordpress } = request.server.services;
		const marked = await paymentsAdmin.markPaid(
			request.params.paymentId,
			caller
		);
		if ( marked.outcome === 'not-found' ) {
			throw notFound( ADMIN_PAYMENT_NOT_FOUND_MESSAGE );
		}
		if ( marked.outcome === 'already-paid' ) {
			throw new HttpError( 409, ALREADY_PAID_MESSAGE );
		}
		const { payment } = marked;
		const { gross, net } = payment.amount;
		try {
			const sent = await wordpress.sendPaymentMail( payment.wpUserId, {
				event: 'paid',
				payment: payment.id,
				gross: gross.value,
				net: net?.value ?? null,
				currency: gross.currency,
				method: payment.method.type,
				paidDate: payment.paidDate,
			} );
			if ( ! sent ) {
				request.log.warn(
					{ paymentId: payment.id, wpUserId: payment.wpUserId },
					'payments: the paid mail found no WordPress user'
				);
			}
		} catch ( error ) {
			request.log.warn(
				{ err: error, paymentId: payment.id },
				'payments: the paid mail could not be sent'
			);
		}
		return answerOf( request, payment );
	}
);

/**
 * The requests paid in a period, for accounting: every field the books need, the destination in full (the bank
 * transfers are reconciled by IBAN), amounts in euros with the withholding (gross − net) spelled out.
 */
export const exportPaidPayments = handler< 'exportPaidPayments' >(
	async ( request ) => {
		requireAdministrator( request );
		const { from, to, start, limit } = request.query;
		if ( to < from ) {
			throw badRequest( EXPORT_PERIOD_ORDER_MESSAGE );
		}
		if ( ! withinAYear( from, to ) ) {
			throw badRequest( EXPORT_PERIOD_LENGTH_MESSAGE );
		}
		const page = await request.server.services.paymentsAdmin.paidBetween( {
			from,
			to,
			start,
			limit,
		} );
		return {
			...page,
			from,
			to,
			results: page.results.map(
				( { grossCents, netCents, ...row } ) => ( {
					...row,
					gross: euros( grossCents ),
					net: netCents === null ? null : euros( netCents ),
					withholding:
						netCents === null
							? null
							: euros( grossCents - netCents ),
				} )
			),
		};
	}
);
