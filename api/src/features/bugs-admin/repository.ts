/**
 * The back office's bug review (issue 27): a campaign's bugs, one bug's whole report, and the review that moves a
 * bug between statuses. The first approval of a bug pays it (bug_rewards, one row per bug ever): experience points
 * of its severity and the campaign's payout of its severity, capped by the campaign's payout limit.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminBug, AdminBugItem } from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { isMysql } from '../../db/engine.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fromSqlDateTime, toInteger, toSqlDateTime } from '../../db/values.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';
import { recordAudit } from '../audit/repository.ts';
import { pageOf, type Page, type SortOrder } from '../paging.ts';
import {
	ACTIVITY,
	BUG_POINTS,
	awardBooty,
	awardExperience,
} from '../rewards/ledger.ts';
import { createBugsRepository } from '../bugs/repository.ts';

export type AdminBugStatus = AdminBugItem[ 'status' ];
export type AdminBugSeverity = AdminBugItem[ 'severity' ];
export type ReviewStatus = Exclude< AdminBugStatus, 'pending' >;

/** bugs.status_id of each status (db/schema.ts BugsTable). */
export const STATUS_IDS: Record< AdminBugStatus, number > = {
	refused: 1,
	approved: 2,
	pending: 3,
	'need-review': 4,
};
const STATUS_NAMES: Record< number, AdminBugStatus > = {
	1: 'refused',
	2: 'approved',
	3: 'pending',
	4: 'need-review',
};

export const SEVERITY_IDS: Record< AdminBugSeverity, number > = {
	low: 1,
	medium: 2,
	high: 3,
	critical: 4,
};
const SEVERITY_NAMES: Record< number, AdminBugSeverity > = {
	1: 'low',
	2: 'medium',
	3: 'high',
	4: 'critical',
};
/** The campaign's payout of an approved bug of each severity. */
const PAYOUT_COLUMNS = {
	1: 'low_bug_payout_cents',
	2: 'medium_bug_payout_cents',
	3: 'high_bug_payout_cents',
	4: 'critical_bug_payout_cents',
} as const;

const TYPE_NAMES: Record< number, AdminBugItem[ 'type' ] > = {
	1: 'crash',
	2: 'graphic',
	3: 'performance',
	4: 'malfunction',
	5: 'typo',
	6: 'other',
	7: 'security',
	8: 'usability',
};
const REPLICABILITY_NAMES: Record< number, AdminBugItem[ 'replicability' ] > = {
	1: 'once',
	2: 'sometimes',
	3: 'always',
};

export interface AdminBugQuery {
	status?: AdminBugStatus;
	severity?: AdminBugSeverity;
	search?: string;
	start: number;
	limit: number;
	order: SortOrder;
}

/** A bug's report as the back office reads it, its media as stored (the route signs their URLs). */
export type AdminBugRow = Omit< AdminBug, 'media' | 'paid' > & {
	media: Array< {
		id: number;
		name: string;
		mimeType: string | null;
		storageKey: string;
	} >;
};

/** What a review paid: points and gross in cents. */
export interface Payment {
	points: number;
	grossCents: number;
}

export type ReviewOutcome =
	| { outcome: 'not-found' }
	| { outcome: 'reviewed'; paid: Payment | null };

/** A review's decision: the status and the comment the tester reads (null for none). */
export interface Review {
	status: ReviewStatus;
	comment: string | null;
}

/** What a batch review did: the bugs that changed and what their approvals paid in all. */
export type BatchOutcome =
	| { outcome: 'not-found' }
	| { outcome: 'reviewed'; reviewed: number; paid: Payment };

/** The columns of a bug a review reads before it writes. */
const REVIEWED_COLUMNS = [
	'id',
	'tester_id',
	'campaign_id',
	'severity_id',
	'status_id',
	'review_comment',
] as const;

interface ReviewedBug {
	id: number;
	tester_id: number;
	campaign_id: number;
	severity_id: number;
	status_id: number;
	review_comment: string | null;
}

/** The name a bug's booty entry carries in the tester's booty details. */
export const bootyNameOf = ( campaignId: number, bugId: number ) =>
	`CP${ campaignId } - Bug ${ bugId }`;

/**
 * A LIKE pattern that matches `text` anywhere, with `!` as the escape character (the one both engines take the
 * same way: MariaDB's default backslash means something else to SQLite).
 *
 * @param text
 */
const containing = ( text: string ) =>
	`%${ text.replace( /[!%_]/g, ( character ) => `!${ character }` ) }%`;

const isDuplicateKey = ( error: unknown ) => {
	const code = ( error as { code?: unknown } | null )?.code;
	return (
		code === 'ER_DUP_ENTRY' ||
		code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
		code === 'SQLITE_CONSTRAINT_UNIQUE'
	);
};

