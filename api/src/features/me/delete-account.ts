import type { FastifyBaseLogger } from 'fastify';
import type { DeletionReason } from '../../db/schema.ts';
import type { ProfileServices } from './update-profile.ts';
import type { Tester } from './repository.ts';

/**
 * DELETE /users/me, in three steps across the two stores, each leaving a state the next run can finish:
 * (a) the deletion and its reasons are recorded as pending, in one transaction;
 * (b) WordPress deletes the user (a user already gone counts as deleted);
 * (c) the personal data goes and the tester row is anonymised, in one transaction that marks the deletion done.
 * When (b) fails, WordPress is asked whether the user still exists: yes → the deletion is cancelled, nothing is
 * deleted and the caller gets the 502 of (b); gone (the answer was lost, not the deletion) → (c) runs; no answer →
 * it stays pending, and the caller gets the 502. A pending
 * deletion, whether left so or by a process that stopped, is settled the same way by the reconciliation
 * (features/users/reconcile.ts).
 *
 * @param services
 * @param services.testers
 * @param services.wordpress
 * @param tester
 * @param reasons            The reasons, as the contract let them through (joined by semicolons).
 * @param other              The tester's own words.
 * @param log
 */
export async function deleteAccount(
	{ testers, wordpress }: ProfileServices,
	tester: Tester,
	reasons: string,
	other: string | null | undefined,
	log: Pick< FastifyBaseLogger, 'info' | 'warn' >
): Promise< void > {
	const { deletions } = testers;
	const id = await deletions.record(
		tester,
		parseReasons( reasons ),
		tidyOther( other )
	);
	try {
		await wordpress.deleteUser( tester.wpUserId );
	} catch ( error ) {
		if (
			! ( await finishedAfterFailure(
				{ testers, wordpress },
				id,
				tester,
				log
			) )
		) {
			throw error;
		}
		return;
	}
	await deletions.finish( id );
	log.info( { testerId: tester.id }, 'account deleted' );
}

/**
 * Settles a deletion whose WordPress call failed: true when the user turned out to be gone and the deletion is
 * finished.
 *
 * @param services
 * @param services.testers
 * @param services.wordpress
 * @param id
 * @param tester
 * @param log
 */
async function finishedAfterFailure(
	{ testers, wordpress }: ProfileServices,
	id: number,
	tester: Tester,
	log: Pick< FastifyBaseLogger, 'warn' >
): Promise< boolean > {
	let user;
	try {
		user = await wordpress.readRole( tester.wpUserId );
	} catch ( error ) {
		log.warn(
			{ err: error, testerId: tester.id, deletionId: id },
			'account deletion: WordPress did not answer; left pending for the reconciliation'
		);
		return false;
	}
	if ( user ) {
		await testers.deletions.cancel( id );
		return false;
	}
	await testers.deletions.finish( id );
	return true;
}

/**
 * Each reason once, in the order given.
 *
 * @param reasons
 */
export const parseReasons = ( reasons: string ): DeletionReason[] => [
	...new Set( reasons.split( ';' ) as DeletionReason[] ),
];

function tidyOther( other: string | null | undefined ): string | null {
	const text = other?.normalize( 'NFC' ).trim() ?? '';
	return text === '' ? null : text;
}
