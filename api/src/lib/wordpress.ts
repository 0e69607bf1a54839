import http from 'node:http';
import https from 'node:https';
import {
	CHANNEL_NAMESPACE,
	signInternalRequest,
	type KeyMaterial,
} from './channel.ts';
import { HttpError } from './errors.ts';

/**
 * Client of the internal channel: WordPress owns identity, so every user-level action (create, check or change
 * a password, change the email or the names, delete, read the role, list a role's users) is asked of it over signed HTTP
 * (docs/contracts.md).
 * Expected refusals come back as values; anything else (no answer, timeout, 5xx, a refused signature, an
 * answer that breaks the contract) is a WordPressUnavailableError, which the error handler answers with 502.
 */

export interface WordPressUser {
	id: number;
	username: string;
	email: string;
	role: string;
}

export interface WordPressRole {
	id: number;
	role: string;
	roles: string[];
}

/** A user of the list route: names as plain text. */
export interface WordPressListedUser {
	id: number;
	email: string;
	name: string;
	surname: string;
	roles: string[];
}

export interface WordPressUserPage {
	users: WordPressListedUser[];
	/** The `after` of the next page; null on the last. */
	next: number | null;
}

export type CreateUserResult =
	| { ok: true; user: WordPressUser }
	| { ok: false; reason: 'email_exists' }
	| { ok: false; reason: 'invalid_input'; message: string };

export interface WordPressClient {
	createUser: ( input: {
		email: string;
		password: string;
		name: string;
		surname: string;
	} ) => Promise< CreateUserResult >;
	/**
	 * The user when the password is right, null when the credentials are wrong. `ip` is the client's address,
	 * for WordPress's login throttle; a throttled login throws a 429 HttpError with WordPress's message and
	 * Retry-After (WordPress's `retryAfter`).
	 */
	checkPassword: ( input: {
		username: string;
		password: string;
		ip?: string;
	} ) => Promise< WordPressUser | null >;
	/** Asks WordPress to send the welcome mail; false when the user does not exist. */
	sendWelcome: ( id: number, locale: string ) => Promise< boolean >;
	changePassword: (
		id: number,
		input: { oldPassword: string; password: string }
	) => Promise< 'changed' | 'wrong_password' | 'not_found' >;
	changeEmail: (
		id: number,
		email: string
	) => Promise< 'changed' | 'email_exists' | 'not_found' >;
	/** WordPress's first name, last name and display name ("Name Surname"). */
	changeNames: (
		id: number,
		names: { name: string; surname: string }
	) => Promise< 'changed' | 'not_found' >;
	deleteUser: ( id: number ) => Promise< 'deleted' | 'not_found' >;
	readRole: ( id: number ) => Promise< WordPressRole | null >;
	/** One page of the users with `role`, by id, those above `after`. */
	listUsers: ( input: {
		role: string;
		after: number;
		limit?: number;
	} ) => Promise< WordPressUserPage >;
	/** The site's settings the API follows (Settings → Crowdscout). */
	readSettings: () => Promise< WordPressSettings >;
	/**
	 * Asks WordPress to mail the tester about a payment request, in the language they last used on the site;
	 * false when the user does not exist.
	 */
	sendPaymentMail: ( id: number, mail: PaymentMail ) => Promise< boolean >;
}

/** What a payment mail tells: POST /internal/users/{id}/payment-mail (docs/contracts.md). */
export interface PaymentMail {
	/** `received` when the request is created, `paid` when the back office marks it paid. */
	event: 'received' | 'paid';
	/** The request's id. */
	payment: number;
	/** Currency units, two decimals. */
	gross: number;
	net: number | null;
	currency: string;
	method: 'paypal' | 'iban';
	/** YYYY-MM-DD, for `paid`. */
	paidDate: string | null;
}

export interface WordPressSettings {
	/** "Public user pages": whether bugs' public views (/vdp/{id}/{token}) answer. */
	publicUserPages: boolean;
}

