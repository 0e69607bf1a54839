import type { FastifyRequest } from 'fastify';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { monthOf } from '../ranking/repository.ts';
import { pendingBootyOf, presentMe, wantsField } from './profile.ts';
import { requireTester } from './require-tester.ts';

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
