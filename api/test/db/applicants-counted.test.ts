import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestContext, type TestContext } from '../helpers/context.ts';
import { testEngine } from '../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../helpers/migrations.ts';
import { insertApplication, insertCampaign } from '../helpers/rows.ts';

/**
 * 0023: the campaigns' kept applicant count is dropped (the back office counts the applications); undone, it
 * comes back counted from the applications.
 */
describe( `applicants counted (0023) on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const applicantsCount = ( campaignId: number ) =>
		sql< {
			applicants_count: number | string;
		} >`select applicants_count from campaigns where id = ${ campaignId }`
			.execute( ctx.database.db )
			.then( ( result ) => Number( result.rows[ 0 ].applicants_count ) );

	it( 'drops the kept count, and undone counts every application again', async () => {
		const { db } = ctx.database;
		const campaign = await insertCampaign( ctx, {
			title: 'Counted',
			visibility: 'public',
			start: 2,
			end: 9,
			close: 12,
		} );
		const empty = await insertCampaign( ctx, {
			title: 'Nobody',
			visibility: 'public',
			start: 2,
			end: 9,
			close: 12,
		} );
		const statuses = [ 'applied', 'selected', 'excluded' ] as const;
		for ( const status of statuses ) {
			const tester = await ctx.createTester();
			await insertApplication( ctx, tester.id, campaign, status );
		}
		await assert.rejects( applicantsCount( campaign ), /applicants_count/ );

		await migrateDownTo( db, '0022-live-testers' );
		assert.equal( await applicantsCount( campaign ), 3 );
		assert.equal( await applicantsCount( empty ), 0 );

		await migrateUpFrom( db, '0022-live-testers' );
		await assert.rejects( applicantsCount( campaign ), /applicants_count/ );
	} );
} );
