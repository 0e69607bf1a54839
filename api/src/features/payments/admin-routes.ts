import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { requireAuth, type AuthContext } from '../../lib/auth.ts';
import { HttpError, forbidden, notFound } from '../../lib/errors.ts';
import type { AdminPaymentRow } from './admin-repository.ts';

/** WordPress's role of the site's administrators, as the token's `role` claim carries it (plugin class-jwt.php). */
export const ADMINISTRATOR_ROLE = 'administrator';

export const ADMINISTRATORS_ONLY_MESSAGE = 'Only administrators may do this.';
export const ADMIN_PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const ALREADY_PAID_MESSAGE = 'This payment request is already paid';

/**
 * The caller, when WordPress minted the token for an administrator. An administrator need not be a tester: no
 * tester row is read.
 *
 * @param request
 * @throws HttpError 403 for anyone else.
 */
function requireAdministrator( request: FastifyRequest ): AuthContext {
	const auth = requireAuth( request );
	if ( auth.claims.role !== ADMINISTRATOR_ROLE ) {
		throw forbidden( ADMINISTRATORS_ONLY_MESSAGE );
	}
	return auth;
}

/**
 * A request as the contract answers it, its receipt as a URL signed now.
 *
 * @param request
 * @param row
 */
function answerOf( request: FastifyRequest, row: AdminPaymentRow ) {
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
		requireAdministrator( request );
		const { paymentsAdmin, wordpress } = request.server.services;
		const marked = await paymentsAdmin.markPaid( request.params.paymentId );
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
