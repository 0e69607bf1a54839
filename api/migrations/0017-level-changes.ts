import { sql, type Kysely } from 'kysely';

/**
 * The monthly level change (src/features/levels/):
 * - testers gains `entry_test_passed_at`: level 0 is left only through the entry test, so the change needs to
 *   know who passed it and when (the month after, the tester is Basic). Null: not passed.
 * - `leases`: a named lease in the database, so that of several API instances (processes or hosts on one
 *   database) exactly one runs a job: the holder's id and until when it holds it. An expired lease is anyone's.
 * - `level_changes`: one row per month whose change has completed, with when it started and finished, who ran it
 *   and its counts; the API runs a month's change only while its row is missing.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'testers' )
		.addColumn( 'entry_test_passed_at', 'datetime' )
		.execute();
	await db.schema
		.createTable( 'leases' )
		.addColumn( 'name', 'varchar(64)', ( column ) =>
			column.notNull().primaryKey()
		)
		.addColumn( 'holder', 'varchar(191)', ( column ) =>
			column.notNull().defaultTo( '' )
		)
		.addColumn( 'expires_at', 'datetime', ( column ) => column.notNull() )
		.execute();
	await db.schema
		.createTable( 'level_changes' )
		// The month's first day, as tester_monthly_levels.month.
		.addColumn( 'month', 'date', ( column ) =>
			column.notNull().primaryKey()
		)
		.addColumn( 'started_at', 'datetime', ( column ) => column.notNull() )
		.addColumn( 'finished_at', 'datetime', ( column ) => column.notNull() )
		.addColumn( 'holder', 'varchar(191)', ( column ) => column.notNull() )
		// Rows of the month after the change (testers with a level, or with points in the month).
		.addColumn( 'testers', 'integer', ( column ) => column.notNull() )
		// Against the month before: testers whose level went up, down, or stayed.
		.addColumn( 'raised', 'integer', ( column ) => column.notNull() )
		.addColumn( 'lowered', 'integer', ( column ) => column.notNull() )
		.addColumn( 'held', 'integer', ( column ) => column.notNull() )
		// Rows this run wrote (inserted, or whose level it changed): 0 when run again.
		.addColumn( 'written', 'integer', ( column ) => column.notNull() )
		// JSON: per level id of the month, { testers, raised, lowered, held }.
		.addColumn( 'by_level', 'text', ( column ) => column.notNull() )
		.addCheckConstraint(
			'level_changes_counts_check',
			sql`raised + lowered + held = testers`
		)
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema.dropTable( 'level_changes' ).execute();
	await db.schema.dropTable( 'leases' ).execute();
	await db.schema
		.alterTable( 'testers' )
		.dropColumn( 'entry_test_passed_at' )
		.execute();
}
