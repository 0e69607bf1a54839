import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * Testers: one row per WordPress user who signed up as a tester. The summary counters live on the row so the
 * dashboard never has to scan campaigns, bugs or payments to draw the performance card.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	let table = db.schema
		.createTable( 'testers' )
		.addColumn( 'id', 'integer', ( column ) =>
			column.primaryKey().autoIncrement()
		)
		.addColumn( 'wp_user_id', 'bigint', ( column ) => column.notNull() )
		.addColumn( 'email', 'varchar(254)', ( column ) => column.notNull() )
		.addColumn( 'name', 'varchar(100)', ( column ) =>
			column.notNull().defaultTo( '' )
		)
		.addColumn( 'surname', 'varchar(100)', ( column ) =>
			column.notNull().defaultTo( '' )
		)
		.addColumn( 'birth_date', 'date' )
		.addColumn( 'country', 'char(2)' )
		.addColumn( 'image', 'varchar(2048)' )
		.addColumn( 'onboarding_completed', 'boolean', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'is_verified', 'boolean', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'total_exp_pts', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'attended_cp', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'approved_bugs', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'booty_gross_cents', 'bigint', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'booty_net_cents', 'bigint' )
		.addColumn( 'pending_booty_gross_cents', 'bigint', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'pending_booty_net_cents', 'bigint' )
		// 300 cents: the spec's minimum payment request (3 euro).
		.addColumn( 'booty_threshold_cents', 'integer', ( column ) =>
			column.notNull().defaultTo( 300 )
		)
		.addColumn( 'referral_code', 'varchar(64)' )
		.addColumn( 'created_at', 'datetime', ( column ) =>
			column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` )
		)
		.addColumn( 'updated_at', 'datetime', ( column ) =>
			column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` )
		)
		.addUniqueConstraint( 'testers_wp_user_id_unique', [ 'wp_user_id' ] )
		.addUniqueConstraint( 'testers_email_unique', [ 'email' ] );
	if ( isMysql( db ) ) {
		// Whatever the database's default, names and emails need the full Unicode range.
		table = table.modifyEnd(
			sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`
		);
	}
	await table.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema.dropTable( 'testers' ).execute();
}
