import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
	ACTIVITY,
	awardBooty,
	awardExperience,
} from '../../../src/features/rewards/ledger.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { getOk } from '../../helpers/requests.ts';
import { setFiscal } from '../payments/tester-world.ts';

/**
 * The back office's one way of paying points and booty: what the tester then reads through their own API — their
 * total, this month's points and rank, the experience history, the pending booty net of their fiscal type — and a
 * failure inside the caller's transaction leaving nothing behind.
 */
describe( 'rewards ledger', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const read = ( tester: Tester, url: string ) => getOk( ctx, url, tester );

	it( 'adds experience to the total, the month, the ranking and the history', async () => {
		const tester = await ctx.createTester( {
			set: { total_exp_pts: 100 },
		} );
		const rankBefore = await read( tester, '/users/me/rank' );
		const { db } = ctx.database;
		await inTransaction( db, ( trx ) =>
			awardExperience( db, trx, {
				testerId: tester.id,
				amount: 40,
				activityId: ACTIVITY.bugEvaluation,
				campaignId: null,
				note: 'Bug 12 approved',
				at: new Date(),
			} )
		);
		const me = await read( tester, '/users/me?fields=total_exp_pts' );
		assert.equal( me.total_exp_pts, 140 );
		const rank = await read( tester, '/users/me/rank' );
		assert.equal( rank.points, rankBefore.points + 40 );
		const history = await read( tester, '/users/me/experience' );
		assert.equal( history.results[ 0 ].amount, 40 );
		assert.equal(
			history.results[ 0 ].activity.id,
			ACTIVITY.bugEvaluation
		);
	} );

	it( 'writes booty net of the fiscal type and raises the pending amount', async () => {
		const tester = await ctx.createTester();
		await setFiscal( ctx, tester, 'withholding' );
		const { db } = ctx.database;
		const written = await inTransaction( db, ( trx ) =>
			awardBooty( trx, {
				testerId: tester.id,
				campaignId: null,
				activityId: ACTIVITY.bugEvaluation,
				name: 'Bug 12',
				grossCents: 2500,
				at: new Date(),
			} )
		);
		assert.deepEqual( written, { grossCents: 2500, netCents: 2000 } );
		const pending = await read( tester, '/users/me/pending_booty' );
		assert.equal( pending.gross.value, 25 );
		assert.equal( pending.net.value, 20 );
	} );

	it( 'leaves nothing when the caller’s transaction fails after it', async () => {
		const tester = await ctx.createTester( { set: { total_exp_pts: 7 } } );
		const { db } = ctx.database;
		await assert.rejects(
			inTransaction( db, async ( trx ) => {
				await awardExperience( db, trx, {
					testerId: tester.id,
					amount: 5,
					activityId: ACTIVITY.extraAward,
					campaignId: null,
					at: new Date(),
				} );
				await awardBooty( trx, {
					testerId: tester.id,
					campaignId: null,
					activityId: ACTIVITY.extraAward,
					name: 'Award',
					grossCents: 500,
					at: new Date(),
				} );
				throw new Error( 'crash between two writes' );
			} ),
			/crash between two writes/
		);
		const me = await read(
			tester,
			'/users/me?fields=total_exp_pts,pending_booty'
		);
		assert.equal( me.total_exp_pts, 7 );
		assert.equal( me.pending_booty.gross.value, 0 );
		const entries = await db
			.selectFrom( 'experience_entries' )
			.select( 'id' )
			.where( 'tester_id', '=', tester.id )
			.execute();
		assert.equal( entries.length, 0 );
	} );
} );
