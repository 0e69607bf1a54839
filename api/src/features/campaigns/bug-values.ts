import { sql, type Kysely } from 'kysely';
import type { IdName } from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { toInteger } from '../../db/values.ts';

/**
 * The campaign's bug form settings both the form's read (details.ts) and a submitted bug's checks
 * (bugs/report-repository.ts) need: its valid bug values, its tasks, its additional fields and (the form) the
 * kinds of device it accepts, in one statement.
 */

/** One value a campaign accepts in its bug form: which list, and the value's code in it. */
export interface CampaignBugValue {
	list: 'severity' | 'type' | 'replicability';
	code: number;
}

/** The columns of the bug form's lists beside the list's name and the code: each list fills its own, the rest null. */
const LIST_COLUMNS = [
	'name',
	'position',
	'slug',
	'type',
	'regex',
	'error_message',
	'options',
] as const;

type ListColumn = ( typeof LIST_COLUMNS )[ number ];

/** A row of the bug form's lists, whichever list it is of. */
interface ListRow {
	list: 'severity' | 'type' | 'replicability' | 'task' | 'field' | 'device';
	/** The value's code, the task's or field's id, or the accepted device's type. */
	code: number | string;
	/** The task's, field's or accepted platform's name (null: every platform of the type). */
	name: string | null;
	position: number | string | null;
	slug: string | null;
	type: string | null;
	regex: string | null;
	error_message: string | null;
	options: string | null;
}

/**
 * A list's columns in the union's order (the columns of a union are matched by place, not by name).
 *
 * @param list   The list's name.
 * @param code   The column of its code.
 * @param filled The other columns it fills, each from its column; the rest are null.
 */
const listColumns = (
	list: ListRow[ 'list' ],
	code: string,
	filled: Partial< Record< ListColumn, string > > = {}
) => [
	sql.lit( list ).as( 'list' ),
	sql.ref( code ).as( 'code' ),
	...LIST_COLUMNS.map( ( column ) =>
		( filled[ column ] ? sql.ref( filled[ column ] ) : sql`null` ).as(
			column
		)
	),
];

/**
 * The campaign's three lists of valid bug values (severities, types, replicabilities) as one union, each row its
 * list and code.
 *
 * @param db
 * @param campaignId A template's value: the campaign.
 */
function bugValueRows( db: Kysely< Database >, campaignId: number ) {
	return db
		.selectFrom( 'campaign_bug_severities' )
		.select( listColumns( 'severity', 'severity_id' ) )
		.where( 'campaign_id', '=', campaignId )
		.$castTo< ListRow >()
		.unionAll(
			db
				.selectFrom( 'campaign_bug_types' )
				.select( listColumns( 'type', 'type_id' ) )
				.where( 'campaign_id', '=', campaignId )
				.$castTo< ListRow >()
		)
		.unionAll(
			db
				.selectFrom( 'campaign_bug_replicabilities' )
				.select( listColumns( 'replicability', 'replicability_id' ) )
				.where( 'campaign_id', '=', campaignId )
				.$castTo< ListRow >()
		);
}

/** The campaign's valid bug values. */
const bugValues = queryTemplate( ( db, values: { campaignId: number } ) =>
	bugValueRows( db, values.campaignId )
);

/**
 * The bug form's lists in one union: the valid bug values, the tasks and the additional fields, and with
 * `devices` the kinds of device the campaign accepts. In no order: ordered, MariaDB sorted the whole union in a
 * temporary table; each list is put in order in JavaScript. One statement rather than four, as each is a round
 * trip and on MariaDB most of a small read's cost (docs/performance.md, 2026-11-30, afternoon).
 *
 * @param db
 * @param campaignId A template's value: the campaign.
 * @param devices    Whether to add the accepted devices.
 */
function bugFormRows(
	db: Kysely< Database >,
	campaignId: number,
	devices: boolean
) {
	const lists = bugValueRows( db, campaignId )
		.unionAll(
			db
				.selectFrom( 'campaign_tasks' )
				.select(
					listColumns( 'task', 'id', {
						name: 'name',
						position: 'position',
					} )
				)
				.where( 'campaign_id', '=', campaignId )
				.$castTo< ListRow >()
		)
		.unionAll(
			db
				.selectFrom( 'campaign_additional_fields' )
				.select(
					listColumns( 'field', 'id', {
						name: 'name',
						position: 'position',
						slug: 'slug',
						type: 'type',
						regex: 'regex',
						error_message: 'error_message',
						options: 'options',
					} )
				)
				.where( 'campaign_id', '=', campaignId )
				.$castTo< ListRow >()
		);
	return devices
		? lists.unionAll(
				db
					.selectFrom( 'campaign_accepted_devices as d' )
					.leftJoin( 'os_platforms as p', 'p.id', 'd.os_platform_id' )
					.select(
						listColumns( 'device', 'd.device_type', {
							name: 'p.name',
						} )
					)
					.where( 'd.campaign_id', '=', campaignId )
					.$castTo< ListRow >()
		  )
		: lists;
}

