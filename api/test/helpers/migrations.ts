import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { migrateDown, migrateToLatest } from '../../src/db/migrate.ts';

/** Every migration, oldest first: the one list the tests hold them against (api/migrations/index.ts). */
export const MIGRATIONS = [
	'0001-testers',
	'0002-rate-limits',
	'0003-domain',
	'0004-lookups',
	'0005-dashboard-reads',
	'0006-kept-counts',
	'0007-rank-buckets',
	'0008-campaign-counts',
	'0009-end-date-counts',
	'0010-listed-end-counts',
	'0011-campaign-copies',
	'0012-profile',
	'0013-sessions',
	'0014-catalogue-translations',
	'0015-device-platforms',
	'0016-bug-review',
	'0017-level-changes',
	'0018-bug-form',
	'0019-back-office',
	'0020-back-office-lists',
	'0021-payment-request-counts',
	'0022-live-testers',
	'0023-applicants-counted',
	'0024-campaign-bugs-counted',
	'0025-application-copy-check',
] as const;

export type MigrationName = ( typeof MIGRATIONS )[ number ];

/** The migrations after `name` (all of them after null), oldest first: what migrating up from `name` applies. */
export const migrationsAfter = ( name: MigrationName | null ) =>
	MIGRATIONS.slice( name === null ? 0 : MIGRATIONS.indexOf( name ) + 1 );

/**
 * Undoes the migrations down to `target` (kept), one at a time and newest first, checking each step undoes
 * exactly the next one.
 *
 * @param db
 * @param target The newest migration left applied; null to undo them all.
 */
export async function migrateDownTo(
	db: Kysely< any >,
	target: MigrationName | null
): Promise< void > {
	for ( const name of [ ...migrationsAfter( target ) ].reverse() ) {
		assert.deepEqual( await migrateDown( db ), [ name ] );
	}
}

/**
 * Migrates up from `from` (the newest applied; null on an empty database) and checks exactly the later ones
 * ran, in order.
 *
 * @param db
 * @param from
 */
export async function migrateUpFrom(
	db: Kysely< any >,
	from: MigrationName | null
): Promise< void > {
	assert.deepEqual( await migrateToLatest( db ), migrationsAfter( from ) );
}
