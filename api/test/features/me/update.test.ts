import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { bearer, getOk } from '../../helpers/requests.ts';
import { firstRows } from './profile-rows.ts';

const PHONE_MESSAGE =
	'This is an invalid format. Should be formatted as +11000000000 or 0011000000000';
const CITY_MESSAGE =
	"We couldn't find a city with that name, please search again.";

/** YYYY-MM-DD of the day `years` years before today, plus `days`. */
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

describe( `PATCH and PUT /api/users/me profile on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const send = async (
		tester: Tester,
		payload: unknown,
		method: 'PATCH' | 'PUT' = 'PATCH'
	) =>
		ctx.app.inject( {
			method,
			url: '/api/users/me',
			headers: bearer( await ctx.tokenFor( tester ) ),
			payload: payload as object,
		} );
	const profileOf = ( tester: Tester ) =>
		getOk( ctx, '/users/me?fields=all', tester );
	/** The fake WordPress's requests to change an email or a password, from now on. */
	const channelCalls = () => {
		const from = ctx.wordpress.requests.length;
		return () =>
			ctx.wordpress.requests
				.slice( from )
				.filter( ( request ) =>
					/\/(email|password)$/.test( request.route )
				);
	};

	describe( 'each field, valid', () => {
		const cases: Array< [ string, object, object ] > = [
			[
				'name, tidied',
				{ name: '  Ada   Lovelace ' },
				{ name: 'Ada Lovelace' },
			],
			[ 'surname', { surname: "D'Arco" }, { surname: "D'Arco" } ],
			[
				'gender',
				{ gender: 'not-specified' },
				{ gender: 'not-specified' },
			],
			[ 'gender cleared', { gender: null }, { gender: null } ],
			[
				'birthDate',
				{ birthDate: '1985-03-04' },
				{ birthDate: '1985-03-04' },
			],
			[
				'birthDate exactly 16 years ago',
				{ birthDate: yearsAgo( 16 ) },
				{ birthDate: yearsAgo( 16 ) },
			],
			[
				'phone, +country shape with spaces and dashes',
				{ phone: '+39 333 123-4567' },
				{ phone: '+393331234567' },
			],
			[
				"phone, the spec's +11000000000",
				{ phone: '+11000000000' },
				{ phone: '+11000000000' },
			],
			[
				"phone, the spec's 0011000000000",
				{ phone: '0011000000000' },
				{ phone: '+11000000000' },
			],
			[
				'phone cleared by an empty string',
				{ phone: '' },
				{ phone: null },
			],
			[ 'phone cleared by null', { phone: null }, { phone: null } ],
			[ 'country, any case', { country: 'fr' }, { country: 'FR' } ],
			[
				'countryCode, as country',
				{ countryCode: 'ES' },
				{ country: 'ES' },
			],
			[
				'country and countryCode that agree',
				{ country: 'DE', countryCode: 'de' },
				{ country: 'DE' },
			],
			[ 'city of Italy', { city: 'Milano' }, { city: 'Milano' } ],
			[
				'city, accents and case aside',
				{ city: 'forlì' },
				{ city: 'forlì' },
			],
			[ 'city cleared', { city: null }, { city: null } ],
			[ 'city cleared by an empty string', { city: '' }, { city: null } ],
			[
				'onboarding_completed',
				{ onboarding_completed: true },
				{ onboarding_completed: true },
			],
		];
		for ( const [ label, payload, expected ] of cases ) {
			it( `sets ${ label }, answers it and GET shows it`, async () => {
				const tester = await ctx.createTester();
				const response = await send( tester, payload );
				assert.equal( response.statusCode, 200, response.body );
				assert.deepEqual( response.json(), {
					id: tester.id,
					...expected,
				} );
				const profile = await profileOf( tester );
				for ( const [ field, value ] of Object.entries( expected ) ) {
					assert.deepEqual( profile[ field ], value, field );
				}
			} );
		}

		it( 'sets and clears profession and education, answered with their names', async () => {
			const tester = await ctx.createTester();
			const [ , profession ] = await firstRows( ctx, 'employments', 2 );
			const [ , education ] = await firstRows(
				ctx,
				'education_levels',
				2
			);
			const set = await send( tester, {
				profession: profession.id,
				education: education.id,
			} );
			assert.equal( set.statusCode, 200, set.body );
			assert.deepEqual( set.json(), {
				id: tester.id,
				profession,
				education,
			} );
			assert.deepEqual(
				( await profileOf( tester ) ).profession,
				profession
			);
			const cleared = await send( tester, {
				profession: null,
				education: null,
			} );
			assert.deepEqual( cleared.json(), {
				id: tester.id,
				profession: null,
				education: null,
			} );
			assert.equal( ( await profileOf( tester ) ).education, null );
		} );

		it( 'checks a city against a new country given with it', async () => {
			const tester = await ctx.createTester();
			const response = await send( tester, {
				country: 'FR',
				city: 'Paris',
			} );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), {
				id: tester.id,
				country: 'FR',
				city: 'Paris',
			} );
		} );

		it( 'clears a city that is not a place of a new country', async () => {
			const tester = await ctx.createTester( {
				set: { city: 'Milano' },
			} );
			assert.equal(
				( await send( tester, { country: 'FR' } ) ).statusCode,
				200
			);
			const profile = await profileOf( tester );
			assert.equal( profile.country, 'FR' );
			assert.equal( profile.city, null );
		} );

		it( 'is the same through PUT', async () => {
			const tester = await ctx.createTester();
			const response = await send(
				tester,
				{ name: 'Putting', city: 'Roma' },
				'PUT'
			);
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), {
				id: tester.id,
				name: 'Putting',
				city: 'Roma',
			} );
		} );
	} );

	describe( 'each field, invalid: 400 naming it, nothing changed', () => {
		const cases: Array< [ object, string ] > = [
			[ { name: '' }, 'Name must not be empty' ],
			[ { name: '   ' }, 'Name must not be empty' ],
			[
				{ name: '<b>Eve</b>' },
				'Name must not contain <, >, &, \\ or %',
			],
			[
				{ surname: '<script>x</script>' },
				'Surname must not contain <, >, &, \\ or %',
			],
			[ { surname: 42 }, 'Surname must be text' ],
			[
				{ name: 'x'.repeat( 101 ) },
				'Name must be at most 100 characters long',
			],
			[
				{ gender: 'robot' },
				'Gender must be one of: female, male, not-specified, other',
			],
			[ { birthDate: 'yesterday' }, 'Birth date: Invalid date' ],
			[ { birthDate: '1990-02-30' }, 'Birth date: Invalid date' ],
			[ { birthDate: '1899-12-31' }, 'Birth date: Invalid date' ],
			[
				{ birthDate: yearsAgo( 16, 1 ) },
				'Birth date: you must be at least 16 years old',
			],
			[ { phone: '3331234567' }, PHONE_MESSAGE ],
			[ { phone: '+1' }, PHONE_MESSAGE ],
			[ { phone: '+39 abc' }, PHONE_MESSAGE ],
			[ { phone: '+39 333 123 4567 8901 234' }, PHONE_MESSAGE ],
			[ { phone: 393331234567 }, PHONE_MESSAGE ],
			[ { email: 'not-an-email' }, 'Email must be a valid email' ],
			[ { email: '' }, 'Email must be a valid email' ],
			[ { country: 'XX' }, 'Country must be an ISO 3166-1 alpha-2 code' ],
			[
				{ country: 'ITA' },
				'Country must be an ISO 3166-1 alpha-2 code',
			],
			[
				{ countryCode: '1T' },
				'Country must be an ISO 3166-1 alpha-2 code',
			],
			[
				{ country: 'IT', countryCode: 'FR' },
				'Country and countryCode must name the same country',
			],
			[ { city: 'Atlantis' }, CITY_MESSAGE ],
			[ { city: 'Paris' }, CITY_MESSAGE ],
			[ { country: 'FR', city: 'Milano' }, CITY_MESSAGE ],
			[
				{ profession: 999999 },
				'Profession must be an id of the employments list',
			],
			[
				{ profession: 'teacher' },
				'Profession must be an id of the employments list',
			],
			[
				{ education: 999999 },
				'Education must be an id of the education list',
			],
			[
				{ oldPassword: 'Secret123' },
				'oldPassword and password must be sent together',
			],
			[
				{ password: 'Better123' },
				'oldPassword and password must be sent together',
			],
			[
				{ oldPassword: 'Secret123', password: 'abc' },
				'Password must be at least 6 character long',
			],
			[
				{ oldPassword: 'Secret123', password: 'abcdefg1' },
				'Password must contain at least an uppercase letter',
			],
			[
				{ wp_user_id: 1 },
				"Unknown field 'wp_user_id' in the request body",
			],
		];
		for ( const [ payload, message ] of cases ) {
			it( `refuses ${ JSON.stringify( payload ) }`, async () => {
				const tester = await ctx.createTester( {
					set: { city: 'Roma' },
				} );
				const earlier = await profileOf( tester );
				const calls = channelCalls();
				// A valid field beside the wrong one is not applied either.
				const response = await send( tester, {
					...payload,
					onboarding_completed: true,
				} );
				assert.equal( response.statusCode, 400, response.body );
				assert.deepEqual( response.json(), {
					status: 400,
					error: 'Bad Request',
					message,
				} );
				assert.deepEqual( await profileOf( tester ), earlier );
				assert.deepEqual( calls(), [] );
			} );
		}
	} );

	describe( 'email', () => {
		it( 'changes it in WordPress, then stores it unconfirmed', async () => {
			const tester = await ctx.createTester( {
				set: { email_confirmed: 1 },
			} );
			const email = `new.${ tester.id }@example.test`;
			const response = await send( tester, {
				email: email.toUpperCase(),
			} );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), { id: tester.id, email } );
			assert.equal(
				ctx.wordpress.users.get( tester.wpUserId )?.email,
				email
			);
			const profile = await profileOf( tester );
			assert.equal( profile.email, email );
			assert.equal( profile.email_confirmed, false );
		} );

		it( 'is not sent to WordPress when unchanged, case aside', async () => {
			const tester = await ctx.createTester( {
				set: { email_confirmed: 1 },
			} );
			const calls = channelCalls();
			const response = await send( tester, {
				email: tester.email.toUpperCase(),
				name: 'Same',
			} );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), {
				id: tester.id,
				email: tester.email,
				name: 'Same',
			} );
			assert.deepEqual( calls(), [] );
			assert.equal( ( await profileOf( tester ) ).email_confirmed, true );
		} );

		it( 'answers 412 for an email another WordPress user has, changing nothing', async () => {
			const tester = await ctx.createTester();
			const other = ctx.wordpress.addUser( {
				email: `taken.${ tester.id }@example.test`,
				password: 'x',
				roles: [ 'subscriber' ],
			} );
			const earlier = await profileOf( tester );
			const response = await send( tester, {
				email: other.email,
				name: 'Changed',
			} );
			assert.equal( response.statusCode, 412, response.body );
			assert.equal( response.json().message, 'Email already exists' );
			assert.deepEqual( await profileOf( tester ), earlier );
			assert.equal(
				ctx.wordpress.users.get( tester.wpUserId )?.email,
				tester.email
			);
		} );

		it( "answers 412 for another tester's email without asking WordPress", async () => {
			const tester = await ctx.createTester();
			const other = await ctx.createTester();
			const calls = channelCalls();
			const response = await send( tester, { email: other.email } );
			assert.equal( response.statusCode, 412 );
			assert.equal( response.json().message, 'Email already exists' );
			assert.deepEqual( calls(), [] );
		} );

		it( 'answers 502 and changes nothing when WordPress fails', async () => {
			const tester = await ctx.createTester();
			const earlier = await profileOf( tester );
			ctx.wordpress.failWith = 500;
			try {
				const response = await send( tester, {
					email: `down.${ tester.id }@example.test`,
					surname: 'Changed',
				} );
				assert.equal( response.statusCode, 502 );
			} finally {
				ctx.wordpress.failWith = null;
			}
			assert.deepEqual( await profileOf( tester ), earlier );
		} );
	} );

	describe( 'password', () => {
		it( 'is changed by WordPress and never echoed', async () => {
			const tester = await ctx.createTester( { password: 'Secret123' } );
			const response = await send( tester, {
				oldPassword: 'Secret123',
				password: 'Better456',
			} );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), { id: tester.id } );
			assert.equal(
				ctx.wordpress.users.get( tester.wpUserId )?.password,
				'Better456'
			);
		} );

		it( 'answers 417 to a wrong current password, changing nothing', async () => {
			const tester = await ctx.createTester( { password: 'Secret123' } );
			const earlier = await profileOf( tester );
			const email = `wrong.${ tester.id }@example.test`;
			const response = await send( tester, {
				oldPassword: 'Wrong123',
				password: 'Better456',
				email,
				name: 'Changed',
			} );
			assert.equal( response.statusCode, 417, response.body );
			assert.equal(
				response.json().message,
				'Your current password is not correct'
			);
			assert.deepEqual( await profileOf( tester ), earlier );
			const user = ctx.wordpress.users.get( tester.wpUserId );
			assert.equal( user?.password, 'Secret123' );
			// WordPress took the new email first; it is given back.
			assert.equal( user?.email, tester.email );
		} );
	} );

	describe( 'fiscal profile', () => {
		it( 'is checked again when the surname changes', async () => {
			// RSSMRA80A01H501U: Mario Rossi, male, born 1980-01-01 in Roma (H501).
			const tester = await ctx.createTester( {
				name: 'Mario',
				surname: 'Rossi',
				birthDate: '1980-01-01',
			} );
			await ctx.database.db
				.insertInto( 'fiscal_profiles' )
				.values( {
					tester_id: tester.id,
					type: 'withholding',
					fiscal_id: 'RSSMRA80A01H501U',
					gender: 'male',
					birth_city: 'Roma',
					birth_province: 'RM',
					birth_place_id: 'H501',
					address_country: 'IT',
					address_province: 'RM',
					address_city: 'Roma',
					address_street: 'Via Roma',
					address_street_number: '1',
					address_zip: '00100',
					status: 'verified',
				} )
				.execute();
			const statusOf = async () =>
				(
					await ctx.database.db
						.selectFrom( 'fiscal_profiles' )
						.select( 'status' )
						.where( 'tester_id', '=', tester.id )
						.executeTakeFirstOrThrow()
				).status;
			assert.equal(
				( await send( tester, { surname: 'Bianchi' } ) ).statusCode,
				200
			);
			assert.equal( await statusOf(), 'unverified' );
			assert.equal(
				( await send( tester, { surname: 'Rossi' } ) ).statusCode,
				200
			);
			assert.equal( await statusOf(), 'verified' );
		} );
	} );

	it( "changes only the token's own tester", async () => {
		const tester = await ctx.createTester();
		const other = await ctx.createTester();
		const earlier = await profileOf( other );
		const response = await send( tester, {
			name: 'Mine',
			surname: 'Only',
			phone: '+393331234567',
			city: 'Torino',
			email: `mine.${ tester.id }@example.test`,
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( await profileOf( other ), earlier );
		assert.equal(
			ctx.wordpress.users.get( other.wpUserId )?.email,
			other.email
		);
	} );
} );
