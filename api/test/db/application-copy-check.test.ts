import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestContext, type TestContext } from '../helpers/context.ts';
import { testEngine } from '../helpers/database.ts';
import { migrateDownTo, migrateUpFrom } from '../helpers/migrations.ts';
import { insertApplication, insertCampaign } from '../helpers/rows.ts';

/**
 * 0025: a new application must still carry its campaign's status and dates, now checked with one look-up of the
 * campaign; undone, 0011's check (one look-up per column) refuses and accepts the same rows.
 */
describe( `application copy check (0025) on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	/**
	 * Applies a new tester to the campaign with its copies, changed by `change`.
	 *
	 * @param campaignId
	 * @param change
	 */
	const apply = async (
		campaignId: number,
		change: Record< string, unknown > = {}
	) =>
		insertApplication(
			ctx,
			( await ctx.createTester() ).id,
			campaignId,
			'applied',
			change
		);

	async function checksEachCopy( campaignId: number ) {
		await apply( campaignId );
		for ( const change of [
			{ campaign_status_id: 2 },
			{ campaign_start_date: '2001-01-01 00:00:00' },
			{ campaign_end_date: '2001-01-01 00:00:00' },
			{ campaign_close_date: null },
		] ) {
			await assert.rejects(
				apply( campaignId, change ),
				/campaign status and dates of an application must be those of its campaign/,
				JSON.stringify( change )
			);
		}
	}

	it( 'refuses an application whose status or any date differs from its campaign, before and after', async () => {
		const { db } = ctx.database;
		const campaign = await insertCampaign( ctx, {
			title: 'Copied',
			visibility: 'public',
			start: 2,
			end: 9,
			close: 12,
		} );
		await checksEachCopy( campaign );

		await migrateDownTo( db, '0024-campaign-bugs-counted' );
		await checksEachCopy( campaign );

		await migrateUpFrom( db, '0024-campaign-bugs-counted' );
		await checksEachCopy( campaign );
		const applied = await db
			.selectFrom( 'applications' )
			.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
			.where( 'campaign_id', '=', campaign )
			.executeTakeFirstOrThrow();
		assert.equal( Number( applied.n ), 3 );
	} );
} );
