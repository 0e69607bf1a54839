import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, TestersTable } from '../../db/schema.ts';
import { queryTemplate, type QueryTemplate } from '../../db/query-template.ts';
import { inTransaction } from '../../db/transaction.ts';
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
import { createDeletionsRepository } from './deletions.ts';
import {
	lookupExists,
	readProfileExtras,
	type ExtraField,
	type ProfileExtras,
} from './profile-reads.ts';

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
	gender: Gender | null;
	/** E.164. */
	phone: string | null;
	city: string | null;
	/** An employments id (the spec's "profession"). */
	professionId: number | null;
	educationId: number | null;
	emailConfirmed: boolean;
	/** ISO 8601, UTC, whole seconds: bearer tokens issued before it are refused (a password change sets it). */
	sessionsValidFrom: string | null;
	/** ISO 8601, UTC. */
	createdAt: string;
	updatedAt: string;
}

export type Gender = NonNullable< TestersTable[ 'gender' ] >;

export interface NewTester {
	wpUserId: number;
	email: string;
	name: string;
	surname: string;
	birthDate?: string | null;
	country?: string | null;
	referralCode?: string | null;
}

/**
 * Profile fields a tester changes with PATCH /users/me, already checked and in their stored form (changes.ts).
 * A field left out stays as it is; null clears it.
 */
export interface TesterChanges {
	name?: string;
	surname?: string;
	gender?: Gender | null;
	birthDate?: string;
	phone?: string | null;
	/** Normalised; a new email also clears `email_confirmed`. */
	email?: string;
	country?: string;
	city?: string | null;
	professionId?: number | null;
	educationId?: number | null;
	onboardingCompleted?: boolean;
}

/**
 * Called in the transaction of a change of name, surname or birth date: the fiscal profile checks its tax id
 * against them (features/fiscal/revalidate.ts).
 */
export type AfterPersonalDataChange = (
	trx: Kysely< Database >,
	testerId: number
) => Promise< unknown >;

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
		gender: row.gender,
		phone: row.phone,
		city: row.city,
		professionId: toNullableInteger( row.profession_id ),
		educationId: toNullableInteger( row.education_id ),
		emailConfirmed: toBoolean( row.email_confirmed ),
		sessionsValidFrom:
			row.sessions_valid_from === null
				? null
				: fromSqlDateTime( row.sessions_valid_from ),
		createdAt: fromSqlDateTime( row.created_at ),
		updatedAt: fromSqlDateTime( row.updated_at ),
	};
}

export type TestersRepository = ReturnType< typeof createTestersRepository >;

const selectTester = ( executor: Kysely< Database > ) =>
	executor.selectFrom( 'testers' ).selectAll( 'testers' );

/** The tester whose id, WordPress user or e-mail is the value: read on every call of a tester. */
const testerBy = {
	id: queryTemplate( ( db, values: { value: number } ) =>
		selectTester( db ).where( 'testers.id', '=', values.value )
	),
	wpUserId: queryTemplate( ( db, values: { value: number } ) =>
		selectTester( db ).where( 'testers.wp_user_id', '=', values.value )
	),
	email: queryTemplate( ( db, values: { value: string } ) =>
		selectTester( db ).where( 'testers.email', '=', values.value )
	),
};

/** The tester of a WordPress user and what their rank in a month is made of. */
const testerWithRank = queryTemplate(
	( db, values: { wpUserId: number; month: string } ) =>
		selectTester( db )
			.leftJoin( 'tester_monthly_levels as m', ( join ) =>
				join
					.onRef( 'm.tester_id', '=', 'testers.id' )
					.on( 'm.month', '=', values.month )
			)
			.select( [
				'm.level_id as rank_level_id',
				aheadOf( values.month ).as( 'rank_ahead' ),
			] )
			.where( 'testers.wp_user_id', '=', values.wpUserId )
);

async function find< Value >(
	executor: Kysely< Database >,
	by: QueryTemplate< { value: Value }, Selectable< TestersTable > >,
	value: Value
) {
	const row = await by.first( executor, { value } );
	return row ? toTester( row ) : undefined;
}

