import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';

import type {
	ErrorBody,
	JsonOf,
	OperationId,
	operations,
	paths,
} from '../services/contract';
import { contractProblem } from './contract';

/** One request as it left the transport, after every api-fetch middleware. */
export interface RecordedRequest {
	method: string;
	url: URL;
	/** Path without the API base or the ajax URL, e.g. `/users/me` or `crowdscout_refresh_token`. */
	route: string;
	headers: Record< string, string >;
	body: unknown;
}

/** An answer of admin-ajax, or of the API before the contract has checked it. */
export interface FakeAnswer {
	status: number;
	body?: unknown;
}

type Handler< Answer = FakeAnswer > = (
	request: RecordedRequest
) => Answer | Promise< Answer >;

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** `/users/me/popups/{popupId}` → `/users/me/popups/${string}`. */
type Concrete< Path extends string > =
	Path extends `${ infer Head }{${ string }}${ infer Tail }`
		? `${ Head }${ string }${ Concrete< Tail > }`
		: Path;

/** The verbs a fake route may name for an operation's method: HEAD too for a GET, as the API answers it. */
type Verbs< M extends Method > =
	| Uppercase< M >
	| ( M extends 'get' ? 'HEAD' : never );

/** Every `METHOD /path` of the contract, e.g. `GET /users/me` or `GET /users/me/popups/${string}`. */
export type ApiRoute = {
	[ P in keyof paths ]: {
		[ M in Method ]: paths[ P ][ M ] extends undefined
			? never
			: `${ Verbs< M > } ${ Concrete< P > }`;
	}[ Method ];
}[ keyof paths ];

/** The operation a route reaches. */
type OperationAt< Route > = {
	[ P in keyof paths ]: {
		[ M in Method ]: Route extends `${ Verbs< M > } ${ Concrete< P > }`
			? NonNullable< paths[ P ][ M ] >
			: never;
	}[ Method ];
}[ keyof paths ];

/** One status the operation declares with its body; `default` stands for any other status. */
type Answers< Operation > = Operation extends { responses: infer Responses }
	? {
			[ Status in keyof Responses ]: JsonOf<
				Responses[ Status ]
			> extends undefined
				? {
						status: Status extends number ? Status : number;
						body?: undefined;
				  }
				: {
						status: Status extends number ? Status : number;
						body: JsonOf< Responses[ Status ] >;
				  };
	  }[ keyof Responses ]
	: never;

/** What the fake may answer for an operation: a status the contract declares, with the body it declares. */
export type ApiAnswer< Id extends OperationId > = Answers< operations[ Id ] >;

/** HEAD answers GET's statuses; the body may be left out, as a real HEAD answer has none. */
type WithoutBody< Answer > = Answer extends {
	status: infer Status;
	body?: infer Body;
}
	? { status: Status; body?: Body }
	: never;

/**
 * A route the contract does not have, made up by a test of shared machinery (a list component, the transport):
 * `/test-` names it as such, and its answers are not checked.
 */
export type MadeUpRoute = `${ string } /test-${ string }`;

export type AnswerTo< Route > = Route extends MadeUpRoute
	? FakeAnswer
	: Route extends `HEAD ${ string }`
	? WithoutBody< Answers< OperationAt< Route > > >
	: Answers< OperationAt< Route > >;

/** Answers that do not match api/openapi.yaml, gathered until the test ends (setup-tests.ts fails it). */
const contractViolations: string[] = [];

export function takeContractViolations(): string[] {
	return contractViolations.splice( 0 );
}

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
export const apiError = (
	status: number,
	message: string
): { status: number; body: ErrorBody } => ( {
	status,
	body: { status, error: 'Error', message },
} );

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
	 * Answers `METHOD /path` (query string ignored) with a fixed answer or a function of the request. The route
	 * must be an operation of the contract and the answer one it declares (checked when compiled, and when sent).
	 *
	 * @param route        E.g. `GET /users/me`.
	 * @param answer       What to send back.
	 * @param options
	 * @param options.open Served without a token too, like sign-up.
	 */
	on< Route extends ApiRoute | MadeUpRoute >(
		route: Route,
		answer: AnswerTo< Route > | Handler< AnswerTo< Route > >,
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
		if (
			! isAjax &&
			base.startsWith( this.options.apiBase ) &&
			! request.route.startsWith( '/test-' )
		) {
			const problem = contractProblem(
				method,
				request.route,
				answer.status,
				answer.body
			);
			if ( problem ) {
				contractViolations.push( problem );
			}
		}
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
