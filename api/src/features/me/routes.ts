import type { FastifyRequest } from 'fastify';
import type { UserMe } from '../../contract/index.ts';
import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth, requireLiveSession } from '../../lib/auth.ts';
import { monthOf } from '../ranking/repository.ts';
import type { UserChangesInput } from './changes.ts';
import { deleteAccount } from './delete-account.ts';
import {
	extraFieldsOf,
	pendingBootyOf,
	presentMe,
	wantsField,
	type UserField,
} from './profile.ts';
import { requireTester } from './require-tester.ts';
import { updateProfile } from './update-profile.ts';

export const getMe = handler< 'getMe' >( async ( request ) => {
	const auth = requireAuth( request );
	const { claims, wpUserId } = auth;
	const { fields } = request.query;
	const { testers } = request.server.services;
	let tester;
	let rank: number | null | undefined;
	if ( wantsField( fields, 'rank' ) ) {
		( { tester, rank } = orNoTester(
			await testers.findByWpUserIdWithRank(
				wpUserId,
				monthOf( new Date() )
			)
		) );
		requireLiveSession( auth, tester.sessionsValidFrom );
	} else {
		tester = await requireTester( request );
	}
	const extras = await testers.extrasOf( tester, extraFieldsOf( fields ) );
	return presentMe( tester, claims.role, fields, { ...extras, rank } );
} );

/** The body's fields under their GET /users/me names: the answer of PATCH /users/me shows those. */
const ANSWERED: Record< string, UserField | undefined > = {
	countryCode: 'country',
	oldPassword: undefined,
	password: undefined,
};

/**
 * PATCH and PUT /users/me: the tester's own profile, email, password and onboarding flag (update-profile.ts).
 *
 * @param request
 * @param body
 */
async function saveProfile(
	request: FastifyRequest,
	body: UserChangesInput
): Promise< UserMe > {
	const tester = await requireTester( request );
	const updated = await updateProfile(
		request.server.services,
		tester,
		body,
		request.log
	);
	const fields = Object.keys( body ).flatMap( ( key ) => {
		const field = key in ANSWERED ? ANSWERED[ key ] : ( key as UserField );
		return field ? [ field ] : [];
	} );
	if ( ! fields.length ) {
		return { id: updated.id };
	}
	const extras = await request.server.services.testers.extrasOf(
		updated,
		extraFieldsOf( fields )
	);
	const { role } = requireAuth( request ).claims;
	return presentMe( updated, role, fields, extras );
}

export const updateMe = handler< 'updateMe' >( ( request ) =>
	saveProfile( request, request.body )
);

export const replaceMe = handler< 'replaceMe' >( ( request ) =>
	saveProfile( request, request.body )
);

/** DELETE /users/me: the account, with the reasons (delete-account.ts). */
export const deleteMe = handler< 'deleteMe' >( async ( request ) => {
	const tester = await requireTester( request );
	await deleteAccount(
		request.server.services,
		tester,
		request.body.reason,
		request.body.other,
		request.log
	);
	return { deleted: true as const };
} );

/** The `pending_booty` field of GET /users/me on its own, as the wallet screens ask for it. */
export const getMyPendingBooty = handler< 'getMyPendingBooty' >(
	async ( request ) => pendingBootyOf( await requireTester( request ) )
);
