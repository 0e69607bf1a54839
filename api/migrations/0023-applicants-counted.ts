import { sql, type Kysely } from 'kysely';

/**
 * A campaign's applicants are counted from its applications when the back office asks (over the
 * `applications_campaign_status` index), no longer kept on the campaign's row. Every application updated that row,
 * so applications to one campaign waited for each other on its lock until each committed: at 50 connections
 * that queue, not the work, decided how long applying took on MariaDB (docs/performance.md, 2026-11-30,
 * morning). The kept figure also missed every application deleted with its tester's account.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'campaigns' )
		.dropColumn( 'applicants_count' )
		.execute();
}

/**
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'campaigns' )
		.addColumn( 'applicants_count', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.execute();
	await sql`update campaigns set applicants_count =
		(select count(*) from applications a where a.campaign_id = campaigns.id)`.execute(
		db
	);
}
