import type { FastifyRequest } from 'fastify';
import { noTester, requireAuth } from '../../lib/auth.ts';
import type { Tester } from './repository.ts';

/**
 * The caller's tester, read fresh, for handlers that need the whole row (reads that find the tester inside their
 * own statement use `orNoTester` instead).
 *
 * @param request
 * @throws HttpError 403 when the token's WordPress user has no tester profile.
 */
export async function requireTester(
	request: FastifyRequest
): Promise< Tester > {
	const tester = await request.server.services.testers.findByWpUserId(
		requireAuth( request ).wpUserId
	);
	if ( ! tester ) {
		throw noTester();
	}
	return tester;
}
