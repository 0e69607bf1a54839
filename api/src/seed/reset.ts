import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { rebuildRankCounts } from '../features/ranking/monthly-points.ts';
import type { FileStorage } from '../storage/index.ts';
import { POPUPS } from './data.ts';
import { SEED_EMAIL_DOMAIN, SEED_WP_USER_ID_BASE } from './seeded.ts';

/**
 * Deletes the seeded rows: the seeded testers with everything they own, the seeded campaigns with everything
 * that hangs off them (other testers' bugs on them included), the seeded popups. Real testers stay. The files of
 * the deleted bugs' media go from `storage` too, once their rows are gone.
 *
 * @param db
 * @param storage
 */
export async function resetSeed(
	db: Kysely< Database >,
	storage?: FileStorage
): Promise< void > {
	const keys = await deleteSeededRows( db );
	for ( const key of storage ? keys : [] ) {
		await storage!.delete( key );
	}
	await rebuildMonthlyRankCounts( db );
	await recountRealTesters( db );
}

/**
 * Sets monthly_rank_counts from tester_monthly_levels, all of it (real testers' rows included), in one
 * transaction, whatever the seed wrote or deleted.
 *
 * @param db
 */
export async function rebuildMonthlyRankCounts(
	db: Kysely< Database >
): Promise< void > {
	await db.transaction().execute( ( trx ) => rebuildRankCounts( trx ) );
}

/** Deletes the seeded rows; answers the storage keys of the media of the bugs deleted. */
async function deleteSeededRows( db: Kysely< Database > ): Promise< string[] > {
	const seededTesters = db
		.selectFrom( 'testers' )
		.select( 'id' )
		.where( 'wp_user_id', '>=', SEED_WP_USER_ID_BASE );
	const seededCampaigns = db
		.selectFrom( 'campaigns' )
		.select( 'id' )
		.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` );
	// Booty points at payment requests without a cascade, and MariaDB may cascade a tester's requests first.
	await db
		.deleteFrom( 'booty_entries' )
		.where( 'tester_id', 'in', seededTesters )
		.execute();
	await db
		.deleteFrom( 'payment_requests' )
		.where( 'tester_id', 'in', seededTesters )
		.execute();
	// Bugs keep their campaign (no cascade): they go first, whoever wrote them, their media rows with them.
	const seededBugs = db
		.selectFrom( 'bugs' )
		.select( 'id' )
		.where( ( eb ) =>
			eb.or( [
				eb( 'tester_id', 'in', seededTesters ),
				eb( 'campaign_id', 'in', seededCampaigns ),
			] )
		);
	const mediaKeys = (
		await db
			.selectFrom( 'bug_media' )
			.select( 'storage_key' )
			.where( 'bug_id', 'in', seededBugs )
			.execute()
	).map( ( row ) => row.storage_key );
	await db
		.deleteFrom( 'bugs' )
		.where( ( eb ) =>
			eb.or( [
				eb( 'tester_id', 'in', seededTesters ),
				eb( 'campaign_id', 'in', seededCampaigns ),
			] )
		)
		.execute();
	for ( const table of [
		'experience_entries',
		'tester_monthly_levels',
		'application_devices',
		'applications',
	] as const ) {
		if ( table === 'application_devices' ) {
			await db
				.deleteFrom( table )
				.where( 'application_id', 'in', ( eb ) =>
					eb
						.selectFrom( 'applications' )
						.select( 'id' )
						.where( 'tester_id', 'in', seededTesters )
				)
				.execute();
		} else {
			await db
				.deleteFrom( table )
				.where( 'tester_id', 'in', seededTesters )
				.execute();
		}
	}
	await db
		.deleteFrom( 'testers' )
		.where( 'wp_user_id', '>=', SEED_WP_USER_ID_BASE )
		.execute();
	await db
		.deleteFrom( 'campaigns' )
		.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` )
		.execute();
	await db
		.deleteFrom( 'popups' )
		.where(
			'title',
			'in',
			POPUPS.map( ( popup ) => popup.title )
		)
		.execute();
	return mediaKeys;
}

/**
 * Triggers keep the per-tester counts (0006), but MariaDB fires none for the applications and bugs the
 * campaigns' deletion cascaded to: the remaining testers are recounted.
 *
 * @param db
 */
async function recountRealTesters( db: Kysely< Database > ): Promise< void > {
	const remaining = db
		.selectFrom( 'testers' )
		.select( 'id' )
		.where( 'wp_user_id', '<', SEED_WP_USER_ID_BASE );
	await db.transaction().execute( async ( trx ) => {
		await sql`update tester_counts set
			experience_entries = (select count(*) from experience_entries e where e.tester_id = tester_counts.tester_id),
			bugs = (select count(*) from bugs b where b.tester_id = tester_counts.tester_id)
			where tester_id in (select id from testers where wp_user_id < ${ SEED_WP_USER_ID_BASE })`.execute(
			trx
		);
		await trx
			.deleteFrom( 'application_counts' )
			.where( 'tester_id', 'in', remaining )
			.execute();
		await trx
			.insertInto( 'application_counts' )
			.columns( [
				'tester_id',
				'status',
				'campaign_status_id',
				'applications',
			] )
			.expression(
				trx
					.selectFrom( 'applications' )
					.select( [
						'tester_id',
						'status',
						'campaign_status_id',
						( eb ) =>
							eb.fn.countAll< number >().as( 'applications' ),
					] )
					.where( 'tester_id', 'in', remaining )
					.groupBy( [ 'tester_id', 'status', 'campaign_status_id' ] )
			)
			.execute();
	} );
}