export function createTestersRepository( db: Kysely< Database > ) {
	return {
		/** The account deletions (deletions.ts). */
		deletions: createDeletionsRepository( db ),

		findById: ( id: number ) => find( db, testerBy.id, id ),

		/**
		 * The fields of GET /users/me kept in other tables, only those in `wanted`.
		 *
		 * @param tester
		 * @param wanted
		 */
		extrasOf: (
			tester: Tester,
			wanted: readonly ExtraField[]
		): Promise< ProfileExtras > =>
			wanted.length
				? readProfileExtras( db, tester, wanted )
				: Promise.resolve( {} ),

		/**
		 * Whether `id` is an entry of the employments or education list.
		 *
		 * @param table
		 * @param id
		 */
		lookupExists: (
			table: 'employments' | 'education_levels',
			id: number
		) => lookupExists( db, table, id ),

		findByWpUserId: ( wpUserId: number ) =>
			find( db, testerBy.wpUserId, wpUserId ),

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
			const row = await testerWithRank.first( db, { wpUserId, month } );
			return (
				row && {
					tester: toTester( row ),
					rank: rankFrom( row.rank_level_id, row.rank_ahead ),
				}
			);
		},

		findByEmail: ( email: string ) =>
			find( db, testerBy.email, normaliseEmail( email ) ),

		/**
		 * Ends the tester's sessions: the bearer tokens issued before `now` (to the second) are refused from now on.
		 *
		 * @param id
		 * @param now
		 */
		async endSessions(
			id: number,
			now: Date = new Date()
		): Promise< void > {
			await db
				.updateTable( 'testers' )
				.set( { sessions_valid_from: toSqlDateTime( now ) } )
				.where( 'id', '=', id )
				.execute();
		},

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
			const tester = await find( db, testerBy.wpUserId, wpUserId );
			return tester?.email === email ? tester : undefined;
		},

		/**
		 * Whether another tester than `id` has this (normalised) email.
		 *
		 * @param email
		 * @param id
		 */
		async emailTakenByOther( email: string, id: number ) {
			const row = await db
				.selectFrom( 'testers' )
				.select( 'id' )
				.where( 'email', '=', normaliseEmail( email ) )
				.where( 'id', '<>', id )
				.executeTakeFirst();
			return row !== undefined;
		},

		/**
		 * Applies `changes` in one transaction and answers the tester as stored afterwards. When the name, the
		 * surname or the birth date changes, `afterPersonalDataChange` runs in the same transaction.
		 *
		 * @param id
		 * @param changes
		 * @param afterPersonalDataChange
		 * @throws Error when the tester does not exist (the caller holds an authenticated tester).
		 * @throws DuplicateTesterError when another tester has the new email.
		 */
		update(
			id: number,
			changes: TesterChanges,
			afterPersonalDataChange?: AfterPersonalDataChange
		): Promise< Tester > {
			return inTransaction( db, async ( trx ) => {
				const before = await find( trx, testerBy.id, id );
				if ( ! before ) {
					throw new Error(
						`Tester ${ id } vanished during its update`
					);
				}
				const columns = toColumns( changes, before );
				if ( Object.keys( columns ).length ) {
					try {
						await trx
							.updateTable( 'testers' )
							.set( { ...columns, updated_at: toSqlDateTime() } )
							.where( 'id', '=', id )
							.execute();
					} catch ( error ) {
						throw isUniqueViolation( error )
							? new DuplicateTesterError( { cause: error } )
							: error;
					}
				}
				const after = ( await find( trx, testerBy.id, id ) ) as Tester;
				if (
					afterPersonalDataChange &&
					( after.name !== before.name ||
						after.surname !== before.surname ||
						after.birthDate !== before.birthDate )
				) {
					await afterPersonalDataChange( trx, id );
				}
				return after;
			} );
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

/**
 * The columns `changes` set, `email_confirmed` cleared with a new email.
 *
 * @param changes
 * @param before  The row as stored.
 */
function toColumns(
	changes: TesterChanges,
	before: Tester
): Updateable< TestersTable > {
	const columns: Updateable< TestersTable > = {
		name: changes.name,
		surname: changes.surname,
		gender: changes.gender,
		birth_date: changes.birthDate,
		phone: changes.phone,
		country: changes.country,
		city: changes.city,
		profession_id: changes.professionId,
		education_id: changes.educationId,
		onboarding_completed:
			changes.onboardingCompleted === undefined
				? undefined
				: fromBoolean( changes.onboardingCompleted ),
	};
	if ( changes.email !== undefined ) {
		const email = normaliseEmail( changes.email );
		if ( email !== before.email ) {
			columns.email = email;
			columns.email_confirmed = fromBoolean( false );
		}
	}
	// Kysely would write a column left undefined as NULL.
	return Object.fromEntries(
		Object.entries( columns ).filter(
			( [ , value ] ) => value !== undefined
		)
	);
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
			: await find( executor, testerBy.id, toInteger( insertId ) );
	if ( ! tester ) {
		throw new Error(
			`The tester row for WordPress user ${ input.wpUserId } vanished after its insert`
		);
	}
	return tester;
}
