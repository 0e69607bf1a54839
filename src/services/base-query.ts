import type { BaseQueryFn } from '@reduxjs/toolkit/query';

import { FALLBACK_MESSAGE, readJsonBody, type ApiError } from './api-error';
import { refreshTokenOnce } from './ajax';
import { request, type RequestOptions } from './transport';
import type { TransportState } from './transport-state';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
	/** Path under the API base, e.g. `/users/me`. */
	url: string;
	method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** Nested objects become `key[sub]=value`, the spec's `filterBy[campaign]=1`. */
	params?: Record< string, QueryValue | Record< string, QueryValue > >;
	/** JSON body; FormData is sent untouched (uploads). */
	body?: unknown;
}

export function toQueryString( params: ApiRequest[ 'params' ] ): string {
	const search = new URLSearchParams();
	const append = ( key: string, value: QueryValue ) => {
		if ( value !== undefined && value !== null ) {
			search.append( key, String( value ) );
		}
	};
	for ( const [ key, value ] of Object.entries( params ?? {} ) ) {
		if ( value !== null && typeof value === 'object' ) {
			for ( const [ sub, subValue ] of Object.entries( value ) ) {
				append( `${ key }[${ sub }]`, subValue );
			}
		} else {
			append( key, value );
		}
	}
	const query = search.toString();
	return query ? `?${ query }` : '';
}

function toRequestOptions(
	args: ApiRequest,
	apiBase: string,
	signal: AbortSignal
): RequestOptions {
	const options: RequestOptions = {
		url: `${ apiBase }${ args.url }${ toQueryString( args.params ) }`,
		method: args.method ?? 'GET',
		signal,
	};
	if ( typeof FormData !== 'undefined' && args.body instanceof FormData ) {
		options.body = args.body;
	} else if ( args.body !== undefined ) {
		options.data = args.body;
	}
	return options;
}

type Attempt =
	| { data: unknown; error?: undefined; sentWith: string | null }
	| { error: ApiError; data?: undefined; sentWith: string | null };

async function attempt(
	args: ApiRequest,
	getState: () => TransportState,
	signal: AbortSignal
): Promise< Attempt > {
	const { config, auth } = getState();
	// The middleware reads the token synchronously inside `request`, so this is the token that was sent.
	const sentWith = auth.token;
	const result = await request(
		toRequestOptions( args, config.apiBase, signal )
	);
	if ( result.error ) {
		return { error: result.error, sentWith };
	}
	const data = await readJsonBody( result.response );
	if ( data === undefined ) {
		return {
			error: {
				status: result.response.status,
				message: FALLBACK_MESSAGE,
			},
			sentWith,
		};
	}
	return { data, sentWith };
}

/**
 * RTK Query over api-fetch. A 401 means the token expired (docs/contracts.md): refresh it once through
 * admin-ajax and retry; when WordPress will not refresh it the user is logged out, which the API would
 * answer with 403, so that is what the caller sees and the login card follows.
 */
export const apiBaseQuery: BaseQueryFn<
	ApiRequest,
	unknown,
	ApiError
> = async ( args, { getState, dispatch, signal } ) => {
	const readState = getState as () => TransportState;
	const first = await attempt( args, readState, signal );
	if ( first.error?.status !== 401 ) {
		return first.error ? { error: first.error } : { data: first.data };
	}

	// Another request may already have refreshed the token while this one was in flight.
	const current = readState().auth.token;
	const alreadyRefreshed = current !== null && current !== first.sentWith;
	if ( ! alreadyRefreshed && ! ( await refreshTokenOnce( dispatch ) ) ) {
		return { error: { status: 403, message: first.error.message } };
	}

	const retry = await attempt( args, readState, signal );
	return retry.error ? { error: retry.error } : { data: retry.data };
};