/** Used when WordPress refuses a throttled login without saying how long to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Used when WordPress refuses a throttled login without a sentence of its own. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
	'Too many failed login attempts. Try again later or reset your password.';

export const WORDPRESS_UNAVAILABLE_MESSAGE =
	'The identity service (WordPress) is not answering. Please try again in a moment.';

export class WordPressUnavailableError extends HttpError {
	/** For the logs only: the client gets the fixed message above. */
	readonly detail: string;

	constructor( detail: string, options?: { cause?: unknown } ) {
		super( 502, WORDPRESS_UNAVAILABLE_MESSAGE, options );
		this.name = 'WordPressUnavailableError';
		this.detail = detail;
	}
}

export interface WordPressClientOptions {
	/** WordPress base URL, e.g. http://127.0.0.1:8081 (the channel lives under /wp-json). */
	baseUrl: string;
	key: KeyMaterial;
	timeoutMs?: number;
}

interface Answer {
	status: number;
	body: Record< string, unknown >;
}

const isRecord = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

function toUserId( value: unknown ): number | null {
	const id =
		typeof value === 'string' && /^\d+$/.test( value )
			? Number( value )
			: value;
	return typeof id === 'number' && Number.isSafeInteger( id ) && id > 0
		? id
		: null;
}

export function createWordPressClient( {
	baseUrl,
	key,
	timeoutMs = 5000,
}: WordPressClientOptions ): WordPressClient {
	const base = baseUrl.replace( /\/+$/, '' );

	async function call(
		method: string,
		path: string,
		payload?: unknown
	): Promise< Answer > {
		const route = `${ CHANNEL_NAMESPACE }${ path }`;
		const body = payload === undefined ? '' : JSON.stringify( payload );
		const headers: Record< string, string > = {
			accept: 'application/json',
			...signInternalRequest( key, method, route, body ),
		};
		if ( body ) {
			headers[ 'content-type' ] = 'application/json';
			headers[ 'content-length' ] = String( Buffer.byteLength( body ) );
		}
		let response: Exchanged;
		try {
			response = await exchange(
				new URL( `${ base }/wp-json${ route }` ),
				method,
				headers,
				body,
				timeoutMs
			);
		} catch ( error ) {
			throw new WordPressUnavailableError(
				`${ method } ${ route }: no answer (${ describe( error ) })`,
				{
					cause: error,
				}
			);
		}
		const { text } = response;
		let parsed: unknown;
		try {
			parsed = text ? JSON.parse( text ) : {};
		} catch {
			parsed = undefined;
		}
		if ( ! isRecord( parsed ) ) {
			throw new WordPressUnavailableError(
				`${ method } ${ route }: answered ${ response.status } with a body that is not a JSON object`
			);
		}
		if ( response.status === 401 ) {
			// A refused signature is a deployment fault (different secrets, clocks apart), never the user's.
			throw new WordPressUnavailableError(
				`${ method } ${ route }: WordPress refused the channel signature (${ String(
					parsed.code ?? 'no code'
				) }); check that both sides share CROWDSCOUT_SECRET and that their clocks agree`
			);
		}
		if ( response.status >= 500 ) {
			throw new WordPressUnavailableError(
				`${ method } ${ route }: answered ${ response.status }`
			);
		}
		return { status: response.status, body: parsed };
	}

	function unexpected( method: string, path: string, answer: Answer ): never {
		throw new WordPressUnavailableError(
			`${ method } ${ CHANNEL_NAMESPACE }${ path }: unexpected answer ${
				answer.status
			} ${ JSON.stringify( answer.body ).slice( 0, 200 ) }`
		);
	}

	function toUser(
		method: string,
		path: string,
		answer: Answer
	): WordPressUser {
		const { body } = answer;
		const id = toUserId( body.id );
		if ( id === null || typeof body.email !== 'string' ) {
			unexpected( method, path, answer );
		}
		return {
			id,
			username: typeof body.username === 'string' ? body.username : '',
			email: body.email,
			role: typeof body.role === 'string' ? body.role : '',
		};
	}

	return {
		async createUser( input ) {
			const path = '/internal/users';
			const answer = await call( 'POST', path, input );
			if ( answer.status === 201 || answer.status === 200 ) {
				return { ok: true, user: toUser( 'POST', path, answer ) };
			}
			if ( answer.status === 409 ) {
				return { ok: false, reason: 'email_exists' };
			}
			if ( answer.status === 400 ) {
				const message =
					typeof answer.body.message === 'string'
						? answer.body.message
						: 'Invalid input';
				return { ok: false, reason: 'invalid_input', message };
			}
			return unexpected( 'POST', path, answer );
		},

		async checkPassword( input ) {
			const path = '/internal/users/check-password';
			const answer = await call( 'POST', path, input );
			if ( answer.status === 200 ) {
				return toUser( 'POST', path, answer );
			}
			if ( answer.status === 422 ) {
				return null;
			}
			if ( answer.status === 429 ) {
				throw new HttpError(
					429,
					typeof answer.body.message === 'string'
						? answer.body.message
						: TOO_MANY_ATTEMPTS_MESSAGE,
					{
						headers: {
							'retry-after': String( retryAfter( answer ) ),
						},
					}
				);
			}
			return unexpected( 'POST', path, answer );
		},

		async sendWelcome( id, locale ) {
			const path = `/internal/users/${ id }/welcome`;
			const answer = await call( 'POST', path, { locale } );
			if ( answer.status === 202 || answer.status === 200 ) {
				return true;
			}
			if ( answer.status === 404 ) {
				return false;
			}
			return unexpected( 'POST', path, answer );
		},

		async changePassword( id, input ) {
			const path = `/internal/users/${ id }/password`;
			const answer = await call( 'PUT', path, input );
			switch ( answer.status ) {
				case 200:
					return 'changed';
				case 417:
					return 'wrong_password';
				case 404:
					return 'not_found';
			}
			return unexpected( 'PUT', path, answer );
		},

		async changeEmail( id, email ) {
			const path = `/internal/users/${ id }/email`;
			const answer = await call( 'PUT', path, { email } );
			switch ( answer.status ) {
				case 200:
					return 'changed';
				case 409:
					return 'email_exists';
				case 404:
					return 'not_found';
			}
			return unexpected( 'PUT', path, answer );
		},

		async changeNames( id, names ) {
			const path = `/internal/users/${ id }/names`;
			const answer = await call( 'PUT', path, {
				name: names.name,
				surname: names.surname,
			} );
			switch ( answer.status ) {
				case 200:
					return 'changed';
				case 404:
					return 'not_found';
			}
			return unexpected( 'PUT', path, answer );
		},

		async deleteUser( id ) {
			const path = `/internal/users/${ id }`;
			const answer = await call( 'DELETE', path );
			if ( answer.status === 200 ) {
				return 'deleted';
			}
			if ( answer.status === 404 ) {
				return 'not_found';
			}
			return unexpected( 'DELETE', path, answer );
		},

		async readRole( id ) {
			const path = `/internal/users/${ id }/role`;
			const answer = await call( 'GET', path );
			if ( answer.status === 404 ) {
				return null;
			}
			const userId = toUserId( answer.body.id );
			const roles = answer.body.roles;
			if (
				answer.status !== 200 ||
				userId === null ||
				! Array.isArray( roles ) ||
				! roles.every( ( role ) => typeof role === 'string' )
			) {
				return unexpected( 'GET', path, answer );
			}
			const role =
				typeof answer.body.role === 'string'
					? answer.body.role
					: roles[ 0 ] ?? '';
			return { id: userId, role, roles };
		},

		async listUsers( input ) {
			const path = '/internal/users/list';
			const answer = await call( 'POST', path, input );
			const { users, next } = answer.body;
			const nextId = next === null ? null : toUserId( next );
			if (
				answer.status !== 200 ||
				! Array.isArray( users ) ||
				( next !== null && nextId === null )
			) {
				return unexpected( 'POST', path, answer );
			}
			const listed = users.map( ( user: unknown ) =>
				toListedUser( user )
			);
			if ( listed.some( ( user ) => user === null ) ) {
				return unexpected( 'POST', path, answer );
			}
			return { users: listed as WordPressListedUser[], next: nextId };
		},

		async readSettings() {
			const path = '/internal/settings';
			const answer = await call( 'GET', path );
			if (
				answer.status !== 200 ||
				typeof answer.body.publicUserPages !== 'boolean'
			) {
				return unexpected( 'GET', path, answer );
			}
			return { publicUserPages: answer.body.publicUserPages };
		},

		async sendPaymentMail( id, mail ) {
			const path = `/internal/users/${ id }/payment-mail`;
			const answer = await call( 'POST', path, mail );
			if ( answer.status === 202 || answer.status === 200 ) {
				return true;
			}
			if ( answer.status === 404 ) {
				return false;
			}
			return unexpected( 'POST', path, answer );
		},
	};
}

