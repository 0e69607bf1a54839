import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recount } from '../../../src/db/kept-counts.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { testEngine } from '../../helpers/database.ts';
import { getOk } from '../../helpers/requests.ts';
import { send } from '../profile-parts/requests.ts';
import { insertOpenCampaign } from '../applications/world.ts';
import {
	adminCall,
	applicant,
	ledBy,
	selectedCountOf,
	startCandidatesWorld,
	statusesOf,
	type CandidatesWorld,
} from './world.ts';

/**
 * POST /admin/campaigns/{id}/candidates: selecting, excluding or putting back applications, all or nothing, within
 * the campaign's cap (also when two selections race), with the selected count and the tester's counts kept, an
 * audit entry per change, and the tester's dashboard and manual following.
 */

const APPLICATION_NOT_FOUND = 'Application not found';
const NO_PERMISSION = 'You do not have permission to access this campaign';

describe( `selecting candidates on ${ testEngine() }`, () => {
	let world: CandidatesWorld;
	before( async () => {
		world = await startCandidatesWorld();
	} );
	after( () => world.ctx.close() );

	const change = (
		campaignId: number,
		applications: number[],
		status: string,
		token = world.lead.token
	) =>
		adminCall(
			world.ctx,
			token,
			'POST',
			`/campaigns/${ campaignId }/candidates`,
			{ applications, status }
		);

	/**
	 * A campaign led by the test's lead, with `count` applications made through the API.
	 *
	 * @param count
	 * @param maxTesters
	 */
	async function campaignWith( count: number, maxTesters?: number ) {
		const campaignId = await ledBy(
			world,
			await insertOpenCampaign( world.ctx, { maxTesters } )
		);
		const made: Array< { tester: Tester; application: number } > = [];
		for ( let index = 0; index < count; index++ ) {
			made.push( await applicant( world.ctx, campaignId ) );
		}
		return {
			campaignId,
			testers: made.map( ( item ) => item.tester ),
			ids: made.map( ( item ) => item.application ),
		};
	}

	const auditOf = async (
		applicationId: number,
		token = world.lead.token
	) => {
		const response = await adminCall(
			world.ctx,
			token,
			'GET',
			`/audit?subjectType=application&subjectId=${ applicationId }`
		);
		assert.equal( response.statusCode, 200, response.body );
		return response.json().results;
	};

	it( 'refuses testers and leads of other campaigns, changing nothing', async () => {
		const { campaignId, testers, ids } = await campaignWith( 1 );
		await ledBy(
			world,
			await insertOpenCampaign( world.ctx ),
			world.otherLead
		);
		for ( const token of [
			world.otherLead.token,
			await world.ctx.tokenFor( testers[ 0 ] ),
		] ) {
			const refused = await change( campaignId, ids, 'selected', token );
			assert.equal( refused.statusCode, 403, refused.body );
		}
		assert.deepEqual( await statusesOf( world.ctx, ids ), {
			[ ids[ 0 ] ]: 'applied',
		} );
		assert.equal( ( await auditOf( ids[ 0 ] ) ).length, 0 );
		const bad = await change( campaignId, [], 'selected' );
		assert.equal( bad.statusCode, 400 );
		const wrong = await change( campaignId, ids, 'accepted' );
		assert.equal( wrong.statusCode, 400 );
	} );

	it( 'selects and excludes in bulk, keeping the selected count, the tester’s counts and an audit entry per change', async () => {
		const { ctx } = world;
		const { campaignId, ids } = await campaignWith( 3, 5 );
		const selected = await change(
			campaignId,
			ids.slice( 0, 2 ),
			'selected'
		);
		assert.equal( selected.statusCode, 200, selected.body );
		assert.deepEqual( selected.json(), {
			updated: 2,
			campaign: { selectedCount: 2, maxTesters: 5 },
		} );
		// Selecting again what is selected, plus one: only the new one changes.
		const again = await change(
			campaignId,
			[ ids[ 1 ], ids[ 2 ], ids[ 2 ] ],
			'selected',
			world.admin.token
		);
		assert.deepEqual( again.json(), {
			updated: 1,
			campaign: { selectedCount: 3, maxTesters: 5 },
		} );
		const excluded = await change( campaignId, [ ids[ 0 ] ], 'excluded' );
		assert.deepEqual( excluded.json(), {
			updated: 1,
			campaign: { selectedCount: 2, maxTesters: 5 },
		} );
		const back = await change( campaignId, [ ids[ 1 ] ], 'applied' );
		assert.deepEqual( back.json().campaign.selectedCount, 1 );
		assert.deepEqual( await statusesOf( ctx, ids ), {
			[ ids[ 0 ] ]: 'excluded',
			[ ids[ 1 ] ]: 'applied',
			[ ids[ 2 ] ]: 'selected',
		} );
		assert.equal( await selectedCountOf( ctx, campaignId ), 1 );

		const trail = await auditOf( ids[ 0 ] );
		assert.deepEqual(
			trail.map(
				( entry: {
					action: string;
					actor: number;
					actorRole: string;
					before: unknown;
					after: unknown;
				} ) => [
					entry.action,
					entry.actor,
					entry.actorRole,
					entry.before,
					entry.after,
				]
			),
			[
				[
					'application.status',
					world.lead.wpUserId,
					'tester_lead',
					{ status: 'selected' },
					{ status: 'excluded' },
				],
				[
					'application.status',
					world.lead.wpUserId,
					'tester_lead',
					{ status: 'applied' },
					{ status: 'selected' },
				],
			]
		);
		const byAdmin = await auditOf( ids[ 2 ], world.admin.token );
		assert.deepEqual(
			byAdmin.map( ( entry: { actorRole: string } ) => entry.actorRole ),
			[ 'administrator' ]
		);

		// Every count the triggers keep is what the rows say.
		for ( const table of await recount( ctx.database.db ) ) {
			assert.equal( table.differed, 0, table.table );
		}
	} );

	it( 'changes nothing when one id is not an application of the campaign', async () => {
		const { ctx } = world;
		const mine = await campaignWith( 2, 5 );
		const other = await campaignWith( 1 );
		const response = await change(
			mine.campaignId,
			[ ...mine.ids, other.ids[ 0 ] ],
			'selected'
		);
		assert.equal( response.statusCode, 404, response.body );
		assert.equal( response.json().message, APPLICATION_NOT_FOUND );
		const unknown = await change(
			mine.campaignId,
			[ mine.ids[ 0 ], 999999 ],
			'excluded'
		);
		assert.equal( unknown.statusCode, 404 );
		assert.deepEqual(
			await statusesOf( ctx, [ ...mine.ids, ...other.ids ] ),
			{
				[ mine.ids[ 0 ] ]: 'applied',
				[ mine.ids[ 1 ] ]: 'applied',
				[ other.ids[ 0 ] ]: 'applied',
			}
		);
		assert.equal( await selectedCountOf( ctx, mine.campaignId ), 0 );
		assert.equal( ( await auditOf( mine.ids[ 0 ] ) ).length, 0 );
	} );

	it( 'refuses with 409 a selection past the cap, naming it, and changes nothing', async () => {
		const { ctx } = world;
		const { campaignId, ids } = await campaignWith( 4, 3 );
		assert.equal(
			( await change( campaignId, [ ids[ 0 ] ], 'selected' ) ).statusCode,
			200
		);
		const over = await change( campaignId, ids, 'selected' );
		assert.equal( over.statusCode, 409, over.body );
		assert.equal(
			over.json().message,
			'The campaign takes at most 3 testers: 1 is selected, so 2 more can be, not 3.'
		);
		assert.deepEqual( Object.values( await statusesOf( ctx, ids ) ), [
			'selected',
			'applied',
			'applied',
			'applied',
		] );
		assert.equal( await selectedCountOf( ctx, campaignId ), 1 );
		// Excluding is never capped; what fits is selected.
		assert.equal(
			( await change( campaignId, ids.slice( 1 ), 'excluded' ) )
				.statusCode,
			200
		);
		const fits = await change( campaignId, ids.slice( 1, 3 ), 'selected' );
		assert.deepEqual( fits.json().campaign, {
			selectedCount: 3,
			maxTesters: 3,
		} );
	} );

	it( 'lets one of two selections that together pass the cap through, and answers the other 409', async () => {
		const { ctx } = world;
		const { campaignId, ids } = await campaignWith( 5, 3 );
		await change( campaignId, [ ids[ 0 ] ], 'selected' );
		const responses = await Promise.all( [
			change( campaignId, ids.slice( 1, 3 ), 'selected' ),
			change(
				campaignId,
				ids.slice( 3, 5 ),
				'selected',
				world.admin.token
			),
		] );
		assert.deepEqual(
			responses.map( ( response ) => response.statusCode ).sort(),
			[ 200, 409 ],
			responses.map( ( response ) => response.body ).join( '\n' )
		);
		assert.match(
			responses
				.find( ( response ) => response.statusCode === 409 )!
				.json().message,
			/at most 3 testers: 3 are selected, so 0 more can be, not 2/
		);
		const statuses = Object.values( await statusesOf( ctx, ids ) );
		assert.equal(
			statuses.filter( ( status ) => status === 'selected' ).length,
			3
		);
		assert.equal( await selectedCountOf( ctx, campaignId ), 3 );
	} );

	it( 'chooses the device a selected tester tests with, among those they applied with; the manual shows it first', async () => {
		const { ctx } = world;
		const campaignId = await ledBy(
			world,
			await insertOpenCampaign( ctx, {} )
		);
		const two = await applicant( ctx, campaignId, { phones: 2 } );
		const other = await applicant( ctx, campaignId );
		const [ first, second ] = two.devices;
		const choose = (
			devices: Array< { application: number; device: number } >,
			status = 'selected',
			applications = [ two.application, other.application ]
		) =>
			adminCall(
				ctx,
				world.lead.token,
				'POST',
				`/campaigns/${ campaignId }/candidates`,
				{ applications, status, devices }
			);
		const listed = async () =>
			(
				await adminCall(
					ctx,
					world.lead.token,
					'GET',
					`/campaigns/${ campaignId }/candidates`
				)
			).json().results as Array< {
				id: number;
				status: string;
				selectedDevice: number | null;
			} >;
		const manualDevices = async () =>
			(
				await getOk(
					ctx,
					`/users/me/campaigns/${ campaignId }/devices`,
					two.tester
				)
			).map( ( device: { id: number } ) => device.id );

		assert.deepEqual(
			( await listed() ).map( ( item ) => item.selectedDevice ),
			[ null, null ]
		);
		const refusals = [
			// Another tester's device, a device with a status other than selected, an application twice.
			await choose( [
				{ application: two.application, device: other.device },
			] ),
			await choose(
				[ { application: two.application, device: second } ],
				'excluded'
			),
			await choose( [
				{ application: two.application, device: second },
				{ application: two.application, device: first },
			] ),
			await choose(
				[ { application: other.application, device: other.device } ],
				'selected',
				[ two.application ]
			),
		];
		for ( const refused of refusals ) {
			assert.equal( refused.statusCode, 400, refused.body );
			assert.equal(
				refused.json().message,
				'A tester is tested on a device they applied with'
			);
		}
		assert.deepEqual(
			( await listed() ).map( ( item ) => [
				item.status,
				item.selectedDevice,
			] ),
			[
				[ 'applied', null ],
				[ 'applied', null ],
			],
			'A refusal changes nothing.'
		);

		const selected = await choose( [
			{ application: two.application, device: second },
		] );
		assert.equal( selected.statusCode, 200, selected.body );
		assert.equal( selected.json().updated, 2 );
		assert.deepEqual(
			( await listed() ).map( ( item ) => [
				item.status,
				item.selectedDevice,
			] ),
			[
				[ 'selected', second ],
				[ 'selected', null ],
			]
		);
		assert.deepEqual( await manualDevices(), [ second, first ] );

		// Already selected: only the device changes, and counts as a change.
		const moved = await choose(
			[ { application: two.application, device: first } ],
			'selected',
			[ two.application ]
		);
		assert.equal( moved.json().updated, 1 );
		assert.deepEqual( await manualDevices(), [ first, second ] );
		const devicesChosen = ( await auditOf( two.application ) )
			.filter(
				( entry: { action: string } ) =>
					entry.action === 'application.device'
			)
			.map( ( entry: { before: unknown; after: unknown } ) => [
				entry.before,
				entry.after,
			] );
		const inOrder = ( entries: unknown[] ) =>
			entries.map( ( entry ) => JSON.stringify( entry ) ).sort();
		assert.deepEqual(
			inOrder( devicesChosen ),
			inOrder( [
				[ { device: null }, { device: second } ],
				[ { device: second }, { device: first } ],
			] )
		);
		assert.equal( await selectedCountOf( ctx, campaignId ), 2 );
	} );

	it( 'shows the tester the new status on the dashboard and the manual', async () => {
		const { ctx } = world;
		const { campaignId, testers, ids } = await campaignWith( 2 );
		const [ chosen, left ] = testers;
		const selectedTable = async ( tester: Tester ) =>
			(
				await getOk(
					ctx,
					'/users/me/campaigns?filterBy[accepted]=1&filterBy[completed]=0',
					tester
				)
			).results.map( ( item: { id: number } ) => item.id );
		const detail = ( tester: Tester ) =>
			getOk( ctx, `/users/me/campaigns/${ campaignId }`, tester );
		const tasks = async ( tester: Tester ) =>
			send(
				ctx,
				'GET',
				`/users/me/campaigns/${ campaignId }/tasks`,
				tester
			);

		assert.deepEqual( await selectedTable( chosen ), [] );
		assert.equal( ( await detail( chosen ) ).status, 'applied' );
		const beforeSelection = await tasks( chosen );
		assert.equal( beforeSelection.statusCode, 403 );
		assert.equal( beforeSelection.json().message, NO_PERMISSION );

		await change( campaignId, [ ids[ 0 ] ], 'selected' );
		await change( campaignId, [ ids[ 1 ] ], 'excluded' );

		assert.deepEqual( await selectedTable( chosen ), [ campaignId ] );
		const chosenDetail = await detail( chosen );
		assert.equal( chosenDetail.status, 'selected' );
		// Starts in five days: the manual says it is not ready yet.
		assert.equal( chosenDetail.selectionStatus, 'not-started' );
		assert.equal( ( await tasks( chosen ) ).statusCode, 200 );

		assert.deepEqual( await selectedTable( left ), [] );
		const leftDetail = await detail( left );
		assert.equal( leftDetail.status, 'excluded' );
		assert.equal( leftDetail.selectionStatus, 'excluded' );
		assert.equal( ( await tasks( left ) ).statusCode, 403 );

		// Put back under review: the manual closes again.
		await change( campaignId, [ ids[ 0 ] ], 'applied' );
		assert.deepEqual( await selectedTable( chosen ), [] );
		assert.equal( ( await tasks( chosen ) ).statusCode, 403 );
	} );
} );
