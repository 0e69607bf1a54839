import type { Tester } from '../../../src/features/me/repository.ts';
import type { TestContext } from '../../helpers/context.ts';
import { sqlAt } from '../../helpers/rows.ts';

/**
 * Rows of the back office's tests, written straight into the database: a tester's fiscal profile, payment requests
 * with the booty entries they pay, and an administrator, who is a WordPress user without a tester row.
 */

export interface EntryValues {
	name: string;
	activity: number;
	/** Days from now. */
	at: number;
	gross: number;
	net?: number | null;
}

export interface RequestValues {
	status?: 'processing' | 'paid';
	method?: 'paypal' | 'iban';
	/** Days from now. */
	requested?: number;
	/** Days from now, for a paid request. */
	paid?: number;
	entries: EntryValues[];
	/** The request's net; by default the sum of the entries' nets. */
	net?: number | null;
	receiptPath?: string | null;
}

/**
 * A payment request of `tester` paying `entries` (their gross summed), paid by PayPal unless told otherwise.
 *
 * @param ctx
 * @param tester
 * @param values
 * @return The request's id.
 */
export async function insertRequest(
	ctx: TestContext,
	tester: Tester,
	values: RequestValues
): Promise< number > {
	const {
		status = 'processing',
		method = 'paypal',
		requested = -3,
		paid = -1,
		entries,
		net,
		receiptPath = null,
	} = values;
	const { db } = ctx.database;
	const gross = entries.reduce( ( sum, entry ) => sum + entry.gross, 0 );
	const nets = entries.reduce(
		( sum, entry ) => sum + ( entry.net ?? entry.gross ),
		0
	);
	const inserted = await db
		.insertInto( 'payment_requests' )
		.values( {
			tester_id: tester.id,
			method,
			paypal_email: method === 'paypal' ? tester.email : null,
			account_holder:
				method === 'iban'
					? `${ tester.name } ${ tester.surname }`
					: null,
			iban: method === 'iban' ? 'IT60X0542811101000000123456' : null,
			status,
			amount_gross_cents: gross,
			amount_net_cents: net === undefined ? nets : net,
			requested_at: sqlAt( requested ),
			paid_at: status === 'paid' ? sqlAt( paid ) : null,
			receipt_path: receiptPath,
		} )
		.executeTakeFirstOrThrow();
	const id = Number( inserted.insertId );
	await db
		.insertInto( 'booty_entries' )
		.values(
			entries.map( ( entry ) => ( {
				tester_id: tester.id,
				activity_id: entry.activity,
				name: entry.name,
				gross_cents: entry.gross,
				net_cents: entry.net === undefined ? entry.gross : entry.net,
				attributed_at: sqlAt( entry.at ),
				payment_request_id: id,
			} ) )
		)
		.execute();
	return id;
}

/**
 * An Italian occasional worker's verified fiscal profile (20% withheld).
 *
 * @param ctx
 * @param tester
 */
export async function insertFiscalProfile( ctx: TestContext, tester: Tester ) {
	await ctx.database.db
		.insertInto( 'fiscal_profiles' )
		.values( {
			tester_id: tester.id,
			type: 'withholding',
			fiscal_id: 'RSSMRA80A01H501U',
			gender: 'male',
			birth_city: 'Milano',
			birth_province: 'MI',
			address_country: 'IT',
			address_province: 'MI',
			address_city: 'Milano',
			address_street: 'Via Roma',
			address_street_number: '12',
			address_zip: '20121',
			status: 'verified',
		} )
		.execute();
}

export { administratorToken } from '../../helpers/back-office.ts';
