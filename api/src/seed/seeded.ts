import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * How the seeded rows are recognised (for --reset and the "already seeded" guard): testers by
 * `wp_user_id >= SEED_WP_USER_ID_BASE` (real WordPress users never get there), campaigns by their team
 * leader's address at SEED_EMAIL_DOMAIN, popups by their titles (POPUPS in data.ts).
 */
export const SEED_WP_USER_ID_BASE = 1_000_000;
export const SEED_EMAIL_DOMAIN = 'seed.crowdscout.test';

/** Refuses to run twice on the same data: how many seeded testers and campaigns there are. */
export async function countSeeded( db: Kysely< Database > ): Promise< number > {
	const [ testers, campaigns ] = await Promise.all( [
		db
			.selectFrom( 'testers' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.where( 'wp_user_id', '>=', SEED_WP_USER_ID_BASE )
			.executeTakeFirstOrThrow(),
		db
			.selectFrom( 'campaigns' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` )
			.executeTakeFirstOrThrow(),
	] );
	return Number( testers.n ) + Number( campaigns.n );
}
