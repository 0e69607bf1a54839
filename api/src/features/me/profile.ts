import type { Booty, Money, Schema, UserMe } from '../../contract/index.ts';
import {
	EXTRA_FIELDS,
	type ExtraField,
	type ProfileExtras,
} from './profile-reads.ts';
import type { Tester } from './repository.ts';

export const ALL_FIELDS = 'all';

/** A field of GET /users/me (the contract's `UserField` but `all`). */
export type UserField = Exclude< Schema< 'UserField' >, typeof ALL_FIELDS >;

/**
 * The fields of GET /users/me in the order `all` shows them. The list must hold every `UserField` of openapi.yaml
 * (a test holds them together); the contract rejects any other name before this code runs.
 */
export const USER_FIELDS: readonly UserField[] = [
	'id',
	'wp_user_id',
	'name',
	'surname',
	'email',
	'image',
	'role',
	'is_verified',
	'birthDate',
	'total_exp_pts',
	'booty',
	'pending_booty',
	'rank',
	'attended_cp',
	'approved_bugs',
	'onboarding_completed',
	'languages',
	'certifications',
	'booty_threshold',
	'gender',
	'phone',
	'country',
	'city',
	'profession',
	'education',
	'email_confirmed',
	'additional',
];

/** What the profile card needs when the client names no fields. */
export const DEFAULT_FIELDS: readonly UserField[] = [
	'id',
	'wp_user_id',
	'name',
	'surname',
	'email',
	'image',
	'role',
	'is_verified',
];

export const CURRENCY = 'EUR';

const money = ( cents: number ): Money => ( {
	value: Math.round( cents ) / 100,
	currency: CURRENCY,
} );

function booty( grossCents: number, netCents: number | null ): Booty {
	return netCents === null
		? { gross: money( grossCents ) }
		: { gross: money( grossCents ), net: money( netCents ) };
}

/**
 * What the tester has earned and not yet asked to be paid: the `pending_booty` field of GET /users/me and the
 * answer of GET /users/me/pending_booty.
 *
 * @param tester
 */
export const pendingBootyOf = ( tester: Tester ): Booty =>
	booty( tester.pendingBootyGrossCents, tester.pendingBootyNetCents );

/** Values that come from other tables than the tester's row, read only when asked for. */
export interface Extras extends ProfileExtras {
	rank?: number | null;
}

type Produce< Field extends UserField > = (
	tester: Tester,
	role: string,
	extras: Extras
) => Exclude< UserMe[ Field ], undefined >;

/** One producer per field of the contract, each giving the type the contract gives that field. */
const PRODUCERS: { [ Field in UserField ]: Produce< Field > } = {
	id: ( tester ) => tester.id,
	wp_user_id: ( tester ) => tester.wpUserId,
	name: ( tester ) => tester.name,
	surname: ( tester ) => tester.surname,
	email: ( tester ) => tester.email,
	image: ( tester ) => tester.image,
	role: ( _tester, role ) => role,
	is_verified: ( tester ) => tester.isVerified,
	birthDate: ( tester ) => tester.birthDate,
	total_exp_pts: ( tester ) => tester.totalExpPts,
	attended_cp: ( tester ) => tester.attendedCp,
	approved_bugs: ( tester ) => tester.approvedBugs,
	onboarding_completed: ( tester ) => tester.onboardingCompleted,
	booty: ( tester ) => booty( tester.bootyGrossCents, tester.bootyNetCents ),
	pending_booty: pendingBootyOf,
	booty_threshold: ( tester ) => ( {
		value: money( tester.bootyThresholdCents ).value,
		isOver: tester.pendingBootyGrossCents >= tester.bootyThresholdCents,
	} ),
	languages: ( _tester, _role, extras ) => extras.languages ?? [],
	certifications: ( _tester, _role, extras ) => extras.certifications ?? [],
	additional: ( _tester, _role, extras ) => extras.additional ?? [],
	profession: ( _tester, _role, extras ) => extras.profession ?? null,
	education: ( _tester, _role, extras ) => extras.education ?? null,
	gender: ( tester ) => tester.gender,
	phone: ( tester ) => tester.phone,
	country: ( tester ) => tester.country,
	city: ( tester ) => tester.city,
	email_confirmed: ( tester ) => tester.emailConfirmed,
	// This month's position in the tester's level; null at level 0 (the client shows N/A).
	rank: ( _tester, _role, extras ) => extras.rank ?? null,
};

function produce< Field extends UserField >(
	answer: UserMe,
	field: Field,
	tester: Tester,
	role: string,
	extras: Extras
) {
	answer[ field ] = PRODUCERS[ field ]( tester, role, extras );
}

function fieldsFor( requested?: readonly string[] ): readonly UserField[] {
	if ( ! requested || requested.length === 0 ) {
		return DEFAULT_FIELDS;
	}
	if ( requested.includes( ALL_FIELDS ) ) {
		return USER_FIELDS;
	}
	return USER_FIELDS.filter( ( field ) => requested.includes( field ) );
}

/**
 * The fields of `requested` whose values live in other tables than the tester's row.
 *
 * @param requested
 */
export const extraFieldsOf = (
	requested: readonly string[] | undefined
): ExtraField[] => {
	const fields = fieldsFor( requested );
	return EXTRA_FIELDS.filter( ( field ) => fields.includes( field ) );
};

/**
 * Whether the answer to these requested fields includes `field`.
 *
 * @param requested
 * @param field
 */
export const wantsField = (
	requested: readonly string[] | undefined,
	field: UserField
) => fieldsFor( requested ).includes( field );

/**
 * The answer of GET /users/me: `id` plus exactly the requested fields (`all` for every field),
 * or the default set when no field is named.
 *
 * @param tester
 * @param role      Primary WordPress role, from the token.
 * @param requested Field names as the contract let them through.
 */
export function presentMe(
	tester: Tester,
	role: string,
	requested?: readonly string[],
	extras: Extras = {}
): UserMe {
	const answer: UserMe = { id: tester.id };
	for ( const field of fieldsFor( requested ) ) {
		produce( answer, field, tester, role, extras );
	}
	return answer;
}
