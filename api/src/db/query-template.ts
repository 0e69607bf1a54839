import {
	CompiledQuery,
	NoResultError,
	type Compilable,
	type QueryNode,
	type Kysely,
	type QueryResult,
} from 'kysely';
import type { Database } from './schema.ts';

/**
 * A hot query of one fixed shape, built with Kysely once per database and then run with new values.
 *
 * Kysely builds a query as a tree of frozen objects and compiles the tree to SQL on every call: for the few
 * small statements of a request that is a quarter of the API's CPU (docs/performance.md, 2026-11-30), as much as
 * the database spends running them. A template is built once, with placeholders where its values go, and
 * compiled; each run copies the compiled statement's values with the placeholders replaced.
 *
 * `build` may use its values only as SQL values (`where( 'id', '=', values.id )`, `values( { … } )`, `set`,
 * `limit`): a placeholder stands for one value, so a value that changes the statement's shape — a list for `in`,
 * a condition decided in JavaScript — has no place in a template; build such a query as usual. A template is
 * compiled without the plugins of `db.withPlugin()`.
 *
 * @example
 * const testerOfUser = queryTemplate( ( db, values: { wpUserId: number } ) =>
 * 	db.selectFrom( 'testers' ).select( 'id' ).where( 'wp_user_id', '=', values.wpUserId )
 * );
 * const row = await testerOfUser.first( db, { wpUserId } );
 */
export function queryTemplate< Values extends object, Row >(
	build: ( db: Kysely< Database >, values: Values ) => Compilable< Row >
) {
	// By the Kysely executor's adapter: one per database (its dialect), shared by its transactions.
	const compiled = new WeakMap< object, CompiledQuery< Row > >();
	const templateOf = ( db: Kysely< Database > ) => {
		const adapter = db.getExecutor().adapter;
		let template = compiled.get( adapter );
		if ( ! template ) {
			template = build( db, placeholders() as Values ).compile();
			compiled.set( adapter, template );
		}
		return template;
	};
	const statement = ( db: Kysely< Database >, values: Values ) => {
		const template = templateOf( db );
		return CompiledQuery.raw(
			template.sql,
			template.parameters.map( ( parameter ) =>
				parameter instanceof Placeholder
					? valueOf( values, parameter.name )
					: parameter
			)
		) as CompiledQuery< Row >;
	};
	return {
		/**
		 * @param db     The database or a transaction of it.
		 * @param values
		 */
		run(
			db: Kysely< Database >,
			values: Values
		): Promise< QueryResult< Row > > {
			return db.executeQuery( statement( db, values ) );
		},
		async all( db: Kysely< Database >, values: Values ): Promise< Row[] > {
			return ( await db.executeQuery( statement( db, values ) ) ).rows;
		},
		async first(
			db: Kysely< Database >,
			values: Values
		): Promise< Row | undefined > {
			return ( await db.executeQuery( statement( db, values ) ) )
				.rows[ 0 ];
		},
		/** The first row, which the caller knows exists: none fails as Kysely's `executeTakeFirstOrThrow` does. */
		async firstOrThrow(
			db: Kysely< Database >,
			values: Values
		): Promise< Row > {
			const row = ( await db.executeQuery( statement( db, values ) ) )
				.rows[ 0 ];
			if ( row === undefined ) {
				throw new NoResultError( templateOf( db ).query as QueryNode );
			}
			return row;
		},
	};
}

export type QueryTemplate< Values extends object, Row > = ReturnType<
	typeof queryTemplate< Values, Row >
>;

/**
 * Where a template's value goes: the name of the value. Turned into a string or a number (a value used in
 * JavaScript while the template is built, which would bake that run's value into every run), it throws.
 */
class Placeholder {
	readonly name: string;

	constructor( name: string ) {
		this.name = name;
	}

	[ Symbol.toPrimitive ](): never {
		throw new Error(
			`The query template's value "${ this.name }" can only be a value of the statement`
		);
	}
}

/** An object whose every property is the placeholder of that name. */
function placeholders(): object {
	return new Proxy(
		{},
		{
			get: ( _target, name ) => {
				if ( typeof name !== 'string' ) {
					throw new Error(
						'A query template reads its values by name'
					);
				}
				return new Placeholder( name );
			},
		}
	);
}

/**
 * A run's value of a placeholder. Undefined is refused: a built query leaves out a column whose value is
 * undefined, a template cannot; give null for NULL.
 *
 * @param values
 * @param name
 */
function valueOf( values: object, name: string ): unknown {
	const value = ( values as Record< string, unknown > )[ name ];
	if ( value === undefined ) {
		throw new Error( `The query template's value "${ name }" is missing` );
	}
	return value;
}
