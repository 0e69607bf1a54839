import type { Kysely } from 'kysely';

/**
 * Rate-limit counters: one row per bucket (what is limited and for whom, e.g. `signup:203.0.113.7`) and fixed
 * window. They live in the database, not in memory, so every API instance behind the proxy counts together.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.createTable( 'rate_limit_hits' )
		.addColumn( 'bucket', 'varchar(191)', ( column ) => column.notNull() )
		.addColumn( 'window_start', 'bigint', ( column ) => column.notNull() )
		.addColumn( 'hits', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'rate_limit_hits_pk', [
			'bucket',
			'window_start',
		] )
		.execute();
	await db.schema
		.createIndex( 'rate_limit_hits_window_start' )
		.on( 'rate_limit_hits' )
		.column( 'window_start' )
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	await db.schema.dropTable( 'rate_limit_hits' ).execute();
}
