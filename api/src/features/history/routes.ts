import type { FastifyRequest } from 'fastify';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import type { BugQuery, ExperienceQuery } from './repository.ts';

/** Query values as the contract let them through (coerced to its types, defaults not applied). */
interface ListQuery {
	start?: number;
	limit?: number;
	order?: 'ASC' | 'DESC';
	orderBy?: string;
	search?: string;
	filterBy?: Record< string, number | string >;
}

export async function listMyExperience( request: FastifyRequest ) {
	const { wpUserId } = requireAuth( request );
	const query = request.query as ListQuery;
	const filter = query.filterBy ?? {};
	return orNoTester(
		await request.server.services.history.listExperience( wpUserId, {
			start: query.start ?? 0,
			limit: query.limit ?? 25,
			order: query.order ?? 'DESC',
			orderBy: ( query.orderBy ??
				'date' ) as ExperienceQuery[ 'orderBy' ],
			search: query.search?.trim() || undefined,
			campaign: filter.campaign as number | undefined,
			activity: filter.activity as number | undefined,
			date: filter.date as string | undefined,
		} )
	);
}

export async function listMyBugs( request: FastifyRequest ) {
	const { wpUserId } = requireAuth( request );
	const query = request.query as ListQuery;
	const filter = query.filterBy ?? {};
	return orNoTester(
		await request.server.services.history.listBugs( wpUserId, {
			start: query.start ?? 0,
			limit: query.limit ?? 25,
			order: query.order ?? 'DESC',
			orderBy: ( query.orderBy ?? 'id' ) as BugQuery[ 'orderBy' ],
			campaign: filter.campaign as number | undefined,
			severity: filter.severity as number | undefined,
			status: filter.status as number | undefined,
		} )
	);
}
