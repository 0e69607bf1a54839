import type { Compilable, Kysely, Selectable, Transaction } from 'kysely';
import type {
	Booty,
	BootyDetailPage,
	PaymentItemPage,
	PaymentRequest,
	QueryOf,
} from '../../contract/index.ts';
import { isMysql } from '../../db/engine.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database, PaymentRequestsTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
	toDateOnly,
	toInteger,
	toNullableInteger,
	toSqlDateTime,
} from '../../db/values.ts';
import { netCentsOf } from '../fiscal/net.ts';
import { pageOf, type Page, type SortOrder } from '../paging.ts';
import { maskedDestination, type PaymentMethodInput } from './method.ts';

/** The spec's minimum payment request (section 9): 3 euro, whatever the tester's threshold. */
export const MINIMUM_REQUEST_CENTS = 300;

interface ListQuery< OrderBy > {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: OrderBy;
}

export type PaymentsQuery = ListQuery<
	QueryOf< 'listMyPayments' >[ 'orderBy' ]
>;
export type PaymentItemsQuery = ListQuery<
	QueryOf< 'listMyPaymentItems' >[ 'orderBy' ]
>;
export type BootyDetailsQuery = ListQuery<
	QueryOf< 'listMyBootyDetails' >[ 'orderBy' ]
>;

/** A request of the tester's history; the route turns the stored receipt into a signed URL. */
export type PaymentRow = Omit< PaymentRequest, 'receipt' > & {
	receiptPath: string | null;
};

/** A request just created (processing), amounts in cents, for the answer and the tester's mail. */
export interface CreatedPayment {
	id: number;
	grossCents: number;
	netCents: number;
	currency: string;
}

/** Why a request was not created: nothing was written. */
export type PaymentRefusal = 'unverified' | 'processing' | 'under-threshold';

const PAYMENT_SORT = {
	gross: 'p.amount_gross_cents',
	net: 'p.amount_net_cents',
} as const;

const ITEM_SORT = {
	activity: 'b.name',
	type: 'b.activity_id',
	date: 'b.attributed_at',
	gross: 'b.gross_cents',
} as const;

const BOOTY_SORT = {
	activityName: 'b.name',
	activity: 'b.activity_id',
	attributionDate: 'b.attributed_at',
	gross: 'b.gross_cents',
} as const;

type Direction = 'asc' | 'desc';

/**
 * One query template per order of a list, a sort of `sorts` (its column) and a direction, since the order is the
 * statement's shape; answers the template of a sort and a direction.
 *
 * @param sorts The list's sorts, each with its column.
 * @param build The list's query in the order of `column` and `direction`.
 */
function templatesBySort<
	Sort extends string,
	Column,
	Values extends object,
	Row,
>(
	sorts: Record< Sort, Column >,
	build: (
		db: Kysely< Database >,
		values: Values,
		column: Column,
		direction: Direction
	) => Compilable< Row >
) {
	const templateOf = ( column: Column, direction: Direction ) =>
		queryTemplate( ( db, values: Values ) =>
			build( db, values, column, direction )
		);
	const templates = new Map< string, ReturnType< typeof templateOf > >();
	for ( const [ sort, column ] of Object.entries( sorts ) as Array<
		[ Sort, Column ]
	> ) {
		for ( const direction of [ 'asc', 'desc' ] as const ) {
			templates.set(
				`${ sort } ${ direction }`,
				templateOf( column, direction )
			);
		}
	}
	return ( sort: Sort, direction: Direction ) =>
		templates.get( `${ sort } ${ direction }` )!;
}

/**
 * Amounts in currency units, converted from the stored cents here and nowhere earlier.
 *
 * @param grossCents
 * @param netCents   Null when the net is not known.
 * @param currency
 */
export function bootyOf(
	grossCents: number | string | bigint,
	netCents: number | string | bigint | null,
	currency: string
): Booty {
	const gross = { value: toInteger( grossCents ) / 100, currency };
	return netCents === null
		? { gross }
		: { gross, net: { value: toInteger( netCents ) / 100, currency } };
}

function isUniqueViolation( error: unknown ): boolean {
	const code = ( error as { code?: unknown } | null )?.code;
	return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY';
}

/** The columns of a stored request the history shows. */
type StoredRequest = Pick<
	Selectable< PaymentRequestsTable >,
	| 'id'
	| 'status'
	| 'method'
	| 'paypal_email'
	| 'iban'
	| 'amount_gross_cents'
	| 'amount_net_cents'
	| 'currency'
	| 'paid_at'
	| 'receipt_path'
