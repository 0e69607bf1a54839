import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The profile's account deletion (src/features/me/delete-account.ts) spans two stores, WordPress's users and this
 * database, with no transaction across them. It is written in two phases around the WordPress call, so that a
 * process stopped half way leaves a row saying where it stopped:
 * - account_deletions gains `status` (pending while WordPress is asked, done once the personal data is gone,
 *   cancelled when WordPress kept the user), the tester it is about and when it finished; `deleted_at` (0003) is
 *   when it was asked. Rows of before this migration are finished deletions: `done`;
 * - testers gains `deleted_at`: the row of a deleted tester stays, anonymised, because bugs, payments, booty and
 *   experience point to it and are kept for the company's records.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'testers' )
		.addColumn( 'deleted_at', 'datetime' )
		.execute();
	await db.schema
		.alterTable( 'account_deletions' )
		.addColumn( 'status', 'varchar(16)', ( column ) =>
			column
				.notNull()
				.defaultTo( 'done' )
				.check( sql`status in ('pending', 'done', 'cancelled')` )
		)
		.execute();
	// No foreign key, as for wp_user_id (0003): the row is the company's record of the deletion.
	await db.schema
		.alterTable( 'account_deletions' )
		.addColumn( 'tester_id', 'integer' )
		.execute();
	await db.schema
		.alterTable( 'account_deletions' )
		.addColumn( 'finished_at', 'datetime' )
		.execute();
	// The reconciliation looks for the pending ones, oldest first.
	await db.schema
		.createIndex( 'account_deletions_status' )
		.on( 'account_deletions' )
		.columns( [ 'status', 'deleted_at' ] )
		.execute();
	await db.schema
		.createIndex( 'account_deletions_tester' )
		.on( 'account_deletions' )
		.columns( [ 'tester_id' ] )
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const name of [
		'account_deletions_tester',
		'account_deletions_status',
	] ) {
		const drop = db.schema.dropIndex( name );
		// MySQL wants the table of the index, SQLite refuses it.
		await ( isMysql( db )
			? drop.on( 'account_deletions' )
			: drop
		).execute();
	}
	for ( const column of [ 'finished_at', 'tester_id', 'status' ] ) {
		await db.schema
			.alterTable( 'account_deletions' )
			.dropColumn( column )
			.execute();
	}
	await db.schema
		.alterTable( 'testers' )
		.dropColumn( 'deleted_at' )
		.execute();
}
