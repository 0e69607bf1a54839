import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { mintToken } from '../../helpers/tokens.ts';
import {
	createRankingRepository,
	monthOf,
} from '../../../src/features/ranking/repository.ts';

describe( 'GET /api/users/me', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const getMe = ( query = '', headers: Record< string, string > = {} ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api/users/me${ query }`,
			headers,
		} );
	const bearer = ( token: string ) => ( {
		authorization: `Bearer ${ token }`,
	} );

	describe( 'authentication', () => {
		it( 'answers 403 JSON without a token', async () => {
			const response = await getMe();
			assert.equal( response.statusCode, 403 );
			assert.match(
				response.headers[ 'content-type' ] as string,
				/^application\/json/
			);
			assert.deepEqual( Object.keys( response.json() ).sort(), [
				'error',
				'message',
				'status',
			] );
			assert.equal( response.json().status, 403 );
			assert.equal( response.json().error, 'Forbidden' );
		} );

		it( 'answers 403 to a malformed Authorization header or token', async () => {
			for ( const authorization of [
				'Basic dXNlcjpwYXNz',
				'Bearer',
				'Bearer not.a.jwt',
			] ) {
				const response = await getMe( '', { authorization } );
				assert.equal( response.statusCode, 403, authorization );
				assert.equal( response.json().message, 'Invalid token.' );
			}
		} );

		it( 'answers 403 to a token signed with another secret', async () => {
			const tester = await ctx.createTester();
			const token = await mintToken( {
				secret: 'another-secret-of-at-least-32-characters!',
				sub: tester.wpUserId,
			} );
			const response = await getMe( '', bearer( token ) );
			assert.equal( response.statusCode, 403 );
			assert.equal( response.json().message, 'Invalid token.' );
		} );

		it( 'answers 403 to a token signed with the channel key instead of the JWT key', async () => {
			const tester = await ctx.createTester();
			const token = await mintToken( {
				secret: ctx.secret,
				sub: tester.wpUserId,
				purpose: 'internal',
			} );
			assert.equal(
				( await getMe( '', bearer( token ) ) ).statusCode,
				403
			);
		} );

		it( 'answers 403 to a token for another audience or issuer', async () => {
			const tester = await ctx.createTester();
			for ( const options of [
				{ audience: 'someone-else' },
				{ issuer: 'someone-else' },
			] ) {
				const token = await mintToken( {
					secret: ctx.secret,
					sub: tester.wpUserId,
					...options,
				} );
				assert.equal(
					( await getMe( '', bearer( token ) ) ).statusCode,
					403
				);
			}
		} );

		it( 'answers 401 "Token expired" to an expired token', async () => {
			const tester = await ctx.createTester();
			const token = await mintToken( {
				secret: ctx.secret,
				sub: tester.wpUserId,
				expiresIn: -60,
			} );
			const response = await getMe( '', bearer( token ) );
			assert.equal( response.statusCode, 401 );
			assert.deepEqual( response.json(), {
				status: 401,
				error: 'Unauthorized',
				message: 'Token expired',
			} );
		} );

		it( 'answers 403 to a valid token of a WordPress user without a tester profile', async () => {
			const admin = ctx.wordpress.addUser( {
				email: 'admin@example.test',
				password: 'x',
				roles: [ 'administrator' ],
			} );
			const token = await mintToken( {
				secret: ctx.secret,
				sub: admin.id,
				role: 'administrator',
			} );
			const response = await getMe( '', bearer( token ) );
			assert.equal( response.statusCode, 403 );
			assert.equal(
				response.json().message,
				'This account has no tester profile.'
			);
		} );
	} );

	describe( 'fields', () => {
		it( 'answers the default set without fields, role from the token', async () => {
			const tester = await ctx.createTester( {
				name: 'Dana',
				surname: 'Demo',
			} );
			const response = await getMe(
				'',
				bearer( await ctx.tokenFor( tester, 'tester_lead' ) )
			);
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: tester.id,
				wp_user_id: tester.wpUserId,
				name: 'Dana',
				surname: 'Demo',
				email: tester.email,
				image: null,
				role: 'tester_lead',
				is_verified: false,
			} );
		} );

		it( 'answers id plus exactly the requested fields', async () => {
			const tester = await ctx.createTester( {
				set: { total_exp_pts: 1234, attended_cp: 7, approved_bugs: 42 },
			} );
			const response = await getMe(
				'?fields=total_exp_pts,attended_cp,approved_bugs,onboarding_completed',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: tester.id,
				total_exp_pts: 1234,
				attended_cp: 7,
				approved_bugs: 42,
				onboarding_completed: false,
			} );
		} );

		it( 'accepts repeated and spaced field lists', async () => {
			const tester = await ctx.createTester();
			const response = await getMe(
				'?fields=name,%20surname&fields=email',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.deepEqual( Object.keys( response.json() ).sort(), [
				'email',
				'id',
				'name',
				'surname',
			] );
		} );

		it( 'matches field names whole, never as substrings', async () => {
			const tester = await ctx.createTester();
			const response = await getMe(
				'?fields=surname',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.deepEqual( response.json(), {
				id: tester.id,
				surname: tester.surname,
			} );
		} );

		it( 'answers the default set for an empty field list', async () => {
			const tester = await ctx.createTester();
			const response = await getMe(
				'?fields=',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 200 );
			assert.equal( response.json().wp_user_id, tester.wpUserId );
		} );

		it( 'shapes booty with net only when known, and the threshold against pending gross', async () => {
			const tester = await ctx.createTester( {
				set: {
					booty_gross_cents: 123456,
					booty_net_cents: 98765,
					pending_booty_gross_cents: 300,
					pending_booty_net_cents: null,
				},
			} );
			const response = await getMe(
				'?fields=booty,pending_booty,booty_threshold',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: tester.id,
				booty: {
					gross: { value: 1234.56, currency: 'EUR' },
					net: { value: 987.65, currency: 'EUR' },
				},
				pending_booty: { gross: { value: 3, currency: 'EUR' } },
				booty_threshold: { value: 3, isOver: true },
			} );
		} );

		it( 'reports the threshold not reached below 3 euro', async () => {
			const tester = await ctx.createTester( {
				set: { pending_booty_gross_cents: 299 },
			} );
			const response = await getMe(
				'?fields=booty_threshold',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.deepEqual( response.json().booty_threshold, {
				value: 3,
				isOver: false,
			} );
		} );

		it( 'answers every field for all, rank null for a tester without a level', async () => {
			const tester = await ctx.createTester( {
				birthDate: '1992-05-14',
				set: { onboarding_completed: 1, is_verified: 1 },
			} );
			const response = await getMe(
				'?fields=all',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 200 );
			const body = response.json();
			assert.deepEqual( Object.keys( body ).sort(), [
				'additional',
				'approved_bugs',
				'attended_cp',
				'birthDate',
				'booty',
				'booty_threshold',
				'certifications',
				'city',
				'country',
				'education',
				'email',
				'email_confirmed',
				'gender',
				'id',
				'image',
				'is_verified',
				'languages',
				'name',
				'onboarding_completed',
				'pending_booty',
				'phone',
				'profession',
				'rank',
				'role',
				'surname',
				'total_exp_pts',
				'wp_user_id',
			] );
			assert.equal( body.birthDate, '1992-05-14' );
			assert.equal( body.onboarding_completed, true );
			assert.equal( body.is_verified, true );
			assert.deepEqual( body.languages, [] );
			assert.deepEqual( body.certifications, [] );
			assert.equal( body.rank, null );
		} );

		it( "answers rank as this month's position in the level", async () => {
			const [ first, second ] = [
				await ctx.createTester(),
				await ctx.createTester(),
			];
			const ranking = createRankingRepository( ctx.database.db );
			const month = monthOf( new Date() );
			await ctx.database.db.transaction().execute( async ( trx ) => {
				await ranking.recordMonthlyPoints(
					trx,
					first.id,
					month,
					90,
					30
				);
				await ranking.recordMonthlyPoints(
					trx,
					second.id,
					month,
					40,
					30
				);
			} );
			const response = await getMe(
				'?fields=rank,name',
				bearer( await ctx.tokenFor( second ) )
			);
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: second.id,
				name: second.name,
				rank: 2,
			} );
		} );

		it( 'refuses an unknown field with a message naming it and the allowed ones', async () => {
			const tester = await ctx.createTester();
			const response = await getMe(
				'?fields=name,password',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 400 );
			const { message } = response.json();
			assert.match(
				message,
				/^Unknown field 'password'\. Allowed fields: /
			);
			for ( const field of [
				'total_exp_pts',
				'booty',
				'pending_booty',
				'rank',
				'booty_threshold',
				'all',
			] ) {
				assert.ok(
					message.includes( field ),
					`${ field } listed in "${ message }"`
				);
			}
		} );

		it( 'tolerates the _locale parameter of @wordpress/api-fetch', async () => {
			const tester = await ctx.createTester();
			const response = await getMe(
				'?_locale=user&fields=name',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: tester.id,
				name: tester.name,
			} );
		} );

		it( 'refuses other unknown query parameters', async () => {
			const tester = await ctx.createTester();
			const response = await getMe(
				'?id=1',
				bearer( await ctx.tokenFor( tester ) )
			);
			assert.equal( response.statusCode, 400 );
			assert.equal(
				response.json().message,
				"Unknown query parameter 'id'"
			);
		} );
	} );

	it( 'acts only on the token’s own tester', async () => {
		const alice = await ctx.createTester( { name: 'Alice' } );
		const bob = await ctx.createTester( { name: 'Bob' } );
		const response = await getMe(
			'?fields=name',
			bearer( await ctx.tokenFor( bob ) )
		);
		assert.deepEqual( response.json(), { id: bob.id, name: 'Bob' } );
		assert.notEqual( alice.id, bob.id );
	} );
} );

describe( 'PATCH /api/users/me', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const bearer = ( token: string ) => ( {
		authorization: `Bearer ${ token }`,
	} );
	const patchMe = ( payload: unknown, headers: Record< string, string > ) =>
		ctx.app.inject( {
			method: 'PATCH',
			url: '/api/users/me',
			headers,
			...( payload === undefined ? {} : { payload: payload as object } ),
		} );
	const onboardingOf = async ( token: string ) => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me?fields=onboarding_completed',
			headers: bearer( token ),
		} );
		assert.equal( response.statusCode, 200, response.body );
		return response.json().onboarding_completed;
	};

	it( 'sets the onboarding flag, answers id and the flag, and GET /users/me shows it at once', async () => {
		const tester = await ctx.createTester();
		// One token for every request: whatever the API keeps per token must not serve the old flag.
		const token = await ctx.tokenFor( tester );
		assert.equal( await onboardingOf( token ), false );

		const done = await patchMe(
			{ onboarding_completed: true },
			bearer( token )
		);
		assert.equal( done.statusCode, 200, done.body );
		assert.deepEqual( done.json(), {
			id: tester.id,
			onboarding_completed: true,
		} );
		assert.equal( await onboardingOf( token ), true );

		const undone = await patchMe(
			{ onboarding_completed: false },
			bearer( token )
		);
		assert.deepEqual( undone.json(), {
			id: tester.id,
			onboarding_completed: false,
		} );
		assert.equal( await onboardingOf( token ), false );
	} );

	it( 'is idempotent', async () => {
		const tester = await ctx.createTester();
		const token = await ctx.tokenFor( tester );
		for ( let i = 0; i < 2; i++ ) {
			const response = await patchMe(
				{ onboarding_completed: true },
				bearer( token )
			);
			assert.equal( response.statusCode, 200 );
			assert.equal( response.json().onboarding_completed, true );
		}
		assert.equal( await onboardingOf( token ), true );
	} );

	it( 'changes only the token’s own tester', async () => {
		const alice = await ctx.createTester();
		const bob = await ctx.createTester();
		await patchMe(
			{ onboarding_completed: true },
			bearer( await ctx.tokenFor( bob ) )
		);
		assert.equal( await onboardingOf( await ctx.tokenFor( bob ) ), true );
		assert.equal(
			await onboardingOf( await ctx.tokenFor( alice ) ),
			false
		);
	} );

	it( 'is reached by POST with X-HTTP-Method-Override: PATCH', async () => {
		const tester = await ctx.createTester();
		const token = await ctx.tokenFor( tester );
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users/me',
			headers: { ...bearer( token ), 'x-http-method-override': 'PATCH' },
			payload: { onboarding_completed: true },
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.equal( await onboardingOf( token ), true );
	} );

	it( 'refuses bodies the contract does not allow, and changes nothing', async () => {
		const tester = await ctx.createTester();
		const token = await ctx.tokenFor( tester );
		for ( const [ payload, message ] of [
			[ {}, 'The request body must name at least one field to change' ],
			[
				{ onboarding_completed: 'yes' },
				'The field onboarding_completed must be true or false',
			],
			[
				{ onboarding_completed: 1 },
				'The field onboarding_completed must be true or false',
			],
			[
				{ onboarding_completed: null },
				'The field onboarding_completed must be true or false',
			],
			[
				{ onboarding_completed: true, role: 'administrator' },
				"Unknown field 'role' in the request body",
			],
			[ undefined, 'A JSON request body is required' ],
		] as const ) {
			const response = await patchMe( payload, bearer( token ) );
			assert.equal( response.statusCode, 400, JSON.stringify( payload ) );
			assert.deepEqual( response.json(), {
				status: 400,
				error: 'Bad Request',
				message,
			} );
		}
		const array = await patchMe( [ true ], bearer( token ) );
		assert.equal( array.statusCode, 400 );
		assert.equal( await onboardingOf( token ), false );
	} );

	it( 'answers 403 without a valid token and 401 with an expired one', async () => {
		const tester = await ctx.createTester();
		const body = { onboarding_completed: true };
		const missing = await patchMe( body, {} );
		assert.equal( missing.statusCode, 403 );
		assert.equal( missing.json().status, 403 );
		const foreign = await patchMe(
			body,
			bearer(
				await mintToken( {
					secret: 'another-secret-of-at-least-32-characters!',
					sub: tester.wpUserId,
				} )
			)
		);
		assert.equal( foreign.statusCode, 403 );
		const expired = await patchMe(
			body,
			bearer(
				await mintToken( {
					secret: ctx.secret,
					sub: tester.wpUserId,
					expiresIn: -60,
				} )
			)
		);
		assert.equal( expired.statusCode, 401 );
		assert.equal( expired.json().message, 'Token expired' );
		assert.equal(
			await onboardingOf( await ctx.tokenFor( tester ) ),
			false
		);
	} );
} );

describe( 'GET /api/users/me/pending_booty', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const get = ( url: string, headers: Record< string, string > ) =>
		ctx.app.inject( { method: 'GET', url: `/api${ url }`, headers } );
	const bearer = ( token: string ) => ( {
		authorization: `Bearer ${ token }`,
	} );

	for ( const [ label, set, expected ] of [
		[
			'gross and net',
			{
				pending_booty_gross_cents: 123456,
				pending_booty_net_cents: 98765,
			},
			{
				gross: { value: 1234.56, currency: 'EUR' },
				net: { value: 987.65, currency: 'EUR' },
			},
		],
		[
			'gross only while the net is unknown',
			{ pending_booty_gross_cents: 305, pending_booty_net_cents: null },
			{ gross: { value: 3.05, currency: 'EUR' } },
		],
		[
			'zero for a new tester',
			undefined,
			{ gross: { value: 0, currency: 'EUR' } },
		],
	] as const ) {
		it( `answers ${ label }, as the pending_booty field of GET /users/me`, async () => {
			const tester = await ctx.createTester( {
				set: set && { ...set, booty_gross_cents: 999999 },
			} );
			const headers = bearer( await ctx.tokenFor( tester ) );
			const response = await get( '/users/me/pending_booty', headers );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), expected );
			const me = await get( '/users/me?fields=pending_booty', headers );
			assert.deepEqual( me.json().pending_booty, response.json() );
		} );
	}

	it( 'refuses query parameters', async () => {
		const tester = await ctx.createTester();
		const response = await get(
			'/users/me/pending_booty?fields=booty',
			bearer( await ctx.tokenFor( tester ) )
		);
		assert.equal( response.statusCode, 400 );
	} );

	it( 'answers 403 without a valid token and 401 with an expired one', async () => {
		const tester = await ctx.createTester();
		assert.equal(
			( await get( '/users/me/pending_booty', {} ) ).statusCode,
			403
		);
		assert.equal(
			( await get( '/users/me/pending_booty', bearer( 'not.a.jwt' ) ) )
				.statusCode,
			403
		);
		const expired = await get(
			'/users/me/pending_booty',
			bearer(
				await mintToken( {
					secret: ctx.secret,
					sub: tester.wpUserId,
					expiresIn: -60,
				} )
			)
		);
		assert.equal( expired.statusCode, 401 );
	} );
} );
