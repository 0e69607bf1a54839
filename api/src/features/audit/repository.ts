/**
 * The back office's audit trail (issue 27): every change of money, points or selection made from wp-admin, with who
 * made it, when, and the record before and after. Written inside the transaction of the change it records, so the
 * two land together; read back on the record's own screen.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toInteger, toSqlDateTime, fromSqlDateTime } from '../../db/values.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';

/** The records the trail is kept for. */
export const AUDIT_SUBJECTS = [
	'application',
	'bug',
	'campaign',
	'fiscal_profile',
	'payment',
	'popup',
	'tester',
] as const;
export type AuditSubject = ( typeof AUDIT_SUBJECTS )[ number ];

export interface AuditRecord {
	/** What was done, e.g. "bug.approve", "application.select", "payment.paid". */
	action: string;
	subjectType: AuditSubject;
	subjectId: number;
	before?: unknown;
	after?: unknown;
	/** The reason or comment the user gave, if any. */
	note?: string | null;
}

export interface AuditEntry {
	id: number;
	actor: number;
	actorRole: string;
	action: string;
	subjectType: string;
	subjectId: number;
	before: unknown;
	after: unknown;
	note: string | null;
	/** ISO 8601, UTC. */
	date: string;
}

/**
 * Records a change, inside the transaction that made it.
 *
 * @param trx
 * @param caller The back-office user who made it.
 * @param record
 * @param at
 */
export async function recordAudit(
	trx: Transaction< Database >,
	caller: Pick< BackOfficeCaller, 'wpUserId' | 'claims' >,
	record: AuditRecord,
	at: Date = new Date()
): Promise< void > {
	await trx
		.insertInto( 'audit_entries' )
		.values( {
			actor_wp_user_id: caller.wpUserId,
			actor_role: caller.claims.role,
			action: record.action,
			subject_type: record.subjectType,
			subject_id: record.subjectId,
			before_json:
				record.before === undefined
					? null
					: JSON.stringify( record.before ),
			after_json:
				record.after === undefined
					? null
					: JSON.stringify( record.after ),
			note: record.note ?? null,
			created_at: toSqlDateTime( at ),
		} )
		.execute();
}

const parse = ( json: string | null ): unknown =>
	json === null ? null : JSON.parse( json );

export type AuditRepository = ReturnType< typeof createAuditRepository >;

export function createAuditRepository( db: Kysely< Database > ) {
	return {
		/**
		 * A record's trail, newest first.
		 *
		 * @param subjectType
		 * @param subjectId
		 * @param start
		 * @param limit
		 */
		async list(
			subjectType: AuditSubject,
			subjectId: number,
			start: number,
			limit: number
		): Promise< { results: AuditEntry[]; total: number } > {
			const where = db
				.selectFrom( 'audit_entries' )
				.where( 'subject_type', '=', subjectType )
				.where( 'subject_id', '=', subjectId );
			const [ rows, count ] = await Promise.all( [
				where
					.selectAll()
					.orderBy( 'id', 'desc' )
					.limit( limit )
					.offset( start )
					.execute(),
				where
					.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
					.executeTakeFirstOrThrow(),
			] );
			return {
				total: toInteger( count.n ),
				results: rows.map( ( row ) => ( {
					id: row.id,
					actor: toInteger( row.actor_wp_user_id ),
					actorRole: row.actor_role,
					action: row.action,
					subjectType: row.subject_type,
					subjectId: row.subject_id,
					before: parse( row.before_json ),
					after: parse( row.after_json ),
					note: row.note,
					date: fromSqlDateTime( row.created_at ),
				} ) ),
			};
		},

		/**
		 * The campaign a record belongs to, for the records a tester lead may see (null: not a campaign's, or
		 * unknown).
		 *
		 * @param subjectType
		 * @param subjectId
		 */
		async campaignOf(
			subjectType: AuditSubject,
			subjectId: number
		): Promise< number | null > {
			if ( subjectType === 'campaign' ) {
				return subjectId;
			}
			if ( subjectType !== 'bug' && subjectType !== 'application' ) {
				return null;
			}
			const row = await db
				.selectFrom( subjectType === 'bug' ? 'bugs' : 'applications' )
				.select( 'campaign_id' )
				.where( 'id', '=', subjectId )
				.executeTakeFirst();
			return row ? row.campaign_id : null;
		},
	};
}
