import { sql, type Kysely } from 'kysely';
import type { IdName } from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { toInteger } from '../../db/values.ts';

/**
 * The campaign's bug form settings both the form's read (details.ts) and a submitted bug's checks
 * (bugs/report-repository.ts) need: its valid bug values, its tasks and its additional fields.
 */

/** One value a campaign accepts in its bug form: which list, and the value's code in it. */
export interface CampaignBugValue {
	list: 'severity' | 'type' | 'replicability';
	code: number;
}

/**
 * The campaign's three lists of valid bug values (severities, types, replicabilities) as one union, each row its
 * list and code; the columns a task's row needs too (name, position) are null on them.
 *
 * @param db
 * @param campaignId A template's value: the campaign.
 */
function bugValueRows( db: Kysely< Database >, campaignId: number ) {
	const noName = sql< string | null >`null`.as( 'name' );
	const noPosition = sql< number | string | null >`null`.as( 'position' );
	return db
		.selectFrom( 'campaign_bug_severities' )
		.select( [
			sql< string >`'severity'`.as( 'list' ),
			'severity_id as code',
			noName,
			noPosition,
		] )
		.where( 'campaign_id', '=', campaignId )
		.unionAll(
			db
				.selectFrom( 'campaign_bug_types' )
				.select( [
					sql< string >`'type'`.as( 'list' ),
					'type_id as code',
					noName,
					noPosition,
				] )
				.where( 'campaign_id', '=', campaignId )
		)
		.unionAll(
			db
				.selectFrom( 'campaign_bug_replicabilities' )
				.select( [
					sql< string >`'replicability'`.as( 'list' ),
					'replicability_id as code',
					noName,
					noPosition,
				] )
				.where( 'campaign_id', '=', campaignId )
		);
}

type BugValueRow = { list: string; code: number | string };

/** The campaign's valid bug values. */
const bugValues = queryTemplate( ( db, values: { campaignId: number } ) =>
	bugValueRows( db, values.campaignId )
);

/**
 * The campaign's valid bug values and its tasks, in no order: ordered, MariaDB sorted the whole union in a
 * temporary table; the tasks are put in order in JavaScript.
 */
const bugChoices = queryTemplate( ( db, values: { campaignId: number } ) =>
	bugValueRows( db, values.campaignId ).unionAll(
		db
			.selectFrom( 'campaign_tasks' )
			.select( [
				sql< string >`'task'`.as( 'list' ),
				'id as code',
				'name',
				'position',
			] )
			.where( 'campaign_id', '=', values.campaignId )
	)
);

/** The campaign's additional fields, in their order. */
const additionalFields = queryTemplate(
	( db, values: { campaignId: number } ) =>
		db
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
			.where( 'campaign_id', '=', values.campaignId )
			.orderBy( 'position' )
			.orderBy( 'id' )
);

const bugValuesOf = ( rows: BugValueRow[] ): CampaignBugValue[] =>
	rows
		.filter( ( row ) => row.list !== 'task' )
		.map( ( row ) => ( {
			list: row.list as CampaignBugValue[ 'list' ],
			code: Number( row.code ),
		} ) );

/**
 * The campaign's three lists of valid bug values (severities, types, replicabilities) in one statement.
 *
 * @param db
 * @param campaignId
 */
export async function campaignBugValues(
	db: Kysely< Database >,
	campaignId: number
): Promise< CampaignBugValue[] > {
	return bugValuesOf( await bugValues.all( db, { campaignId } ) );
}

/**
 * The choices of the bug form, in one statement: the valid bug values, and the campaign's tasks in their order
 * (their position, then their id).
 * What the form offers (details.ts) and what a submitted bug is checked against (bugs/report-repository.ts); one
 * statement rather than two, as each is a round trip and on MariaDB most of a small read's cost.
 *
 * @param db
 * @param campaignId
 */
export async function campaignBugChoices(
	db: Kysely< Database >,
	campaignId: number
): Promise< { values: CampaignBugValue[]; tasks: IdName[] } > {
	const rows = await bugChoices.all( db, { campaignId } );
	const tasks = rows
		.filter( ( row ) => row.list === 'task' )
		.sort(
			( a, b ) =>
				toInteger( a.position ?? 0 ) - toInteger( b.position ?? 0 ) ||
				toInteger( a.code ) - toInteger( b.code )
		)
		.map( ( row ) => ( {
			id: toInteger( row.code ),
			name: row.name ?? '',
		} ) );
	return { values: bugValuesOf( rows ), tasks };
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
	const rows = await additionalFields.all( db, { campaignId } );
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
