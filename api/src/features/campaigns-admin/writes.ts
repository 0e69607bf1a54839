import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fromBoolean, toInteger, toSqlDateTime } from '../../db/values.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CampaignSettings } from './input.ts';

/**
 * A campaign's rows written from its settings inside the caller's transaction: the campaign and what hangs from
 * it. A creation inserts them all; a replacement keeps the tasks, questions and options sent with their ids (the
 * testers' progress, media and answers point to them) and the additional fields by slug (the bugs' values point to
 * them), deletes the others and rewrites the plain lists (targets, devices, contents, bug values). The triggers on
 * campaigns and campaign_targets keep the applications' copies and the kept counts in the same transaction.
 */

export const UNKNOWN_TYPE_MESSAGE = 'Unknown campaign type';
export const UNKNOWN_LANGUAGE_MESSAGE = 'Unknown target language';
export const UNKNOWN_LEVEL_MESSAGE = 'Unknown target level';
export const UNKNOWN_TESTER_MESSAGE = 'A target tester does not exist';
export const UNKNOWN_PLATFORM_MESSAGE =
	'An accepted operating system is unknown or of another device type';
export const UNKNOWN_CUSTOM_FIELD_MESSAGE =
	'A custom user field question needs an existing customUserFieldId, and no other question has one';
export const FOREIGN_TASK_MESSAGE =
	"A task id is not one of the campaign's tasks";
export const FOREIGN_QUESTION_MESSAGE =
	"A question id is not one of the campaign's questions";
export const FOREIGN_OPTION_MESSAGE =
	"An option id is not one of its question's options";

type Trx = Transaction< Database >;

/** Ids per statement when a list may be long (SQLite's and MariaDB's limits on bound values). */
const CHUNK = 500;

function chunks< Item >( items: readonly Item[] ): Item[][] {
	const out: Item[][] = [];
	for ( let at = 0; at < items.length; at += CHUNK ) {
		out.push( items.slice( at, at + CHUNK ) );
	}
	return out;
}

/**
 * Refuses settings that name rows that do not exist.
 *
 * @param trx
 * @param settings
 * @throws HttpError 400
 */
async function checkReferences( trx: Trx, settings: CampaignSettings ) {
	const { columns } = settings;
	const exists = async (
		table: 'campaign_types' | 'languages' | 'levels',
		id: number
	) =>
		( await trx
			.selectFrom( table )
			.select( 'id' )
			.where( 'id', '=', id )
			.executeTakeFirst() ) !== undefined;
	if ( ! ( await exists( 'campaign_types', columns.campaign_type_id ) ) ) {
		throw badRequest( UNKNOWN_TYPE_MESSAGE );
	}
	if (
		columns.target_language_id !== null &&
		! ( await exists( 'languages', columns.target_language_id ) )
	) {
		throw badRequest( UNKNOWN_LANGUAGE_MESSAGE );
	}
	if (
		columns.target_min_level_id !== null &&
		! ( await exists( 'levels', columns.target_min_level_id ) )
	) {
		throw badRequest( UNKNOWN_LEVEL_MESSAGE );
	}
	for ( const ids of chunks( settings.targetTesterIds ) ) {
		const found = await trx
			.selectFrom( 'testers' )
			.select( 'id' )
			.where( 'id', 'in', ids )
			.execute();
		if ( found.length !== ids.length ) {
			throw badRequest( UNKNOWN_TESTER_MESSAGE );
		}
	}
	const platformIds = settings.devices.flatMap( ( device ) =>
		device.platformIds.map( ( id ) => [ id, device.deviceType ] as const )
	);
	if ( platformIds.length > 0 ) {
		const platforms = await trx
			.selectFrom( 'os_platforms' )
			.select( [ 'id', 'device_type' ] )
			.where(
				'id',
				'in',
				platformIds.map( ( [ id ] ) => id )
			)
			.execute();
		const typeOf = new Map(
			platforms.map( ( row ) => [
				toInteger( row.id ),
				toInteger( row.device_type ),
			] )
		);
		if (
			platformIds.some( ( [ id, type ] ) => typeOf.get( id ) !== type )
		) {
			throw badRequest( UNKNOWN_PLATFORM_MESSAGE );
		}
	}
	const fieldIds = [
		...new Set(
			settings.questions.flatMap( ( question ) =>
				question.customUserFieldId === null
					? []
					: [ question.customUserFieldId ]
			)
		),
	];
	if ( fieldIds.length > 0 ) {
		const fields = await trx
			.selectFrom( 'custom_user_fields' )
			.select( 'id' )
			.where( 'id', 'in', fieldIds )
			.execute();
		if ( fields.length !== fieldIds.length ) {
			throw badRequest( UNKNOWN_CUSTOM_FIELD_MESSAGE );
		}
	}
}

/**
 * The ids of `table`'s rows owned by `owner`.
 *
 * @param trx
 * @param table
 * @param column
 * @param owner
 */
