import type { FastifyRequest } from 'fastify';
import { orNoTester, requireAuth } from '../../lib/auth.ts';

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
