import type { FastifyRequest } from 'fastify';
import { orNoTester, requireAuth, requireTester } from '../lib/auth.ts';
import type { CampaignListQuery } from '../repositories/campaigns.ts';
import type { BugQuery, ExperienceQuery } from '../repositories/history.ts';
import { monthOf } from '../repositories/ranking.ts';
import { pendingBootyOf, presentMe, wantsField } from '../services/profile.ts';

/** Query values as the contract let them through (coerced to its types, defaults not applied). */
interface ListQuery {
	start?: number;
	limit?: number;
	order?: 'ASC' | 'DESC';
	orderBy?: string;
	search?: string;
	locale?: CampaignListQuery[ 'locale' ];
	filterBy?: Record< string, number | string >;
}

export async function getMe( request: FastifyRequest ) {
	const { claims, wpUserId } = requireAuth( request );
	const { fields } = request.query as { fields?: string[] };
	if ( ! wantsField( fields, 'rank' ) ) {
		return presentMe( await requireTester( request ), claims.role, fields );
	}
	const { tester, rank } = orNoTester(
		await request.server.services.testers.findByWpUserIdWithRank(
			wpUserId,
			monthOf( new Date() )
		)
	);
	return presentMe( tester, claims.role, fields, { rank } );
}

/** PATCH /users/me: the tester's own profile fields (the onboarding flag, for now). */
export async function updateMe( request: FastifyRequest ) {
	const { claims } = requireAuth( request );
	const tester = await requireTester( request );
	const body = request.body as { onboarding_completed?: boolean };
	const updated = await request.server.services.testers.update( tester.id, {
		onboardingCompleted: body.onboarding_completed,
	} );
	// The contract admits only fields GET /users/me has, so the answer shows each as that call would.
	return presentMe( updated, claims.role, Object.keys( body ) );
}

/** The `pending_booty` field of GET /users/me on its own, as the wallet screens ask for it. */
export async function getMyPendingBooty( request: FastifyRequest ) {
	return pendingBootyOf( await requireTester( request ) );
}

/** Also GET /campaigns, the spec's path for the same dashboard tables (routes/index.ts). */
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

export async function getMyRank( request: FastifyRequest ) {
	return orNoTester(
		await request.server.services.ranking.summary(
			requireAuth( request ).wpUserId
		)
	);
}

export async function getMyRankList( request: FastifyRequest ) {
	return orNoTester(
		await request.server.services.ranking.lists(
			requireAuth( request ).wpUserId
		)
	);
}
