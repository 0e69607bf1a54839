import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from '../../migrations/index.ts';

function migrator( db: Kysely< any > ): Migrator {
	return new Migrator( {
		db,
		provider: { getMigrations: async () => migrations },
	} );
}

function unwrap(
	{ error, results = [] }: MigrationResultSet,
	direction: string
): string[] {
	const failed = results.find( ( result ) => result.status === 'Error' );
	if ( error || failed ) {
		const reason =
			error instanceof Error
				? error.message
				: String( error ?? 'unknown error' );
		throw new Error(
			`Migration ${
				failed?.migrationName ?? ''
			} failed (${ direction }): ${ reason }`,
			{
				cause: error,
			}
		);
	}
	return results
		.filter( ( result ) => result.status === 'Success' )
		.map( ( result ) => result.migrationName );
}

/**
 * Runs every pending migration; safe to call from several instances at once (Kysely takes a lock).
 *
 * @param db
 * @return The names of the migrations applied now.
 */
export async function migrateToLatest(
	db: Kysely< any >
): Promise< string[] > {
	return unwrap( await migrator( db ).migrateToLatest(), 'up' );
}

/** Undoes the last applied migration (development and tests only). */
export async function migrateDown( db: Kysely< any > ): Promise< string[] > {
	return unwrap( await migrator( db ).migrateDown(), 'down' );
}

export const migrationNames = (): string[] => Object.keys( migrations ).sort();

/**
 * The migrations not applied yet, in the order they would run.
 *
 * @param db
 */
export async function pendingMigrations(
	db: Kysely< any >
): Promise< string[] > {
	return ( await migrator( db ).getMigrations() )
		.filter( ( migration ) => ! migration.executedAt )
		.map( ( migration ) => migration.name );
}
