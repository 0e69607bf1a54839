import { handler } from '../../contract/handler.ts';
import {
	requireAdministrator,
	requireCampaignLead,
} from '../../lib/back-office.ts';

/**
 * A record's audit trail. A campaign, its bugs and applications: for an administrator or the campaign's lead;
 * every other record: administrators only. A record that does not exist has an empty trail.
 */
export const listAuditEntries = handler< 'listAuditEntries' >(
	async ( request ) => {
		const { subjectType, subjectId, start, limit } = request.query;
		const { audit } = request.server.services;
		const campaignId = await audit.campaignOf( subjectType, subjectId );
		if ( campaignId === null ) {
			requireAdministrator( request );
		} else {
			await requireCampaignLead( request, campaignId );
		}
		const page = await audit.list( subjectType, subjectId, start, limit );
		return { start, limit, size: page.results.length, ...page };
	}
);
