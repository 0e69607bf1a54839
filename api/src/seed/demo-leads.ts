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
