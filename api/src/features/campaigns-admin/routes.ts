import { handler } from '../../contract/handler.ts';
import {
	ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE,
	requireAdministrator,
	requireBackOffice,
	requireCampaignLead,
} from '../../lib/back-office.ts';
import { HttpError, notFound } from '../../lib/errors.ts';

/**
 * The back office's campaigns (issue 27). Listing and reading: administrators, and tester leads for the campaigns
 * they lead; creating, replacing, copying and closing: administrators only. The rules of a campaign's settings and
 * their messages are in input.ts and writes.ts.
 */

export const ALREADY_CLOSED_MESSAGE = 'This campaign is already closed';

/** The campaigns with a status; a tester lead's only those they lead. */
export const listAdminCampaigns = handler< 'listAdminCampaigns' >(
	async ( request ) => {
		const caller = requireBackOffice( request );
		const { status, search, start, limit, orderBy, order } = request.query;
		return request.server.services.campaignsAdmin.list( caller, {
			status,
			search,
			start,
			limit,
			orderBy,
			order,
		} );
	}
);

/** Every setting of a campaign. */
export const getAdminCampaign = handler< 'getAdminCampaign' >(
	async ( request ) => {
		const { campaignId } = request.params;
		await requireCampaignLead( request, campaignId );
		const campaign =
			await request.server.services.campaignsAdmin.read( campaignId );
		if ( ! campaign ) {
			throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
		}
		return campaign;
	}
);

/** A new campaign with every setting. */
export const createAdminCampaign = handler< 'createAdminCampaign' >(
	async ( request, reply ) => {
		const caller = requireAdministrator( request );
		const campaign = await request.server.services.campaignsAdmin.create(
			caller,
			request.body
		);
		reply.code( 201 );
		return campaign;
	}
);

/** Every setting of a campaign replaced. */
export const updateAdminCampaign = handler< 'updateAdminCampaign' >(
	async ( request ) => {
		const caller = requireAdministrator( request );
		const saved = await request.server.services.campaignsAdmin.update(
			caller,
			request.params.campaignId,
			request.body
		);
		if ( saved.outcome === 'not-found' ) {
			throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
		}
		return saved.campaign;
	}
);

/** A copy of a campaign's settings, as a new running campaign. */
export const duplicateAdminCampaign = handler< 'duplicateAdminCampaign' >(
	async ( request, reply ) => {
		const caller = requireAdministrator( request );
		const copy = await request.server.services.campaignsAdmin.duplicate(
			caller,
			request.params.campaignId
		);
		if ( ! copy ) {
			throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
		}
		reply.code( 201 );
		return copy;
	}
);

/** Closes a campaign and pays its completion bonus, once. */
export const closeAdminCampaign = handler< 'closeAdminCampaign' >(
	async ( request ) => {
		const caller = requireAdministrator( request );
		const closed = await request.server.services.campaignsAdmin.close(
			caller,
			request.params.campaignId
		);
		if ( closed.outcome === 'not-found' ) {
			throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
		}
		if ( closed.outcome === 'already-closed' ) {
			throw new HttpError( 409, ALREADY_CLOSED_MESSAGE );
		}
		return closed.closed;
	}
);

/** What the edit form offers to choose from. */
export const getAdminCampaignChoices = handler< 'getAdminCampaignChoices' >(
	async ( request ) => {
		requireBackOffice( request );
		return request.server.services.campaignsAdmin.choices();
	}
);
