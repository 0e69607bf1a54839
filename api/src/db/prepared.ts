import type { Pool, PoolConnection, QueryError } from 'mysql2';

/**
 * Long reads on MariaDB as SQL prepared statements: `PREPARE` once per connection, then `EXECUTE … USING` the
 * values. MariaDB then parses and resolves the statement once instead of on every request, which for the
 * dashboard's statements of several kilobytes is a tenth or more of their cost (api/README.md "Reads at
 * scale"). The answer still comes in the text protocol that `query` reads, so the API parses rows as before
 * (the binary protocol of mysql2's `execute` cost it what the database saved), and it sends a line of values
 * instead of formatting the whole statement around them.
 *
 * Kysely's MySQL driver takes any pool that lends connections with `query` and `release`: this one lends each
 * mysql2 connection wrapped once, and keeps on it the statements that connection has prepared.
 */

/** Statements shorter than this run as before: parsing them costs the database little. */
const MIN_LENGTH = 400;

/**
 * Statements kept prepared per connection; past it the least recently used one is deallocated. The server's
 * `max_prepared_stmt_count` (16,382 by default) bounds the sum over every connection of every API process: 48
 * leaves room for 340 connections. A statement the server refuses to prepare runs as before.
 */
export const PER_CONNECTION = 48;

/** Distinct statement texts given a name; a text past it runs as before. */
const MAX_NAMES = 1000;

type Callback = ( error: QueryError | null, result?: unknown ) => void;

/** The values of a statement's `?` as Kysely passes them. */
type Values = Array< {} | null | undefined >;

/** What Kysely's MysqlDriver calls on a pool and on the connections it lends. */
export interface LendingPool {
	getConnection: (
		callback: ( error: unknown, connection?: LentConnection ) => void
	) => void;
	end: ( callback: ( error: unknown ) => void ) => void;
}

export interface LentConnection {
	query: ( sql: string, parameters: Values, callback?: Callback ) => unknown;
	release: () => void;
}

/**
 * @param pool
 */
export function withPreparedReads( pool: Pool ): LendingPool {
	const names = new Map< string, string >();
	const lent = new WeakMap< PoolConnection, LentConnection >();
	const nameOf = ( sql: string ) => {
		let name = names.get( sql );
		if ( ! name && names.size < MAX_NAMES ) {
			name = `crowdscout_${ names.size + 1 }`;
			names.set( sql, name );
		}
		return name;
	};
	return {
		getConnection( callback ) {
			pool.getConnection( ( error, connection ) => {
				if ( error ) {
					callback( error );
					return;
				}
				let wrapped = lent.get( connection );
				if ( ! wrapped ) {
					wrapped = preparing( connection, nameOf );
					lent.set( connection, wrapped );
				}
				callback( null, wrapped );
			} );
		},
		end( callback ) {
			pool.end( callback );
		},
	};
}

/**
 * @param connection
 * @param nameOf     The statement name of a text, or undefined when no more names are given.
 */
function preparing(
	connection: PoolConnection,
	nameOf: ( sql: string ) => string | undefined
): LentConnection {
	// Names prepared on this connection, least recently used first; names the server refused to prepare.
	const prepared = new Set< string >();
	const refused = new Set< string >();
	return {
		query( sql, parameters, callback ) {
			const name =
				callback && isPreparable( sql, parameters )
					? nameOf( sql )
					: undefined;
			if ( ! callback || ! name || refused.has( name ) ) {
				return connection.query( sql, parameters, callback );
			}
			const values = parameters.length
				? ` using ${ parameters
						.map( ( value ) => connection.escape( value ) )
						.join( ', ' ) }`
				: '';
			const execute = () =>
				connection.query( `execute ${ name }${ values }`, callback );
			if ( prepared.delete( name ) ) {
				prepared.add( name );
				return execute();
			}
			if ( prepared.size >= PER_CONNECTION ) {
				const oldest = prepared.values().next().value!;
				prepared.delete( oldest );
				connection.query( `deallocate prepare ${ oldest }`, () => {} );
			}
			return connection.query(
				`prepare ${ name } from ${ connection.escape( sql ) }`,
				( error: QueryError | null ) => {
					if ( error ) {
						// Whatever refused it (the server's limit on prepared statements, say), the statement
						// runs as it is, now and on this connection from now on; one that is wrong fails with
						// its own error.
						refused.add( name );
						connection.query( sql, parameters, callback );
						return;
					}
					prepared.add( name );
					execute();
				}
			);
		},
		release() {
			connection.release();
		},
	};
}

/**
 * A long read whose values are all plain scalars, which `USING` takes as literals exactly as `query` would
 * have put them into the text.
 *
 * @param sql
 * @param parameters
 */
function isPreparable( sql: string, parameters: Values ) {
	return (
		sql.length >= MIN_LENGTH &&
		/^\s*(select|with)\s/i.test( sql ) &&
		parameters.every(
			( value ) =>
				value === null ||
				typeof value === 'string' ||
				typeof value === 'boolean' ||
				( typeof value === 'number' && Number.isFinite( value ) )
		)
	);
}
