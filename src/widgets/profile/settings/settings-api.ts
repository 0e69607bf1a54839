import { createAsyncThunk } from '@reduxjs/toolkit';

import { api } from '../../../services/api';
import {
	fetchNonce,
	postAjax,
	type AjaxEnvelope,
} from '../../../services/ajax';
import { FALLBACK_MESSAGE } from '../../../services/api-error';
import type { AnswerOf, BodyOf } from '../../../services/contract';
import type { TransportState } from '../../../services/transport-state';

export const settingsApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		deleteMe: build.mutation<
			AnswerOf< 'deleteMe' >,
			BodyOf< 'deleteMe' >
		>( {
			query: ( body ) => ( {
				url: '/users/me',
				method: 'DELETE',
				body,
			} ),
		} ),
	} ),
} );

export const { useDeleteMeMutation } = settingsApi;

/**
 * How a personal-data request ended. `genericError`: WordPress said GENERIC_ERROR ("There was an error");
 * `failed`: any other refusal, with WordPress's own sentence.
 */
export type DataRequestOutcome =
	| { kind: 'sent' }
	| { kind: 'genericError' }
	/** appq_get_nonce gave no nonce: "Nonce not found". */
	| { kind: 'nonceNotFound' }
	| { kind: 'failed'; message: string };

const GENERIC_ERROR = 'GENERIC_ERROR';

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null;

/**
 * Reads the `wp_send_json_*` answer of `appq_personal_data_request`: the error's data is the code itself, or an
 * object with a `code` and a `message`.
 *
 * @param body The parsed answer.
 */
export function readDataRequestAnswer( body: unknown ): DataRequestOutcome {
	const envelope = body as Partial< AjaxEnvelope< unknown > >;
	if ( envelope?.success === true ) {
		return { kind: 'sent' };
	}
	const data = envelope?.data;
	const code = isObject( data ) ? data.code : data;
	const message = isObject( data ) ? data.message : data;
	if ( code === GENERIC_ERROR || message === GENERIC_ERROR ) {
		return { kind: 'genericError' };
	}
	return typeof message === 'string' && message.trim() !== ''
		? { kind: 'failed', message }
		: { kind: 'genericError' };
}

/**
 * The spec's "Request personal data": a nonce from `appq_get_nonce`, then `appq_personal_data_request`, which
 * files a WordPress personal-data export request (Tools → Export Personal Data) and mails the confirmation.
 */
export const requestPersonalData = createAsyncThunk<
	DataRequestOutcome,
	void,
	{ state: TransportState }
>( 'profile/requestPersonalData', async ( _, { getState } ) => {
	const { ajaxUrl, locale } = getState().config;
	const nonceAnswer = await fetchNonce( ajaxUrl );
	if ( nonceAnswer.nonce === null ) {
		return nonceAnswer.unreachable
			? { kind: 'failed', message: FALLBACK_MESSAGE }
			: { kind: 'nonceNotFound' };
	}
	const answer = await postAjax( ajaxUrl, 'appq_personal_data_request', {
		security: nonceAnswer.nonce,
		// WordPress answers in the page's language.
		locale,
	} );
	if ( 'error' in answer ) {
		// wp_send_json_error answers with an error status; the transport keeps WordPress's sentence, if any.
		return answer.error.message === FALLBACK_MESSAGE
			? { kind: 'genericError' }
			: { kind: 'failed', message: answer.error.message };
	}
	return readDataRequestAnswer( answer.body );
} );
