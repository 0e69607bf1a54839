import type { Kysely, Selectable } from 'kysely';
import type { Database, TestersTable } from '../../db/schema.ts';
import {
	fromBoolean,
	fromSqlDateTime,
	toBoolean,
	toDateOnly,
	toInteger,
	toNullableInteger,
	toSqlDateTime,
} from '../../db/values.ts';
import { aheadOf, rankFrom } from '../ranking/repository.ts';

export interface Tester {
	id: number;
	wpUserId: number;
	email: string;
	name: string;
	surname: string;
	/** YYYY-MM-DD */
	birthDate: string | null;
	/** ISO 3166-1 alpha-2, upper case. */
	country: string | null;
	image: string | null;
	onboardingCompleted: boolean;
	isVerified: boolean;
	totalExpPts: number;
	attendedCp: number;
	approvedBugs: number;
	bootyGrossCents: number;
	bootyNetCents: number | null;
	pendingBootyGrossCents: number;
	pendingBootyNetCents: number | null;
	bootyThresholdCents: number;
	referralCode: string | null;
	/** ISO 8601, UTC. */
	createdAt: string;
	updatedAt: string;
}

export interface NewTester {
	wpUserId: number;
	email: string;
	name: string;
	surname: string;
	birthDate?: string | null;
	country?: string | null;
	referralCode?: string | null;
}

/** Profile fields a tester changes with PATCH /users/me; the others come with the profile screens. */
export interface TesterChanges {
	onboardingCompleted?: boolean;
}

/** A row would repeat a WordPress user or an email another tester already has. */
export class DuplicateTesterError extends Error {
	constructor( options?: { cause?: unknown } ) {
		super(
			'A tester with this WordPress user or email already exists',
			options
		);
		this.name = 'DuplicateTesterError';
	}
}

function isUniqueViolation( error: unknown ): boolean {
	const code = ( error as { code?: unknown } | null )?.code;
	return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY';
}

export const normaliseEmail = ( email: string ) => email.trim().toLowerCase();

function toTester( row: Selectable< TestersTable > ): Tester {
	return {
		id: toInteger( row.id ),
		wpUserId: toInteger( row.wp_user_id ),
		email: row.email,
		name: row.name,
		surname: row.surname,
		birthDate: toDateOnly( row.birth_date ),
		country: row.country,
		image: row.image,
		onboardingCompleted: toBoolean( row.onboarding_completed ),
		isVerified: toBoolean( row.is_verified ),
		totalExpPts: toInteger( row.total_exp_pts ),
		attendedCp: toInteger( row.attended_cp ),
		approvedBugs: toInteger( row.approved_bugs ),
		bootyGrossCents: toInteger( row.booty_gross_cents ),
		bootyNetCents: toNullableInteger( row.booty_net_cents ),
		pendingBootyGrossCents: toInteger( row.pending_booty_gross_cents ),
		pendingBootyNetCents: toNullableInteger( row.pending_booty_net_cents ),
		bootyThresholdCents: toInteger( row.booty_threshold_cents ),
		referralCode: row.referral_code,
		createdAt: fromSqlDateTime( row.created_at ),
		updatedAt: fromSqlDateTime( row.updated_at ),
	};
}

export type TestersRepository = ReturnType< typeof createTestersRepository >;

const selectTester = ( executor: Kysely< Database > ) =>
	executor.selectFrom( 'testers' ).selectAll( 'testers' );

async function find(
	executor: Kysely< Database >,
	column: 'id' | 'wp_user_id' | 'email',
	value: string | number
) {
	const row = await selectTester( executor )
		.where( `testers.${ column }`, '=', value )
		.executeTakeFirst();
	return row ? toTester( row ) : undefined;
}

