import type { Tester } from '../../../src/features/me/repository.ts';
import {
	backOfficeUser,
	leadCampaign,
	type BackOfficeUser,
} from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { insertCampaign } from '../../helpers/rows.ts';

/**
 * The bug review's world: the campaign "Shop app" paying 2.50, 5, 10 and 20 euros per approved bug by severity and
 * led by a tester lead, another campaign led by another lead, an administrator, two testers and a tester token;
 * with the requests the back office makes and the reads its tests compare.
 */

export const BACK_OFFICE_ONLY =
	'Only administrators and tester leads may do this.';
export const NOT_YOUR_CAMPAIGN =
	'Only the campaign’s team leader or an administrator may do this.';

export interface BugValues {
	tester?: Tester;
	campaign?: number;
	title?: string;
	/** 1 refused, 2 approved, 3 pending, 4 need review. */
	status?: number;
	/** 1 Low … 4 Critical. */
	severity?: number;
	type?: number;
	replicability?: number;
	created?: string;
}

export class ReviewWorld {
	ctx!: TestContext;
	admin!: BackOfficeUser;
	lead!: BackOfficeUser;
	otherLead!: BackOfficeUser;
	ada!: Tester;
	bob!: Tester;
	adaToken!: string;
	shop!: number;
	other!: number;

	async start(): Promise< void > {
		const ctx = await startTestContext();
		this.ctx = ctx;
		this.admin = await backOfficeUser( ctx, 'administrator' );
		this.lead = await backOfficeUser( ctx, 'tester_lead' );
		this.otherLead = await backOfficeUser( ctx, 'tester_lead' );
		this.ada = await ctx.createTester( { name: 'Ada', surname: 'Byron' } );
		this.bob = await ctx.createTester( { name: 'Bob', surname: 'Stone' } );
		this.adaToken = await ctx.tokenFor( this.ada );
		this.shop = await insertCampaign( ctx, {
			title: 'Shop app',
			visibility: 'public',
			start: -10,
			end: 10,
			close: 20,
		} );
		this.other = await insertCampaign( ctx, {
			title: 'Bank app',
			visibility: 'public',
			start: -10,
			end: 10,
			close: 20,
		} );
		await ctx.database.db
			.updateTable( 'campaigns' )
			.set( {
				low_bug_payout_cents: 250,
				medium_bug_payout_cents: 500,
				high_bug_payout_cents: 1000,
				critical_bug_payout_cents: 2000,
			} )
			.execute();
		await leadCampaign( ctx, this.shop, this.lead.wpUserId );
		await leadCampaign( ctx, this.other, this.otherLead.wpUserId );
	}

	close(): Promise< void > {
		return this.ctx.close();
	}

	/**
	 * A bug written straight into the database, the campaign's count of its status kept in step as the API keeps it.
	 *
	 * @param values
	 */
	async bug( values: BugValues = {} ): Promise< number > {
		const { db } = this.ctx.database;
		const campaign = values.campaign ?? this.shop;
		const status = values.status ?? 3;
		const { insertId } = await db
			.insertInto( 'bugs' )
			.values( {
				tester_id: ( values.tester ?? this.ada ).id,
				campaign_id: campaign,
				title: values.title ?? 'A bug',
				severity_id: values.severity ?? 2,
				type_id: values.type ?? 4,
				replicability_id: values.replicability ?? 3,
				status_id: status,
				steps: '1. Open\n2. Tap',
				expected: 'It works',
				current: 'It does not',
				...( values.created
					? { created_at: values.created, updated_at: values.created }
					: {} ),
			} )
			.executeTakeFirstOrThrow();
		return Number( insertId );
	}

	/**
	 * A request under /api with a bearer token.
	 *
	 * @param method
	 * @param url
	 * @param token
	 * @param payload
	 */
	request(
		method: 'GET' | 'POST',
		url: string,
		token: string,
		payload?: unknown
	) {
		return this.ctx.app.inject( {
			method,
			url: `/api${ url }`,
			headers: bearer( token ),
			...( payload === undefined ? {} : { payload: payload as object } ),
		} );
	}

