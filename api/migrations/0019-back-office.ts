import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The back office (issue 27):
 * - `campaigns.leader_wp_user_id`: the WordPress user (a `tester_lead`) who runs the campaign; a lead reaches only
 *   the campaigns whose leader they are.
 * - `bug_rewards`: one row per approved bug that was paid its points and booty. Its primary key makes "an approval
 *   pays once" a database rule: a second approval (a double click, two reviewers at once, approve → refuse →
 *   approve) finds the row and pays nothing.
 * - `campaign_completions`: one row per tester paid a campaign's completion bonus, for the same reason.
 * - `fiscal_profiles.review_note`: why the back office refused a fiscal profile (shown to the tester), and
 *   `reviewed_at`: when it last verified or refused it.
 * - `audit_entries`: who changed money, points or selection in the back office, when, and the record before and
 *   after (JSON), shown on the record it changed.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	const innodb = < T extends { modifyEnd: ( s: any ) => T } >( table: T ) =>
		mysql
			? table.modifyEnd(
					sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`
			  )
			: table;

	await db.schema
		.alterTable( 'campaigns' )
		.addColumn( 'leader_wp_user_id', 'bigint' )
		.execute();
	await db.schema
		.createIndex( 'campaigns_leader' )
		.on( 'campaigns' )
		.columns( [ 'leader_wp_user_id', 'status_id' ] )
		.execute();

	await db.schema
		.alterTable( 'fiscal_profiles' )
		.addColumn( 'review_note', 'text' )
		.execute();
	await db.schema
		.alterTable( 'fiscal_profiles' )
		.addColumn( 'reviewed_at', 'datetime' )
		.execute();

	await innodb(
		db.schema
			.createTable( 'bug_rewards' )
			.addColumn( 'bug_id', 'integer', ( column ) => column.primaryKey() )
			.addColumn( 'tester_id', 'integer', ( column ) => column.notNull() )
			.addColumn( 'points', 'integer', ( column ) => column.notNull() )
			.addColumn( 'gross_cents', 'bigint', ( column ) =>
				column.notNull()
			)
			.addColumn( 'approved_by', 'bigint', ( column ) =>
				column.notNull()
			)
			.addColumn( 'created_at', 'datetime', ( column ) =>
				column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` )
			)
			.addForeignKeyConstraint(
				'bug_rewards_bug_fk',
				[ 'bug_id' ],
				'bugs',
				[ 'id' ],
				( fk ) => fk.onDelete( 'cascade' )
			)
	).execute();

	await innodb(
		db.schema
			.createTable( 'campaign_completions' )
			.addColumn( 'campaign_id', 'integer', ( column ) =>
				column.notNull()
			)
			.addColumn( 'tester_id', 'integer', ( column ) => column.notNull() )
			.addColumn( 'points', 'integer', ( column ) => column.notNull() )
			.addColumn( 'gross_cents', 'bigint', ( column ) =>
				column.notNull()
			)
			.addColumn( 'created_at', 'datetime', ( column ) =>
				column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` )
			)
			.addPrimaryKeyConstraint( 'campaign_completions_pk', [
				'campaign_id',
				'tester_id',
			] )
			.addForeignKeyConstraint(
				'campaign_completions_campaign_fk',
				[ 'campaign_id' ],
				'campaigns',
				[ 'id' ],
				( fk ) => fk.onDelete( 'cascade' )
			)
	).execute();

	await innodb(
		db.schema
			.createTable( 'audit_entries' )
			.addColumn( 'id', 'integer', ( column ) =>
				column.primaryKey().autoIncrement()
			)
			.addColumn( 'actor_wp_user_id', 'bigint', ( column ) =>
				column.notNull()
			)
			.addColumn( 'actor_role', 'varchar(60)', ( column ) =>
				column.notNull()
			)
			.addColumn( 'action', 'varchar(60)', ( column ) =>
				column.notNull()
			)
			.addColumn( 'subject_type', 'varchar(40)', ( column ) =>
				column.notNull()
			)
			.addColumn( 'subject_id', 'integer', ( column ) =>
				column.notNull()
			)
			.addColumn( 'before_json', 'text' )
			.addColumn( 'after_json', 'text' )
			.addColumn( 'note', 'text' )
			.addColumn( 'created_at', 'datetime', ( column ) =>
				column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` )
			)
	).execute();
	await db.schema
		.createIndex( 'audit_entries_subject' )
		.on( 'audit_entries' )
		.columns( [ 'subject_type', 'subject_id', 'id' ] )
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema.dropTable( 'audit_entries' ).execute();
	await db.schema.dropTable( 'campaign_completions' ).execute();
	await db.schema.dropTable( 'bug_rewards' ).execute();
	await db.schema
		.alterTable( 'fiscal_profiles' )
		.dropColumn( 'reviewed_at' )
		.execute();
	await db.schema
		.alterTable( 'fiscal_profiles' )
		.dropColumn( 'review_note' )
		.execute();
	const dropLeader = db.schema.dropIndex( 'campaigns_leader' );
	// MySQL wants the table of the index, SQLite refuses it.
	await ( isMysql( db )
		? dropLeader.on( 'campaigns' )
		: dropLeader
	).execute();
	await db.schema
		.alterTable( 'campaigns' )
		.dropColumn( 'leader_wp_user_id' )
		.execute();
}
