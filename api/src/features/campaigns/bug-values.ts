import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toInteger } from '../../db/values.ts';

/**
 * The campaign's bug form settings both the form's read (details.ts) and a submitted bug's checks
 * (bugs/report-repository.ts) need: its valid bug values and its additional fields.
 */

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

/** One of the campaign's additional fields, its regex and error as stored. */
export interface CampaignAdditionalField {
	id: number;
	slug: string;
	name: string;
	type: 'text' | 'select';
	regex: string | null;
	error: string | null;
	options: string[];
}

/**
 * A select's options as stored (a JSON array); anything else reads as none rather than failing the page.
 *
 * @param stored
 */
function optionsOf( stored: string | null ): string[] {
	try {
		const parsed: unknown = JSON.parse( stored ?? '[]' );
		return Array.isArray( parsed ) ? parsed.map( String ) : [];
	} catch {
		return [];
	}
}

/**
 * The campaign's additional fields in their order; a text field has no options.
 *
 * @param db
 * @param campaignId
 */
export async function campaignAdditionalFields(
	db: Kysely< Database >,
	campaignId: number
): Promise< CampaignAdditionalField[] > {
	const rows = await db
		.selectFrom( 'campaign_additional_fields' )
		.select( [
			'id',
			'slug',
			'name',
			'type',
			'regex',
			'error_message',
			'options',
		] )
		.where( 'campaign_id', '=', campaignId )
		.orderBy( 'position' )
		.orderBy( 'id' )
		.execute();
	return rows.map( ( field ) => ( {
		id: toInteger( field.id ),
		slug: field.slug,
		name: field.name,
		type: field.type,
		regex: field.regex,
		error: field.error_message,
		options: field.type === 'select' ? optionsOf( field.options ) : [],
	} ) );
}
