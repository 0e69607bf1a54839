import type { Kysely } from 'kysely';
import { LOOKUP_ROWS, LOOKUP_TABLES } from '../src/lookups/index.ts';

/**
 * The lookup data the project ships (src/lookups/): languages, education levels, employments, the certification
 * catalogue, levels, the device catalogue, PC types, OS platforms and versions, campaign types. Countries and
 * regions have no table; they are read from their packages.
 *
 * Rows carry their ids, so they are the same on SQLite and MariaDB and after a down/up. The modules are read as
 * they are when this runs: a later change to them needs its own migration for databases that already ran this one.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	for ( const table of LOOKUP_TABLES ) {
		const rows: readonly object[] = LOOKUP_ROWS[ table ];
		for ( let start = 0; start < rows.length; start += BATCH ) {
			await db
				.insertInto( table )
				.values( rows.slice( start, start + BATCH ) )
				.execute();
		}
	}
}

/**
 * Deletes exactly the rows up() inserted, referencing tables first; rows added since stay, and a row something
 * still uses (a tester's device, a campaign) stops the migration rather than vanishing.
 *
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	for ( const table of [ ...LOOKUP_TABLES ].reverse() ) {
		const ids = LOOKUP_ROWS[ table ].map( ( row ) => row.id );
		for ( let start = 0; start < ids.length; start += BATCH ) {
			await db
				.deleteFrom( table )
				.where( 'id', 'in', ids.slice( start, start + BATCH ) )
				.execute();
		}
	}
}

/** Rows per statement: well under either engine's limit on bound parameters. */
const BATCH = 100;
