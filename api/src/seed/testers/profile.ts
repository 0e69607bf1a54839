import {
	CERTIFICATION_IDS,
	EDUCATION_COUNT,
	EMPLOYMENT_COUNT,
	LANGUAGE_ID,
} from '../catalogue.ts';
import type { SeedContext } from '../context.ts';
import { SPOKEN_LANGUAGES } from '../data.ts';
import { SEED_WP_USER_ID_BASE } from '../seeded.ts';
import {
	DAY,
	HOUR,
	referralCode,
	sorted,
	sqlDate,
	sqlDateTime,
} from '../values.ts';
import { COLUMNS, type Value } from '../writer.ts';
import { PAYMENT_THRESHOLD, type BootyTotals } from './payments.ts';
import type { Person } from './person.ts';

/** The counters kept on the tester's row, consistent with the rows written before it. */
export interface TesterCounters extends BootyTotals {
	totalExp: number;
	/** When the tester passed the entry test (the Basic Course), ms; null: not passed. */
	entryTestPassedAt: number | null;
	attended: number;
	approved: number;
}

/** A demo tester's own columns, written by UPDATE once their rows are in. */
export interface DemoUpdate {
	id: number;
	values: Record< string, Value >;
}

const MOTHER_TONGUE: Record< string, string > = {
	IT: 'Italian',
	ES: 'Spanish',
	FR: 'French',
	GB: 'English',
	US: 'English',
	DE: 'German',
	CH: 'German',
	PT: 'Portuguese',
};

/** Who a demo tester is stays as signed up; the rest catches up with their rows. */
const DEMO_KEPT = new Set< string >( [
	'id',
	'wp_user_id',
	'email',
	'name',
	'surname',
	'birth_date',
	'country',
	'referral_code',
	'own_referral_code',
	'referred_by_tester_id',
] );

/**
 * The tester row itself, now that its counters are known: an INSERT for a generated tester, an update (answered)
 * for a demo one.
 *
 * @param ctx
 * @param person
 * @param testerBase The highest tester id before the generated ones.
 * @param counters
 */
export function writeTesterRow(
	ctx: SeedContext,
	person: Person,
	testerBase: number,
	counters: TesterCounters
): DemoUpdate | undefined {
	const { rng, shape, index, created, country } = person;
	const referrer =
		index > 0 && rng.chance( 0.08 ) ? rng.int( 0, index - 1 ) : null;
	const isVerified = shape !== undefined || rng.chance( 0.85 );
	const row: Value[] = [
		person.id,
		SEED_WP_USER_ID_BASE + index,
		person.email,
		person.name,
		person.surname,
		sqlDate( person.birth ),
		country.code,
		shape !== undefined || rng.chance( 0.9 ) ? 1 : 0,
		isVerified ? 1 : 0,
		counters.totalExp,
		counters.attended,
		counters.approved,
		counters.bootyGross,
		counters.bootyNet,
		counters.pendingGross,
		counters.pendingNet,
		PAYMENT_THRESHOLD,
		referrer === null ? null : referralCode( referrer ),
		sqlDateTime( created ),
		sqlDateTime( created + 3 * DAY ),
		person.gender,
		`${ country.phonePrefix }${ String( rng.int( 10000000, 99999999 ) ) }`,
		person.city,
		rng.chance( 0.95 ) ? 1 : 0,
		isVerified ? sqlDateTime( created + HOUR ) : null,
		referralCode( index ),
		rng.chance( 0.9 ) ? rng.int( 1, EMPLOYMENT_COUNT ) : null,
		rng.chance( 0.9 ) ? rng.int( 1, EDUCATION_COUNT ) : null,
		referrer === null ? null : testerBase + referrer + 1,
		counters.entryTestPassedAt === null
			? null
			: sqlDateTime( counters.entryTestPassedAt ),
	];
	if ( person.demo ) {
		return {
			id: person.id,
			values: Object.fromEntries(
				COLUMNS.testers
					.map(
						( column, position ) =>
							[ column, row[ position ] ] as const
					)
					.filter( ( [ column ] ) => ! DEMO_KEPT.has( column ) )
			),
		};
	}
	ctx.writer.add( 'testers', row );
	return undefined;
}

/**
 * The mother tongue of the tester's country and up to two more languages; a quarter of testers hold one or two
 * certifications.
 *
 * @param ctx
 * @param person
 */
export function writeSkills( ctx: SeedContext, person: Person ): void {
	const { rng } = person;
	const spoken = new Set( [
		MOTHER_TONGUE[ person.country.code ] ?? 'English',
		...rng.sample( SPOKEN_LANGUAGES, rng.int( 0, 2 ) ),
	] );
	for ( const language of SPOKEN_LANGUAGES.filter( ( item ) =>
		spoken.has( item )
	) ) {
		ctx.writer.add( 'tester_languages', [
			ctx.id( 'tester_languages' ),
			person.id,
			LANGUAGE_ID.get( language )!,
		] );
	}
	if ( rng.chance( 0.25 ) ) {
		for ( const certification of sorted(
			rng.sample( CERTIFICATION_IDS, rng.int( 1, 2 ) )
		) ) {
			ctx.writer.add( 'tester_certifications', [
				ctx.id( 'tester_certifications' ),
				person.id,
				certification,
				sqlDate( person.created - rng.int( 30, 3000 ) * DAY ),
			] );
		}
	}
}
