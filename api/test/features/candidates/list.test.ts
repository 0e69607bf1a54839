import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { monthOf } from '../../../src/features/ranking/repository.ts';
import { testEngine } from '../../helpers/database.ts';
import { insertApplication, recordPoints } from '../../helpers/rows.ts';
import {
	answersTo,
	insertFullFormCampaign,
	insertOpenCampaign,
	type FullForm,
} from '../applications/world.ts';
import {
	adminCall,
	applicant,
	ledBy,
	startCandidatesWorld,
	type CandidatesWorld,
} from './world.ts';

/**
 * GET /admin/campaigns/{id}/candidates: a campaign's applications for its team leader and administrators, with
 * the tester, the devices and the pre-selection answers, by status and search, in pages.
 */

const NOT_YOUR_CAMPAIGN =
	'Only the campaign’s team leader or an administrator may do this.';

describe( `the candidates of a campaign on ${ testEngine() }`, () => {
	let world: CandidatesWorld;
	let full: FullForm;
	/** Applications of the full-form campaign, oldest first. */
	const applications: number[] = [];
	let ada: Tester;

	before( async () => {
		world = await startCandidatesWorld();
		const { ctx } = world;
		full = await insertFullFormCampaign( ctx, { maxTesters: 10 } );
		await ledBy( world, full.campaignId );
		await ledBy( world, await insertOpenCampaign( ctx ), world.otherLead );
		ada = await ctx.createTester( {
			name: 'Ada',
			surname: 'Lovelace',
			email: 'ada.lovelace@example.test',
			set: { country: 'GB' },
		} );
		await recordPoints( ctx, [ [ ada, monthOf( new Date() ), 250, 20 ] ] );
		applications.push(
			(
				await applicant( ctx, full.campaignId, {
					tester: ada,
					form: answersTo( full ),
				} )
			).application
		);
		for ( const [ name, shops ] of [
			[ 'Bob', [ full.options.shops![ 1 ] ] ],
			[ 'Cleo', [ -1 ] ],
			[ 'Dan_', [ full.options.shops![ 0 ] ] ],
		] as const ) {
			const tester = await ctx.createTester( {
				name,
				surname: 'Tester',
			} );
			applications.push(
				(
					await applicant( ctx, full.campaignId, {
						tester,
						form: answersTo( full, {
							shops: { id: [ ...shops ] },
						} ),
					} )
				).application
			);
		}
	} );
	after( () => world.ctx.close() );

	const list = ( query = '', token = world.lead.token ) =>
		adminCall(
			world.ctx,
			token,
			'GET',
			`/campaigns/${ full.campaignId }/candidates${ query }`
		);

	it( 'answers the campaign’s lead and administrators, refuses testers and other leads', async () => {
		const { ctx } = world;
		assert.equal( ( await list() ).statusCode, 200 );
		assert.equal( ( await list( '', world.admin.token ) ).statusCode, 200 );
		for ( const token of [
			world.otherLead.token,
			await ctx.tokenFor( ada ),
		] ) {
			const refused = await list( '', token );
			assert.equal( refused.statusCode, 403, refused.body );
		}
		assert.equal(
			( await list( '', world.otherLead.token ) ).json().message,
			NOT_YOUR_CAMPAIGN
		);
		const anonymous = await ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/campaigns/${ full.campaignId }/candidates`,
		} );
		assert.equal( anonymous.statusCode, 403 );
		// An unknown campaign: 404 for an administrator, 403 for a lead (who is not told it does not exist).
		const unknown = `/campaigns/999999/candidates`;
		const missing = await adminCall(
			ctx,
			world.admin.token,
			'GET',
			unknown
		);
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, 'Campaign not found' );
		assert.equal(
			( await adminCall( ctx, world.lead.token, 'GET', unknown ) )
				.statusCode,
			403
		);
	} );

	it( 'lists the applications oldest first with tester, devices, answers and the campaign’s counts', async () => {
		const body = ( await list() ).json();
		assert.deepEqual(
			{
				start: body.start,
				limit: body.limit,
				size: body.size,
				total: body.total,
			},
			{ start: 0, limit: 20, size: 4, total: 4 }
		);
		assert.deepEqual(
			body.results.map( ( item: { id: number } ) => item.id ),
			applications
		);
		assert.deepEqual( body.campaign, {
			id: full.campaignId,
			title: body.campaign.title,
			maxTesters: 10,
			selectedCount: 0,
			applicantsCount: 4,
			statusCounts: { applied: 4, selected: 0, excluded: 0 },
		} );
		const [ first ] = body.results;
		assert.equal( first.status, 'applied' );
		assert.match( first.appliedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );
		assert.deepEqual( first.tester, {
			id: ada.id,
			name: 'Ada',
			surname: 'Lovelace',
			email: 'ada.lovelace@example.test',
			country: 'GB',
			level: { id: 20, name: 'Bronze' },
		} );
		assert.equal( body.results[ 1 ].tester.level, null );
		assert.equal( first.devices.length, 1 );
		assert.equal( first.devices[ 0 ].name, 'Google Pixel 9 (Android 16)' );
		const answers = Object.fromEntries(
			first.answers.map(
				( answer: { question: string; value: string } ) => [
					answer.question,
					answer.value,
				]
			)
		);
		assert.equal( answers[ 'Your postcode' ], '20121' );
		assert.equal( answers[ 'Which browser do you use most?' ], 'Firefox' );
		assert.equal(
			answers[ 'Where have you shopped this year?' ],
			'Amazon, Zalando'
		);
		assert.equal( answers[ 'Hours online a week?' ], 'Less than 5' );
		assert.equal( answers[ 'Your job' ], 'Software tester' );
		assert.equal( answers[ 'Your brand' ], 'Initech' );
		assert.match( answers[ 'Where do you live?' ], /Mil/ );
		// In the form's order.
		assert.equal( first.answers[ 0 ].question, 'Your postcode' );
		const cleo = body.results[ 2 ];
		assert.equal(
			cleo.answers.find(
				( answer: { question: string } ) =>
					answer.question === 'Where have you shopped this year?'
			).value,
			'None of the above'
		);
	} );

	it( 'filters by status and by a search in name, surname or e-mail, taken literally, in pages', async () => {
		const { ctx } = world;
		const ids = ( body: { results: Array< { id: number } > } ) =>
			body.results.map( ( item ) => item.id );
		const page = ( await list( '?limit=2&start=2' ) ).json();
		assert.deepEqual( ids( page ), applications.slice( 2 ) );
		assert.deepEqual( [ page.size, page.total ], [ 2, 4 ] );

		assert.deepEqual( ids( ( await list( '?search=lovelace' ) ).json() ), [
			applications[ 0 ],
		] );
		assert.deepEqual(
			ids( ( await list( '?search=ADA.LOVELACE%40' ) ).json() ),
			[ applications[ 0 ] ]
		);
		const testers = ( await list( '?search=Tester' ) ).json();
		assert.equal( testers.total, 3 );
		// `_` is a letter here, not LIKE's wildcard.
		assert.deepEqual( ids( ( await list( '?search=n_' ) ).json() ), [
			applications[ 3 ],
		] );

		// A tester excluded straight in the database (the status filter only reads the rows).
		const excluded = await ctx.createTester( { name: 'Eve' } );
		await insertApplication(
			ctx,
			excluded.id,
			full.campaignId,
			'excluded'
		);
		const onlyExcluded = ( await list( '?status=excluded' ) ).json();
		assert.deepEqual(
			onlyExcluded.results.map(
				( item: { tester: { id: number } } ) => item.tester.id
			),
			[ excluded.id ]
		);
		assert.deepEqual( onlyExcluded.campaign.statusCounts, {
			applied: 4,
			selected: 0,
			excluded: 1,
		} );
		assert.equal( ( await list( '?status=applied' ) ).json().total, 4 );
		assert.equal( ( await list( '?status=selected' ) ).json().total, 0 );

		for ( const query of [ '?status=pending', '?limit=0', '?limit=101' ] ) {
			assert.equal( ( await list( query ) ).statusCode, 400, query );
		}
	} );
} );
