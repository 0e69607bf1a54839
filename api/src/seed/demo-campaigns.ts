import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { DemoPlan } from './demo.ts';
import { giveBugForm } from './demo-bug-form.ts';
import { writeFullForm } from './preselection.ts';
import { SEED_EMAIL_DOMAIN } from './seeded.ts';
import { sqlDateTime } from './values.ts';

/**
 * The campaign states the demo veteran shows on the preview and manual pages (README, the demo logins), made from
 * the campaigns and applications the generator wrote, one transaction per veteran:
 * - `open`: an upcoming public campaign she has not applied to, without a cap, accepting her smartphone and PC,
 *   asking every pre-selection question (preselection.ts);
 * - `full`: an upcoming public campaign she has not applied to whose places are all taken;
 * - `closed`: a running public campaign she has not applied to (the subscription closed with its start);
 * - `excluded`: a running campaign where she was excluded;
 * - `notReady`: an upcoming campaign she is selected in (the generator's own);
 * - `starting`: a running campaign she is selected in and has not accepted the contract of;
 * - `tasks`: a running campaign she is selected in and started, with tasks, the first one taking media, and the
 *   full bug form (demo-bug-form.ts).
 * A state that the campaigns at hand cannot give (a tiny seed) is left out. Answers the campaign ids by state.
 *
 * @param db
 * @param demo
 * @param now  The seed's reference time.
 */
export async function writeDemoCampaignStates(
	db: Kysely< Database >,
	demo: readonly DemoPlan[],
	now: number
): Promise< Array< Partial< Record< DemoCampaignState, number > > > > {
	const states = [];
	for ( const plan of demo ) {
		if ( plan.key.startsWith( 'veteran/' ) ) {
			states.push(
				await inTransaction( db, ( trx ) =>
					writeStates( trx, plan.id, now )
				)
			);
		}
	}
	return states;
}

export type DemoCampaignState =
	| 'open'
	| 'full'
	| 'closed'
	| 'excluded'
	| 'notReady'
	| 'starting'
	| 'tasks';

/** Device types (the API's codes) the open campaign accepts, every platform of each. */
const OPEN_DEVICE_TYPES = [ 0, 2 ];

