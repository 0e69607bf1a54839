import type { FastifyBaseLogger } from 'fastify';
import { expectationFailed, preconditionFailed } from '../../lib/errors.ts';
import { noTester } from '../../lib/auth.ts';
import type { WordPressClient } from '../../lib/wordpress.ts';
import { isPlaceOf } from '../../places/index.ts';
import { revalidateFiscalProfile } from '../fiscal/revalidate.ts';
import { checkChanges, type UserChangesInput } from './changes.ts';
import {
	DuplicateTesterError,
	type Tester,
	type TestersRepository,
} from './repository.ts';

export const EMAIL_EXISTS_MESSAGE = 'Email already exists';
export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';

export interface ProfileServices {
	testers: TestersRepository;
	wordpress: WordPressClient;
}

/**
 * PATCH and PUT /users/me. Every field is checked first; then WordPress, which owns the email and the password
 * and keeps a copy of the names (first_name, last_name, display_name), changes them; then the API's own fields
 * are written in one transaction. A refusal or an outage at WordPress therefore leaves the API as it was.
 * WordPress's email and names changes are undone when what follows them fails (a wrong current password, the
 * API's write), so the two stores keep one email and one name. A password change ends the tester's sessions:
 * WordPress's, and the API's bearer tokens issued before it (`sessions_valid_from`).
 *
 * @param services
 * @param services.testers
 * @param services.wordpress
 * @param tester             The caller's tester as stored.
 * @param input
 * @param log
 * @return The tester as stored afterwards.
 */
export async function updateProfile(
	{ testers, wordpress }: ProfileServices,
	tester: Tester,
	input: UserChangesInput,
	log: Pick< FastifyBaseLogger, 'warn' >
): Promise< Tester > {
	const { changes, newEmail, password } = await checkChanges( input, tester, {
		isPlaceOf,
		lookupExists: testers.lookupExists,
	} );

	if ( newEmail !== undefined ) {
		if ( await testers.emailTakenByOther( newEmail, tester.id ) ) {
			throw preconditionFailed( EMAIL_EXISTS_MESSAGE );
		}
		const result = await wordpress.changeEmail( tester.wpUserId, newEmail );
		if ( result === 'email_exists' ) {
			throw preconditionFailed( EMAIL_EXISTS_MESSAGE );
		}
		if ( result === 'not_found' ) {
			throw noTester();
		}
	}
	// Both names go together (WordPress's display name is made of them), only when one of them changes.
	const names =
		( changes.name !== undefined && changes.name !== tester.name ) ||
		( changes.surname !== undefined && changes.surname !== tester.surname )
			? {
					name: changes.name ?? tester.name,
					surname: changes.surname ?? tester.surname,
			  }
			: undefined;
	let namesChanged = false;
	const undoNames = async () => {
		if ( ! namesChanged ) {
			return;
		}
		try {
			await wordpress.changeNames( tester.wpUserId, {
				name: tester.name,
				surname: tester.surname,
			} );
		} catch ( error ) {
			log.warn(
				{ err: error, wpUserId: tester.wpUserId },
				'profile: WordPress kept the new names of a change the API did not make'
			);
		}
	};
	const undoEmail = async () => {
		if ( newEmail === undefined ) {
			return;
		}
		try {
			await wordpress.changeEmail( tester.wpUserId, tester.email );
		} catch ( error ) {
			log.warn(
				{ err: error, wpUserId: tester.wpUserId },
				'profile: WordPress kept the new email of a change the API did not make'
			);
		}
	};

	try {
		if ( names ) {
			if (
				( await wordpress.changeNames( tester.wpUserId, names ) ) ===
				'not_found'
			) {
				throw noTester();
			}
			namesChanged = true;
		}
		if ( password ) {
			const result = await wordpress.changePassword(
				tester.wpUserId,
				password
			);
			if ( result === 'wrong_password' ) {
				throw expectationFailed( WRONG_PASSWORD_MESSAGE );
			}
			if ( result === 'not_found' ) {
				throw noTester();
			}
			// WordPress changed the password and ended its sessions: the API's tokens end too, even if what
			// follows fails (the password stays changed).
			await testers.endSessions( tester.id );
		}
		// The single call site of the fiscal re-validation (features/fiscal/revalidate.ts, helper "api-fiscal").
		return await testers.update( tester.id, changes, ( trx, testerId ) =>
			revalidateFiscalProfile( trx, testerId )
		);
	} catch ( error ) {
		await undoNames();
		await undoEmail();
		throw error instanceof DuplicateTesterError
			? preconditionFailed( EMAIL_EXISTS_MESSAGE )
			: error;
	}
}
