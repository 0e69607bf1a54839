import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pkg from 'codice-fiscale-js';
import { fiscalStatusOf } from '../../src/features/fiscal/verify.ts';
import { seed, type DemoProfile } from '../../src/seed/index.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';

const { CodiceFiscale } = pkg as unknown as {
	CodiceFiscale: typeof pkg.default;
};

/** The demo sign-ups of scripts/lib/demo.mjs, as the API's sign-up leaves them (Hana without a birth date). */
const SIGN_UPS: Array< {
	profile: DemoProfile;
	name: string;
	surname: string;
	birth_date: string | null;
	country: string;
} > = [
	{
		profile: 'newcomer',
		name: 'Dana',
		surname: 'Demo',
		birth_date: '1992-05-14',
		country: 'IT',
	},
	{
		profile: 'veteran',
		name: 'Vera',
		surname: 'Veteran',
		birth_date: '1985-09-23',
		country: 'IT',
	},
	{
		profile: 'unverified',
		name: 'Umberto',
		surname: 'Unverified',
		birth_date: '1996-11-30',
		country: 'IT',
	},
	{
		profile: 'heavy',
		name: 'Hana',
		surname: 'Heavy',
		birth_date: null,
		country: 'ES',
	},
	{
		profile: 'invoice',
		name: 'Ivo',
		surname: 'Invoice',
		birth_date: '1979-02-11',
		country: 'IT',
	},
];

