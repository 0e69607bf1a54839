import { sql, type Kysely } from 'kysely';

/**
 * The number of a tester's payment requests, kept in `tester_counts` beside their experience entries and bugs
 * (0006), for the wallet's history: its total was a count of the tester's requests on every page read (7,339 of
 * them for the benchmark's tester), the slowest of the wallet's reads on MariaDB (docs/performance.md,
 * 2026-11-29). Kept by triggers on insert and delete; a request never changes tester. `recount`
 * (kept-counts.ts) counts it again from the requests.
 */

const TRIGGERS = [
	[
		'payment_requests_count_insert',
		'insert',
		'update tester_counts set payment_requests = payment_requests + 1 where tester_id = new.tester_id;',
	],
	[
		'payment_requests_count_delete',
		'delete',
		'update tester_counts set payment_requests = payment_requests - 1 where tester_id = old.tester_id;',
	],
] as const;

/**
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	await db.schema
		.alterTable( 'tester_counts' )
		.addColumn( 'payment_requests', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.execute();
	await sql`update tester_counts set payment_requests = (
		select count(*) from payment_requests p where p.tester_id = tester_counts.tester_id
	)`.execute( db );
	for ( const [ name, event, body ] of TRIGGERS ) {
		await sql
			.raw(
				`create trigger ${ name } after ${ event } on payment_requests for each row begin ${ body } end`
			)
			.execute( db );
	}
}

/**
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	for ( const [ name ] of TRIGGERS ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
	await db.schema
		.alterTable( 'tester_counts' )
		.dropColumn( 'payment_requests' )
		.execute();
}
