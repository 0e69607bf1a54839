import { sql, type Kysely } from 'kysely';

/** The campaign's kept count of its bugs in each status, by status id (0003-domain). */
const COUNTS = {
	bugs_refused_count: 1,
	bugs_approved_count: 2,
	bugs_pending_count: 3,
	bugs_need_review_count: 4,
} as const;

/**
 * A campaign's bugs per status are no longer kept on its row. Nothing read them (the back office counts a
 * campaign's bugs from the bugs, over `bugs_campaign_status`), yet every bug report raised one and every review
 * moved one, so the bugs reported to one campaign waited for each other on its row's lock until each committed: on
 * MariaDB, at 50 connections, that queue decided how long a report took (docs/performance.md, 2026-11-30, late
 * morning), as the kept applicant count did for applying (0023).
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	for ( const column of Object.keys( COUNTS ) ) {
		await db.schema
			.alterTable( 'campaigns' )
			.dropColumn( column )
			.execute();
	}
}

/**
 * The columns again, counted from the bugs.
 *
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	for ( const [ column, status ] of Object.entries( COUNTS ) ) {
		await db.schema
			.alterTable( 'campaigns' )
			.addColumn( column, 'integer', ( definition ) =>
				definition.notNull().defaultTo( 0 )
			)
			.execute();
		await sql`update campaigns set ${ sql.ref( column ) } =
			(select count(*) from bugs b where b.campaign_id = campaigns.id and b.status_id = ${ status })`.execute(
			db
		);
	}
}
