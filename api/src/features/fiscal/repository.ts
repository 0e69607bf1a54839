import type { Kysely, Selectable } from 'kysely';
import type {
	Database,
	FiscalProfilesTable,
	FiscalType,
} from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { toDateOnly, toSqlDateTime } from '../../db/values.ts';

export type StoredFiscalStatus = 'verified' | 'unverified';

/** What the tester's form decides, checked and resolved (see input.ts); the status is computed from it. */
export interface FiscalRecord {
	type: FiscalType;
	fiscalId: string | null;
	gender: 'male' | 'female' | null;
	birthCity: string | null;
	birthProvince: string | null;
	/** Cadastral code of the birth municipality, or the Z code of the state of birth. */
	birthPlaceCode: string | null;
	addressCountry: string | null;
	addressProvince: string | null;
	addressCity: string | null;
	addressStreet: string | null;
	addressStreetNumber: string | null;
	addressZip: string | null;
	status: StoredFiscalStatus;
}

/** A stored profile with the tester's own data it is checked against. */
export interface FiscalProfileOfTester extends FiscalRecord {
	testerId: number;
	name: string;
	surname: string;
	/** YYYY-MM-DD */
	birthDate: string | null;
	/** Why the community team refused the profile, while it stands refused; null otherwise. */
	refusalReason: string | null;
}

/** The tester has a fiscal profile already. */
export class DuplicateFiscalProfileError extends Error {
	constructor( options?: { cause?: unknown } ) {
		super( 'The tester has a fiscal profile already', options );
		this.name = 'DuplicateFiscalProfileError';
	}
}

function isUniqueViolation( error: unknown ): boolean {
	const code = ( error as { code?: unknown } | null )?.code;
	return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY';
}

type ProfileRow = Selectable< FiscalProfilesTable > & {
	name: string;
	surname: string;
	birth_date: string | null;
};

function toProfile( row: ProfileRow ): FiscalProfileOfTester {
	return {
		testerId: Number( row.tester_id ),
		type: row.type,
		fiscalId: row.fiscal_id,
		gender: row.gender,
		birthCity: row.birth_city,
		birthProvince: row.birth_province,
		birthPlaceCode: row.birth_place_id,
		addressCountry: row.address_country,
		addressProvince: row.address_province,
		addressCity: row.address_city,
		addressStreet: row.address_street,
		addressStreetNumber: row.address_street_number,
		addressZip: row.address_zip,
		status: row.status,
		name: row.name,
		surname: row.surname,
		birthDate: toDateOnly( row.birth_date ),
		refusalReason: row.review_note,
	};
}

/** The columns of the tester's data a refusal is about: the same values saved again do not lift it. */
const REFUSED_DATA = [
	'type',
	'fiscal_id',
	'gender',
	'birth_city',
	'birth_province',
	'birth_place_id',
	'address_country',
	'address_province',
	'address_city',
	'address_street',
	'address_street_number',
	'address_zip',
] as const;

function toColumns( record: FiscalRecord ) {
	return {
		type: record.type,
		fiscal_id: record.fiscalId,
		gender: record.gender,
		birth_city: record.birthCity,
		birth_province: record.birthProvince,
		birth_place_id: record.birthPlaceCode,
		address_country: record.addressCountry,
		address_province: record.addressProvince,
		address_city: record.addressCity,
		address_street: record.addressStreet,
		address_street_number: record.addressStreetNumber,
		address_zip: record.addressZip,
		status: record.status,
		updated_at: toSqlDateTime(),
	};
}

/** A tester's fiscal profile with the tester's name, surname and birth date. */
const profileOfTester = queryTemplate( ( db, values: { testerId: number } ) =>
	db
		.selectFrom( 'fiscal_profiles as f' )
		.innerJoin( 'testers as t', 't.id', 'f.tester_id' )
		.selectAll( 'f' )
		.select( [ 't.name', 't.surname', 't.birth_date' ] )
		.where( 'f.tester_id', '=', values.testerId )
);

export type FiscalRepository = ReturnType< typeof createFiscalRepository >;

/**
 * The fiscal profiles, one per tester (unique tester_id), always read with the tester's name, surname and birth
 * date, which the verification compares the tax id with.
 *
 * @param db The database, or a transaction of the caller's.
 */
export function createFiscalRepository( db: Kysely< Database > ) {
	const find = async ( testerId: number ) => {
		const row = await profileOfTester.first( db, { testerId } );
		return row ? toProfile( row ) : undefined;
	};

	return {
		find,

		/**
		 * @param testerId
		 * @param record
		 * @throws DuplicateFiscalProfileError when the tester has one already.
		 */
		async create(
			testerId: number,
			record: FiscalRecord
		): Promise< FiscalProfileOfTester > {
			try {
				await db
					.insertInto( 'fiscal_profiles' )
					.values( {
						tester_id: testerId,
						...toColumns( record ),
						created_at: toSqlDateTime(),
					} )
					.execute();
			} catch ( error ) {
				throw isUniqueViolation( error )
					? new DuplicateFiscalProfileError( { cause: error } )
					: error;
			}
			return readBack( testerId );
		},

		/**
		 * Replaces the tester's profile unless it is an internal employee's; undefined when nothing was replaced.
		 * A profile the community team refused stays refused (unverified, with its reason) while the same data is
		 * saved again; changed data lifts the refusal and takes the status the automatic check gave it.
		 *
		 * @param testerId
		 * @param record
		 */
		async replace(
			testerId: number,
			record: FiscalRecord
		): Promise< FiscalProfileOfTester | undefined > {
			const columns = toColumns( record );
			const stored = await db
				.selectFrom( 'fiscal_profiles' )
				.select( [ ...REFUSED_DATA, 'review_note' ] )
				.where( 'tester_id', '=', testerId )
				.executeTakeFirst();
			const stillRefused =
				stored !== undefined &&
				stored.review_note !== null &&
				REFUSED_DATA.every(
					( column ) => stored[ column ] === columns[ column ]
				);
			await db
				.updateTable( 'fiscal_profiles' )
				.set(
					stillRefused
						? { ...columns, status: 'unverified' }
						: { ...columns, review_note: null }
				)
				.where( 'tester_id', '=', testerId )
				.where( 'type', '!=', 'internal' )
				.execute();
			// Read back rather than trust the affected-row count, which MySQL reports for changed rows only.
			const profile = await find( testerId );
			return profile && profile.type !== 'internal' ? profile : undefined;
		},

		/**
		 * The automatic check's new outcome after the tester's name, surname or birth date changed: a change of
		 * the data a refusal was about, which lifts it.
		 *
		 * @param testerId
		 * @param status
		 */
		async setStatus( testerId: number, status: StoredFiscalStatus ) {
			await db
				.updateTable( 'fiscal_profiles' )
				.set( {
					status,
					review_note: null,
					updated_at: toSqlDateTime(),
				} )
				.where( 'tester_id', '=', testerId )
				.execute();
		},
	};

	async function readBack( testerId: number ) {
		const profile = await find( testerId );
		if ( ! profile ) {
			throw new Error(
				`The fiscal profile of tester ${ testerId } vanished after its write`
			);
		}
		return profile;
	}
}
