import { sql, type Kysely } from 'kysely';
import type {
	AcceptedDevices,
	CampaignAdditionalField,
	PayoutData,
	ValidInvalid,
} from '../../contract/index.ts';
import { forceIndex } from '../../db/engine.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';
import {
	fromSqlDateTime,
	toBoolean,
	toInteger,
	toSqlDateTime,
} from '../../db/values.ts';
import { DEVICE_TYPES } from '../../lookups/devices.ts';
import { parseExtensions } from '../../storage/upload.ts';
import type { CampaignTask } from '../tasks/repository.ts';
import type { Locale } from './types.ts';
import { campaignBugForm, type AcceptedDeviceRow } from './bug-values.ts';

/**
 * The reads of one campaign's pages (preview, manual, payout) and the tester's start of it. Whether the tester may
 * see or use the campaign is decided before, by the access read (access.ts); these reads take its ids as found.
 */

/** The bug form's names of the stored codes (0003-domain). */
const BUG_SEVERITIES = [ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ];
const BUG_REPLICABILITIES = [ 'ONCE', 'SOMETIMES', 'ALWAYS' ];
const BUG_TYPES = [
	'CRASH',
	'GRAPHIC',
	'PERFORMANCE',
	'MALFUNCTION',
	'TYPO',
	'OTHER',
	'SECURITY',
	'USABILITY',
];

/** The bug form's choice of a bug that belongs to no task. */
export const NO_USE_CASE = { id: -1, name: 'Not a specific usecase' };

const KIND_OF_TYPE = new Map(
	Object.entries( DEVICE_TYPES ).map( ( [ kind, type ] ) => [
		type as number,
		kind as keyof AcceptedDevices,
	] )
);

/** The campaign's columns both pages show. */
export interface CampaignHeading {
	id: number;
	title: string;
	type: { id: number; name: string; icon: string | null };
	startDate: string;
	endDate: string;
	tl: { name: string; email: string } | null;
	acceptedDevices: AcceptedDevices;
}

export interface CampaignPreviewRead extends CampaignHeading {
	content: string;
	hasForm: boolean;
}

export interface CampaignManualRead extends CampaignHeading {
	closeDate: string;
	manual: string;
	bugs: {
		refused: number;
		approved: number;
		pending: number;
		needReview: number;
	};
	hasBugForm: boolean;
	hasBugParade: boolean;
	minimumMedia: number;
	titleRule: boolean;
	validFileExtensions: string[];
	language: { code: string; message: string } | null;
	bugSeverity: ValidInvalid;
	bugTypes: ValidInvalid;
	bugReplicability: ValidInvalid;
	useCases: Array< { id: number; name: string } >;
	additionalFields: CampaignAdditionalField[];
}

const euros = ( cents: number | string | bigint ) => toInteger( cents ) / 100;

/**
 * The valid and invalid names of a bug value list: the codes the campaign lists are valid, the others not.
 *
 * @param names Names by code − 1.
 * @param valid The codes the campaign lists.
 */
const validInvalid = ( names: string[], valid: Set< number > ) => ( {
	valid: names.filter( ( _name, index ) => valid.has( index + 1 ) ),
	invalid: names.filter( ( _name, index ) => ! valid.has( index + 1 ) ),
} );

/**
 * The campaign's page in `locale`, else English, else the first language it has one in, else empty.
 *
 * @param db
 * @param campaignId
 * @param column
 * @param locale
 */
const contentIn = (
	db: Kysely< Database >,
	campaignId: number,
	column: 'manual_content' | 'preview_content',
	locale: Locale
) =>
	db
		.selectFrom( 'campaign_contents as cc' )
		.select( `cc.${ column }` )
		.where( 'cc.campaign_id', '=', campaignId )
		.where( `cc.${ column }`, 'is not', null )
		.where( `cc.${ column }`, '<>', '' )
		.orderBy(
			sql`case cc.language_code when ${ locale } then 0 when 'en' then 1 else 2 end`
		)
		.orderBy( 'cc.language_code' )
		.limit( 1 );

