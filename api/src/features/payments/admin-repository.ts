import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AdminPayment, Booty } from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { BackOfficeCaller } from '../../lib/back-office.ts';
import { recordAudit } from '../audit/repository.ts';
import {
	toDateOnly,
	toInteger,
	toNullableInteger,
	toSqlDateTime,
} from '../../db/values.ts';
import type { FileStorage } from '../../storage/index.ts';
import { pageOf, type Page, type SortOrder } from '../paging.ts';
import { receiptKeyOf } from './receipt-key.ts';
import {
	RECEIPT_MIME_TYPE,
	renderReceipt,
	type ReceiptData,
} from './receipt.ts';

/**
 * The back office's side of the payment requests: the queue of every tester's requests, marking one paid with its
 * receipt (and its audit entry), a tester's latest requests, and the paid requests of a period for accounting.
 * Also the receipts of requests paid before (the demo seed's).
 */

export type PaymentStatus = 'processing' | 'paid';

/** A request as the back office sees it; the route signs the receipt's URL. */
export type AdminPaymentRow = Omit< AdminPayment, 'receipt' > & {
	receiptKey: string | null;
	/** The tester's WordPress user, whom the paid mail goes to. */
	wpUserId: number;
};

export interface AdminPaymentQuery {
	status: PaymentStatus;
	start: number;
	limit: number;
	order: SortOrder;
}

/** A paid request as the accounting export lists it: amounts in cents, the destination in full. */
export interface PaidExportRow {
	id: number;
	testerId: number;
	name: string;
	surname: string;
	email: string;
	method: 'paypal' | 'iban';
	destination: string;
	grossCents: number;
	netCents: number | null;
	currency: string;
	requestedDate: string;
	paidDate: string;
}

export interface PaidExportQuery {
	/** First day, YYYY-MM-DD (UTC). */
	from: string;
	/** Last day, included. */
	to: string;
	start: number;
	limit: number;
}

export type MarkPaidOutcome =
	| { outcome: 'paid'; payment: AdminPaymentRow }
	| { outcome: 'not-found' }
	| { outcome: 'already-paid' };

type Reader = Kysely< Database >;

/**
 * The day after a day, both YYYY-MM-DD.
 *
 * @param day
 */
