import { netCentsOf } from '../../features/fiscal/net.ts';
import { receiptKeyOf } from '../../features/payments/receipt-key.ts';
import type { SeedContext } from '../context.ts';
import { DAY, HOUR, MINUTE, sqlDateTime } from '../values.ts';
import type { Application } from './applications.ts';
import type { Bug } from './bugs.ts';
import type { Fiscal } from './fiscal.ts';
import type { Person } from './person.ts';

/** The payment threshold every seeded tester has, in cents. */
export const PAYMENT_THRESHOLD = 300;

/** The booty counters kept on the tester's row. */
export interface BootyTotals {
	bootyGross: number;
	bootyNet: number;
	pendingGross: number;
	pendingNet: number;
}

interface BootyEntry {
	campaignId: number | null;
	activity: number;
	name: string;
	gross: number;
	at: number;
}

interface PaymentRequest {
	id: number;
	status: string;
	/** The first and last booty entries (by date) the request pays. */
	from: number;
	to: number;
}

/**
 * Booty below and above the threshold, and paid and processing payment requests (verified fiscal profiles
 * only; one processing at most). Answers the counters the tester's row keeps.
 *
 * @param ctx
 * @param person
 * @param applications
 * @param bugs
 * @param fiscal
 */
export function writeBootyAndPayments(
	ctx: SeedContext,
	person: Person,
	applications: Application[],
	bugs: Bug[],
	fiscal: Fiscal
): BootyTotals {
	const booty = drawBooty( ctx, person, applications, bugs );
	const net = ( gross: number ) => netCentsOf( gross, fiscal.type );
	const requests = fiscal.verified ? planRequests( ctx, person, booty ) : [];
	const requestOf = writeRequests( ctx, person, booty, requests, net );
	const totals: BootyTotals = {
		bootyGross: 0,
		bootyNet: 0,
		pendingGross: 0,
		pendingNet: 0,
	};
	booty.forEach( ( entry, b ) => {
		totals.bootyGross += entry.gross;
		totals.bootyNet += net( entry.gross );
		if ( requestOf[ b ] === null ) {
			totals.pendingGross += entry.gross;
			totals.pendingNet += net( entry.gross );
		}
		ctx.writer.add( 'booty_entries', [
			ctx.id( 'booty_entries' ),
			person.id,
			entry.campaignId,
			entry.activity,
			entry.name,
			entry.gross,
			net( entry.gross ),
			'EUR',
			sqlDateTime( entry.at ),
			requestOf[ b ],
		] );
	} );
	return totals;
}

/** The tester's booty entries, oldest first: closed campaigns completed (within their payout limit), bonuses. */
function drawBooty(
	ctx: SeedContext,
	person: Person,
	applications: Application[],
	bugs: Bug[]
): BootyEntry[] {
	const { rng, shape, created } = person;
	const { now } = ctx;
	const booty: BootyEntry[] = [];
	for ( const application of applications ) {
		const { campaign } = application;
		if ( application.completed && campaign.state === 'closed' ) {
			let gross = campaign.completeBonus;
			for ( const bug of bugs ) {
				if ( bug.campaign === campaign && bug.status === 2 ) {
					gross += campaign.bugPayout[ bug.severity ];
				}
			}
			booty.push( {
				campaignId: campaign.id,
				activity: 1,
				name: campaign.title,
				gross: Math.min( gross, campaign.payoutLimit ),
				at: campaign.close + HOUR,
			} );
		}
	}
	if ( shape ? ! shape.completes : rng.chance( 0.25 ) ) {
		booty.push( {
			campaignId: null,
			activity: 5,
			name: 'Referral bonus',
			gross: rng.int( 10, 25 ) * 10,
			at: created + Math.floor( rng.next() * ( now - created - DAY ) ),
		} );
	}
	if ( ! shape && rng.chance( 0.1 ) ) {
		booty.push( {
			campaignId: null,
			activity: 4,
			name: 'Top tester bonus',
			gross: rng.int( 5, 20 ) * 100,
			at: created + Math.floor( rng.next() * ( now - created - DAY ) ),
		} );
	}
	if ( shape?.payments ) {
		// Recent bonuses: the older one goes into the processing request if there is one; the newer one stays available.
		booty.push(
			{
				campaignId: null,
				activity: 4,
				name: 'Top tester bonus',
				gross: 2000,
				at: now - 12 * DAY,
			},
			{
				campaignId: null,
				activity: 4,
				name: 'Bug parade bonus',
				gross: 1000,
				at: now - 3 * DAY,
			}
		);
	}
	booty.sort( ( a, b ) => a.at - b.at );
	return booty;
}

