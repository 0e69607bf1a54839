import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestContext, type TestContext } from '../helpers/context.ts';
import { testEngine } from '../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../helpers/migrations.ts';
import { insertCampaign } from '../helpers/rows.ts';

/**
 * 0024: the campaigns' kept counts of their bugs per status are dropped (nothing read them; each report waited on
 * its campaign's row for them); undone, they come back counted from the bugs.
 */
describe( `campaign bugs counted (0024) on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const keptCounts = ( campaignId: number ) =>
		sql<
			Record< string, number | string >
		>`select bugs_refused_count, bugs_approved_count, bugs_pending_count,
			bugs_need_review_count from campaigns where id = ${ campaignId }`
			.execute( ctx.database.db )
			.then( ( result ) =>
				Object.values( result.rows[ 0 ] ).map( Number )
			);

	it( 'drops the kept counts, and undone counts every bug again, per status', async () => {
		const { db } = ctx.database;
		const campaign = await insertCampaign( ctx, {
			title: 'Counted',
			visibility: 'public',
			start: -2,
			end: 9,
			close: 12,
		} );
		const empty = await insertCampaign( ctx, {
			title: 'Nothing found',
			visibility: 'public',
			start: -2,
			end: 9,
			close: 12,
		} );
		const tester = await ctx.createTester();
		// Refused 1, approved 2, pending 3 (twice), need review 4.
		for ( const status of [ 1, 2, 3, 3, 4 ] ) {
			await db
				.insertInto( 'bugs' )
				.values( {
					tester_id: tester.id,
					campaign_id: campaign,
					title: `A bug in status ${ status }`,
					severity_id: 1,
					type_id: 1,
					replicability_id: 1,
					status_id: status,
					steps: 'x',
					expected: 'y',
					current: 'z',
				} )
				.execute();
		}
		await assert.rejects( keptCounts( campaign ), /bugs_refused_count/ );

		await migrateDownTo( db, '0023-applicants-counted' );
		assert.deepEqual( await keptCounts( campaign ), [ 1, 1, 2, 1 ] );
		assert.deepEqual( await keptCounts( empty ), [ 0, 0, 0, 0 ] );

		await migrateUpFrom( db, '0023-applicants-counted' );
		await assert.rejects( keptCounts( campaign ), /bugs_refused_count/ );
	} );
} );
