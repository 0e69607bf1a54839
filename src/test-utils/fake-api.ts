import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';

/** One request as it left the transport, after every api-fetch middleware. */
export interface RecordedRequest {
	method: string;
	url: URL;
	/** Path without the API base or the ajax URL, e.g. `/users/me` or `crowdscout_refresh_token`. */
	route: string;
	headers: Record< string, string >;
	body: unknown;
}

export interface FakeAnswer {
	status: number;
	body?: unknown;
}

type Handler = (
	request: RecordedRequest
) => FakeAnswer | Promise< FakeAnswer >;

export interface FakeApiOptions {
	apiBase: string;
	ajaxUrl: string;
	/** Tokens the API accepts; anything else is expired (401) and no token at all is 403, as in the contract. */
	validTokens?: string[];
}

const json = ( status: number, body: unknown ): FakeAnswer => ( {
	status,
	body,
} );

/** The API's error body (docs/contracts.md, "Error bodies"). */
export const apiError = ( status: number, message: string ): FakeAnswer =>
	json( status, { status, error: 'Error', message } );

/**
 * A stand-in for the API and admin-ajax behind api-fetch's fetch handler: routes by method and path,
 * checks the bearer token like the API does, and answers with real Responses and status codes. Routes
 * not set up answer 404 so a test never passes on a request it did not expect.
 */
export class FakeApi {
	readonly requests: RecordedRequest[] = [];

	private readonly routes = new Map< string, Handler >();

	/** Routes the API serves without a token (sign-up, the email check). */
	private readonly publicRoutes = new Set< string >();

	private readonly ajaxActions = new Map< string, Handler >();

	private validTokens: Set< string >;

	private holds: Array< {
		matches: ( request: RecordedRequest ) => boolean;
		until: Promise< unknown >;
	} > = [];

	constructor( private readonly options: FakeApiOptions ) {
		this.validTokens = new Set( options.validTokens ?? [ 'token-1' ] );
		apiFetch.setFetchHandler( ( request ) => this.handle( request ) );
	}

	/**
	 * Answers `METHOD /path` (query string ignored) with a fixed answer or a function of the request.
	 *
	 * @param route        E.g. `GET /users/me`.
	 * @param answer       What to send back.
	 * @param options
	 * @param options.open Served without a token too, like sign-up.
	 */
	on(
		route: string,
		answer: FakeAnswer | Handler,
		{ open = false }: { open?: boolean } = {}
	): this {
		if ( open ) {
			this.publicRoutes.add( route );
		}
		this.routes.set(
			route,
			typeof answer === 'function' ? answer : () => answer
		);
		return this;
	}

	onAjax( action: string, answer: FakeAnswer | Handler ): this {
		this.ajaxActions.set(
			action,
			typeof answer === 'function' ? answer : () => answer
		);
		return this;
	}

	/**
	 * Keeps matching requests unanswered until `until` settles, to order answers in race tests.
	 *
	 * @param matches Which requests to hold.
	 * @param until   When to let them through.
	 */
	hold(
		matches: ( request: RecordedRequest ) => boolean,
		until: Promise< unknown >
	): this {
		this.holds.push( { matches, until } );
		return this;
	}

	acceptOnly( ...tokens: string[] ): this {
		this.validTokens = new Set( tokens );
		return this;
	}

	requestsTo( route: string ): RecordedRequest[] {
		return this.requests.filter(
			( request ) => `${ request.method } ${ request.route }` === route
		);
	}

	ajaxCalls( action: string ): RecordedRequest[] {
		return this.requests.filter(
			( request ) =>
				request.route === action &&
				request.url.href.startsWith( this.options.ajaxUrl )
		);
	}

	private async handle( options: APIFetchOptions ): Promise< unknown > {
		const url = new URL( options.url ?? '' );
		const headers = options.headers ?? {};
		// api-fetch's httpV1 middleware tunnels PUT/PATCH/DELETE through POST; the API honours the header.
		const method = (
			headers[ 'X-HTTP-Method-Override' ] ??
			options.method ??
			'GET'
		).toUpperCase();
		const base = `${ url.origin }${ url.pathname }`;
		const isAjax = base === this.options.ajaxUrl;
		const form =
			isAjax && typeof options.body === 'string'
				? new URLSearchParams( options.body )
				: null;
		const request: RecordedRequest = {
			method,
			url,
			// POST actions name themselves in the form, GET ones (appq_wp_logout) in the query.
			route: isAjax
				? form?.get( 'action' ) ??
				  url.searchParams.get( 'action' ) ??
				  ''
				: base.slice( this.options.apiBase.length ),
			headers,
			body: form ?? options.data ?? options.body,
		};
		this.requests.push( request );
		await Promise.all(
			this.holds
				.filter( ( hold ) => hold.matches( request ) )
				.map( ( hold ) => hold.until )
		);

		const answer = await ( isAjax
			? this.answerAjax( request )
			: this.answerApi( request ) );
		const response = new Response(
			answer.body === undefined ? null : JSON.stringify( answer.body ),
			{
				status: answer.status,
				headers: { 'Content-Type': 'application/json' },
			}
		);
		// What api-fetch's default handler does: resolve 2xx, reject with the Response otherwise.
		if ( options.parse === false ) {
			if ( response.ok ) {
				return response;
			}
			throw response;
		}
		if ( response.ok ) {
			return answer.body;
		}
		throw answer.body;
	}

	private answerApi(
		request: RecordedRequest
	): FakeAnswer | Promise< FakeAnswer > {
		const route = `${ request.method } ${ request.route }`;
		const authorization = request.headers.Authorization;
		if ( this.publicRoutes.has( route ) && ! authorization ) {
			return this.routes.get( route )!( request );
		}
		if ( ! authorization?.startsWith( 'Bearer ' ) ) {
			return apiError( 403, 'You are not logged in.' );
		}
		if (
			! this.validTokens.has( authorization.slice( 'Bearer '.length ) )
		) {
			return apiError( 401, 'Your session has expired.' );
		}
		const handler = this.routes.get(
			`${ request.method } ${ request.route }`
		);
		return handler
			? handler( request )
			: apiError(
					404,
					`No route ${ request.method } ${ request.route }`
			  );
	}

	private answerAjax(
		request: RecordedRequest
	): FakeAnswer | Promise< FakeAnswer > {
		const handler = this.ajaxActions.get( request.route );
		// admin-ajax answers an unknown action with a bare 400 "0".
		return handler ? handler( request ) : json( 400, 0 );
	}
}

/** A promise you settle from the test, to hold an answer while asserting the loading state. */
export function deferred< T >() {
	let resolve!: ( value: T ) => void;
	const promise = new Promise< T >( ( settle ) => {
		resolve = settle;
	} );
	return { promise, resolve };
}
