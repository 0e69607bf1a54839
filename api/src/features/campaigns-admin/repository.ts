import { sql, type Kysely } from 'kysely';
import type {
	AdminCampaign,
	AdminCampaignChoices,
	AdminCampaignClosed,
	AdminCampaignInput,
	AdminCampaignItem,
} from '../../contract/index.ts';
import { anyContains } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
	fromSqlDateTime,
	toBoolean,
	toInteger,
	toNullableInteger,
	toSqlDateTime,
} from '../../db/values.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';
import { recordAudit } from '../audit/repository.ts';
import {
	campaignAdditionalFields,
	campaignBugValues,
} from '../campaigns/bug-values.ts';
import { pageOf, type Page, type SortOrder } from '../paging.ts';
import { ACTIVITY, awardBooty, awardExperience } from '../rewards/ledger.ts';
import {
	REPLICABILITY_NAMES,
	SEVERITY_NAMES,
	settingsOf,
	TYPE_NAMES,
	type CampaignColumns,
} from './input.ts';
import { writeCampaign } from './writes.ts';

/**
 * The back office's campaigns (issue 27): the list by status (a tester lead's: only the campaigns they lead), one
 * campaign with every setting, its creation, replacement and copy (writes.ts), and its close, which pays the
 * completion bonus to the selected testers who completed it.
 */

export interface AdminCampaignQuery {
	status: 'running' | 'closed' | 'all';
	search?: string;
	start: number;
	limit: number;
	orderBy: 'id' | 'startDate' | 'endDate';
	order: SortOrder;
}

export type Caller = Pick<
	BackOfficeCaller,
	'wpUserId' | 'claims' | 'isAdministrator'
>;

export type CloseOutcome =
	| { outcome: 'closed'; closed: AdminCampaignClosed }
	| { outcome: 'not-found' }
	| { outcome: 'already-closed' };

export type WriteOutcome =
	| { outcome: 'saved'; campaign: AdminCampaign }
	| { outcome: 'not-found' };

type Reader = Kysely< Database >;

const STATUS_OF: Record< number, 'running' | 'closed' > = {
	1: 'running',
	2: 'closed',
};
const SORT_COLUMNS = {
	id: 'c.id',
	startDate: 'c.start_date',
	endDate: 'c.end_date',
} as const;

const euros = ( cents: number | string | bigint ) => toInteger( cents ) / 100;

/**
 * A campaign's bugs per status, for each of `campaignIds`: read from the bugs (their campaign_status index), so
 * the counts are right whoever wrote the bugs.
 *
 * @param db
 * @param campaignIds
 */
async function bugCounts(
	db: Reader,
	campaignIds: number[]
): Promise< Map< number, AdminCampaignItem[ 'bugs' ] > > {
	const counts = new Map< number, AdminCampaignItem[ 'bugs' ] >(
		campaignIds.map( ( id ) => [
			id,
			{ pending: 0, approved: 0, refused: 0, needReview: 0 },
		] )
	);
	if ( campaignIds.length === 0 ) {
		return counts;
	}
	const rows = await db
		.selectFrom( 'bugs' )
		.select( ( eb ) => [
			'campaign_id',
			'status_id',
			eb.fn.countAll< number | string >().as( 'n' ),
		] )
		.where( 'campaign_id', 'in', campaignIds )
		.groupBy( [ 'campaign_id', 'status_id' ] )
		.execute();
	const keys = {
		1: 'refused',
		2: 'approved',
		3: 'pending',
		4: 'needReview',
	} as const;
	for ( const row of rows ) {
		const key = keys[ toInteger( row.status_id ) as keyof typeof keys ];
		const campaign = counts.get( toInteger( row.campaign_id ) );
		if ( key && campaign ) {
			campaign[ key ] = toInteger( row.n );
		}
	}
	return counts;
}

/**
 * The applicants (applications of every status) of each of these campaigns, in one statement over the
 * `applications_campaign_status` index.
 *
 * @param db
 * @param campaignIds
 */
