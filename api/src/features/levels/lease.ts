import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { toSqlDateTime } from '../../db/values.ts';

/** The lease was taken over (it had expired) before the holder's work was committed. */
export class LeaseLostError extends Error {
	constructor( name: string, holder: string ) {
		super( `The lease "${ name }" is no longer held by ${ holder }` );
		this.name = 'LeaseLostError';
	}
}

/** Who this process is, in the leases it holds: host, process id and a random part (pids are reused). */
export const processHolder = (): string =>
	`${ os.hostname() }:${ process.pid }:${ randomBytes( 4 ).toString(
		'hex'
	) }`;

/**
 * A named lease in the database (migration 0017's `leases`), so that of several API instances on one database,
 * processes or hosts, one at a time does a job. Taking it is one UPDATE, which both engines run atomically per
 * row: it succeeds for the holder it names while the lease is free, expired or already its own. The holder's
 * work checks it still holds the lease inside its own transaction (`confirm`), so a holder that stalled past the
 * expiry, and was replaced, cannot commit work on top of its successor's.
 *
 * @param db
 * @param name   The job.
 * @param holder This process (processHolder()).
 */
export function createLease(
	db: Kysely< Database >,
	name: string,
	holder: string
) {
	const until = ( now: Date, ttlMs: number ) =>
		toSqlDateTime( new Date( now.getTime() + ttlMs ) );
	return {
		name,
		holder,

		/**
		 * Takes the lease for `ttlMs` when it is free, expired or this holder's.
		 *
		 * @param ttlMs
		 * @param now
		 * @return Whether this holder has it now.
		 */
		async acquire( ttlMs: number, now = new Date() ): Promise< boolean > {
			// The row exists from the first attempt on, expired, so that taking it is always an UPDATE.
			const row = db.insertInto( 'leases' ).values( {
				name,
				holder: '',
				expires_at: '1970-01-01 00:00:00',
			} );
			await ( isMysql( db )
				? row.onDuplicateKeyUpdate( { name: sql< string >`name` } )
				: row.onConflict( ( conflict ) =>
						conflict.column( 'name' ).doNothing()
				  )
			).execute();
			const taken = await db
				.updateTable( 'leases' )
				.set( { holder, expires_at: until( now, ttlMs ) } )
				.where( 'name', '=', name )
				.where( ( eb ) =>
					eb.or( [
						eb( 'expires_at', '<=', toSqlDateTime( now ) ),
						eb( 'holder', '=', holder ),
					] )
				)
				.executeTakeFirst();
			return Number( taken.numUpdatedRows ) === 1;
		},

		/**
		 * Inside the holder's transaction: extends the lease, or throws LeaseLostError when another holder has it.
		 * On MariaDB the row stays locked until the transaction ends, so nobody takes the lease meanwhile.
		 *
		 * @param trx
		 * @param ttlMs
		 * @param now
		 */
		async confirm(
			trx: Kysely< Database >,
			ttlMs: number,
			now = new Date()
		): Promise< void > {
			const kept = await trx
				.updateTable( 'leases' )
				.set( { expires_at: until( now, ttlMs ) } )
				.where( 'name', '=', name )
				.where( 'holder', '=', holder )
				.executeTakeFirst();
			if ( Number( kept.numUpdatedRows ) !== 1 ) {
				throw new LeaseLostError( name, holder );
			}
		},

		/** Lets the lease go at once (it would expire anyway). */
		async release(): Promise< void > {
			await db
				.updateTable( 'leases' )
				.set( { expires_at: toSqlDateTime() } )
				.where( 'name', '=', name )
				.where( 'holder', '=', holder )
				.execute();
		},
	};
}

export type Lease = ReturnType< typeof createLease >;
