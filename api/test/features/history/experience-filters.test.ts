import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHistoryRepository } from '../../../src/features/history/repository.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer, get, getOk } from '../../helpers/requests.ts';
import { countingStatements, insertCampaign } from '../../helpers/rows.ts';

/**
 * GET /users/me/experience/filters: each campaign, activity and UTC day of the tester's whole history once, what
 * the history's filter selects offer, and nothing of another tester's.
 */

const campaign = ( ctx: TestContext, title: string ) =>
	insertCampaign( ctx, {
		title,
		visibility: 'internal',
		status: 2,
		start: -60,
		end: -50,
		close: -40,
	} );

describe( 'GET /api/users/me/experience/filters', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	let empty: Tester;
	const ids = { older: 0, newer: 0, gone: 0, theirs: 0 };

	const insert = (
		tester: Tester,
		rows: Array< [ string, number, number | null ] >
	) =>
		ctx.database.db
			.insertInto( 'experience_entries' )
			.values(
				rows.map( ( [ created, activity, campaignId ] ) => ( {
					tester_id: tester.id,
					amount: 10,
					activity_id: activity,
					campaign_id: campaignId,
					note: 'Entry',
					created_at: created,
				} ) )
			)
			.execute();

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester();
		other = await ctx.createTester();
		empty = await ctx.createTester();
		ids.older = await campaign( ctx, 'Filters older' );
		ids.newer = await campaign( ctx, 'Filters newer' );
		ids.gone = await campaign( ctx, 'Filters gone' );
		ids.theirs = await campaign( ctx, 'Filters theirs' );
		await insert( me, [
			// The day's first and last second are that day in UTC.
			[ '2024-03-10 00:00:00', 1, ids.older ],
			[ '2024-03-10 23:59:59', 2, ids.newer ],
			[ '2024-03-11 00:00:00', 1, ids.older ],
			[ '2023-12-31 23:59:59', 42, null ],
			[ '2024-02-29 08:00:00', 3, ids.gone ],
			[ '2024-02-29 09:00:00', 3, ids.newer ],
		] );
		await insert( other, [
			[ '2024-03-12 10:00:00', 5, ids.theirs ],
			[ '2024-03-10 10:00:00', 7, ids.older ],
		] );
		// A campaign that goes away leaves its entries without one (0003-domain: on delete set null).
		await ctx.database.db
			.deleteFrom( 'campaigns' )
			.where( 'id', '=', ids.gone )
			.execute();
	} );
	after( () => ctx.close() );

	it( 'answers each value of the history once: campaigns and days newest first, activities ascending', async () => {
		assert.deepEqual(
			await getOk( ctx, '/users/me/experience/filters', me ),
			{
				campaigns: [ ids.newer, ids.older ],
				activities: [ 1, 2, 3, 42 ],
				dates: [
					'2024-03-11',
					'2024-03-10',
					'2024-02-29',
					'2023-12-31',
				],
			}
		);
	} );

	it( 'offers days the list filters to', async () => {
		const { dates } = await getOk(
			ctx,
			'/users/me/experience/filters',
			me
		);
		for ( const day of dates ) {
			const page = await getOk(
				ctx,
				`/users/me/experience?filterBy[date]=${ day }`,
				me
			);
			assert.ok( page.total > 0, day );
		}
	} );

	it( 'answers only the tester’s own values', async () => {
		assert.deepEqual(
			await getOk( ctx, '/users/me/experience/filters', other ),
			{
				campaigns: [ ids.theirs, ids.older ],
				activities: [ 5, 7 ],
				dates: [ '2024-03-12', '2024-03-10' ],
			}
		);
	} );

	it( 'answers empty lists for an empty history', async () => {
		assert.deepEqual(
			await getOk( ctx, '/users/me/experience/filters', empty ),
			{ campaigns: [], activities: [], dates: [] }
		);
	} );

	it( 'reads them in one statement, then only the kept count until the history changes', async () => {
		const counting = countingStatements( ctx );
		const history = createHistoryRepository( counting.db );
		const filters = await history.listExperienceFilters( me.wpUserId );
		assert.deepEqual( filters?.activities, [ 1, 2, 3, 42 ] );
		assert.equal( counting.taken(), 2, 'the kept count, then the values' );
		await history.listExperienceFilters( me.wpUserId );
		assert.equal( counting.taken(), 1, 'the kept count alone' );

		const newest = await campaign( ctx, 'Filters newest' );
		await insert( me, [ [ '2024-04-01 12:00:00', 4, newest ] ] );
		const changed = await history.listExperienceFilters( me.wpUserId );
		assert.equal( changed?.campaigns[ 0 ], newest );
		assert.deepEqual( changed?.activities, [ 1, 2, 3, 4, 42 ] );
		assert.equal( changed?.dates[ 0 ], '2024-04-01' );
		assert.equal( counting.taken(), 2 );
		await ctx.database.db
			.deleteFrom( 'experience_entries' )
			.where( 'campaign_id', '=', newest )
			.execute();
	} );

	it( 'answers 403 without a token or without a tester', async () => {
		assert.equal(
			( await get( ctx, '/users/me/experience/filters' ) ).statusCode,
			403
		);
		const response = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me/experience/filters',
			headers: bearer(
				await ctx.tokenFor( { ...me, wpUserId: 987654 } )
			),
		} );
		assert.equal( response.statusCode, 403, response.body );
		assert.equal(
			response.json().message,
			'This account has no tester profile.'
		);
	} );
} );
