/**
 * `GET /users/me` as api/openapi.yaml describes it (`UserMe`): `id` always, plus exactly the fields asked
 * for with `fields=`, so everything else is optional and readers apply the spec's defaults (0, empty text).
 * Written by hand from the contract; keep the two in step.
 */
export interface Money {
	value: number;
	currency: string;
}

export interface Booty {
	gross: Money;
	net?: Money;
}

export interface Me {
	id: number;
	wp_user_id?: number;
	name?: string;
	surname?: string;
	email?: string;
	image?: string | null;
	role?: string;
	is_verified?: boolean;
	birthDate?: string | null;
	total_exp_pts?: number;
	attended_cp?: number;
	approved_bugs?: number;
	onboarding_completed?: boolean;
	booty?: Booty;
	pending_booty?: Booty;
	booty_threshold?: { value: number; isOver: boolean };
	languages?: Array< { id?: number; name: string } >;
	certifications?: Array< {
		id: number;
		name: string;
		institute?: string;
		area?: string;
		achievement_date?: string;
	} >;
}

/** The values `fields=` accepts (`UserField`). */
export type MeField = 'all' | keyof Me;