async function applicantCounts(
	db: Reader,
	campaignIds: number[]
): Promise< Map< number, number > > {
	const counts = new Map( campaignIds.map( ( id ) => [ id, 0 ] ) );
	if ( campaignIds.length === 0 ) {
		return counts;
	}
	const rows = await db
		.selectFrom( 'applications' )
		.select( ( eb ) => [
			'campaign_id',
			eb.fn.countAll< number | string >().as( 'n' ),
		] )
		.where( 'campaign_id', 'in', campaignIds )
		.groupBy( 'campaign_id' )
		.execute();
	for ( const row of rows ) {
		counts.set( toInteger( row.campaign_id ), toInteger( row.n ) );
	}
	return counts;
}

/**
 * Every setting of a campaign as the edit form shows it, read through `db` (a transaction's, after a write).
 *
 * @param db
 * @param campaignId
 * @return undefined when there is no such campaign.
 */
export async function readCampaign(
	db: Reader,
	campaignId: number
): Promise< AdminCampaign | undefined > {
	const row = await db
		.selectFrom( 'campaigns' )
		.selectAll()
		.where( 'id', '=', campaignId )
		.executeTakeFirst();
	if ( ! row ) {
		return undefined;
	}
	const [
		targets,
		devices,
		contents,
		values,
		fields,
		tasks,
		questions,
		options,
		bugs,
		applicants,
	] = await Promise.all( [
		db
			.selectFrom( 'campaign_targets' )
			.select( 'tester_id' )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'tester_id' )
			.execute(),
		db
			.selectFrom( 'campaign_accepted_devices' )
			.select( [ 'device_type', 'os_platform_id' ] )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'device_type' )
			.orderBy( 'os_platform_id' )
			.execute(),
		db
			.selectFrom( 'campaign_contents' )
			.selectAll()
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'language_code' )
			.execute(),
		campaignBugValues( db, campaignId ),
		campaignAdditionalFields( db, campaignId ),
		db
			.selectFrom( 'campaign_tasks' )
			.select( [ 'id', 'name', 'content', 'can_upload_media' ] )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'position' )
			.orderBy( 'id' )
			.execute(),
		db
			.selectFrom( 'preselection_questions' )
			.select( [
				'id',
				'type',
				'question',
				'custom_user_field_id',
				'regex',
				'error_message',
			] )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'position' )
			.orderBy( 'id' )
			.execute(),
		db
			.selectFrom( 'preselection_question_options as o' )
			.innerJoin( 'preselection_questions as q', 'q.id', 'o.question_id' )
			.select( [ 'o.id', 'o.question_id', 'o.name' ] )
			.where( 'q.campaign_id', '=', campaignId )
			.orderBy( 'o.position' )
			.orderBy( 'o.id' )
			.execute(),
		bugCounts( db, [ campaignId ] ),
		applicantCounts( db, [ campaignId ] ),
	] );

	const platformsOf = new Map< number, number[] >();
	for ( const device of devices ) {
		const type = toInteger( device.device_type );
		const platforms = platformsOf.get( type ) ?? [];
		if ( device.os_platform_id !== null ) {
			platforms.push( toInteger( device.os_platform_id ) );
		}
		platformsOf.set( type, platforms );
	}
	const listed = ( list: string, names: readonly string[] ) =>
		values
			.filter( ( value ) => value.list === list )
			.map( ( value ) => names[ value.code - 1 ] )
			.filter( ( name ): name is string => name !== undefined );
	return {
		id: toInteger( row.id ),
		status: STATUS_OF[ toInteger( row.status_id ) ] ?? 'running',
		title: row.title,
		typeId: toInteger( row.campaign_type_id ),
		startDate: fromSqlDateTime( row.start_date ),
		endDate: fromSqlDateTime( row.end_date ),
		closeDate: fromSqlDateTime( row.close_date ),
		visibility: row.visibility,
		targetCountry: row.target_country,
		targetLanguageId: toNullableInteger( row.target_language_id ),
		targetMinLevelId: toNullableInteger( row.target_min_level_id ),
		targetTesterIds: targets.map( ( target ) =>
			toInteger( target.tester_id )
		),
		maxTesters: toNullableInteger( row.max_testers ),
		acceptedDevices: [ ...platformsOf ].map(
			( [ deviceType, platformIds ] ) => ( { deviceType, platformIds } )
		),
		contents: contents.map( ( content ) => ( {
			language: content.language_code as 'en' | 'it' | 'es' | 'fr',
			previewContent: content.preview_content ?? '',
			manualContent: content.manual_content ?? '',
			previewLink: content.preview_link,
			manualLink: content.manual_link,
		} ) ),
		payout: {
			completeBonus: euros( row.complete_bonus_cents ),
			minimumBugs: toInteger( row.minimum_bugs ),
			percentUsecases: toInteger( row.percent_usecases ),
			payoutLimit: euros( row.payout_limit_cents ),
			criticalBugPayout: euros( row.critical_bug_payout_cents ),
			highBugPayout: euros( row.high_bug_payout_cents ),
			mediumBugPayout: euros( row.medium_bug_payout_cents ),
			lowBugPayout: euros( row.low_bug_payout_cents ),
			topTesterBonus: euros( row.top_tester_bonus_cents ),
			campaignPts: toInteger( row.campaign_pts ),
		},
		bugForm: {
			hasBugForm: toBoolean( row.has_bug_form ),
			hasBugParade: toBoolean( row.has_bug_parade ),
			titleRule: toBoolean( row.title_rule ),
			minimumMedia: toInteger( row.minimum_media ),
			// As stored: an empty list is the upload's default one (storage/upload.ts).
			validFileExtensions: row.valid_file_extensions
				.split( ',' )
				.filter( Boolean ),
			severities: listed(
				'severity',
				SEVERITY_NAMES
			) as AdminCampaign[ 'bugForm' ][ 'severities' ],
			types: listed(
				'type',
				TYPE_NAMES
			) as AdminCampaign[ 'bugForm' ][ 'types' ],
			replicabilities: listed(
				'replicability',
				REPLICABILITY_NAMES
			) as AdminCampaign[ 'bugForm' ][ 'replicabilities' ],
			additionalFields: fields.map( ( field ) => ( {
				slug: field.slug,
				name: field.name,
				type: field.type,
				regex: field.regex,
				error: field.error,
				options: field.options,
			} ) ),
		},
		tasks: tasks.map( ( task ) => ( {
			id: toInteger( task.id ),
			name: task.name,
			content: task.content ?? '',
			canUploadMedia: toBoolean( task.can_upload_media ),
		} ) ),
		questions: questions.map( ( question ) => ( {
			id: toInteger( question.id ),
			type: question.type,
			question: question.question,
			customUserFieldId: toNullableInteger(
				question.custom_user_field_id
			),
			regex: question.regex,
			error: question.error_message,
			options: options
				.filter(
					( option ) =>
						toInteger( option.question_id ) ===
						toInteger( question.id )
				)
				.map( ( option ) => ( {
					id: toInteger( option.id ),
					name: option.name,
				} ) ),
		} ) ),
		leader: toNullableInteger( row.leader_wp_user_id ),
		tlName: row.tl_name,
		tlEmail: row.tl_email,
		language: row.language_code
			? { code: row.language_code, message: row.language_message ?? '' }
			: null,
		selectedCount: toInteger( row.selected_count ),
		applicantsCount: applicants.get( campaignId )!,
		bugs: bugs.get( campaignId )!,
	};
}

