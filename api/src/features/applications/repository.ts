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

/** A kind of device a campaign accepts: a device type, with one platform of it or (null) every one. */
export interface AcceptedDevice {
	deviceType: number;
	platformId: number | null;
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

/** A campaign's questions in their order, each with its options, but those asking a disabled field. */
const questionRows = queryTemplate( ( db, values: { campaignId: number } ) =>
	db
		.selectFrom( 'preselection_questions as q' )
		.leftJoin( 'custom_user_fields as f', 'f.id', 'q.custom_user_field_id' )
		.leftJoin(
			'preselection_question_options as o',
			'o.question_id',
			'q.id'
		)
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

/**
 * The enabled custom user fields a campaign's questions ask, each with its options: a field asked twice comes
 * twice. Unordered: ordering the join's rows made MariaDB sort them in a temporary table, which cost more than the
 * rest of the statement; `customFields` puts them in order.
 */
const askedFields = queryTemplate( ( db, values: { campaignId: number } ) =>
	db
		.selectFrom( 'preselection_questions as q' )
		.innerJoin(
			'custom_user_fields as f',
			'f.id',
			'q.custom_user_field_id'
		)
		.leftJoin( 'custom_user_field_options as o', 'o.field_id', 'f.id' )
		.select( [
			'f.id',
			'f.type',
			'f.allow_other',
			'f.format',
			'o.id as option_id',
			'o.name as option_name',
			'o.position as option_position',
		] )
		.where( 'q.campaign_id', '=', values.campaignId )
		.where( 'f.enabled', '=', 1 )
);

/** A tester's phone, gender and residence. */
const testerContact = queryTemplate( ( db, values: { testerId: number } ) =>
	db
		.selectFrom( 'testers' )
		.select( [ 'phone', 'gender', 'country', 'city' ] )
		.where( 'id', '=', values.testerId )
);

/** The kinds of device a campaign accepts: device type and platform (null for every one). */
const acceptedDeviceRows = queryTemplate(
	( db, values: { campaignId: number } ) =>
		db
			.selectFrom( 'campaign_accepted_devices' )
			.select( [ 'device_type', 'os_platform_id' ] )
			.where( 'campaign_id', '=', values.campaignId )
);

/** A tester's enabled devices: type and platform, which a campaign's accepted kinds are matched against. */
const testerDeviceKinds = queryTemplate( ( db, values: { testerId: number } ) =>
	db
		.selectFrom( 'tester_devices as d' )
		.innerJoin( 'os_versions as v', 'v.id', 'd.os_version_id' )
		.select( [ 'd.id', 'd.device_type', 'v.platform_id' ] )
		.where( 'd.tester_id', '=', values.testerId )
		.where( 'd.disabled_at', 'is', null )
);

/**
 * Whether a campaign takes a device: by its type, and its platform when the campaign names platforms of it.
 *
 * @param accepted          What the campaign accepts; none listed accepts every device.
 * @param device
 * @param device.type
 * @param device.platformId
 */
export const accepts = (
	accepted: readonly AcceptedDevice[],
	device: { type: number; platformId: number }
) =>
	! accepted.length ||
	accepted.some(
		( kind ) =>
			kind.deviceType === device.type &&
			( kind.platformId === null ||
				kind.platformId === device.platformId )
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
 * A campaign's status, start and places, to apply to it. On MariaDB the row is share-locked until the commit, so
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
				'max_testers as maxTesters',
				'selected_count as selectedCount',
			] )
			.where( 'id', '=', values.campaignId );
		return isMysql( db ) ? read.modifyEnd( sql`lock in share mode` ) : read;
	}
);