function nextDay( day: string ): string {
	const date = new Date( `${ day }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + 1 );
	return date.toISOString().slice( 0, 10 );
}

const moneyOf = ( cents: number, currency: string ) => ( {
	value: cents / 100,
	currency,
} );

/**
 * @param grossCents
 * @param netCents   Null when no net was recorded.
 * @param currency
 */
const bootyOf = (
	grossCents: number,
	netCents: number | null,
	currency: string
): Booty => ( {
	gross: moneyOf( grossCents, currency ),
	...( netCents === null ? {} : { net: moneyOf( netCents, currency ) } ),
} );

/**
 * The requests with their testers, as the back office lists them.
 *
 * @param db
 */
const adminPayments = ( db: Reader ) =>
	db
		.selectFrom( 'payment_requests as p' )
		.innerJoin( 'testers as t', 't.id', 'p.tester_id' )
		.select( [
			'p.id',
			'p.tester_id',
			't.wp_user_id',
			't.name',
			't.surname',
			'p.status',
			'p.method',
			'p.paypal_email',
			'p.account_holder',
			'p.iban',
			'p.amount_gross_cents',
			'p.amount_net_cents',
			'p.currency',
			'p.requested_at',
			'p.paid_at',
			'p.receipt_path',
		] );

type AdminPaymentSqlRow = Awaited<
	ReturnType<
		ReturnType< typeof adminPayments >[ 'executeTakeFirstOrThrow' ]
	>
>;

/**
 * Where a request's money goes, in full: the PayPal e-mail, or the account holder and the IBAN.
 *
 * @param row
 * @param row.method
 * @param row.paypal_email
 * @param row.account_holder
 * @param row.iban
 */
const destinationOf = ( row: {
	method: 'paypal' | 'iban';
	paypal_email: string | null;
	account_holder: string | null;
	iban: string | null;
} ) =>
	row.method === 'paypal'
		? row.paypal_email ?? ''
		: `${ row.account_holder ?? '' }, ${ row.iban ?? '' }`;

function toAdminPayment( row: AdminPaymentSqlRow ): AdminPaymentRow {
	const destination = destinationOf( row );
	return {
		id: row.id,
		tester: { id: row.tester_id, name: row.name, surname: row.surname },
		status: row.status,
		amount: bootyOf(
			toInteger( row.amount_gross_cents ),
			toNullableInteger( row.amount_net_cents ),
			row.currency
		),
		requestedDate: toDateOnly( row.requested_at )!,
		paidDate: toDateOnly( row.paid_at ),
		method: { type: row.method, destination },
		receiptKey: row.status === 'paid' ? row.receipt_path : null,
		wpUserId: toInteger( row.wp_user_id ),
	};
}

/**
 * What a paid request's receipt shows, read through `db` (a transaction's, when the request was just marked paid).
 *
 * @param db
 * @param paymentId
 * @return undefined when there is no such request, or it is not paid.
 */
export async function readReceiptData(
	db: Reader,
	paymentId: number
): Promise< ReceiptData | undefined > {
	const requestRead = db
		.selectFrom( 'payment_requests as p' )
		.innerJoin( 'testers as t', 't.id', 'p.tester_id' )
		.leftJoin( 'fiscal_profiles as f', 'f.tester_id', 'p.tester_id' )
		.select( [
			'p.id',
			'p.tester_id',
			't.name',
			't.surname',
			'p.method',
			'p.paypal_email',
			'p.account_holder',
			'p.iban',
			'p.amount_gross_cents',
			'p.amount_net_cents',
			'p.currency',
			'p.requested_at',
			'p.paid_at',
			'f.type',
			'f.fiscal_id',
			'f.address_street',
			'f.address_street_number',
			'f.address_zip',
			'f.address_city',
			'f.address_province',
			'f.address_country',
		] )
		.where( 'p.id', '=', paymentId )
		.where( 'p.status', '=', 'paid' )
		.executeTakeFirst();
	const itemsRead = db
		.selectFrom( 'booty_entries' )
		.select( [ 'name', 'activity_id', 'attributed_at', 'gross_cents' ] )
		.where( 'payment_request_id', '=', paymentId )
		.orderBy( 'attributed_at' )
		.orderBy( 'id' )
		.execute();
	const [ row, items ] = await Promise.all( [ requestRead, itemsRead ] );
	if ( ! row || row.paid_at === null ) {
		return undefined;
	}
	return {
		paymentId: row.id,
		paidDate: toDateOnly( row.paid_at )!,
		requestedDate: toDateOnly( row.requested_at )!,
		tester: { id: row.tester_id, name: row.name, surname: row.surname },
		fiscal:
			row.type === null
				? null
				: {
						type: row.type,
						fiscalId: row.fiscal_id,
						street: row.address_street,
						streetNumber: row.address_street_number,
						zip: row.address_zip,
						city: row.address_city,
						province: row.address_province,
						country: row.address_country,
				  },
		method:
			row.method === 'paypal'
				? { type: 'paypal', email: row.paypal_email ?? '' }
				: {
						type: 'iban',
						accountHolder: row.account_holder ?? '',
						iban: row.iban ?? '',
				  },
		items: items.map( ( item ) => ( {
			name: item.name,
			activityId: item.activity_id,
			date: toDateOnly( item.attributed_at )!,
			grossCents: toInteger( item.gross_cents ),
		} ) ),
		grossCents: toInteger( row.amount_gross_cents ),
		netCents: toNullableInteger( row.amount_net_cents ),
		currency: row.currency,
	};
}

/**
 * Renders a paid request's receipt and stores it under its key (replacing one there), without touching the row.
 *
 * @param db
 * @param storage
 * @param paymentId
 * @return The storage key; undefined when the request is not paid.
 */
async function storeReceipt(
	db: Reader,
	storage: FileStorage,
	paymentId: number
): Promise< string | undefined > {
	const data = await readReceiptData( db, paymentId );
	if ( ! data ) {
		return undefined;
	}
	const key = receiptKeyOf( paymentId );
	await storage.put(
		key,
		Readable.from( [ Buffer.from( await renderReceipt( data ) ) ] ),
		{ mimeType: RECEIPT_MIME_TYPE, fileName: key }
	);
	return key;
}

/**
 * Writes the receipt of a request that is paid already (the demo seed's), and points the request to it.
 *
 * @param db
 * @param storage
 * @param paymentId
 * @return Whether the request is paid, and so has its receipt now.
 */
export async function writeReceiptFor(
	db: Kysely< Database >,
	storage: FileStorage,
	paymentId: number
): Promise< boolean > {
	const key = await storeReceipt( db, storage, paymentId );
	if ( key === undefined ) {
		return false;
	}
	await db
		.updateTable( 'payment_requests' )
		.set( { receipt_path: key } )
		.where( 'id', '=', paymentId )
		.execute();
	return true;
}

/**
 * Writes the receipts of every paid request of the given testers (the demo testers of the seed).
 *
 * @param db
 * @param storage
 * @param testerIds Tester ids (not WordPress users).
 * @return How many receipts were written.
 */
export async function writeReceiptsOf(
	db: Kysely< Database >,
	storage: FileStorage,
	testerIds: readonly number[]
): Promise< number > {
	if ( testerIds.length === 0 ) {
		return 0;
	}
	const paid = await db
		.selectFrom( 'payment_requests' )
		.select( 'id' )
		.where( 'tester_id', 'in', [ ...testerIds ] )
		.where( 'status', '=', 'paid' )
		.orderBy( 'id' )
		.execute();
	let written = 0;
	for ( const { id } of paid ) {
		if ( await writeReceiptFor( db, storage, id ) ) {
			written += 1;
		}
	}
	return written;
}

export type PaymentsAdminRepository = ReturnType<
	typeof createPaymentsAdminRepository
>;

/**
 * @param db
 * @param storage Where receipts go.
 */
export function createPaymentsAdminRepository(
	db: Kysely< Database >,
	storage: FileStorage
) {
	return {
		/**
		 * One page of the requests with a status, by request date.
		 *
		 * @param query
		 */
		async list(
			query: AdminPaymentQuery
		): Promise< Page< AdminPaymentRow > > {
			const { status, start, limit, order } = query;
			const direction = order === 'ASC' ? 'asc' : 'desc';
			const [ rows, count ] = await Promise.all( [
				adminPayments( db )
					.where( 'p.status', '=', status )
					.orderBy( 'p.requested_at', direction )
					.orderBy( 'p.id', direction )
					.limit( limit )
					.offset( start )
					.execute(),
				db
					.selectFrom( 'payment_requests' )
					.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
					.where( 'status', '=', status )
					.executeTakeFirstOrThrow(),
			] );
			return pageOf(
				rows.map( toAdminPayment ),
				query,
				toInteger( count.total as number | string | bigint )
			);
		},

		/**
		 * A tester's latest requests, newest requested first, on the index of the tester's requests.
		 *
		 * @param testerId
		 * @param limit
		 */
		async ofTester(
			testerId: number,
			limit: number
		): Promise< Page< AdminPaymentRow > > {
			const [ rows, count ] = await Promise.all( [
				adminPayments( db )
					.where( 'p.tester_id', '=', testerId )
					.orderBy( 'p.requested_at', 'desc' )
					.orderBy( 'p.id', 'desc' )
					.limit( limit )
					.execute(),
				db
					.selectFrom( 'payment_requests' )
					.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
					.where( 'tester_id', '=', testerId )
					.executeTakeFirstOrThrow(),
			] );
			return pageOf(
				rows.map( toAdminPayment ),
				{ start: 0, limit },
				toInteger( count.total as number | string | bigint )
			);
		},

		/**
		 * One page of the requests paid in a period (days in UTC, both included), by paid date then id, for the
		 * accounting export. Requests paid later sort after every earlier one, so the pages of an export stay put
		 * while new payments are made. An occasional read: it filters the paid requests without an index of their
		 * own.
		 *
		 * @param query
		 */
		async paidBetween(
			query: PaidExportQuery
		): Promise< Page< PaidExportRow > > {
			const { from, to, start, limit } = query;
			const paid = db
				.selectFrom( 'payment_requests as p' )
				.where( 'p.status', '=', 'paid' )
				.where( 'p.paid_at', '>=', `${ from } 00:00:00` )
				.where( 'p.paid_at', '<', `${ nextDay( to ) } 00:00:00` );
			const [ rows, count ] = await Promise.all( [
				paid
					.innerJoin( 'testers as t', 't.id', 'p.tester_id' )
					.select( [
						'p.id',
						'p.tester_id',
						't.name',
						't.surname',
						't.email',
						'p.method',
						'p.paypal_email',
						'p.account_holder',
						'p.iban',
						'p.amount_gross_cents',
						'p.amount_net_cents',
						'p.currency',
						'p.requested_at',
						'p.paid_at',
					] )
					.orderBy( 'p.paid_at' )
					.orderBy( 'p.id' )
					.limit( limit )
					.offset( start )
					.execute(),
				paid
					.select( ( eb ) => eb.fn.countAll().as( 'total' ) )
					.executeTakeFirstOrThrow(),
			] );
			return pageOf(
				rows.map( ( row ) => ( {
					id: row.id,
					testerId: row.tester_id,
					name: row.name,
					surname: row.surname,
					email: row.email,
					method: row.method,
					destination: destinationOf( row ),
					grossCents: toInteger( row.amount_gross_cents ),
					netCents: toNullableInteger( row.amount_net_cents ),
					currency: row.currency,
					requestedDate: toDateOnly( row.requested_at )!,
					paidDate: toDateOnly( row.paid_at )!,
				} ) ),
				query,
				toInteger( count.total as number | string | bigint )
			);
		},

		/**
		 * Marks a processing request paid, with its receipt and its audit entry: the status, paid date, receipt key
		 * and the entry are written in one transaction, and the receipt is stored before it commits. The row is
		 * taken by an UPDATE that matches only a processing request, so of two administrators marking it at once
		 * the second finds it paid (and nothing is recorded for them). A receipt stored by a transaction that then
		 * failed is removed (unless another run of the mark wrote it since).
		 *
		 * @param paymentId
		 * @param caller    The administrator marking it.
		 * @param now       The paid instant.
		 */
		async markPaid(
			paymentId: number,
			caller: Pick< BackOfficeCaller, 'wpUserId' | 'claims' >,
			now: Date = new Date()
		): Promise< MarkPaidOutcome > {
			const key = receiptKeyOf( paymentId );
			let stored = false;
			try {
				return await inTransaction( db, async ( trx ) => {
					const { numUpdatedRows } = await trx
						.updateTable( 'payment_requests' )
						.set( {
							status: 'paid',
							paid_at: toSqlDateTime( now ),
							receipt_path: key,
						} )
						.where( 'id', '=', paymentId )
						.where( 'status', '=', 'processing' )
						.executeTakeFirst();
					if ( Number( numUpdatedRows ) === 0 ) {
						const found = await trx
							.selectFrom( 'payment_requests' )
							.select( 'id' )
							.where( 'id', '=', paymentId )
							.executeTakeFirst();
						return found
							? { outcome: 'already-paid' }
							: { outcome: 'not-found' };
					}
					const row = await adminPayments( trx )
						.where( 'p.id', '=', paymentId )
						.executeTakeFirstOrThrow();
					await recordAudit(
						trx,
						caller,
						{
							action: 'payment.paid',
							subjectType: 'payment',
							subjectId: paymentId,
							before: { status: 'processing', paidDate: null },
							after: {
								status: 'paid',
								paidDate: toDateOnly( toSqlDateTime( now ) ),
								receipt: key,
							},
						},
						now
					);
					stored =
						( await storeReceipt( trx, storage, paymentId ) ) !==
						undefined;
					return { outcome: 'paid', payment: toAdminPayment( row ) };
				} );
			} catch ( error ) {
				if ( stored ) {
					await removeOrphanReceipt( paymentId, key );
				}
				throw error;
			}
		},
	};

	/**
	 * Deletes a receipt its transaction did not keep, unless the request now points to it.
	 *
	 * @param paymentId
	 * @param key
	 */
	async function removeOrphanReceipt( paymentId: number, key: string ) {
		const row = await db
			.selectFrom( 'payment_requests' )
			.select( [ 'status', 'receipt_path' ] )
			.where( 'id', '=', paymentId )
			.executeTakeFirst();
		if ( row?.status !== 'paid' || row.receipt_path !== key ) {
			await storage.delete( key );
		}
	}
}