/**
 * The settings of a stored campaign as a body of POST /admin/campaigns, without the ids of its tasks, questions
 * and options (a copy's are new).
 *
 * @param campaign
 * @param title    The copy's title.
 */
function copyInput(
	campaign: AdminCampaign,
	title: string
): AdminCampaignInput {
	const {
		id: _id,
		status: _status,
		selectedCount: _selected,
		applicantsCount: _applicants,
		bugs: _bugs,
		tasks,
		questions,
		...settings
	} = campaign;
	return {
		...settings,
		title,
		tasks: tasks.map( ( { id: _taskId, ...task } ) => task ),
		questions: questions.map( ( { id: _questionId, ...question } ) => ( {
			...question,
			options: question.options.map( ( option ) => ( {
				name: option.name,
			} ) ),
		} ) ),
	};
}

/** The campaign's scalar columns the audit trail compares. */
const AUDITED: ReadonlyArray< keyof CampaignColumns > = [
	'title',
	'campaign_type_id',
	'start_date',
	'end_date',
	'close_date',
	'visibility',
	'target_country',
	'target_language_id',
	'target_min_level_id',
	'max_testers',
	'tl_name',
	'tl_email',
	'language_code',
	'language_message',
	'complete_bonus_cents',
	'minimum_bugs',
	'percent_usecases',
	'payout_limit_cents',
	'critical_bug_payout_cents',
	'high_bug_payout_cents',
	'medium_bug_payout_cents',
	'low_bug_payout_cents',
	'top_tester_bonus_cents',
	'campaign_pts',
	'has_bug_form',
	'has_bug_parade',
	'minimum_media',
	'title_rule',
	'valid_file_extensions',
	'leader_wp_user_id',
];

