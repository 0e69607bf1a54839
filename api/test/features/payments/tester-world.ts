import { sql } from 'kysely';
import type { FiscalType } from '../../../src/db/schema.ts';
import { toSqlDateTime } from '../../../src/db/values.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import type { TestContext } from '../../helpers/context.ts';
import { DAY, NOW } from '../../helpers/rows.ts';

/**
 * Wallet rows written straight into the test database: a tester's fiscal profile, booty entries (with the
 * tester's booty counters kept as the API keeps them) and payment requests, and the whole of a tester's books,
 * to compare before and after a call.
 */

export interface Entry {
	name?: string;
	activity?: number;
	gross: number;
	net?: number | null;
	/** Days from now. */
	at?: number;
	payment?: number | null;
}

export async function setFiscal(
	ctx: TestContext,
	tester: Tester,
	type: FiscalType,
	status: 'verified' | 'unverified' = 'verified'
) {
	await ctx.database.db
		.insertInto( 'fiscal_profiles' )
		.values( { tester_id: tester.id, type, status } )
		.execute();
}

/**
 * Booty entries of the tester, and the tester's booty counters raised by them (pending ones also by the pending
 * counters).
 *
 * @param ctx
 * @param tester
 * @param entries
 * @return Their ids, in order.
 */
export async function addBooty(
	ctx: TestContext,
	tester: Tester,
	entries: Entry[]
): Promise< number[] > {
	const { db } = ctx.database;
	const ids: number[] = [];
	for ( const [ n, entry ] of entries.entries() ) {
		const net = entry.net === undefined ? entry.gross : entry.net;
		const { insertId } = await db
			.insertInto( 'booty_entries' )
			.values( {
				tester_id: tester.id,
				activity_id: entry.activity ?? 4,
				name: entry.name ?? `Bonus ${ n + 1 }`,
				gross_cents: entry.gross,
				net_cents: net,
				attributed_at: toSqlDateTime(
					new Date( NOW + ( entry.at ?? -n - 1 ) * DAY )
				),
				payment_request_id: entry.payment ?? null,
			} )
			.executeTakeFirstOrThrow();
		ids.push( Number( insertId ) );
		const pending = entry.payment ? 0 : 1;
		await db
			.updateTable( 'testers' )
			.set( {
				booty_gross_cents: sql`booty_gross_cents + ${ entry.gross }`,
				booty_net_cents: sql`coalesce(booty_net_cents, 0) + ${
					net ?? 0
				}`,
				pending_booty_gross_cents: sql`pending_booty_gross_cents + ${
					entry.gross * pending
				}`,
				pending_booty_net_cents: sql`coalesce(pending_booty_net_cents, 0) + ${
					( net ?? 0 ) * pending
				}`,
			} )
			.where( 'id', '=', tester.id )
			.execute();
	}
	return ids;
}

export interface RequestValues {
	status?: 'processing' | 'paid';
	method?: 'paypal' | 'iban';
	gross: number;
	net?: number | null;
	/** Days from now. */
	requestedAt?: number;
	paidAt?: number | null;
	receiptPath?: string | null;
}

export async function addRequest(
	ctx: TestContext,
	tester: Tester,
	values: RequestValues
): Promise< number > {
	const method = values.method ?? 'paypal';
	const status = values.status ?? 'paid';
	const at = ( days: number ) =>
		toSqlDateTime( new Date( NOW + days * DAY ) );
	const { insertId } = await ctx.database.db
		.insertInto( 'payment_requests' )
		.values( {
			tester_id: tester.id,
			method,
			paypal_email: method === 'paypal' ? 'vera.rossi@example.com' : null,
			account_holder: method === 'iban' ? 'Vera Rossi' : null,
			iban: method === 'iban' ? 'IT60X0542811101000000123456' : null,
			status,
			amount_gross_cents: values.gross,
			amount_net_cents:
				values.net === undefined ? values.gross : values.net,
			requested_at: at( values.requestedAt ?? -30 ),
			paid_at: status === 'paid' ? at( values.paidAt ?? -20 ) : null,
			receipt_path: values.receiptPath ?? null,
		} )
		.executeTakeFirstOrThrow();
	return Number( insertId );
}

/**
 * Everything of the tester's books: requests, entries (with the request each is in) and the counters, in a form
 * that compares equal on both engines.
 *
 * @param ctx
 * @param tester
 */
export async function booksOf( ctx: TestContext, tester: Tester ) {
	const { db } = ctx.database;
	const [ requests, entries, counters ] = await Promise.all( [
		db
			.selectFrom( 'payment_requests' )
			.select( [
				'id',
				'status',
				'method',
				'amount_gross_cents',
				'amount_net_cents',
			] )
			.where( 'tester_id', '=', tester.id )
			.orderBy( 'id' )
			.execute(),
		db
			.selectFrom( 'booty_entries' )
			.select( [ 'id', 'gross_cents', 'payment_request_id' ] )
			.where( 'tester_id', '=', tester.id )
			.orderBy( 'id' )
			.execute(),
		db
			.selectFrom( 'testers' )
			.select( [
				'pending_booty_gross_cents',
				'pending_booty_net_cents',
				'booty_gross_cents',
				'booty_net_cents',
			] )
			.where( 'id', '=', tester.id )
			.executeTakeFirstOrThrow(),
	] );
	const numbers = < Row extends object >( row: Row ) =>
		Object.fromEntries(
			Object.entries( row ).map( ( [ key, value ] ) => [
				key,
				typeof value === 'string' && /^\d+$/.test( value )
					? Number( value )
					: value,
			] )
		);
	return {
		requests: requests.map( numbers ),
		entries: entries.map( numbers ),
		counters: numbers( counters ),
	};
}
