import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isMysql } from '../db/engine.ts';
import { HttpError } from './errors.ts';

/** A limit: at most `max` hits per `windowSeconds` for one bucket. */
export interface Limit {
	max: number;
	windowSeconds: number;
}

/**
 * The public calls that anyone can repeat, limited per client address (README, "Accounts"). Generous for a
 * person, tight for a script walking through email addresses or creating accounts in bulk.
 */
export interface RateLimits {
	/** `GET|HEAD /users/by-email/{email}` */
	emailCheck: Limit;
	/** `POST /users` */
	signUp: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
	emailCheck: { max: 60, windowSeconds: 10 * 60 },
	signUp: { max: 20, windowSeconds: 60 * 60 },
};

export const RATE_LIMITED_MESSAGE =
	'Too many requests. Please wait a few minutes and try again.';

/** One in this many hits also removes windows that ended long ago. */
const PRUNE_ODDS = 100;

export interface RateLimiter {
	/**
	 * Counts one hit for `bucket` and throws a 429 HttpError (with Retry-After) when it goes over the limit.
	 *
	 * @param bucket What is limited and for whom, e.g. `signup:203.0.113.7`.
	 * @param limit  The limit.
	 * @param now    Milliseconds since the epoch (for tests).
	 */
	hit: ( bucket: string, limit: Limit, now?: number ) => Promise< void >;
}

export class RateLimitedError extends HttpError {
	constructor( retryAfterSeconds: number ) {
		super( 429, RATE_LIMITED_MESSAGE, {
			headers: {
				'retry-after': String( Math.max( 1, retryAfterSeconds ) ),
			},
		} );
		this.name = 'RateLimitedError';
	}
}

/**
 * Fixed-window counters in the database: one atomic upsert per hit, so concurrent instances never lose a count.
 *
 * @param db
 */
export function createRateLimiter( db: Kysely< Database > ): RateLimiter {
	const mysql = isMysql( db );
	return {
		async hit( bucket, { max, windowSeconds }, now = Date.now() ) {
			const seconds = Math.floor( now / 1000 );
			const windowStart = seconds - ( seconds % windowSeconds );
			const key = bucket.slice( 0, 191 );
			const insert = db
				.insertInto( 'rate_limit_hits' )
				.values( { bucket: key, window_start: windowStart, hits: 1 } );
			await ( mysql
				? insert.onDuplicateKeyUpdate( {
						hits: sql< number >`hits + 1`,
				  } )
				: insert.onConflict( ( conflict ) =>
						conflict
							.columns( [ 'bucket', 'window_start' ] )
							.doUpdateSet( {
								hits: sql< number >`rate_limit_hits.hits + 1`,
							} )
				  )
			).execute();
			const row = await db
				.selectFrom( 'rate_limit_hits' )
				.select( 'hits' )
				.where( 'bucket', '=', key )
				.where( 'window_start', '=', windowStart )
				.executeTakeFirst();
			if ( Math.random() * PRUNE_ODDS < 1 ) {
				await db
					.deleteFrom( 'rate_limit_hits' )
					.where( 'window_start', '<', seconds - 2 * 24 * 3600 )
					.execute();
			}
			if ( Number( row?.hits ?? 0 ) > max ) {
				throw new RateLimitedError(
					windowStart + windowSeconds - seconds
				);
			}
		},
	};
}
