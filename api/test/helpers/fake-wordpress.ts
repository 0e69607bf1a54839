import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * WordPress as the API sees it: the internal channel of docs/contracts.md, users in memory. The signature check
 * is written here again from the contract, not imported from the API, so a mistake in the API's signer cannot
 * be mirrored by the fake and go unnoticed.
 */

export interface FakeUser {
	id: number;
	login: string;
	email: string;
	password: string;
	name: string;
	surname: string;
	roles: string[];
}

export interface ChannelRequest {
	method: string;
	route: string;
	status: number;
	body: unknown;
}

export interface FakeWordPress {
	url: string;
	users: Map< number, FakeUser >;
	/** Every request that reached the fake, refused ones included. */
	requests: ChannelRequest[];
	/** Ids handed to the next created users, in order, instead of the next free one. */
	forcedIds: number[];
	/** Delay before answering, to exercise the client's timeout. */
	delayMs: number;
	/** When set, every channel request is answered with this status. */
	failWith: number | null;
	/** Logins (or emails) whose password checks answer 429, as WordPress's login throttle does. */
	throttled: Set< string >;
	/** The `retryAfter` (seconds) of those 429s; null leaves it out. */
	throttledRetryAfter: number | null;
	/** Welcome mails asked for: user id and language. */
	welcomes: Array< { id: number; locale: string } >;
	/** When set, welcome mails are answered with this status. */
	failWelcomeWith: number | null;
	/** When set, names changes are answered with this status. */
	failNamesWith: number | null;
	/** Payment mails asked for (POST /internal/users/{id}/payment-mail): user id and the mail's body. */
	paymentMails: Array< { id: number; mail: Record< string, unknown > } >;
	/** When set, payment mails are answered with this status. */
	failPaymentMailWith: number | null;
	/** Settings → Crowdscout, as GET /internal/settings answers them. */
	settings: { publicUserPages: boolean };
	addUser: ( user: {
		email: string;
		password: string;
		login?: string;
		name?: string;
		surname?: string;
		roles?: string[];
	} ) => FakeUser;
	findByEmail: ( email: string ) => FakeUser | undefined;
	close: () => Promise< void >;
}

const PREFIX = '/wp-json';
const NAMESPACE = '/crowdscout/v1';
const MAX_SKEW_SECONDS = 300;

