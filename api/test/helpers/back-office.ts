import type { TestContext } from './context.ts';
import { mintToken } from './tokens.ts';

/**
 * The back office's callers, as WordPress mints their tokens: an administrator and a tester lead, each a WordPress
 * user with no tester behind it.
 */

export interface BackOfficeUser {
	wpUserId: number;
	token: string;
}

let users = 0;

/**
 * A WordPress user with `role` and a token minted for them.
 *
 * @param ctx
 * @param role administrator or tester_lead.
 */
export async function backOfficeUser(
	ctx: TestContext,
	role: 'administrator' | 'tester_lead'
): Promise< BackOfficeUser > {
	const user = ctx.wordpress.addUser( {
		email: `${ role }.${ process.pid }.${ ++users }@example.test`,
		password: 'Secret123',
		roles: [ role ],
	} );
	const wpUserId = Number( user.id );
	return {
		wpUserId,
		token: await mintToken( { secret: ctx.secret, sub: wpUserId, role } ),
	};
}

/**
 * A token WordPress mints for an administrator.
 *
 * @param ctx
 */
export async function administratorToken(
	ctx: TestContext
): Promise< string > {
	return ( await backOfficeUser( ctx, 'administrator' ) ).token;
}

/**
 * Makes `wpUserId` the team leader of campaign `campaignId`.
 *
 * @param ctx
 * @param campaignId
 * @param wpUserId
 */
export async function leadCampaign(
	ctx: TestContext,
	campaignId: number,
	wpUserId: number
): Promise< void > {
	await ctx.database.db
		.updateTable( 'campaigns' )
		.set( { leader_wp_user_id: wpUserId } )
		.where( 'id', '=', campaignId )
		.execute();
}