	list( campaignId: number, query = '', token = this.admin.token ) {
		return this.request(
			'GET',
			`/admin/campaigns/${ campaignId }/bugs${ query }`,
			token
		);
	}

	detail( bugId: number, token = this.admin.token ) {
		return this.request( 'GET', `/admin/bugs/${ bugId }`, token );
	}

	review(
		bugId: number,
		body: { status: string; comment?: string },
		token = this.admin.token
	) {
		return this.request(
			'POST',
			`/admin/bugs/${ bugId }/review`,
			token,
			body
		);
	}

	audit( bugId: number, token = this.admin.token ) {
		return this.request(
			'GET',
			`/admin/audit?subjectType=bug&subjectId=${ bugId }`,
			token
		);
	}

	/**
	 * The campaign's bugs per status, as stored.
	 *
	 * @param campaignId
	 */
	async counts( campaignId = this.shop ) {
		const rows = await this.ctx.database.db
			.selectFrom( 'bugs' )
			.select( [ 'status_id', ( eb ) => eb.fn.countAll().as( 'n' ) ] )
			.where( 'campaign_id', '=', campaignId )
			.groupBy( 'status_id' )
			.execute();
		const of = ( status: number ) =>
			Number( rows.find( ( row ) => row.status_id === status )?.n ?? 0 );
		return {
			pending: of( 3 ),
			approved: of( 2 ),
			refused: of( 1 ),
			needReview: of( 4 ),
		};
	}

	/**
	 * What a tester reads of themselves: experience, approved bugs, pending booty, and this month's points.
	 *
	 * @param tester
	 */
	async mine( tester = this.ada ) {
		const token = await this.ctx.tokenFor( tester );
		const me = (
			await this.request(
				'GET',
				'/users/me?fields=total_exp_pts,approved_bugs,pending_booty',
				token
			)
		).json();
		const rank = (
			await this.request( 'GET', '/users/me/rank', token )
		).json();
		return {
			exp: me.total_exp_pts as number,
			approvedBugs: me.approved_bugs as number,
			pending: me.pending_booty.gross.value as number,
			monthPoints: rank.points as number,
		};
	}

	/**
	 * The rows a review may write for a bug: its reward, experience entries, booty entries and audit entries.
	 *
	 * @param bugId
	 */
	async writtenFor( bugId: number ) {
		const { db } = this.ctx.database;
		const name = `CP${ this.shop } - Bug ${ bugId }`;
		const [ rewards, experience, booty, audit ] = await Promise.all( [
			db
				.selectFrom( 'bug_rewards' )
				.select( [ 'points', 'gross_cents', 'approved_by' ] )
				.where( 'bug_id', '=', bugId )
				.execute(),
			db
				.selectFrom( 'experience_entries' )
				.select( [ 'amount', 'activity_id', 'campaign_id' ] )
				.where( 'note', '=', name )
				.execute(),
			db
				.selectFrom( 'booty_entries' )
				.select( [ 'gross_cents', 'activity_id', 'campaign_id' ] )
				.where( 'name', '=', name )
				.execute(),
			db
				.selectFrom( 'audit_entries' )
				.select( 'id' )
				.where( 'subject_type', '=', 'bug' )
				.where( 'subject_id', '=', bugId )
				.execute(),
		] );
		return {
			rewards: rewards.map( ( row ) => ( {
				points: row.points,
				gross: Number( row.gross_cents ),
				by: Number( row.approved_by ),
			} ) ),
			experience: experience.map( ( row ) => ( {
				amount: row.amount,
				activity: row.activity_id,
				campaign: row.campaign_id,
			} ) ),
			booty: booty.map( ( row ) => ( {
				gross: Number( row.gross_cents ),
				activity: row.activity_id,
				campaign: row.campaign_id,
			} ) ),
			audit: audit.length,
		};
	}
}
