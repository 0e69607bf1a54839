import type { Kysely } from 'kysely';
import type {
	Candidate,
	CandidateCampaign,
	IdName,
} from '../../contract/index.ts';
import { isMysql } from '../../db/engine.ts';
import { anyContains } from '../../db/like.ts';
import type { ApplicationStatus, Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fromSqlDateTime, toInteger, toSqlDateTime } from '../../db/values.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';
import { recordAudit } from '../audit/repository.ts';
import { pageOf, type Page } from '../paging.ts';
import { monthOf } from '../ranking/repository.ts';

/**
 * The back office's selection (issue 27, "Candidates"): a campaign's applications with what the tester brings
 * (devices, pre-selection answers, level), and the status changes that select, exclude or put them back under
 * review, all or nothing and within the campaign's cap.
 *
 * What follows a status change: applications' triggers keep the tester's counts (application_counts, 0006;
 * tester_end_counts' selected column, 0009), so the tester's dashboard and manual see the new status at once;
 * campaigns.selected_count (the free places the apply area and the available table read) has no trigger and is
 * kept here, in the same transaction.
 */

export interface CandidateQuery {
	status?: ApplicationStatus;
	search?: string;
	start: number;
	limit: number;
}

export type CandidatePage = Page< Candidate > & { campaign: CandidateCampaign };

export type StatusChange =
	| {
			outcome: 'updated';
			updated: number;
			campaign: { selectedCount: number; maxTesters: number | null };
	  }
	| { outcome: 'no-campaign' }
	| { outcome: 'no-application' }
	/** A device given is not one the application was made with, or is given with a status other than selected. */
	| { outcome: 'bad-device' }
	/** Selecting `asked` more testers would pass the cap: `selected` of `cap` are taken. */
	| { outcome: 'full'; cap: number; selected: number; asked: number };

type Reader = Kysely< Database >;

/** What a "None of the above" answer (no option, no text) reads as. */
export const NONE_OF_THE_ABOVE = 'None of the above';

/**
 * A device as the back office names it: "Google Pixel 9 (Android 16)", "Notebook (Windows 11)".
 *
 * @param row
 * @param row.manufacturer
 * @param row.model
 * @param row.pc_type
 * @param row.platform
 * @param row.version
 */
function deviceName( row: {
	manufacturer: string | null;
	model: string | null;
	pc_type: string | null;
	platform: string | null;
	version: string | null;
} ): string {
	const device =
		row.model === null
			? row.pc_type ?? ''
			: [ row.manufacturer, row.model ].filter( Boolean ).join( ' ' );
	const system = [ row.platform, row.version ].filter( Boolean ).join( ' ' );
	return system ? `${ device } (${ system })` : device;
}

/**
 * One stored answer row as text: the chosen option's name, the text (an address's JSON as "city, country"), or
 * "None of the above".
 *
 * @param row
 * @param row.type
 * @param row.option_name
 * @param row.text_value
 */
function answerText( row: {
	type: string;
	option_name: string | null;
	text_value: string | null;
} ): string {
	if ( row.option_name !== null ) {
		return row.option_name;
	}
	if ( row.text_value === null ) {
		return NONE_OF_THE_ABOVE;
	}
	if ( row.type === 'address' ) {
		try {
			const { city, country } = JSON.parse( row.text_value ) as {
				city?: unknown;
				country?: unknown;
			};
			return [ city, country ]
				.filter( ( part ) => typeof part === 'string' && part )
				.join( ', ' );
		} catch {
			return row.text_value;
		}
	}
	return row.text_value;
}

/**
 * The devices of the applications, each application's oldest first.
 *
 * @param db
 * @param applicationIds
 */
