import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';

export const getMyRank = handler< 'getMyRank' >( async ( request ) =>
	orNoTester(
		await request.server.services.ranking.summary(
			requireAuth( request ).wpUserId
		)
	)
);

export const getMyRankList = handler< 'getMyRankList' >( async ( request ) =>
	orNoTester(
		await request.server.services.ranking.lists(
			requireAuth( request ).wpUserId
		)
	)
);
