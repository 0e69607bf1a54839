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
 * PATCH and PUT /users/me. Every field is checked first; then WordPress, which owns the email and the password,
 * changes them; then the API's own fields are written in one transaction. A refusal or an outage at WordPress
 * therefore leaves the API as it was. WordPress's email change is undone when what follows it fails (a wrong
 * current password, the API's write), so the two stores keep one email.
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
		}
		// The single call site of the fiscal re-validation (features/fiscal/revalidate.ts, helper "api-fiscal").
		return await testers.update( tester.id, changes, ( trx, testerId ) =>
			revalidateFiscalProfile( trx, testerId )
		);
	} catch ( error ) {
		await undoEmail();
		throw error instanceof DuplicateTesterError
			? preconditionFailed( EMAIL_EXISTS_MESSAGE )
			: error;
	}
}
