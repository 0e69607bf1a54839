/**
 * The back office's testers (issue 27): the list an administrator searches, one tester's record, and the points an
 * administrator adds or takes away with a reason.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database, FiscalType } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
	fromSqlDateTime,
	toBoolean,
	toInteger,
	toNullableInteger,
} from '../../db/values.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';
import { recordAudit } from '../audit/repository.ts';
import { pageOf, type Page } from '../paging.ts';
import { monthOf } from '../ranking/rank.ts';
import { ACTIVITY, awardExperience } from '../rewards/ledger.ts';

/** The activities of a manual change of points, as the contract names them. */
export const EXPERIENCE_ACTIVITIES = {
	'points-fix': ACTIVITY.pointsFix,
	'extra-award': ACTIVITY.extraAward,
} as const;
export type ExperienceActivity = keyof typeof EXPERIENCE_ACTIVITIES;

export interface TesterListQuery {
	/** Words each found in the name, surname or e-mail; or a tester's id ("42" or "T42"), which finds only them. */
	search?: string;
	start: number;
	limit: number;
}

export interface AdminTesterRow {
	id: number;
	wpUserId: number;
	name: string;
	surname: string;
	email: string;
	country: string | null;
	totalExpPts: number;
	level: { id: number; name: string } | null;
	/** ISO 8601, UTC. */
	createdAt: string;
	isVerified: boolean;
}

export interface AdminTesterRecord extends AdminTesterRow {
	fiscal: {
		type: FiscalType;
		status: 'verified' | 'unverified';
		reviewNote: string | null;
		reviewedAt: string | null;
	} | null;
	/** Booty earned and not yet asked for, in cents (net null when the tester's fiscal type had none). */
	pendingGrossCents: number;
	pendingNetCents: number | null;
	/** Booty earned since sign-up, in cents. */
	earnedGrossCents: number;
	earnedNetCents: number | null;
}

export interface ExperienceChange {
	testerId: number;
	amount: number;
	activity: ExperienceActivity;
	reason: string;
}

export type ExperienceOutcome =
	| { outcome: 'changed'; totalExpPts: number }
	| { outcome: 'not-found' }
	| { outcome: 'below-zero'; totalExpPts: number };

/** `%` and `_` are literal in a search ("!" escapes them: the same on both engines). */
const containing = ( word: string ) =>
	`%${ word.replace( /[!%_]/g, ( character ) => `!${ character }` ) }%`;

/** A search that names a tester by id: "42" or "T42". */
const TESTER_ID = /^t?(\d{1,9})$/i;

export type TestersAdminRepository = ReturnType<
	typeof createTestersAdminRepository
>;

/**
 * @param db
 */
