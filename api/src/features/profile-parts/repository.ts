import { sql, type Kysely } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fromBoolean, toBoolean, toDateOnly } from '../../db/values.ts';

export interface Named {
	id: number;
	name: string;
}

/** A certification the tester holds, as GET /users/me lists it; `id` is the catalogue's. */
export interface MyCertification extends Named {
	institute: string;
	area: string;
	/** YYYY-MM-DD */
	achievementDate: string;
}

/** An enabled custom user field, with what a value must be checked against. */
export interface EditableField {
	id: number;
	type: 'text' | 'select' | 'multiselect';
	allowOther: boolean;
	format: string | null;
	options: Named[];
}

/** One row of tester_custom_values to write: an option, or text (a text field's, or free text). */
export type NewCustomValue =
	| { optionId: number }
	| { text: string; isCandidate: boolean };

/** One stored value, as the API answers it. */
export interface CustomValue {
	fieldId: number;
	/** The option id as a string, or the text. */
	value: string;
	isCandidate: boolean;
	/** The option's name, for an option value. */
	text?: string;
}

export type ProfilePartsRepository = ReturnType<
	typeof createProfilePartsRepository
>;

function isUniqueViolation( error: unknown ): boolean {
	const code = ( error as { code?: unknown } | null )?.code;
	return (
		code === 'SQLITE_CONSTRAINT_UNIQUE' ||
		code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
		code === 'ER_DUP_ENTRY'
	);
}

/** The tester's spoken languages, by name. */
const languagesOfTester = queryTemplate( ( db, values: { testerId: number } ) =>
	db
		.selectFrom( 'tester_languages as t' )
		.innerJoin( 'languages as l', 'l.id', 't.language_id' )
		.select( [ 'l.id', 'l.name' ] )
		.where( 't.tester_id', '=', values.testerId )
		.orderBy( 'l.name' )
		.orderBy( 'l.id' )
);

export function languagesOf( executor: Kysely< Database >, testerId: number ) {
	return languagesOfTester.all( executor, { testerId } );
}

/**
 * Adds languages the tester may have already: one statement, the unique key (tester, language) settles both
 * a repeat and a race.
 *
 * @param executor
 * @param testerId
 * @param languageIds
 */
async function insertLanguages(
	executor: Kysely< Database >,
	testerId: number,
	languageIds: readonly number[]
): Promise< void > {
	if ( ! languageIds.length ) {
		return;
	}
	const insert = executor.insertInto( 'tester_languages' ).values(
		languageIds.map( ( languageId ) => ( {
			tester_id: testerId,
			language_id: languageId,
		} ) )
	);
	await ( isMysql( executor )
		? insert.ignore()
		: insert.onConflict( ( conflict ) =>
				conflict.columns( [ 'tester_id', 'language_id' ] ).doNothing()
		  )
	).execute();
}

/**
 * The tester's values of the enabled custom user fields (of one field, given `fieldId`), in their order.
 *
 * @param db
 * @param testerId
 * @param fieldId
 */
function selectCustomValues(
	db: Kysely< Database >,
	testerId: number,
	fieldId?: number
) {
	let query = db
		.selectFrom( 'tester_custom_values as v' )
		.innerJoin( 'custom_user_fields as f', 'f.id', 'v.field_id' )
		.leftJoin( 'custom_user_field_options as o', 'o.id', 'v.option_id' )
		.select( [
			'v.field_id',
			'v.option_id',
			'v.text_value',
			'v.is_candidate',
			'o.name as option_name',
		] )
		.where( 'v.tester_id', '=', testerId )
		.where( 'f.enabled', '=', 1 );
	if ( fieldId !== undefined ) {
		query = query.where( 'v.field_id', '=', fieldId );
	}
	// Options in the field's order, then free text as typed.
	return query
		.orderBy( 'v.field_id' )
		.orderBy( sql`v.option_id is null` )
		.orderBy( 'o.position' )
		.orderBy( 'v.id' );
}

