import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import type { CampaignDetail } from '../../contract/index.ts';
import { fromSqlDateTime } from '../../db/values.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { HttpError } from '../../lib/errors.ts';
import { hasStarted, requireSelected, type CampaignAccess } from './access.ts';

/**
 * One campaign's pages (preview, manual, payout data, tasks) and its start. Every call begins with the access read:
 * a campaign the tester may not see answers 404; the tasks and the start are for a selected tester only (403).
 */

interface CampaignRequest {
	params: { campaignId: number };
}

/**
 * Spec section 8, "Manual not started".
 *
 * @param startDate As stored (`YYYY-MM-DD HH:MM:SS`, UTC).
 */
export const notReadyMessage = ( startDate: string ) =>
	`The manual is not ready yet, the activity will start on ${ startDate.slice(
		0,
		10
	) }`;

async function campaignAccess(
	request: FastifyRequest & CampaignRequest
): Promise< CampaignAccess > {
	const { wpUserId } = requireAuth( request );
	return orNoTester(
		await request.server.services.campaigns.access(
			wpUserId,
			request.params.campaignId
		)
	);
}

/**
 * What the apply area and the manual decide on: the tester's application and the free places.
 *
 * @param access
 */
function standing( access: CampaignAccess ) {
	const { maxTesters, selectedCount } = access.campaign;
	return {
		status: access.application?.status ?? ( 'available' as const ),
		cap:
			maxTesters === null
				? null
				: Math.max( 0, maxTesters - selectedCount ),
	};
}

/**
 * What the manual shows a tester (spec section 4, "Manual access").
 *
 * @param access
 */
function selectionStatus(
	access: CampaignAccess
): CampaignDetail[ 'selectionStatus' ] {
	const { application } = access;
	if ( application?.status === 'excluded' ) {
		return 'excluded';
	}
	if ( application?.status !== 'selected' ) {
		return 'other';
	}
	if ( ! hasStarted( access ) ) {
		return 'not-started';
	}
	return application.contractAcceptedAt ? 'other' : 'starting';
}

export const getMyCampaign = handler< 'getMyCampaign' >( async ( request ) => {
	const access = await campaignAccess( request );
	const campaign = await request.server.services.campaigns.manual(
		access.tester.id,
		access.campaign.id,
		request.query.locale
	);
	const selection = selectionStatus( access );
	// The manual's text is for the testers who may open the manual: selected and started (contract accepted).
	const opensManual =
		access.application?.status === 'selected' && selection === 'other';
	return {
		...campaign,
		manual: opensManual ? campaign.manual : '',
		...standing( access ),
		selectionStatus: selection,
	};
} );

export const getMyCampaignPreview = handler< 'getMyCampaignPreview' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		const preview = await request.server.services.campaigns.preview(
			access.campaign.id,
			request.query.locale
		);
		return { ...preview, ...standing( access ) };
	}
);

export const getMyCampaignPayoutData = handler< 'getMyCampaignPayoutData' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		return request.server.services.campaigns.payout( access.campaign.id );
	}
);

export const listMyCampaignTasks = handler< 'listMyCampaignTasks' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		requireSelected( request, access );
		return request.server.services.campaigns.tasks(
			access.tester.id,
			access.campaign.id
		);
	}
);

/** The manual's start button: accepting the contract, once the start date has passed; a second start keeps the first. */
export const startMyCampaign = handler< 'startMyCampaign' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		requireSelected( request, access );
		if ( ! hasStarted( access ) ) {
			throw new HttpError(
				409,
				notReadyMessage( access.campaign.startDate )
			);
		}
		const { contractAcceptedAt } = access.application;
		const startedAt = contractAcceptedAt
			? fromSqlDateTime( contractAcceptedAt )
			: await request.server.services.campaigns.start(
					access.application.id
			  );
		return { id: access.campaign.id, startedAt };
	}
);
