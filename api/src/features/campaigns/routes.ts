import type { FastifyRequest } from 'fastify';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { monthOf } from '../ranking/repository.ts';
import type { CampaignListQuery } from './repository.ts';

/** Query values as the contract let them through (coerced to its types, defaults not applied). */
interface ListQuery {
	start?: number;
	limit?: number;
	order?: 'ASC' | 'DESC';
	orderBy?: string;
	locale?: CampaignListQuery[ 'locale' ];
	filterBy?: Record< string, number | string >;
}

/** Also GET /campaigns, the spec's path for the same dashboard tables (features/index.ts). */
export async function listMyCampaigns( request: FastifyRequest ) {
	const { wpUserId } = requireAuth( request );
	const query = request.query as ListQuery;
	const filter = query.filterBy ?? {};
	return orNoTester(
		await request.server.services.campaigns.listForTester(
			{
				wpUserId,
				month: monthOf( new Date() ),
			},
			{
				start: query.start ?? 0,
				limit: query.limit ?? 10,
				order: query.order ?? 'ASC',
				orderBy: ( query.orderBy ??
					'start_date' ) as CampaignListQuery[ 'orderBy' ],
				locale: query.locale ?? 'en',
				accepted: filter.accepted as CampaignListQuery[ 'accepted' ],
				completed: filter.completed as CampaignListQuery[ 'completed' ],
				statusId: filter.statusId as CampaignListQuery[ 'statusId' ],
			}
		)
	);
}
