import assert from 'node:assert/strict';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	backOfficeUser,
	leadCampaign,
	type BackOfficeUser,
} from '../../helpers/back-office.ts';
import type { TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { send } from '../profile-parts/requests.ts';
import { addDevice, startWorld } from '../applications/world.ts';

/**
 * The selection's world: the pre-selection world (custom field catalogue, campaigns asking questions), an
 * administrator, a tester lead of the campaigns under test and a lead of another campaign, and testers who apply
 * through the API, as the tester's own screens do.
 */

export interface CandidatesWorld {
	ctx: TestContext;
	admin: BackOfficeUser;
	lead: BackOfficeUser;
	/** Leads a campaign of their own, none of the test's. */
	otherLead: BackOfficeUser;
}

export async function startCandidatesWorld(): Promise< CandidatesWorld > {
	const ctx = await startWorld();
	return {
		ctx,
		admin: await backOfficeUser( ctx, 'administrator' ),
		lead: await backOfficeUser( ctx, 'tester_lead' ),
		otherLead: await backOfficeUser( ctx, 'tester_lead' ),
	};
}

/**
 * Makes `lead` the leader of the campaign, and answers its id.
 *
 * @param world
 * @param campaignId
 * @param lead
 */
export async function ledBy(
	world: CandidatesWorld,
	campaignId: number,
	lead: BackOfficeUser = world.lead
): Promise< number > {
	await leadCampaign( world.ctx, campaignId, lead.wpUserId );
	return campaignId;
}

/**
 * A tester with an Android phone (or `phones` of them) who applies to the campaign with it (them) and `form`;
 * answers the tester, the first device, every device and the application's id.
 *
 * @param ctx
 * @param campaignId
 * @param options
 * @param options.form
 * @param options.tester
 * @param options.phones
 */
export async function applicant(
	ctx: TestContext,
	campaignId: number,
	options: { form?: unknown[]; tester?: Tester; phones?: number } = {}
): Promise< {
	tester: Tester;
	device: number;
	devices: number[];
	application: number;
} > {
	const tester = options.tester ?? ( await ctx.createTester() );
	const devices: number[] = [];
	for ( let phone = 0; phone < ( options.phones ?? 1 ); phone++ ) {
		devices.push( await addDevice( ctx, tester, 'android' ) );
	}
	const response = await send(
		ctx,
		'POST',
		`/users/me/campaigns/${ campaignId }/forms`,
		tester,
		{ form: options.form ?? [], device: devices }
	);
	assert.equal( response.statusCode, 201, response.body );
	return {
		tester,
		device: devices[ 0 ],
		devices,
		application: response.json().id,
	};
}

/**
 * A back-office call under /api/admin with `token`.
 *
 * @param ctx
 * @param token
 * @param method
 * @param url
 * @param body
 */
export function adminCall(
	ctx: TestContext,
	token: string,
	method: 'GET' | 'POST',
	url: string,
	body?: unknown
) {
	return ctx.app.inject( {
		method,
		url: `/api/admin${ url }`,
		headers: {
			...bearer( token ),
			...( body === undefined
				? {}
				: { 'content-type': 'application/json' } ),
		},
		...( body === undefined ? {} : { payload: JSON.stringify( body ) } ),
	} );
}

/**
 * The statuses of applications, by id.
 *
 * @param ctx
 * @param ids
 */
export async function statusesOf(
	ctx: TestContext,
	ids: number[]
): Promise< Record< number, string > > {
	const rows = await ctx.database.db
		.selectFrom( 'applications' )
		.select( [ 'id', 'status' ] )
		.where( 'id', 'in', ids )
		.execute();
	return Object.fromEntries( rows.map( ( row ) => [ row.id, row.status ] ) );
}

/**
 * The campaign's kept selected count.
 *
 * @param ctx
 * @param campaignId
 */
export async function selectedCountOf(
	ctx: TestContext,
	campaignId: number
): Promise< number > {
	const row = await ctx.database.db
		.selectFrom( 'campaigns' )
		.select( 'selected_count' )
		.where( 'id', '=', campaignId )
		.executeTakeFirstOrThrow();
	return Number( row.selected_count );
}