function toListedUser( value: unknown ): WordPressListedUser | null {
	if ( ! isRecord( value ) ) {
		return null;
	}
	const id = toUserId( value.id );
	const text = ( field: unknown ) =>
		typeof field === 'string' ? field : '';
	if (
		id === null ||
		typeof value.email !== 'string' ||
		! Array.isArray( value.roles )
	) {
		return null;
	}
	return {
		id,
		email: value.email,
		name: text( value.name ),
		surname: text( value.surname ),
		roles: value.roles.filter(
			( role ): role is string => typeof role === 'string'
		),
	};
}

/**
 * Seconds WordPress's login throttle asks to wait (its `retryAfter`), a minute when it says nothing usable.
 *
 * @param answer
 */
function retryAfter( answer: Answer ): number {
	const seconds = answer.body.retryAfter;
	return typeof seconds === 'number' &&
		Number.isFinite( seconds ) &&
		seconds >= 1
		? Math.ceil( seconds )
		: DEFAULT_RETRY_AFTER_SECONDS;
}

function describe( error: unknown ): string {
	if ( error instanceof Error ) {
		const code = ( error as { code?: string } ).code;
		return error.name === 'TimeoutError'
			? 'timed out'
			: code ?? error.message;
	}
	return String( error );
}

interface Exchanged {
	status: number;
	text: string;
}

