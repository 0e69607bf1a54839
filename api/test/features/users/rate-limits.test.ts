import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	DEFAULT_RATE_LIMITS,
	RATE_LIMITED_MESSAGE,
	createRateLimiter,
} from '../../../src/lib/rate-limit.ts';
import {
	startTestContext,
	uniqueEmail,
	type TestContext,
} from '../../helpers/context.ts';

describe( 'rate limits of the public calls', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext( { rateLimits: DEFAULT_RATE_LIMITS } );
	} );
	after( () => ctx.close() );

	const from = ( ip: string ) => ( { 'x-forwarded-for': ip } );

	it( 'answers 429 with Retry-After once an address has checked 60 emails in ten minutes, other addresses unaffected', async () => {
		const check = ( ip: string ) =>
			ctx.app.inject( {
				method: 'HEAD',
				url: `/api/users/by-email/${ encodeURIComponent(
					uniqueEmail( 'probe' )
				) }`,
				headers: from( ip ),
			} );
		for ( let i = 0; i < DEFAULT_RATE_LIMITS.emailCheck.max; i++ ) {
			assert.equal( ( await check( '203.0.113.10' ) ).statusCode, 404 );
		}
		const refused = await ctx.app.inject( {
			method: 'GET',
			url: `/api/users/by-email/${ encodeURIComponent(
				uniqueEmail( 'probe' )
			) }`,
			headers: from( '203.0.113.10' ),
		} );
		assert.equal( refused.statusCode, 429 );
		assert.deepEqual( refused.json(), {
			status: 429,
			error: 'Too Many Requests',
			message: RATE_LIMITED_MESSAGE,
		} );
		const retryAfter = Number( refused.headers[ 'retry-after' ] );
		assert.ok( retryAfter >= 1 && retryAfter <= 600, `${ retryAfter }` );

		assert.equal( ( await check( '203.0.113.11' ) ).statusCode, 404 );
	} );

	it( 'refuses the 21st sign-up from one address in an hour without creating anything', async () => {
		const signUp = ( email: string ) =>
			ctx.app.inject( {
				method: 'POST',
				url: '/api/users',
				headers: from( '198.51.100.20' ),
				payload: {
					email,
					password: 'Secret123',
					name: 'Bulk',
					surname: 'Account',
					birthDate: '1990-01-01',
					country: 'IT',
				},
			} );
		for ( let i = 0; i < DEFAULT_RATE_LIMITS.signUp.max; i++ ) {
			assert.equal(
				( await signUp( uniqueEmail( 'bulk' ) ) ).statusCode,
				201
			);
		}
		const email = uniqueEmail( 'bulk' );
		const refused = await signUp( email );
		assert.equal( refused.statusCode, 429 );
		assert.equal( ctx.wordpress.findByEmail( email ), undefined );
	} );

	it( 'counts a sign-up only when it can create an account: invalid forms cost nothing', async () => {
		const signUp = ( payload: Record< string, unknown > ) =>
			ctx.app.inject( {
				method: 'POST',
				url: '/api/users',
				headers: from( '198.51.100.30' ),
				payload: {
					email: uniqueEmail( 'typo' ),
					password: 'Secret123',
					name: 'Typo',
					surname: 'Prone',
					birthDate: '1990-01-01',
					country: 'IT',
					...payload,
				},
			} );
		for ( let i = 0; i <= DEFAULT_RATE_LIMITS.signUp.max; i++ ) {
			const invalid = [
				{ password: 'short' },
				{ country: 'XX' },
				{ name: 'Dana\u202e' },
			][ i % 3 ];
			assert.equal( ( await signUp( invalid ) ).statusCode, 400 );
		}
		assert.equal( ( await signUp( {} ) ).statusCode, 201 );
	} );

	it( 'counts a sign-up answered "Email already registered" as an email check, so POST probes no more than HEAD', async () => {
		const taken = await ctx.createTester();
		const probe = () =>
			ctx.app.inject( {
				method: 'POST',
				url: '/api/users',
				headers: from( '198.51.100.40' ),
				payload: {
					email: taken.email,
					password: 'Secret123',
					name: 'Probe',
					surname: 'Er',
					birthDate: '1990-01-01',
					country: 'IT',
				},
			} );
		for ( let i = 0; i < DEFAULT_RATE_LIMITS.emailCheck.max; i++ ) {
			assert.equal( ( await probe() ).statusCode, 412 );
		}
		assert.equal( ( await probe() ).statusCode, 429 );
		const head = await ctx.app.inject( {
			method: 'HEAD',
			url: `/api/users/by-email/${ encodeURIComponent( taken.email ) }`,
			headers: from( '198.51.100.40' ),
		} );
		assert.equal(
			head.statusCode,
			429,
			'the same budget as the email check'
		);
	} );

	it( 'counts in fixed windows shared through the database', async () => {
		const limiter = createRateLimiter( ctx.database.db );
		const limit = { max: 2, windowSeconds: 60 };
		const start = Date.UTC( 2030, 0, 1, 0, 0, 0 );
		await limiter.hit( 'test:a', limit, start );
		// A second limiter (another API instance) sees the same count.
		await createRateLimiter( ctx.database.db ).hit(
			'test:a',
			limit,
			start
		);
		await assert.rejects( limiter.hit( 'test:a', limit, start + 1000 ), {
			statusCode: 429,
		} );
		// The next window starts from zero.
		await limiter.hit( 'test:a', limit, start + 60_000 );
	} );
} );
