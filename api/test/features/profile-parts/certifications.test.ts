import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { isAchievementDate } from '../../../src/features/profile-parts/routes.ts';
import { LOOKUP_ROWS } from '../../../src/lookups/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { send } from './requests.ts';

const certification = ( name: string ) => {
	const row = LOOKUP_ROWS.certifications.find(
		( item ) => item.name === name
	);
	assert.ok( row, name );
	return row.id;
};
const CTFL = certification( 'Certified Tester Foundation Level (CTFL)' );
const MOBILE = certification( 'Mobile Application Testing (CT-MAT)' );

describe( `/api/users/me/certifications on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const add = ( tester: Tester, body: unknown ) =>
		send( ctx, 'POST', '/users/me/certifications', tester, body );
	const remove = ( tester: Tester, id: number ) =>
		send( ctx, 'DELETE', `/users/me/certifications/${ id }`, tester );
	const stored = async ( tester: Tester ) =>
		(
			await ctx.database.db
				.selectFrom( 'tester_certifications' )
				.select( [ 'certification_id', 'achievement_date' ] )
				.where( 'tester_id', '=', tester.id )
				.orderBy( 'certification_id' )
				.execute()
		).map(
			( row ) =>
				`${ row.certification_id }@${ String(
					row.achievement_date
				).slice( 0, 10 ) }`
		);

	it( 'POST adds a certification and answers 201 with it as GET /users/me lists it', async () => {
		const tester = await ctx.createTester();
		const response = await add( tester, {
			certification_id: CTFL,
			achievement_date: '2019-06-14',
		} );
		assert.equal( response.statusCode, 201, response.body );
		assert.deepEqual( response.json(), {
			id: CTFL,
			name: 'Certified Tester Foundation Level (CTFL)',
			institute: 'ISTQB',
			area: 'Core Foundation',
			achievement_date: '2019-06-14',
		} );
		assert.deepEqual( await stored( tester ), [ `${ CTFL }@2019-06-14` ] );
	} );

	it( 'takes the first and the last day allowed', async () => {
		const tester = await ctx.createTester();
		const today = new Date().toISOString().slice( 0, 10 );
		for ( const [ id, date ] of [
			[ CTFL, '1970-01-01' ],
			[ MOBILE, today ],
		] as const ) {
			const response = await add( tester, {
				certification_id: id,
				achievement_date: date,
			} );
			assert.equal( response.statusCode, 201, response.body );
		}
	} );

	it( "answers 409 for a certification the tester has, and keeps the first one's date", async () => {
		const tester = await ctx.createTester();
		await add( tester, {
			certification_id: CTFL,
			achievement_date: '2019-06-14',
		} );
		const response = await add( tester, {
			certification_id: CTFL,
			achievement_date: '2020-01-01',
		} );
		assert.equal( response.statusCode, 409 );
		assert.equal(
			response.json().message,
			'You already have this certification.'
		);
		assert.deepEqual( await stored( tester ), [ `${ CTFL }@2019-06-14` ] );
	} );

	it( "refuses a missing or invalid field with the form's messages, and an unknown certification", async () => {
		const tester = await ctx.createTester();
		for ( const [ body, message ] of [
			[
				{ achievement_date: '2020-01-01' },
				'Certification is a required field.',
			],
			[
				{ certification_id: CTFL },
				'Achievement date is a required field.',
			],
			[
				{ certification_id: CTFL, achievement_date: '2020-02-30' },
				'Achievement date must be a valid date.',
			],
			[
				{ certification_id: CTFL, achievement_date: '1969-12-31' },
				'Achievement date must be between 01/01/1970 and today.',
			],
			[
				{ certification_id: CTFL, achievement_date: '2999-01-01' },
				'Achievement date must be between 01/01/1970 and today.',
			],
			[
				{ certification_id: 999_999, achievement_date: '2020-01-01' },
				'Certification not found',
			],
		] as const ) {
			const response = await add( tester, body );
			assert.equal( response.statusCode, 400, JSON.stringify( body ) );
			assert.equal( response.json().message, message );
		}
		assert.deepEqual( await stored( tester ), [] );
	} );

	it( "accepts today's date in the time zone furthest ahead, and no later", () => {
		const now = new Date( '2026-03-10T23:30:00Z' );
		assert.equal( isAchievementDate( '2026-03-11', now ), true );
		assert.equal( isAchievementDate( '2026-03-12', now ), false );
	} );

	it( 'DELETE removes the certification and answers its id', async () => {
		const tester = await ctx.createTester();
		await add( tester, {
			certification_id: CTFL,
			achievement_date: '2019-06-14',
		} );
		await add( tester, {
			certification_id: MOBILE,
			achievement_date: '2022-03-08',
		} );
		const response = await remove( tester, CTFL );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), { id: CTFL } );
		assert.deepEqual( await stored( tester ), [
			`${ MOBILE }@2022-03-08`,
		] );
	} );

	it( "DELETE answers 404 for a certification the tester does not have, another tester's included, and changes nothing", async () => {
		const tester = await ctx.createTester();
		const other = await ctx.createTester();
		await add( other, {
			certification_id: MOBILE,
			achievement_date: '2022-03-08',
		} );
		await add( tester, {
			certification_id: CTFL,
			achievement_date: '2019-06-14',
		} );
		for ( const id of [ MOBILE, 999_999 ] ) {
			const response = await remove( tester, id );
			assert.equal( response.statusCode, 404, String( id ) );
			assert.equal( response.json().message, 'Certification not found' );
		}
		assert.deepEqual( await stored( other ), [ `${ MOBILE }@2022-03-08` ] );
		assert.deepEqual( await stored( tester ), [ `${ CTFL }@2019-06-14` ] );
	} );
} );