async function devicesOf(
	db: Reader,
	applicationIds: number[]
): Promise< Map< number, IdName[] > > {
	const rows = await db
		.selectFrom( 'application_devices as ad' )
		.innerJoin( 'tester_devices as d', 'd.id', 'ad.tester_device_id' )
		.leftJoin( 'device_models as m', 'm.id', 'd.model_id' )
		.leftJoin( 'device_manufacturers as f', 'f.id', 'm.manufacturer_id' )
		.leftJoin( 'pc_types as pc', 'pc.id', 'd.pc_type_id' )
		.leftJoin( 'os_versions as v', 'v.id', 'd.os_version_id' )
		.leftJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
		.select( [
			'ad.application_id',
			'd.id',
			'f.name as manufacturer',
			'm.name as model',
			'pc.name as pc_type',
			'p.name as platform',
			'v.name as version',
		] )
		.where( 'ad.application_id', 'in', applicationIds )
		.orderBy( 'ad.application_id' )
		.orderBy( 'd.id' )
		.execute();
	const devices = new Map< number, IdName[] >();
	for ( const row of rows ) {
		const list = devices.get( row.application_id ) ?? [];
		list.push( { id: row.id, name: deviceName( row ) } );
		devices.set( row.application_id, list );
	}
	return devices;
}

/**
 * The pre-selection answers of the applications, in the form's order, a question's options joined.
 *
 * @param db
 * @param applicationIds
 */
async function answersOf(
	db: Reader,
	applicationIds: number[]
): Promise< Map< number, Candidate[ 'answers' ] > > {
	const rows = await db
		.selectFrom( 'preselection_answers as pa' )
		.innerJoin( 'preselection_questions as q', 'q.id', 'pa.question_id' )
		.leftJoin(
			'preselection_question_options as o',
			'o.id',
			'pa.option_id'
		)
		.select( [
			'pa.application_id',
			'q.id as question_id',
			'q.question',
			'q.type',
			'o.name as option_name',
			'pa.text_value',
		] )
		.where( 'pa.application_id', 'in', applicationIds )
		.orderBy( 'pa.application_id' )
		.orderBy( 'q.position' )
		.orderBy( 'q.id' )
		.orderBy( 'o.position' )
		.orderBy( 'pa.id' )
		.execute();
	const grouped = new Map<
		number,
		Array< { questionId: number; question: string; values: string[] } >
	>();
	for ( const row of rows ) {
		const list = grouped.get( row.application_id ) ?? [];
		const last = list[ list.length - 1 ];
		if ( last?.questionId === row.question_id ) {
			last.values.push( answerText( row ) );
		} else {
			list.push( {
				questionId: row.question_id,
				question: row.question,
				values: [ answerText( row ) ],
			} );
		}
		grouped.set( row.application_id, list );
	}
	return new Map(
		[ ...grouped ].map( ( [ applicationId, list ] ) => [
			applicationId,
			list.map( ( { question, values } ) => ( {
				question,
				value: values.join( ', ' ),
			} ) ),
		] )
	);
}

export type CandidatesRepository = ReturnType<
	typeof createCandidatesRepository
>;

/**
 * @param db
 */
