import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createFiscalRepository } from './repository.ts';
import { fiscalStatusOf, statusLabel } from './verify.ts';

/**
 * Verifies the tester's fiscal profile again against the tester's name, surname and birth date as stored now,
 * and stores the outcome: PATCH/PUT /users/me calls it after changing one of them (in its transaction, if it
 * passes one as `db`).
 *
 * @param db
 * @param testerId
 * @return The new status; null when the tester has no profile or an internal employee's, which is not verified.
 */
export async function revalidateFiscalProfile(
	db: Kysely< Database >,
	testerId: number
): Promise< 'Verified' | 'Unverified' | null > {
	const fiscal = createFiscalRepository( db );
	const profile = await fiscal.find( testerId );
	if ( ! profile || profile.type === 'internal' ) {
		return null;
	}
	const status = fiscalStatusOf( profile );
	if ( status !== profile.status ) {
		await fiscal.setStatus( testerId, status );
	}
	return statusLabel( status );
}
