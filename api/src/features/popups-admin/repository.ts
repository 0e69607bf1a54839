import type { Kysely, Transaction } from 'kysely';
import type { AdminPopup, AdminPopupSummary } from '../../contract/index.ts';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
	fromBoolean,
	fromSqlDateTime,
	toBoolean,
	toInteger,
	toSqlDateTime,
} from '../../db/values.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';
import { recordAudit } from '../audit/repository.ts';
import { pageOf, type Page } from '../paging.ts';
import { decodePopupContent, encodePopupContent } from '../popups/content.ts';

/**
 * The back office's side of the popups (issue 27, Messages): every popup with its counts, one popup to edit, and
 * writing or removing one with its recipients, each write in one transaction with its audit entry. The content is
 * stored in the inbox's format (popups/content.ts); the inbox's side is features/popups.
 */

/** A popup as the back office writes it, validated by the route. */
export interface PopupDraft {
	title: string;
	/** HTML. */
	content: string;
	target: 'all' | 'list';
	/** Tester ids, distinct; empty for `all`. */
	testers: number[];
	once: boolean;
	/** ISO 8601, or null for never. */
	expiresAt: string | null;
}

export type PopupWrite =
	| { outcome: 'saved'; popup: AdminPopup }
	| { outcome: 'unknown-testers'; ids: number[] }
	| { outcome: 'not-found' };

/** What the audit trail keeps of a popup: everything but the content, whose size stands for it. */
interface PopupAudit {
	title: string;
	target: 'all' | 'list';
	testers: number[];
	once: boolean;
	expiresAt: string | null;
	contentBytes: number;
}

/** Recipient rows per INSERT, well under both engines' limits on bound values. */
const INSERT_CHUNK = 500;

type Reader = Kysely< Database > | Transaction< Database >;

const isoOrNull = ( value: string | null ) =>
	value === null ? null : fromSqlDateTime( value );

/**
 * The testers of `ids` that do not exist (or deleted their account), in the order given.
 *
 * @param db
 * @param ids
 */
async function unknownTesters(
	db: Reader,
	ids: number[]
): Promise< number[] > {
	const known = new Set< number >();
	for ( let at = 0; at < ids.length; at += INSERT_CHUNK ) {
		const rows = await db
			.selectFrom( 'testers' )
			.select( 'id' )
			.where( 'id', 'in', ids.slice( at, at + INSERT_CHUNK ) )
			.where( 'deleted_at', 'is', null )
			.execute();
		rows.forEach( ( row ) => known.add( toInteger( row.id ) ) );
	}
	return ids.filter( ( id ) => ! known.has( id ) );
}

/**
 * Replaces the popup's recipients by `testers`.
 *
 * @param trx
 * @param popupId
 * @param testers
 */
async function writeRecipients(
	trx: Transaction< Database >,
	popupId: number,
	testers: number[]
): Promise< void > {
	await trx
		.deleteFrom( 'popup_recipients' )
		.where( 'popup_id', '=', popupId )
		.execute();
	for ( let at = 0; at < testers.length; at += INSERT_CHUNK ) {
		await trx
			.insertInto( 'popup_recipients' )
			.values(
				testers.slice( at, at + INSERT_CHUNK ).map( ( testerId ) => ( {
					popup_id: popupId,
					tester_id: testerId,
				} ) )
			)
			.execute();
	}
}

/**
 * The popup as the back office edits it, read through `db` (a transaction's after a write).
 *
 * @param db
 * @param popupId
 */
