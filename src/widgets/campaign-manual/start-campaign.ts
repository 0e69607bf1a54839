import { fetchNonce, postAjax, type AjaxEnvelope } from '../../services/ajax';
import { FALLBACK_MESSAGE, messageFromBody } from '../../services/api-error';

/** How starting went: done, or refused with the server's sentence when it sent one. */
export type StartOutcome =
	| { started: true; startedAt: string | null }
	| { started: false; message: string | null };

/**
 * Accepts the campaign's contract through the admin-ajax action `start_tester_activities` (form fields `cp_id`
 * and `security`, a fresh nonce), which WordPress forwards to the API's start call.
 *
 * @param ajaxUrl    admin-ajax.php URL from the page configuration.
 * @param campaignId The campaign.
 */
export async function startCampaign(
	ajaxUrl: string,
	campaignId: number
): Promise< StartOutcome > {
	const nonce = await fetchNonce( ajaxUrl );
	if ( nonce.nonce === null ) {
		return { started: false, message: null };
	}
	const answer = await postAjax( ajaxUrl, 'start_tester_activities', {
		cp_id: String( campaignId ),
		security: nonce.nonce,
	} );
	if ( 'error' in answer ) {
		return {
			started: false,
			message:
				answer.error.status !== 0 &&
				answer.error.message !== FALLBACK_MESSAGE
					? answer.error.message
					: null,
		};
	}
	const envelope = answer.body as Partial<
		AjaxEnvelope< { startedAt?: unknown } | null >
	> | null;
	if ( envelope?.success === true ) {
		const startedAt = envelope.data?.startedAt;
		return {
			started: true,
			startedAt: typeof startedAt === 'string' ? startedAt : null,
		};
	}
	return { started: false, message: messageFromBody( answer.body ) };
}
