import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestersRepository } from '../../../src/features/me/repository.ts';
import {
	USER_FIELDS,
	extraFieldsOf,
} from '../../../src/features/me/profile.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { getOk } from '../../helpers/requests.ts';
import { countingStatements } from '../../helpers/rows.ts';
import { addPersonalData, firstRows } from './profile-rows.ts';

describe( `GET /api/users/me profile fields on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	it( 'answers every field for all, the profile ones from their tables', async () => {
		const [ profession ] = await firstRows( ctx, 'employments', 1 );
		const [ education ] = await firstRows( ctx, 'education_levels', 1 );
		const tester = await ctx.createTester( {
			name: 'Gina',
			surname: 'Rossi',
			birthDate: '1991-07-08',
			set: {
				gender: 'female',
				phone: '+393331234567',
				city: 'Milano',
				profession_id: profession.id,
				education_id: education.id,
				email_confirmed: 1,
			},
		} );
		const { languages, certification, fields } = await addPersonalData(
			ctx,
			tester
		);
		const body = await getOk( ctx, '/users/me?fields=all', tester );
		assert.deepEqual(
			Object.keys( body ).sort(),
			[ ...USER_FIELDS ].sort(),
			'every field, id included'
		);
		assert.equal( body.gender, 'female' );
		assert.equal( body.phone, '+393331234567' );
		assert.equal( body.country, 'IT' );
		assert.equal( body.city, 'Milano' );
		assert.deepEqual( body.profession, profession );
		assert.deepEqual( body.education, education );
		assert.equal( body.email_confirmed, true );
		assert.equal( body.birthDate, '1991-07-08' );
		assert.deepEqual(
			body.languages,
			[ ...languages ].sort( ( a, b ) => a.name.localeCompare( b.name ) )
		);
		assert.deepEqual( body.certifications, [
			{
				id: certification.id,
				name: certification.name,
				institute: certification.institute,
				area: certification.area,
				achievement_date: '2020-05-01',
			},
		] );
		assert.deepEqual( body.additional, [
			{
				field_id: fields.select,
				value: String( fields.option ),
				text: 'Tennis',
				is_candidate: false,
			},
			{ field_id: fields.select, value: 'Curling', is_candidate: true },
			// Markup a value holds comes back as the text it is, for the client to show as text.
			{
				field_id: fields.text,
				value: '<b>bold</b>',
				is_candidate: false,
			},
		] );
	} );

	it( 'answers empty lists and nulls for a new tester', async () => {
		const tester = await ctx.createTester();
		const body = await getOk(
			ctx,
			'/users/me?fields=gender,phone,city,profession,education,email_confirmed,languages,certifications,additional',
			tester
		);
		assert.deepEqual( body, {
			id: tester.id,
			gender: null,
			phone: null,
			city: null,
			profession: null,
			education: null,
			email_confirmed: false,
			languages: [],
			certifications: [],
			additional: [],
		} );
	} );

	it( "shows only the tester's own languages, certifications and values", async () => {
		const other = await ctx.createTester();
		await addPersonalData( ctx, other );
		const tester = await ctx.createTester();
		const body = await getOk(
			ctx,
			'/users/me?fields=languages,certifications,additional',
			tester
		);
		assert.deepEqual( body, {
			id: tester.id,
			languages: [],
			certifications: [],
			additional: [],
		} );
	} );

	it( 'leaves out the values of a disabled custom field', async () => {
		const tester = await ctx.createTester();
		const { fields } = await addPersonalData( ctx, tester );
		await ctx.database.db
			.updateTable( 'custom_user_fields' )
			.set( { enabled: 0 } )
			.where( 'id', '=', fields.select )
			.execute();
		const body = await getOk( ctx, '/users/me?fields=additional', tester );
		assert.deepEqual(
			body.additional.map(
				( value: { field_id: number } ) => value.field_id
			),
			[ fields.text ]
		);
	} );

	it( 'reads the other tables only for the fields that need them', async () => {
		const tester = await ctx.createTester( {
			set: {
				profession_id: ( await firstRows( ctx, 'employments', 1 ) )[ 0 ]
					.id,
			},
		} );
		const { db, taken } = countingStatements( ctx );
		const testers = createTestersRepository( db );
		const dashboard = extraFieldsOf( [
			'total_exp_pts',
			'booty',
			'pending_booty',
			'rank',
			'attended_cp',
			'approved_bugs',
			'booty_threshold',
			'onboarding_completed',
		] );
		assert.deepEqual( dashboard, [] );
		assert.deepEqual( extraFieldsOf( undefined ), [] );
		await testers.extrasOf( tester, dashboard );
		assert.equal( taken(), 0 );
		await testers.extrasOf( tester, extraFieldsOf( [ 'languages' ] ) );
		assert.equal( taken(), 1 );
		await testers.extrasOf( tester, extraFieldsOf( [ 'all' ] ) );
		// languages, certifications, additional, profession; no education to name.
		assert.equal( taken(), 4 );
	} );
} );
