import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';

export const listMyExperience = handler< 'listMyExperience' >(
	async ( request ) => {
		const { wpUserId } = requireAuth( request );
		const { start, limit, order, orderBy, search, filterBy } =
			request.query;
		return orNoTester(
			await request.server.services.history.listExperience( wpUserId, {
				start,
				limit,
				order,
				orderBy,
				search: search?.trim() || undefined,
				...filterBy,
			} )
		);
	}
);

export const listMyBugs = handler< 'listMyBugs' >( async ( request ) => {
	const { wpUserId } = requireAuth( request );
	const { start, limit, order, orderBy, filterBy } = request.query;
	return orNoTester(
		await request.server.services.history.listBugs( wpUserId, {
			start,
			limit,
			order,
			orderBy,
			...filterBy,
		} )
	);
} );

export const listMyExperienceFilters = handler< 'listMyExperienceFilters' >(
	async ( request ) => {
		const { wpUserId } = requireAuth( request );
		return orNoTester(
			await request.server.services.history.listExperienceFilters(
				wpUserId
			)
		);
	}
);
