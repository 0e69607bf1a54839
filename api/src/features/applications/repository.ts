import { sql, type Kysely } from 'kysely';
import type { IdName } from '../../contract/index.ts';
import { isMysql } from '../../db/engine.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database, PreselectionQuestionsTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toBoolean, toInteger, toSqlDateTime } from '../../db/values.ts';
import {
	customValuesOf,
	writeChangedCustomValues,
	type CustomValue,
	type EditableField,
} from '../profile-parts/repository.ts';
import type { AnswerRow, ProfileValues } from './answers.ts';

/** A pre-selection question of a campaign with its own options (select, multiselect, radio). */
export interface Question {
	id: number;
	type: PreselectionQuestionsTable[ 'type' ];
	/** Set for a `cuf` question: the custom user field it asks. */
	customUserFieldId: number | null;
	question: string;
	regex: string | null;
	error: string | null;
	options: IdName[];
}

/** What the form prefills from the tester's profile. */
export interface ProfileAnswers {
	customValues: CustomValue[];
	phone: string | null;
	gender: string | null;
	country: string | null;
	city: string | null;
}

export interface NewApplication {
	testerId: number;
	campaignId: number;
	deviceIds: readonly number[];
	answers: readonly AnswerRow[];
	profile: readonly ProfileValues[];
}

/** Why an application was not made: the campaign's subscription is over or it has no free place, or it exists. */
export type ApplicationRefusal = 'closed' | 'full' | 'already-applied';

export type ApplicationsRepository = ReturnType<
	typeof createApplicationsRepository
>;

/** 1 running: a closed campaign (2) takes no application. */
const RUNNING = 1;

/**
 * Whether an error is the unique key (tester, campaign) of applications: a concurrent application of the same
 * tester committed first.
 *
 * @param error
 */