/**
 * The campaign with its type; each page selects its further columns of `c` onto it.
 *
 * @param db
 * @param campaignId
 */
const campaignRow = ( db: Kysely< Database >, campaignId: number ) =>
	db
		.selectFrom( 'campaigns as c' )
		.innerJoin( 'campaign_types as t', 't.id', 'c.campaign_type_id' )
		.select( [
			'c.id',
			'c.title',
			'c.start_date',
			'c.end_date',
			'c.tl_name',
			'c.tl_email',
			't.id as type_id',
			't.name as type_name',
			't.icon as type_icon',
		] )
		.where( 'c.id', '=', campaignId );

/** The preview page's campaign with its type, its preview content in a locale and whether it asks questions. */
const previewRow = queryTemplate(
	( db, values: { campaignId: number; locale: Locale } ) =>
		campaignRow( db, values.campaignId ).select( ( eb ) => [
			contentIn(
				db,
				values.campaignId,
				'preview_content',
				values.locale
			).as( 'content' ),
			eb
				.exists(
					eb
						.selectFrom( 'preselection_questions as q' )
						.select( 'q.id' )
						.where( 'q.campaign_id', '=', values.campaignId )
				)
				.as( 'has_form' ),
		] )
);

/** The manual page's campaign with its type, its manual in a locale and the tester's bugs of it per status. */
const manualRow = queryTemplate(
	(
		db,
		values: { testerId: number; campaignId: number; locale: Locale }
	) => {
		// The tester's bugs of the campaign per status, beside the campaign's row: one walk of the tester's entries
		// of `bugs_tester_campaign`, counted per status. On MariaDB four counts, one per status, cost twice as
		// much: each walked the same entries again, after its planner had weighed seven indexes of `bugs`
		// (docs/performance.md, 2026-11-30, late morning).
		const bugs = sql< {
			bugs_refused: number | string;
			bugs_approved: number | string;
			bugs_pending: number | string;
			bugs_need_review: number | string;
		} >`(select
				coalesce(sum(b.status_id = 1), 0) as bugs_refused,
				coalesce(sum(b.status_id = 2), 0) as bugs_approved,
				coalesce(sum(b.status_id = 3), 0) as bugs_pending,
				coalesce(sum(b.status_id = 4), 0) as bugs_need_review
			from bugs b${ forceIndex( db, 'bugs_tester_campaign' ) }
			where b.tester_id = ${ values.testerId }
				and b.campaign_id = ${ values.campaignId })`;
		return campaignRow( db, values.campaignId )
			.innerJoin( bugs.as( 'n' ), ( join ) => join.onTrue() )
			.select( [
				'c.close_date',
				'c.has_bug_form',
				'c.has_bug_parade',
				'c.minimum_media',
				'c.title_rule',
				'c.valid_file_extensions',
				'c.language_code',
				'c.language_message',
				contentIn(
					db,
					values.campaignId,
					'manual_content',
					values.locale
				).as( 'manual' ),
				'n.bugs_refused',
				'n.bugs_approved',
				'n.bugs_pending',
				'n.bugs_need_review',
			] );
	}
);

/**
 * The kinds of device a campaign accepts, each with its platform's name (null for every platform); in no order,
 * as ordered by the platform's name MariaDB sorted them in a temporary table.
 */
const acceptedDeviceRows = queryTemplate(
	( db, values: { campaignId: number } ) =>
		db
			.selectFrom( 'campaign_accepted_devices as d' )
			.leftJoin( 'os_platforms as p', 'p.id', 'd.os_platform_id' )
			.select( [ 'd.device_type', 'p.name' ] )
			.where( 'd.campaign_id', '=', values.campaignId )
);

/** What a campaign pays, in cents, and its points. */
const payoutRow = queryTemplate( ( db, values: { campaignId: number } ) =>
	db
		.selectFrom( 'campaigns' )
		.select( [
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
		] )
		.where( 'id', '=', values.campaignId )
);

