import type { Kysely } from 'kysely';

/**
 * A password change ends the tester's sessions (spec, section 4): WordPress destroys its own, and the API's bearer
 * tokens, which live 15 minutes and are checked without a store, are refused from then on. `sessions_valid_from`
 * is the second of the last password change (UTC); a token issued (`iat`) before it answers 401 'Token expired',
 * so the client refreshes, which fails because WordPress ended the session. Null: every unexpired token is good.
 * It is read with the tester row each request already reads, so it costs no query.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'testers' )
		.addColumn( 'sessions_valid_from', 'datetime' )
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'testers' )
		.dropColumn( 'sessions_valid_from' )
		.execute();
}
