import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { backOfficeUser, leadCampaign } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { insertApplication, insertCampaign } from '../../helpers/rows.ts';
import {
	ADMIN_ONLY,
	BACK_OFFICE_ONLY,
	call,
	expect,
	NOT_FOUND,
	NOT_YOUR_CAMPAIGN,
} from './world.ts';

/**
 * Who reaches the back office's campaigns (issue 27) and the list: an administrator lists every campaign, a tester
 * lead only those they lead, a tester nothing; by status, search (title or "CP{id}"), paging and order, with each
 * campaign's type, dates, cap, selection and bug counts and leader.
 */

describe( 'the back office: /api/admin/campaigns, who and the list', () => {
	let ctx: TestContext;
	let admin: { wpUserId: number; token: string };
	let lead: { wpUserId: number; token: string };
	let otherLead: { wpUserId: number; token: string };
	let tester: Tester;
	let testerToken: string;
	const ids: Record< string, number > = {};

	before( async () => {
		ctx = await startTestContext();
		admin = await backOfficeUser( ctx, 'administrator' );
		lead = await backOfficeUser( ctx, 'tester_lead' );
		otherLead = await backOfficeUser( ctx, 'tester_lead' );
		tester = await ctx.createTester();
		testerToken = await ctx.tokenFor( tester );
		ids.shop = await insertCampaign( ctx, {
			title: 'Shop 100% app_v2',
			visibility: 'public',
			start: -3,
			end: 5,
			close: 9,
			type: 2,
			maxTesters: 8,
			selectedCount: 2,
		} );
		ids.bank = await insertCampaign( ctx, {
			title: 'Bank app',
			visibility: 'internal',
			start: -1,
			end: 20,
			close: 25,
		} );
		ids.closed = await insertCampaign( ctx, {
			title: 'Old shop',
			visibility: 'public',
			status: 2,
			start: -40,
			end: -30,
			close: -20,
		} );
		ids.other = await insertCampaign( ctx, {
			title: 'Someone else’s shop',
			visibility: 'public',
			start: -2,
			end: 3,
			close: 4,
		} );
		// Applicants of the bank, of every status: counted from the applications.
		for ( const status of [ 'applied', 'selected', 'excluded' ] as const ) {
			const applicant = await ctx.createTester();
			await insertApplication( ctx, applicant.id, ids.bank, status );
		}
		await leadCampaign( ctx, ids.shop, lead.wpUserId );
		await leadCampaign( ctx, ids.closed, lead.wpUserId );
		await leadCampaign( ctx, ids.other, otherLead.wpUserId );
		// Bugs of the shop: two pending, one approved, one need review.
		for ( const status of [ 3, 3, 2, 4 ] ) {
			await ctx.database.db
				.insertInto( 'bugs' )
				.values( {
					tester_id: tester.id,
					campaign_id: ids.shop,
					title: 'A bug',
					severity_id: 2,
					type_id: 1,
					replicability_id: 3,
					status_id: status,
					steps: '1.',
					expected: 'e',
					current: 'c',
				} )
				.execute();
		}
	} );

	after( async () => {
		await ctx.close();
	} );

	const list = ( query: string, token: string ) =>
		expect( ctx, 'GET', `/admin/campaigns${ query }`, token, 200 );
	const idsOf = ( body: { results: Array< { id: number } > } ) =>
		body.results.map( ( campaign ) => campaign.id );

	it( 'refuses a tester everywhere, and a lead every write', async () => {
		const reads = [
			[ 'GET', '/admin/campaigns' ],
			[ 'GET', `/admin/campaigns/${ ids.shop }` ],
			[ 'GET', '/admin/campaign_choices' ],
		] as const;
		for ( const [ method, url ] of reads ) {
			const refused = await call( ctx, method, url, testerToken );
			assert.equal( refused.statusCode, 403, url );
			assert.equal( refused.json().message, BACK_OFFICE_ONLY );
		}
		const writes = [
			[ 'POST', '/admin/campaigns', {} ],
			[ 'PUT', `/admin/campaigns/${ ids.shop }`, {} ],
			[ 'POST', `/admin/campaigns/${ ids.shop }/duplicate`, undefined ],
			[ 'POST', `/admin/campaigns/${ ids.shop }/close`, undefined ],
		] as const;
		for ( const token of [ testerToken, lead.token ] ) {
			for ( const [ method, url, body ] of writes ) {
				const minimal = body && {
					title: 'x',
					typeId: 1,
					startDate: '2030-01-01T00:00:00Z',
					endDate: '2030-01-02T00:00:00Z',
					closeDate: '2030-01-03T00:00:00Z',
					visibility: 'public',
				};
				const refused = await call( ctx, method, url, token, minimal );
				assert.equal( refused.statusCode, 403, `${ method } ${ url }` );
				assert.equal( refused.json().message, ADMIN_ONLY );
			}
		}
		const noToken = await ctx.app.inject( {
			method: 'GET',
			url: '/api/admin/campaigns',
		} );
		assert.equal( noToken.statusCode, 403 );
		const row = await ctx.database.db
			.selectFrom( 'campaigns' )
			.select( 'status_id' )
			.where( 'id', '=', ids.shop )
			.executeTakeFirstOrThrow();
		assert.equal( row.status_id, 1, 'Nothing was closed.' );
	} );

	it( 'lets a lead read only the campaigns they lead', async () => {
		assert.deepEqual( idsOf( await list( '?status=all', lead.token ) ), [
			ids.closed,
			ids.shop,
		] );
		assert.deepEqual( idsOf( await list( '', otherLead.token ) ), [
			ids.other,
		] );
		const own = await expect(
			ctx,
			'GET',
			`/admin/campaigns/${ ids.shop }`,
			lead.token,
			200
		);
		assert.equal( own.title, 'Shop 100% app_v2' );
		for ( const campaignId of [ ids.other, ids.bank, 999999 ] ) {
			const refused = await call(
				ctx,
				'GET',
				`/admin/campaigns/${ campaignId }`,
				lead.token
			);
			assert.equal( refused.statusCode, 403 );
			assert.equal( refused.json().message, NOT_YOUR_CAMPAIGN );
		}
		const missing = await call(
			ctx,
			'GET',
			'/admin/campaigns/999999',
			admin.token
		);
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, NOT_FOUND );
	} );

	it( 'lists every campaign of a status to an administrator, with its counts', async () => {
		const running = await list( '', admin.token );
		assert.deepEqual( idsOf( running ), [ ids.other, ids.bank, ids.shop ] );
		assert.equal( running.total, 3 );
		assert.equal( running.limit, 20 );
		const shop = running.results.find(
			( campaign: { id: number } ) => campaign.id === ids.shop
		);
		assert.equal( shop.type.id, 2 );
		assert.equal( typeof shop.type.name, 'string' );
		assert.equal( shop.status, 'running' );
		assert.equal( shop.visibility, 'public' );
		assert.equal( shop.maxTesters, 8 );
		assert.equal( shop.selectedCount, 2 );
		assert.equal( shop.applicantsCount, 0 );
		assert.deepEqual( shop.bugs, {
			pending: 2,
			approved: 1,
			refused: 0,
			needReview: 1,
		} );
		assert.equal( shop.leader, lead.wpUserId );
		assert.match(
			shop.startDate,
			/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
		);
		const bank = running.results.find(
			( campaign: { id: number } ) => campaign.id === ids.bank
		);
		assert.equal( bank.leader, null );
		assert.equal( bank.maxTesters, null );
		assert.equal( bank.applicantsCount, 3 );
		const bankSettings = await expect(
			ctx,
			'GET',
			`/admin/campaigns/${ ids.bank }`,
			admin.token,
			200
		);
		assert.equal( bankSettings.applicantsCount, 3 );

		assert.deepEqual(
			idsOf( await list( '?status=closed', admin.token ) ),
			[ ids.closed ]
		);
		assert.equal( ( await list( '?status=all', admin.token ) ).total, 4 );
	} );

	it( 'searches the title or the id, pages and orders', async () => {
		assert.deepEqual(
			idsOf( await list( '?status=all&search=SHOP', admin.token ) ),
			[ ids.other, ids.closed, ids.shop ]
		);
		// LIKE's wildcards are plain characters here.
		assert.deepEqual(
			idsOf( await list( '?search=100%25%20app_v', admin.token ) ),
			[ ids.shop ]
		);
		assert.deepEqual( idsOf( await list( '?search=_', admin.token ) ), [
			ids.shop,
		] );
		assert.deepEqual(
			idsOf( await list( `?search=CP${ ids.bank }`, admin.token ) ),
			[ ids.bank ]
		);
		assert.deepEqual(
			idsOf( await list( `?search=cp ${ ids.bank }`, admin.token ) ),
			[ ids.bank ]
		);
		// A bare number is an id, or words of a title.
		const number = await list( `?search=${ ids.bank }`, admin.token );
		assert.ok( idsOf( number ).includes( ids.bank ) );
		for ( const campaign of number.results ) {
			assert.ok(
				campaign.id === ids.bank ||
					campaign.title.includes( String( ids.bank ) )
			);
		}
		assert.deepEqual(
			idsOf( await list( `?search=CP${ ids.other }`, lead.token ) ),
			[],
			'A lead does not find another lead’s campaign by id.'
		);

		const first = await list( '?limit=2&order=ASC', admin.token );
		assert.deepEqual( idsOf( first ), [ ids.shop, ids.bank ] );
		assert.equal( first.size, 2 );
		assert.equal( first.total, 3 );
		const second = await list( '?limit=2&start=2&order=ASC', admin.token );
		assert.deepEqual( idsOf( second ), [ ids.other ] );
		assert.deepEqual(
			idsOf( await list( '?orderBy=endDate&order=ASC', admin.token ) ),
			[ ids.other, ids.shop, ids.bank ]
		);
		assert.deepEqual(
			idsOf( await list( '?orderBy=startDate', admin.token ) ),
			[ ids.bank, ids.other, ids.shop ]
		);
	} );

	it( 'refuses a bad query with the field named', async () => {
		for ( const [ query, message ] of [
			[ '?limit=101', /limit/ ],
			[ '?status=open', /status/ ],
			[ '?orderBy=title', /orderBy/ ],
		] as const ) {
			const refused = await call(
				ctx,
				'GET',
				`/admin/campaigns${ query }`,
				admin.token
			);
			assert.equal( refused.statusCode, 400, query );
			assert.match( refused.json().message, message );
		}
	} );

	it( 'offers the edit form’s choices to the back office', async () => {
		const choices = await expect(
			ctx,
			'GET',
			'/admin/campaign_choices',
			lead.token,
			200
		);
		assert.ok( choices.types.length > 1 );
		assert.ok(
			choices.levels.some( ( level: { id: number } ) => level.id === 10 )
		);
		assert.ok( choices.languages.length > 0 );
		assert.ok(
			choices.platforms.some(
				( platform: { deviceType: number } ) =>
					platform.deviceType === 2
			)
		);
		assert.deepEqual( choices.customUserFields, [] );
	} );
} );
