import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { monthOf } from '../ranking/repository.ts';
import { pendingBootyOf, presentMe, wantsField } from './profile.ts';
import { requireTester } from './require-tester.ts';

export const getMe = handler< 'getMe' >( async ( request ) => {
	const { claims, wpUserId } = requireAuth( request );
	const { fields } = request.query;
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
} );

/** PATCH /users/me: the tester's own profile fields (the onboarding flag, for now). */
export const updateMe = handler< 'updateMe' >( async ( request ) => {
	const { claims } = requireAuth( request );
	const tester = await requireTester( request );
	const { body } = request;
	const updated = await request.server.services.testers.update( tester.id, {
		onboardingCompleted: body.onboarding_completed,
	} );
	// The contract admits only fields GET /users/me has, so the answer shows each as that call would.
	return presentMe( updated, claims.role, Object.keys( body ) );
} );

/** The `pending_booty` field of GET /users/me on its own, as the wallet screens ask for it. */
export const getMyPendingBooty = handler< 'getMyPendingBooty' >(
	async ( request ) => pendingBootyOf( await requireTester( request ) )
);
