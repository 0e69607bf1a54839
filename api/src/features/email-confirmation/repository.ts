import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toSqlDateTime } from '../../db/values.ts';

export type EmailConfirmationRepository = ReturnType<
	typeof createEmailConfirmationRepository
>;

export function createEmailConfirmationRepository( db: Kysely< Database > ) {
	return {
		/**
		 * Marks the tester's email confirmed, only while it is still `email`: a link mailed to an address the
		 * tester has since changed confirms nothing, even when the change lands between the check and this write.
		 *
		 * @param testerId
		 * @param email    Normalised (trimmed, lower case), as testers.email is stored.
		 * @return Whether the tester had that email.
		 */
		async confirm( testerId: number, email: string ): Promise< boolean > {
			const result = await db
				.updateTable( 'testers' )
				.set( {
					email_confirmed: 1,
					updated_at: toSqlDateTime( new Date() ),
				} )
				.where( 'id', '=', testerId )
				.where( 'email', '=', email )
				.executeTakeFirst();
			return Number( result.numUpdatedRows ) === 1;
		},
	};
}
