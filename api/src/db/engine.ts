import { MysqlAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** For the few DDL details where MySQL/MariaDB and SQLite must be told different things. */
export function isMysql( db: Kysely< any > ): boolean {
	return db.getExecutor().adapter instanceof MysqlAdapter;
}

/** One round trip, for the health check. */
export async function ping( db: Kysely< any > ): Promise< void > {
	await sql`select 1`.execute( db );
}

/**
 * MariaDB's hint that a table of a statement is read through `index` alone (FORCE INDEX); nothing on SQLite.
 * Without it, for a table joined to a constant row (the tester, found by a unique key) or walked in an index's
 * order, MariaDB's planner estimates a range on every index that starts with a column the statement fixes, an
 * index dive each, some over hundreds of thousands of entries: more work than reading the rows. SQLite's
 * planner makes no such estimates.
 *
 * @param db
 * @param index
 */
export function forceIndex(
	db: Kysely< any >,
	index: string
): RawBuilder< unknown > {
	return isMysql( db ) ? sql` force index (${ sql.raw( index ) })` : sql``;
}
