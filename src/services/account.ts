import { createAsyncThunk } from '@reduxjs/toolkit';

import { fetchNonce, postAjax } from './ajax';
import { request } from './transport';
import type { TransportState } from './transport-state';

/**
 * How a login attempt through the ajax layer ended (spec §4 "Login", §8). Components turn each kind into the
 * catalogue's words; `message` carries the server's own sentence where the client has none of its own.
 */
export type LoginOutcome =
	| { kind: 'success' }
	| { kind: 'wrongCredentials' }
	| { kind: 'twoFactor'; message: string }
	| { kind: 'throttled'; message: string }
	/** appq_get_nonce gave no nonce: "Nonce not found". */
	| { kind: 'nonceNotFound' }
	/** An answer that is not the expected JSON: "There was an error, please reload." */
	| { kind: 'malformed' }
	/** Anything else: "Something went wrong, try again to login". */
	| { kind: 'failed' };

export interface Credentials {
	/** The email (ajaxlogin calls it username). */
	username: string;
	password: string;
}

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null;

/**
 * Reads ajaxlogin's `{loggedin, message, error}` answer (docs/contracts.md, "Account ajax actions").
 *
 * @param body The parsed answer.
 */
export function readLoginAnswer( body: unknown ): LoginOutcome {
	if ( ! isObject( body ) || typeof body.loggedin !== 'boolean' ) {
		return { kind: 'malformed' };
	}
	if ( body.loggedin ) {
		return { kind: 'success' };
	}
	const message = typeof body.message === 'string' ? body.message : '';
	switch ( body.error ) {
		case 'invalid_credentials':
			return { kind: 'wrongCredentials' };
		case 'two_factor':
			return { kind: 'twoFactor', message };
		case 'throttled':
			return { kind: 'throttled', message };
		case 'invalid_nonce':
			return { kind: 'malformed' };
		default:
			return { kind: 'failed' };
	}
}

/**
 * The spec's login sequence: a fresh nonce from `appq_get_nonce`, then `ajaxlogin` with the email, the
 * password and that nonce. WordPress sets its session cookie on success; the caller then navigates.
 */
export const logIn = createAsyncThunk<
	LoginOutcome,
	Credentials,
	{ state: TransportState }
>( 'account/logIn', async ( { username, password }, { getState } ) => {
	const { ajaxUrl } = getState().config;
	const nonceAnswer = await fetchNonce( ajaxUrl );
	if ( nonceAnswer.nonce === null ) {
		return nonceAnswer.unreachable
			? { kind: 'failed' }
			: { kind: 'nonceNotFound' };
	}
	const { nonce } = nonceAnswer;
	const answer = await postAjax( ajaxUrl, 'ajaxlogin', {
		username,
		password,
		security: nonce,
	} );
	if ( 'error' in answer ) {
		return answer.error.status === 0 || answer.error.status >= 500
			? { kind: 'failed' }
			: { kind: 'malformed' };
	}
	return readLoginAnswer( answer.body );
} );

/**
 * `appq_wp_logout` (a GET, as the spec says), then a reload so that WordPress renders the page for a visitor.
 * Resolves false when WordPress refused (the page stays as it is and the caller says so).
 */
export const logOut = createAsyncThunk<
	boolean,
	{ reload?: () => void } | void,
	{ state: TransportState }
>( 'account/logOut', async ( options, { getState } ) => {
	const { ajaxUrl, nonces } = getState().config;
	const url = new URL( ajaxUrl );
	url.searchParams.set( 'action', 'appq_wp_logout' );
	url.searchParams.set( '_wpnonce', nonces.logout );
	const result = await request( { url: url.toString(), method: 'GET' } );
	if ( ! result.response ) {
		return false;
	}
	( options?.reload ?? ( () => window.location.reload() ) )();
	return true;
} );
