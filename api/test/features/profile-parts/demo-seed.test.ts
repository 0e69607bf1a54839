import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProfilePartsRepository } from '../../../src/features/profile-parts/repository.ts';
import { seed } from '../../../src/seed/index.ts';
import {
	CUSTOM_FIELD_GROUPS,
	CUSTOM_FIELDS,
	VETERAN_PROFILE,
	writeCustomFieldCatalogue,
} from '../../../src/seed/custom-fields.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';

describe( `the demo's profile parts (seed) on ${ testEngine() }`, () => {
	let database: TestDatabase;
	const ids = { newcomer: 0, veteran: 0 };

	before( async () => {
		database = await createTestDatabase();
		const demo = [];
		for ( const [ position, profile ] of (
			[ 'newcomer', 'veteran' ] as const
		 ).entries() ) {
			const { insertId } = await database.db
				.insertInto( 'testers' )
				.values( {
					wp_user_id: 10 + position,
					email: `${ profile }@crowdscout.test`,
					name: profile,
					surname: 'Demo',
					country: 'IT',
				} )
				.executeTakeFirstOrThrow();
			ids[ profile ] = Number( insertId );
			demo.push( { testerId: Number( insertId ), profile } );
		}
		await seed( database.db, {
			seed: 'profile-parts',
			testers: 10,
			campaigns: 40,
			bugsPerTester: 2,
			experiencePerTester: 5,
			demo,
		} );
	} );
	after( () => database.drop() );

	const count = async (
		table:
			| 'tester_languages'
			| 'tester_certifications'
			| 'tester_custom_values',
		testerId: number
	) =>
		Number(
			(
				await database.db
					.selectFrom( table )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.where( 'tester_id', '=', testerId )
					.executeTakeFirstOrThrow()
			).n
		);

	it( 'writes the custom user field catalogue', async () => {
		const fields = await database.db
			.selectFrom( 'custom_user_fields' )
			.select( [ 'id', 'enabled' ] )
			.orderBy( 'id' )
			.execute();
		assert.deepEqual(
			fields.map( ( field ) => [ field.id, Number( field.enabled ) ] ),
			Object.values( CUSTOM_FIELDS ).map( ( field ) => [
				field.id,
				field.enabled ? 1 : 0,
			] )
		);
		const translations = await database.db
			.selectFrom( 'custom_user_field_translations' )
			.select( 'language_code' )
			.where( 'field_id', '=', CUSTOM_FIELDS.jobTitle.id )
			.orderBy( 'language_code' )
			.execute();
		assert.deepEqual(
			translations.map( ( row ) => row.language_code ),
			[ 'en', 'es', 'fr', 'it' ]
		);
	} );

	it( "gives the veteran languages, two certifications and custom values, and leaves the newcomer's empty", async () => {
		const parts = createProfilePartsRepository( database.db );
		assert.deepEqual(
			( await parts.languagesOf( ids.veteran ) ).map(
				( language ) => language.name
			),
			[ ...VETERAN_PROFILE.languages ].sort()
		);
		assert.deepEqual(
			( await parts.certificationsOf( ids.veteran ) ).map(
				( certification ) => [
					certification.name,
					certification.achievementDate,
				]
			),
			VETERAN_PROFILE.certifications
				.map( ( certification ) => [
					certification.name,
					certification.achievementDate,
				] )
				.reverse()
		);
		const values = await parts.customValuesOf( ids.veteran );
		assert.deepEqual(
			values.filter(
				( value ) => value.fieldId === CUSTOM_FIELDS.streaming.id
			),
			[
				{
					fieldId: CUSTOM_FIELDS.streaming.id,
					value: String( CUSTOM_FIELDS.streaming.options[ 0 ].id ),
					isCandidate: false,
					text: 'Netflix',
				},
				{
					fieldId: CUSTOM_FIELDS.streaming.id,
					value: String( CUSTOM_FIELDS.streaming.options[ 7 ].id ),
					isCandidate: false,
					text: 'Spotify',
				},
				{
					fieldId: CUSTOM_FIELDS.streaming.id,
					value: 'RaiPlay',
					isCandidate: true,
				},
			]
		);
		assert.equal( values.length, VETERAN_PROFILE.customValues.length );
		for ( const table of [
			'tester_languages',
			'tester_certifications',
			'tester_custom_values',
		] as const ) {
			assert.equal( await count( table, ids.newcomer ), 0, table );
		}
	} );

	it( "runs again without adding rows, keeping an administrator's edit", async () => {
		await database.db
			.updateTable( 'custom_user_fields' )
			.set( { format: null } )
			.where( 'id', '=', CUSTOM_FIELDS.linkedIn.id )
			.execute();
		await writeCustomFieldCatalogue( database.db );
		const [ options, linkedIn ] = await Promise.all( [
			database.db
				.selectFrom( 'custom_user_field_options' )
				.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
				.executeTakeFirstOrThrow(),
			database.db
				.selectFrom( 'custom_user_fields' )
				.select( 'format' )
				.where( 'id', '=', CUSTOM_FIELDS.linkedIn.id )
				.executeTakeFirstOrThrow(),
		] );
		assert.equal(
			Number( options.n ),
			Object.values( CUSTOM_FIELDS ).reduce(
				( sum, field ) => sum + field.options.length,
				0
			)
		);
		assert.equal( linkedIn.format, null );
	} );

	const groupNames = async ( groupId: number ) =>
		Object.fromEntries(
			(
				await database.db
					.selectFrom( 'custom_user_field_group_translations' )
					.select( [ 'language_code', 'name' ] )
					.where( 'group_id', '=', groupId )
					.execute()
			).map( ( row ) => [ row.language_code, row.name ] )
		);
	const optionNames = async ( optionId: number ) =>
		Object.fromEntries(
			(
				await database.db
					.selectFrom( 'custom_user_field_option_translations' )
					.select( [ 'language_code', 'name' ] )
					.where( 'option_id', '=', optionId )
					.execute()
			).map( ( row ) => [ row.language_code, row.name ] )
		);

	it( 'names every group and option in the four languages, the English one as the default name', async () => {
		for ( const group of CUSTOM_FIELD_GROUPS ) {
			assert.deepEqual( await groupNames( group.id ), group.name );
		}
		const frequency = CUSTOM_FIELDS.shoppingFrequency.options[ 0 ];
		assert.deepEqual( await optionNames( frequency.id ), {
			it: 'Ogni settimana',
			en: 'Every week',
			es: 'Cada semana',
			fr: 'Chaque semaine',
		} );
		const options = Object.values( CUSTOM_FIELDS ).flatMap(
			( field ) => field.options
		);
		const counted = await database.db
			.selectFrom( 'custom_user_field_option_translations' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.executeTakeFirstOrThrow();
		assert.equal( Number( counted.n ), options.length * 4 );
		const option = await database.db
			.selectFrom( 'custom_user_field_options' )
			.select( 'name' )
			.where( 'id', '=', frequency.id )
			.executeTakeFirstOrThrow();
		assert.equal( option.name, 'Every week' );
	} );

	it( "names the groups and options of a catalogue seeded before their translations, keeping an administrator's names", async () => {
		const [ tech, shopping ] = CUSTOM_FIELD_GROUPS;
		const [ weekly, monthly ] = CUSTOM_FIELDS.shoppingFrequency.options;
		const { db } = database;
		// As 0014 found it: no translations. An administrator renamed a group and an option since.
		await db.deleteFrom( 'custom_user_field_group_translations' ).execute();
		await db
			.deleteFrom( 'custom_user_field_option_translations' )
			.execute();
		await db
			.updateTable( 'custom_user_field_groups' )
			.set( { name: 'Purchases' } )
			.where( 'id', '=', shopping.id )
			.execute();
		await db
			.updateTable( 'custom_user_field_options' )
			.set( { name: 'Weekly' } )
			.where( 'id', '=', weekly.id )
			.execute();

		await writeCustomFieldCatalogue( db );

		assert.deepEqual( await groupNames( tech.id ), tech.name );
		assert.deepEqual( await groupNames( shopping.id ), {} );
		assert.deepEqual( await optionNames( weekly.id ), {} );
		assert.deepEqual( await optionNames( monthly.id ), monthly.name );

		// Their own translation, later, is kept too.
		await db
			.updateTable( 'custom_user_field_group_translations' )
			.set( { name: 'Tecnologia' } )
			.where( 'group_id', '=', tech.id )
			.where( 'language_code', '=', 'it' )
			.execute();
		await writeCustomFieldCatalogue( db );
		assert.deepEqual( await groupNames( tech.id ), {
			...tech.name,
			it: 'Tecnologia',
		} );
		assert.deepEqual( await groupNames( shopping.id ), {} );
	} );
} );