describe( `demo testers' profile states on ${ testEngine() }`, () => {
	let database: TestDatabase;
	const ids = {} as Record< DemoProfile, number >;

	before( async () => {
		database = await createTestDatabase();
		const demo = [];
		for ( const [ position, signUp ] of SIGN_UPS.entries() ) {
			const { profile, ...columns } = signUp;
			const { insertId } = await database.db
				.insertInto( 'testers' )
				.values( {
					...columns,
					wp_user_id: 20 + position,
					email: `${ profile }@crowdscout.test`,
				} )
				.executeTakeFirstOrThrow();
			ids[ profile ] = Number( insertId );
			demo.push( { testerId: Number( insertId ), profile } );
		}
		await seed( database.db, {
			seed: 'profiles',
			testers: 5,
			campaigns: 30,
			bugsPerTester: 1,
			experiencePerTester: 2,
			demo,
		} );
	} );
	after( () => database.drop() );

	const testerRow = ( profile: DemoProfile ) =>
		database.db
			.selectFrom( 'testers as t' )
			.leftJoin( 'employments as e', 'e.id', 't.profession_id' )
			.leftJoin( 'education_levels as l', 'l.id', 't.education_id' )
			.select( [
				't.name',
				't.surname',
				't.birth_date',
				't.gender',
				't.phone',
				't.city',
				't.email_confirmed',
				'e.name as profession',
				'l.name as education',
			] )
			.where( 't.id', '=', ids[ profile ] )
			.executeTakeFirstOrThrow();
	const fiscalRows = ( profile: DemoProfile ) =>
		database.db
			.selectFrom( 'fiscal_profiles' )
			.selectAll()
			.where( 'tester_id', '=', ids[ profile ] )
			.execute();
	const count = async (
		table: 'tester_languages' | 'tester_certifications',
		profile: DemoProfile
	) =>
		(
			await database.db
				.selectFrom( table )
				.select( 'id' )
				.where( 'tester_id', '=', ids[ profile ] )
				.execute()
		).length;
	const verification = (
		row: Awaited< ReturnType< typeof fiscalRows > >[ number ],
		tester: Awaited< ReturnType< typeof testerRow > >
	) =>
		fiscalStatusOf( {
			addressCountry: row.address_country,
			fiscalId: row.fiscal_id,
			gender: row.gender,
			birthPlaceCode: row.birth_place_id,
			name: tester.name,
			surname: tester.surname,
			birthDate: String( tester.birth_date ).slice( 0, 10 ),
		} );

	it( 'leaves Dana with the sign-up fields only: email not confirmed, no fiscal profile', async () => {
		const dana = await testerRow( 'newcomer' );
		assert.equal( Number( dana.email_confirmed ), 0 );
		for ( const field of [
			'gender',
			'phone',
			'city',
			'profession',
			'education',
		] as const ) {
			assert.equal( dana[ field ], null, field );
		}
		assert.deepEqual( await fiscalRows( 'newcomer' ), [] );
		assert.equal( await count( 'tester_languages', 'newcomer' ), 0 );
		assert.equal( await count( 'tester_certifications', 'newcomer' ), 0 );
	} );

	it( 'gives Vera a confirmed email, a complete base profile and a verified fiscal profile with her real codice fiscale', async () => {
		const vera = await testerRow( 'veteran' );
		assert.equal( Number( vera.email_confirmed ), 1 );
		assert.equal( vera.gender, 'female' );
		assert.match( String( vera.phone ), /^\+39\d{9,10}$/ );
		assert.equal( vera.city, 'Milano' );
		assert.equal( vera.profession, 'Employee (full-time)' );
		assert.equal( vera.education, "Master's degree or equivalent" );
		assert.ok( ( await count( 'tester_languages', 'veteran' ) ) > 0 );
		assert.ok( ( await count( 'tester_certifications', 'veteran' ) ) > 0 );

		const [ fiscal, ...more ] = await fiscalRows( 'veteran' );
		assert.equal( more.length, 0 );
		// Vera Veteran, female, born in Milano (F205) on 23 September 1985.
		assert.equal( fiscal.fiscal_id, 'VTRVRE85P63F205D' );
		assert.equal( fiscal.type, 'withholding' );
		assert.equal( fiscal.gender, 'female' );
		assert.deepEqual(
			[ fiscal.birth_city, fiscal.birth_province, fiscal.birth_place_id ],
			[ 'Milano', 'MI', 'F205' ]
		);
		assert.deepEqual(
			[
				fiscal.address_country,
				fiscal.address_province,
				fiscal.address_city,
			],
			[ 'IT', 'MI', 'Milano' ]
		);
		assert.equal( fiscal.status, 'verified' );
		assert.equal( verification( fiscal, vera ), 'verified' );
	} );

	it( 'gives Umberto a well-formed Italian tax id that does not match his data, stored unverified', async () => {
		const umberto = await testerRow( 'unverified' );
		const [ fiscal ] = await fiscalRows( 'unverified' );
		assert.equal( fiscal.status, 'unverified' );
		assert.equal( fiscal.address_country, 'IT' );
		assert.ok( CodiceFiscale.check( String( fiscal.fiscal_id ) ) );
		assert.equal( verification( fiscal, umberto ), 'unverified' );
		assert.equal( umberto.gender, fiscal.gender );
	} );

	it( 'gives Hana a verified non-Italian profile, with a birth date when the sign-up had none', async () => {
		const hana = await testerRow( 'heavy' );
		const [ fiscal ] = await fiscalRows( 'heavy' );
		assert.equal( String( hana.birth_date ).slice( 0, 10 ), '1990-07-08' );
		assert.equal( fiscal.type, 'non-italian' );
		assert.equal( fiscal.birth_province, 'EE' );
		assert.equal( fiscal.address_country, 'ES' );
		assert.equal( fiscal.status, 'verified' );
		assert.equal( verification( fiscal, hana ), 'verified' );
	} );

	it( 'gives Ivo a verified flat-rate VAT profile with his own codice fiscale (the wallet’s bank-invoice flow)', async () => {
		const ivo = await testerRow( 'invoice' );
		const [ fiscal ] = await fiscalRows( 'invoice' );
		assert.equal( fiscal.type, 'vat' );
		assert.equal( fiscal.address_country, 'IT' );
		assert.ok( CodiceFiscale.check( String( fiscal.fiscal_id ) ) );
		assert.equal( fiscal.status, 'verified' );
		assert.equal( verification( fiscal, ivo ), 'verified' );
	} );
} );