export async function startFakeWordPress( {
	secret,
}: {
	secret: string;
} ): Promise< FakeWordPress > {
	const channelKey = createHmac( 'sha256', secret )
		.update( 'crowdscout:internal' )
		.digest();
	const seenNonces = new Set< string >();
	let nextId = 100;

	const fake: FakeWordPress = {
		url: '',
		users: new Map(),
		requests: [],
		forcedIds: [],
		delayMs: 0,
		failWith: null,
		throttled: new Set(),
		throttledRetryAfter: 42,
		welcomes: [],
		failWelcomeWith: null,
		failNamesWith: null,
		paymentMails: [],
		failPaymentMailWith: null,
		settings: { publicUserPages: false },
		addUser( {
			email,
			password,
			login,
			name = '',
			surname = '',
			roles = [ 'tester' ],
		} ) {
			const id = fake.forcedIds.shift() ?? nextId++;
			const user = {
				id,
				login: login ?? email.split( '@' )[ 0 ],
				email,
				password,
				name,
				surname,
				roles,
			};
			fake.users.set( id, user );
			return user;
		},
		findByEmail: ( email ) =>
			[ ...fake.users.values() ].find(
				( user ) => user.email.toLowerCase() === email.toLowerCase()
			),
		close: () =>
			new Promise( ( resolve ) => {
				server.closeAllConnections();
				server.close( () => resolve() );
			} ),
	};

	function refuse(
		headers: http.IncomingHttpHeaders,
		method: string,
		route: string,
		body: string,
		query: string
	): string | null {
		// The query is outside the signature, so WordPress refuses any (docs/contracts.md).
		if ( query ) {
			return 'bad_signature';
		}
		const timestamp = String( headers[ 'x-crowdscout-timestamp' ] ?? '' );
		const nonce = String( headers[ 'x-crowdscout-nonce' ] ?? '' );
		const signature = String( headers[ 'x-crowdscout-signature' ] ?? '' );
		const bodyHash = createHash( 'sha256' ).update( body ).digest( 'hex' );
		const expected = createHmac( 'sha256', channelKey )
			.update(
				`${ method }\n${ route }\n${ timestamp }\n${ nonce }\n${ bodyHash }`
			)
			.digest();
		const given = Buffer.from( signature, 'hex' );
		if (
			! /^[0-9a-f]{64}$/.test( signature ) ||
			! timingSafeEqual( given, expected )
		) {
			return 'bad_signature';
		}
		if (
			! /^\d+$/.test( timestamp ) ||
			Math.abs( Date.now() / 1000 - Number( timestamp ) ) >
				MAX_SKEW_SECONDS
		) {
			return 'stale_request';
		}
		if ( ! /^[0-9a-f]{32}$/.test( nonce ) || seenNonces.has( nonce ) ) {
			return 'replayed_request';
		}
		seenNonces.add( nonce );
		return null;
	}

	function dispatch(
		method: string,
		path: string,
		input: Record< string, string >
	): [ number, unknown ] {
		const user = ( id: string ) => fake.users.get( Number( id ) );
		const view = ( found: FakeUser ) => ( {
			id: found.id,
			username: found.login,
			email: found.email,
			role: found.roles[ 0 ] ?? '',
		} );
		let match: RegExpExecArray | null;
		if ( method === 'GET' && path === '/internal/settings' ) {
			return [ 200, { ...fake.settings } ];
		}
		if ( method === 'POST' && path === '/internal/users' ) {
			if ( ! input.email || ! input.password ) {
				return [
					400,
					{
						code: 'invalid_input',
						message: 'email and password are required',
					},
				];
			}
			if ( fake.findByEmail( input.email ) ) {
				return [
					409,
					{
						code: 'email_exists',
						message: 'Email already registered',
					},
				];
			}
			return [
				201,
				view(
					fake.addUser( input as { email: string; password: string } )
				),
			];
		}
		if ( method === 'POST' && path === '/internal/users/list' ) {
			const after = Number( input.after ?? 0 );
			const limit = Number( input.limit ?? 100 );
			const matching = [ ...fake.users.values() ]
				.filter(
					( candidate ) =>
						candidate.id > after &&
						candidate.roles.includes( input.role )
				)
				.sort( ( a, b ) => a.id - b.id );
			const page = matching.slice( 0, limit );
			return [
				200,
				{
					users: page.map( ( found ) => ( {
						id: found.id,
						email: found.email,
						name: found.name,
						surname: found.surname,
						roles: found.roles,
					} ) ),
					next:
						matching.length > limit
							? page[ page.length - 1 ].id
							: null,
				},
			];
		}
		if ( method === 'POST' && path === '/internal/users/check-password' ) {
			if ( fake.throttled.has( input.username ) ) {
				return [
					429,
					{
						code: 'throttled',
						message: 'Too many failed login attempts.',
						...( fake.throttledRetryAfter === null
							? {}
							: { retryAfter: fake.throttledRetryAfter } ),
					},
				];
			}
			const found = [ ...fake.users.values() ].find(
				( candidate ) =>
					candidate.login === input.username ||
					candidate.email.toLowerCase() ===
						input.username?.toLowerCase()
			);
			return found && found.password === input.password
				? [ 200, view( found ) ]
				: [
						422,
						{
							code: 'invalid_credentials',
							message: 'Wrong credentials',
						},
				  ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)\/password$/.exec( path ) ) &&
			method === 'PUT'
		) {
			const found = user( match[ 1 ] );
			if ( ! found ) {
				return [ 404, { code: 'not_found' } ];
			}
			if ( found.password !== input.oldPassword ) {
				return [ 417, { code: 'wrong_password' } ];
			}
			found.password = input.password;
			return [ 200, { ok: true } ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)\/email$/.exec( path ) ) &&
			method === 'PUT'
		) {
			const found = user( match[ 1 ] );
			if ( ! found ) {
				return [ 404, { code: 'not_found' } ];
			}
			const other = fake.findByEmail( input.email );
			if ( other && other.id !== found.id ) {
				return [ 409, { code: 'email_exists' } ];
			}
			found.email = input.email;
			return [ 200, { ok: true } ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)\/names$/.exec( path ) ) &&
			method === 'PUT'
		) {
			if ( fake.failNamesWith ) {
				return [ fake.failNamesWith, { code: 'failing_on_purpose' } ];
			}
			const found = user( match[ 1 ] );
			if ( ! found ) {
				return [ 404, { code: 'user_not_found' } ];
			}
			if ( ! input.name?.trim() || ! input.surname?.trim() ) {
				return [ 400, { code: 'invalid_input' } ];
			}
			found.name = input.name;
			found.surname = input.surname;
			return [ 200, { ok: true } ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)$/.exec( path ) ) &&
			method === 'DELETE'
		) {
			return fake.users.delete( Number( match[ 1 ] ) )
				? [ 200, { deleted: true } ]
				: [ 404, { code: 'not_found' } ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)\/welcome$/.exec( path ) ) &&
			method === 'POST'
		) {
			if ( fake.failWelcomeWith ) {
				return [ fake.failWelcomeWith, { code: 'mail_failed' } ];
			}
			const found = user( match[ 1 ] );
			if ( ! found ) {
				return [ 404, { code: 'not_found' } ];
			}
			fake.welcomes.push( { id: found.id, locale: input.locale } );
			return [ 202, { sent: true } ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)\/payment-mail$/.exec(
				path
			) ) &&
			method === 'POST'
		) {
			if ( fake.failPaymentMailWith ) {
				return [ fake.failPaymentMailWith, { code: 'mail_failed' } ];
			}
			const found = user( match[ 1 ] );
			if ( ! found ) {
				return [ 404, { code: 'not_found' } ];
			}
			fake.paymentMails.push( { id: found.id, mail: { ...input } } );
			return [ 202, { sent: true } ];
		}
		if (
			( match = /^\/internal\/users\/(\d+)\/role$/.exec( path ) ) &&
			method === 'GET'
		) {
			const found = user( match[ 1 ] );
			return found
				? [
						200,
						{
							id: found.id,
							role: found.roles[ 0 ] ?? '',
							roles: found.roles,
						},
				  ]
				: [ 404, { code: 'not_found' } ];
		}
		return [
			404,
			{
				code: 'rest_no_route',
				message:
					'No route was found matching the URL and request method.',
			},
		];
	}

	const server = http.createServer( ( request, response ) => {
		const chunks: Buffer[] = [];
		request.on( 'data', ( chunk: Buffer ) => chunks.push( chunk ) );
		request.on( 'end', () => {
			const raw = Buffer.concat( chunks ).toString( 'utf8' );
			const method = request.method ?? 'GET';
			const [ path, query = '' ] = ( request.url ?? '/' ).split( '?' );
			const restRoute = path.startsWith( PREFIX )
				? path.slice( PREFIX.length )
				: path;
			let status: number;
			let answer: unknown;
			let input: unknown;
			try {
				input = raw ? JSON.parse( raw ) : {};
			} catch {}
			const refusal = refuse(
				request.headers,
				method,
				restRoute,
				raw,
				query
			);
			if ( refusal ) {
				[ status, answer ] = [
					401,
					{ code: refusal, message: 'Refused by the fake WordPress' },
				];
			} else if ( fake.failWith ) {
				[ status, answer ] = [
					fake.failWith,
					{
						code: 'internal_server_error',
						message: 'Failing on purpose',
					},
				];
			} else if ( ! restRoute.startsWith( `${ NAMESPACE }/` ) ) {
				[ status, answer ] = [ 404, { code: 'rest_no_route' } ];
			} else {
				[ status, answer ] = dispatch(
					method,
					restRoute.slice( NAMESPACE.length ),
					( input ?? {} ) as Record< string, string >
				);
			}
			fake.requests.push( {
				method,
				route: restRoute,
				status,
				body: input,
			} );
			setTimeout( () => {
				if ( response.destroyed ) {
					return;
				}
				response.writeHead( status, {
					'content-type': 'application/json',
				} );
				response.end( JSON.stringify( answer ) );
			}, fake.delayMs );
		} );
	} );
	await new Promise< void >( ( resolve ) =>
		server.listen( 0, '127.0.0.1', resolve )
	);
	fake.url = `http://127.0.0.1:${ ( server.address() as AddressInfo ).port }`;
	return fake;
}