async function writeStates(
	trx: Transaction< Database >,
	testerId: number,
	nowMs: number
): Promise< Partial< Record< DemoCampaignState, number > > > {
	const now = sqlDateTime( nowMs );
	const campaigns = await trx
		.selectFrom( 'campaigns' )
		.select( [ 'id', 'start_date', 'end_date' ] )
		.where( 'status_id', '=', 1 )
		.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` )
		.orderBy( 'id' )
		.execute();
	const mine = new Map(
		(
			await trx
				.selectFrom( 'applications' )
				.select( [ 'id', 'campaign_id', 'status' ] )
				.where( 'tester_id', '=', testerId )
				.orderBy( 'id' )
				.execute()
		).map( ( row ) => [ Number( row.campaign_id ), row ] )
	);
	const upcoming = campaigns.filter( ( row ) => row.start_date > now );
	const running = campaigns.filter(
		( row ) => row.start_date <= now && row.end_date > now
	);
	const notMine = ( rows: typeof campaigns ) =>
		rows.filter( ( row ) => ! mine.has( Number( row.id ) ) );
	const mineWith = ( rows: typeof campaigns, status: string ) =>
		rows
			.map( ( row ) => mine.get( Number( row.id ) ) )
			.filter( ( row ) => row?.status === status )
			.map( ( row ) => row! );

	const states: Partial< Record< DemoCampaignState, number > > = {};
	const [ open, full ] = notMine( upcoming ).map( ( row ) =>
		Number( row.id )
	);
	if ( open !== undefined ) {
		await makePublic( trx, open, null );
		await trx
			.deleteFrom( 'campaign_accepted_devices' )
			.where( 'campaign_id', '=', open )
			.execute();
		await trx
			.insertInto( 'campaign_accepted_devices' )
			.values(
				OPEN_DEVICE_TYPES.map( ( type ) => ( {
					campaign_id: open,
					device_type: type,
					os_platform_id: null,
				} ) )
			)
			.execute();
		await writeFullForm( trx, open );
		states.open = open;
	}
	if ( full !== undefined ) {
		await makePublic( trx, full, await takenPlaces( trx, full, now ) );
		states.full = full;
	}

	const [ closed ] = notMine( running );
	if ( closed ) {
		await makePublic( trx, Number( closed.id ), null );
		states.closed = Number( closed.id );
	}
	const applied = mineWith( running, 'applied' );
	const excluded = applied[ applied.length - 1 ];
	if ( excluded ) {
		await trx
			.updateTable( 'applications' )
			.set( { status: 'excluded', updated_at: now } )
			.where( 'id', '=', excluded.id )
			.execute();
		states.excluded = Number( excluded.campaign_id );
	}
	const [ notReady ] = mineWith( upcoming, 'selected' );
	if ( notReady ) {
		states.notReady = Number( notReady.campaign_id );
	}

	const selected = await fewestBugsFirst(
		trx,
		testerId,
		mineWith( running, 'selected' )
	);
	const [ starting, tasks ] =
		selected.length > 1 ? selected : [ undefined, selected[ 0 ] ];
	if ( starting ) {
		await trx
			.updateTable( 'applications' )
			.set( { contract_accepted_at: null } )
			.where( 'id', '=', starting.id )
			.execute();
		states.starting = Number( starting.campaign_id );
	}
	if ( tasks ) {
		await giveTasks( trx, Number( tasks.campaign_id ) );
		await giveBugForm( trx, Number( tasks.campaign_id ), testerId, nowMs );
		states.tasks = Number( tasks.campaign_id );
	}
	return states;
}

/**
 * Shown to every tester, with `maxTesters` places.
 *
 * @param trx
 * @param campaignId
 * @param maxTesters
 */
async function makePublic(
	trx: Transaction< Database >,
	campaignId: number,
	maxTesters: number | null
): Promise< void > {
	await trx
		.updateTable( 'campaigns' )
		.set( {
			visibility: 'public',
			target_country: null,
			target_language_id: null,
			target_min_level_id: null,
			max_testers: maxTesters,
		} )
		.where( 'id', '=', campaignId )
		.execute();
}

/**
 * The number of testers selected in a campaign, after selecting its first applicant when nobody is yet, so that a
 * cap of that many leaves no place free.
 *
 * @param trx
 * @param campaignId
 * @param now
 */
async function takenPlaces(
	trx: Transaction< Database >,
	campaignId: number,
	now: string
): Promise< number > {
	const applications = await trx
		.selectFrom( 'applications' )
		.select( [ 'id', 'status' ] )
		.where( 'campaign_id', '=', campaignId )
		.orderBy( 'id' )
		.execute();
	const selected = applications.filter(
		( row ) => row.status === 'selected'
	).length;
	const first = applications.find( ( row ) => row.status === 'applied' );
	if ( selected > 0 || ! first ) {
		return selected;
	}
	const device = await trx
		.selectFrom( 'application_devices' )
		.select( 'tester_device_id' )
		.where( 'application_id', '=', first.id )
		.orderBy( 'id' )
		.executeTakeFirst();
	await trx
		.updateTable( 'applications' )
		.set( {
			status: 'selected',
			selected_device_id: device?.tester_device_id ?? null,
			updated_at: now,
		} )
		.where( 'id', '=', first.id )
		.execute();
	return 1;
}

/**
 * The applications ordered by how many bugs the tester wrote in their campaign (then by id): the campaign whose
 * contract is not accepted yet should hold none.
 *
 * @param trx
 * @param testerId
 * @param applications
 */
async function fewestBugsFirst< T extends { id: number; campaign_id: number } >(
	trx: Transaction< Database >,
	testerId: number,
	applications: T[]
): Promise< T[] > {
	if ( ! applications.length ) {
		return [];
	}
	const counts = new Map(
		(
			await trx
				.selectFrom( 'bugs' )
				.select( ( eb ) => [
					'campaign_id',
					eb.fn.countAll().as( 'n' ),
				] )
				.where( 'tester_id', '=', testerId )
				.where(
					'campaign_id',
					'in',
					applications.map( ( row ) => row.campaign_id )
				)
				.groupBy( 'campaign_id' )
				.execute()
		).map( ( row ) => [ Number( row.campaign_id ), Number( row.n ) ] )
	);
	const bugs = ( row: T ) => counts.get( Number( row.campaign_id ) ) ?? 0;
	return [ ...applications ].sort(
		( a, b ) => bugs( a ) - bugs( b ) || Number( a.id ) - Number( b.id )
	);
}

/**
 * At least two tasks, the first taking media and the others not.
 *
 * @param trx
 * @param campaignId
 */
async function giveTasks(
	trx: Transaction< Database >,
	campaignId: number
): Promise< void > {
	const tasks = await trx
		.selectFrom( 'campaign_tasks' )
		.select( [ 'id', 'position' ] )
		.where( 'campaign_id', '=', campaignId )
		.orderBy( 'position' )
		.orderBy( 'id' )
		.execute();
	for ( const [ index, task ] of tasks.entries() ) {
		await trx
			.updateTable( 'campaign_tasks' )
			.set( { can_upload_media: index === 0 ? 1 : 0 } )
			.where( 'id', '=', task.id )
			.execute();
	}
	const missing = [
		{
			name: 'Upload a screenshot of the home page',
			content:
				'<p>Open the home page and upload a screenshot of it here.</p>',
			media: 1,
		},
		{
			name: 'Browse the catalogue',
			content: '<p>Open three product pages and note anything odd.</p>',
			media: 0,
		},
	].slice( tasks.length );
	for ( const [ index, task ] of missing.entries() ) {
		await trx
			.insertInto( 'campaign_tasks' )
			.values( {
				campaign_id: campaignId,
				name: task.name,
				content: task.content,
				can_upload_media: task.media,
				position: tasks.length + index,
			} )
			.execute();
	}
}