/**
 * A stored value as the audit trail shows it: numbers as numbers, text as text.
 *
 * @param value
 */
const auditValue = ( value: unknown ) =>
	typeof value === 'bigint' ||
	( typeof value === 'string' &&
		/^-?\d+$/.test( value ) &&
		value.length < 16 )
		? Number( value )
		: value ?? null;

export type CampaignsAdminRepository = ReturnType<
	typeof createCampaignsAdminRepository
>;

/**
 * @param db
 */
export function createCampaignsAdminRepository( db: Kysely< Database > ) {
	/**
	 * Creates a running campaign with every setting, and records it in the audit trail.
	 *
	 * @param caller
	 * @param input
	 * @param action The audit action: a creation, or a copy.
	 * @param note
	 */
	async function create(
		caller: Caller,
		input: AdminCampaignInput,
		action = 'campaign.create',
		note: string | null = null
	): Promise< AdminCampaign > {
		const settings = settingsOf( input );
		return inTransaction( db, async ( trx ) => {
			const campaignId = await writeCampaign( trx, settings );
			await recordAudit( trx, caller, {
				action,
				subjectType: 'campaign',
				subjectId: campaignId,
				after: Object.fromEntries(
					AUDITED.map( ( key ) => [ key, settings.columns[ key ] ] )
				),
				note,
			} );
			return ( await readCampaign( trx, campaignId ) )!;
		} );
	}

	return {
		/**
		 * One page of the campaigns with a status, a lead's only those they lead (the campaigns_leader index).
		 *
		 * @param caller
		 * @param query
		 */
		async list(
			caller: Caller,
			query: AdminCampaignQuery
		): Promise< Page< AdminCampaignItem > > {
			let where = db.selectFrom( 'campaigns as c' );
			if ( ! caller.isAdministrator ) {
				where = where.where(
					'c.leader_wp_user_id',
					'=',
					caller.wpUserId
				);
			}
			if ( query.status !== 'all' ) {
				where = where.where(
					'c.status_id',
					'=',
					query.status === 'running' ? 1 : 2
				);
			}
			const search = query.search?.trim() ?? '';
			if ( search !== '' ) {
				const id = /^(?:cp)?\s*(\d{1,9})$/i.exec( search );
				const title = anyContains( [ sql.ref( 'c.title' ) ], search );
				where = where.where( ( eb ) =>
					id
						? eb.or( [
								eb( 'c.id', '=', Number( id[ 1 ] ) ),
								title,
						  ] )
						: title
				);
			}
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const [ rows, count ] = await Promise.all( [
				where
					.innerJoin(
						'campaign_types as t',
						't.id',
						'c.campaign_type_id'
					)
					.select( [
						'c.id',
						'c.title',
						't.id as type_id',
						't.name as type_name',
						'c.status_id',
						'c.start_date',
						'c.end_date',
						'c.close_date',
						'c.visibility',
						'c.max_testers',
						'c.selected_count',
						'c.leader_wp_user_id',
					] )
					.orderBy( SORT_COLUMNS[ query.orderBy ], direction )
					.orderBy( 'c.id', direction )
					.limit( query.limit )
					.offset( query.start )
					.execute(),
				where
					.select( ( eb ) =>
						eb.fn.countAll< number | string >().as( 'total' )
					)
					.executeTakeFirstOrThrow(),
			] );
			const ids = rows.map( ( row ) => toInteger( row.id ) );
			const [ bugs, applicants ] = await Promise.all( [
				bugCounts( db, ids ),
				applicantCounts( db, ids ),
			] );
			return pageOf(
				rows.map( ( row ) => ( {
					id: toInteger( row.id ),
					title: row.title,
					type: { id: toInteger( row.type_id ), name: row.type_name },
					status:
						STATUS_OF[ toInteger( row.status_id ) ] ?? 'running',
					startDate: fromSqlDateTime( row.start_date ),
					endDate: fromSqlDateTime( row.end_date ),
					closeDate: fromSqlDateTime( row.close_date ),
					visibility: row.visibility,
					maxTesters: toNullableInteger( row.max_testers ),
					selectedCount: toInteger( row.selected_count ),
					applicantsCount: applicants.get( toInteger( row.id ) )!,
					bugs: bugs.get( toInteger( row.id ) )!,
					leader: toNullableInteger( row.leader_wp_user_id ),
				} ) ),
				query,
				toInteger( count.total )
			);
		},

		/**
		 * @param campaignId
		 */
		read( campaignId: number ): Promise< AdminCampaign | undefined > {
			return readCampaign( db, campaignId );
		},

		create,

		/**
		 * Replaces every setting of a campaign; the audit trail records the scalar fields that changed.
		 *
		 * @param caller
		 * @param campaignId
		 * @param input
		 */
		async update(
			caller: Caller,
			campaignId: number,
			input: AdminCampaignInput
		): Promise< WriteOutcome > {
			const settings = settingsOf( input );
			return inTransaction( db, async ( trx ) => {
				const before = await trx
					.selectFrom( 'campaigns' )
					.selectAll()
					.where( 'id', '=', campaignId )
					.executeTakeFirst();
				if ( ! before ) {
					return { outcome: 'not-found' };
				}
				await writeCampaign( trx, settings, campaignId );
				const changed = AUDITED.filter(
					( key ) =>
						auditValue( before[ key ] ) !==
						auditValue( settings.columns[ key ] )
				);
				await recordAudit( trx, caller, {
					action: 'campaign.update',
					subjectType: 'campaign',
					subjectId: campaignId,
					before: Object.fromEntries(
						changed.map( ( key ) => [
							key,
							auditValue( before[ key ] ),
						] )
					),
					after: Object.fromEntries(
						changed.map( ( key ) => [
							key,
							auditValue( settings.columns[ key ] ),
						] )
					),
				} );
				return {
					outcome: 'saved',
					campaign: ( await readCampaign( trx, campaignId ) )!,
				};
			} );
		},

		/**
		 * A running copy of a campaign with every setting, titled "{title} (copy)"; nothing of its testers.
		 *
		 * @param caller
		 * @param campaignId
		 */
		async duplicate(
			caller: Caller,
			campaignId: number
		): Promise< AdminCampaign | undefined > {
			const campaign = await readCampaign( db, campaignId );
			if ( ! campaign ) {
				return undefined;
			}
			const title = `${ campaign.title } (copy)`;
			return create(
				caller,
				copyInput(
					campaign,
					title.length > 255
						? `${ campaign.title.slice( 0, 248 ) } (copy)`
						: title
				),
				'campaign.duplicate',
				`Copy of CP${ campaignId }`
			);
		},

		/**
		 * Closes a running campaign and pays each selected tester who completed it (approved bugs ≥ minimum_bugs,
		 * completed tasks ≥ percent_usecases % of the campaign's, 100 % without tasks) its points and completion
		 * bonus, once: the status moves by an UPDATE that matches only a running campaign, so of two closes at once
		 * the second finds it closed, and campaign_completions' key refuses a second payment in any case.
		 *
		 * @param caller
		 * @param campaignId
		 * @param now
		 */
		close(
			caller: Caller,
			campaignId: number,
			now: Date = new Date()
		): Promise< CloseOutcome > {
			return inTransaction( db, async ( trx ) => {
				const campaign = await trx
					.selectFrom( 'campaigns' )
					.select( [
						'title',
						'status_id',
						'end_date',
						'close_date',
						'minimum_bugs',
						'percent_usecases',
						'complete_bonus_cents',
						'campaign_pts',
					] )
					.where( 'id', '=', campaignId )
					.executeTakeFirst();
				if ( ! campaign ) {
					return { outcome: 'not-found' };
				}
				const nowSql = toSqlDateTime( now );
				// Now, when the planned close is later; never before the end date (0003's dates check).
				let closeDate = campaign.close_date.slice( 0, 19 );
				if ( nowSql < closeDate ) {
					const end = campaign.end_date.slice( 0, 19 );
					closeDate = nowSql < end ? end : nowSql;
				}
				const { numUpdatedRows } = await trx
					.updateTable( 'campaigns' )
					.set( {
						status_id: 2,
						close_date: closeDate,
						updated_at: nowSql,
					} )
					.where( 'id', '=', campaignId )
					.where( 'status_id', '=', 1 )
					.executeTakeFirst();
				if ( Number( numUpdatedRows ) === 0 ) {
					return { outcome: 'already-closed' };
				}
				const tasks = await trx
					.selectFrom( 'campaign_tasks' )
					.select( ( eb ) =>
						eb.fn.countAll< number | string >().as( 'n' )
					)
					.where( 'campaign_id', '=', campaignId )
					.executeTakeFirstOrThrow();
				const selected = await trx
					.selectFrom( 'applications as a' )
					.select( ( eb ) => [
						'a.id',
						'a.tester_id',
						eb
							.selectFrom( 'bugs as b' )
							.select(
								eb.fn.countAll< number | string >().as( 'n' )
							)
							.whereRef( 'b.tester_id', '=', 'a.tester_id' )
							.where( 'b.campaign_id', '=', campaignId )
							.where( 'b.status_id', '=', 2 )
							.as( 'approved' ),
						eb
							.selectFrom( 'tester_tasks as p' )
							.innerJoin(
								'campaign_tasks as t',
								't.id',
								'p.task_id'
							)
							.select(
								eb.fn.countAll< number | string >().as( 'n' )
							)
							.whereRef( 'p.tester_id', '=', 'a.tester_id' )
							.where( 't.campaign_id', '=', campaignId )
							.where( 'p.status', '=', 'completed' )
							.as( 'completed' ),
						eb
							.exists(
								eb
									.selectFrom( 'campaign_completions as k' )
									.select( 'k.tester_id' )
									.whereRef(
										'k.tester_id',
										'=',
										'a.tester_id'
									)
									.where( 'k.campaign_id', '=', campaignId )
							)
							.as( 'paid' ),
					] )
					.where( 'a.campaign_id', '=', campaignId )
					.where( 'a.status', '=', 'selected' )
					.orderBy( 'a.tester_id' )
					.execute();
				const taskCount = toInteger( tasks.n );
				const minimumBugs = toInteger( campaign.minimum_bugs );
				const percent = toInteger( campaign.percent_usecases );
				const points = toInteger( campaign.campaign_pts );
				const bonusCents = toInteger( campaign.complete_bonus_cents );
				const paid: AdminCampaignClosed[ 'paid' ] = [];
				for ( const application of selected ) {
					const completed = toInteger( application.completed ?? 0 );
					const done =
						taskCount === 0 ||
						completed * 100 >= percent * taskCount;
					if (
						toBoolean( application.paid as number ) ||
						toInteger( application.approved ?? 0 ) < minimumBugs ||
						! done
					) {
						continue;
					}
					const testerId = toInteger( application.tester_id );
					await trx
						.insertInto( 'campaign_completions' )
						.values( {
							campaign_id: campaignId,
							tester_id: testerId,
							points,
							gross_cents: bonusCents,
							created_at: nowSql,
						} )
						.execute();
					await awardExperience( db, trx, {
						testerId,
						amount: points,
						activityId: ACTIVITY.campaignCompletion,
						campaignId,
						at: now,
					} );
					await awardBooty( trx, {
						testerId,
						campaignId,
						activityId: ACTIVITY.campaignCompletion,
						name: campaign.title,
						grossCents: bonusCents,
						at: now,
					} );
					await trx
						.updateTable( 'applications' )
						.set( { completed: 1, updated_at: nowSql } )
						.where( 'id', '=', application.id )
						.execute();
					await trx
						.updateTable( 'testers' )
						.set( {
							attended_cp: sql< number >`attended_cp + 1`,
						} )
						.where( 'id', '=', testerId )
						.execute();
					paid.push( { testerId, points, booty: bonusCents / 100 } );
				}
				const closed: AdminCampaignClosed = {
					id: campaignId,
					status: 'closed',
					closeDate: fromSqlDateTime( closeDate ),
					paid,
				};
				await recordAudit(
					trx,
					caller,
					{
						action: 'campaign.close',
						subjectType: 'campaign',
						subjectId: campaignId,
						before: {
							status: 'running',
							closeDate: fromSqlDateTime( campaign.close_date ),
						},
						after: closed,
					},
					now
				);
				return { outcome: 'closed', closed };
			} );
		},

		/**
		 * What the edit form offers: types, languages, levels, operating systems and custom user fields.
		 */
		async choices(): Promise< AdminCampaignChoices > {
			const [ types, languages, levels, platforms, fields ] =
				await Promise.all( [
					db
						.selectFrom( 'campaign_types' )
						.select( [ 'id', 'name' ] )
						.orderBy( 'id' )
						.execute(),
					db
						.selectFrom( 'languages' )
						.select( [ 'id', 'name' ] )
						.orderBy( 'name' )
						.execute(),
					db
						.selectFrom( 'levels' )
						.select( [ 'id', 'name' ] )
						.orderBy( 'id' )
						.execute(),
					db
						.selectFrom( 'os_platforms' )
						.select( [ 'id', 'name', 'device_type' ] )
						.orderBy( 'device_type' )
						.orderBy( 'name' )
						.execute(),
					db
						.selectFrom( 'custom_user_fields as f' )
						.leftJoin(
							'custom_user_field_translations as en',
							( join ) =>
								join
									.onRef( 'en.field_id', '=', 'f.id' )
									.on( 'en.language_code', '=', 'en' )
						)
						.leftJoin(
							'custom_user_field_translations as it',
							( join ) =>
								join
									.onRef( 'it.field_id', '=', 'f.id' )
									.on( 'it.language_code', '=', 'it' )
						)
						.select( [
							'f.id',
							'f.type',
							'en.name as en_name',
							'it.name as it_name',
						] )
						.where( 'f.enabled', '=', 1 )
						.orderBy( 'f.position' )
						.orderBy( 'f.id' )
						.execute(),
				] );
			const idName = ( row: { id: number | string; name: string } ) => ( {
				id: toInteger( row.id ),
				name: row.name,
			} );
			return {
				types: types.map( idName ),
				languages: languages.map( idName ),
				levels: levels.map( idName ),
				platforms: platforms.map( ( row ) => ( {
					...idName( row ),
					deviceType: toInteger( row.device_type ),
				} ) ),
				customUserFields: fields.map( ( field ) => ( {
					id: toInteger( field.id ),
					name:
						field.en_name ?? field.it_name ?? `Field ${ field.id }`,
					type: field.type,
				} ) ),
			};
		},
	};
}
