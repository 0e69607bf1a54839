import { handler } from '../../contract/handler.ts';
import { requireAuth } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { normaliseEmail } from '../me/repository.ts';
import { requireTester } from '../me/require-tester.ts';

export const INVALID_CONFIRMATION_MESSAGE =
	'This confirmation link is not valid or has expired.';

/**
 * POST /users/me/email_confirmation: the link WordPress mailed (`mcoptin`) confirms the caller's email when it was
 * minted for the caller and for the address the caller has now, and has not expired. Confirming twice is fine.
 */
export const confirmMyEmail = handler< 'confirmMyEmail' >(
	async ( request ) => {
		const { wpUserId } = requireAuth( request );
		const tester = await requireTester( request );
		const { emailConfirmation } = request.server.services;
		const claims = emailConfirmation.tokens.verify( request.body.token );
		const valid =
			claims !== null &&
			claims.sub === String( wpUserId ) &&
			normaliseEmail( claims.email ) === normaliseEmail( tester.email ) &&
			( await emailConfirmation.repository.confirm(
				tester.id,
				tester.email
			) );
		if ( ! valid ) {
			throw badRequest( INVALID_CONFIRMATION_MESSAGE );
		}
		return { email_confirmed: true };
	}
);