/** Paid requests over runs of entries that reached the threshold a month ago or more, then one processing. */
function planRequests(
	ctx: SeedContext,
	person: Person,
	booty: BootyEntry[]
): PaymentRequest[] {
	const { rng, shape } = person;
	const requests: PaymentRequest[] = [];
	// A tester with a request in progress keeps at least their latest entry out of the paid ones.
	const processing = shape ? shape.processing : rng.chance( 0.35 );
	// Entries a demo tester keeps available after the request in progress.
	const end = booty.length - ( shape?.payments ? 1 : 0 );
	let from = 0;
	let sum = 0;
	for ( let b = 0; b < end - ( processing ? 1 : 0 ); b++ ) {
		sum += booty[ b ].gross;
		if (
			sum >= PAYMENT_THRESHOLD &&
			booty[ b ].at < ctx.now - 30 * DAY &&
			( shape !== undefined || rng.chance( 0.7 ) )
		) {
			requests.push( {
				id: ctx.id( 'payment_requests' ),
				status: 'paid',
				from,
				to: b,
			} );
			from = b + 1;
			sum = 0;
		}
	}
	let open = 0;
	for ( let b = from; b < end; b++ ) {
		open += booty[ b ].gross;
	}
	if ( processing && open >= PAYMENT_THRESHOLD ) {
		requests.push( {
			id: ctx.id( 'payment_requests' ),
			status: 'processing',
			from,
			to: end - 1,
		} );
	}
	return requests;
}

/** Answers, for each booty entry, the request that pays it (null: pending). */
function writeRequests(
	ctx: SeedContext,
	person: Person,
	booty: BootyEntry[],
	requests: PaymentRequest[],
	net: ( gross: number ) => number
): Array< number | null > {
	const { rng } = person;
	const { now } = ctx;
	const requestOf: Array< number | null > = booty.map( () => null );
	const paypal = rng.chance( 0.6 );
	const iban = `IT${ rng.int( 10, 99 ) }X0542811101${ String(
		rng.int( 0, 999999999 )
	).padStart( 12, '0' ) }`;
	for ( const request of requests ) {
		let gross = 0;
		let netSum = 0;
		for ( let b = request.from; b <= request.to; b++ ) {
			gross += booty[ b ].gross;
			netSum += net( booty[ b ].gross );
			requestOf[ b ] = request.id;
		}
		const last = booty[ request.to ].at;
		const paid = request.status === 'paid';
		const requested = paid
			? last + rng.int( 1, 5 ) * DAY
			: Math.min(
					now - MINUTE,
					Math.max( last + HOUR, now - rng.int( 1, 10 ) * DAY )
			  );
		ctx.writer.add( 'payment_requests', [
			request.id,
			person.id,
			paypal ? 'paypal' : 'iban',
			paypal ? person.email : null,
			paypal ? null : `${ person.name } ${ person.surname }`,
			paypal ? null : iban,
			request.status,
			gross,
			netSum,
			'EUR',
			sqlDateTime( requested ),
			paid ? sqlDateTime( requested + rng.int( 3, 20 ) * DAY ) : null,
			// Receipts are files: the demo seed writes the demo testers' (writeDemoReceipts); the generated have none.
			paid && person.shape ? receiptKeyOf( request.id ) : null,
		] );
	}
	return requestOf;
}
