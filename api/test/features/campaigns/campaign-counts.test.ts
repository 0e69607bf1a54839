import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApplicationStatus } from '../../../src/db/schema.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import {
	insertApplication,
	insertCampaign,
	sqlAt,
} from '../../helpers/rows.ts';

/**
 * The counts the campaign lists' totals read (0008–0010), kept by triggers: after every kind of write they move
 * with, they hold what the campaigns, applications and listings they count do.
 */

describe( 'campaign_counts keeps the campaigns per status and visibility (0008)', () => {
	let ctx: TestContext;

	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	/** Both sides as sorted `status|visibility|campaigns` lines, zero counts left out. */
	async function snapshot() {
		const { db } = ctx.database;
		const line = ( row: {
			status_id: number;
			visibility: string;
			campaigns: number | string | bigint;
		} ) =>
			`${ row.status_id }|${ row.visibility }|${ Number(
				row.campaigns
			) }`;
		const kept = await db
			.selectFrom( 'campaign_counts' )
			.select( [ 'status_id', 'visibility', 'campaigns' ] )
			.execute();
		const grouped = await db
			.selectFrom( 'campaigns' )
			.select( ( eb ) => [
				'status_id',
				'visibility',
				eb.fn.countAll< number | string >().as( 'campaigns' ),
			] )
			.groupBy( [ 'status_id', 'visibility' ] )
			.execute();
		return {
			kept: kept
				.filter( ( row ) => Number( row.campaigns ) !== 0 )
				.map( line )
				.sort(),
			grouped: grouped.map( line ).sort(),
		};
	}

	it( 'follows inserts, status and visibility changes and deletes, and ignores other changes', async () => {
		const { db } = ctx.database;
		const ids: number[] = [];
		for ( const [ visibility, status ] of [
			[ 'public', 1 ],
			[ 'public', 1 ],
			[ 'target', 2 ],
			[ 'internal', 1 ],
			[ 'small-group', 2 ],
		] as const ) {
			ids.push(
				await insertCampaign( ctx, {
					title: `Counted ${ ids.length }`,
					visibility,
					status,
					// Days from now.
					start: -3,
					end: 2,
					close: 4,
				} )
			);
		}
		let { kept, grouped } = await snapshot();
		assert.deepEqual( kept, grouped );
		assert.deepEqual( kept, [
			'1|internal|1',
			'1|public|2',
			'2|small-group|1',
			'2|target|1',
		] );

		await db
			.updateTable( 'campaigns' )
			.set( { status_id: 2 } )
			.where( 'id', '=', ids[ 0 ] )
			.execute();
		await db
			.updateTable( 'campaigns' )
			.set( { visibility: 'public' } )
			.where( 'id', '=', ids[ 3 ] )
			.execute();
		await db
			.updateTable( 'campaigns' )
			.set( { selected_count: 3, title: 'Renamed' } )
			.where( 'id', '=', ids[ 1 ] )
			.execute();
		await db
			.deleteFrom( 'campaigns' )
			.where( 'id', '=', ids[ 4 ] )
			.execute();
		( { kept, grouped } = await snapshot() );
		assert.deepEqual( kept, grouped );
		assert.deepEqual( kept, [ '1|public|2', '2|public|1', '2|target|1' ] );
	} );
} );

/* ----------------------------------------------------------------------- listed_end_counts, tester_end_counts */

