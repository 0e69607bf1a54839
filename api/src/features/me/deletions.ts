import { sql, type Kysely } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database, DeletionReason } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
	fromBoolean,
	fromSqlDateTime,
	toInteger,
	toSqlDateTime,
} from '../../db/values.ts';

/**
 * The account deletion's rows (migrations/0012-profile.ts). A deletion is recorded `pending` before WordPress is
 * asked to delete the user, and finished (`done`) or `cancelled` after: the row tells a later reconciliation where
 * a stopped process left it (features/users/reconcile.ts).
 */

export const DELETION_REASONS: readonly DeletionReason[] = [
	'TOO_MANY_EMAILS',
	'NO_CAMPAIGNS',
	'SIGNUP_BY_MISTAKE',
	'NO_TIME',
	'CAMPAIGNS_NOT_CLEAR',
	'OTHER',
];

/** The address an anonymised tester keeps: unique, and in a domain that never receives mail (RFC 2606). */
export const deletedEmailOf = ( testerId: number ) =>
	`deleted-${ testerId }@deleted.invalid`;

/** A WordPress user id no user has (WordPress's ids are positive), so the tester's old tokens find nobody. */
export const deletedWpUserIdOf = ( testerId: number ) => -testerId;

export interface PendingDeletion {
	id: number;
	testerId: number;
	wpUserId: number;
	/** ISO 8601: when it was asked. */
	requestedAt: string;
}

export type DeletionsRepository = ReturnType<
	typeof createDeletionsRepository
>;

export function createDeletionsRepository( db: Kysely< Database > ) {
	return {
		/**
		 * Records a pending deletion and its reasons, in one transaction.
		 *
		 * @param tester
		 * @param tester.id
		 * @param tester.wpUserId
		 * @param reasons         At least one, each once.
		 * @param other           The tester's own words, plain text.
		 * @return The deletion's id.
		 */
		record(
			tester: { id: number; wpUserId: number },
			reasons: readonly DeletionReason[],
			other: string | null
		): Promise< number > {
			return inTransaction( db, async ( trx ) => {
				const { insertId } = await trx
					.insertInto( 'account_deletions' )
					.values( {
						wp_user_id: tester.wpUserId,
						tester_id: tester.id,
						other_reason: other,
						status: 'pending',
						deleted_at: toSqlDateTime(),
					} )
					.executeTakeFirstOrThrow();
				const id = toInteger( insertId as bigint );
				await trx
					.insertInto( 'account_deletion_reasons' )
					.values(
						reasons.map( ( reason ) => ( {
							deletion_id: id,
							reason,
						} ) )
					)
					.execute();
				return id;
			} );
		},

		/**
		 * Marks a pending deletion cancelled: WordPress kept the user, so nothing is deleted.
		 *
		 * @param id
		 */
		async cancel( id: number ): Promise< void > {
			await db
				.updateTable( 'account_deletions' )
				.set( { status: 'cancelled', finished_at: toSqlDateTime() } )
				.where( 'id', '=', id )
				.where( 'status', '=', 'pending' )
				.execute();
		},

		/**
		 * The pending deletions asked for at `before` or earlier, oldest first.
		 *
		 * @param before
		 */
		async pending( before: Date ): Promise< PendingDeletion[] > {
			const rows = await db
				.selectFrom( 'account_deletions' )
				.select( [ 'id', 'tester_id', 'wp_user_id', 'deleted_at' ] )
				.where( 'status', '=', 'pending' )
				.where( 'deleted_at', '<=', toSqlDateTime( before ) )
				.orderBy( 'deleted_at' )
				.orderBy( 'id' )
				.execute();
			return rows
				.filter( ( row ) => row.tester_id !== null )
				.map( ( row ) => ( {
					id: toInteger( row.id ),
					testerId: toInteger( row.tester_id as number ),
					wpUserId: toInteger( row.wp_user_id ),
					requestedAt: fromSqlDateTime( row.deleted_at ),
				} ) );
		},

		/**
		 * The second half of a deletion, once WordPress no longer has the user, in one transaction: the tester's
		 * personal data goes, the records the company keeps (bugs, applications, payments, booty, experience)
		 * stay attached to the tester row, which is anonymised, and the deletion is marked done.
		 *
		 * @param id The deletion.
		 * @return False when the deletion was not pending (finished or cancelled by someone else).
		 */
		finish( id: number ): Promise< boolean > {
			return inTransaction( db, async ( trx ) => {
				let read = trx
					.selectFrom( 'account_deletions' )
					.select( [ 'tester_id', 'status' ] )
					.where( 'id', '=', id );
				if ( isMysql( db ) ) {
					read = read.forUpdate();
				}
				const deletion = await read.executeTakeFirst();
				if (
					! deletion ||
					deletion.status !== 'pending' ||
					deletion.tester_id === null
				) {
					return false;
				}
				const testerId = toInteger( deletion.tester_id );
				await forgetMonthlyLevels( db, trx, testerId );
				for ( const table of [
					'tester_languages',
					'tester_certifications',
					'tester_custom_values',
					'fiscal_profiles',
					// Their bugs and applications keep no device (set null); application_devices go with them.
					'tester_devices',
					'popup_reads',
					'popup_recipients',
				] as const ) {
					await trx
						.deleteFrom( table )
						.where( 'tester_id', '=', testerId )
						.execute();
				}
				const now = toSqlDateTime();
				await trx
					.updateTable( 'testers' )
					.set( {
						wp_user_id: deletedWpUserIdOf( testerId ),
						email: deletedEmailOf( testerId ),
						name: '',
						surname: '',
						birth_date: null,
						phone: null,
						city: null,
						birth_city: null,
						birth_province: null,
						image: null,
						gender: null,
						referral_code: null,
						own_referral_code: null,
						profession_id: null,
						education_id: null,
						email_confirmed: fromBoolean( false ),
						onboarding_completed: fromBoolean( false ),
						deleted_at: now,
						updated_at: now,
					} )
					.where( 'id', '=', testerId )
					.execute();
				await trx
					.updateTable( 'account_deletions' )
					.set( { status: 'done', finished_at: now } )
					.where( 'id', '=', id )
					.execute();
				return true;
			} );
		},
	};
}

/**
 * Deletes the tester's monthly levels, which take it out of every ranking, with monthly_rank_counts in step
 * (kept by the writers, db/kept-counts.ts; the buckets follow by 0007's delete trigger).
 *
 * @param db       The database `trx` runs on.
 * @param trx
 * @param testerId
 */
async function forgetMonthlyLevels(
	db: Kysely< Database >,
	trx: Kysely< Database >,
	testerId: number
): Promise< void > {
	let read = trx
		.selectFrom( 'tester_monthly_levels' )
		.select( [ 'month', 'level_id', 'points' ] )
		.where( 'tester_id', '=', testerId );
	if ( isMysql( db ) ) {
		read = read.forUpdate();
	}
	const rows = await read.execute();
	for ( const row of rows ) {
		await trx
			.updateTable( 'monthly_rank_counts' )
			.set( { testers: sql< number >`testers - 1` } )
			.where( 'month', '=', row.month )
			.where( 'level_id', '=', row.level_id )
			.where( 'points', '=', toInteger( row.points ) )
			.execute();
	}
	await trx
		.deleteFrom( 'tester_monthly_levels' )
		.where( 'tester_id', '=', testerId )
		.execute();
}