export function createTestersRepository( db: Kysely< Database > ) {
	return {
		findById: ( id: number ) => find( db, 'id', id ),

		findByWpUserId: ( wpUserId: number ) =>
			find( db, 'wp_user_id', wpUserId ),

		/**
		 * The tester of a WordPress user and the tester's rank in `month` (null at level 0 or without a row of the
		 * month), in one statement.
		 *
		 * @param wpUserId
		 * @param month    `YYYY-MM-01`.
		 */
		async findByWpUserIdWithRank(
			wpUserId: number,
			month: string
		): Promise< { tester: Tester; rank: number | null } | undefined > {
			const row = await selectTester( db )
				.leftJoin( 'tester_monthly_levels as m', ( join ) =>
					join
						.onRef( 'm.tester_id', '=', 'testers.id' )
						.on( 'm.month', '=', month )
				)
				.select( [
					'm.level_id as rank_level_id',
					aheadOf( month ).as( 'rank_ahead' ),
				] )
				.where( 'testers.wp_user_id', '=', wpUserId )
				.executeTakeFirst();
			return (
				row && {
					tester: toTester( row ),
					rank: rankFrom( row.rank_level_id, row.rank_ahead ),
				}
			);
		},

		findByEmail: ( email: string ) =>
			find( db, 'email', normaliseEmail( email ) ),

		/**
		 * Which of these WordPress users have a tester.
		 *
		 * @param wpUserIds
		 */
		async wpUserIdsWithTester(
			wpUserIds: readonly number[]
		): Promise< Set< number > > {
			if ( ! wpUserIds.length ) {
				return new Set();
			}
			const rows = await db
				.selectFrom( 'testers' )
				.select( 'wp_user_id' )
				.where( 'wp_user_id', 'in', wpUserIds )
				.execute();
			return new Set(
				rows.map( ( row ) => toInteger( row.wp_user_id ) )
			);
		},

		/**
		 * Adds what only the sign-up form knows (birth date, country, referral) to a tester the reconciliation
		 * wrote for this WordPress user and email, and answers it; undefined when there is no such tester.
		 *
		 * @param wpUserId
		 * @param details
		 */
		async completeRepaired(
			wpUserId: number,
			details: Pick<
				NewTester,
				'email' | 'birthDate' | 'country' | 'referralCode'
			>
		): Promise< Tester | undefined > {
			const email = normaliseEmail( details.email );
			await db
				.updateTable( 'testers' )
				.set( {
					birth_date: details.birthDate ?? null,
					country: details.country ?? null,
					referral_code: details.referralCode ?? null,
					updated_at: toSqlDateTime(),
				} )
				.where( 'wp_user_id', '=', wpUserId )
				.where( 'email', '=', email )
				.where( 'birth_date', 'is', null )
				.execute();
			const tester = await find( db, 'wp_user_id', wpUserId );
			return tester?.email === email ? tester : undefined;
		},

		/**
		 * Applies `changes` and answers the tester as stored afterwards.
		 *
		 * @param id
		 * @param changes
		 * @throws Error when the tester does not exist (the caller holds an authenticated tester).
		 */
		async update( id: number, changes: TesterChanges ): Promise< Tester > {
			if ( changes.onboardingCompleted !== undefined ) {
				await db
					.updateTable( 'testers' )
					.set( {
						onboarding_completed: fromBoolean(
							changes.onboardingCompleted
						),
						updated_at: toSqlDateTime(),
					} )
					.where( 'id', '=', id )
					.execute();
			}
			const tester = await find( db, 'id', id );
			if ( ! tester ) {
				throw new Error( `Tester ${ id } vanished during its update` );
			}
			return tester;
		},

		/**
		 * Inserts a tester and reads it back, in one transaction of its own or, given `executor`, in the caller's.
		 *
		 * @param input
		 * @param executor
		 * @throws DuplicateTesterError when the WordPress user or the email already has a tester.
		 */
		create( input: NewTester, executor?: Kysely< Database > ) {
			return executor
				? insertTester( executor, input )
				: db
						.transaction()
						.execute( ( trx ) => insertTester( trx, input ) );
		},
	};
}

async function insertTester(
	executor: Kysely< Database >,
	input: NewTester
): Promise< Tester > {
	const now = toSqlDateTime();
	const email = normaliseEmail( input.email );
	let insertId: bigint | undefined;
	try {
		( { insertId } = await executor
			.insertInto( 'testers' )
			.values( {
				wp_user_id: input.wpUserId,
				email,
				name: input.name,
				surname: input.surname,
				birth_date: input.birthDate ?? null,
				country: input.country ?? null,
				referral_code: input.referralCode ?? null,
				onboarding_completed: fromBoolean( false ),
				is_verified: fromBoolean( false ),
				created_at: now,
				updated_at: now,
			} )
			.executeTakeFirstOrThrow() );
	} catch ( error ) {
		throw isUniqueViolation( error )
			? new DuplicateTesterError( { cause: error } )
			: error;
	}
	const tester =
		insertId === undefined
			? undefined
			: await find( executor, 'id', toInteger( insertId ) );
	if ( ! tester ) {
		throw new Error(
			`The tester row for WordPress user ${ input.wpUserId } vanished after its insert`
		);
	}
	return tester;
}
