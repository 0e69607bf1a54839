import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { bearer } from '../../helpers/requests.ts';
import { mintToken } from '../../helpers/tokens.ts';

/**
 * What WordPress keeps of the profile follows PATCH /users/me: the names (first_name, last_name, display_name)
 * over the internal channel, and a password change ends the tester's sessions, the API's bearer tokens included.
 */
describe( `PATCH /api/users/me and WordPress's copy of the identity on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	/** A token issued `issuedIn` seconds from now (negative: in the past), living its 15 minutes. */
	const tokenIssued = ( tester: Tester, issuedIn: number ) =>
		mintToken( {
			secret: ctx.secret,
			sub: tester.wpUserId,
			issuedIn,
			expiresIn: issuedIn + 900,
		} );
	const patch = async ( tester: Tester, payload: object, token?: string ) =>
		ctx.app.inject( {
			method: 'PATCH',
			url: '/api/users/me',
			headers: bearer( token ?? ( await ctx.tokenFor( tester ) ) ),
			payload,
		} );
	const getWith = ( token: string, url: string ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api${ url }`,
			headers: bearer( token ),
		} );
	/** The fake WordPress's identity requests (email, names, password) from now on: method and route's end. */
	const channelCalls = () => {
		const from = ctx.wordpress.requests.length;
		return () =>
			ctx.wordpress.requests
				.slice( from )
				.filter( ( request ) =>
					/\/(email|names|password)$/.test( request.route )
				)
				.map( ( request ) => ( {
					method: request.method,
					route: request.route.replace( /^.*\/users\//, '' ),
					body: request.body,
				} ) );
	};
	const namesOf = ( tester: Tester ) => {
		const user = ctx.wordpress.users.get( tester.wpUserId );
		return { name: user?.name, surname: user?.surname };
	};
	const storedNames = async ( tester: Tester ) => {
		const response = await getWith(
			await ctx.tokenFor( tester ),
			'/users/me?fields=name,surname,email'
		);
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};

	describe( 'names', () => {
		it( 'a changed name goes to WordPress with the surname, then to the API', async () => {
			const tester = await ctx.createTester( {
				name: 'Ada',
				surname: 'Byron',
			} );
			const calls = channelCalls();
			const response = await patch( tester, {
				name: '  Augusta   Ada ',
			} );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( calls(), [
				{
					method: 'PUT',
					route: `${ tester.wpUserId }/names`,
					body: { name: 'Augusta Ada', surname: 'Byron' },
				},
			] );
			assert.deepEqual( namesOf( tester ), {
				name: 'Augusta Ada',
				surname: 'Byron',
			} );
			assert.equal( ( await storedNames( tester ) ).name, 'Augusta Ada' );
		} );

		it( 'a changed surname alone is sent too, after the email and before the password', async () => {
			const tester = await ctx.createTester( {
				name: 'Ada',
				surname: 'Byron',
				password: 'Secret123',
			} );
			const calls = channelCalls();
			const email = `lovelace.${ tester.id }@example.test`;
			const response = await patch( tester, {
				surname: 'Lovelace',
				email,
				oldPassword: 'Secret123',
				password: 'Better456',
			} );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual(
				calls().map( ( call ) => call.route ),
				[ 'email', 'names', 'password' ].map(
					( end ) => `${ tester.wpUserId }/${ end }`
				)
			);
			assert.deepEqual( namesOf( tester ), {
				name: 'Ada',
				surname: 'Lovelace',
			} );
		} );

		it( 'is not sent when the names do not change, or are not in the body', async () => {
			const tester = await ctx.createTester( {
				name: 'Ada',
				surname: 'Byron',
			} );
			const calls = channelCalls();
			for ( const payload of [
				{ name: 'Ada', surname: ' Byron ' },
				{ gender: 'female' },
			] ) {
				const response = await patch( tester, payload );
				assert.equal( response.statusCode, 200, response.body );
			}
			assert.deepEqual( calls(), [] );
		} );

		it( 'answers 502 and changes nothing anywhere when WordPress fails the names', async () => {
			const tester = await ctx.createTester( {
				name: 'Ada',
				surname: 'Byron',
			} );
			const earlier = await storedNames( tester );
			ctx.wordpress.failNamesWith = 500;
			try {
				const response = await patch( tester, {
					name: 'Changed',
					email: `down.${ tester.id }@example.test`,
				} );
				assert.equal( response.statusCode, 502, response.body );
			} finally {
				ctx.wordpress.failNamesWith = null;
			}
			assert.deepEqual( await storedNames( tester ), earlier );
			assert.deepEqual( namesOf( tester ), {
				name: 'Ada',
				surname: 'Byron',
			} );
			// WordPress took the new email first; it is given back.
			assert.equal(
				ctx.wordpress.users.get( tester.wpUserId )?.email,
				tester.email
			);
		} );

		it( 'are given back to WordPress when a later step fails (wrong current password)', async () => {
			const tester = await ctx.createTester( {
				name: 'Ada',
				surname: 'Byron',
				password: 'Secret123',
			} );
			const earlier = await storedNames( tester );
			const response = await patch( tester, {
				name: 'Changed',
				surname: 'Too',
				oldPassword: 'Wrong123',
				password: 'Better456',
			} );
			assert.equal( response.statusCode, 417, response.body );
			assert.deepEqual( await storedNames( tester ), earlier );
			assert.deepEqual( namesOf( tester ), {
				name: 'Ada',
				surname: 'Byron',
			} );
		} );

		it( "changes only the token's own WordPress user", async () => {
			const tester = await ctx.createTester();
			const other = await ctx.createTester( {
				name: 'Other',
				surname: 'One',
			} );
			const response = await patch( tester, { name: 'Mine' } );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( namesOf( other ), {
				name: 'Other',
				surname: 'One',
			} );
		} );
	} );

	describe( 'a password change ends the sessions', () => {
		// Every way a request turns its token into the tester: the row alone, and the row with the rank.
		const READS = [
			'/users/me',
			'/users/me?fields=all',
			'/users/me/popups',
			'/users/me/fiscal',
		];

		it( "refuses the tester's older tokens with 'Token expired', accepts one issued after", async () => {
			const tester = await ctx.createTester( { password: 'Secret123' } );
			const old = await tokenIssued( tester, -60 );
			const expired = await getWith(
				await tokenIssued( tester, -1000 ),
				'/users/me'
			);
			assert.equal( expired.statusCode, 401 );
			for ( const url of READS ) {
				const response = await getWith( old, url );
				assert.notEqual( response.statusCode, 401, url );
			}
			const change = await patch(
				tester,
				{ oldPassword: 'Secret123', password: 'Better456' },
				old
			);
			assert.equal( change.statusCode, 200, change.body );

			for ( const url of READS ) {
				const response = await getWith( old, url );
				assert.equal( response.statusCode, 401, url );
				// The body of an expired token, so the client refreshes.
				assert.deepEqual( response.json(), expired.json(), url );
			}
			const again = await patch( tester, { name: 'Again' }, old );
			assert.equal( again.statusCode, 401 );
			assert.deepEqual( again.json(), expired.json() );

			const fresh = await ctx.tokenFor( tester );
			for ( const url of READS ) {
				const response = await getWith( fresh, url );
				assert.notEqual( response.statusCode, 401, url );
				assert.notEqual( response.statusCode, 403, url );
			}
			const me = await getWith( fresh, '/users/me?fields=all' );
			assert.equal( me.statusCode, 200, me.body );
			assert.equal( me.json().id, tester.id );
		} );

		it( "leaves other testers' tokens alone", async () => {
			const tester = await ctx.createTester( { password: 'Secret123' } );
			const other = await ctx.createTester();
			const othersOld = await tokenIssued( other, -60 );
			const change = await patch( tester, {
				oldPassword: 'Secret123',
				password: 'Better456',
			} );
			assert.equal( change.statusCode, 200, change.body );
			for ( const url of READS ) {
				const response = await getWith( othersOld, url );
				assert.notEqual( response.statusCode, 401, url );
				assert.notEqual( response.statusCode, 403, url );
			}
			assert.equal(
				( await getWith( othersOld, '/users/me?fields=all' ) ).json()
					.id,
				other.id
			);
		} );

		it( 'keeps them when the current password is wrong, or only other fields change', async () => {
			const tester = await ctx.createTester( { password: 'Secret123' } );
			const old = await tokenIssued( tester, -60 );
			const wrong = await patch(
				tester,
				{ oldPassword: 'Wrong123', password: 'Better456' },
				old
			);
			assert.equal( wrong.statusCode, 417, wrong.body );
			const named = await patch( tester, { name: 'Renamed' }, old );
			assert.equal( named.statusCode, 200, named.body );
			const response = await getWith( old, '/users/me?fields=all' );
			assert.equal( response.statusCode, 200, response.body );
		} );
	} );
} );