>;

/**
 * A stored request as the history lists it.
 *
 * @param row
 */
function toPaymentRow( row: StoredRequest ): PaymentRow {
	return {
		id: row.id,
		status: row.status,
		amount: bootyOf(
			row.amount_gross_cents,
			row.amount_net_cents,
			row.currency
		),
		paidDate: toDateOnly( row.paid_at ),
		method: {
			type: row.method,
			note: maskedDestination( {
				type: row.method,
				paypalEmail: row.paypal_email,
				iban: row.iban,
			} ),
		},
		receiptPath: row.receipt_path,
	};
}

const selectRequests = ( db: Kysely< Database > ) =>
	db
		.selectFrom( 'payment_requests as p' )
		.select( [
			'p.id',
			'p.status',
			'p.method',
			'p.paypal_email',
			'p.iban',
			'p.amount_gross_cents',
			'p.amount_net_cents',
			'p.currency',
			'p.paid_at',
			'p.receipt_path',
		] );

/** The tester of a WordPress user and their number of requests (kept by 0021's triggers). */
const testerWithRequestCount = queryTemplate(
	( db, values: { wpUserId: number } ) =>
		db
			.selectFrom( 'testers as t' )
			.innerJoin( 'tester_counts as c', 'c.tester_id', 't.id' )
			.select( [ 't.id', 'c.payment_requests' ] )
			.where( 't.wp_user_id', '=', values.wpUserId )
);

/** The tester's request still processing (none or one, by its unique index). */
const openRequest = queryTemplate( ( db, values: { testerId: number } ) =>
	selectRequests( db ).where( 'p.open_tester_id', '=', values.testerId )
);

/**
 * A page of the tester's requests in the order of `column`.
 *
 * @param db
 * @param values
 * @param values.testerId
 * @param values.limit
 * @param values.offset
 * @param column
 * @param direction
 */
const requestsBy = (
	db: Kysely< Database >,
	values: { testerId: number; limit: number; offset: number },
	column: ( typeof PAYMENT_SORT )[ keyof typeof PAYMENT_SORT ] | 'p.paid_at',
	direction: Direction
) =>
	selectRequests( db )
		.where( 'p.tester_id', '=', values.testerId )
		.orderBy( column, direction )
		.orderBy( 'p.id', direction )
		.limit( values.limit )
		.offset( values.offset );

/** A page of the tester's paid requests, by paid date. */
const paidRequestsPage = templatesBySort(
	{ paidDate: 'p.paid_at' } as const,
	( db, values: Parameters< typeof requestsBy >[ 1 ], column, direction ) =>
		requestsBy( db, values, column, direction ).where(
			'p.paid_at',
			'is not',
			null
		)
);

/** A page of the tester's requests in an order of PAYMENT_SORT. */
const requestsPage = templatesBySort( PAYMENT_SORT, requestsBy );

/** The tester of a WordPress user, their request of an id (null when not theirs) and its number of entries. */
const requestOfTester = queryTemplate(
	( db, values: { wpUserId: number; paymentId: number } ) =>
		db
			.selectFrom( 'testers as me' )
			.leftJoin( 'payment_requests as p', ( join ) =>
				join
					.onRef( 'p.tester_id', '=', 'me.id' )
					.on( 'p.id', '=', values.paymentId )
			)
			.select( [
				'p.id',
				( eb ) =>
					eb
						.selectFrom( 'booty_entries as n' )
						.whereRef( 'n.payment_request_id', '=', 'p.id' )
						.select( eb.fn.countAll< number | string >().as( 'n' ) )
						.as( 'total' ),
			] )
			.where( 'me.wp_user_id', '=', values.wpUserId )
);

/** A page of the booty entries a request pays, in an order of ITEM_SORT. */
const itemsPage = templatesBySort(
	ITEM_SORT,
	(
		db,
		values: { paymentId: number; limit: number; offset: number },
		column,
		direction
	) =>
		db
			.selectFrom( 'booty_entries as b' )
			.select( [
				'b.id',
				'b.name',
				'b.activity_id',
				'b.attributed_at',
				'b.gross_cents',
				'b.currency',
			] )
			.where( 'b.payment_request_id', '=', values.paymentId )
			.orderBy( column, direction )
			.orderBy( 'b.id', direction )
			.limit( values.limit )
			.offset( values.offset )
);

