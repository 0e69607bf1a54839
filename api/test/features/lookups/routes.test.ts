import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	EDUCATION_LEVELS,
	EMPLOYMENTS,
	LANGUAGES,
	LEVELS,
	LOOKUP_ROWS,
	REGION_COUNTS,
} from '../../../src/lookups/index.ts';
import { createLookupsRepository } from '../../../src/features/lookups/repository.ts';
import {
	CUSTOM_FIELD_GROUPS,
	CUSTOM_FIELDS,
	writeCustomFieldCatalogue,
} from '../../../src/seed/custom-fields.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { get, getOk } from '../../helpers/requests.ts';

describe( `lookup routes on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let tester: Tester;
	before( async () => {
		ctx = await startTestContext();
		await writeCustomFieldCatalogue( ctx.database.db );
		tester = await ctx.createTester();
	} );
	after( () => ctx.close() );

	const LOOKUPS = [
		'/languages',
		'/employments',
		'/education',
		'/custom_user_fields',
		'/levels',
		'/certifications',
		'/countries/IT/region',
	];

	it( 'answers 403 without a token, and lets a browser keep each answer five minutes, privately', async () => {
		for ( const url of LOOKUPS ) {
			assert.equal( ( await get( ctx, url ) ).statusCode, 403, url );
			const response = await get( ctx, url, tester );
			assert.equal( response.statusCode, 200, url );
			assert.equal(
				response.headers[ 'cache-control' ],
				'private, max-age=300',
				url
			);
		}
	} );

	it( 'lists languages by name, employments and education levels in their order', async () => {
		const languages = await getOk( ctx, '/languages', tester );
		assert.equal( languages.length, LANGUAGES.length );
		// The database's order by name, as the repository reads it.
		assert.deepEqual(
			languages,
			await createLookupsRepository( ctx.database.db ).languages()
		);
		assert.deepEqual( Object.keys( languages[ 0 ] ).sort(), [
			'id',
			'name',
		] );
		assert.deepEqual(
			await getOk( ctx, '/employments', tester ),
			EMPLOYMENTS.map( ( name, index ) => ( { id: index + 1, name } ) )
		);
		assert.deepEqual(
			await getOk( ctx, '/education', tester ),
			EDUCATION_LEVELS.map( ( name, index ) => ( {
				id: index + 1,
				name,
			} ) )
		);
	} );

	it( 'lists the levels with the points to reach and to hold each', async () => {
		assert.deepEqual(
			await getOk( ctx, '/levels', tester ),
			LEVELS.map( ( level ) => ( {
				id: level.id,
				name: level.name,
				reach_exp_pts: level.reachPoints,
				hold_exp_pts: level.holdPoints,
			} ) )
		);
	} );

	it( 'lists certifications with institute and area, filtered by institute and area', async () => {
		const all = await getOk( ctx, '/certifications', tester );
		assert.equal( all.length, LOOKUP_ROWS.certifications.length );
		const ctfl = all.find(
			( item: { name: string } ) =>
				item.name === 'Certified Tester Foundation Level (CTFL)'
		);
		const istqb = LOOKUP_ROWS.certification_institutes.find(
			( row ) => row.name === 'ISTQB'
		)!;
		const foundation = LOOKUP_ROWS.certification_areas.find(
			( row ) => row.name === 'Core Foundation'
		)!;
		assert.deepEqual( ctfl.institute, { id: istqb.id, name: 'ISTQB' } );
		assert.deepEqual( ctfl.area, {
			id: foundation.id,
			name: 'Core Foundation',
		} );

		const byInstitute = await getOk(
			ctx,
			`/certifications?filterBy[institute]=${ istqb.id }`,
			tester
		);
		assert.ok( byInstitute.length > 1 && byInstitute.length < all.length );
		assert.ok(
			byInstitute.every(
				( item: { institute: { id: number } } ) =>
					item.institute.id === istqb.id
			)
		);
		assert.deepEqual(
			await getOk(
				ctx,
				`/certifications?filterBy[institute]=${ istqb.id }&filterBy[area]=${ foundation.id }`,
				tester
			),
			[ ctfl ]
		);
		assert.deepEqual(
			await getOk( ctx, '/certifications?filterBy[area]=999999', tester ),
			[]
		);
		const bad = await get(
			ctx,
			'/certifications?filterBy[area]=first',
			tester
		);
		assert.equal( bad.statusCode, 400 );
	} );

	it( "lists a country's regions sorted in the language asked, and answers 404 for an unknown country", async () => {
		const regions = await getOk(
			ctx,
			'/countries/it/region?languageCode=it',
			tester
		);
		assert.equal( regions.length, REGION_COUNTS.get( 'IT' ) );
		assert.ok(
			regions.some(
				( region: { name: string } ) =>
					region.name === 'Lombardia' || region.name === 'Lombardy'
			)
		);
		assert.deepEqual( Object.keys( regions[ 0 ] ).sort(), [
			'code',
			'name',
		] );
		const names = regions.map(
			( region: { name: string } ) => region.name
		);
		assert.deepEqual(
			names,
			[ ...names ].sort( ( a, b ) => a.localeCompare( b, 'it' ) )
		);
		const unknown = await get( ctx, '/countries/ZZ/region', tester );
		assert.equal( unknown.statusCode, 404 );
		assert.equal( unknown.json().message, 'Country not found' );
		assert.equal( unknown.headers[ 'cache-control' ], undefined );
		assert.equal(
			( await get( ctx, '/countries/ITA/region', tester ) ).statusCode,
			400
		);
	} );

	describe( 'GET /custom_user_fields', () => {
		it( 'answers group 0 first, then the groups in order, with only enabled fields', async () => {
			const groups = await getOk( ctx, '/custom_user_fields', tester );
			assert.deepEqual(
				groups.map(
					( { group, fields }: { group: any; fields: any[] } ) => [
						group.id,
						group.name,
						fields.map( ( field ) => field.id ),
					]
				),
				[
					[
						0,
						{ it: '' },
						[
							CUSTOM_FIELDS.operatingSystem.id,
							CUSTOM_FIELDS.jobTitle.id,
							CUSTOM_FIELDS.linkedIn.id,
						],
					],
					[
						1,
						CUSTOM_FIELD_GROUPS[ 0 ].name,
						[
							CUSTOM_FIELDS.streaming.id,
							CUSTOM_FIELDS.smartHome.id,
						],
					],
					[
						2,
						CUSTOM_FIELD_GROUPS[ 1 ].name,
						[
							CUSTOM_FIELDS.shoppingFrequency.id,
							CUSTOM_FIELDS.shops.id,
						],
					],
				]
			);
		} );

		it( 'answers each field with names per language, placeholder, allow_other, format and options', async () => {
			const groups = await getOk( ctx, '/custom_user_fields', tester );
			const fields = new Map< number, any >(
				groups
					.flatMap( ( group: { fields: any[] } ) => group.fields )
					.map( ( field: { id: number } ) => [ field.id, field ] )
			);
			const { linkedIn, streaming } = CUSTOM_FIELDS;
			assert.deepEqual( fields.get( linkedIn.id ), {
				id: linkedIn.id,
				type: 'text',
				name: linkedIn.names,
				placeholder: linkedIn.placeholders,
				allow_other: false,
				format: linkedIn.format,
				options: [],
			} );
			assert.deepEqual( fields.get( streaming.id ), {
				id: streaming.id,
				type: 'multiselect',
				name: streaming.names,
				placeholder: streaming.placeholders,
				allow_other: true,
				format: null,
				options: streaming.options,
			} );
			assert.equal(
				fields.get( CUSTOM_FIELDS.smartHome.id ).placeholder,
				null
			);
			// Options named in the four languages, not only a brand's one name.
			assert.deepEqual(
				fields.get( CUSTOM_FIELDS.shoppingFrequency.id ).options[ 0 ],
				{
					id: CUSTOM_FIELDS.shoppingFrequency.options[ 0 ].id,
					name: {
						it: 'Ogni settimana',
						en: 'Every week',
						es: 'Cada semana',
						fr: 'Chaque semaine',
					},
				}
			);
		} );

		it( "names a group or an option in Italian from English, else from the catalogue's own name", async () => {
			const { db } = ctx.database;
			await db
				.insertInto( 'custom_user_field_groups' )
				.values( [
					{ id: 80, name: 'Pets', position: 80 },
					{ id: 81, name: 'Cars', position: 81 },
				] )
				.execute();
			await db
				.insertInto( 'custom_user_fields' )
				.values(
					[ 80, 81 ].map( ( id ) => ( {
						id,
						group_id: id,
						type: 'select' as const,
						allow_other: 0,
						format: null,
						position: 0,
						enabled: 1,
					} ) )
				)
				.execute();
			await db
				.insertInto( 'custom_user_field_options' )
				.values( [
					{ id: 800, field_id: 80, name: 'Dog', position: 0 },
					{ id: 801, field_id: 80, name: 'Cat', position: 1 },
					{ id: 802, field_id: 80, name: 'Fish', position: 2 },
				] )
				.execute();
			await db
				.insertInto( 'custom_user_field_group_translations' )
				.values( [
					{ group_id: 80, language_code: 'en', name: 'Pets' },
					{ group_id: 80, language_code: 'FR', name: 'Animaux' },
				] )
				.execute();
			await db
				.insertInto( 'custom_user_field_option_translations' )
				.values( [
					{ option_id: 800, language_code: 'it', name: 'Cane' },
					{ option_id: 800, language_code: 'es', name: 'Perro' },
					{ option_id: 801, language_code: 'es', name: 'Gato' },
				] )
				.execute();
			// Written behind the API's back: the kept answer is dropped as an edit through the API would.
			ctx.app.services.lookups.forgetCustomUserFields();
			try {
				const groups = await getOk(
					ctx,
					'/custom_user_fields',
					tester
				);
				const byId = new Map< number, any >(
					groups.map( ( item: any ) => [ item.group.id, item ] )
				);
				assert.deepEqual( byId.get( 80 ).group.name, {
					it: 'Pets',
					en: 'Pets',
					fr: 'Animaux',
				} );
				// No translation at all: the catalogue's own name.
				assert.deepEqual( byId.get( 81 ).group.name, { it: 'Cars' } );
				assert.deepEqual( byId.get( 80 ).fields[ 0 ].options, [
					{ id: 800, name: { it: 'Cane', es: 'Perro' } },
					{ id: 801, name: { it: 'Cat', es: 'Gato' } },
					{ id: 802, name: { it: 'Fish' } },
				] );
			} finally {
				ctx.app.services.lookups.forgetCustomUserFields();
				await db
					.deleteFrom( 'custom_user_fields' )
					.where( 'id', 'in', [ 80, 81 ] )
					.execute();
				await db
					.deleteFrom( 'custom_user_field_groups' )
					.where( 'id', 'in', [ 80, 81 ] )
					.execute();
			}
			// The translations went with their group and options.
			for ( const table of [
				'custom_user_field_group_translations',
				'custom_user_field_option_translations',
			] as const ) {
				const left = await db
					.selectFrom( table )
					.select( 'name' )
					.where( 'name', 'in', [
						'Pets',
						'Animaux',
						'Cane',
						'Perro',
						'Gato',
					] )
					.execute();
				assert.deepEqual( left, [], table );
			}
		} );

		it( 'falls back to another language for a missing Italian name, and leaves out a group without enabled fields', async () => {
			const { db } = ctx.database;
			await db
				.insertInto( 'custom_user_field_groups' )
				.values( { id: 90, name: 'Retired', position: 90 } )
				.execute();
			await db
				.insertInto( 'custom_user_fields' )
				.values( [
					{
						id: 90,
						group_id: 90,
						type: 'text',
						allow_other: 0,
						format: null,
						position: 0,
						enabled: 0,
					},
					{
						id: 91,
						group_id: null,
						type: 'text',
						allow_other: 0,
						format: null,
						position: 99,
						enabled: 1,
					},
				] )
				.execute();
			await db
				.insertInto( 'custom_user_field_translations' )
				.values( [
					{
						field_id: 91,
						language_code: 'en',
						name: 'Favourite <b>browser</b>',
						placeholder: null,
					},
					{
						field_id: 91,
						language_code: 'fr',
						name: 'Navigateur préféré',
						placeholder: 'Firefox, Chrome…',
					},
				] )
				.execute();
			// Written behind the API's back: the kept answer is dropped as an edit through the API would.
			ctx.app.services.lookups.forgetCustomUserFields();
			try {
				const groups = await getOk(
					ctx,
					'/custom_user_fields',
					tester
				);
				assert.ok(
					groups.every( ( item: any ) => item.group.id !== 90 )
				);
				const field = groups[ 0 ].fields.at( -1 );
				assert.equal( field.id, 91 );
				assert.deepEqual( field.name, {
					it: 'Favourite <b>browser</b>',
					en: 'Favourite <b>browser</b>',
					fr: 'Navigateur préféré',
				} );
				assert.deepEqual( field.placeholder, {
					it: 'Firefox, Chrome…',
					fr: 'Firefox, Chrome…',
				} );
			} finally {
				ctx.app.services.lookups.forgetCustomUserFields();
				await db
					.deleteFrom( 'custom_user_fields' )
					.where( 'id', 'in', [ 90, 91 ] )
					.execute();
				await db
					.deleteFrom( 'custom_user_field_groups' )
					.where( 'id', '=', 90 )
					.execute();
			}
		} );
	} );
} );
