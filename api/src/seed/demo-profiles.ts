import type { Kysely } from 'kysely';
import pkg from 'codice-fiscale-js';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { toDateOnly, toSqlDateTime } from '../db/values.ts';
import { fiscalStatusOf } from '../features/fiscal/verify.ts';
import { LOOKUP_ROWS } from '../lookups/index.ts';
import { ABROAD, findMunicipality, foreignState } from '../places/index.ts';
import type { DemoPlan, DemoProfile } from './demo.ts';

// The package's CommonJS build exports `{ CodiceFiscale }`; its declarations describe a default export instead.
const { CodiceFiscale } = pkg as unknown as {
	CodiceFiscale: typeof pkg.default;
};

type Gender = 'female' | 'male';

/** What a demo tester's profile screen shows: the base fields and a fiscal profile whose status is earned. */
interface DemoProfileState {
	/** Used only when the tester has none (a sign-up always has one; rows made by tests may not). */
	birthDate: string;
	gender: Gender;
	phone: string;
	city: string;
	emailConfirmed: boolean;
	profession: string;
	education: string;
	fiscal: {
		/** An Italian municipality and its province, or a state (ISO alpha-2) with province EE. */
		birthPlace: { city: string; province: string };
		address: {
			country: string;
			province: string;
			city: string;
			street: string;
			streetNumber: string;
			zip: string;
		};
		/**
		 * `matching`: the Italian code of the tester's own data; `other-birth-day`: a well-formed Italian code of the
		 * same person born a day later, which the verification refuses; otherwise the tax id itself.
		 */
		taxId: 'matching' | 'other-birth-day' | string;
		/** The community team's reason for refusing the profile (the profile page quotes it); none by default. */
		refusal?: string;
	};
}

/**
 * The demo profiles' states (README, the demo logins): the veteran complete and verified, the unverified tester
 * with an Italian tax id that does not match their data, the heavy tester verified abroad. A newcomer keeps the
 * sign-up's fields only: nothing here.
 */
const STATES: Partial< Record< DemoProfile, DemoProfileState > > = {
	veteran: {
		birthDate: '1985-09-23',
		gender: 'female',
		phone: '+393471234567',
		city: 'Milano',
		emailConfirmed: true,
		profession: 'Employee (full-time)',
		education: "Master's degree or equivalent",
		fiscal: {
			birthPlace: { city: 'Milano', province: 'MI' },
			address: {
				country: 'IT',
				province: 'MI',
				city: 'Milano',
				street: 'Via Dante',
				streetNumber: '12',
				zip: '20121',
			},
			taxId: 'matching',
		},
	},
	unverified: {
		birthDate: '1996-11-30',
		gender: 'male',
		phone: '+393381234567',
		city: 'Torino',
		emailConfirmed: true,
		profession: 'Student',
		education: 'Upper secondary school (high school diploma)',
		fiscal: {
			birthPlace: { city: 'Torino', province: 'TO' },
			address: {
				country: 'IT',
				province: 'TO',
				city: 'Torino',
				street: 'Corso Francia',
				streetNumber: '45',
				zip: '10138',
			},
			taxId: 'other-birth-day',
			refusal:
				'The tax id is that of someone born on 1 December 1996, a day after your date of birth. Check your date of birth, or enter the tax id on your card.',
		},
	},
	heavy: {
		birthDate: '1990-07-08',
		gender: 'female',
		phone: '+34612345678',
		city: 'Madrid',
		emailConfirmed: true,
		profession: 'Self-employed or freelancer',
		education: "Bachelor's degree or equivalent",
		fiscal: {
			birthPlace: { city: 'ES', province: ABROAD },
			address: {
				country: 'ES',
				province: 'Madrid',
				city: 'Madrid',
				street: 'Calle de Alcalá',
				streetNumber: '42',
				zip: '28014',
			},
			// A Spanish DNI with its check letter.
			taxId: '12345678Z',
		},
	},
	invoice: {
		birthDate: '1979-02-11',
		gender: 'male',
		phone: '+393351234567',
		city: 'Bologna',
		emailConfirmed: true,
		profession: 'Self-employed or freelancer',
		education: "Bachelor's degree or equivalent",
		fiscal: {
			birthPlace: { city: 'Bologna', province: 'BO' },
			address: {
				country: 'IT',
				province: 'BO',
				city: 'Bologna',
				street: 'Via Indipendenza',
				streetNumber: '8',
				zip: '40121',
			},
			taxId: 'matching',
		},
	},
};

const lookupId =
	( rows: ReadonlyArray< { id: number; name: string } > ) =>
	( name: string ) => {
		const row = rows.find( ( candidate ) => candidate.name === name );
		if ( ! row ) {
			throw new Error( `Demo profile: no lookup row named "${ name }"` );
		}
		return row.id;
	};