/** A page of the pending booty entries of a WordPress user's tester with their number, in an order of BOOTY_SORT. */
const pendingPage = templatesBySort(
	BOOTY_SORT,
	(
		db,
		values: { wpUserId: number; limit: number; offset: number },
		column,
		direction
	) =>
		db
			.selectFrom( 'testers as me' )
			.innerJoin( 'booty_entries as b', 'b.tester_id', 'me.id' )
			.where( 'me.wp_user_id', '=', values.wpUserId )
			.where( 'b.payment_request_id', 'is', null )
			.select( ( eb ) => [
				'b.id',
				'b.name',
				'b.activity_id',
				'b.attributed_at',
				'b.gross_cents',
				'b.net_cents',
				'b.currency',
				eb.fn.countAll< number | string >().over().as( 'total' ),
			] )
			.orderBy( column, direction )
			.orderBy( 'b.id', direction )
			.limit( values.limit )
			.offset( values.offset )
);

/** The number of pending booty entries of a WordPress user's tester. */
const pendingCount = queryTemplate( ( db, values: { wpUserId: number } ) =>
	db
		.selectFrom( 'testers as me' )
		.select( ( eb ) =>
			eb
				.selectFrom( 'booty_entries as n' )
				.whereRef( 'n.tester_id', '=', 'me.id' )
				.where( 'n.payment_request_id', 'is', null )
				.select( eb.fn.countAll< number | string >().as( 'n' ) )
				.as( 'total' )
		)
		.where( 'me.wp_user_id', '=', values.wpUserId )
);

/**
 * Reads on MariaDB that lock what they read until the transaction ends; SQLite's transactions hold the whole
 * database (begin immediate), so nothing more is needed there. A template built with it has a statement per
 * engine, as it is compiled once per database.
 *
 * @param db
 * @param query
 */
const locking = < Query extends { forUpdate: () => Query } >(
	db: Kysely< Database >,
	query: Query
): Query => ( isMysql( db ) ? query.forUpdate() : query );

/** A tester's threshold, fiscal profile and open request, for a new request; on MariaDB it locks the tester's row. */
const testerForRequest = queryTemplate( ( db, values: { testerId: number } ) =>
	locking(
		db,
		db
			.selectFrom( 'testers as t' )
			.leftJoin( 'fiscal_profiles as f', 'f.tester_id', 't.id' )
			.leftJoin( 'payment_requests as p', 'p.open_tester_id', 't.id' )
			.select( [
				't.booty_threshold_cents',
				'f.status as fiscalStatus',
				'f.type as fiscalType',
				'p.id as openId',
			] )
			.where( 't.id', '=', values.testerId )
	)
);

/** A tester's pending booty entries, for a new request; locked on MariaDB. */
const pendingEntries = queryTemplate( ( db, values: { testerId: number } ) =>
	locking(
		db,
		db
			.selectFrom( 'booty_entries' )
			.select( [ 'id', 'gross_cents', 'currency' ] )
			.where( 'tester_id', '=', values.testerId )
			.where( 'payment_request_id', 'is', null )
	)
);

/** Inserts a new request, processing. */
const insertRequest = queryTemplate(
	(
		db,
		values: {
			testerId: number;
			method: PaymentMethodInput[ 'type' ];
			paypalEmail: string | null;
			accountHolder: string | null;
			iban: string | null;
			grossCents: number;
			netCents: number;
			currency: string;
			requestedAt: string;
		}
	) =>
		db.insertInto( 'payment_requests' ).values( {
			tester_id: values.testerId,
			method: values.method,
			paypal_email: values.paypalEmail,
			account_holder: values.accountHolder,
			iban: values.iban,
			status: 'processing',
			amount_gross_cents: values.grossCents,
			amount_net_cents: values.netCents,
			currency: values.currency,
			requested_at: values.requestedAt,
		} )
);

/** Attaches a tester's pending booty entries to a request. */
const attachPending = queryTemplate(
	( db, values: { requestId: number; testerId: number } ) =>
		db
			.updateTable( 'booty_entries' )
			.set( { payment_request_id: values.requestId } )
			.where( 'tester_id', '=', values.testerId )
			.where( 'payment_request_id', 'is', null )
);

/** Zeroes a tester's pending booty amounts. */
const clearPendingBooty = queryTemplate( ( db, values: { testerId: number } ) =>
	db
		.updateTable( 'testers' )
		.set( { pending_booty_gross_cents: 0, pending_booty_net_cents: 0 } )
		.where( 'id', '=', values.testerId )
);

export type PaymentsRepository = ReturnType< typeof createPaymentsRepository >;