/** The tester's values of the enabled custom user fields: of every field, or of one. */
const customValuesBy = {
	tester: queryTemplate( ( db, values: { testerId: number } ) =>
		selectCustomValues( db, values.testerId )
	),
	field: queryTemplate(
		( db, values: { testerId: number; fieldId: number } ) =>
			selectCustomValues( db, values.testerId, values.fieldId )
	),
};

export async function customValuesOf(
	executor: Kysely< Database >,
	testerId: number,
	fieldId?: number
): Promise< CustomValue[] > {
	const rows = await ( fieldId === undefined
		? customValuesBy.tester.all( executor, { testerId } )
		: customValuesBy.field.all( executor, { testerId, fieldId } ) );
	return rows.map( ( row ) =>
		row.option_id === null
			? {
					fieldId: row.field_id,
					value: row.text_value ?? '',
					isCandidate: toBoolean( row.is_candidate ),
			  }
			: {
					fieldId: row.field_id,
					value: String( row.option_id ),
					isCandidate: false,
					text: row.option_name ?? '',
			  }
	);
}

/**
 * Replaces the tester's values of one field (run it inside the caller's transaction).
 *
 * @param executor
 * @param testerId
 * @param fieldId
 * @param values   Already checked against the field, without repeats.
 */
export async function writeCustomValues(
	executor: Kysely< Database >,
	testerId: number,
	fieldId: number,
	values: readonly NewCustomValue[]
): Promise< void > {
	await executor
		.deleteFrom( 'tester_custom_values' )
		.where( 'tester_id', '=', testerId )
		.where( 'field_id', '=', fieldId )
		.execute();
	if ( ! values.length ) {
		return;
	}
	await executor
		.insertInto( 'tester_custom_values' )
		.values(
			values.map( ( value ) =>
				'optionId' in value
					? {
							tester_id: testerId,
							field_id: fieldId,
							option_id: value.optionId,
							text_value: null,
							is_candidate: fromBoolean( false ),
					  }
					: {
							tester_id: testerId,
							field_id: fieldId,
							option_id: null,
							text_value: value.text,
							is_candidate: fromBoolean( value.isCandidate ),
					  }
			)
		)
		.execute();
}

/** Every value of a tester's custom user fields, as stored. */
const storedCustomValues = queryTemplate(
	( db, values: { testerId: number } ) =>
		db
			.selectFrom( 'tester_custom_values' )
			.select( [ 'field_id', 'option_id', 'text_value', 'is_candidate' ] )
			.where( 'tester_id', '=', values.testerId )
);

/** A value as a key that two equal values share. */
const keyOf = ( value: NewCustomValue ) =>
	'optionId' in value
		? `option ${ value.optionId }`
		: `text ${ value.isCandidate ? 1 : 0 } ${ value.text }`;

/**
 * Replaces the tester's values of each of these fields whose stored values differ (run it inside the caller's
 * transaction): one read, and writes only for a change. A tester who answers as before, as a returning tester's
 * form prefills, writes nothing; on MariaDB a value deleted and written again locked the index beside it, which
 * neighbouring testers' own writes then waited for (docs/performance.md, 2026-11-30, morning).
 *
 * @param executor
 * @param testerId
 * @param fields   Each field with its values, already checked against it, without repeats.
 */
export async function writeChangedCustomValues(
	executor: Kysely< Database >,
	testerId: number,
	fields: ReadonlyArray< {
		fieldId: number;
		values: readonly NewCustomValue[];
	} >
): Promise< void > {
	if ( ! fields.length ) {
		return;
	}
	const stored = new Map< number, string[] >();
	for ( const row of await storedCustomValues.all( executor, {
		testerId,
	} ) ) {
		const keys = stored.get( row.field_id ) ?? [];
		keys.push(
			keyOf(
				row.option_id === null
					? {
							text: row.text_value ?? '',
							isCandidate: toBoolean( row.is_candidate ),
					  }
					: { optionId: row.option_id }
			)
		);
		stored.set( row.field_id, keys );
	}
	for ( const { fieldId, values } of fields ) {
		const before = JSON.stringify( ( stored.get( fieldId ) ?? [] ).sort() );
		const after = JSON.stringify( values.map( keyOf ).sort() );
		if ( before !== after ) {
			await writeCustomValues( executor, testerId, fieldId, values );
		}
	}
}

