import type { SeedContext } from '../context.ts';
import type { Random } from '../random.ts';
import { DAY, sqlDateTime } from '../values.ts';
import type { Person } from './person.ts';

export interface Fiscal {
	/** Null: the tester has no fiscal profile. */
	type: string | null;
	verified: boolean;
}

const FISCAL_TYPES: ReadonlyArray< readonly [ string, number ] > = [
	[ 'withholding', 45 ],
	[ 'non-italian', 25 ],
	[ 'vat', 12 ],
	[ 'witholding-extra', 8 ],
	[ 'company', 5 ],
	[ 'internal', 5 ],
];

/**
 * Most testers' fiscal profile, verified or not; a demo tester's is of its shape's type, verified as its shape says.
 *
 * @param ctx
 * @param person
 */
export function writeFiscalProfile( ctx: SeedContext, person: Person ): Fiscal {
	const { rng, shape, created, city } = person;
	let fiscalType: string | null = null;
	if ( shape ) {
		fiscalType = shape.fiscalType;
	} else if ( rng.chance( 0.6 ) ) {
		fiscalType = rng.weighted( FISCAL_TYPES );
	}
	const verified = shape
		? shape.fiscal === 'verified'
		: fiscalType !== null && rng.chance( 0.7 );
	if ( fiscalType ) {
		ctx.writer.add( 'fiscal_profiles', [
			ctx.id( 'fiscal_profiles' ),
			person.id,
			fiscalType,
			fiscalType === 'non-italian' ? null : fiscalCode( rng ),
			person.gender === 'female' ? 'female' : 'male',
			city,
			person.country.code,
			city,
			`Via ${ rng.pick( [
				'Roma',
				'Garibaldi',
				'Mazzini',
				'Verdi',
				'Dante',
			] ) }`,
			String( rng.int( 1, 200 ) ),
			String( rng.int( 10000, 99999 ) ),
			verified ? 'verified' : 'unverified',
			sqlDateTime( created + 2 * DAY ),
			sqlDateTime( created + ( verified ? 5 : 2 ) * DAY ),
		] );
	}
	return { type: fiscalType, verified };
}

/**
 * Shaped like an Italian tax code (16 characters); not a valid one.
 *
 * @param rng
 */
function fiscalCode( rng: Random ): string {
	const letters = 'ABCDEFGHILMNOPRSTUVZ';
	const letter = () => letters[ rng.int( 0, letters.length - 1 ) ];
	const digits = ( count: number ) =>
		String( rng.int( 0, 10 ** count - 1 ) ).padStart( count, '0' );
	return `${ letter() }${ letter() }${ letter() }${ letter() }${ letter() }${ letter() }${ digits(
		2
	) }${ letter() }${ digits( 2 ) }${ letter() }${ digits( 3 ) }${ letter() }`;
}
