import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const DEMO_PROFILES = [
	'newcomer',
	'veteran',
	'unverified',
	'heavy',
	'invoice',
] as const;

export type DemoProfile = ( typeof DEMO_PROFILES )[ number ];

export interface DemoTester {
	testerId: number;
	profile: DemoProfile;
}

/**
 * What each demo profile shows (README "Two commands"). A newcomer gets no rows at all: no onboarding, no
 * devices, no fiscal profile, every counter zero. The others complete onboarding and apply by DEMO_APPLY, which
 * leaves every dashboard table (active, available, finished awaiting review, closed) non-empty.
 */
export interface DemoShape {
	monthsAgo: number;
	deviceTypes: number[];
	/** Devices added after those, that no campaign uses: the ones the demo can remove (the others answer 406). */
	spareDeviceTypes?: number[];
	applyToAll: boolean;
	/** Whether closed campaigns end completed, with their experience and booty. */
	completes: boolean;
	bugs: number;
	experience: number;
	fiscal: 'verified' | 'unverified';
	/** The fiscal profile's type: the wallet's automatic flow (withholding, non-italian) or the bank invoice. */
	fiscalType: 'withholding' | 'non-italian' | 'vat';
	/** Paid requests and pending booty above the threshold on top. */
	payments: boolean;
	/** With `payments`, a request still processing (the wallet's request button waits for it). */
	processing: boolean;
	readsPopups: boolean;
}

const DEMO_SHAPES: Record< Exclude< DemoProfile, 'newcomer' >, DemoShape > = {
	veteran: {
		monthsAgo: 24,
		deviceTypes: [ 0, 2, 1, 4 ],
		spareDeviceTypes: [ 5 ],
		applyToAll: true,
		completes: true,
		bugs: 80,
		experience: 400,
		fiscal: 'verified',
		fiscalType: 'withholding',
		payments: true,
		processing: false,
		readsPopups: false,
	},
	// Below the threshold: a referral bonus is all the booty there is.
	unverified: {
		monthsAgo: 4,
		deviceTypes: [ 0, 3 ],
		applyToAll: false,
		completes: false,
		bugs: 6,
		experience: 25,
		fiscal: 'unverified',
		fiscalType: 'withholding',
		payments: false,
		processing: false,
		readsPopups: true,
	},
	heavy: {
		monthsAgo: 24,
		deviceTypes: [ 0, 1, 2, 3, 4, 5 ],
		applyToAll: true,
		completes: true,
		bugs: 1200,
		experience: 3200,
		fiscal: 'verified',
		fiscalType: 'non-italian',
		payments: true,
		processing: true,
		readsPopups: true,
	},
	// A flat-rate VAT holder: the wallet's bank-invoice flow, with paid requests and booty to request.
	invoice: {
		monthsAgo: 10,
		deviceTypes: [ 0, 2 ],
		applyToAll: false,
		completes: true,
		bugs: 12,
		experience: 60,
		fiscal: 'verified',
		fiscalType: 'vat',
		payments: true,
		processing: false,
		readsPopups: true,
	},
};

export interface DemoPlan {
	id: number;
	key: string;
	shape: DemoShape;
	existing: {
		email: string;
		name: string;
		surname: string;
		country: string | null;
	};
}

/**
 * The existing testers behind the demo options; a newcomer stays as signed up, so it needs no plan.
 *
 * @param db
 * @param demo
 */
export async function planDemo(
	db: Kysely< Database >,
	demo: DemoTester[]
): Promise< DemoPlan[] > {
	const seen = new Set< number >();
	const plans: DemoPlan[] = [];
	for ( const { testerId, profile } of demo ) {
		if ( ! DEMO_PROFILES.includes( profile ) ) {
			throw new Error(
				`Unknown demo profile "${ profile }": use ${ DEMO_PROFILES.join(
					', '
				) }`
			);
		}
		if ( seen.has( testerId ) ) {
			throw new Error(
				`Tester ${ testerId } is given more than one demo profile`
			);
		}
		seen.add( testerId );
		const existing = await existingTester( db, testerId, profile );
		if ( profile !== 'newcomer' ) {
			plans.push( {
				id: testerId,
				// The profile and its position among its kind, not the id: the same rows on any database.
				key: `${ profile }/${
					plans.filter( ( plan ) =>
						plan.key.startsWith( `${ profile }/` )
					).length
				}`,
				shape: DEMO_SHAPES[ profile ],
				existing,
			} );
		}
	}
	return plans;
}

/** Who the demo tester is, refusing one that does not exist or, but for a newcomer, has a history already. */
async function existingTester(
	db: Kysely< Database >,
	testerId: number,
	profile: DemoProfile
): Promise< DemoPlan[ 'existing' ] > {
	const existing = await db
		.selectFrom( 'testers' )
		.select( [ 'email', 'name', 'surname', 'country' ] )
		.where( 'id', '=', testerId )
		.executeTakeFirst();
	if ( ! existing ) {
		throw new Error( `Demo tester ${ testerId } does not exist` );
	}
	const history = await db
		.selectFrom( 'experience_entries' )
		.select( 'id' )
		.where( 'tester_id', '=', testerId )
		.limit( 1 )
		.executeTakeFirst();
	if ( history && profile !== 'newcomer' ) {
		// Their rows would be added to, not replaced (resetSeed keeps real testers' rows).
		throw new Error(
			`Demo tester ${ testerId } already has a history; give the profile to a fresh sign-up`
		);
	}
	return existing;
}