/**
 * The tester's side of the wallet: the payment requests (read on `payment_requests_tester_*`), the booty entries
 * one pays (`booty_entries_payment`), the pending ones (`booty_entries_tester_payment`, a null request), and the
 * request's creation. Each page is read over the tester's own index range; the history's total is the kept count
 * (`tester_counts.payment_requests`, 0021), the other lists' counted over the same rows as their page. The lists
 * answer undefined when the token's WordPress user has no tester.
 *
 * @param db
 */
export function createPaymentsRepository( db: Kysely< Database > ) {
	/**
	 * The number of the tester's pending entries, for a page that came back empty (past the end, or nothing at
	 * all); undefined without a tester.
	 *
	 * @param wpUserId
	 */
	const pendingCountOf = async ( wpUserId: number ) => {
		const row = await pendingCount.first( db, { wpUserId } );
		return row && toInteger( row.total ?? 0 );
	};

	/**
	 * The checks and the writes of a new request, in the caller's transaction.
	 *
	 * @param trx
	 * @param testerId
	 * @param method
	 * @param now
	 */
	async function createIn(
		trx: Transaction< Database >,
		testerId: number,
		method: PaymentMethodInput,
		now: Date
	): Promise< CreatedPayment | PaymentRefusal > {
		// The tester's row, fiscal profile and open request in one read. On MariaDB it locks the tester's row, so two
		// requests of one tester queue here and the second sees the first's request.
		const tester = await testerForRequest.first( trx, { testerId } );
		if ( ! tester || tester.fiscalStatus !== 'verified' ) {
			return 'unverified';
		}
		if ( tester.openId !== null ) {
			return 'processing';
		}
		const entries = await pendingEntries.all( trx, { testerId } );
		let grossCents = 0;
		let netCents = 0;
		for ( const entry of entries ) {
			const gross = toInteger( entry.gross_cents );
			grossCents += gross;
			netCents += netCentsOf( gross, tester.fiscalType );
		}
		if (
			! entries.length ||
			grossCents <
				Math.max(
					MINIMUM_REQUEST_CENTS,
					toInteger( tester.booty_threshold_cents )
				)
		) {
			return 'under-threshold';
		}
		const currency = entries[ 0 ].currency;
		const { insertId } = await insertRequest.run( trx, {
			testerId,
			method: method.type,
			paypalEmail: method.type === 'paypal' ? method.email : null,
			accountHolder:
				method.type === 'iban' ? method.accountHolderName : null,
			iban: method.type === 'iban' ? method.iban : null,
			grossCents,
			netCents,
			currency,
			requestedAt: toSqlDateTime( now ),
		} );
		const id = toInteger( insertId! );
		// By the tester's index, not by the ids just read: given three ids or more, SQLite's planner chose to scan
		// every pending entry for `id in (…) and payment_request_id is null` (docs/performance.md, 2026-11-29,
		// night). The entries read are all that is pending still, as the transaction holds them (SQLite: the write
		// lock; MariaDB: the locked range).
		const attached =
			(
				await attachPending.run( trx, {
					requestId: id,
					testerId,
				} )
			).numAffectedRows ?? BigInt( 0 );
		if ( Number( attached ) !== entries.length ) {
			throw new Error(
				`Payment request ${ id }: ${ attached } of ${ entries.length } pending entries attached`
			);
		}
		await clearPendingBooty.run( trx, { testerId } );
		return { id, grossCents, netCents, currency };
	}

	return {
		/**
		 * A page of the tester's requests. Those still processing have no paid date: first when sorted by it
		 * descending, last ascending.
		 *
		 * @param wpUserId The tester's WordPress user.
		 * @param query
		 */
		async listPayments(
			wpUserId: number,
			query: PaymentsQuery
		): Promise< Page< PaymentRow > | undefined > {
			// The tester and their number of requests (kept by 0021's triggers), for the page's total.
			const me = await testerWithRequestCount.first( db, { wpUserId } );
			if ( ! me ) {
				return undefined;
			}
			const total = toInteger( me.payment_requests );
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			let rows;
			if ( query.orderBy === 'paidDate' ) {
				// The one request without a paid date (processing, found by its unique index) is placed by hand:
				// first descending, last ascending. The paid ones are read in the order of `tester_paid`, which the
				// read stops reading at the page's end, however long the history.
				const open = await openRequest.all( db, { testerId: me.id } );
				const paidCount = total - open.length;
				const paid = ( offset: number, limit: number ) =>
					limit > 0 && offset < paidCount
						? paidRequestsPage( 'paidDate', direction ).all( db, {
								testerId: me.id,
								limit,
								offset,
						  } )
						: Promise.resolve( [] );
				if ( direction === 'desc' ) {
					const head = open.slice(
						query.start,
						query.start + query.limit
					);
					rows = [
						...head,
						...( await paid(
							Math.max( 0, query.start - open.length ),
							query.limit - head.length
						) ),
					];
				} else {
					const body = await paid( query.start, query.limit );
					const from = Math.max( 0, query.start - paidCount );
					rows = [
						...body,
						...open.slice( from, from + query.limit - body.length ),
					];
				}
				return pageOf( rows.map( toPaymentRow ), query, total );
			}
			const page = await requestsPage( query.orderBy, direction ).all(
				db,
				{
					testerId: me.id,
					limit: query.limit,
					offset: query.start,
				}
			);
			return pageOf( page.map( toPaymentRow ), query, total );
		},

		/**
		 * A page of the booty entries a request of the tester pays: null when the request is not the tester's (or
		 * does not exist), undefined without a tester.
		 *
		 * @param wpUserId  The tester's WordPress user.
		 * @param paymentId
		 * @param query
		 */
		async listItems(
			wpUserId: number,
			paymentId: number,
			query: PaymentItemsQuery
		): Promise< PaymentItemPage | null | undefined > {
			const owner = await requestOfTester.first( db, {
				wpUserId,
				paymentId,
			} );
			if ( ! owner ) {
				return undefined;
			}
			if ( owner.id === null ) {
				return null;
			}
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const rows = await itemsPage( query.orderBy, direction ).all( db, {
				paymentId,
				limit: query.limit,
				offset: query.start,
			} );
			const results = rows.map( ( row ) => ( {
				id: row.id,
				activity: row.name,
				type: { id: row.activity_id },
				date: toDateOnly( row.attributed_at )!,
				amount: {
					gross: bootyOf( row.gross_cents, null, row.currency ).gross,
				},
			} ) );
			return pageOf( results, query, toInteger( owner.total ?? 0 ) );
		},

		/**
		 * A page of the tester's pending booty entries (in no request yet).
		 *
		 * @param wpUserId The tester's WordPress user.
		 * @param query
		 */
		async listBootyDetails(
			wpUserId: number,
			query: BootyDetailsQuery
		): Promise< BootyDetailPage | undefined > {
			const direction = query.order === 'ASC' ? 'asc' : 'desc';
			const rows = await pendingPage( query.orderBy, direction ).all(
				db,
				{
					wpUserId,
					limit: query.limit,
					offset: query.start,
				}
			);
			const total = rows.length
				? toInteger( rows[ 0 ].total ?? 0 )
				: await pendingCountOf( wpUserId );
			if ( total === undefined ) {
				return undefined;
			}
			const results = rows.map( ( row ) => ( {
				id: row.id,
				name: row.name,
				activity: { id: row.activity_id },
				attributionDate: toDateOnly( row.attributed_at )!,
				amount: bootyOf(
					row.gross_cents,
					toNullableInteger( row.net_cents ),
					row.currency
				),
			} ) );
			return pageOf( results, query, total );
		},

		/**
		 * Requests the payment of the tester's whole pending booty, in one transaction: a Verified fiscal profile,
		 * no request processing, and pending entries reaching the threshold and the minimum; the request takes
		 * exactly those entries (gross their sum, net the sum of each one's net by the fiscal type) and the
		 * tester's pending amounts become zero. A second request of the same tester at the same moment waits for
		 * the first (MariaDB: the tester's row is locked; SQLite: one writer at a time) and is refused; should
		 * it get past, the unique index on `open_tester_id` refuses its insert.
		 *
		 * @param testerId
		 * @param method   Checked (method.ts).
		 * @param now
		 * @return The request, or why there is none (nothing written).
		 */
		async create(
			testerId: number,
			method: PaymentMethodInput,
			now: Date = new Date()
		): Promise< CreatedPayment | PaymentRefusal > {
			try {
				// Read committed: the locking reads below lock the tester's row, fiscal profile and pending entries,
				// not the gaps beside them, which other testers' requests insert into (under REPEATABLE READ, 5,000
				// deadlocks in 7,000 requests of neighbouring testers; docs/performance.md, 2026-11-30). The tester's
				// row still puts the tester's own requests in a queue, and each reads what the one before committed.
				return await inTransaction(
					db,
					( trx ) => createIn( trx, testerId, method, now ),
					{ isolationLevel: 'read committed' }
				);
			} catch ( error ) {
				if ( isUniqueViolation( error ) ) {
					return 'processing';
				}
				throw error;
			}
		},
	};
}