/** Adds a tester's application (applied) to a campaign, with the campaign's status and dates copied from its row. */
const addApplication = queryTemplate(
	( db, values: { testerId: number; campaignId: number; at: string } ) =>
		db
			.insertInto( 'applications' )
			.columns( [
				'tester_id',
				'campaign_id',
				'status',
				'applied_at',
				'updated_at',
				'campaign_status_id',
				'campaign_start_date',
				'campaign_end_date',
				'campaign_close_date',
			] )
			.expression(
				db
					.selectFrom( 'campaigns as c' )
					.select( ( eb ) => [
						eb.val( values.testerId ).as( 'tester_id' ),
						'c.id',
						eb.val( 'applied' ).as( 'status' ),
						eb.val( values.at ).as( 'applied_at' ),
						eb.val( values.at ).as( 'updated_at' ),
						'c.status_id',
						'c.start_date',
						'c.end_date',
						'c.close_date',
					] )
					.where( 'c.id', '=', values.campaignId )
			)
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
	/**
	 * The kinds of device the campaign accepts; none listed means every device.
	 *
	 * @param campaignId
	 */
	const acceptedKinds = async (
		campaignId: number
	): Promise< AcceptedDevice[] > =>
		( await acceptedDeviceRows.all( db, { campaignId } ) ).map(
			( row ) => ( {
				deviceType: row.device_type,
				platformId: row.os_platform_id,
			} )
		);

	return {
		/**
		 * The campaign's questions in their order, each with its options in theirs, in one statement. A question
		 * asking a custom user field that is disabled is left out: it is neither shown nor required.
		 *
		 * @param campaignId
		 */
		async questions( campaignId: number ): Promise< Question[] > {
			const rows = await questionRows.all( db, { campaignId } );
			const questions = new Map< number, Question >();
			// Each question's options with their positions, to be put in order (position, then id).
			const options = new Map<
				number,
				Array< { id: number; name: string; position: number } >
			>();
			for ( const row of rows ) {
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
					options.set( row.id, [] );
				}
				if ( row.option_id !== null ) {
					options.get( row.id )!.push( {
						id: row.option_id,
						name: row.option_name ?? '',
						position: toInteger( row.option_position ?? 0 ),
					} );
				}
			}
			for ( const question of questions.values() ) {
				question.options = options
					.get( question.id )!
					.sort( ( x, y ) => x.position - y.position || x.id - y.id )
					.map( ( { id, name } ) => ( { id, name } ) );
			}
			return [ ...questions.values() ];
		},

		/**
		 * The enabled custom user fields the campaign's questions ask, with their options, as the profile checks a
		 * value against them, in one statement (read afresh: an application is checked against the catalogue as
		 * it is now).
		 *
		 * @param campaignId
		 */
		async customFields(
			campaignId: number
		): Promise< Map< number, EditableField > > {
			const fields = new Map< number, EditableField >();
			// Each field's options by id (a field asked twice brings them twice), with their positions.
			const options = new Map<
				number,
				Map< number, { id: number; name: string; position: number } >
			>();
			for ( const row of await askedFields.all( db, { campaignId } ) ) {
				if ( ! fields.has( row.id ) ) {
					fields.set( row.id, {
						id: row.id,
						type: row.type,
						allowOther: toBoolean( row.allow_other ),
						format: row.format,
						options: [],
					} );
					options.set( row.id, new Map() );
				}
				if ( row.option_id !== null ) {
					options.get( row.id )!.set( row.option_id, {
						id: row.option_id,
						name: row.option_name ?? '',
						position: toInteger( row.option_position ?? 0 ),
					} );
				}
			}
			for ( const field of fields.values() ) {
				field.options = [ ...options.get( field.id )!.values() ]
					.sort( ( x, y ) => x.position - y.position || x.id - y.id )
					.map( ( { id, name } ) => ( { id, name } ) );
			}
			return fields;
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
		 * The kinds of device the campaign accepts; none listed means every device.
		 *
		 * @param campaignId
		 */
		acceptedDevices: acceptedKinds,

		/**
		 * The ids of the tester's enabled devices the campaign accepts, read lightly (type and platform only) for
		 * checking an application's devices.
		 *
		 * @param testerId
		 * @param campaignId
		 */
		async acceptedDeviceIds(
			testerId: number,
			campaignId: number
		): Promise< Set< number > > {
			const [ devices, accepted ] = await Promise.all( [
				testerDeviceKinds.all( db, { testerId } ),
				acceptedKinds( campaignId ),
			] );
			return new Set(
				devices
					.filter( ( device ) =>
						accepts( accepted, {
							type: device.device_type,
							platformId: device.platform_id,
						} )
					)
					.map( ( device ) => device.id )
			);
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
						const refusal = campaign
							? campaignRefusal(
									{
										...campaign,
										selectedCount: toInteger(
											campaign.selectedCount
										),
									},
									now
							  )
							: 'closed';
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
