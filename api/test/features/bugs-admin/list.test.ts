import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { idsOf } from '../../helpers/requests.ts';
import { BACK_OFFICE_ONLY, NOT_YOUR_CAMPAIGN, ReviewWorld } from './world.ts';

/**
 * The back office's bug review, reading (issue 27): GET /admin/campaigns/{id}/bugs with its filters and pages, and
 * GET /admin/bugs/{id} with the whole report and signed media URLs; for an administrator or the campaign's lead,
 * refused to a tester, to the lead of another campaign, and (for a lead) without telling whether a record exists.
 */

const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64'
);

describe( 'the back office: reading bugs for review', () => {
	const world = new ReviewWorld();
	/** Oldest first. */
	const bugs: number[] = [];
	let full: number;
	let otherCampaignBug: number;

	before( async () => {
		await world.start();
		const { db } = world.ctx.database;
		// Ten bugs of Ada and Bob: statuses and severities in turn, titles with a word to search.
		for ( let b = 0; b < 10; b++ ) {
			bugs.push(
				await world.bug( {
					tester: b % 2 ? world.bob : world.ada,
					title:
						b % 3 === 0 ? `Checkout fails ${ b }` : `Typo ${ b }`,
					status: [ 3, 2, 1, 4 ][ b % 4 ],
					severity: ( b % 4 ) + 1,
				} )
			);
		}
		full = await world.bug( {
			title: 'Pay: 100% <b>broken</b>_now',
			status: 1,
			severity: 4,
			type: 7,
			replicability: 1,
			created: '2026-11-20 10:00:00',
		} );
		await db
			.updateTable( 'bugs' )
			.set( {
				notes: 'Only on Wi-Fi',
				occurred_at: '2026-11-20 09:30:00',
				review_comment: 'Duplicate of 12',
			} )
			.where( 'id', '=', full )
			.execute();
		const task = Number(
			(
				await db
					.insertInto( 'campaign_tasks' )
					.values( {
						campaign_id: world.shop,
						name: 'Checkout',
						content: null,
						can_upload_media: 1,
						position: 1,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
		const field = Number(
			(
				await db
					.insertInto( 'campaign_additional_fields' )
					.values( {
						campaign_id: world.shop,
						slug: 'browser',
						name: 'Browser',
						type: 'text',
						regex: null,
						error_message: null,
						options: null,
						position: 1,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
		await db
			.updateTable( 'bugs' )
			.set( { task_id: task } )
			.where( 'id', '=', full )
			.execute();
		await db
			.insertInto( 'bug_additional_values' )
			.values( { bug_id: full, field_id: field, value: 'Firefox' } )
			.execute();
		await db
			.insertInto( 'bug_media' )
			.values( [
				{
					bug_id: full,
					file_name: 'screen.png',
					mime_type: 'image/png',
					storage_key: 'a1b2c3d4e5f60718.png',
				},
				{
					bug_id: full,
					file_name: 'log.txt',
					mime_type: 'text/plain',
					storage_key: 'f0e1d2c3b4a59687.txt',
				},
			] )
			.execute();
		await world.ctx.storage.put(
			'a1b2c3d4e5f60718.png',
			Readable.from( [ PNG ] ),
			{ mimeType: 'image/png', fileName: 'screen.png' }
		);
		otherCampaignBug = await world.bug( { campaign: world.other } );
	} );

	after( () => world.close() );

	it( 'lets an administrator and the campaign’s lead read, and refuses a tester and another campaign’s lead', async () => {
		for ( const token of [ world.admin.token, world.lead.token ] ) {
			assert.equal(
				( await world.list( world.shop, '', token ) ).statusCode,
				200
			);
			assert.equal(
				( await world.detail( full, token ) ).statusCode,
				200
			);
		}
		const refusals: Array< [ string, string ] > = [
			[ world.adaToken, BACK_OFFICE_ONLY ],
			[ world.otherLead.token, NOT_YOUR_CAMPAIGN ],
		];
		for ( const [ token, message ] of refusals ) {
			for ( const response of [
				await world.list( world.shop, '', token ),
				await world.detail( full, token ),
			] ) {
				assert.equal( response.statusCode, 403, response.body );
				assert.equal( response.json().message, message );
			}
		}
		// The other lead reads their own campaign's bug, and ours not.
		assert.equal(
			( await world.detail( otherCampaignBug, world.otherLead.token ) )
				.statusCode,
			200
		);
		assert.equal(
			( await world.detail( otherCampaignBug, world.lead.token ) )
				.statusCode,
			403
		);
		const anonymous = await world.ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/campaigns/${ world.shop }/bugs`,
		} );
		assert.equal( anonymous.statusCode, 403 );
	} );

	it( 'answers 404 to an administrator for what does not exist, and 403 to a lead', async () => {
		const noCampaign = await world.list( 999999 );
		assert.equal( noCampaign.statusCode, 404 );
		assert.equal( noCampaign.json().message, 'Campaign not found' );
		const noBug = await world.detail( 999999 );
		assert.equal( noBug.statusCode, 404 );
		assert.equal( noBug.json().message, 'Bug not found' );
		for ( const response of [
			await world.list( 999999, '', world.lead.token ),
			await world.detail( 999999, world.lead.token ),
			await world.review(
				999999,
				{ status: 'approved' },
				world.lead.token
			),
		] ) {
			assert.equal( response.statusCode, 403, response.body );
			assert.equal( response.json().message, NOT_YOUR_CAMPAIGN );
		}
		const noReview = await world.review( 999999, { status: 'approved' } );
		assert.equal( noReview.statusCode, 404 );
		assert.equal( noReview.json().message, 'Bug not found' );
	} );

	it( 'lists the campaign’s bugs newest first, in pages, with their testers and media counts', async () => {
		const all = [ ...bugs, full ].reverse();
		const first = ( await world.list( world.shop, '?limit=4' ) ).json();
		assert.deepEqual(
			{
				start: first.start,
				limit: first.limit,
				size: first.size,
				total: first.total,
			},
			{ start: 0, limit: 4, size: 4, total: 11 }
		);
		assert.deepEqual( idsOf( first ), all.slice( 0, 4 ) );
		assert.deepEqual( first.results[ 0 ], {
			id: full,
			title: 'Pay: 100% <b>broken</b>_now',
			status: 'refused',
			severity: 'critical',
			type: 'security',
			replicability: 'once',
			created: '2026-11-20T10:00:00Z',
			updated: '2026-11-20T10:00:00Z',
			reviewComment: 'Duplicate of 12',
			tester: { id: world.ada.id, name: 'Ada', surname: 'Byron' },
			mediaCount: 2,
		} );
		assert.equal( first.results[ 1 ].mediaCount, 0 );
		assert.equal( first.results[ 1 ].tester.name, 'Bob' );

		const third = (
			await world.list( world.shop, '?start=8&limit=4' )
		).json();
		assert.deepEqual( idsOf( third ), all.slice( 8 ) );
		assert.equal( third.size, 3 );
		const defaults = ( await world.list( world.shop ) ).json();
		assert.equal( defaults.limit, 20 );
		assert.equal( defaults.size, 11 );
		const oldest = (
			await world.list( world.shop, '?order=ASC&limit=2' )
		).json();
		assert.deepEqual( idsOf( oldest ), bugs.slice( 0, 2 ) );
		const past = ( await world.list( world.shop, '?start=50' ) ).json();
		assert.deepEqual( [ past.size, past.total ], [ 0, 11 ] );
	} );

	it( 'filters by status, severity and title, combined', async () => {
		const ids = async ( query: string ) =>
			idsOf( ( await world.list( world.shop, query ) ).json() );
		const wanted = ( keep: ( b: number ) => boolean ) =>
			bugs.filter( ( _id, b ) => keep( b ) ).reverse();

		assert.deepEqual(
			await ids( '?status=pending' ),
			wanted( ( b ) => b % 4 === 0 )
		);
		assert.deepEqual(
			await ids( '?status=approved' ),
			wanted( ( b ) => b % 4 === 1 )
		);
		assert.deepEqual( await ids( '?status=refused' ), [
			full,
			...wanted( ( b ) => b % 4 === 2 ),
		] );
		assert.deepEqual(
			await ids( '?status=need-review' ),
			wanted( ( b ) => b % 4 === 3 )
		);
		assert.deepEqual( await ids( '?severity=critical' ), [
			full,
			...wanted( ( b ) => b % 4 === 3 ),
		] );
		assert.deepEqual(
			await ids( '?search=checkout' ),
			wanted( ( b ) => b % 3 === 0 )
		);
		assert.deepEqual(
			await ids( '?search=CHECKOUT&status=pending' ),
			wanted( ( b ) => b % 3 === 0 && b % 4 === 0 )
		);
		const filtered = (
			await world.list( world.shop, '?severity=low&search=typo' )
		).json();
		assert.equal( filtered.total, filtered.size );
		assert.deepEqual(
			idsOf( filtered ),
			wanted( ( b ) => b % 4 === 0 && b % 3 !== 0 )
		);
		// LIKE's own characters are searched as text.
		assert.deepEqual( await ids( '?search=100%25' ), [ full ] );
		assert.deepEqual( await ids( '?search=_now' ), [ full ] );
		assert.deepEqual( await ids( '?search=%25_' ), [] );
		assert.deepEqual( await ids( '?search=nothing%20like%20it' ), [] );

		for ( const query of [
			'?status=open',
			'?severity=huge',
			'?limit=101',
			'?limit=0',
			'?order=UP',
		] ) {
			assert.equal(
				( await world.list( world.shop, query ) ).statusCode,
				400,
				query
			);
		}
	} );

	it( 'answers a bug’s whole report, its media as signed URLs that serve the files', async () => {
		const response = await world.detail( full, world.lead.token );
		assert.equal( response.statusCode, 200, response.body );
		const { media, ...bug } = response.json();
		assert.deepEqual( bug, {
			id: full,
			title: 'Pay: 100% <b>broken</b>_now',
			status: 'refused',
			severity: 'critical',
			type: 'security',
			replicability: 'once',
			created: '2026-11-20T10:00:00Z',
			updated: '2026-11-20T10:00:00Z',
			reviewComment: 'Duplicate of 12',
			tester: { id: world.ada.id, name: 'Ada', surname: 'Byron' },
			campaign: { id: world.shop, name: 'Shop app' },
			useCase: { id: bug.useCase.id, name: 'Checkout' },
			device: null,
			steps: '1. Open\n2. Tap',
			expected: 'It works',
			current: 'It does not',
			notes: 'Only on Wi-Fi',
			occurredAt: '2026-11-20T09:30:00Z',
			additional: [
				{ slug: 'browser', name: 'Browser', value: 'Firefox' },
			],
		} );
		assert.deepEqual(
			media.map( ( item: { name: string; mimeType: string } ) => [
				item.name,
				item.mimeType,
			] ),
			[
				[ 'screen.png', 'image/png' ],
				[ 'log.txt', 'text/plain' ],
			]
		);
		assert.match(
			media[ 0 ].url,
			/\/media\/a1b2c3d4e5f60718\.png\?expires=\d+&signature=/
		);
		const file = await world.ctx.app.inject( {
			method: 'GET',
			url: media[ 0 ].url.replace( /^.*\/api\//, '/api/' ),
		} );
		assert.equal( file.statusCode, 200 );
		assert.deepEqual( file.rawPayload, PNG );
		assert.equal(
			( await world.detail( bugs[ 0 ] ) ).json().useCase,
			null
		);
	} );
} );
