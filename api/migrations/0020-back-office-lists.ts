import type { Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The back office's lists (issue 27), each walked in its order by an index rather than sorted:
 * - bug review lists one campaign's bugs newest first, all of them (`bugs_campaign_id`, also the list filtered by
 *   title) or those of one severity (`bugs_campaign_severity`); the list by status already has
 *   `bugs_campaign_status` (its entries end with the id on both engines);
 * - payouts lists the requests of one status by request date (`payment_requests_status_requested`) and exports the
 *   paid ones of a period by paid date (`payment_requests_status_paid`);
 * - fiscal profiles lists those of one status by last change (`fiscal_profiles_status_updated`).
 */
const INDEXES: Array< [ name: string, table: string, columns: string[] ] > = [
	[ 'bugs_campaign_id', 'bugs', [ 'campaign_id', 'id' ] ],
	[
		'bugs_campaign_severity',
		'bugs',
		[ 'campaign_id', 'severity_id', 'id' ],
	],
	[
		'payment_requests_status_requested',
		'payment_requests',
		[ 'status', 'requested_at', 'id' ],
	],
	[
		'payment_requests_status_paid',
		'payment_requests',
		[ 'status', 'paid_at', 'id' ],
	],
	[
		'fiscal_profiles_status_updated',
		'fiscal_profiles',
		[ 'status', 'updated_at', 'id' ],
	],
];

/**
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	for ( const [ name, table, columns ] of INDEXES ) {
		await db.schema
			.createIndex( name )
			.on( table )
			.columns( columns )
			.execute();
	}
}

/**
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	for ( const [ name, table ] of [ ...INDEXES ].reverse() ) {
		const drop = db.schema.dropIndex( name );
		// MySQL wants the table of the index, SQLite refuses it.
		await ( isMysql( db ) ? drop.on( table ) : drop ).execute();
	}
}
