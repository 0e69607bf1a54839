import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DemoPlan } from './demo.ts';

/**
 * The demo's team leaders (issue 27): every other campaign a demo tester applied to is led by the demo tester lead,
 * so their back office shows candidates to select and bugs to review at once; the other campaigns have no leader
 * and are run by administrators only (the lead gets 403 there). With several leads, their campaigns alternate. A lead who
 * has a tester row (the demo's does) becomes those campaigns' contact (tl_name, tl_email).
 *
 * @param db
 * @param demo          The demo testers' plans.
 * @param leadWpUserIds The leads' WordPress users.
 */
export async function writeDemoLeadership(
	db: Kysely< Database >,
	demo: DemoPlan[],
	leadWpUserIds: number[]
): Promise< void > {
	if ( ! leadWpUserIds.length || ! demo.length ) {
		return;
	}
	const campaigns = await db
		.selectFrom( 'applications' )
		.select( 'campaign_id' )
		.distinct()
		.where(
			'tester_id',
			'in',
			demo.map( ( plan ) => plan.id )
		)
		.orderBy( 'campaign_id' )
		.execute();
	// A lead who is also a tester (the demo's) is the "Any questions?" contact of the campaigns they lead.
	const contacts = await db
		.selectFrom( 'testers' )
		.select( [ 'wp_user_id', 'name', 'surname', 'email' ] )
		.where( 'wp_user_id', 'in', leadWpUserIds )
		.execute();
	const led = campaigns.filter( ( _, index ) => index % 2 === 0 );
	// The veteran first, then the others: the first with an application to offer it.
	const testers = [
		...demo.filter( ( plan ) => plan.key.startsWith( 'veteran/' ) ),
		...demo.filter( ( plan ) => ! plan.key.startsWith( 'veteran/' ) ),
	].map( ( plan ) => plan.id );
	await offerADeviceChoice(
		db,
		testers,
		led.map( ( row ) => row.campaign_id )
	);
	for ( const [ index, { campaign_id: campaignId } ] of led.entries() ) {
		const lead = leadWpUserIds[ index % leadWpUserIds.length ];
		const contact = contacts.find(
			( row ) => Number( row.wp_user_id ) === lead
		);
		await db
			.updateTable( 'campaigns' )
			.set( {
				leader_wp_user_id: lead,
				...( contact && {
					tl_name: `${ contact.name } ${ contact.surname }`,
					tl_email: contact.email,
				} ),
			} )
			.where( 'id', '=', campaignId )
			.execute();
	}
}

/**
 * The first application still under review, in a campaign the lead runs, of the first of `testers` who has one gets
 * a second of that tester's devices, so that Candidates offers the lead a choice of the device they test with. The
 * device is one the tester uses in campaigns already, so which devices they may remove stays as it was. Once:
 * nothing is added when one of those testers' applications there has two devices.
 *
 * @param db
 * @param testers   Demo testers, in the order they are tried.
 * @param campaigns The campaigns the lead runs.
 */
async function offerADeviceChoice(
	db: Kysely< Database >,
	testers: number[],
	campaigns: number[]
): Promise< void > {
	if ( ! campaigns.length || ! testers.length ) {
		return;
	}
	const applications = await db
		.selectFrom( 'applications as a' )
		.innerJoin( 'application_devices as d', 'd.application_id', 'a.id' )
		.select( ( eb ) => [
			'a.id',
			'a.tester_id',
			eb.fn.min( 'd.tester_device_id' ).as( 'device' ),
			eb.fn.countAll< number >().as( 'devices' ),
		] )
		.where( 'a.tester_id', 'in', testers )
		.where( 'a.status', '=', 'applied' )
		.where( 'a.campaign_id', 'in', campaigns )
		.groupBy( [ 'a.id', 'a.tester_id' ] )
		.orderBy( 'a.id' )
		.execute();
	if ( applications.some( ( row ) => Number( row.devices ) > 1 ) ) {
		return;
	}
	for ( const testerId of testers ) {
		const first = applications.find(
			( row ) => row.tester_id === testerId
		);
		if ( ! first ) {
			continue;
		}
		const other = await db
			.selectFrom( 'application_devices as d' )
			.innerJoin( 'applications as a', 'a.id', 'd.application_id' )
			.select( 'd.tester_device_id' )
			.where( 'a.tester_id', '=', testerId )
			.where( 'd.tester_device_id', '!=', Number( first.device ) )
			.orderBy( 'd.tester_device_id' )
			.executeTakeFirst();
		if ( other ) {
			await db
				.insertInto( 'application_devices' )
				.values( {
					application_id: first.id,
					tester_device_id: other.tester_device_id,
				} )
				.execute();
			return;
		}
	}
}
