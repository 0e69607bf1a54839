import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { BACK_OFFICE_ONLY_MESSAGE } from '../../../src/lib/back-office.ts';
import {
	backOfficeUser,
	leadCampaign,
	type BackOfficeUser,
} from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { insertCampaign, sqlAt } from '../../helpers/rows.ts';
import { insertRequest } from '../payments/admin-world.ts';

/**
 * GET /admin/summary (issue 27), the wp-admin dashboard widget's figures: an administrator's over the platform, a
 * tester lead's over the campaigns they lead (the payouts and new testers withheld), nothing for anyone else.
 */

describe( 'the back office: GET /api/admin/summary', () => {
	let ctx: TestContext;
	let admin: BackOfficeUser;
	let lead: BackOfficeUser;
	let otherLead: BackOfficeUser;
	let reporter: Tester;
	let running: number;

	const summary = async ( token: string | null ) =>
		ctx.app.inject( {
			method: 'GET',
			url: '/api/admin/summary',
			headers: token === null ? {} : bearer( token ),
		} );
	const ok = async ( token: string ) => {
		const response = await summary( token );
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};
	/**
	 * Bugs of `campaignId` reported by the reporter, one per status id given.
	 *
	 * @param campaignId
	 * @param statuses   1 refused, 2 approved, 3 pending, 4 need review.
	 */
	const insertBugs = async ( campaignId: number, statuses: number[] ) => {
		for ( const status of statuses ) {
			await ctx.database.db
				.insertInto( 'bugs' )
				.values( {
					tester_id: reporter.id,
					campaign_id: campaignId,
					title: 'A bug',
					severity_id: 2,
					type_id: 4,
					replicability_id: 3,
					status_id: status,
					steps: '1. Open',
					expected: 'It works',
					current: 'It does not',
				} )
				.execute();
		}
	};

	before( async () => {
		ctx = await startTestContext();
		admin = await backOfficeUser( ctx, 'administrator' );
		lead = await backOfficeUser( ctx, 'tester_lead' );
		otherLead = await backOfficeUser( ctx, 'tester_lead' );
		// Signed up 40, 30 and 8 days ago (three of them waiting for or paid a payout), then this week (one of
		// them has deleted the account since). Testers are numbered as they sign up, as the platform writes them.
		const payers: Tester[] = [];
		for ( const days of [ -40, -40, -40, -30, -8 ] ) {
			payers.push(
				await ctx.createTester( { set: { created_at: sqlAt( days ) } } )
			);
		}
		const statuses = [ 'processing', 'processing', 'paid' ] as const;
		for ( const [ index, status ] of statuses.entries() ) {
			await insertRequest( ctx, payers[ index ], {
				status,
				entries: [
					{ name: 'Campaign', activity: 1, at: -5, gross: 500 },
				],
			} );
		}
		reporter = await ctx.createTester();
		await ctx.createTester();
		await ctx.createTester( { set: { created_at: sqlAt( -6.9 ) } } );
		await ctx.createTester( { set: { deleted_at: sqlAt( 0 ) } } );

		const campaign = ( title: string, status: 1 | 2 ) =>
			insertCampaign( ctx, {
				title,
				visibility: 'public',
				status,
				start: -10,
				end: 10,
				close: 20,
			} );
		running = await campaign( 'Led, running', 1 );
		const closed = await campaign( 'Led, closed', 2 );
		const unled = await campaign( 'Nobody’s', 1 );
		const others = await campaign( 'The other lead’s', 1 );
		await leadCampaign( ctx, running, lead.wpUserId );
		await leadCampaign( ctx, closed, lead.wpUserId );
		await leadCampaign( ctx, others, otherLead.wpUserId );
		await insertBugs( running, [ 3, 3, 4, 2, 1 ] );
		await insertBugs( closed, [ 3, 2 ] );
		await insertBugs( unled, [ 4, 1 ] );
	} );

	after( () => ctx.close() );

	it( 'gives an administrator the platform’s figures', async () => {
		assert.deepEqual( await ok( admin.token ), {
			openCampaigns: 3,
			bugsAwaitingReview: 5,
			payoutsWaiting: 2,
			newTestersThisWeek: 3,
		} );
	} );

	it( 'gives a tester lead the figures of the campaigns they lead, and not the others', async () => {
		assert.deepEqual( await ok( lead.token ), {
			openCampaigns: 1,
			bugsAwaitingReview: 4,
			payoutsWaiting: null,
			newTestersThisWeek: null,
		} );
		assert.deepEqual( await ok( otherLead.token ), {
			openCampaigns: 1,
			bugsAwaitingReview: 0,
			payoutsWaiting: null,
			newTestersThisWeek: null,
		} );
	} );

	it( 'counts a bug as soon as it is reported, and no longer once reviewed', async () => {
		await insertBugs( running, [ 3 ] );
		assert.equal( ( await ok( admin.token ) ).bugsAwaitingReview, 6 );
		assert.equal( ( await ok( lead.token ) ).bugsAwaitingReview, 5 );
		await ctx.database.db
			.updateTable( 'bugs' )
			.set( { status_id: 2 } )
			.where( 'campaign_id', '=', running )
			.where( 'status_id', 'in', [ 3, 4 ] )
			.execute();
		assert.equal( ( await ok( lead.token ) ).bugsAwaitingReview, 1 );
	} );

	it( 'refuses a tester and an anonymous caller', async () => {
		const tester = await summary( await ctx.tokenFor( reporter ) );
		assert.equal( tester.statusCode, 403 );
		assert.equal( tester.json().message, BACK_OFFICE_ONLY_MESSAGE );
		assert.equal( ( await summary( null ) ).statusCode, 403 );
	} );
} );
