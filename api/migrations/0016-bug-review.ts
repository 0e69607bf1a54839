import type { Kysely } from 'kysely';

/**
 * The bug's own page shows what the reviewer wrote about it (issue 23): a refused bug says why, a bug that needs
 * review says what is missing. Plain text, written by the company side; null until a reviewer writes one.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'bugs' )
		.addColumn( 'review_comment', 'text' )
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'bugs' )
		.dropColumn( 'review_comment' )
		.execute();
}
