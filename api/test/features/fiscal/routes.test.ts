import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';

/**
 * GET/POST/PUT /users/me/fiscal: the spec's fiscal rules, and the Italian tax code checked against the tester's
 * name, surname, gender, birth date and birth place.
 */

// Mario Rossi, male, born 1 January 1980 in Milano (F205).
const MARIO_CF = 'RSSMRA80A01F205X';
// The same man's code had he been born in Rome (H501): well formed, not his.
const MARIO_IN_ROME_CF = 'RSSMRA80A01H501U';
// Omocodia: the revenue agency's variant with the year's second digit written as a letter (0 → L).
const MARIO_OMOCODIC_CF = 'RSSMRA8LA01F205I';
// Maria Bianchi, female, born 15 June 1992 in France (Z110).
const MARIA_CF = 'BNCMRA92H55Z110T';

const italianAddress = {
	country: 'IT',
	province: 'MI',
	city: 'san donato milanese',
	street: 'Via Emilia',
	streetNumber: '12/A',
	cityCode: '20097',
};
const frenchAddress = {
	country: 'FR',
	province: 'Auvergne-Rhône-Alpes',
	city: 'Lyon',
	street: 'Rue de la République',
	streetNumber: '3',
	cityCode: '69002',
};

const italianBody = (
	fiscalId: string,
	overrides: Record< string, unknown > = {}
) => ( {
	type: 'withholding',
	fiscalId,
	gender: 'male',
	birthPlace: { city: 'Milano', province: 'MI' },
	address: italianAddress,
	...overrides,
} );

