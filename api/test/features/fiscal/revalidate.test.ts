import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revalidateFiscalProfile } from '../../../src/features/fiscal/revalidate.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';

/** What PATCH /users/me relies on after a change of name, surname or birth date. */

describe( 'revalidateFiscalProfile', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const status = async ( wpUserId: number ) => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me/fiscal',
			headers: bearer(
				await ctx.tokenFor( { wpUserId } as Parameters<
					TestContext[ 'tokenFor' ]
				>[ 0 ] )
			),
		} );
		return response.json().fiscalStatus;
	};

	it( 'follows the tester’s surname and birth date', async () => {
		const tester = await ctx.createTester( {
			name: 'Mario',
			surname: 'Rossi',
			birthDate: '1980-01-01',
		} );
		const created = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users/me/fiscal',
			headers: bearer( await ctx.tokenFor( tester ) ),
			payload: {
				type: 'withholding',
				fiscalId: 'RSSMRA80A01F205X',
				gender: 'male',
				birthPlace: { city: 'Milano', province: 'MI' },
				address: {
					country: 'IT',
					province: 'MI',
					city: 'Milano',
					street: 'Via Dante',
					streetNumber: '1',
					cityCode: '20121',
				},
			},
		} );
		assert.equal( created.json().fiscalStatus, 'Verified' );
		const { db } = ctx.database;
		const setTester = ( changes: Record< string, string > ) =>
			db
				.updateTable( 'testers' )
				.set( changes )
				.where( 'id', '=', tester.id )
				.execute();

		await setTester( { surname: 'Verdi' } );
		assert.equal(
			await revalidateFiscalProfile( db, tester.id ),
			'Unverified'
		);
		assert.equal( await status( tester.wpUserId ), 'Unverified' );

		await setTester( { surname: 'Rossi' } );
		assert.equal(
			await revalidateFiscalProfile( db, tester.id ),
			'Verified'
		);
		assert.equal( await status( tester.wpUserId ), 'Verified' );

		await setTester( { birth_date: '1980-01-02' } );
		assert.equal(
			await revalidateFiscalProfile( db, tester.id ),
			'Unverified'
		);
	} );

	it( 'answers null without a profile, or for an internal employee', async () => {
		const tester = await ctx.createTester();
		const { db } = ctx.database;
		assert.equal( await revalidateFiscalProfile( db, tester.id ), null );
		await db
			.insertInto( 'fiscal_profiles' )
			.values( {
				tester_id: tester.id,
				type: 'internal',
				status: 'verified',
			} )
			.execute();
		assert.equal( await revalidateFiscalProfile( db, tester.id ), null );
		assert.equal( await status( tester.wpUserId ), 'Verified' );
	} );
} );