/**
 * The tester's certifications (only `certificationId`, given it), latest achievement first.
 *
 * @param db
 * @param testerId
 * @param certificationId
 */
function selectCertifications(
	db: Kysely< Database >,
	testerId: number,
	certificationId?: number
) {
	let query = db
		.selectFrom( 'tester_certifications as t' )
		.innerJoin( 'certifications as c', 'c.id', 't.certification_id' )
		.innerJoin( 'certification_areas as a', 'a.id', 'c.area_id' )
		.innerJoin( 'certification_institutes as i', 'i.id', 'a.institute_id' )
		.select( [
			'c.id',
			'c.name',
			'a.name as area',
			'i.name as institute',
			't.achievement_date',
		] )
		.where( 't.tester_id', '=', testerId );
	if ( certificationId !== undefined ) {
		query = query.where( 't.certification_id', '=', certificationId );
	}
	return query.orderBy( 't.achievement_date', 'desc' ).orderBy( 'c.id' );
}

/** The tester's certifications, latest achievement first: all of them, or one. */
const certificationsBy = {
	tester: queryTemplate( ( db, values: { testerId: number } ) =>
		selectCertifications( db, values.testerId )
	),
	certification: queryTemplate(
		( db, values: { testerId: number; certificationId: number } ) =>
			selectCertifications( db, values.testerId, values.certificationId )
	),
};

/**
 * The tester's certifications, latest achievement first.
 *
 * @param executor
 * @param testerId
 * @param certificationId Only this one.
 */
export async function certificationsOf(
	executor: Kysely< Database >,
	testerId: number,
	certificationId?: number
): Promise< MyCertification[] > {
	const rows = await ( certificationId === undefined
		? certificationsBy.tester.all( executor, { testerId } )
		: certificationsBy.certification.all( executor, {
				testerId,
				certificationId,
		  } ) );
	return rows.map( ( row ) => ( {
		id: row.id,
		name: row.name,
		institute: row.institute,
		area: row.area,
		achievementDate: toDateOnly( row.achievement_date ) as string,
	} ) );
}

/**
 * The tester's own profile parts behind /users/me/languages, /users/me/certifications and
 * /users/me/additionals: every statement is scoped to the tester, so another tester's rows are never read nor
 * changed.
 *
 * @param db
 */
