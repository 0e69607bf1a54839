import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	startTestContext,
	uniqueEmail,
	type TestContext,
} from '../../helpers/context.ts';

/** A birth date `years` years before today (UTC), shifted by `days`. */
function yearsAgo( years: number, days = 0 ): string {
	const today = new Date();
	return new Date(
		Date.UTC(
			today.getUTCFullYear() - years,
			today.getUTCMonth(),
			today.getUTCDate() + days
		)
	)
		.toISOString()
		.slice( 0, 10 );
}

describe( 'POST /api/users (sign-up)', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const valid = ( overrides: Record< string, unknown > = {} ) => ( {
		email: uniqueEmail( 'signup' ),
		password: 'Secret123',
		name: 'Dana',
		surname: 'Demo',
		birthDate: '1992-05-14',
		country: 'IT',
		...overrides,
	} );
	const signUp = ( payload: Record< string, unknown > ) =>
		ctx.app.inject( { method: 'POST', url: '/api/users', payload } );
	const testerCount = async () =>
		Number(
			(
				await ctx.database.db
					.selectFrom( 'testers' )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.executeTakeFirstOrThrow()
			).n
		);

	it( 'creates the WordPress user and the tester, answering 201', async () => {
		const body = valid( {
			email: 'Mixed.Case@Example.TEST',
			referral: 'REF-42',
			termsAcceptance: true,
		} );
		const response = await signUp( body );
		assert.equal( response.statusCode, 201 );
		const created = response.json();
		assert.deepEqual( Object.keys( created ).sort(), [
			'email',
			'id',
			'name',
			'surname',
			'wp_user_id',
		] );
		assert.equal( created.email, 'mixed.case@example.test' );
		assert.equal( created.name, 'Dana' );

		const user = ctx.wordpress.users.get( created.wp_user_id );
		assert.ok( user, 'WordPress user exists' );
		assert.equal( user.email, 'mixed.case@example.test' );
		assert.equal( user.password, 'Secret123' );

		const row = await ctx.database.db
			.selectFrom( 'testers' )
			.selectAll()
			.where( 'id', '=', created.id )
			.executeTakeFirstOrThrow();
		assert.equal( String( row.birth_date ).slice( 0, 10 ), '1992-05-14' );
		assert.equal( row.country, 'IT' );
		assert.equal( row.referral_code, 'REF-42' );
	} );

	it( 'lets the new tester log in', async () => {
		const body = valid();
		assert.equal( ( await signUp( body ) ).statusCode, 201 );
		const login = await ctx.app.inject( {
			method: 'POST',
			url: '/api/authenticate',
			payload: { username: body.email, password: body.password },
		} );
		assert.equal( login.statusCode, 200 );
	} );

	it( 'answers 412 "Email already registered" when a tester has the email, without asking WordPress', async () => {
		const body = valid();
		assert.equal( ( await signUp( body ) ).statusCode, 201 );
		const asked = ctx.wordpress.requests.length;
		const again = await signUp( {
			...body,
			email: body.email.toUpperCase(),
		} );
		assert.equal( again.statusCode, 412 );
		assert.deepEqual( again.json(), {
			status: 412,
			error: 'Precondition Failed',
			message: 'Email already registered',
		} );
		assert.equal( ctx.wordpress.requests.length, asked );
	} );

	it( 'answers 412 "Email already registered" when WordPress already has the email', async () => {
		ctx.wordpress.addUser( {
			email: 'wp-only@example.test',
			password: 'Other123',
			roles: [ 'subscriber' ],
		} );
		const count = await testerCount();
		const response = await signUp(
			valid( { email: 'wp-only@example.test' } )
		);
		assert.equal( response.statusCode, 412 );
		assert.equal( response.json().message, 'Email already registered' );
		assert.equal( await testerCount(), count );
	} );

	describe( 'validation', () => {
		const cases: Array< [ string, Record< string, unknown >, string ] > = [
			[
				'short password',
				{ password: 'Ab1' },
				'Password must be at least 6 character long',
			],
			[
				'password without a number',
				{ password: 'Abcdefg' },
				'Password must contain at least a number',
			],
			[
				'password without an uppercase letter',
				{ password: 'abcdef1' },
				'Password must contain at least an uppercase letter',
			],
			[
				'password without a lowercase letter',
				{ password: 'ABCDEF1' },
				'Password must contain at least a lowercase letter',
			],
			[
				'missing password',
				{ password: undefined },
				'Password is a required field',
			],
			[
				'invalid email',
				{ email: 'not-an-email' },
				'Email must be a valid email',
			],
			[ 'missing email', { email: undefined }, 'Email is required' ],
			[ 'missing name', { name: undefined }, 'Name is a required field' ],
			[
				'blank surname',
				{ surname: '   ' },
				'Surname must not be empty',
			],
			[
				'impossible birth date',
				{ birthDate: '2001-02-30' },
				'Invalid date',
			],
			[
				'birth date in another format',
				{ birthDate: '14/05/1992' },
				'Invalid date',
			],
			[
				'under 16',
				{ birthDate: yearsAgo( 16, 1 ) },
				'You must be at least 16 years old',
			],
			[
				'country name instead of code',
				{ country: 'Italy' },
				'Country must be an ISO 3166-1 alpha-2 code',
			],
			[
				'unassigned country code',
				{ country: 'XX' },
				'Country must be an ISO 3166-1 alpha-2 code',
			],
			[
				'unknown field',
				{ admin: true },
				"Unknown field 'admin' in the request body",
			],
		];
		for ( const [ label, overrides, message ] of cases ) {
			it( `refuses ${ label } with "${ message }"`, async () => {
				const asked = ctx.wordpress.requests.length;
				const response = await signUp( valid( overrides ) );
				assert.equal( response.statusCode, 400 );
				assert.deepEqual( response.json(), {
					status: 400,
					error: 'Bad Request',
					message,
				} );
				assert.equal(
					ctx.wordpress.requests.length,
					asked,
					'WordPress was not asked'
				);
			} );
		}

		it( 'accepts a tester who turns 16 today, and a lower-case country code', async () => {
			const response = await signUp(
				valid( { birthDate: yearsAgo( 16 ), country: 'fr' } )
			);
			assert.equal( response.statusCode, 201 );
		} );

		it( 'refuses a body that is not JSON', async () => {
			const response = await ctx.app.inject( {
				method: 'POST',
				url: '/api/users',
				headers: { 'content-type': 'application/json' },
				payload: '{"email":',
			} );
			assert.equal( response.statusCode, 400 );
			assert.equal( response.json().status, 400 );
		} );
	} );

	it( 'removes the WordPress user again when the tester row cannot be written', async () => {
		const existing = await ctx.createTester();
		// WordPress hands out an id that already has a tester row, so the insert must fail.
		ctx.wordpress.forcedIds.push( existing.wpUserId );
		ctx.wordpress.users.delete( existing.wpUserId );
		const body = valid();
		const count = await testerCount();

		const response = await signUp( body );

		assert.equal( response.statusCode, 500 );
		assert.deepEqual( response.json(), {
			status: 500,
			error: 'Internal Server Error',
			message: 'Something went wrong',
		} );
		assert.equal(
			ctx.wordpress.findByEmail( body.email ),
			undefined,
			'WordPress user deleted'
		);
		const deletion = ctx.wordpress.requests.at( -1 );
		assert.equal( deletion?.method, 'DELETE' );
		assert.equal(
			deletion?.route,
			`/crowdscout/v1/internal/users/${ existing.wpUserId }`
		);
		assert.equal( deletion?.status, 200 );
		assert.equal( await testerCount(), count, 'no tester row' );
		assert.ok(
			ctx.logs.some( ( line ) =>
				line.includes( 'removing the WordPress user' )
			)
		);

		// Neither exists, so the same person can sign up again.
		assert.equal( ( await signUp( body ) ).statusCode, 201 );
	} );

	it( 'asks WordPress for the welcome mail in the language of the sign-up', async () => {
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users',
			headers: { 'accept-language': 'it' },
			payload: valid(),
		} );
		assert.equal( response.statusCode, 201 );
		assert.deepEqual( ctx.wordpress.welcomes.at( -1 ), {
			id: response.json().wp_user_id,
			locale: 'it',
		} );

		const english = await signUp( valid() );
		assert.deepEqual( ctx.wordpress.welcomes.at( -1 ), {
			id: english.json().wp_user_id,
			locale: 'en',
		} );
	} );

	it( 'keeps the account when only the welcome mail fails', async () => {
		ctx.wordpress.failWelcomeWith = 503;
		try {
			const body = valid();
			const response = await signUp( body );
			assert.equal( response.statusCode, 201 );
			const welcome = ctx.wordpress.requests.at( -1 );
			assert.match( welcome?.route ?? '', /\/welcome$/ );
			assert.equal( welcome?.status, 503 );
			assert.ok( ctx.wordpress.findByEmail( body.email ) );
			assert.ok(
				ctx.logs.some( ( line ) =>
					line.includes( 'the welcome mail could not be sent' )
				)
			);
		} finally {
			ctx.wordpress.failWelcomeWith = null;
		}
	} );

	it( 'answers 502 and creates nothing when WordPress fails', async () => {
		ctx.wordpress.failWith = 503;
		try {
			const count = await testerCount();
			const response = await signUp( valid() );
			assert.equal( response.statusCode, 502 );
			assert.equal( await testerCount(), count );
		} finally {
			ctx.wordpress.failWith = null;
		}
	} );
} );

