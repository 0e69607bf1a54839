import type { Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The back office's Testers list counts the accounts not deleted (`deleted_at is null`) on every page: without an
 * index that read every tester's row, 13.7 ms for the 100,001 testers of the large data set on SQLite, against
 * 2.3 ms over this index (docs/performance.md, 2026-11-29, full speed).
 */
const INDEX = 'testers_deleted_at';

/**
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.createIndex( INDEX )
		.on( 'testers' )
		.column( 'deleted_at' )
		.execute();
}

/**
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	const drop = db.schema.dropIndex( INDEX );
	// MySQL wants the table of the index, SQLite refuses it.
	await ( isMysql( db ) ? drop.on( 'testers' ) : drop ).execute();
}