export function createProfilePartsRepository( db: Kysely< Database > ) {
	return {
		/** The tester's spoken languages, by name. */
		languagesOf: ( testerId: number ): Promise< Named[] > =>
			languagesOf( db, testerId ),

		/**
		 * The catalogue's languages for these names, compared ignoring case and surrounding spaces; the names it
		 * does not have are answered in `unknown`, as given.
		 *
		 * @param names
		 */
		async languagesNamed(
			names: readonly string[]
		): Promise< { found: Named[]; unknown: string[] } > {
			const key = ( name: string ) => name.trim().toLowerCase();
			const catalogue = new Map(
				(
					await db
						.selectFrom( 'languages' )
						.select( [ 'id', 'name' ] )
						.execute()
				).map( ( row ) => [ key( row.name ), row ] )
			);
			const found = new Map< number, Named >();
			const unknown: string[] = [];
			for ( const name of names ) {
				const language = catalogue.get( key( name ) );
				if ( language ) {
					found.set( language.id, language );
				} else {
					unknown.push( name );
				}
			}
			return { found: [ ...found.values() ], unknown };
		},

		async addLanguages(
			testerId: number,
			languageIds: readonly number[]
		): Promise< Named[] > {
			await insertLanguages( db, testerId, languageIds );
			return languagesOf( db, testerId );
		},

		/**
		 * The tester's languages become exactly these, in one transaction.
		 *
		 * @param testerId
		 * @param languageIds
		 */
		replaceLanguages: (
			testerId: number,
			languageIds: readonly number[]
		) =>
			inTransaction( db, async ( trx ) => {
				let remove = trx
					.deleteFrom( 'tester_languages' )
					.where( 'tester_id', '=', testerId );
				if ( languageIds.length ) {
					remove = remove.where( 'language_id', 'not in', [
						...languageIds,
					] );
				}
				await remove.execute();
				await insertLanguages( trx, testerId, languageIds );
				return languagesOf( trx, testerId );
			} ),

		/**
		 * Removes one of the tester's languages; false when the tester does not have it.
		 *
		 * @param testerId
		 * @param languageId
		 */
		async removeLanguage(
			testerId: number,
			languageId: number
		): Promise< boolean > {
			const { numDeletedRows } = await db
				.deleteFrom( 'tester_languages' )
				.where( 'tester_id', '=', testerId )
				.where( 'language_id', '=', languageId )
				.executeTakeFirst();
			return Number( numDeletedRows ) > 0;
		},

		/**
		 * The tester's certifications, latest achievement first (as GET /users/me lists them).
		 *
		 * @param testerId
		 * @param certificationId Only this one.
		 */
		certificationsOf: ( testerId: number, certificationId?: number ) =>
			certificationsOf( db, testerId, certificationId ),

		async certificationExists(
			certificationId: number
		): Promise< boolean > {
			return Boolean(
				await db
					.selectFrom( 'certifications' )
					.select( 'id' )
					.where( 'id', '=', certificationId )
					.executeTakeFirst()
			);
		},

		/**
		 * Records a certification of the catalogue; 'duplicate' when the tester has it already.
		 *
		 * @param testerId
		 * @param certificationId
		 * @param achievementDate YYYY-MM-DD
		 */
		async addCertification(
			testerId: number,
			certificationId: number,
			achievementDate: string
		): Promise< 'added' | 'duplicate' > {
			try {
				await db
					.insertInto( 'tester_certifications' )
					.values( {
						tester_id: testerId,
						certification_id: certificationId,
						achievement_date: achievementDate,
					} )
					.execute();
				return 'added';
			} catch ( error ) {
				if ( isUniqueViolation( error ) ) {
					return 'duplicate';
				}
				throw error;
			}
		},

		async removeCertification(
			testerId: number,
			certificationId: number
		): Promise< boolean > {
			const { numDeletedRows } = await db
				.deleteFrom( 'tester_certifications' )
				.where( 'tester_id', '=', testerId )
				.where( 'certification_id', '=', certificationId )
				.executeTakeFirst();
			return Number( numDeletedRows ) > 0;
		},

		/**
		 * An enabled custom user field with its options; undefined for an unknown or disabled one.
		 *
		 * @param fieldId
		 */
		async editableField(
			fieldId: number
		): Promise< EditableField | undefined > {
			const field = await db
				.selectFrom( 'custom_user_fields' )
				.select( [ 'id', 'type', 'allow_other', 'format' ] )
				.where( 'id', '=', fieldId )
				.where( 'enabled', '=', 1 )
				.executeTakeFirst();
			if ( ! field ) {
				return undefined;
			}
			const options = await db
				.selectFrom( 'custom_user_field_options' )
				.select( [ 'id', 'name' ] )
				.where( 'field_id', '=', fieldId )
				.orderBy( 'position' )
				.orderBy( 'id' )
				.execute();
			return {
				id: field.id,
				type: field.type,
				allowOther: toBoolean( field.allow_other ),
				format: field.format,
				options,
			};
		},

		/**
		 * The tester's values of the enabled custom user fields (of one field, given `fieldId`).
		 *
		 * @param testerId
		 * @param fieldId
		 */
		customValuesOf: ( testerId: number, fieldId?: number ) =>
			customValuesOf( db, testerId, fieldId ),

		/**
		 * Replaces the tester's values of one field, in one transaction, and answers them as stored.
		 *
		 * @param testerId
		 * @param fieldId
		 * @param values   Already checked against the field, without repeats.
		 */
		replaceCustomValues: (
			testerId: number,
			fieldId: number,
			values: readonly NewCustomValue[]
		) =>
			inTransaction( db, async ( trx ) => {
				await writeCustomValues( trx, testerId, fieldId, values );
				return customValuesOf( trx, testerId, fieldId );
			} ),
	};
}
