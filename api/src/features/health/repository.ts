import type { Kysely } from 'kysely';
import { ping } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';

export type HealthRepository = ReturnType< typeof createHealthRepository >;

export function createHealthRepository( db: Kysely< Database > ) {
	return {
		/** One round trip to the database; throws when it does not answer. */
		ping: () => ping( db ),
	};
}