/** A campaign's tasks in their order with a tester's status of each (null without a row). */
const taskRows = queryTemplate(
	( db, values: { testerId: number; campaignId: number } ) =>
		db
			.selectFrom( 'campaign_tasks as t' )
			.leftJoin( 'tester_tasks as p', ( join ) =>
				join
					.onRef( 'p.task_id', '=', 't.id' )
					.on( 'p.tester_id', '=', values.testerId )
			)
			.select( [
				't.id',
				't.name',
				't.content',
				't.can_upload_media',
				'p.status',
			] )
			.where( 't.campaign_id', '=', values.campaignId )
			.orderBy( 't.position' )
			.orderBy( 't.id' )
);

/** Sets an application's contract acceptance time, unless it has one. */
const acceptContract = queryTemplate(
	( db, values: { applicationId: number; startedAt: string } ) =>
		db
			.updateTable( 'applications' )
			.set( {
				contract_accepted_at: values.startedAt,
				updated_at: values.startedAt,
			} )
			.where( 'id', '=', values.applicationId )
			.where( 'contract_accepted_at', 'is', null )
);

/** An application's contract acceptance time. */
const contractAcceptedAt = queryTemplate(
	( db, values: { applicationId: number } ) =>
		db
			.selectFrom( 'applications' )
			.select( 'contract_accepted_at' )
			.where( 'id', '=', values.applicationId )
);

/**
 * The kinds of device a campaign accepts, as its pages show them: "all" for a kind listed without a platform, else
 * its platforms by name.
 *
 * @param rows The campaign's accepted kinds, in any order.
 */
function acceptedDevicesOf( rows: AcceptedDeviceRow[] ): AcceptedDevices {
	const accepted: AcceptedDevices = {};
	for ( const row of [ ...rows ].sort(
		( a, b ) =>
			a.deviceType - b.deviceType ||
			( a.platform ?? '' ).localeCompare( b.platform ?? '' )
	) ) {
		const kind = KIND_OF_TYPE.get( row.deviceType );
		if ( ! kind || accepted[ kind ] === 'all' ) {
			continue;
		}
		accepted[ kind ] =
			row.platform === null
				? 'all'
				: [
						...( ( accepted[ kind ] as string[] | undefined ) ??
							[] ),
						row.platform,
				  ];
	}
	return accepted;
}