export type BugsAdminRepository = ReturnType<
	typeof createBugsAdminRepository
>;

/**
 * @param db
 */
export function createBugsAdminRepository( db: Kysely< Database > ) {
	const bugs = createBugsRepository( db );

	/**
	 * Reads on MariaDB that lock what they read until the transaction ends (and so read the latest committed rows);
	 * SQLite's transactions hold the whole database, so nothing more is needed there.
	 *
	 * @param query
	 */
	const locking = < Query extends { forUpdate: () => Query } >(
		query: Query
	): Query => ( isMysql( db ) ? query.forUpdate() : query );

	/**
	 * The filters of the list, on `bugs as b`.
	 *
	 * @param campaignId
	 * @param query
	 */
	const matching = ( campaignId: number, query: AdminBugQuery ) => {
		let select = db
			.selectFrom( 'bugs as b' )
			.where( 'b.campaign_id', '=', campaignId );
		if ( query.status ) {
			select = select.where(
				'b.status_id',
				'=',
				STATUS_IDS[ query.status ]
			);
		}
		if ( query.severity ) {
			select = select.where(
				'b.severity_id',
				'=',
				SEVERITY_IDS[ query.severity ]
			);
		}
		const search = query.search?.trim();
		if ( search ) {
			select = select.where(
				sql< boolean >`b.title like ${ containing(
					search
				) } escape '!'`
			);
		}
		return select;
	};

	/**
	 * Pays a bug's first approval, in the review's transaction: a bug_rewards row (none yet, or none), the
	 * experience of its severity and the campaign's payout of its severity, capped by the payout limit.
	 *
	 * @param trx
	 * @param caller
	 * @param bug
	 * @param bug.id
	 * @param bug.testerId
	 * @param bug.campaignId
	 * @param bug.severityId
	 * @param now
	 * @return What was paid; null when the bug was paid before.
	 */
	async function payOnce(
		trx: Transaction< Database >,
		caller: BackOfficeCaller,
		bug: {
			id: number;
			testerId: number;
			campaignId: number;
			severityId: number;
		},
		now: Date
	): Promise< Payment | null > {
		const rewarded = await locking(
			trx
				.selectFrom( 'bug_rewards' )
				.select( 'bug_id' )
				.where( 'bug_id', '=', bug.id )
		).executeTakeFirst();
		if ( rewarded ) {
			return null;
		}
		const payoutColumn = PAYOUT_COLUMNS[ bug.severityId as 1 ];
		const campaign = await locking(
			trx
				.selectFrom( 'campaigns' )
				.select( [
					`${ payoutColumn } as payout`,
					'payout_limit_cents',
				] )
				.where( 'id', '=', bug.campaignId )
		).executeTakeFirstOrThrow();
		let grossCents = toInteger( campaign.payout );
		const limit = toInteger( campaign.payout_limit_cents );
		if ( limit > 0 ) {
			// A plain read, and the transaction's first: it comes after the campaign's row was updated (a status
			// change), which serialises every paying review of the campaign, so it sees each earlier payment. A
			// locking read here would lock the tester's other bugs, which another review may hold.
			const earned = await trx
				.selectFrom( 'bug_rewards as r' )
				.innerJoin( 'bugs as b', 'b.id', 'r.bug_id' )
				.select( ( eb ) =>
					eb.fn
						.coalesce( eb.fn.sum( 'r.gross_cents' ), sql`0` )
						.as( 'total' )
				)
				.where( 'r.tester_id', '=', bug.testerId )
				.where( 'b.campaign_id', '=', bug.campaignId )
				.executeTakeFirstOrThrow();
			const total = toInteger( earned.total as number | string | bigint );
			grossCents = Math.max( 0, Math.min( grossCents, limit - total ) );
		}
		const points = BUG_POINTS[ bug.severityId ] ?? 0;
		try {
			await trx
				.insertInto( 'bug_rewards' )
				.values( {
					bug_id: bug.id,
					tester_id: bug.testerId,
					points,
					gross_cents: grossCents,
					approved_by: caller.wpUserId,
					created_at: toSqlDateTime( now ),
				} )
				.execute();
		} catch ( error ) {
			// Another approval paid it meanwhile (only possible where the bug's row was not locked).
			if ( isDuplicateKey( error ) ) {
				return null;
			}
			throw error;
		}
		const name = bootyNameOf( bug.campaignId, bug.id );
		await awardExperience( db, trx, {
			testerId: bug.testerId,
			amount: points,
			activityId: ACTIVITY.bugEvaluation,
			campaignId: bug.campaignId,
			note: name,
			at: now,
		} );
		await awardBooty( trx, {
			testerId: bug.testerId,
			campaignId: bug.campaignId,
			activityId: ACTIVITY.bugEvaluation,
			name,
			grossCents,
			at: now,
		} );
		return { points, grossCents };
	}

	/**
	 * The work of a review on one bug whose row the transaction has read (and, on MariaDB, locked): its status and
	 * comment, the campaign's counts per status, the tester's approved bugs, the first approval's payment and the
	 * audit entry. Nothing is written when neither the status nor the comment changes.
	 *
	 * @param trx
	 * @param caller
	 * @param bug
	 * @param review
	 * @param now
	 * @return Whether the bug changed, and what its approval paid (null when nothing).
	 */
	async function reviewLocked(
		trx: Transaction< Database >,
		caller: BackOfficeCaller,
		bug: ReviewedBug,
		review: Review,
		now: Date
	): Promise< { changed: boolean; paid: Payment | null } > {
		const from = bug.status_id;
		const to = STATUS_IDS[ review.status ];
		if ( from === to && bug.review_comment === review.comment ) {
			return { changed: false, paid: null };
		}
		await trx
			.updateTable( 'bugs' )
			.set( {
				status_id: to,
				review_comment: review.comment,
				updated_at: toSqlDateTime( now ),
			} )
			.where( 'id', '=', bug.id )
			.execute();
		if ( from !== to ) {
			const approvedStep =
				( to === STATUS_IDS.approved ? 1 : 0 ) -
				( from === STATUS_IDS.approved ? 1 : 0 );
			if ( approvedStep !== 0 ) {
				await trx
					.updateTable( 'testers' )
					.set( {
						approved_bugs: sql< number >`approved_bugs + ${ approvedStep }`,
					} )
					.where( 'id', '=', bug.tester_id )
					.execute();
			}
		}
		// Only entering approved pays: a bug approved before the back office (the seed's) is not paid by a change
		// of its comment.
		const paid =
			to === STATUS_IDS.approved && from !== to
				? await payOnce(
						trx,
						caller,
						{
							id: bug.id,
							testerId: bug.tester_id,
							campaignId: bug.campaign_id,
							severityId: bug.severity_id,
						},
						now
				  )
				: null;
		await recordAudit(
			trx,
			caller,
			{
				action: 'bug.review',
				subjectType: 'bug',
				subjectId: bug.id,
				before: {
					status: STATUS_NAMES[ from ],
					reviewComment: bug.review_comment,
				},
				after: {
					status: review.status,
					reviewComment: review.comment,
					...( paid
						? {
								paid: {
									points: paid.points,
									gross: paid.grossCents / 100,
								},
						  }
						: {} ),
				},
				note: review.comment,
			},
			now
		);
		return { changed: true, paid };
	}

	return {
		/**
		 * The campaign a bug belongs to, for the access check; undefined when there is no such bug.
		 *
		 * @param bugId
		 */
		async campaignOf( bugId: number ): Promise< number | undefined > {
			const row = await db
				.selectFrom( 'bugs' )
				.select( 'campaign_id' )
				.where( 'id', '=', bugId )
				.executeTakeFirst();
			return row?.campaign_id;
		},

		/**
		 * One page of a campaign's bugs, by id.
		 *
		 * @param campaignId
		 * @param query
		 */
		async list(
			campaignId: number,
			query: AdminBugQuery
		): Promise< Page< AdminBugItem > > {
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const [ rows, count ] = await Promise.all( [
				matching( campaignId, query )
					.innerJoin( 'testers as t', 't.id', 'b.tester_id' )
					.select( ( eb ) => [
						'b.id',
						'b.title',
						'b.status_id',
						'b.severity_id',
						'b.type_id',
						'b.replicability_id',
						'b.created_at',
						'b.updated_at',
						'b.review_comment',
						't.id as tester_id',
						't.name',
						't.surname',
						eb
							.selectFrom( 'bug_media as m' )
							.select( ( inner ) =>
								inner.fn.countAll().as( 'n' )
							)
							.whereRef( 'm.bug_id', '=', 'b.id' )
							.as( 'media_count' ),
					] )
					.orderBy( 'b.id', direction )
					.limit( query.limit )
					.offset( query.start )
					.execute(),
				matching( campaignId, query )
					.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
					.executeTakeFirstOrThrow(),
			] );
			return pageOf(
				rows.map( ( row ) => ( {
					id: row.id,
					title: row.title,
					status: STATUS_NAMES[ row.status_id ],
					severity: SEVERITY_NAMES[ row.severity_id ],
					type: TYPE_NAMES[ row.type_id ],
					replicability: REPLICABILITY_NAMES[ row.replicability_id ],
					created: fromSqlDateTime( row.created_at ),
					updated: fromSqlDateTime( row.updated_at ),
					reviewComment: row.review_comment,
					tester: {
						id: row.tester_id,
						name: row.name,
						surname: row.surname,
					},
					mediaCount: toInteger(
						( row.media_count ?? 0 ) as number | string | bigint
					),
				} ) ),
				query,
				toInteger( count.total as number | string | bigint )
			);
		},

		/**
		 * A bug's whole report with its tester.
		 *
		 * @param bugId
		 * @return undefined when there is no such bug.
		 */
		async find( bugId: number ): Promise< AdminBugRow | undefined > {
			const owner = await db
				.selectFrom( 'bugs as b' )
				.innerJoin( 'testers as t', 't.id', 'b.tester_id' )
				.select( [ 't.id', 't.wp_user_id', 't.name', 't.surname' ] )
				.where( 'b.id', '=', bugId )
				.executeTakeFirst();
			// The report as its tester's own page reads it, through the tester's WordPress user.
			const bug =
				owner &&
				( await bugs.findOwn( toInteger( owner.wp_user_id ), bugId ) );
			if ( ! owner || ! bug ) {
				return undefined;
			}
			return {
				id: bug.id,
				title: bug.title,
				status: STATUS_NAMES[ bug.status.id ],
				severity: SEVERITY_NAMES[ bug.severity.id ],
				type: TYPE_NAMES[ bug.type.id ],
				replicability: REPLICABILITY_NAMES[ bug.replicability.id ],
				created: bug.created,
				updated: bug.updated,
				reviewComment: bug.review.comment,
				tester: {
					id: owner.id,
					name: owner.name,
					surname: owner.surname,
				},
				campaign: bug.campaign,
				useCase: bug.useCase,
				device: bug.device,
				steps: bug.stepDescription,
				expected: bug.expected,
				current: bug.current,
				notes: bug.notes,
				occurredAt: bug.lastSeen,
				additional: bug.additional,
				media: bug.media,
			};
		},

		/**
		 * Reviews a bug: its status and comment, the campaign's counts per status, the tester's approved bugs, the
		 * first approval's payment and the audit entry, in one transaction. The bug's row is read first and, on
		 * MariaDB, locked, so of two reviews at once the second sees the first's outcome; a review that changes
		 * neither status nor comment writes nothing.
		 *
		 * @param caller
		 * @param bugId
		 * @param review
		 * @param now
		 */
		review(
			caller: BackOfficeCaller,
			bugId: number,
			review: Review,
			now: Date = new Date()
		): Promise< ReviewOutcome > {
			return inTransaction( db, async ( trx ) => {
				const bug = await locking(
					trx
						.selectFrom( 'bugs' )
						.select( REVIEWED_COLUMNS )
						.where( 'id', '=', bugId )
				).executeTakeFirst();
				if ( ! bug ) {
					return { outcome: 'not-found' };
				}
				const { paid } = await reviewLocked(
					trx,
					caller,
					bug,
					review,
					now
				);
				return { outcome: 'reviewed', paid };
			} );
		},

		/**
		 * Reviews several bugs of a campaign the same way, all or nothing: each as review() reviews one, in ONE
		 * transaction. Their rows are read and, on MariaDB, locked first, in the order of their ids (so two batches
		 * and single reviews wait for each other rather than deadlock); when one of the ids is not a bug of the
		 * campaign nothing is written.
		 *
		 * @param caller
		 * @param campaignId
		 * @param bugIds
		 * @param review
		 * @param now
		 */
		reviewMany(
			caller: BackOfficeCaller,
			campaignId: number,
			bugIds: readonly number[],
			review: Review,
			now: Date = new Date()
		): Promise< BatchOutcome > {
			const ids = [ ...new Set( bugIds ) ].sort( ( a, b ) => a - b );
			return inTransaction( db, async ( trx ) => {
				// By primary key only (the campaign checked below), so MariaDB locks just these rows.
				const found = ids.length
					? await locking(
							trx
								.selectFrom( 'bugs' )
								.select( REVIEWED_COLUMNS )
								.where( 'id', 'in', ids )
								.orderBy( 'id' )
					  ).execute()
					: [];
				if (
					found.length !== ids.length ||
					found.some(
						( bug ) => toInteger( bug.campaign_id ) !== campaignId
					)
				) {
					return { outcome: 'not-found' };
				}
				let reviewed = 0;
				const paid: Payment = { points: 0, grossCents: 0 };
				for ( const bug of found ) {
					const done = await reviewLocked(
						trx,
						caller,
						bug,
						review,
						now
					);
					if ( done.changed ) {
						reviewed++;
					}
					if ( done.paid ) {
						paid.points += done.paid.points;
						paid.grossCents += done.paid.grossCents;
					}
				}
				return { outcome: 'reviewed', reviewed, paid };
			} );
		},
	};
}