const bugForm = queryTemplate( ( db, values: { campaignId: number } ) =>
	bugFormRows( db, values.campaignId, false )
);

const bugFormWithDevices = queryTemplate(
	( db, values: { campaignId: number } ) =>
		bugFormRows( db, values.campaignId, true )
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

const bugValuesOf = ( rows: Array< Pick< ListRow, 'list' | 'code' > > ) =>
	rows
		.filter(
			( row ) =>
				row.list === 'severity' ||
				row.list === 'type' ||
				row.list === 'replicability'
		)
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
 * An additional field as its row stores it; a text field has no options.
 *
 * @param field
 * @param field.id
 * @param field.slug
 * @param field.name
 * @param field.type
 * @param field.regex
 * @param field.error_message
 * @param field.options
 */
const additionalFieldOf = ( field: {
	id: number | string;
	slug: string | null;
	name: string | null;
	type: string | null;
	regex: string | null;
	error_message: string | null;
	options: string | null;
} ): CampaignAdditionalField => ( {
	id: toInteger( field.id ),
	slug: field.slug ?? '',
	name: field.name ?? '',
	type: field.type === 'select' ? 'select' : 'text',
	regex: field.regex,
	error: field.error_message,
	options: field.type === 'select' ? optionsOf( field.options ) : [],
} );

/**
 * The campaign's additional fields in their order.
 *
 * @param db
 * @param campaignId
 */
export async function campaignAdditionalFields(
	db: Kysely< Database >,
	campaignId: number
): Promise< CampaignAdditionalField[] > {
	return ( await additionalFields.all( db, { campaignId } ) ).map(
		additionalFieldOf
	);
}

/** A kind of device the campaign accepts: its type, and a platform's name (null: every platform of it). */
export interface AcceptedDeviceRow {
	deviceType: number;
	platform: string | null;
}

/** The bug form's lists of a campaign. */
export interface CampaignBugForm {
	values: CampaignBugValue[];
	/** The tasks, in their order (position, then id). */
	tasks: IdName[];
	/** The additional fields, in their order (position, then id). */
	fields: CampaignAdditionalField[];
	/** With `devices`: the kinds of device accepted, in no order; none listed means every device. */
	devices: AcceptedDeviceRow[];
}

const byPosition = (
	a: Pick< ListRow, 'position' | 'code' >,
	b: Pick< ListRow, 'position' | 'code' >
) =>
	toInteger( a.position ?? 0 ) - toInteger( b.position ?? 0 ) ||
	toInteger( a.code ) - toInteger( b.code );

/**
 * The bug form's lists in one statement: what the form offers (details.ts, with `devices`) and what a submitted
 * bug is checked against (bugs/report-repository.ts).
 *
 * @param db
 * @param campaignId
 * @param options
 * @param options.devices Whether to read the kinds of device the campaign accepts too.
 */
export async function campaignBugForm(
	db: Kysely< Database >,
	campaignId: number,
	{ devices = false }: { devices?: boolean } = {}
): Promise< CampaignBugForm > {
	const rows = await ( devices ? bugFormWithDevices : bugForm ).all( db, {
		campaignId,
	} );
	const of = ( list: ListRow[ 'list' ] ) =>
		rows.filter( ( row ) => row.list === list );
	return {
		values: bugValuesOf( rows ),
		tasks: of( 'task' )
			.sort( byPosition )
			.map( ( row ) => ( {
				id: toInteger( row.code ),
				name: row.name ?? '',
			} ) ),
		fields: of( 'field' )
			.sort( byPosition )
			.map( ( row ) => additionalFieldOf( { ...row, id: row.code } ) ),
		devices: of( 'device' ).map( ( row ) => ( {
			deviceType: toInteger( row.code ),
			platform: row.name,
		} ) ),
	};
}