export function createCandidatesRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );
	/** The read, locking its rows on MariaDB (SQLite has one writer at a time). */
	const lock = < Query extends { forUpdate: () => Query } >(
		query: Query
	): Query => ( mysql ? query.forUpdate() : query );

	/**
	 * The campaign's applications that the query asks for.
	 *
	 * @param campaignId
	 * @param query
	 */
	const matching = ( campaignId: number, query: CandidateQuery ) => {
		let base = db
			.selectFrom( 'applications as a' )
			.innerJoin( 'testers as t', 't.id', 'a.tester_id' )
			.where( 'a.campaign_id', '=', campaignId );
		if ( query.status ) {
			base = base.where( 'a.status', '=', query.status );
		}
		const search = query.search?.trim();
		if ( search ) {
			base = base.where( ( eb ) =>
				anyContains(
					[
						eb.ref( 't.name' ),
						eb.ref( 't.surname' ),
						eb.ref( 't.email' ),
					],
					search
				)
			);
		}
		return base;
	};

	return {
		/**
		 * One page of the campaign's applications, oldest first, with the campaign's cap and counts; undefined
		 * when there is no such campaign.
		 *
		 * @param campaignId
		 * @param query
		 * @param now        This month's level is the tester's level.
		 */
		async list(
			campaignId: number,
			query: CandidateQuery,
			now: Date = new Date()
		): Promise< CandidatePage | undefined > {
			const [ campaign, counts, rows, total ] = await Promise.all( [
				db
					.selectFrom( 'campaigns' )
					.select( [
						'id',
						'title',
						'max_testers',
						'selected_count',
					] )
					.where( 'id', '=', campaignId )
					.executeTakeFirst(),
				db
					.selectFrom( 'applications' )
					.select( [
						'status',
						( eb ) => eb.fn.countAll< number >().as( 'n' ),
					] )
					.where( 'campaign_id', '=', campaignId )
					.groupBy( 'status' )
					.execute(),
				matching( campaignId, query )
					.leftJoin( 'tester_monthly_levels as ml', ( join ) =>
						join
							.onRef( 'ml.tester_id', '=', 't.id' )
							.on( 'ml.month', '=', monthOf( now ) )
					)
					.leftJoin( 'levels as l', 'l.id', 'ml.level_id' )
					.select( [
						'a.id',
						'a.status',
						'a.applied_at',
						'a.selected_device_id',
						't.id as tester_id',
						't.name',
						't.surname',
						't.email',
						't.country',
						'l.id as level_id',
						'l.name as level_name',
					] )
					.orderBy( 'a.applied_at' )
					.orderBy( 'a.id' )
					.limit( query.limit )
					.offset( query.start )
					.execute(),
				matching( campaignId, query )
					.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
					.executeTakeFirstOrThrow(),
			] );
			if ( ! campaign ) {
				return undefined;
			}
			const ids = rows.map( ( row ) => row.id );
			const [ devices, answers ] = ids.length
				? await Promise.all( [
						devicesOf( db, ids ),
						answersOf( db, ids ),
				  ] )
				: [ new Map(), new Map() ];
			const statusCounts = { applied: 0, selected: 0, excluded: 0 };
			for ( const row of counts ) {
				statusCounts[ row.status ] = toInteger( row.n );
			}
			const results: Candidate[] = rows.map( ( row ) => ( {
				id: row.id,
				status: row.status,
				appliedAt: fromSqlDateTime( row.applied_at ),
				tester: {
					id: row.tester_id,
					name: row.name,
					surname: row.surname,
					email: row.email,
					country: row.country,
					level:
						row.level_id === null
							? null
							: { id: row.level_id, name: row.level_name ?? '' },
				},
				devices: devices.get( row.id ) ?? [],
				selectedDevice: row.selected_device_id,
				answers: answers.get( row.id ) ?? [],
			} ) );
			return {
				...pageOf( results, query, toInteger( total.n ) ),
				campaign: {
					id: campaign.id,
					title: campaign.title,
					maxTesters:
						campaign.max_testers === null
							? null
							: toInteger( campaign.max_testers ),
					selectedCount: toInteger( campaign.selected_count ),
					// Every application, whatever its status.
					applicantsCount:
						statusCounts.applied +
						statusCounts.selected +
						statusCounts.excluded,
					statusCounts,
				},
			};
		},

		/**
		 * Gives the applications `status`, all or none, in one transaction: the campaign's row is read first
		 * (locked on MariaDB, so two selections of one campaign queue there and the second counts the first's
		 * testers), then the applications (each must be the campaign's), the cap, the applications that change,
		 * the campaign's selected count, and an audit entry per changed application.
		 *
		 * With `selected`, `devices` chooses the device of some of them (each one the application was made with).
		 *
		 * @param caller       Who changes them, for the audit trail.
		 * @param campaignId
		 * @param applications Application ids.
		 * @param status
		 * @param devices      Application id → the device it is tested with.
		 * @param now
		 */
		setStatus(
			caller: BackOfficeCaller,
			campaignId: number,
			applications: readonly number[],
			status: ApplicationStatus,
			devices: ReadonlyMap< number, number > = new Map(),
			now: Date = new Date()
		): Promise< StatusChange > {
			const ids = [ ...new Set( applications ) ];
			if (
				devices.size &&
				( status !== 'selected' ||
					[ ...devices.keys() ].some(
						( id ) => ! ids.includes( id )
					) )
			) {
				return Promise.resolve( { outcome: 'bad-device' } );
			}
			return inTransaction( db, async ( trx ) => {
				const campaign = await lock(
					trx
						.selectFrom( 'campaigns' )
						.select( [ 'max_testers', 'selected_count' ] )
						.where( 'id', '=', campaignId )
				).executeTakeFirst();
				if ( ! campaign ) {
					return { outcome: 'no-campaign' };
				}
				const found = await lock(
					trx
						.selectFrom( 'applications' )
						.select( [ 'id', 'status', 'selected_device_id' ] )
						.where( 'id', 'in', ids )
						.where( 'campaign_id', '=', campaignId )
				).execute();
				if ( found.length !== ids.length ) {
					return { outcome: 'no-application' };
				}
				if ( devices.size ) {
					const applied = await trx
						.selectFrom( 'application_devices' )
						.select( [ 'application_id', 'tester_device_id' ] )
						.where( 'application_id', 'in', [ ...devices.keys() ] )
						.execute();
					const made = new Set(
						applied.map(
							( row ) =>
								`${ row.application_id }:${ row.tester_device_id }`
						)
					);
					if (
						[ ...devices ].some(
							( [ application, device ] ) =>
								! made.has( `${ application }:${ device }` )
						)
					) {
						return { outcome: 'bad-device' };
					}
				}
				const changed = found.filter(
					( row ) => row.status !== status
				);
				const entering = status === 'selected' ? changed.length : 0;
				const leaving = changed.filter(
					( row ) => row.status === 'selected'
				).length;
				const selected = toInteger( campaign.selected_count );
				const cap =
					campaign.max_testers === null
						? null
						: toInteger( campaign.max_testers );
				if (
					cap !== null &&
					entering > 0 &&
					selected + entering > cap
				) {
					return { outcome: 'full', cap, selected, asked: entering };
				}
				const selectedCount = Math.max(
					0,
					selected + entering - leaving
				);
				if ( changed.length ) {
					const at = toSqlDateTime( now );
					await trx
						.updateTable( 'applications' )
						.set( { status, updated_at: at } )
						.where(
							'id',
							'in',
							changed.map( ( row ) => row.id )
						)
						.execute();
					if ( selectedCount !== selected ) {
						await trx
							.updateTable( 'campaigns' )
							.set( { selected_count: selectedCount } )
							.where( 'id', '=', campaignId )
							.execute();
					}
					for ( const row of changed ) {
						await recordAudit(
							trx,
							caller,
							{
								action: 'application.status',
								subjectType: 'application',
								subjectId: row.id,
								before: { status: row.status },
								after: { status },
							},
							now
						);
					}
				}
				const rechosen = found.filter(
					( row ) =>
						devices.has( row.id ) &&
						devices.get( row.id ) !== row.selected_device_id
				);
				for ( const row of rechosen ) {
					const device = devices.get( row.id )!;
					await trx
						.updateTable( 'applications' )
						.set( {
							selected_device_id: device,
							updated_at: toSqlDateTime( now ),
						} )
						.where( 'id', '=', row.id )
						.execute();
					await recordAudit(
						trx,
						caller,
						{
							action: 'application.device',
							subjectType: 'application',
							subjectId: row.id,
							before: { device: row.selected_device_id },
							after: { device },
						},
						now
					);
				}
				return {
					outcome: 'updated',
					updated: new Set(
						[ ...changed, ...rechosen ].map( ( row ) => row.id )
					).size,
					campaign: { selectedCount, maxTesters: cap },
				};
			} );
		},
	};
}