export function createCampaignDetailReads( db: Kysely< Database > ) {
	type Row = Awaited<
		ReturnType< ReturnType< typeof campaignRow >[ 'executeTakeFirst' ] >
	>;

	const headingOf = (
		row: NonNullable< Row >,
		accepted: AcceptedDevices
	): CampaignHeading => ( {
		id: toInteger( row.id ),
		title: row.title,
		type: {
			id: toInteger( row.type_id ),
			name: row.type_name,
			icon: row.type_icon,
		},
		startDate: fromSqlDateTime( row.start_date ),
		endDate: fromSqlDateTime( row.end_date ),
		tl: row.tl_email
			? { name: row.tl_name ?? row.tl_email, email: row.tl_email }
			: null,
		acceptedDevices: accepted,
	} );

	return {
		/**
		 * The preview page: the campaign, its preview content and accepted devices, whether it asks questions.
		 *
		 * @param campaignId
		 * @param locale
		 */
		async preview(
			campaignId: number,
			locale: Locale
		): Promise< CampaignPreviewRead > {
			const [ row, accepted ] = await Promise.all( [
				previewRow.firstOrThrow( db, { campaignId, locale } ),
				acceptedDeviceRows.all( db, { campaignId } ),
			] );
			return {
				...headingOf(
					row,
					acceptedDevicesOf(
						accepted.map( ( kind ) => ( {
							deviceType: toInteger( kind.device_type ),
							platform: kind.name,
						} ) )
					)
				),
				content: row.content ?? '',
				hasForm: toBoolean( row.has_form as number ),
			};
		},

		/**
		 * The manual page and the bug form's data, with the tester's bugs of the campaign per status.
		 *
		 * @param testerId
		 * @param campaignId
		 * @param locale
		 */
		async manual(
			testerId: number,
			campaignId: number,
			locale: Locale
		): Promise< CampaignManualRead > {
			const [ row, form ] = await Promise.all( [
				manualRow.firstOrThrow( db, { testerId, campaignId, locale } ),
				campaignBugForm( db, campaignId, { devices: true } ),
			] );
			const codes = ( list: string ) =>
				new Set(
					form.values
						.filter( ( value ) => value.list === list )
						.map( ( value ) => value.code )
				);
			return {
				...headingOf( row, acceptedDevicesOf( form.devices ) ),
				closeDate: fromSqlDateTime( row.close_date ),
				manual: row.manual ?? '',
				bugs: {
					refused: toInteger( row.bugs_refused ),
					approved: toInteger( row.bugs_approved ),
					pending: toInteger( row.bugs_pending ),
					needReview: toInteger( row.bugs_need_review ),
				},
				hasBugForm: toBoolean( row.has_bug_form ),
				hasBugParade: toBoolean( row.has_bug_parade ),
				minimumMedia: toInteger( row.minimum_media ),
				titleRule: toBoolean( row.title_rule ),
				validFileExtensions: parseExtensions(
					row.valid_file_extensions
				),
				language: row.language_code
					? {
							code: row.language_code,
							message: row.language_message ?? '',
					  }
					: null,
				bugSeverity: validInvalid(
					BUG_SEVERITIES,
					codes( 'severity' )
				),
				bugTypes: validInvalid( BUG_TYPES, codes( 'type' ) ),
				bugReplicability: validInvalid(
					BUG_REPLICABILITIES,
					codes( 'replicability' )
				),
				useCases: [ ...form.tasks, NO_USE_CASE ],
				additionalFields: form.fields.map(
					( { id: _id, ...field } ) => field
				),
			};
		},

		/**
		 * What the campaign pays, in euros.
		 *
		 * @param campaignId
		 */
		async payout( campaignId: number ): Promise< PayoutData > {
			const row = await payoutRow.firstOrThrow( db, { campaignId } );
			return {
				campaign_complete_bonus_eur: euros( row.complete_bonus_cents ),
				minimum_bugs: toInteger( row.minimum_bugs ),
				percent_usecases: toInteger( row.percent_usecases ),
				payout_limit: euros( row.payout_limit_cents ),
				critical_bug_payout: euros( row.critical_bug_payout_cents ),
				high_bug_payout: euros( row.high_bug_payout_cents ),
				medium_bug_payout: euros( row.medium_bug_payout_cents ),
				low_bug_payout: euros( row.low_bug_payout_cents ),
				top_tester_bonus: euros( row.top_tester_bonus_cents ),
				campaign_pts: toInteger( row.campaign_pts ),
			};
		},

		/**
		 * The campaign's tasks in their order with the tester's progress (pending without a row), in one statement.
		 *
		 * @param testerId
		 * @param campaignId
		 */
		async tasks(
			testerId: number,
			campaignId: number
		): Promise< CampaignTask[] > {
			const rows = await taskRows.all( db, { testerId, campaignId } );
			return rows.map( ( row ) => ( {
				id: toInteger( row.id ),
				name: row.name,
				content: row.content ?? '',
				status: row.status ?? 'pending',
				can_upload_media: toBoolean( row.can_upload_media ),
			} ) );
		},

		/**
		 * Records that the tester accepted the campaign's contract, once: a second start keeps the first time.
		 * Answers the time the application holds, ISO 8601.
		 *
		 * @param applicationId
		 * @param now
		 */
		async start(
			applicationId: number,
			now = new Date()
		): Promise< string > {
			const startedAt = toSqlDateTime( now );
			const { numAffectedRows } = await acceptContract.run( db, {
				applicationId,
				startedAt,
			} );
			if ( ( numAffectedRows ?? 0n ) > 0n ) {
				return fromSqlDateTime( startedAt );
			}
			// A start at the same moment came first: its time is the one kept.
			const row = await contractAcceptedAt.firstOrThrow( db, {
				applicationId,
			} );
			return fromSqlDateTime( row.contract_accepted_at ?? startedAt );
		},
	};
}