describe( 'GET and HEAD /api/users/by-email/{email} (sign-up step 0)', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const check = ( method: 'GET' | 'HEAD', email: string ) =>
		ctx.app.inject( {
			method,
			url: `/api/users/by-email/${ encodeURIComponent( email ) }`,
		} );

	it( 'answers 200 for a registered email, whatever its case and spaces', async () => {
		const email = uniqueEmail( 'taken' );
		await ctx.createTester( { email } );
		const response = await check( 'GET', ` ${ email.toUpperCase() } ` );
		assert.equal( response.statusCode, 200 );
		assert.deepEqual( response.json(), { exists: true } );

		const head = await check( 'HEAD', email );
		assert.equal( head.statusCode, 200 );
		assert.equal( head.body, '' );
	} );

	it( 'answers 404 for a free email, on GET and HEAD, without a token', async () => {
		const response = await check( 'GET', uniqueEmail( 'free' ) );
		assert.equal( response.statusCode, 404 );
		assert.deepEqual( response.json(), {
			status: 404,
			error: 'Not Found',
			message: 'Email not registered',
		} );
		assert.equal(
			( await check( 'HEAD', uniqueEmail( 'free' ) ) ).statusCode,
			404
		);
	} );

	it( 'answers 400 to a value too long to be an email', async () => {
		const response = await check( 'GET', `${ 'a'.repeat( 250 ) }@x.test` );
		assert.equal( response.statusCode, 400 );
	} );
} );
