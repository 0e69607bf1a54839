import { handler, type ContractRequest } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { monthOf } from '../ranking/repository.ts';

/** The dashboard tables, under the tester's path and under GET /campaigns, the path the spec's client calls. */
async function listPage(
	request:
		| ContractRequest< 'listMyCampaigns' >
		| ContractRequest< 'listCampaigns' >
) {
	const { wpUserId } = requireAuth( request );
	const { start, limit, order, orderBy, locale, filterBy } = request.query;
	return orNoTester(
		await request.server.services.campaigns.listForTester(
			{
				wpUserId,
				month: monthOf( new Date() ),
			},
			{ start, limit, order, orderBy, locale, ...filterBy }
		)
	);
}

export const listMyCampaigns = handler< 'listMyCampaigns' >( listPage );
export const listCampaigns = handler< 'listCampaigns' >( listPage );
