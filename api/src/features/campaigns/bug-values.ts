import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One value a campaign accepts in its bug form: which list, and the value's code in it. */
export interface CampaignBugValue {
	list: 'severity' | 'type' | 'replicability';
	code: number;
}

/**
 * The campaign's three lists of valid bug values (severities, types, replicabilities) in one statement: what the bug
 * form offers (details.ts) and what a submitted bug is checked against (bugs/report-repository.ts).
 *
 * @param db
 * @param campaignId
 */
export async function campaignBugValues(
	db: Kysely< Database >,
	campaignId: number
): Promise< CampaignBugValue[] > {
	const rows = await db
		.selectFrom( 'campaign_bug_severities' )
		.select( [
			sql< string >`'severity'`.as( 'list' ),
			'severity_id as code',
		] )
		.where( 'campaign_id', '=', campaignId )
		.unionAll(
			db
				.selectFrom( 'campaign_bug_types' )
				.select( [
					sql< string >`'type'`.as( 'list' ),
					'type_id as code',
				] )
				.where( 'campaign_id', '=', campaignId )
		)
		.unionAll(
			db
				.selectFrom( 'campaign_bug_replicabilities' )
				.select( [
					sql< string >`'replicability'`.as( 'list' ),
					'replicability_id as code',
				] )
				.where( 'campaign_id', '=', campaignId )
		)
		.execute();
	return rows.map( ( row ) => ( {
		list: row.list as CampaignBugValue[ 'list' ],
		code: Number( row.code ),
	} ) );
}