describe( '/api/users/me/fiscal', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const mario = () =>
		ctx.createTester( {
			name: 'Mario',
			surname: 'Rossi',
			birthDate: '1980-01-01',
		} );
	const maria = () =>
		ctx.createTester( {
			name: 'Maria',
			surname: 'Bianchi',
			birthDate: '1992-06-15',
		} );

	const call = async (
		method: 'GET' | 'POST' | 'PUT',
		tester: Tester,
		payload?: unknown
	) =>
		ctx.app.inject( {
			method,
			url: '/api/users/me/fiscal',
			headers: bearer( await ctx.tokenFor( tester ) ),
			...( payload === undefined ? {} : { payload: payload as object } ),
		} );

	const expectMessage = async (
		method: 'POST' | 'PUT',
		tester: Tester,
		payload: unknown,
		status: number,
		message: string | RegExp
	) => {
		const response = await call( method, tester, payload );
		assert.equal( response.statusCode, status, response.body );
		if ( typeof message === 'string' ) {
			assert.equal( response.json().message, message );
		} else {
			assert.match( response.json().message, message );
		}
	};

	it( 'answers 404 "No fiscal profile" before one is created, to GET and PUT', async () => {
		const tester = await mario();
		const got = await call( 'GET', tester );
		assert.equal( got.statusCode, 404 );
		assert.equal( got.json().message, 'No fiscal profile' );
		const put = await call( 'PUT', tester, italianBody( MARIO_CF ) );
		assert.equal( put.statusCode, 404 );
		assert.equal( put.json().message, 'No fiscal profile' );
	} );

	it( 'verifies an Italian tax id that matches the tester, and GET answers the same profile', async () => {
		const tester = await mario();
		const created = await call(
			'POST',
			tester,
			italianBody( ` ${ MARIO_CF.toLowerCase() } ` )
		);
		assert.equal( created.statusCode, 201, created.body );
		const expected = {
			type: 'withholding',
			fiscalId: MARIO_CF,
			gender: 'male',
			birthPlace: { city: 'Milano', province: 'MI' },
			address: { ...italianAddress, city: 'San Donato Milanese' },
			fiscalStatus: 'Verified',
			name: 'Mario',
			surname: 'Rossi',
			birthDate: '1980-01-01',
		};
		assert.deepEqual( created.json(), expected );
		const got = await call( 'GET', tester );
		assert.equal( got.statusCode, 200 );
		assert.deepEqual( got.json(), expected );
	} );

	it( 'stores a tax id that does not match as Unverified, and accepts an omocodia variant', async () => {
		const tester = await mario();
		const created = await call(
			'POST',
			tester,
			italianBody( MARIO_IN_ROME_CF )
		);
		assert.equal( created.statusCode, 201 );
		assert.equal( created.json().fiscalStatus, 'Unverified' );
		assert.equal( created.json().fiscalId, MARIO_IN_ROME_CF );

		const omocodic = await call(
			'PUT',
			tester,
			italianBody( MARIO_OMOCODIC_CF )
		);
		assert.equal( omocodic.statusCode, 200, omocodic.body );
		assert.equal( omocodic.json().fiscalStatus, 'Verified' );

		// The right code for the wrong gender, and one with a wrong check character.
		const female = await call(
			'PUT',
			tester,
			italianBody( MARIO_CF, { gender: 'female' } )
		);
		assert.equal( female.json().fiscalStatus, 'Unverified' );
		const badCheck = await call(
			'PUT',
			tester,
			italianBody( 'RSSMRA80A01F205Y' )
		);
		assert.equal( badCheck.json().fiscalStatus, 'Unverified' );
		assert.equal(
			( await call( 'GET', tester ) ).json().fiscalStatus,
			'Unverified'
		);
	} );

	it( 'answers 409 to a second POST and leaves the profile as it was', async () => {
		const tester = await mario();
		assert.equal(
			( await call( 'POST', tester, italianBody( MARIO_CF ) ) )
				.statusCode,
			201
		);
		await expectMessage(
			'POST',
			tester,
			italianBody( MARIO_IN_ROME_CF ),
			409,
			'A fiscal profile already exists'
		);
		const got = ( await call( 'GET', tester ) ).json();
		assert.equal( got.fiscalId, MARIO_CF );
		assert.equal( got.fiscalStatus, 'Verified' );
	} );

	it( 'verifies a birth abroad: province EE and the country, by ISO code or by name', async () => {
		const tester = await maria();
		const created = await call(
			'POST',
			tester,
			italianBody( MARIA_CF, {
				gender: 'female',
				birthPlace: { city: 'fr', province: 'ee' },
			} )
		);
		assert.equal( created.statusCode, 201, created.body );
		assert.equal( created.json().fiscalStatus, 'Verified' );
		assert.deepEqual( created.json().birthPlace, {
			city: 'FR',
			province: 'EE',
		} );
		const byName = await call(
			'PUT',
			tester,
			italianBody( MARIA_CF, {
				gender: 'female',
				birthPlace: { city: 'Francia', province: 'EE' },
			} )
		);
		assert.equal( byName.json().fiscalStatus, 'Verified' );
		// Born in Germany instead: the code no longer matches.
		const germany = await call(
			'PUT',
			tester,
			italianBody( MARIA_CF, {
				gender: 'female',
				birthPlace: { city: 'DE', province: 'EE' },
			} )
		);
		assert.equal( germany.json().fiscalStatus, 'Unverified' );
		await expectMessage(
			'PUT',
			tester,
			italianBody( MARIA_CF, {
				gender: 'female',
				birthPlace: { city: 'Atlantis', province: 'EE' },
			} ),
			400,
			"We couldn't find a country of birth with that name, please search again."
		);
	} );

	it( 'makes a non-Italian address non-italian, with a tax id of up to 30 characters', async () => {
		const tester = await maria();
		const created = await call( 'POST', tester, {
			type: 'vat',
			fiscalId: 'fr 12-345 678 901 234 567 8901',
			gender: 'female',
			address: frenchAddress,
		} );
		assert.equal( created.statusCode, 201, created.body );
		assert.deepEqual( created.json(), {
			type: 'non-italian',
			fiscalId: 'FR 12-345 678 901 234 567 8901',
			gender: 'female',
			birthPlace: { city: null, province: null },
			address: frenchAddress,
			fiscalStatus: 'Verified',
			name: 'Maria',
			surname: 'Bianchi',
			birthDate: '1992-06-15',
		} );
		// Not shaped like a tax id.
		const odd = await call( 'PUT', tester, {
			type: 'non-italian',
			fiscalId: '#?!',
			gender: 'female',
			address: frenchAddress,
		} );
		assert.equal( odd.json().fiscalStatus, 'Unverified' );
		await expectMessage(
			'PUT',
			tester,
			{
				type: 'non-italian',
				fiscalId: 'A'.repeat( 31 ),
				gender: 'female',
				address: frenchAddress,
			},
			400,
			'Tax id must be at most 30 characters long'
		);
		await expectMessage(
			'PUT',
			tester,
			{
				type: 'non-italian',
				fiscalId: 'FR123',
				gender: 'female',
				address: { ...frenchAddress, city: 'Milano' },
			},
			400,
			"We couldn't find a city with that name, please search again."
		);
	} );

	it( 'wants exactly 16 characters for an Italian address', async () => {
		const tester = await mario();
		for ( const fiscalId of [
			MARIO_CF.slice( 0, 15 ),
			`${ MARIO_CF }A`,
		] ) {
			await expectMessage(
				'POST',
				tester,
				italianBody( fiscalId ),
				400,
				'Tax id must be exactly 16 characters long'
			);
		}
		assert.equal( ( await call( 'GET', tester ) ).statusCode, 404 );
	} );

	it( 'refuses every missing or wrong field with its own message', async () => {
		const tester = await mario();
		const without = ( field: string ) => {
			const address: Record< string, string > = { ...italianAddress };
			delete address[ field ];
			return italianBody( MARIO_CF, { address } );
		};
		const cases: Array< [ unknown, string ] > = [
			[ without( 'city' ), 'You need to select a city' ],
			[ without( 'street' ), 'You need to select a street' ],
			[ without( 'province' ), 'Province is a required field' ],
			[ without( 'streetNumber' ), 'Street number is a required field' ],
			[ without( 'cityCode' ), 'Zip code is a required field' ],
			[ without( 'country' ), 'Country is a required field' ],
			[
				italianBody( MARIO_CF, {
					address: { ...italianAddress, street: '  ' },
				} ),
				'You need to select a street',
			],
			[
				italianBody( MARIO_CF, {
					address: { ...italianAddress, city: '' },
				} ),
				'You need to select a city',
			],
			[
				italianBody( MARIO_CF, { gender: 'other' } ),
				'Gender must be male or female',
			],
			[
				italianBody( MARIO_CF, { type: 'internal' } ),
				'Fiscal type must be one of non-italian, withholding, witholding-extra, vat, company; for another, contact support',
			],
			[
				italianBody( MARIO_CF, { birthPlace: undefined } ),
				'Birth city is a required field',
			],
			[
				italianBody( MARIO_CF, {
					birthPlace: { city: 'Milano', province: 'RM' },
				} ),
				"We couldn't find a city with that name, please search again.",
			],
			[
				italianBody( MARIO_CF, {
					address: { ...italianAddress, city: 'Atlantide' },
				} ),
				"We couldn't find a city with that name, please search again.",
			],
			[
				italianBody( MARIO_CF, {
					address: { ...italianAddress, province: 'ZZ' },
				} ),
				'Province must be the sigla of an Italian province',
			],
			[
				italianBody( MARIO_CF, {
					address: { ...italianAddress, cityCode: '2009' },
				} ),
				'Zip code must be 5 digits',
			],
			[
				{ ...italianBody( MARIO_CF ), fiscalId: '' },
				'Tax id is a required field',
			],
		];
		for ( const [ payload, message ] of cases ) {
			await expectMessage( 'POST', tester, payload, 400, message );
		}
		assert.equal( ( await call( 'GET', tester ) ).statusCode, 404 );
	} );

	it( 'asks for the birth date on the base tab when the tester has none', async () => {
		const tester = await ctx.createTester( {
			name: 'Mario',
			surname: 'Rossi',
			birthDate: null,
		} );
		await expectMessage(
			'POST',
			tester,
			italianBody( MARIO_CF ),
			400,
			'Birth date is required, set it on base tab'
		);
	} );

	it( "shows the community team's refusal until the tester saves changed data", async () => {
		const tester = await mario();
		assert.equal(
			( await call( 'POST', tester, italianBody( MARIO_CF ) ) ).json()
				.fiscalStatus,
			'Verified'
		);
		const reason = 'The tax id belongs to someone else';
		// As the back office's refusal leaves it (fiscal-admin/review.test.ts).
		await ctx.database.db
			.updateTable( 'fiscal_profiles' )
			.set( { status: 'unverified', review_note: reason } )
			.where( 'tester_id', '=', tester.id )
			.execute();
		const note = async () =>
			(
				await ctx.database.db
					.selectFrom( 'fiscal_profiles' )
					.select( 'review_note' )
					.where( 'tester_id', '=', tester.id )
					.executeTakeFirstOrThrow()
			).review_note;

		const refused = ( await call( 'GET', tester ) ).json();
		assert.equal( refused.fiscalStatus, 'Unverified' );
		assert.equal( refused.refusalReason, reason );

		// The same data again: the automatic check would pass it, the refusal stands.
		const same = await call( 'PUT', tester, italianBody( MARIO_CF ) );
		assert.equal( same.statusCode, 200, same.body );
		assert.equal( same.json().fiscalStatus, 'Unverified' );
		assert.equal( same.json().refusalReason, reason );
		assert.equal( await note(), reason );

		// Changed data: the refusal is lifted and the automatic check decides.
		const changed = await call(
			'PUT',
			tester,
			italianBody( MARIO_CF, {
				address: { ...italianAddress, street: 'Via Roma' },
			} )
		);
		assert.equal( changed.statusCode, 200, changed.body );
		assert.equal( changed.json().fiscalStatus, 'Verified' );
		assert.equal( 'refusalReason' in changed.json(), false );
		assert.equal( await note(), null );
	} );

	it( "refuses to edit an internal employee's profile", async () => {
		const tester = await mario();
		await call( 'POST', tester, italianBody( MARIO_CF ) );
		await ctx.database.db
			.updateTable( 'fiscal_profiles' )
			.set( { type: 'internal' } )
			.where( 'tester_id', '=', tester.id )
			.execute();
		await expectMessage(
			'PUT',
			tester,
			italianBody( MARIO_IN_ROME_CF ),
			403,
			'Internal employees cannot edit fiscal data'
		);
		const got = ( await call( 'GET', tester ) ).json();
		assert.equal( got.type, 'internal' );
		assert.equal( got.fiscalId, MARIO_CF );
	} );

	it( "never shows or changes another tester's profile", async () => {
		const owner = await mario();
		const other = await mario();
		await call( 'POST', owner, italianBody( MARIO_CF ) );
		assert.equal( ( await call( 'GET', other ) ).statusCode, 404 );
		assert.equal(
			( await call( 'PUT', other, italianBody( MARIO_IN_ROME_CF ) ) )
				.statusCode,
			404
		);
		const own = await call(
			'POST',
			other,
			italianBody( MARIO_IN_ROME_CF )
		);
		assert.equal( own.statusCode, 201 );
		const got = ( await call( 'GET', owner ) ).json();
		assert.equal( got.fiscalId, MARIO_CF );
		assert.equal( got.fiscalStatus, 'Verified' );
	} );

	it( 'needs a token', async () => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me/fiscal',
		} );
		assert.equal( response.statusCode, 403 );
	} );
} );
