import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recount } from '../../../src/db/kept-counts.ts';
import { toSqlDateTime } from '../../../src/db/values.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { backOfficeUser } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { getOk } from '../../helpers/requests.ts';
import { insertApplication, isoAt } from '../../helpers/rows.ts';
import { call, expect, fullInput } from './world.ts';

/**
 * Closing a campaign (issue 27): it becomes closed, and each selected tester who completed it — approved bugs at
 * least the minimum, completed tasks at least the percentage of the campaign's (all, without tasks) — is paid its
 * points and completion bonus once, their application completed and their attended campaigns counted; a second
 * close answers 409 and pays nothing.
 */

const ALREADY_CLOSED = 'This campaign is already closed';

describe( 'the back office: closing a campaign', () => {
	let ctx: TestContext;
	let admin: { wpUserId: number; token: string };
	/** Completion bonus 12.50 €, 150 points, at least 1 approved bug and 50 % of its two tasks. */
	let campaignId: number;
	let tasks: number[];
	const testers: Record< string, Tester > = {};

	const addBug = ( tester: Tester, campaign: number, status: number ) =>
		ctx.database.db
			.insertInto( 'bugs' )
			.values( {
				tester_id: tester.id,
				campaign_id: campaign,
				title: 'A bug',
				severity_id: 3,
				type_id: 1,
				replicability_id: 3,
				status_id: status,
				steps: '1. Open',
				expected: 'It works',
				current: 'It does not',
			} )
			.execute();
	const complete = ( tester: Tester, taskIds: number[] ) =>
		Promise.all(
			taskIds.map( ( taskId ) =>
				ctx.database.db
					.insertInto( 'tester_tasks' )
					.values( {
						tester_id: tester.id,
						task_id: taskId,
						status: 'completed',
						completed_at: toSqlDateTime(),
					} )
					.execute()
			)
		);
	const testerRow = ( tester: Tester ) =>
		ctx.database.db
			.selectFrom( 'testers' )
			.select( [
				'total_exp_pts',
				'booty_gross_cents',
				'pending_booty_gross_cents',
				'attended_cp',
			] )
			.where( 'id', '=', tester.id )
			.executeTakeFirstOrThrow();

	before( async () => {
		ctx = await startTestContext();
		admin = await backOfficeUser( ctx, 'administrator' );
		const created = await expect(
			ctx,
			'POST',
			'/admin/campaigns',
			admin.token,
			201,
			await fullInput( ctx, { title: 'Shop checkout' } )
		);
		campaignId = created.id;
		tasks = created.tasks.map( ( task: { id: number } ) => task.id );
		for ( const name of [ 'ada', 'bob', 'cid', 'dan', 'eve' ] ) {
			testers[ name ] = await ctx.createTester( { name } );
		}
		const { ada, bob, cid, dan, eve } = testers;
		// Ada: one approved bug, one task of two (50 %): paid.
		await insertApplication( ctx, ada.id, campaignId, 'selected' );
		await addBug( ada, campaignId, 2 );
		await addBug( ada, campaignId, 1 );
		await complete( ada, [ tasks[ 0 ] ] );
		// Bob: an approved bug but no task done: not paid.
		await insertApplication( ctx, bob.id, campaignId, 'selected' );
		await addBug( bob, campaignId, 2 );
		// Cid: every task but no approved bug (pending, need review): not paid.
		await insertApplication( ctx, cid.id, campaignId, 'selected' );
		await addBug( cid, campaignId, 3 );
		await addBug( cid, campaignId, 4 );
		await complete( cid, tasks );
		// Dan did it all, but was never selected: not paid.
		await insertApplication( ctx, dan.id, campaignId, 'applied' );
		await addBug( dan, campaignId, 2 );
		await complete( dan, tasks );
		// Eve: everything: paid.
		await insertApplication( ctx, eve.id, campaignId, 'selected' );
		await addBug( eve, campaignId, 2 );
		await addBug( eve, campaignId, 2 );
		await complete( eve, tasks );
	} );

	after( async () => {
		await ctx.close();
	} );

	it( 'pays the selected testers who completed it, once', async () => {
		const earlier = {
			ada: await testerRow( testers.ada ),
			bob: await testerRow( testers.bob ),
		};
		const closed = await expect(
			ctx,
			'POST',
			`/admin/campaigns/${ campaignId }/close`,
			admin.token,
			200
		);
		assert.equal( closed.id, campaignId );
		assert.equal( closed.status, 'closed' );
		// Closed before its end date: the close date is the end date.
		assert.equal( closed.closeDate, isoAt( 10 ) );
		assert.deepEqual( closed.paid, [
			{ testerId: testers.ada.id, points: 150, booty: 12.5 },
			{ testerId: testers.eve.id, points: 150, booty: 12.5 },
		] );

		const { db } = ctx.database;
		const ada = await testerRow( testers.ada );
		assert.equal(
			Number( ada.total_exp_pts ),
			Number( earlier.ada.total_exp_pts ) + 150
		);
		assert.equal(
			Number( ada.booty_gross_cents ),
			Number( earlier.ada.booty_gross_cents ) + 1250
		);
		assert.equal(
			Number( ada.pending_booty_gross_cents ),
			Number( earlier.ada.pending_booty_gross_cents ) + 1250
		);
		assert.equal(
			Number( ada.attended_cp ),
			Number( earlier.ada.attended_cp ) + 1
		);
		assert.deepEqual( await testerRow( testers.bob ), earlier.bob );

		const booty = await db
			.selectFrom( 'booty_entries' )
			.select( [ 'tester_id', 'name', 'activity_id', 'gross_cents' ] )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'tester_id' )
			.execute();
		assert.deepEqual(
			booty.map( ( entry ) => [
				entry.tester_id,
				entry.name,
				entry.activity_id,
				Number( entry.gross_cents ),
			] ),
			[
				[ testers.ada.id, 'Shop checkout', 1, 1250 ],
				[ testers.eve.id, 'Shop checkout', 1, 1250 ],
			]
		);
		const experience = await db
			.selectFrom( 'experience_entries' )
			.select( [ 'tester_id', 'amount', 'activity_id' ] )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'tester_id' )
			.execute();
		assert.deepEqual( experience, [
			{ tester_id: testers.ada.id, amount: 150, activity_id: 1 },
			{ tester_id: testers.eve.id, amount: 150, activity_id: 1 },
		] );
		const applications = await db
			.selectFrom( 'applications' )
			.select( [ 'tester_id', 'completed', 'campaign_status_id' ] )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'tester_id' )
			.execute();
		assert.deepEqual(
			applications.map( ( row ) => [
				row.tester_id,
				Number( row.completed ),
				row.campaign_status_id,
			] ),
			[
				[ testers.ada.id, 1, 2 ],
				[ testers.bob.id, 0, 2 ],
				[ testers.cid.id, 0, 2 ],
				[ testers.dan.id, 0, 2 ],
				[ testers.eve.id, 1, 2 ],
			]
		);
		assert.deepEqual(
			( await recount( db ) ).filter( ( table ) => table.differed ),
			[]
		);

		// The tester's wallet shows the bonus.
		const pending = await getOk(
			ctx,
			'/users/me/pending_booty/details',
			testers.eve
		);
		assert.ok(
			pending.results.some(
				( item: { name: string } ) => item.name === 'Shop checkout'
			)
		);

		const audit = await expect(
			ctx,
			'GET',
			`/admin/audit?subjectType=campaign&subjectId=${ campaignId }`,
			admin.token,
			200
		);
		const entry = audit.results[ 0 ];
		assert.equal( entry.action, 'campaign.close' );
		assert.equal( entry.before.status, 'running' );
		assert.deepEqual( entry.after, closed );

		// A second close pays nothing more.
		const again = await call(
			ctx,
			'POST',
			`/admin/campaigns/${ campaignId }/close`,
			admin.token
		);
		assert.equal( again.statusCode, 409 );
		assert.equal( again.json().message, ALREADY_CLOSED );
		assert.deepEqual( await testerRow( testers.ada ), ada );
		const completions = await db
			.selectFrom( 'campaign_completions' )
			.select( 'tester_id' )
			.where( 'campaign_id', '=', campaignId )
			.execute();
		assert.equal( completions.length, 2 );
		const closedRead = await expect(
			ctx,
			'GET',
			`/admin/campaigns/${ campaignId }`,
			admin.token,
			200
		);
		assert.equal( closedRead.status, 'closed' );
	} );

	it( 'counts a campaign without tasks as done, closing it now when it ended', async () => {
		const created = await expect(
			ctx,
			'POST',
			'/admin/campaigns',
			admin.token,
			201,
			{
				title: 'No tasks',
				typeId: 1,
				startDate: isoAt( -10 ),
				endDate: isoAt( -1 ),
				closeDate: isoAt( 5 ),
				visibility: 'public',
				payout: {
					completeBonus: 3,
					campaignPts: 20,
					percentUsecases: 100,
				},
			}
		);
		await insertApplication( ctx, testers.bob.id, created.id, 'selected' );
		await insertApplication( ctx, testers.cid.id, created.id, 'excluded' );
		const started = Date.now();
		const closed = await expect(
			ctx,
			'POST',
			`/admin/campaigns/${ created.id }/close`,
			admin.token,
			200
		);
		assert.deepEqual( closed.paid, [
			{ testerId: testers.bob.id, points: 20, booty: 3 },
		] );
		const closeAt = Date.parse( closed.closeDate );
		assert.ok(
			closeAt >= Math.floor( started / 1000 ) * 1000 &&
				closeAt <= Date.now(),
			closed.closeDate
		);
		const missing = await call(
			ctx,
			'POST',
			'/admin/campaigns/999999/close',
			admin.token
		);
		assert.equal( missing.statusCode, 404 );
	} );
} );
