import { createAsyncThunk } from '@reduxjs/toolkit';
import apiFetch from '@wordpress/api-fetch';

import { api } from '../../../services/api';
import {
	MALFORMED_AJAX_MESSAGE,
	postAjax,
	type AjaxEnvelope,
} from '../../../services/ajax';
import {
	FALLBACK_MESSAGE,
	isResponse,
	readJsonBody,
} from '../../../services/api-error';
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
	const nonceAnswer = await postAjax( ajaxUrl, 'appq_get_nonce' );
	const nonce =
		'body' in nonceAnswer &&
		( nonceAnswer.body as Partial< AjaxEnvelope< unknown > > )?.success ===
			true
			? ( nonceAnswer.body as AjaxEnvelope< unknown > ).data
			: null;
	if ( 'error' in nonceAnswer && nonceAnswer.error.status === 0 ) {
		return { kind: 'failed', message: nonceAnswer.error.message };
	}
	if ( typeof nonce !== 'string' || nonce === '' ) {
		return { kind: 'nonceNotFound' };
	}
	return readDataRequestAnswer(
		await postForAnswer( ajaxUrl, 'appq_personal_data_request', {
			security: nonce,
			// WordPress answers in the page's language.
			locale,
		} )
	);
} );

/**
 * Posts an admin-ajax action and reads its answer whatever the status: `wp_send_json_error` may send its code
 * (GENERIC_ERROR) with a 4xx, where the shared transport keeps only a message. Unreadable or missing answers
 * become a refusal with the spec's words.
 *
 * @param ajaxUrl admin-ajax.php URL.
 * @param action  The `action` field.
 * @param fields  The other fields.
 */
async function postForAnswer(
	ajaxUrl: string,
	action: string,
	fields: Record< string, string >
): Promise< unknown > {
	let response: unknown;
	try {
		response = await apiFetch( {
			url: ajaxUrl,
			method: 'POST',
			headers: {
				'Content-Type':
					'application/x-www-form-urlencoded; charset=UTF-8',
			},
			body: new URLSearchParams( { action, ...fields } ).toString(),
			parse: false,
		} );
	} catch ( thrown ) {
		response = thrown;
	}
	if ( ! isResponse( response ) ) {
		return { success: false, data: { message: FALLBACK_MESSAGE } };
	}
	const body = await readJsonBody( response );
	return body === undefined
		? { success: false, data: { message: MALFORMED_AJAX_MESSAGE } }
		: body;
}
