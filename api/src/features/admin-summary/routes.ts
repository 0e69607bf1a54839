import { handler } from '../../contract/handler.ts';
import { requireBackOffice } from '../../lib/back-office.ts';

/**
 * The wp-admin dashboard widget's figures. An administrator: the running campaigns, the bugs awaiting review, the
 * payment requests waiting to be paid and the testers who signed up in the last 7 days. A tester lead: the first
 * two over the campaigns they lead, the others null (not theirs to see).
 */
export const getAdminSummary = handler< 'getAdminSummary' >(
	async ( request ) => {
		const caller = requireBackOffice( request );
		const { adminSummary } = request.server.services;
		return caller.isAdministrator
			? adminSummary.forAdministrator()
			: adminSummary.forLead( caller.wpUserId );
	}
);
