/**
 * Who may use the back office's routes (`/admin/…`, issue 27). WordPress mints the token for the user at the
 * wp-admin screen, with their role (plugin class-jwt.php), and checks its own capabilities first; the API checks
 * again, so a token minted for anyone else is refused whatever the screen did:
 * - an `administrator` reaches everything;
 * - a `tester_lead` reaches only the campaigns they lead (`campaigns.leader_wp_user_id`), and through them their
 *   candidates, bugs and tasks;
 * - a tester's token reaches nothing here.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { requireAuth, type AuthContext } from './auth.ts';
import { forbidden, notFound } from './errors.ts';

/** WordPress's role of the site's administrators, as the token's `role` claim carries it. */
export const ADMINISTRATOR_ROLE = 'administrator';
/** The role of the people who run the campaigns they lead (plugin class-roles.php). */
export const TESTER_LEAD_ROLE = 'tester_lead';

export const ADMINISTRATORS_ONLY_MESSAGE = 'Only administrators may do this.';
export const BACK_OFFICE_ONLY_MESSAGE =
	'Only administrators and tester leads may do this.';
export const NOT_YOUR_CAMPAIGN_MESSAGE =
	'Only the campaign’s team leader or an administrator may do this.';
export const ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE = 'Campaign not found';

/** The back office's caller: their WordPress user and whether they are an administrator. */
export interface BackOfficeCaller extends AuthContext {
	isAdministrator: boolean;
}

/**
 * The caller, when WordPress minted the token for an administrator. An administrator need not be a tester: no
 * tester row is read.
 *
 * @param request
 * @throws HttpError 403 for anyone else.
 */
export function requireAdministrator(
	request: FastifyRequest
): BackOfficeCaller {
	const auth = requireAuth( request );
	if ( auth.claims.role !== ADMINISTRATOR_ROLE ) {
		throw forbidden( ADMINISTRATORS_ONLY_MESSAGE );
	}
	return { ...auth, isAdministrator: true };
}

/**
 * The caller, when WordPress minted the token for an administrator or a tester lead.
 *
 * @param request
 * @throws HttpError 403 for anyone else.
 */
export function requireBackOffice( request: FastifyRequest ): BackOfficeCaller {
	const auth = requireAuth( request );
	const { role } = auth.claims;
	if ( role !== ADMINISTRATOR_ROLE && role !== TESTER_LEAD_ROLE ) {
		throw forbidden( BACK_OFFICE_ONLY_MESSAGE );
	}
	return { ...auth, isAdministrator: role === ADMINISTRATOR_ROLE };
}

export type CampaignLeaders = ReturnType< typeof createCampaignLeaders >;

/**
 * Who leads each campaign, as requireCampaignLead asks.
 *
 * @param db
 */
export function createCampaignLeaders( db: Kysely< Database > ) {
	return {
		/**
		 * The campaign's leader: a WordPress user id, null when it has none, undefined when there is no campaign.
		 *
		 * @param campaignId
		 */
		async leaderOf(
			campaignId: number
		): Promise< number | null | undefined > {
			const campaign = await db
				.selectFrom( 'campaigns' )
				.select( 'leader_wp_user_id' )
				.where( 'id', '=', campaignId )
				.executeTakeFirst();
			if ( ! campaign ) {
				return undefined;
			}
			return campaign.leader_wp_user_id === null
				? null
				: Number( campaign.leader_wp_user_id );
		},
	};
}

/**
 * The caller, when they may run campaign `campaignId`: an administrator, or the tester lead who leads it.
 *
 * @param request
 * @param campaignId
 * @throws HttpError 403 when the caller may not run it (a lead is not told whether it exists), 404 when an
 *                   administrator asks for a campaign that does not exist.
 */
export async function requireCampaignLead(
	request: FastifyRequest,
	campaignId: number
): Promise< BackOfficeCaller > {
	const caller = requireBackOffice( request );
	const leader =
		await request.server.services.campaignLeaders.leaderOf( campaignId );
	if ( ! caller.isAdministrator && leader !== caller.wpUserId ) {
		throw forbidden( NOT_YOUR_CAMPAIGN_MESSAGE );
	}
	if ( leader === undefined ) {
		throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
	}
	return caller;
}