export function createTestersAdminRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );

	/**
	 * The testers an administrator can find (deleted accounts are anonymised and left out), with their level of
	 * the month `month`.
	 *
	 * @param month YYYY-MM-01.
	 */
	const testers = ( month: string ) =>
		db
			.selectFrom( 'testers as t' )
			.leftJoin( 'tester_monthly_levels as ml', ( join ) =>
				join
					.onRef( 'ml.tester_id', '=', 't.id' )
					.on( 'ml.month', '=', month )
			)
			.leftJoin( 'levels as l', 'l.id', 'ml.level_id' )
			.where( 't.deleted_at', 'is', null );

	const columns = [
		't.id',
		't.wp_user_id',
		't.name',
		't.surname',
		't.email',
		't.country',
		't.total_exp_pts',
		't.created_at',
		't.is_verified',
		'l.id as level_id',
		'l.name as level_name',
	] as const;

	type Row = {
		id: number;
		wp_user_id: number | string;
		name: string;
		surname: string;
		email: string;
		country: string | null;
		total_exp_pts: number | string;
		created_at: string;
		is_verified: number;
		level_id: number | null;
		level_name: string | null;
	};

	const present = ( row: Row ): AdminTesterRow => ( {
		id: row.id,
		wpUserId: toInteger( row.wp_user_id ),
		name: row.name,
		surname: row.surname,
		email: row.email,
		country: row.country,
		totalExpPts: toInteger( row.total_exp_pts ),
		level:
			row.level_id === null
				? null
				: { id: row.level_id, name: row.level_name ?? '' },
		createdAt: fromSqlDateTime( row.created_at ),
		isVerified: toBoolean( row.is_verified ),
	} );

	return {
		/**
		 * A page of testers, newest first (by id: testers are numbered as they sign up). A search keeps the
		 * testers whose name, surname or e-mail holds each of its words; a search that is an id finds that tester
		 * (its digits would match half the e-mails otherwise). A search
		 * reads every tester's row (the back office's occasional look-up, not a tester's page); the unfiltered
		 * list walks the primary key.
		 *
		 * @param query
		 * @param now   For the month of the levels.
		 */
		async list(
			query: TesterListQuery,
			now: Date = new Date()
		): Promise< Page< AdminTesterRow > > {
			const words = ( query.search ?? '' )
				.split( /\s+/ )
				.filter( Boolean );
			const byId = TESTER_ID.exec( query.search?.trim() ?? '' );
			const holds = ( word: string ) =>
				sql< boolean >`(t.name like ${ containing(
					word
				) } escape '!' or t.surname like ${ containing(
					word
				) } escape '!' or t.email like ${ containing(
					word
				) } escape '!')`;
			// One condition for the page and its count: `t` is the testers' table in both.
			let filter: RawBuilder< SqlBool > | undefined;
			if ( byId ) {
				filter = sql< SqlBool >`t.id = ${ Number( byId[ 1 ] ) }`;
			} else if ( words.length ) {
				filter = sql< SqlBool >`${ sql.join(
					words.map( holds ),
					sql` and `
				) }`;
			}
			const listed = testers( monthOf( now ) );
			const counted = db
				.selectFrom( 'testers as t' )
				.where( 't.deleted_at', 'is', null );
			const [ rows, count ] = await Promise.all( [
				( filter ? listed.where( filter ) : listed )
					.select( columns )
					.orderBy( 't.id', 'desc' )
					.limit( query.limit )
					.offset( query.start )
					.execute(),
				// Counted without the level's joins, which add nothing to it (one level a month at most): the
				// count reads only the testers' rows.
				( filter ? counted.where( filter ) : counted )
					.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
					.executeTakeFirstOrThrow(),
			] );
			return pageOf(
				rows.map( present ),
				query,
				toInteger( count.total as number | string | bigint )
			);
		},

		/**
		 * One tester's record: the row, level, fiscal profile's review and booty; undefined when there is no such
		 * tester (or the account was deleted).
		 *
		 * @param testerId
		 * @param now      For the month of the level.
		 */
		async find(
			testerId: number,
			now: Date = new Date()
		): Promise< AdminTesterRecord | undefined > {
			const row = await testers( monthOf( now ) )
				.leftJoin( 'fiscal_profiles as f', 'f.tester_id', 't.id' )
				.select( columns )
				.select( [
					't.pending_booty_gross_cents',
					't.pending_booty_net_cents',
					't.booty_gross_cents',
					't.booty_net_cents',
					'f.type as fiscal_type',
					'f.status as fiscal_status',
					'f.review_note',
					'f.reviewed_at',
				] )
				.where( 't.id', '=', testerId )
				.executeTakeFirst();
			if ( ! row ) {
				return undefined;
			}
			return {
				...present( row ),
				fiscal:
					row.fiscal_type === null || row.fiscal_status === null
						? null
						: {
								type: row.fiscal_type,
								status: row.fiscal_status,
								reviewNote: row.review_note,
								reviewedAt:
									row.reviewed_at === null
										? null
										: fromSqlDateTime( row.reviewed_at ),
						  },
				pendingGrossCents: toInteger( row.pending_booty_gross_cents ),
				pendingNetCents: toNullableInteger(
					row.pending_booty_net_cents
				),
				earnedGrossCents: toInteger( row.booty_gross_cents ),
				earnedNetCents: toNullableInteger( row.booty_net_cents ),
			};
		},

		/**
		 * Adds signed points to a tester with a reason (the ledger's entry, total and month's points) and records
		 * who did it, in one transaction. The tester's row is read (locked on MariaDB) before the change, so two
		 * corrections at once cannot both take a total below zero; a correction that would is refused.
		 *
		 * @param change
		 * @param caller The administrator making it.
		 * @param now
		 */
		async changeExperience(
			change: ExperienceChange,
			caller: Pick< BackOfficeCaller, 'wpUserId' | 'claims' >,
			now: Date = new Date()
		): Promise< ExperienceOutcome > {
			return inTransaction( db, async ( trx ) => {
				let read = trx
					.selectFrom( 'testers' )
					.select( 'total_exp_pts' )
					.where( 'id', '=', change.testerId )
					.where( 'deleted_at', 'is', null );
				if ( mysql ) {
					read = read.forUpdate();
				}
				const tester = await read.executeTakeFirst();
				if ( ! tester ) {
					return { outcome: 'not-found' };
				}
				const before = toInteger( tester.total_exp_pts );
				const after = before + change.amount;
				if ( after < 0 ) {
					return { outcome: 'below-zero', totalExpPts: before };
				}
				await awardExperience( db, trx, {
					testerId: change.testerId,
					amount: change.amount,
					activityId: EXPERIENCE_ACTIVITIES[ change.activity ],
					campaignId: null,
					note: change.reason,
					at: now,
				} );
				await recordAudit(
					trx,
					caller,
					{
						action: 'tester.experience',
						subjectType: 'tester',
						subjectId: change.testerId,
						before: { totalExpPts: before },
						after: {
							totalExpPts: after,
							amount: change.amount,
							activity: change.activity,
						},
						note: change.reason,
					},
					now
				);
				return { outcome: 'changed', totalExpPts: after };
			} );
		},
	};
}