/**
 * Connections to WordPress kept open between calls (each idle one closed by the server when it chooses, and not
 * keeping the process alive).
 */
const AGENTS = {
	'http:': new http.Agent( { keepAlive: true } ),
	'https:': new https.Agent( { keepAlive: true } ),
};

/**
 * One HTTP exchange with WordPress: its status and body, or a failure when it does not answer in full within
 * `timeoutMs`. node:http rather than fetch, whose WHATWG streams cost the API 335–587 µs of CPU a call against
 * 56–149 (docs/performance.md, 2026-11-30, morning): a payment request mails its tester through here.
 *
 * A kept connection that the server closed while it was idle fails before any answer (ECONNRESET): the request
 * never reached WordPress, and it is sent once more on a new connection.
 *
 * @param url
 * @param method
 * @param headers
 * @param body      '' for none.
 * @param timeoutMs
 */
function exchange(
	url: URL,
	method: string,
	headers: Record< string, string >,
	body: string,
	timeoutMs: number
): Promise< Exchanged > {
	const secure = url.protocol === 'https:';
	const send = ( fresh: boolean ) =>
		new Promise< Exchanged >( ( resolve, reject ) => {
			const request = ( secure ? https : http ).request( url, {
				method,
				headers,
				agent: fresh ? false : AGENTS[ secure ? 'https:' : 'http:' ],
			} );
			const timer = setTimeout( () => {
				const error = new Error( `no answer within ${ timeoutMs } ms` );
				error.name = 'TimeoutError';
				request.destroy( error );
			}, timeoutMs );
			const fail = ( error: Error ) => {
				clearTimeout( timer );
				reject( error );
			};
			// Only a failure before any answer can be a stale kept connection: once WordPress answered, it had the
			// request.
			let answered = false;
			request.on( 'error', ( error ) =>
				fail(
					! fresh &&
						! answered &&
						request.reusedSocket &&
						( error as { code?: string } ).code === 'ECONNRESET'
						? new StaleConnection()
						: error
				)
			);
			request.on( 'response', ( response ) => {
				answered = true;
				const chunks: Buffer[] = [];
				response.on( 'data', ( chunk: Buffer ) =>
					chunks.push( chunk )
				);
				response.on( 'error', fail );
				response.on( 'end', () => {
					clearTimeout( timer );
					resolve( {
						status: response.statusCode ?? 0,
						text: Buffer.concat( chunks ).toString( 'utf8' ),
					} );
				} );
			} );
			request.end( body || undefined );
		} );
	return send( false ).catch( ( error: unknown ) => {
		if ( error instanceof StaleConnection ) {
			return send( true );
		}
		throw error;
	} );
}

/** A kept connection found closed by the server before the request reached it. */
class StaleConnection extends Error {}