async function idsOwned(
	trx: Trx,
	table: 'campaign_tasks' | 'preselection_questions',
	column: 'campaign_id',
	owner: number
): Promise< Set< number > > {
	const rows = await trx
		.selectFrom( table )
		.select( 'id' )
		.where( column, '=', owner )
		.execute();
	return new Set( rows.map( ( row ) => toInteger( row.id ) ) );
}

/**
 * Checks that every id sent is one of `existing`, and deletes the existing rows not sent.
 *
 * @param existing
 * @param sent
 * @param message  The 400's message for an id that is not one of them.
 * @param remove
 */
async function keepSent(
	existing: Set< number >,
	sent: Array< number | undefined >,
	message: string,
	remove: ( ids: number[] ) => Promise< unknown >
) {
	const kept = sent.filter( ( id ): id is number => id !== undefined );
	if (
		kept.some( ( id ) => ! existing.has( id ) ) ||
		new Set( kept ).size !== kept.length
	) {
		throw badRequest( message );
	}
	const gone = [ ...existing ].filter( ( id ) => ! kept.includes( id ) );
	if ( gone.length > 0 ) {
		await remove( gone );
	}
}

async function writeTasks(
	trx: Trx,
	campaignId: number,
	settings: CampaignSettings
) {
	const existing = await idsOwned(
		trx,
		'campaign_tasks',
		'campaign_id',
		campaignId
	);
	await keepSent(
		existing,
		settings.tasks.map( ( task ) => task.id ),
		FOREIGN_TASK_MESSAGE,
		( ids ) =>
			trx
				.deleteFrom( 'campaign_tasks' )
				.where( 'id', 'in', ids )
				.execute()
	);
	for ( const [ position, task ] of settings.tasks.entries() ) {
		const values = {
			name: task.name,
			content: task.content,
			can_upload_media: fromBoolean( task.canUploadMedia ),
			position,
		};
		if ( task.id === undefined ) {
			await trx
				.insertInto( 'campaign_tasks' )
				.values( { campaign_id: campaignId, ...values } )
				.execute();
		} else {
			await trx
				.updateTable( 'campaign_tasks' )
				.set( values )
				.where( 'id', '=', task.id )
				.execute();
		}
	}
}

async function writeQuestions(
	trx: Trx,
	campaignId: number,
	settings: CampaignSettings
) {
	const existing = await idsOwned(
		trx,
		'preselection_questions',
		'campaign_id',
		campaignId
	);
	await keepSent(
		existing,
		settings.questions.map( ( question ) => question.id ),
		FOREIGN_QUESTION_MESSAGE,
		( ids ) =>
			trx
				.deleteFrom( 'preselection_questions' )
				.where( 'id', 'in', ids )
				.execute()
	);
	for ( const [ position, question ] of settings.questions.entries() ) {
		const values = {
			type: question.type,
			question: question.question,
			custom_user_field_id: question.customUserFieldId,
			regex: question.regex,
			error_message: question.error,
			position,
		};
		let questionId = question.id;
		if ( questionId === undefined ) {
			const inserted = await trx
				.insertInto( 'preselection_questions' )
				.values( { campaign_id: campaignId, ...values } )
				.executeTakeFirstOrThrow();
			questionId = Number( inserted.insertId );
		} else {
			await trx
				.updateTable( 'preselection_questions' )
				.set( values )
				.where( 'id', '=', questionId )
				.execute();
		}
		const options = await trx
			.selectFrom( 'preselection_question_options' )
			.select( 'id' )
			.where( 'question_id', '=', questionId )
			.execute();
		await keepSent(
			new Set( options.map( ( option ) => toInteger( option.id ) ) ),
			question.options.map( ( option ) => option.id ),
			FOREIGN_OPTION_MESSAGE,
			( ids ) =>
				trx
					.deleteFrom( 'preselection_question_options' )
					.where( 'id', 'in', ids )
					.execute()
		);
		for ( const [ at, option ] of question.options.entries() ) {
			if ( option.id === undefined ) {
				await trx
					.insertInto( 'preselection_question_options' )
					.values( {
						question_id: questionId,
						name: option.name,
						position: at,
					} )
					.execute();
			} else {
				await trx
					.updateTable( 'preselection_question_options' )
					.set( { name: option.name, position: at } )
					.where( 'id', '=', option.id )
					.execute();
			}
		}
	}
}

