import { createAsyncThunk } from '@reduxjs/toolkit';

import { fetchNonce, postAjax, type AjaxEnvelope } from '../../services/ajax';
import { FALLBACK_MESSAGE } from '../../services/api-error';
import type { TransportState } from '../../services/transport-state';

/**
 * How asking WordPress for a confirmation mail ended (spec §8 "Email confirmation", "Nonce missing", "Mail
 * confirmation info failure"). `message` is WordPress's own sentence for a refusal, when it sent one.
 */
export type ConfirmationOutcome =
	| { kind: 'sent' }
	| { kind: 'nonceNotFound' }
	| { kind: 'refused'; message: string | null };

const messageOf = ( data: unknown ): string | null => {
	if ( typeof data === 'string' && data.trim() !== '' ) {
		return data;
	}
	if ( typeof data === 'object' && data !== null && 'message' in data ) {
		const { message } = data as { message: unknown };
		return typeof message === 'string' && message.trim() !== ''
			? message
			: null;
	}
	return null;
};

/**
 * The spec's sequence: a nonce from `appq_get_nonce`, then `mcoptin` with it as `security`; WordPress mails
 * the tester a link back to this page with a `confirm_email` token.
 */
export const requestEmailConfirmation = createAsyncThunk<
	ConfirmationOutcome,
	void,
	{ state: TransportState }
>( 'profile/requestEmailConfirmation', async ( _, { getState } ) => {
	const { ajaxUrl } = getState().config;
	const { nonce } = await fetchNonce( ajaxUrl );
	if ( nonce === null ) {
		return { kind: 'nonceNotFound' };
	}
	const answer = await postAjax( ajaxUrl, 'mcoptin', { security: nonce } );
	if ( 'error' in answer ) {
		// wp_send_json_error answers with an error status too; its message, when it has one, is WordPress's.
		const { status, message } = answer.error;
		return {
			kind: 'refused',
			message:
				status === 0 || message === FALLBACK_MESSAGE ? null : message,
		};
	}
	const envelope = answer.body as Partial< AjaxEnvelope< unknown > > | null;
	if ( envelope?.success === true ) {
		return { kind: 'sent' };
	}
	return { kind: 'refused', message: messageOf( envelope?.data ) };
} );
