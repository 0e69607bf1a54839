import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	startTestContext,
	uniqueEmail,
	type TestContext,
} from '../../helpers/context.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { confirmationToken } from './helpers.ts';

const INVALID = {
	status: 400,
	error: 'Bad Request',
	message: 'This confirmation link is not valid or has expired.',
};

describe( 'POST /api/users/me/email_confirmation', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const inTwoDays = () => Math.floor( Date.now() / 1000 ) + 48 * 3600;

	const tokenFor = (
		tester: Tester,
		claims: { sub?: string; email?: string; exp?: number } = {}
	) =>
		confirmationToken( {
			secret: ctx.secret,
			sub: String( tester.wpUserId ),
			email: tester.email,
			exp: inTwoDays(),
			...claims,
		} );

	const confirm = async ( tester: Tester | null, body: unknown ) =>
		ctx.app.inject( {
			method: 'POST',
			url: '/api/users/me/email_confirmation',
			headers: tester
				? { authorization: `Bearer ${ await ctx.tokenFor( tester ) }` }
				: {},
			payload: body as object,
		} );

	const confirmed = async ( tester: Tester ) => {
		const row = await ctx.database.db
			.selectFrom( 'testers' )
			.select( 'email_confirmed' )
			.where( 'id', '=', tester.id )
			.executeTakeFirstOrThrow();
		return Number( row.email_confirmed ) === 1;
	};

	it( "confirms the caller's email with a link minted for them and their email; again is fine", async () => {
		const tester = await ctx.createTester();
		assert.equal( await confirmed( tester ), false );
		const token = tokenFor( tester );
		for ( let attempt = 0; attempt < 2; attempt++ ) {
			const response = await confirm( tester, { token } );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), { email_confirmed: true } );
		}
		assert.equal( await confirmed( tester ), true );
	} );

	it( 'ignores case and spaces around the email in the link', async () => {
		const tester = await ctx.createTester();
		const response = await confirm( tester, {
			token: tokenFor( tester, {
				email: ` ${ tester.email.toUpperCase() }`,
			} ),
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.equal( await confirmed( tester ), true );
	} );

	it( "refuses another user's link, and the other user's email stays unconfirmed", async () => {
		const tester = await ctx.createTester();
		const other = await ctx.createTester();
		for ( const token of [
			tokenFor( other ),
			// Someone else's user with the caller's email, and the caller's user with someone else's email.
			tokenFor( other, { email: tester.email } ),
			tokenFor( tester, { email: other.email } ),
		] ) {
			const response = await confirm( tester, { token } );
			assert.equal( response.statusCode, 400 );
			assert.deepEqual( response.json(), INVALID );
		}
		assert.equal( await confirmed( tester ), false );
		assert.equal( await confirmed( other ), false );
	} );

	it( 'refuses a link mailed to an address the tester has changed since', async () => {
		const tester = await ctx.createTester();
		const token = tokenFor( tester );
		await ctx.database.db
			.updateTable( 'testers' )
			.set( { email: uniqueEmail( 'changed' ) } )
			.where( 'id', '=', tester.id )
			.execute();
		const response = await confirm( tester, { token } );
		assert.deepEqual( response.json(), INVALID );
		assert.equal( await confirmed( tester ), false );
	} );

	it( 'refuses an expired link', async () => {
		const tester = await ctx.createTester();
		const response = await confirm( tester, {
			token: tokenFor( tester, {
				exp: Math.floor( Date.now() / 1000 ) - 1,
			} ),
		} );
		assert.deepEqual( response.json(), INVALID );
		assert.equal( await confirmed( tester ), false );
	} );

	it( 'refuses a tampered link, one signed with another key, and garbage', async () => {
		const tester = await ctx.createTester();
		const other = await ctx.createTester();
		const [ , signature ] = tokenFor( other ).split( '.' );
		const [ payload ] = tokenFor( tester ).split( '.' );
		for ( const token of [
			`${ payload }.${ signature }`,
			confirmationToken( {
				secret: ctx.secret,
				purpose: 'jwt',
				sub: String( tester.wpUserId ),
				email: tester.email,
				exp: inTwoDays(),
			} ),
			confirmationToken( {
				secret: 'another-secret-of-at-least-32-characters!',
				sub: String( tester.wpUserId ),
				email: tester.email,
				exp: inTwoDays(),
			} ),
			'nonsense',
		] ) {
			const response = await confirm( tester, { token } );
			assert.deepEqual( response.json(), INVALID, token );
		}
		assert.equal( await confirmed( tester ), false );
	} );

	it( 'answers 400 naming the field without a token, 403 without a bearer token', async () => {
		const tester = await ctx.createTester();
		for ( const body of [ {}, { token: '' }, { token: 42 } ] ) {
			const response = await confirm( tester, body );
			assert.equal( response.statusCode, 400, JSON.stringify( body ) );
			assert.match( response.json().message, /token/i );
		}
		const anonymous = await confirm( null, { token: tokenFor( tester ) } );
		assert.equal( anonymous.statusCode, 403 );
		assert.equal( await confirmed( tester ), false );
	} );
} );
