import type { FastifyBaseLogger } from 'fastify';
import { DuplicateTesterError, normaliseEmail } from '../me/repository.ts';
import { cleanPersonName } from './person-name.ts';
import { TESTER_ROLE, type SignUpServices } from './sign-up.ts';

export interface ReconcileResult {
	/** WordPress users with the tester role. */
	checked: number;
	/** Of those, the ones that had no tester row and have one now. */
	repaired: number[];
	/** The ones that could not get a row (another tester has the email), logged each. */
	skipped: number[];
	/** Testers whose pending account deletion was finished: WordPress no longer had the user. */
	deletionsFinished: number[];
	/** Testers whose pending account deletion was cancelled: WordPress still has the user. */
	deletionsCancelled: number[];
}

export interface ReconcileOptions {
	/**
	 * A pending deletion younger than this may still be under way in a running request, which settles it
	 * itself; the reconciliation leaves it for the next run.
	 */
	deletionGraceMs?: number;
}

/** Far longer than a deletion request takes (WordPress's channel times out in seconds). */
export const DELETION_GRACE_MS = 5 * 60_000;

const PAGE_SIZE = 500;

/**
 * Settles the account deletions a stopped process left pending (features/me/delete-account.ts): WordPress no
 * longer has the user → the personal data goes as the request would have done it; WordPress still has the user →
 * the deletion is cancelled (the tester may ask again).
 *
 * @param services
 * @param services.testers
 * @param services.wordpress
 * @param log
 * @param graceMs
 * @param result
 */
async function settlePendingDeletions(
	{ testers, wordpress }: SignUpServices,
	log: Pick< FastifyBaseLogger, 'info' | 'warn' >,
	graceMs: number,
	result: ReconcileResult
): Promise< void > {
	const pending = await testers.deletions.pending(
		new Date( Date.now() - graceMs )
	);
	for ( const deletion of pending ) {
		if ( await wordpress.readRole( deletion.wpUserId ) ) {
			await testers.deletions.cancel( deletion.id );
			result.deletionsCancelled.push( deletion.testerId );
			log.warn(
				{ testerId: deletion.testerId, deletionId: deletion.id },
				'reconcile: an account deletion stopped before WordPress deleted the user; cancelled'
			);
		} else if ( await testers.deletions.finish( deletion.id ) ) {
			result.deletionsFinished.push( deletion.testerId );
			log.warn(
				{ testerId: deletion.testerId, deletionId: deletion.id },
				'reconcile: finished an account deletion that stopped after WordPress deleted the user'
			);
		}
	}
}

/**
 * Finds the WordPress users with the tester role that have no tester row (a sign-up stopped between its two
 * writes, or a tester added in wp-admin) and writes their rows from what WordPress knows: email and names. The
 * birth date and the country stay empty (the columns allow it) until the tester gives them, unless the row was
 * written in the middle of a sign-up still under way, which adds them (sign-up.ts). Safe to run while the API
 * serves and from several processes at once: a row written by someone else in between is a duplicate, skipped.
 * It first settles the account deletions left pending (settlePendingDeletions).
 *
 * @param services
 * @param services.testers
 * @param services.wordpress
 * @param log
 * @param options
 * @param options.deletionGraceMs
 */
export async function reconcileTesters(
	{ testers, wordpress }: SignUpServices,
	log: Pick< FastifyBaseLogger, 'info' | 'warn' >,
	{ deletionGraceMs = DELETION_GRACE_MS }: ReconcileOptions = {}
): Promise< ReconcileResult > {
	const result: ReconcileResult = {
		checked: 0,
		repaired: [],
		skipped: [],
		deletionsFinished: [],
		deletionsCancelled: [],
	};
	await settlePendingDeletions(
		{ testers, wordpress },
		log,
		deletionGraceMs,
		result
	);
	let after: number | null = 0;
	while ( after !== null ) {
		const page = await wordpress.listUsers( {
			role: TESTER_ROLE,
			after,
			limit: PAGE_SIZE,
		} );
		result.checked += page.users.length;
		const known = await testers.wpUserIdsWithTester(
			page.users.map( ( user ) => user.id )
		);
		for ( const user of page.users ) {
			if ( known.has( user.id ) ) {
				continue;
			}
			try {
				await testers.create( {
					wpUserId: user.id,
					email: normaliseEmail( user.email ),
					name: cleanPersonName( user.name ),
					surname: cleanPersonName( user.surname ),
				} );
				result.repaired.push( user.id );
				log.info(
					{ wpUserId: user.id },
					'reconcile: wrote the missing tester row of a WordPress tester'
				);
			} catch ( error ) {
				if ( ! ( error instanceof DuplicateTesterError ) ) {
					throw error;
				}
				result.skipped.push( user.id );
				log.warn(
					{ wpUserId: user.id },
					'reconcile: a WordPress tester has no tester row, but its email or id is taken by another; left as it is'
				);
			}
		}
		after = page.next;
	}
	return result;
}

/**
 * The reconciliation a starting API runs: in the background, so that serving never waits for WordPress, and
 * again with growing pauses while WordPress does not answer yet (`npm start` brings the two up together).
 * Resolves with the result, or null once it gives up (logged: `npm run reconcile` does the same on demand).
 *
 * @param services
 * @param log
 * @param options
 * @param options.attempts     How many times to try.
 * @param options.firstDelayMs The pause after the first failure; doubled after each.
 */
export async function reconcileInBackground(
	services: SignUpServices,
	log: Pick< FastifyBaseLogger, 'info' | 'warn' >,
	{ attempts = 6, firstDelayMs = 2000 } = {}
): Promise< ReconcileResult | null > {
	for ( let attempt = 1; ; attempt++ ) {
		try {
			const result = await reconcileTesters( services, log );
			log.info(
				{
					checked: result.checked,
					repaired: result.repaired.length,
					skipped: result.skipped.length,
					deletionsFinished: result.deletionsFinished.length,
					deletionsCancelled: result.deletionsCancelled.length,
				},
				'reconcile: every WordPress tester checked for its tester row'
			);
			return result;
		} catch ( error ) {
			if ( attempt >= attempts ) {
				log.warn(
					{ err: error, attempt },
					'reconcile: gave up for this start; npm run reconcile runs it on demand'
				);
				return null;
			}
			log.warn(
				{ err: error, attempt },
				'reconcile: could not run; trying again'
			);
			// Unreferenced: a process that is stopping does not wait for the next attempt.
			await new Promise( ( resolve ) =>
				setTimeout(
					resolve,
					firstDelayMs * 2 ** ( attempt - 1 )
				).unref()
			);
		}
	}
}

/** How long a requested reconciliation waits: long enough for a WordPress that stopped answering to be back. */
export const requestedReconciliation = { delayMs: 10_000 };
let requested: Promise< unknown > | null = null;

/**
 * Asks for one reconciliation soon, in the background: a sign-up whose WordPress creation got no usable answer
 * may have left a user without its row, as a crash would. Requests while one is waiting or running add nothing.
 *
 * @param services
 * @param log
 */
export function requestReconciliation(
	services: SignUpServices,
	log: Pick< FastifyBaseLogger, 'info' | 'warn' >
): void {
	if ( requested ) {
		return;
	}
	requested = new Promise( ( resolve ) =>
		setTimeout( resolve, requestedReconciliation.delayMs ).unref()
	)
		.then( () => reconcileInBackground( services, log ) )
		.finally( () => {
			requested = null;
		} );
}
