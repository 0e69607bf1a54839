import { createAsyncThunk } from '@reduxjs/toolkit';

import {
	FALLBACK_MESSAGE,
	messageFromBody,
	readJsonBody,
	type ApiError,
} from './api-error';
import { sessionEnded, tokenRefreshed } from './auth-slice';
import { request } from './transport';
import type { TransportState } from './transport-state';

/** The spec's message for an ajax answer we cannot read. */
export const MALFORMED_AJAX_MESSAGE = 'There was an error, please reload.';

/** What WordPress's `wp_send_json_success`/`wp_send_json_error` send. */
export interface AjaxEnvelope< T > {
	success: boolean;
	data: T;
}

/**
 * Posts one admin-ajax action, form-encoded as admin-ajax expects, and hands back the parsed body with the
 * status, since ajax actions answer errors in their body and sometimes with a 200.
 *
 * @param ajaxUrl admin-ajax.php URL from the page configuration.
 * @param action  The `action` field.
 * @param fields  The other fields.
 */
export async function postAjax(
	ajaxUrl: string,
	action: string,
	fields: Record< string, string > = {}
): Promise< { status: number; body: unknown } | { error: ApiError } > {
	const result = await request( {
		url: ajaxUrl,
		method: 'POST',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
		},
		body: new URLSearchParams( { action, ...fields } ).toString(),
	} );
	if ( result.response ) {
		const body = await readJsonBody( result.response );
		if ( body === undefined ) {
			return {
				error: {
					status: result.response.status,
					message: MALFORMED_AJAX_MESSAGE,
				},
			};
		}
		return { status: result.response.status, body };
	}
	return { error: result.error };
}

/** What `appq_get_nonce` gave: the nonce, or none, with whether WordPress could not be reached at all. */
export type NonceAnswer =
	| { nonce: string }
	| { nonce: null; unreachable: boolean };

/**
 * A fresh nonce for the account ajax actions (ajaxlogin, mcoptin, appq_personal_data_request), which take it as
 * `security`.
 *
 * @param ajaxUrl admin-ajax.php URL from the page configuration.
 */
export async function fetchNonce( ajaxUrl: string ): Promise< NonceAnswer > {
	const answer = await postAjax( ajaxUrl, 'appq_get_nonce' );
	if ( 'error' in answer ) {
		return { nonce: null, unreachable: answer.error.status === 0 };
	}
	const envelope = answer.body as Partial< AjaxEnvelope< unknown > >;
	return envelope?.success === true &&
		typeof envelope.data === 'string' &&
		envelope.data !== ''
		? { nonce: envelope.data }
		: { nonce: null, unreachable: false };
}

interface RefreshedToken {
	token: string;
	expiresAt: string | null;
}

function readRefreshedToken( body: unknown ): RefreshedToken | null {
	const envelope = body as Partial<
		AjaxEnvelope< Partial< RefreshedToken > >
	>;
	if (
		envelope?.success !== true ||
		typeof envelope.data?.token !== 'string' ||
		envelope.data.token === ''
	) {
		return null;
	}
	return {
		token: envelope.data.token,
		expiresAt:
			typeof envelope.data.expiresAt === 'string'
				? envelope.data.expiresAt
				: null,
	};
}

/**
 * Asks WordPress for a fresh bearer token for the logged-in user (docs/contracts.md, "Token refresh").
 * Any failure ends the session in the store: the caller shows the login card.
 */
export const refreshToken = createAsyncThunk<
	RefreshedToken,
	void,
	{ state: TransportState; rejectValue: ApiError }
>(
	'auth/refreshToken',
	async ( _, { getState, dispatch, rejectWithValue } ) => {
		const { ajaxUrl, nonces } = getState().config;
		const result = await postAjax( ajaxUrl, 'crowdscout_refresh_token', {
			_ajax_nonce: nonces.token,
		} );
		const refreshed =
			'body' in result ? readRefreshedToken( result.body ) : null;
		if ( refreshed ) {
			dispatch( tokenRefreshed( refreshed ) );
			return refreshed;
		}
		dispatch( sessionEnded() );
		if ( 'error' in result ) {
			return rejectWithValue( result.error );
		}
		return rejectWithValue( {
			status: result.status,
			message: messageFromBody( result.body ) ?? FALLBACK_MESSAGE,
		} );
	}
);

type RefreshDispatch = (
	action: ReturnType< typeof refreshToken >
) => Promise< unknown >;

let refreshInFlight: Promise< boolean > | null = null;

/**
 * Several requests can hit 401 at once when the token expires; they all wait for one refresh instead of
 * each spending the nonce and racing to store a token.
 *
 * @param dispatch The store's dispatch.
 * @return Whether a fresh token is now in the store.
 */
export function refreshTokenOnce(
	dispatch: RefreshDispatch
): Promise< boolean > {
	if ( ! refreshInFlight ) {
		refreshInFlight = dispatch( refreshToken() )
			.then( ( action ) => refreshToken.fulfilled.match( action ) )
			.finally( () => {
				refreshInFlight = null;
			} );
	}
	return refreshInFlight;
}
