/**
 * The four figures of the wp-admin dashboard widget (issue 27), each read from a kept count or an index range, so
 * the widget costs the dashboard a few index look-ups whatever the size of the platform.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toInteger, toSqlDateTime } from '../../db/values.ts';

/** Campaign status: running (open, or awaiting evaluation). */
const RUNNING = 1;
/** Bug statuses a reviewer still has to settle: pending and need review. */
const AWAITING_REVIEW = [ 3, 4 ];
const WEEK_MS = 7 * 86_400_000;

const count = ( row: { n: number | string | bigint | null } | undefined ) =>
	toInteger( row?.n ?? 0 );

export type AdminSummaryRepository = ReturnType<
	typeof createAdminSummaryRepository
>;

/**
 * @param db
 */
export function createAdminSummaryRepository( db: Kysely< Database > ) {
	/**
	 * The running campaigns, all of them (campaign_counts, kept by triggers) or those a lead runs (the
	 * campaigns_leader index).
	 *
	 * @param leader The lead's WordPress user; undefined for every campaign.
	 */
	const openCampaigns = async ( leader: number | undefined ) =>
		count(
			leader === undefined
				? await db
						.selectFrom( 'campaign_counts' )
						.select( ( eb ) =>
							eb.fn.sum< number >( 'campaigns' ).as( 'n' )
						)
						.where( 'status_id', '=', RUNNING )
						.executeTakeFirst()
				: await db
						.selectFrom( 'campaigns' )
						.select( ( eb ) =>
							eb.fn.countAll< number >().as( 'n' )
						)
						.where( 'leader_wp_user_id', '=', leader )
						.where( 'status_id', '=', RUNNING )
						.executeTakeFirst()
		);

	/**
	 * The bugs pending or in need of review, in every campaign or in a lead's: per campaign, a range of the bugs'
	 * (campaign, status) index, so only those bugs are touched, never the reviewed ones.
	 *
	 * @param leader The lead's WordPress user; undefined for every campaign.
	 */
	const bugsAwaitingReview = async ( leader: number | undefined ) => {
		let campaigns = db
			.selectFrom( 'campaigns as c' )
			.select(
				sql< number >`(select count(*) from bugs b where b.campaign_id = c.id and b.status_id in (${ sql.join(
					AWAITING_REVIEW
				) }))`.as( 'n' )
			);
		if ( leader !== undefined ) {
			campaigns = campaigns.where( 'c.leader_wp_user_id', '=', leader );
		}
		return count(
			await db
				.selectFrom( campaigns.as( 'k' ) )
				.select( ( eb ) => eb.fn.sum< number >( 'k.n' ).as( 'n' ) )
				.executeTakeFirst()
		);
	};

	return {
		/**
		 * The figures an administrator sees.
		 *
		 * @param now
		 */
		async forAdministrator( now: Date = new Date() ) {
			const since = toSqlDateTime( new Date( now.getTime() - WEEK_MS ) );
			const [ campaigns, bugs, payouts, lastOlder ] = await Promise.all( [
				openCampaigns( undefined ),
				bugsAwaitingReview( undefined ),
				// open_tester_id is set exactly while a request is processing, and has its own unique index.
				db
					.selectFrom( 'payment_requests' )
					.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
					.where( 'open_tester_id', 'is not', null )
					.executeTakeFirst(),
				// Testers are numbered as they sign up: the newest one older than a week bounds the week's sign-ups,
				// found walking the primary key down from the newest tester (no index on the sign-up date).
				db
					.selectFrom( 'testers' )
					.select( 'id' )
					.where( 'created_at', '<', since )
					.orderBy( 'id', 'desc' )
					.limit( 1 )
					.executeTakeFirst(),
			] );
			const newTesters = await db
				.selectFrom( 'testers' )
				.select( ( eb ) => eb.fn.countAll< number >().as( 'n' ) )
				.where( 'id', '>', lastOlder?.id ?? 0 )
				.where( 'created_at', '>=', since )
				.where( 'deleted_at', 'is', null )
				.executeTakeFirst();
			return {
				openCampaigns: campaigns,
				bugsAwaitingReview: bugs,
				payoutsWaiting: count( payouts ),
				newTestersThisWeek: count( newTesters ),
			};
		},

		/**
		 * The figures a tester lead sees: over the campaigns they lead.
		 *
		 * @param wpUserId The lead.
		 */
		async forLead( wpUserId: number ) {
			const [ campaigns, bugs ] = await Promise.all( [
				openCampaigns( wpUserId ),
				bugsAwaitingReview( wpUserId ),
			] );
			return {
				openCampaigns: campaigns,
				bugsAwaitingReview: bugs,
				payoutsWaiting: null,
				newTestersThisWeek: null,
			};
		},
	};
}