function isDuplicateApplication( error: unknown ): boolean {
	const { code, message } = ( error ?? {} ) as {
		code?: unknown;
		message?: unknown;
	};
	return (
		( code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY' ) &&
		/applications_tester_campaign_unique|applications\.tester_id/.test(
			String( message )
		)
	);
}

/**
 * A campaign's questions in their order, each with its options, but those asking a disabled field; a question
 * asking a custom user field comes with the field (type, free text, format) and the field's options, as the
 * profile checks a value against them. A question has options of its own or its field's, not both: the two joins
 * do not multiply each other's rows.
 */
const questionRows = queryTemplate( ( db, values: { campaignId: number } ) =>
	db
		.selectFrom( 'preselection_questions as q' )
		.leftJoin( 'custom_user_fields as f', 'f.id', 'q.custom_user_field_id' )
		.leftJoin(
			'preselection_question_options as o',
			'o.question_id',
			'q.id'
		)
		.leftJoin( 'custom_user_field_options as fo', 'fo.field_id', 'f.id' )
		.select( [
			'q.id',
			'q.type',
			'q.custom_user_field_id',
			'q.question',
			'q.regex',
			'q.error_message',
			'o.id as option_id',
			'o.name as option_name',
			'o.position as option_position',
			'f.type as field_type',
			'f.allow_other as field_allow_other',
			'f.format as field_format',
			'fo.id as field_option_id',
			'fo.name as field_option_name',
			'fo.position as field_option_position',
		] )
		.where( 'q.campaign_id', '=', values.campaignId )
		.where( ( eb ) =>
			eb.or( [
				eb( 'q.custom_user_field_id', 'is', null ),
				eb( 'f.enabled', '=', 1 ),
			] )
		)
		// The questions' order only, which their index gives: ordering by the options' columns too made MariaDB sort
		// the rows in a temporary table, half the statement's cost (docs/performance.md). The options are put in
		// their order below.
		.orderBy( 'q.position' )
		.orderBy( 'q.id' )
);

/** Options by id with their positions, before they are put in order. */
type PlacedOptions = Map<
	number,
	{ id: number; name: string; position: number }
>;

/**
 * Options in their order: position, then id.
 *
 * @param placed
 */
const inOrder = ( placed: PlacedOptions ): IdName[] =>
	[ ...placed.values() ]
		.sort( ( x, y ) => x.position - y.position || x.id - y.id )
		.map( ( { id, name } ) => ( { id, name } ) );

/** A tester's phone, gender and residence. */
const testerContact = queryTemplate( ( db, values: { testerId: number } ) =>
	db
		.selectFrom( 'testers' )
		.select( [ 'phone', 'gender', 'country', 'city' ] )
		.where( 'id', '=', values.testerId )
);

/**
 * A tester's enabled devices the campaign accepts: every one when the campaign lists no kind, else those of a
 * listed type, of a listed platform of it when the kind names one.
 */
const acceptedTesterDevices = queryTemplate(
	( db, values: { testerId: number; campaignId: number } ) =>
		db
			.selectFrom( 'tester_devices as d' )
			.innerJoin( 'os_versions as v', 'v.id', 'd.os_version_id' )
			.select( 'd.id' )
			.where( 'd.tester_id', '=', values.testerId )
			.where( 'd.disabled_at', 'is', null )
			.where( ( eb ) => {
				const kinds = eb
					.selectFrom( 'campaign_accepted_devices as k' )
					.select( 'k.id' )
					.where( 'k.campaign_id', '=', values.campaignId );
				return eb.or( [
					eb.not( eb.exists( kinds ) ),
					eb.exists(
						kinds
							.whereRef( 'k.device_type', '=', 'd.device_type' )
							.where( ( kind ) =>
								kind.or( [
									kind( 'k.os_platform_id', 'is', null ),
									kind(
										'k.os_platform_id',
										'=',
										kind.ref( 'v.platform_id' )
									),
								] )
							)
					),
				] );
			} )
);

/** An application's devices, by id, each with the application's selected device. */
const applicationDeviceRows = queryTemplate(
	( db, values: { applicationId: number } ) =>
		db
			.selectFrom( 'application_devices as ad' )
			.innerJoin( 'applications as a', 'a.id', 'ad.application_id' )
			.select( [ 'ad.tester_device_id', 'a.selected_device_id' ] )
			.where( 'ad.application_id', '=', values.applicationId )
			.orderBy( 'ad.tester_device_id' )
);

/**
 * A campaign's status, dates and places, to apply to it. On MariaDB the row is share-locked until the commit, so
 * that no edit of the campaign changes what the application copies from it before the application is committed;
 * applications to one campaign do not wait for each other there (a share lock waits only for an edit).
 */
const campaignToApply = queryTemplate(
	( db, values: { campaignId: number } ) => {
		const read = db
			.selectFrom( 'campaigns' )
			.select( [
				'status_id as statusId',
				'start_date as startDate',
				'end_date as endDate',
				'close_date as closeDate',
				'max_testers as maxTesters',
				'selected_count as selectedCount',
			] )
			.where( 'id', '=', values.campaignId );
		return isMysql( db ) ? read.modifyEnd( sql`lock in share mode` ) : read;
	}
);

/**
 * Adds a tester's application (applied) to a campaign, with the campaign's status and dates as its row was read,
 * share-locked, in the same transaction (the trigger of migrations 0011 and 0025 checks them). A plain
 * `insert … values`: under InnoDB's default `innodb_autoinc_lock_mode` (1) an `insert … select` holds the table's
 * AUTO-INC lock until the statement ends, its triggers included, so concurrent applications took turns.
 */
const addApplication = queryTemplate(
	(
		db,
		values: {
			testerId: number;
			campaignId: number;
			at: string;
			statusId: number;
			startDate: string;
			endDate: string;
			closeDate: string;
		}
	) =>
		db.insertInto( 'applications' ).values( {
			tester_id: values.testerId,
			campaign_id: values.campaignId,
			status: 'applied',
			applied_at: values.at,
			updated_at: values.at,
			campaign_status_id: values.statusId,
			campaign_start_date: values.startDate,
			campaign_end_date: values.endDate,
			campaign_close_date: values.closeDate,
		} )
);

/** A campaign's state as the refusals of an application read it. */
export interface CampaignOpening {
	statusId: number;
	/** As stored (`YYYY-MM-DD HH:MM:SS`, UTC). */
	startDate: string;
	maxTesters: number | null;
	selectedCount: number;
}

/**
 * Why a campaign takes no application now, if it takes none: its subscription is over (closed, or its start
 * passed), or it has no free place.
 *
 * @param campaign
 * @param now
 */
export function campaignRefusal(
	campaign: CampaignOpening,
	now: Date
): 'closed' | 'full' | undefined {
	if (
		campaign.statusId !== RUNNING ||
		campaign.startDate <= toSqlDateTime( now )
	) {
		return 'closed';
	}
	if (
		campaign.maxTesters !== null &&
		campaign.selectedCount >= campaign.maxTesters
	) {
		return 'full';
	}
	return undefined;
}

/**
 * Applications to campaigns and their pre-selection forms: the questions a campaign asks, what the tester's
 * profile prefills, the devices a campaign accepts, and the application itself, written in one transaction.
 * Whether the tester may see the campaign is the access read's business (features/campaigns/access.ts), checked
 * first by the routes.
 *
 * @param db
 */
export function createApplicationsRepository( db: Kysely< Database > ) {
	return {
		/**
		 * The campaign's questions in their order, each with its options in theirs, and the enabled custom user
		 * fields they ask with the fields' options, as the profile checks a value against them; in one statement,
		 * read afresh (an application is checked against the catalogue as it is now). A question asking a custom
		 * user field that is disabled is left out: it is neither shown nor required.
		 *
		 * @param campaignId
		 */
		async form( campaignId: number ): Promise< {
			questions: Question[];
			fields: Map< number, EditableField >;
		} > {
			const questions = new Map< number, Question >();
			const fields = new Map< number, EditableField >();
			// Each question's and each field's options by id (a field asked twice brings its own twice), with
			// their positions, to be put in order (position, then id).
			const options = new Map<
				Question | EditableField,
				PlacedOptions
			>();
			const add = (
				owner: Question | EditableField,
				id: number | null,
				name: string | null,
				position: number | string | null
			) => {
				if ( id !== null ) {
					options.get( owner )!.set( id, {
						id,
						name: name ?? '',
						position: toInteger( position ?? 0 ),
					} );
				}
			};
			for ( const row of await questionRows.all( db, { campaignId } ) ) {
				let question = questions.get( row.id );
				if ( ! question ) {
					question = {
						id: row.id,
						type: row.type,
						customUserFieldId: row.custom_user_field_id,
						question: row.question,
						regex: row.regex || null,
						error: row.error_message || null,
						options: [],
					};
					questions.set( row.id, question );
					options.set( question, new Map() );
				}
				add(
					question,
					row.option_id,
					row.option_name,
					row.option_position
				);
				const fieldId = row.custom_user_field_id;
				if ( fieldId === null || row.field_type === null ) {
					continue;
				}
				let field = fields.get( fieldId );
				if ( ! field ) {
					field = {
						id: fieldId,
						type: row.field_type,
						allowOther: toBoolean( row.field_allow_other ?? 0 ),
						format: row.field_format,
						options: [],
					};
					fields.set( fieldId, field );
					options.set( field, new Map() );
				}
				add(
					field,
					row.field_option_id,
					row.field_option_name,
					row.field_option_position
				);
			}
			for ( const [ owner, placed ] of options ) {
				owner.options = inOrder( placed );
			}
			return { questions: [ ...questions.values() ], fields };
		},

		/**
		 * What the tester's profile answers already: the custom user fields' values, the phone, gender and
		 * residence. Two statements, run together.
		 *
		 * @param testerId
		 */
		async profileAnswers( testerId: number ): Promise< ProfileAnswers > {
			const [ customValues, tester ] = await Promise.all( [
				customValuesOf( db, testerId ),
				testerContact.first( db, { testerId } ),
			] );
			return {
				customValues,
				phone: tester?.phone ?? null,
				gender: tester?.gender ?? null,
				country: tester?.country ?? null,
				city: tester?.city ?? null,
			};
		},

		/**
		 * The ids of the tester's enabled devices the campaign accepts, in one statement: the compatible devices
		 * the form offers, and the devices an application may name.
		 *
		 * @param testerId
		 * @param campaignId
		 */
		async acceptedDeviceIds(
			testerId: number,
			campaignId: number
		): Promise< Set< number > > {
			const rows = await acceptedTesterDevices.all( db, {
				testerId,
				campaignId,
			} );
			return new Set( rows.map( ( row ) => row.id ) );
		},

		/**
		 * The device ids of an application, the selected device first, then oldest first (as the devices list).
		 *
		 * @param applicationId
		 */
		async applicationDeviceIds(
			applicationId: number
		): Promise< number[] > {
			const rows = await applicationDeviceRows.all( db, {
				applicationId,
			} );
			const selected = rows[ 0 ]?.selected_device_id ?? null;
			const ids = rows.map( ( row ) => row.tester_device_id );
			return selected !== null && ids.includes( selected )
				? [ selected, ...ids.filter( ( id ) => id !== selected ) ]
				: ids;
		},

		/**
		 * Makes the application, in one transaction, if the campaign still takes applications (running, start
		 * date ahead, a free place): each custom user field's values of the tester's profile replaced by the
		 * answer's where they differ; the application (status applied, with its campaign's status and dates
		 * copied from the campaign's row, as migration 0011 requires; its triggers keep the tester's counts), its
		 * devices and its answers. READ COMMITTED replaces the profile's values without locking the gaps between
		 * testers' rows, into which other testers' applications insert theirs.
		 *
		 * @param application
		 * @param now
		 * @return The application's id, or why it was not made (and nothing written).
		 */
		async apply(
			application: NewApplication,
			now: Date = new Date()
		): Promise< { id: number } | ApplicationRefusal > {
			const { testerId, campaignId } = application;
			const at = toSqlDateTime( now );
			try {
				return await inTransaction(
					db,
					async ( trx ) => {
						const campaign = await campaignToApply.first( trx, {
							campaignId,
						} );
						if ( ! campaign ) {
							return 'closed';
						}
						const refusal = campaignRefusal(
							{
								...campaign,
								selectedCount: toInteger(
									campaign.selectedCount
								),
							},
							now
						);
						if ( refusal ) {
							return refusal;
						}
						await writeChangedCustomValues(
							trx,
							testerId,
							application.profile
						);
						const { insertId } = await addApplication.run( trx, {
							testerId,
							campaignId,
							at,
							statusId: campaign.statusId,
							startDate: campaign.startDate,
							endDate: campaign.endDate,
							closeDate: campaign.closeDate,
						} );
						const id = toInteger( insertId as bigint );
						await trx
							.insertInto( 'application_devices' )
							.values(
								application.deviceIds.map( ( deviceId ) => ( {
									application_id: id,
									tester_device_id: deviceId,
								} ) )
							)
							.execute();
						if ( application.answers.length ) {
							await trx
								.insertInto( 'preselection_answers' )
								.values(
									application.answers.map( ( answer ) => ( {
										application_id: id,
										question_id: answer.questionId,
										option_id: answer.optionId,
										text_value: answer.text,
									} ) )
								)
								.execute();
						}
						return { id };
					},
					{ isolationLevel: 'read committed' }
				);
			} catch ( error ) {
				if ( isDuplicateApplication( error ) ) {
					return 'already-applied';
				}
				throw error;
			}
		},
	};
}