async function readPopup(
	db: Reader,
	popupId: number
): Promise< AdminPopup | undefined > {
	const row = await db
		.selectFrom( 'popups' )
		.selectAll()
		.where( 'id', '=', popupId )
		.executeTakeFirst();
	if ( ! row ) {
		return undefined;
	}
	const [ recipients, reads ] = await Promise.all( [
		db
			.selectFrom( 'popup_recipients as r' )
			.innerJoin( 'testers as t', 't.id', 'r.tester_id' )
			.select( [ 't.id', 't.name', 't.surname' ] )
			.where( 'r.popup_id', '=', popupId )
			.orderBy( 't.id' )
			.execute(),
		db
			.selectFrom( 'popup_reads' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.where( 'popup_id', '=', popupId )
			.executeTakeFirstOrThrow(),
	] );
	return {
		id: toInteger( row.id ),
		title: row.title,
		content: decodePopupContent( row.content ),
		target: row.target,
		recipients:
			row.target === 'list'
				? recipients.map( ( tester ) => ( {
						id: toInteger( tester.id ),
						name: tester.name,
						surname: tester.surname,
				  } ) )
				: [],
		once: toBoolean( row.is_once ),
		expiresAt: isoOrNull( row.expires_at ),
		createdAt: fromSqlDateTime( row.created_at ),
		reads: toInteger( reads.n as number | string | bigint ),
	};
}

const auditOf = ( popup: AdminPopup ): PopupAudit => ( {
	title: popup.title,
	target: popup.target,
	testers: popup.recipients.map( ( tester ) => tester.id ),
	once: popup.once,
	expiresAt: popup.expiresAt,
	contentBytes: Buffer.byteLength( popup.content, 'utf8' ),
} );

const columnsOf = ( draft: PopupDraft ) => ( {
	title: draft.title,
	content: encodePopupContent( draft.content ),
	is_once: fromBoolean( draft.once ),
	target: draft.target,
	expires_at:
		draft.expiresAt === null
			? null
			: toSqlDateTime( new Date( draft.expiresAt ) ),
} );

export type PopupsAdminRepository = ReturnType<
	typeof createPopupsAdminRepository
>;

/**
 * @param db
 */
export function createPopupsAdminRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );

	/**
	 * The popup's row, locked on MariaDB until the transaction ends (SQLite's transactions hold the database).
	 *
	 * @param trx
	 * @param popupId
	 */
	const lockPopup = ( trx: Transaction< Database >, popupId: number ) => {
		const read = trx
			.selectFrom( 'popups' )
			.select( 'id' )
			.where( 'id', '=', popupId );
		return ( mysql ? read.forUpdate() : read ).executeTakeFirst();
	};

	return {
		/**
		 * One page of every popup, newest first, with its counts.
		 *
		 * @param query
		 * @param query.start
		 * @param query.limit
		 */
		async list( query: {
			start: number;
			limit: number;
		} ): Promise< Page< AdminPopupSummary > > {
			const [ rows, count, testers ] = await Promise.all( [
				db
					.selectFrom( 'popups as p' )
					.select( ( eb ) => [
						'p.id',
						'p.title',
						'p.target',
						'p.is_once',
						'p.expires_at',
						'p.created_at',
						eb
							.selectFrom( 'popup_recipients as r' )
							.select( eb.fn.countAll().as( 'n' ) )
							.whereRef( 'r.popup_id', '=', 'p.id' )
							.as( 'recipients' ),
						eb
							.selectFrom( 'popup_reads as s' )
							.select( eb.fn.countAll().as( 'n' ) )
							.whereRef( 's.popup_id', '=', 'p.id' )
							.as( 'reads' ),
					] )
					.orderBy( 'p.created_at', 'desc' )
					.orderBy( 'p.id', 'desc' )
					.limit( query.limit )
					.offset( query.start )
					.execute(),
				db
					.selectFrom( 'popups' )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.executeTakeFirstOrThrow(),
				db
					.selectFrom( 'testers' )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.where( 'deleted_at', 'is', null )
					.executeTakeFirstOrThrow(),
			] );
			const everyone = toInteger( testers.n as number | string | bigint );
			return pageOf(
				rows.map( ( row ) => ( {
					id: toInteger( row.id ),
					title: row.title,
					target: row.target,
					recipients:
						row.target === 'all'
							? everyone
							: toInteger(
									( row.recipients ?? 0 ) as
										| number
										| string
										| bigint
							  ),
					once: toBoolean( row.is_once ),
					expiresAt: isoOrNull( row.expires_at ),
					createdAt: fromSqlDateTime( row.created_at ),
					reads: toInteger(
						( row.reads ?? 0 ) as number | string | bigint
					),
				} ) ),
				query,
				toInteger( count.n as number | string | bigint )
			);
		},

		/**
		 * One popup, its content decompressed.
		 *
		 * @param popupId
		 */
		find: ( popupId: number ) => readPopup( db, popupId ),

		/**
		 * The stored expiry of a popup (undefined when there is no such popup), for the rule that an edit may keep
		 * an expiry that has passed.
		 *
		 * @param popupId
		 */
		async expiryOf(
			popupId: number
		): Promise< string | null | undefined > {
			const row = await db
				.selectFrom( 'popups' )
				.select( 'expires_at' )
				.where( 'id', '=', popupId )
				.executeTakeFirst();
			return row ? isoOrNull( row.expires_at ) : undefined;
		},

		/**
		 * Writes a new popup with its recipients and its audit entry.
		 *
		 * @param caller
		 * @param draft
		 * @param now    The creation instant.
		 */
		async create(
			caller: BackOfficeCaller,
			draft: PopupDraft,
			now: Date = new Date()
		): Promise< PopupWrite > {
			return inTransaction( db, async ( trx ) => {
				const unknown = await unknownTesters( trx, draft.testers );
				if ( unknown.length > 0 ) {
					return { outcome: 'unknown-testers', ids: unknown };
				}
				const inserted = await trx
					.insertInto( 'popups' )
					.values( {
						...columnsOf( draft ),
						created_at: toSqlDateTime( now ),
					} )
					.executeTakeFirstOrThrow();
				const popupId = toInteger( inserted.insertId! );
				await writeRecipients( trx, popupId, draft.testers );
				const popup = ( await readPopup( trx, popupId ) )!;
				await recordAudit(
					trx,
					caller,
					{
						action: 'popup.create',
						subjectType: 'popup',
						subjectId: popupId,
						after: auditOf( popup ),
					},
					now
				);
				return { outcome: 'saved', popup };
			} );
		},

		/**
		 * Rewrites a popup and replaces its recipients (its reads stay), with its audit entry.
		 *
		 * @param caller
		 * @param popupId
		 * @param draft
		 */
		async update(
			caller: BackOfficeCaller,
			popupId: number,
			draft: PopupDraft
		): Promise< PopupWrite > {
			return inTransaction( db, async ( trx ) => {
				if ( ! ( await lockPopup( trx, popupId ) ) ) {
					return { outcome: 'not-found' };
				}
				const unknown = await unknownTesters( trx, draft.testers );
				if ( unknown.length > 0 ) {
					return { outcome: 'unknown-testers', ids: unknown };
				}
				const before = ( await readPopup( trx, popupId ) )!;
				await trx
					.updateTable( 'popups' )
					.set( columnsOf( draft ) )
					.where( 'id', '=', popupId )
					.execute();
				await writeRecipients( trx, popupId, draft.testers );
				const popup = ( await readPopup( trx, popupId ) )!;
				await recordAudit( trx, caller, {
					action: 'popup.update',
					subjectType: 'popup',
					subjectId: popupId,
					before: auditOf( before ),
					after: auditOf( popup ),
				} );
				return { outcome: 'saved', popup };
			} );
		},

		/**
		 * Removes a popup with its recipients and reads, with its audit entry.
		 *
		 * @param caller
		 * @param popupId
		 * @return Whether there was such a popup.
		 */
		async remove(
			caller: BackOfficeCaller,
			popupId: number
		): Promise< boolean > {
			return inTransaction( db, async ( trx ) => {
				if ( ! ( await lockPopup( trx, popupId ) ) ) {
					return false;
				}
				const before = ( await readPopup( trx, popupId ) )!;
				// The foreign keys cascade, but SQLite enforces them only when told to: said outright.
				await trx
					.deleteFrom( 'popup_reads' )
					.where( 'popup_id', '=', popupId )
					.execute();
				await trx
					.deleteFrom( 'popup_recipients' )
					.where( 'popup_id', '=', popupId )
					.execute();
				await trx
					.deleteFrom( 'popups' )
					.where( 'id', '=', popupId )
					.execute();
				await recordAudit( trx, caller, {
					action: 'popup.delete',
					subjectType: 'popup',
					subjectId: popupId,
					before: auditOf( before ),
				} );
				return true;
			} );
		},
	};
}