async function writeAdditionalFields(
	trx: Trx,
	campaignId: number,
	settings: CampaignSettings
) {
	const slugs = settings.additionalFields.map( ( field ) => field.slug );
	let stale = trx
		.deleteFrom( 'campaign_additional_fields' )
		.where( 'campaign_id', '=', campaignId );
	if ( slugs.length > 0 ) {
		stale = stale.where( 'slug', 'not in', slugs );
	}
	await stale.execute();
	const existing = new Set(
		(
			await trx
				.selectFrom( 'campaign_additional_fields' )
				.select( 'slug' )
				.where( 'campaign_id', '=', campaignId )
				.execute()
		).map( ( row ) => row.slug )
	);
	for ( const [ position, field ] of settings.additionalFields.entries() ) {
		const values = {
			name: field.name,
			type: field.type,
			regex: field.regex,
			error_message: field.error,
			options:
				field.type === 'select'
					? JSON.stringify( field.options )
					: null,
			position,
		};
		if ( existing.has( field.slug ) ) {
			await trx
				.updateTable( 'campaign_additional_fields' )
				.set( values )
				.where( 'campaign_id', '=', campaignId )
				.where( 'slug', '=', field.slug )
				.execute();
		} else {
			await trx
				.insertInto( 'campaign_additional_fields' )
				.values( {
					campaign_id: campaignId,
					slug: field.slug,
					...values,
				} )
				.execute();
		}
	}
}

/**
 * Rewrites the lists nothing points to: targets, accepted devices, contents and the valid bug values.
 *
 * @param trx
 * @param campaignId
 * @param settings
 */
async function writeLists(
	trx: Trx,
	campaignId: number,
	settings: CampaignSettings
) {
	for ( const table of [
		'campaign_targets',
		'campaign_accepted_devices',
		'campaign_contents',
		'campaign_bug_severities',
		'campaign_bug_types',
		'campaign_bug_replicabilities',
	] as const ) {
		await trx
			.deleteFrom( table )
			.where( 'campaign_id', '=', campaignId )
			.execute();
	}
	for ( const ids of chunks( settings.targetTesterIds ) ) {
		await trx
			.insertInto( 'campaign_targets' )
			.values(
				ids.map( ( testerId ) => ( {
					campaign_id: campaignId,
					tester_id: testerId,
				} ) )
			)
			.execute();
	}
	const devices = settings.devices.flatMap< {
		deviceType: number;
		platformId: number | null;
	} >( ( device ) =>
		device.platformIds.length === 0
			? [ { deviceType: device.deviceType, platformId: null } ]
			: device.platformIds.map( ( platformId ) => ( {
					deviceType: device.deviceType,
					platformId,
			  } ) )
	);
	if ( devices.length > 0 ) {
		await trx
			.insertInto( 'campaign_accepted_devices' )
			.values(
				devices.map( ( device ) => ( {
					campaign_id: campaignId,
					device_type: device.deviceType,
					os_platform_id: device.platformId,
				} ) )
			)
			.execute();
	}
	if ( settings.contents.length > 0 ) {
		await trx
			.insertInto( 'campaign_contents' )
			.values(
				settings.contents.map( ( content ) => ( {
					campaign_id: campaignId,
					language_code: content.language,
					preview_content: content.previewContent,
					manual_content: content.manualContent,
					preview_link: content.previewLink,
					manual_link: content.manualLink,
				} ) )
			)
			.execute();
	}
	if ( settings.severities.length > 0 ) {
		await trx
			.insertInto( 'campaign_bug_severities' )
			.values(
				settings.severities.map( ( code ) => ( {
					campaign_id: campaignId,
					severity_id: code,
				} ) )
			)
			.execute();
	}
	if ( settings.types.length > 0 ) {
		await trx
			.insertInto( 'campaign_bug_types' )
			.values(
				settings.types.map( ( code ) => ( {
					campaign_id: campaignId,
					type_id: code,
				} ) )
			)
			.execute();
	}
	if ( settings.replicabilities.length > 0 ) {
		await trx
			.insertInto( 'campaign_bug_replicabilities' )
			.values(
				settings.replicabilities.map( ( code ) => ( {
					campaign_id: campaignId,
					replicability_id: code,
				} ) )
			)
			.execute();
	}
}

/**
 * Writes a campaign from its settings: a new one (running), or campaign `campaignId` replaced.
 *
 * @param trx
 * @param settings
 * @param campaignId The campaign to replace; none to create one.
 * @return The campaign's id.
 * @throws HttpError 400 when the settings name rows that do not exist, or ids not the campaign's.
 */
export async function writeCampaign(
	trx: Trx,
	settings: CampaignSettings,
	campaignId?: number
): Promise< number > {
	await checkReferences( trx, settings );
	const now = toSqlDateTime();
	let id = campaignId;
	if ( id === undefined ) {
		const inserted = await trx
			.insertInto( 'campaigns' )
			.values( {
				...settings.columns,
				status_id: 1,
				created_at: now,
				updated_at: now,
			} )
			.executeTakeFirstOrThrow();
		id = Number( inserted.insertId );
	} else {
		await trx
			.updateTable( 'campaigns' )
			.set( { ...settings.columns, updated_at: now } )
			.where( 'id', '=', id )
			.execute();
	}
	await writeLists( trx, id, settings );
	await writeAdditionalFields( trx, id, settings );
	await writeTasks( trx, id, settings );
	await writeQuestions( trx, id, settings );
	return id;
}