const employmentId = lookupId( LOOKUP_ROWS.employments );
const educationId = lookupId( LOOKUP_ROWS.education_levels );

/** The letters of a name as the tax code reads them: accents dropped. */
const lettersOf = ( text: string ) =>
	text.normalize( 'NFD' ).replace( /\p{M}+/gu, '' );

async function birthPlaceCode( place: { city: string; province: string } ) {
	const code =
		place.province === ABROAD
			? ( await foreignState( place.city ) )?.code
			: (
					await findMunicipality( place.city, place.province, {
						includeFormer: true,
					} )
			  )?.code;
	if ( ! code ) {
		throw new Error(
			`Demo profile: unknown birth place ${ place.city } (${ place.province })`
		);
	}
	return code;
}

function italianTaxId(
	who: { name: string; surname: string; gender: Gender; birthDate: string },
	placeCode: string,
	dayShift: number
): string {
	const birth = new Date( `${ who.birthDate }T00:00:00Z` );
	birth.setUTCDate( birth.getUTCDate() + dayShift );
	return CodiceFiscale.compute( {
		name: lettersOf( who.name ),
		surname: lettersOf( who.surname ),
		gender: who.gender === 'female' ? 'F' : 'M',
		day: birth.getUTCDate(),
		month: birth.getUTCMonth() + 1,
		year: birth.getUTCFullYear(),
		birthplace: placeCode,
	} );
}

/**
 * Gives each demo tester the base fields and the fiscal profile of its profile's state, on top of what the
 * generator wrote (their fiscal row is replaced in place, keeping its id and dates). The fiscal status is the one
 * the API's own verification gives these data, and must be the one the profile is about (the veteran's payments
 * need it verified): a state that does not earn it stops the seed.
 *
 * @param db
 * @param demo
 */
export async function writeDemoProfileStates(
	db: Kysely< Database >,
	demo: readonly DemoPlan[]
): Promise< void > {
	for ( const plan of demo ) {
		const profile = plan.key.split( '/' )[ 0 ] as DemoProfile;
		const state = STATES[ profile ];
		if ( ! state ) {
			continue;
		}
		const row = await db
			.selectFrom( 'testers' )
			.select( [ 'name', 'surname', 'birth_date' ] )
			.where( 'id', '=', plan.id )
			.executeTakeFirstOrThrow();
		const birthDate = toDateOnly( row.birth_date ) ?? state.birthDate;
		const { fiscal } = state;
		const placeCode = await birthPlaceCode( fiscal.birthPlace );
		const who = {
			name: row.name,
			surname: row.surname,
			gender: state.gender,
			birthDate,
		};
		let fiscalId = fiscal.taxId;
		if ( fiscalId === 'matching' || fiscalId === 'other-birth-day' ) {
			fiscalId = italianTaxId(
				who,
				placeCode,
				fiscalId === 'matching' ? 0 : 1
			);
		}
		const status = fiscalStatusOf( {
			addressCountry: fiscal.address.country,
			fiscalId,
			gender: state.gender,
			birthPlaceCode: placeCode,
			name: row.name,
			surname: row.surname,
			birthDate,
		} );
		if ( status !== plan.shape.fiscal ) {
			throw new Error(
				`Demo profile ${ plan.key }: its fiscal data verify as ${ status }, not ${ plan.shape.fiscal }`
			);
		}
		const now = toSqlDateTime();
		await inTransaction( db, async ( trx ) => {
			await trx
				.updateTable( 'testers' )
				.set( {
					birth_date: birthDate,
					gender: state.gender,
					phone: state.phone,
					city: state.city,
					email_confirmed: state.emailConfirmed ? 1 : 0,
					profession_id: employmentId( state.profession ),
					education_id: educationId( state.education ),
				} )
				.where( 'id', '=', plan.id )
				.execute();
			const values = {
				type: plan.shape.fiscalType,
				fiscal_id: fiscalId,
				gender: state.gender,
				birth_city: fiscal.birthPlace.city,
				birth_province: fiscal.birthPlace.province,
				birth_place_id: placeCode,
				address_country: fiscal.address.country,
				address_province: fiscal.address.province,
				address_city: fiscal.address.city,
				address_street: fiscal.address.street,
				address_street_number: fiscal.address.streetNumber,
				address_zip: fiscal.address.zip,
				status,
				review_note: fiscal.refusal ?? null,
				reviewed_at: fiscal.refusal ? now : null,
			};
			const updated = await trx
				.updateTable( 'fiscal_profiles' )
				.set( values )
				.where( 'tester_id', '=', plan.id )
				.executeTakeFirst();
			if ( Number( updated.numUpdatedRows ) === 0 ) {
				await trx
					.insertInto( 'fiscal_profiles' )
					.values( {
						...values,
						tester_id: plan.id,
						created_at: now,
						updated_at: now,
					} )
					.execute();
			}
		} );
	}
}
