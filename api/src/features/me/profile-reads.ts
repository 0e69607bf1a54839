import type { Kysely } from 'kysely';
import type {
	Certification,
	IdName,
	Language,
	UserAdditional,
} from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { toInteger } from '../../db/values.ts';
import {
	presentCertification,
	presentUserAdditional,
} from '../profile-parts/present.ts';
import {
	certificationsOf,
	customValuesOf,
	languagesOf,
} from '../profile-parts/repository.ts';

/**
 * The fields of GET /users/me that live in other tables than the tester's row, each read only when the request
 * asks for it: the dashboard's reads name none of them and cost no query more.
 */
export interface ProfileExtras {
	languages?: Language[];
	certifications?: Certification[];
	additional?: UserAdditional[];
	profession?: IdName | null;
	education?: IdName | null;
}

export type ExtraField = keyof ProfileExtras;

export const EXTRA_FIELDS: readonly ExtraField[] = [
	'languages',
	'certifications',
	'additional',
	'profession',
	'education',
];

type LookupTable = 'employments' | 'education_levels';

const selectLookup = (
	db: Kysely< Database >,
	table: LookupTable,
	values: { id: number }
) =>
	db
		.selectFrom( table )
		.select( [ 'id', 'name' ] )
		.where( 'id', '=', values.id );

/** The entry of the employments or the education list whose id is the value (the profession, the education). */
const lookupBy = {
	employments: queryTemplate( ( db, values: { id: number } ) =>
		selectLookup( db, 'employments', values )
	),
	education_levels: queryTemplate( ( db, values: { id: number } ) =>
		selectLookup( db, 'education_levels', values )
	),
};

async function lookupName(
	db: Kysely< Database >,
	table: LookupTable,
	id: number | null
): Promise< IdName | null > {
	if ( id === null ) {
		return null;
	}
	const row = await lookupBy[ table ].first( db, { id } );
	return row ? { id: toInteger( row.id ), name: row.name } : null;
}

/**
 * The extras among `wanted`, read in parallel.
 *
 * @param db
 * @param tester
 * @param tester.id
 * @param tester.professionId
 * @param tester.educationId
 * @param wanted
 */
export async function readProfileExtras(
	db: Kysely< Database >,
	tester: {
		id: number;
		professionId: number | null;
		educationId: number | null;
	},
	wanted: readonly ExtraField[]
): Promise< ProfileExtras > {
	const reads: {
		[ Field in ExtraField ]: () => Promise< ProfileExtras[ Field ] >;
	} = {
		languages: () => languagesOf( db, tester.id ),
		certifications: async () =>
			( await certificationsOf( db, tester.id ) ).map(
				presentCertification
			),
		additional: async () =>
			( await customValuesOf( db, tester.id ) ).map(
				presentUserAdditional
			),
		profession: () => lookupName( db, 'employments', tester.professionId ),
		education: () =>
			lookupName( db, 'education_levels', tester.educationId ),
	};
	const values = await Promise.all(
		wanted.map( async ( field ) => [ field, await reads[ field ]() ] )
	);
	return Object.fromEntries( values ) as ProfileExtras;
}

/**
 * Whether `id` is a row of the lookup table.
 *
 * @param db
 * @param table
 * @param id
 */
export async function lookupExists(
	db: Kysely< Database >,
	table: 'employments' | 'education_levels',
	id: number
): Promise< boolean > {
	return ( await lookupName( db, table, id ) ) !== null;
}
