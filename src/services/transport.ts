import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';

import { toApiError, type ApiError } from './api-error';
import type { TransportState } from './transport-state';

interface StateSource {
	getState: () => TransportState;
}

/**
 * api-fetch is one object per page (WordPress's `wp.apiFetch`), and older WordPress versions cannot
 * unregister a middleware, so the middleware is registered once and reads the store it is bound to.
 */
let boundStore: StateSource | null = null;
let middlewareRegistered = false;

const isUnder = ( url: string, base: string ): boolean =>
	url === base ||
	url.startsWith( `${ base }/` ) ||
	url.startsWith( `${ base }?` );

/**
 * Adds the bearer token to calls for our API (and only those: WordPress's own api-fetch calls on the same
 * page must not leak it) and tells both our API and admin-ajax the interface language.
 *
 * @param options The request options.
 * @param next    The rest of the chain.
 */
const crowdscoutMiddleware: APIFetchMiddleware = ( options, next ) => {
	if ( ! boundStore || typeof options.url !== 'string' ) {
		return next( options );
	}
	const { config, auth } = boundStore.getState();
	const toApi = isUnder( options.url, config.apiBase );
	if ( ! toApi && ! isUnder( options.url, config.ajaxUrl ) ) {
		return next( options );
	}
	const headers: Record< string, string > = {
		...options.headers,
		'Accept-Language': config.locale,
	};
	if ( toApi && auth.token ) {
		headers.Authorization = `Bearer ${ auth.token }`;
	}
	return next( { ...options, headers } );
};

/**
 * Points the transport at a store. Called once per page by the runtime, and per test by the test helpers.
 *
 * @param store The store whose token and configuration requests should use.
 */
export function bindTransport( store: StateSource ): void {
	boundStore = store;
	if ( ! middlewareRegistered ) {
		apiFetch.use( crowdscoutMiddleware );
		middlewareRegistered = true;
	}
}

export type RequestResult =
	| { response: Response; error?: undefined }
	| { error: ApiError; response?: undefined };

export interface RequestOptions {
	url: string;
	method?: string;
	headers?: Record< string, string >;
	/** JSON-encoded by api-fetch. */
	data?: unknown;
	/** Sent as is (form-encoded strings, FormData). */
	body?: BodyInit;
	signal?: AbortSignal;
}

/**
 * The one place requests leave through. `parse: false` keeps the status code visible: api-fetch then
 * resolves with the Response on 2xx and rejects with it otherwise.
 *
 * @param options What to send.
 */
export async function request(
	options: RequestOptions
): Promise< RequestResult > {
	try {
		const response = await apiFetch< Response, false >( {
			...options,
			parse: false,
		} );
		return { response };
	} catch ( thrown ) {
		return { error: await toApiError( thrown ) };
	}
}
