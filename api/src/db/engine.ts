import { MysqlAdapter, sql, type Kysely } from 'kysely';

/** For the few DDL details where MySQL/MariaDB and SQLite must be told different things. */
export function isMysql( db: Kysely< any > ): boolean {
	return db.getExecutor().adapter instanceof MysqlAdapter;
}

/** One round trip, for the health check. */
export async function ping( db: Kysely< any > ): Promise< void > {
	await sql`select 1`.execute( db );
}
