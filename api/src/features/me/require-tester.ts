import type { FastifyRequest } from 'fastify';
import { noTester, requireAuth, requireLiveSession } from '../../lib/auth.ts';
import type { Tester } from './repository.ts';

/**
 * The caller's tester, read fresh, for handlers that need the whole row (reads that find the tester inside their
 * own statement use `orNoTester` instead).
 *
 * @param request
 * @throws HttpError 403 when the token's WordPress user has no tester profile; 401 'Token expired' when the token
 *         was issued before the tester's sessions were ended (a password change).
 */
export async function requireTester(
	request: FastifyRequest
): Promise< Tester > {
	const auth = requireAuth( request );
	const tester = await request.server.services.testers.findByWpUserId(
		auth.wpUserId
	);
	if ( ! tester ) {
		throw noTester();
	}
	requireLiveSession( auth, tester.sessionsValidFrom );
	return tester;
}