describe( 'the counts kept per end date (0009, 0010) follow every write that moves them', () => {
	let ctx: TestContext;

	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	/**
	 * Both tables as sorted lines, zero counts left out, next to what they must hold, worked out here in JS from
	 * the campaigns, applications and listings.
	 */
	async function snapshot() {
		const { db } = ctx.database;
		const campaigns = await db
			.selectFrom( 'campaigns' )
			.select( [ 'id', 'status_id', 'visibility', 'end_date' ] )
			.execute();
		const applications = await db
			.selectFrom( 'applications' )
			.select( [ 'tester_id', 'campaign_id', 'status' ] )
			.execute();
		const listings = await db
			.selectFrom( 'campaign_targets' )
			.select( [ 'tester_id', 'campaign_id' ] )
			.execute();
		const add = (
			counts: Map< string, number[] >,
			key: string,
			values: number[]
		) => {
			const sums = counts.get( key ) ?? values.map( () => 0 );
			counts.set(
				key,
				sums.map( ( sum, index ) => sum + values[ index ] )
			);
		};
		const expectedCampaigns = new Map< string, number[] >();
		for ( const c of campaigns ) {
			if ( c.visibility === 'public' || c.visibility === 'target' ) {
				add( expectedCampaigns, c.end_date, [
					Number( c.status_id === 1 ),
					Number( c.status_id === 2 ),
				] );
			}
		}
		const expectedTesters = new Map< string, number[] >();
		for ( const c of campaigns ) {
			const mine = new Set(
				applications
					.filter( ( a ) => a.campaign_id === c.id )
					.map( ( a ) => a.tester_id )
			);
			const listed = listings
				.filter( ( l ) => l.campaign_id === c.id )
				.map( ( l ) => l.tester_id );
			for ( const testerId of new Set( [ ...mine, ...listed ] ) ) {
				const selected = applications.some(
					( a ) =>
						a.campaign_id === c.id &&
						a.tester_id === testerId &&
						a.status === 'selected'
				);
				const seen =
					c.visibility === 'small-group' ||
					( c.visibility === 'internal' && mine.has( testerId ) );
				add(
					expectedTesters,
					`${ testerId }|${ c.status_id }|${ c.end_date }`,
					[ Number( selected ), Number( seen ) ]
				);
			}
		}
		const lines = ( counts: Map< string, number[] > ) =>
			[ ...counts ]
				.filter( ( [ , sums ] ) => sums.some( ( sum ) => sum !== 0 ) )
				.map( ( [ key, sums ] ) => `${ key }|${ sums.join( '|' ) }` )
				.sort();
		const keptCampaigns = new Map< string, number[] >();
		for ( const row of await db
			.selectFrom( 'listed_end_counts' )
			.selectAll()
			.execute() ) {
			keptCampaigns.set( row.end_date, [
				Number( row.running ),
				Number( row.closed ),
			] );
		}
		const keptTesters = new Map< string, number[] >();
		for ( const row of await db
			.selectFrom( 'tester_end_counts' )
			.selectAll()
			.execute() ) {
			keptTesters.set(
				`${ row.tester_id }|${ row.campaign_status_id }|${ row.end_date }`,
				[ Number( row.selected ), Number( row.restricted ) ]
			);
		}
		return {
			kept: {
				campaigns: lines( keptCampaigns ),
				testers: lines( keptTesters ),
			},
			expected: {
				campaigns: lines( expectedCampaigns ),
				testers: lines( expectedTesters ),
			},
		};
	}

	async function assertKept( message: string ) {
		const { kept, expected } = await snapshot();
		assert.deepEqual( kept, expected, message );
		return kept;
	}

	it( 'applications, listings, status, end date and visibility changes, campaign and tester deletions', async () => {
		const { db } = ctx.database;
		const [ ann, ben, cai ] = [
			await ctx.createTester(),
			await ctx.createTester(),
			await ctx.createTester(),
		];
		const campaign = (
			visibility: 'public' | 'target' | 'internal' | 'small-group'
		) =>
			insertCampaign( ctx, {
				title: `Ending ${ visibility }`,
				visibility,
				start: -3,
				end: 2,
				close: 4,
			} );
		const open = await campaign( 'public' );
		const inner = await campaign( 'internal' );
		const group = await campaign( 'small-group' );
		const targeted = await campaign( 'target' );
		const list = ( testerId: number, campaignId: number ) =>
			db
				.insertInto( 'campaign_targets' )
				.values( { tester_id: testerId, campaign_id: campaignId } )
				.execute();
		const setStatus = (
			testerId: number,
			campaignId: number,
			status: ApplicationStatus
		) =>
			db
				.updateTable( 'applications' )
				.set( { status } )
				.where( 'tester_id', '=', testerId )
				.where( 'campaign_id', '=', campaignId )
				.execute();
		const end = sqlAt( 2 );

		await insertApplication( ctx, ann.id, open, 'applied' );
		await insertApplication( ctx, ann.id, inner, 'applied' );
		await insertApplication( ctx, ben.id, inner, 'selected' );
		await list( ben.id, group );
		await list( cai.id, group );
		await insertApplication( ctx, cai.id, group, 'applied' );
		// A listing alone does not show an internal campaign.
		await list( cai.id, open );
		await list( ann.id, inner );
		await setStatus( ann.id, open, 'selected' );
		let kept = await assertKept( 'after applications and listings' );
		// The public and the targeted campaign, both running.
		assert.deepEqual( kept.campaigns, [ `${ end }|2|0` ] );
		assert.deepEqual( kept.testers, [
			`${ ann.id }|1|${ end }|1|1`,
			`${ ben.id }|1|${ end }|1|2`,
			`${ cai.id }|1|${ end }|0|1`,
		] );

		// Status changes that leave and reach "selected"; a listing removed under an application, and one alone.
		await setStatus( ann.id, open, 'excluded' );
		await setStatus( cai.id, group, 'selected' );
		await db
			.deleteFrom( 'campaign_targets' )
			.where( 'campaign_id', '=', group )
			.execute();
		kept = await assertKept( 'after status changes and unlistings' );
		assert.deepEqual( kept.testers, [
			`${ ann.id }|1|${ end }|0|1`,
			`${ ben.id }|1|${ end }|1|1`,
			`${ cai.id }|1|${ end }|1|1`,
		] );

		// The campaigns' end date, status and visibility move their testers' rows; other columns do not.
		await db
			.updateTable( 'campaigns' )
			.set( { end_date: sqlAt( 3 ), close_date: sqlAt( 5 ) } )
			.where( 'id', '=', inner )
			.execute();
		await db
			.updateTable( 'campaigns' )
			.set( { status_id: 2 } )
			.where( 'id', '=', group )
			.execute();
		await db
			.updateTable( 'campaigns' )
			.set( { visibility: 'small-group' } )
			.where( 'id', '=', open )
			.execute();
		await db
			.updateTable( 'campaigns' )
			.set( { title: 'Renamed', selected_count: 2 } )
			.where( 'id', '=', inner )
			.execute();
		kept = await assertKept( 'after campaign changes' );
		assert.deepEqual( kept.campaigns, [ `${ end }|1|0` ] );
		// A targeted campaign closed, then moved to another end date.
		await db
			.updateTable( 'campaigns' )
			.set( { status_id: 2 } )
			.where( 'id', '=', targeted )
			.execute();
		kept = await assertKept( 'after the targeted campaign closed' );
		assert.deepEqual( kept.campaigns, [ `${ end }|0|1` ] );
		await db
			.updateTable( 'campaigns' )
			.set( { end_date: sqlAt( 6 ), close_date: sqlAt( 7 ) } )
			.where( 'id', '=', targeted )
			.execute();
		kept = await assertKept( 'after the targeted campaign moved' );
		assert.deepEqual( kept.campaigns, [ `${ sqlAt( 6 ) }|0|1` ] );
		await db
			.deleteFrom( 'campaigns' )
			.where( 'id', '=', targeted )
			.execute();
		kept = await assertKept( 'after the targeted campaign was deleted' );
		assert.deepEqual( kept.campaigns, [] );
		await db
			.updateTable( 'campaigns' )
			.set( { visibility: 'public' } )
			.where( 'id', 'in', [ open, inner, group ] )
			.execute();
		kept = await assertKept( 'after every campaign turned public' );
		assert.deepEqual( kept.campaigns, [
			`${ end }|1|1`,
			`${ sqlAt( 3 ) }|1|0`,
		] );
		assert.deepEqual( kept.testers, [
			`${ ben.id }|1|${ sqlAt( 3 ) }|1|0`,
			`${ cai.id }|2|${ end }|1|0`,
		] );
		await db
			.updateTable( 'campaigns' )
			.set( { visibility: 'internal' } )
			.where( 'id', '=', inner )
			.execute();

		// Deletions: an application, a campaign with applications and listings left, a tester.
		await db
			.deleteFrom( 'applications' )
			.where( 'tester_id', '=', ann.id )
			.where( 'campaign_id', '=', inner )
			.execute();
		await list( ben.id, group );
		await db.deleteFrom( 'campaigns' ).where( 'id', '=', group ).execute();
		await db.deleteFrom( 'testers' ).where( 'id', '=', ben.id ).execute();
		kept = await assertKept( 'after deletions' );
		assert.deepEqual( kept.testers, [] );
		assert.deepEqual( kept.campaigns, [ `${ end }|1|0` ] );
	} );
} );
