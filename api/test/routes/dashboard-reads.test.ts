import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import { startTestContext, type TestContext } from '../helpers/context.ts';
import { mintToken } from '../helpers/tokens.ts';
import type { ApplicationStatus } from '../../src/db/schema.ts';
import { toSqlDateTime } from '../../src/db/values.ts';
import { CAMPAIGN_TYPES } from '../../src/lookups/campaign-types.ts';
import { createHistoryRepository } from '../../src/features/history/repository.ts';
import {
	createRankingRepository,
	monthOf,
} from '../../src/features/ranking/repository.ts';
import type { Tester } from '../../src/features/me/repository.ts';

/**
 * The dashboard reads: GET /users/me/campaigns, /experience, /bugs, /rank, /rank/list and `fields=rank`, as a
 * client sees them (status codes, bodies, order of ids, totals), over rows written straight into a real
 * database, plus the monthly_rank_counts bookkeeping of recordMonthlyPoints.
 */

const DAY = 86_400_000;

/** Whole seconds, as the database keeps them. */
const NOW = Math.floor( Date.now() / 1000 ) * 1000;
const sqlAt = ( days: number ) =>
	toSqlDateTime( new Date( NOW + Math.round( days * DAY ) ) );
const isoAt = ( days: number ) =>
	new Date( NOW + Math.round( days * DAY ) )
		.toISOString()
		.replace( '.000Z', 'Z' );

const compare = ( a: number | string, b: number | string ) => {
	if ( a === b ) {
		return 0;
	}
	return a < b ? -1 : 1;
};

const bearer = ( token: string ) => ( {
	authorization: `Bearer ${ token }`,
} );

/**
 * GET under /api, as `tester` (without a token when none is given).
 *
 * @param ctx
 * @param url
 * @param tester
 */
async function get( ctx: TestContext, url: string, tester?: Tester ) {
	return ctx.app.inject( {
		method: 'GET',
		url: `/api${ url }`,
		headers: tester ? bearer( await ctx.tokenFor( tester ) ) : {},
	} );
}

const idsOf = ( body: { results: Array< { id: number } > } ) =>
	body.results.map( ( item ) => item.id );

/**
 * Runs `check`, then deletes the rows `ids` of `table` that the test added, even when the check fails.
 *
 * @param ctx
 * @param table
 * @param ids
 * @param check
 */
async function thenDelete(
	ctx: TestContext,
	table: 'experience_entries' | 'bugs',
	ids: number[],
	check: () => Promise< void >
) {
	try {
		await check();
	} finally {
		await ctx.database.db
			.deleteFrom( table )
			.where( 'id', 'in', ids )
			.execute();
	}
}

/**
 * The database with a count of the statements run through it (`taken()` answers it and starts again at zero).
 *
 * @param ctx
 */
function countingStatements( ctx: TestContext ) {
	let statements = 0;
	const db = ctx.database.db.withPlugin( {
		transformQuery: ( args ) => args.node,
		// Once per statement run (transformQuery also sees each subquery built).
		transformResult: async ( args ) => {
			statements++;
			return args.result;
		},
	} );
	const taken = () => {
		const counted = statements;
		statements = 0;
		return counted;
	};
	return { db, taken };
}

/**
 * A campaign row (dates in days from now) and a copy of its status and dates on its applications.
 *
 * @param ctx
 * @param values
 * @param values.title
 * @param values.visibility
 * @param values.status
 * @param values.start
 * @param values.end
 * @param values.close
 * @param values.type
 * @param values.maxTesters
 * @param values.selectedCount
 * @param values.targetCountry
 * @param values.targetMinLevel
 */
async function insertCampaign(
	ctx: TestContext,
	values: {
		title: string;
		visibility: 'public' | 'target' | 'small-group' | 'internal';
		status?: 1 | 2;
		start: number;
		end: number;
		close: number;
		type?: number;
		maxTesters?: number;
		selectedCount?: number;
		targetCountry?: string;
		targetMinLevel?: number;
	}
): Promise< number > {
	const result = await ctx.database.db
		.insertInto( 'campaigns' )
		.values( {
			campaign_type_id: values.type ?? 1,
			title: values.title,
			start_date: sqlAt( values.start ),
			end_date: sqlAt( values.end ),
			close_date: sqlAt( values.close ),
			status_id: values.status ?? 1,
			visibility: values.visibility,
			max_testers: values.maxTesters ?? null,
			selected_count: values.selectedCount ?? 0,
			target_country: values.targetCountry ?? null,
			target_min_level_id: values.targetMinLevel ?? null,
		} )
		.executeTakeFirstOrThrow();
	return Number( result.insertId );
}

async function insertApplication(
	ctx: TestContext,
	testerId: number,
	campaignId: number,
	status: ApplicationStatus
): Promise< void > {
	const { db } = ctx.database;
	const campaign = await db
		.selectFrom( 'campaigns' )
		.select( [ 'status_id', 'start_date', 'end_date', 'close_date' ] )
		.where( 'id', '=', campaignId )
		.executeTakeFirstOrThrow();
	await db
		.insertInto( 'applications' )
		.values( {
			tester_id: testerId,
			campaign_id: campaignId,
			status,
			campaign_status_id: campaign.status_id,
			campaign_start_date: campaign.start_date,
			campaign_end_date: campaign.end_date,
			campaign_close_date: campaign.close_date,
		} )
		.execute();
}

/* ------------------------------------------------------------------------------------------------ campaigns */

type Visibility = 'available' | 'candidate' | 'unavailable';

interface CampaignSpec {
	key: string;
	visibility: 'public' | 'target' | 'small-group' | 'internal';
	status?: 1 | 2;
	start: number;
	end: number;
	close: number;
	type?: number;
	maxTesters?: number;
	selectedCount?: number;
	targetCountry?: string;
	targetMinLevel?: number;
	/** Small-group members (campaign_targets). */
	listed?: Array< 'me' | 'other' >;
	/** The applications of the testers. */
	me?: ApplicationStatus;
	other?: ApplicationStatus;
	insider?: ApplicationStatus;
}

/**
 * A campaign of the world: days from now for its start, end and close dates.
 *
 * @param key
 * @param visibility
 * @param dates      Start, end and close.
 * @param more
 */
const planned = (
	key: string,
	visibility: CampaignSpec[ 'visibility' ],
	dates: [ number, number, number ],
	more: Partial< CampaignSpec > = {}
): CampaignSpec => {
	const [ start, end, close ] = dates;
	return { key, visibility, start, end, close, ...more };
};

/** Inserted in this order, so ids grow down the list. Both testers are from IT. */
const WORLD: CampaignSpec[] = [
	// Upcoming: the start date is ahead.
	planned( 'upOpen', 'public', [ 2, 10, 20 ] ),
	planned( 'upApplied', 'public', [ 3, 9, 12 ], { me: 'applied' } ),
	planned( 'upFull', 'public', [ 4, 8, 14 ], {
		maxTesters: 2,
		selectedCount: 2,
	} ),
	planned( 'upTargetFr', 'target', [ 5, 7.5, 13 ], {
		targetCountry: 'FR',
	} ),
	// Starts with upGroupMe: the id breaks the tie.
	planned( 'upTargetIt', 'target', [ 7, 16, 18 ], {
		targetCountry: 'IT',
		type: 3,
	} ),
	// The tester has no level this month.
	planned( 'upTargetLevel', 'target', [ 6.5, 17, 19 ], {
		targetMinLevel: 20,
	} ),
	planned( 'upGroupMe', 'small-group', [ 7, 15, 25 ], { listed: [ 'me' ] } ),
	planned( 'upGroupOther', 'small-group', [ 8, 14, 16 ], {
		listed: [ 'other' ],
	} ),
	planned( 'upInternal', 'internal', [ 9, 13, 21 ], { other: 'applied' } ),
	planned( 'upInternalInsider', 'internal', [ 1, 11, 22 ], {
		insider: 'applied',
	} ),
	planned( 'upSelected', 'public', [ 2.5, 12.5, 23 ], {
		maxTesters: 5,
		selectedCount: 1,
		me: 'selected',
	} ),
	planned( 'upExcluded', 'public', [ 3.5, 6, 11 ], { me: 'excluded' } ),
	planned( 'upOtherApplied', 'public', [ 4.5, 5, 10 ], {
		other: 'applied',
	} ),
	// Running: started, the end is ahead.
	planned( 'runOpen', 'public', [ -3, 5.5, 9 ] ),
	planned( 'runSelected', 'public', [ -4, 4, 8 ], { me: 'selected' } ),
	planned( 'runInternalSelected', 'internal', [ -2, 6.5, 7 ], {
		me: 'selected',
	} ),
	planned( 'runOtherSelected', 'public', [ -5, 3, 6 ], {
		other: 'selected',
	} ),
	planned( 'runGroupOther', 'small-group', [ -1, 2, 4 ], {
		listed: [ 'other' ],
		other: 'selected',
	} ),
	// Ended, not closed yet (status 1).
	planned( 'endSelected', 'public', [ -10, -2, 5 ], { me: 'selected' } ),
	planned( 'endOpen', 'public', [ -9, -1, 3 ] ),
	planned( 'endApplied', 'public', [ -8, -3, 2 ], { me: 'applied' } ),
	// Closed (status 2).
	planned( 'closedSelected', 'public', [ -30, -20, -10 ], {
		status: 2,
		me: 'selected',
	} ),
	planned( 'closedInternalSelected', 'internal', [ -25, -15, -5 ], {
		status: 2,
		me: 'selected',
	} ),
	planned( 'closedOther', 'public', [ -28, -18, -8 ], {
		status: 2,
		other: 'selected',
	} ),
];

/**
 * What the tester "me" must see in each dashboard table. Its only internal campaigns are ones it is selected
 * for; the internal campaigns applied to belong to "other" and "insider", so the available table's checks do
 * not hang on the internal rule, which has tests of its own.
 */
const ACTIVE = [ 'runSelected', 'runInternalSelected', 'upSelected' ];
const AVAILABLE_VISIBILITY: Record< string, Visibility > = {
	upOpen: 'available',
	upApplied: 'candidate',
	upFull: 'unavailable',
	upTargetFr: 'unavailable',
	upTargetIt: 'available',
	upTargetLevel: 'unavailable',
	upGroupMe: 'available',
	upExcluded: 'unavailable',
	upOtherApplied: 'available',
	runOpen: 'unavailable',
	runOtherSelected: 'unavailable',
};
const AVAILABLE = Object.keys( AVAILABLE_VISIBILITY );
const CLOSED = [ 'closedSelected', 'closedInternalSelected' ];
const AWAITING = [ 'endSelected' ];
const HIDDEN_FROM_ME = [
	'upGroupOther',
	'upInternal',
	'upInternalInsider',
	'runGroupOther',
];

const VISIBILITY_ORDER: Visibility[] = [
	'available',
	'candidate',
	'unavailable',
];

/* ------------------------------------------------------------------------------------------------ experience */

interface Entry {
	id: number;
	tester: 'me' | 'other';
	created: string;
	amount: number;
	activity: number;
	campaign: 'A' | 'B' | null;
	note: string;
}

const pad = ( value: number ) => String( value ).padStart( 2, '0' );

/** 32 entries of the tester: generic ones (some sharing a timestamp) and a few that the filters aim at. */
function experienceFixture(): Array< Omit< Entry, 'id' > > {
	const entries: Array< Omit< Entry, 'id' > > = [];
	for ( let i = 0; i < 24; i++ ) {
		const campaigns = [ null, 'A', 'B' ] as const;
		entries.push( {
			tester: 'me',
			// Entries i and i + 20 share their timestamp: the id breaks the tie.
			created: `2024-01-${ pad( 1 + ( i % 20 ) ) } 10:00:00`,
			amount: ( ( i * 37 ) % 11 ) * 10 - 20,
			activity: 1 + ( i % 5 ),
			campaign: campaigns[ i % 3 ],
			note: `Entry ${ i }`,
		} );
	}
	const special = (
		created: string,
		note: string,
		amount = 10,
		activity = 4,
		campaign: 'A' | 'B' | null = null
	) =>
		entries.push( {
			tester: 'me',
			created,
			amount,
			activity,
			campaign,
			note,
		} );
	special( '2024-03-09 23:59:59', 'Before the day' );
	special( '2024-03-10 00:00:00', 'Day start', 30, 1, 'A' );
	special( '2024-03-10 12:00:00', 'Bonus 100% complete', 100, 42 );
	special( '2024-03-10 23:59:59', 'Bonus 1000 complete', 1000 );
	special( '2024-03-11 00:00:00', 'fix_up', -10, 3 );
	special( '2024-03-31 12:00:00', 'fixAup' );
	special( '2024-04-01 00:00:00', 'Wow! great' );
	special( '2024-02-29 08:00:00', 'Wow great', -50, 3, 'B' );
	return entries;
}

/* ------------------------------------------------------------------------------------------------ bugs */

const SEVERITY_NAMES: Record< number, string > = {
	1: 'LOW',
	2: 'MEDIUM',
	3: 'HIGH',
	4: 'CRITICAL',
};
const STATUS_NAMES: Record< number, string > = {
	1: 'Refused',
	2: 'Approved',
	3: 'Pending',
	4: 'Need Review',
};

interface BugRow {
	id: number;
	tester: 'me' | 'other';
	campaign: number;
	severity: number;
	status: number;
	title: string;
}

/* ------------------------------------------------------------------------------------------------ rank */

const NONE = { id: 0, name: 'None' };
const BASIC = { id: 10, name: 'Basic' };
const BRONZE = { id: 20, name: 'Bronze' };
const SILVER = { id: 30, name: 'Silver' };
const GOLD = { id: 40, name: 'Gold' };

/**
 * Monthly points through the repository, so monthly_rank_counts follows.
 *
 * @param ctx
 * @param rows
 */
async function recordPoints(
	ctx: TestContext,
	rows: Array< [ Tester, string, number, number ] >
): Promise< void > {
	const ranking = createRankingRepository( ctx.database.db );
	await ctx.database.db.transaction().execute( async ( trx ) => {
		for ( const [ tester, month, amount, levelId ] of rows ) {
			await ranking.recordMonthlyPoints(
				trx,
				tester.id,
				month,
				amount,
				levelId
			);
		}
	} );
}

/* ------------------------------------------------------------------------------------------------ tests */

/**
 * Campaigns, experience, bugs and the rank prospect share one app and database: the history fixtures hang on
 * internal campaigns nobody applied to, which no campaign list shows, and only the prospect writes monthly
 * levels. The rank lists and the counts check, which read whole levels and tables, have apps of their own.
 */
describe( 'dashboard reads', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	describe( 'GET /api/users/me/campaigns', () => {
		let me: Tester;
		let other: Tester;
		let insider: Tester;
		const ids = new Map< string, number >();
		const spec = new Map< string, CampaignSpec >();
		const idOf = ( key: string ) => ids.get( key )!;

		/**
		 * The ids of `keys` sorted by a date column, ties by id, in `order`.
		 *
		 * @param keys
		 * @param column
		 * @param order
		 */
		const sorted = (
			keys: string[],
			column: 'start' | 'end' | 'close' = 'start',
			order: 'ASC' | 'DESC' = 'ASC'
		) =>
			[ ...keys ]
				.sort(
					( a, b ) =>
						( order === 'ASC' ? 1 : -1 ) *
						( compare(
							spec.get( a )![ column ],
							spec.get( b )![ column ]
						) || compare( idOf( a ), idOf( b ) ) )
				)
				.map( idOf );

		before( async () => {
			me = await ctx.createTester( { name: 'Mia', surname: 'Me' } );
			other = await ctx.createTester( {
				name: 'Otto',
				surname: 'Other',
			} );
			insider = await ctx.createTester( {
				name: 'Ines',
				surname: 'Insider',
			} );
			const testers = { me, other };
			for ( const campaign of WORLD ) {
				const id = await insertCampaign( ctx, {
					...campaign,
					title: `Campaign ${ campaign.key }`,
				} );
				ids.set( campaign.key, id );
				spec.set( campaign.key, campaign );
				for ( const who of campaign.listed ?? [] ) {
					await ctx.database.db
						.insertInto( 'campaign_targets' )
						.values( {
							campaign_id: id,
							tester_id: testers[ who ].id,
						} )
						.execute();
				}
				if ( campaign.me ) {
					await insertApplication( ctx, me.id, id, campaign.me );
				}
				if ( campaign.other ) {
					await insertApplication(
						ctx,
						other.id,
						id,
						campaign.other
					);
				}
				if ( campaign.insider ) {
					await insertApplication(
						ctx,
						insider.id,
						id,
						campaign.insider
					);
				}
			}
			// One language only: every language falls back to it.
			await ctx.database.db
				.insertInto( 'campaign_contents' )
				.values( {
					campaign_id: idOf( 'upOpen' ),
					language_code: 'it',
					manual_link: 'https://manuals.test/open/it',
					preview_link: null,
				} )
				.execute();
			// English and French pages: the others follow `locale`, then English.
			await ctx.database.db
				.insertInto( 'campaign_contents' )
				.values( [
					{
						campaign_id: idOf( 'upTargetIt' ),
						language_code: 'en',
						manual_link: 'https://manuals.test/it-target/en',
						preview_link: 'https://previews.test/it-target/en',
					},
					{
						campaign_id: idOf( 'upTargetIt' ),
						language_code: 'fr',
						manual_link: 'https://manuals.test/it-target/fr',
						preview_link: null,
					},
				] )
				.execute();
		} );

		const list = async ( query: string, tester: Tester = me ) => {
			const response = await get(
				ctx,
				`/users/me/campaigns${ query }`,
				tester
			);
			assert.equal( response.statusCode, 200, response.body );
			return response.json();
		};

		describe( 'dashboard tables', () => {
			it( 'active: selected, not ended (accepted 1, completed 0)', async () => {
				const body = await list(
					'?filterBy[accepted]=1&filterBy[completed]=0'
				);
				assert.deepEqual( idsOf( body ), sorted( ACTIVE ) );
				assert.equal( body.total, ACTIVE.length );
				for ( const item of body.results ) {
					assert.equal( item.visibility.type, 'available' );
				}
			} );

			it( 'reads percent-encoded brackets the same way', async () => {
				const body = await list(
					'?filterBy%5Baccepted%5D=1&filterBy%5Bcompleted%5D=0'
				);
				assert.deepEqual( idsOf( body ), sorted( ACTIVE ) );
				assert.equal( body.total, ACTIVE.length );
			} );

			it( 'available: not selected, not ended (accepted 0, completed 0)', async () => {
				const body = await list(
					'?filterBy[accepted]=0&filterBy[completed]=0&limit=100'
				);
				assert.deepEqual( idsOf( body ), sorted( AVAILABLE ) );
				assert.equal( body.total, AVAILABLE.length );
				assert.equal( body.size, AVAILABLE.length );
			} );

			it( 'closed: selected, status 2 (accepted 1, statusId 2)', async () => {
				const body = await list(
					'?filterBy[accepted]=1&filterBy[statusId]=2'
				);
				assert.deepEqual( idsOf( body ), sorted( CLOSED ) );
				assert.equal( body.total, CLOSED.length );
			} );

			it( 'finished awaiting review: selected, ended, status 1', async () => {
				const body = await list(
					'?filterBy[accepted]=1&filterBy[statusId]=1&filterBy[completed]=1'
				);
				assert.deepEqual( idsOf( body ), sorted( AWAITING ) );
				assert.equal( body.total, AWAITING.length );
			} );

			it( 'without filters: every campaign the tester may see, of both statuses', async () => {
				const visible = WORLD.map(
					( campaign ) => campaign.key
				).filter( ( key ) => ! HIDDEN_FROM_ME.includes( key ) );
				const body = await list( '?limit=100' );
				// Including the internal campaigns the tester is selected for (runInternalSelected,
				// closedInternalSelected), as in the accepted 1 tables.
				assert.deepEqual( idsOf( body ), sorted( visible ) );
				assert.equal( body.total, visible.length );
			} );

			it( 'completed 1 alone: every visible campaign whose end has passed', async () => {
				const body = await list( '?filterBy[completed]=1' );
				// closedInternalSelected too, as the closed table (accepted 1, statusId 2) lists it.
				assert.deepEqual(
					idsOf( body ),
					sorted( [
						'endSelected',
						'endOpen',
						'endApplied',
						'closedSelected',
						'closedInternalSelected',
						'closedOther',
					] )
				);
			} );

			it( 'internal and foreign small-group campaigns never show to testers not applied or listed', async () => {
				const shown = idsOf( await list( '?limit=100' ) );
				for ( const key of HIDDEN_FROM_ME ) {
					assert.ok( ! shown.includes( idOf( key ) ), key );
				}
				assert.ok( shown.includes( idOf( 'upGroupMe' ) ) );
				const insiders = idsOf( await list( '?limit=100', insider ) );
				for ( const key of [
					'upGroupMe',
					'upGroupOther',
					'upInternal',
					'runGroupOther',
					'runInternalSelected',
					'closedInternalSelected',
				] ) {
					assert.ok( ! insiders.includes( idOf( key ) ), key );
				}
			} );

			it( 'internal campaigns show to the testers who applied or were selected', async () => {
				const typesOf = async ( query: string, tester: Tester ) =>
					new Map(
						( await list( query, tester ) ).results.map(
							( item: {
								id: number;
								visibility: { type: string };
							} ) => [ item.id, item.visibility.type ]
						)
					);
				const available =
					'?filterBy[accepted]=0&filterBy[completed]=0&limit=100';
				// Not only the accepted 1 tables, which read the applications: the other lists too.
				assert.equal(
					( await typesOf( available, insider ) ).get(
						idOf( 'upInternalInsider' )
					),
					'candidate'
				);
				assert.equal(
					( await typesOf( available, other ) ).get(
						idOf( 'upInternal' )
					),
					'candidate'
				);
				const everything = await typesOf( '?limit=100', me );
				assert.equal(
					everything.get( idOf( 'runInternalSelected' ) ),
					'available'
				);
				assert.equal(
					everything.get( idOf( 'closedInternalSelected' ) ),
					'available'
				);
			} );

			it( 'another tester sees their own tables, never the first tester’s', async () => {
				const active = await list(
					'?filterBy[accepted]=1&filterBy[completed]=0',
					other
				);
				assert.deepEqual(
					idsOf( active ),
					sorted( [ 'runOtherSelected', 'runGroupOther' ] )
				);
				const closed = await list(
					'?filterBy[accepted]=1&filterBy[statusId]=2',
					other
				);
				assert.deepEqual(
					idsOf( closed ),
					sorted( [ 'closedOther' ] )
				);
				const available = await list(
					'?filterBy[accepted]=0&filterBy[completed]=0&limit=100',
					other
				);
				const types = new Map(
					available.results.map(
						( item: {
							id: number;
							visibility: { type: string };
						} ) => [ item.id, item.visibility.type ]
					)
				);
				assert.equal(
					types.get( idOf( 'upGroupOther' ) ),
					'available'
				);
				assert.equal(
					types.get( idOf( 'upOtherApplied' ) ),
					'candidate'
				);
				// The first tester's applications: plain public campaigns for this one.
				assert.equal( types.get( idOf( 'upApplied' ) ), 'available' );
				assert.equal( types.get( idOf( 'upSelected' ) ), 'available' );
				assert.equal( types.get( idOf( 'upExcluded' ) ), 'available' );
				for ( const key of [ 'upGroupMe', 'upInternalInsider' ] ) {
					assert.ok( ! types.has( idOf( key ) ), key );
				}
			} );
		} );

		describe( 'visibility', () => {
			it( 'tells available, candidate and unavailable apart', async () => {
				const body = await list(
					'?filterBy[accepted]=0&filterBy[completed]=0&limit=100'
				);
				const actual = Object.fromEntries(
					body.results.map(
						( item: {
							id: number;
							visibility: { type: string };
						} ) => [ item.id, item.visibility.type ]
					)
				);
				const expected = Object.fromEntries(
					AVAILABLE.map( ( key ) => [
						idOf( key ),
						AVAILABLE_VISIBILITY[ key ],
					] )
				);
				assert.deepEqual( actual, expected );
			} );

			it( 'sorts available, then candidate, then unavailable; ties by start date then id', async () => {
				const body = await list(
					'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC&limit=100'
				);
				const expected = VISIBILITY_ORDER.flatMap( ( type ) =>
					sorted(
						AVAILABLE.filter(
							( key ) => AVAILABLE_VISIBILITY[ key ] === type
						)
					)
				);
				assert.deepEqual( idsOf( body ), expected );
				assert.deepEqual(
					body.results.map(
						( item: { visibility: { type: string } } ) =>
							item.visibility.type
					),
					VISIBILITY_ORDER.flatMap( ( type ) =>
						AVAILABLE.filter(
							( key ) => AVAILABLE_VISIBILITY[ key ] === type
						).map( () => type )
					)
				);
			} );
			it( 'pages the visibility sort the same whatever the page size (open campaigns first, then the rest)', async () => {
				const query =
					'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC';
				const whole = await list( `${ query }&limit=100` );
				assert.ok(
					whole.results.filter(
						( item: { visibility: { type: string } } ) =>
							item.visibility.type === 'available'
					).length >= 2,
					'the world has at least two open campaigns'
				);
				for ( const limit of [ 1, 2, 3 ] ) {
					const paged: number[] = [];
					for ( let start = 0; start < whole.total; start += limit ) {
						const page = await list(
							`${ query }&start=${ start }&limit=${ limit }`
						);
						assert.equal( page.total, whole.total );
						paged.push( ...idsOf( page ) );
					}
					assert.deepEqual(
						paged,
						idsOf( whole ),
						`limit ${ limit }`
					);
				}
			} );
		} );

		describe( 'sorting and paging', () => {
			for ( const [ orderBy, column ] of [
				[ 'start_date', 'start' ],
				[ 'end_date', 'end' ],
				[ 'close_date', 'close' ],
			] as const ) {
				for ( const order of [ 'ASC', 'DESC' ] as const ) {
					it( `orders by ${ orderBy } ${ order }`, async () => {
						const body = await list(
							`?filterBy[accepted]=0&filterBy[completed]=0&orderBy=${ orderBy }&order=${ order }&limit=100`
						);
						assert.deepEqual(
							idsOf( body ),
							sorted( AVAILABLE, column, order )
						);
						const active = await list(
							`?filterBy[accepted]=1&filterBy[completed]=0&orderBy=${ orderBy }&order=${ order }`
						);
						assert.deepEqual(
							idsOf( active ),
							sorted( ACTIVE, column, order )
						);
					} );
				}
			}

			it( 'defaults to start date ascending, ten a page', async () => {
				const body = await list(
					'?filterBy[accepted]=0&filterBy[completed]=0'
				);
				assert.deepEqual(
					idsOf( body ),
					sorted( AVAILABLE ).slice( 0, 10 )
				);
				assert.equal( body.start, 0 );
				assert.equal( body.limit, 10 );
				assert.equal( body.size, 10 );
				assert.equal( body.total, AVAILABLE.length );
			} );

			it( 'pages with start and limit: disjoint pages that add up to the list', async () => {
				const pages = [];
				for ( const start of [ 0, 5, 10 ] ) {
					const body = await list(
						`?filterBy[accepted]=0&filterBy[completed]=0&start=${ start }&limit=5`
					);
					assert.equal( body.start, start );
					assert.equal( body.limit, 5 );
					assert.equal( body.total, AVAILABLE.length );
					assert.equal( body.size, body.results.length );
					pages.push( idsOf( body ) );
				}
				assert.deepEqual(
					pages.map( ( page ) => page.length ),
					[ 5, 5, AVAILABLE.length - 10 ]
				);
				assert.deepEqual( pages.flat(), sorted( AVAILABLE ) );
				assert.equal( new Set( pages.flat() ).size, AVAILABLE.length );

				const beyond = await list(
					'?filterBy[accepted]=0&filterBy[completed]=0&start=50&limit=5'
				);
				assert.deepEqual( beyond.results, [] );
				assert.equal( beyond.size, 0 );
				assert.equal( beyond.total, AVAILABLE.length );
				// A selected table past its end still tells how many there are.
				const activeBeyond = await list(
					'?filterBy[accepted]=1&filterBy[completed]=0&start=50&limit=5'
				);
				assert.deepEqual( activeBeyond.results, [] );
				assert.equal( activeBeyond.total, ACTIVE.length );

				// The selected tables page too.
				const first = await list(
					'?filterBy[accepted]=1&filterBy[completed]=0&limit=2'
				);
				const second = await list(
					'?filterBy[accepted]=1&filterBy[completed]=0&limit=2&start=2'
				);
				assert.deepEqual(
					[ ...idsOf( first ), ...idsOf( second ) ],
					sorted( ACTIVE )
				);
				assert.equal( first.total, 3 );
				assert.equal( second.size, 1 );
			} );
			it( 'without a date filter, pages every date sort as the dated lists merged, whatever the filter', async () => {
				type Item = {
					id: number;
					dates: Record< 'start' | 'end' | 'close', string >;
					visibility: { type: string };
				};
				for ( const filter of [
					'',
					'&filterBy[accepted]=0',
					'&filterBy[statusId]=1',
					'&filterBy[statusId]=2',
					'&filterBy[accepted]=0&filterBy[statusId]=1',
				] ) {
					// Not ended plus ended: the same campaigns, each with the visibility the dated lists give it.
					const dated: Item[] = [];
					for ( const completed of [ 0, 1 ] ) {
						const body = await list(
							`?filterBy[completed]=${ completed }${ filter }&limit=100`
						);
						dated.push( ...body.results );
					}
					assert.ok( dated.length >= 3, filter );
					for ( const [ orderBy, column ] of [
						[ 'start_date', 'start' ],
						[ 'end_date', 'end' ],
						[ 'close_date', 'close' ],
					] as const ) {
						for ( const order of [ 'ASC', 'DESC' ] as const ) {
							const expected = [ ...dated ]
								.sort(
									( a, b ) =>
										( order === 'ASC' ? 1 : -1 ) *
										( compare(
											a.dates[ column ],
											b.dates[ column ]
										) || compare( a.id, b.id ) )
								)
								.map(
									( item ) =>
										`${ item.id } ${ item.visibility.type }`
								);
							const paged: string[] = [];
							for (
								let start = 0;
								start <= expected.length;
								start += 3
							) {
								const body = await list(
									`?orderBy=${ orderBy }&order=${ order }&start=${ start }&limit=3${ filter }`
								);
								assert.equal(
									body.total,
									expected.length,
									`${ filter } ${ orderBy } ${ order }`
								);
								paged.push(
									...body.results.map(
										( item: Item ) =>
											`${ item.id } ${ item.visibility.type }`
									)
								);
							}
							assert.deepEqual(
								paged,
								expected,
								`${ filter } ${ orderBy } ${ order }`
							);
						}
					}
				}
			} );
		} );

		describe( 'items', () => {
			const itemOf = async ( key: string, query = '' ) => {
				const body = await list(
					`?filterBy[accepted]=0&filterBy[completed]=0&limit=100${ query }`
				);
				return body.results.find(
					( item: { id: number } ) => item.id === idOf( key )
				);
			};

			it( 'answers id, name, type, ISO dates, links per language and visibility', async () => {
				const item = await itemOf( 'upOpen' );
				const itLink = 'https://manuals.test/open/it';
				assert.deepEqual( item, {
					id: idOf( 'upOpen' ),
					name: 'Campaign upOpen',
					campaign_type: {
						id: 1,
						name: CAMPAIGN_TYPES[ 0 ].name,
						icon: CAMPAIGN_TYPES[ 0 ].icon,
					},
					dates: {
						start: isoAt( 2 ),
						end: isoAt( 10 ),
						close: isoAt( 20 ),
					},
					// The only page there is stands in for every language.
					manual_link: {
						en: itLink,
						it: itLink,
						es: itLink,
						fr: itLink,
					},
					preview_link: { en: null, it: null, es: null, fr: null },
					visibility: { type: 'available' },
				} );
				assert.match(
					item.dates.start,
					/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
				);
			} );

			it( 'falls back to the page in `locale`, then the English one', async () => {
				const en = 'https://manuals.test/it-target/en';
				const fr = 'https://manuals.test/it-target/fr';
				const preview = 'https://previews.test/it-target/en';
				const byDefault = await itemOf( 'upTargetIt' );
				assert.deepEqual( byDefault.campaign_type, {
					id: 3,
					name: CAMPAIGN_TYPES[ 2 ].name,
					icon: CAMPAIGN_TYPES[ 2 ].icon,
				} );
				assert.deepEqual( byDefault.manual_link, {
					en,
					it: en,
					es: en,
					fr,
				} );
				assert.deepEqual( byDefault.preview_link, {
					en: preview,
					it: preview,
					es: preview,
					fr: preview,
				} );
				const inFrench = await itemOf( 'upTargetIt', '&locale=fr' );
				assert.deepEqual( inFrench.manual_link, {
					en,
					it: fr,
					es: fr,
					fr,
				} );
				// No French preview: English stands in.
				assert.deepEqual( inFrench.preview_link, {
					en: preview,
					it: preview,
					es: preview,
					fr: preview,
				} );
			} );

			it( 'answers null links for a campaign without pages', async () => {
				const item = await itemOf( 'upApplied' );
				const none = { en: null, it: null, es: null, fr: null };
				assert.deepEqual( item.manual_link, none );
				assert.deepEqual( item.preview_link, none );
			} );
		} );

		describe( 'refusals', () => {
			for ( const query of [
				'?filterBy[accepted]=2',
				'?filterBy[completed]=yes',
				'?filterBy[statusId]=3',
				'?filterBy[campaign]=1',
				'?orderBy=title',
				'?order=UP',
				'?limit=0',
				'?limit=101',
				'?start=-1',
				'?locale=de',
			] ) {
				it( `answers 400 to ${ query }`, async () => {
					const response = await get(
						ctx,
						`/users/me/campaigns${ query }`,
						me
					);
					assert.equal( response.statusCode, 400, response.body );
					assert.equal( response.json().status, 400 );
				} );
			}

			it( 'answers 403 without a token', async () => {
				const response = await get( ctx, '/users/me/campaigns' );
				assert.equal( response.statusCode, 403 );
				assert.equal( response.json().status, 403 );
			} );
		} );

		// The spec's client asks for the dashboard tables at GET /campaigns: the same operation, another path.
		describe( 'GET /api/campaigns', () => {
			const both = async ( query: string, tester: Tester = me ) => {
				const [ campaigns, mine ] = await Promise.all( [
					get( ctx, `/campaigns${ query }`, tester ),
					get( ctx, `/users/me/campaigns${ query }`, tester ),
				] );
				return { campaigns, mine };
			};

			for ( const [ table, query, keys ] of [
				[
					'active',
					'?filterBy[accepted]=1&filterBy[completed]=0',
					ACTIVE,
				],
				[
					'available',
					'?filterBy[accepted]=0&filterBy[completed]=0&limit=100',
					AVAILABLE,
				],
				[
					'closed',
					'?filterBy[accepted]=1&filterBy[statusId]=2',
					CLOSED,
				],
				[
					'finished awaiting review',
					'?filterBy[accepted]=1&filterBy[statusId]=1&filterBy[completed]=1',
					AWAITING,
				],
			] as const ) {
				it( `answers the ${ table } table as /users/me/campaigns does`, async () => {
					const { campaigns, mine } = await both( query );
					assert.equal( campaigns.statusCode, 200, campaigns.body );
					assert.deepEqual(
						idsOf( campaigns.json() ),
						sorted( keys )
					);
					assert.equal( campaigns.json().total, keys.length );
					assert.deepEqual( campaigns.json(), mine.json() );
				} );
			}

			it( 'sorts, pages and picks the locale as /users/me/campaigns does', async () => {
				for ( const query of [
					'',
					'?orderBy=visibility&order=DESC&start=2&limit=3',
					'?orderBy=end_date&order=DESC&locale=fr&limit=100',
					'?orderBy=close_date&filterBy[completed]=1&_locale=user',
				] ) {
					const { campaigns, mine } = await both( query );
					assert.equal( campaigns.statusCode, 200, query );
					assert.ok( campaigns.json().results.length > 0, query );
					assert.deepEqual( campaigns.json(), mine.json(), query );
				}
			} );

			it( 'answers each tester their own tables', async () => {
				const query = '?filterBy[accepted]=1&limit=100';
				const { campaigns, mine } = await both( query, other );
				assert.equal( campaigns.statusCode, 200 );
				assert.deepEqual( campaigns.json(), mine.json() );
				assert.notDeepEqual(
					idsOf( campaigns.json() ),
					idsOf( ( await both( query, me ) ).campaigns.json() )
				);
			} );

			for ( const query of [
				'?filterBy[accepted]=2',
				'?filterBy[completed]=yes',
				'?filterBy[statusId]=3',
				'?filterBy[campaign]=1',
				'?orderBy=title',
				'?limit=101',
				'?locale=de',
			] ) {
				it( `answers 400 to ${ query } with the message /users/me/campaigns gives`, async () => {
					const { campaigns, mine } = await both( query );
					assert.equal( campaigns.statusCode, 400, campaigns.body );
					assert.deepEqual( campaigns.json(), mine.json() );
				} );
			}

			it( 'answers 403 without a token and 401 with an expired one', async () => {
				const missing = await get( ctx, '/campaigns' );
				assert.equal( missing.statusCode, 403 );
				assert.equal( missing.json().status, 403 );
				const expired = await ctx.app.inject( {
					method: 'GET',
					url: '/api/campaigns',
					headers: bearer(
						await mintToken( {
							secret: ctx.secret,
							sub: me.wpUserId,
							expiresIn: -60,
						} )
					),
				} );
				assert.equal( expired.statusCode, 401 );
				assert.equal( expired.json().message, 'Token expired' );
			} );
		} );
	} );

	describe( 'GET /api/users/me/experience', () => {
		let me: Tester;
		let other: Tester;
		const campaignIds: Record< 'A' | 'B', number > = { A: 0, B: 0 };
		const entries: Entry[] = [];
		let mine: Entry[] = [];

		const byDate = ( order: 'ASC' | 'DESC' ) => ( a: Entry, b: Entry ) =>
			( order === 'ASC' ? 1 : -1 ) *
			( compare( a.created, b.created ) || compare( a.id, b.id ) );
		const byAmount = ( order: 'ASC' | 'DESC' ) => ( a: Entry, b: Entry ) =>
			( order === 'ASC' ? 1 : -1 ) *
			( compare( a.amount, b.amount ) || compare( a.id, b.id ) );
		const page = (
			rows: Entry[],
			sort: ( a: Entry, b: Entry ) => number,
			start = 0,
			limit = 25
		) =>
			[ ...rows ]
				.sort( sort )
				.slice( start, start + limit )
				.map( ( entry ) => entry.id );

		before( async () => {
			me = await ctx.createTester();
			other = await ctx.createTester();
			campaignIds.A = await insertCampaign( ctx, {
				title: 'History A',
				visibility: 'internal',
				status: 2,
				start: -60,
				end: -50,
				close: -40,
			} );
			campaignIds.B = await insertCampaign( ctx, {
				title: 'History B',
				visibility: 'internal',
				status: 2,
				start: -45,
				end: -35,
				close: -30,
			} );
			const fixture = experienceFixture();
			const others: Array< Omit< Entry, 'id' > > = [
				{
					tester: 'other',
					created: '2024-03-10 06:00:00',
					amount: 100,
					activity: 1,
					campaign: 'A',
					note: 'Bonus 100% complete',
				},
				{
					tester: 'other',
					created: '2024-01-05 10:00:00',
					amount: 5,
					activity: 3,
					campaign: null,
					note: 'Entry 3',
				},
				{
					tester: 'other',
					created: '2024-03-31 01:00:00',
					amount: -5,
					activity: 4,
					campaign: 'B',
					note: 'fix_up',
				},
			];
			// Inserted out of date order (13 is prime to 32), the other tester's rows in between.
			const order = fixture.map( ( _, index ) => ( index * 13 ) % 32 );
			const rows = [
				...order.slice( 0, 10 ).map( ( index ) => fixture[ index ] ),
				others[ 0 ],
				...order.slice( 10, 20 ).map( ( index ) => fixture[ index ] ),
				others[ 1 ],
				...order.slice( 20 ).map( ( index ) => fixture[ index ] ),
				others[ 2 ],
			];
			for ( const row of rows ) {
				const result = await ctx.database.db
					.insertInto( 'experience_entries' )
					.values( {
						tester_id: row.tester === 'me' ? me.id : other.id,
						amount: row.amount,
						activity_id: row.activity,
						campaign_id: row.campaign
							? campaignIds[ row.campaign ]
							: null,
						note: row.note,
						created_at: row.created,
					} )
					.executeTakeFirstOrThrow();
				entries.push( { ...row, id: Number( result.insertId ) } );
			}
			mine = entries.filter( ( entry ) => entry.tester === 'me' );
		} );

		const list = async ( query = '' ) => {
			const response = await get(
				ctx,
				`/users/me/experience${ query }`,
				me
			);
			assert.equal( response.statusCode, 200, response.body );
			return response.json();
		};

		it( 'has a fixture of more than a page', () => {
			assert.equal( mine.length, 32 );
			assert.equal( entries.length, 35 );
		} );

		it( 'defaults to date descending, id breaking ties, 25 a page', async () => {
			const body = await list();
			assert.deepEqual( idsOf( body ), page( mine, byDate( 'DESC' ) ) );
			assert.equal( body.start, 0 );
			assert.equal( body.limit, 25 );
			assert.equal( body.size, 25 );
			assert.equal( body.total, 32 );
		} );

		it( 'orders by date ascending', async () => {
			const body = await list( '?order=ASC' );
			assert.deepEqual( idsOf( body ), page( mine, byDate( 'ASC' ) ) );
		} );

		it( 'orders by amount, both ways, id breaking ties', async () => {
			const descending = await list( '?orderBy=amount&limit=100' );
			assert.deepEqual(
				idsOf( descending ),
				page( mine, byAmount( 'DESC' ), 0, 100 )
			);
			const ascending = await list(
				'?orderBy=amount&order=ASC&limit=100'
			);
			assert.deepEqual(
				idsOf( ascending ),
				page( mine, byAmount( 'ASC' ), 0, 100 )
			);
			assert.equal( ascending.results[ 0 ].amount, -50 );
		} );

		it( 'serves a deep page', async () => {
			const body = await list( '?start=25' );
			assert.deepEqual(
				idsOf( body ),
				page( mine, byDate( 'DESC' ), 25 )
			);
			assert.equal( body.size, 7 );
			assert.equal( body.start, 25 );
			assert.equal( body.total, 32 );
		} );

		it( 'answers every page the same from either end of the list, and nothing past its end', async () => {
			// Pages past the middle are read from the list's other end (history.ts pageWindow).
			for ( const [ orderBy, sort ] of [
				[ 'date', byDate ],
				[ 'amount', byAmount ],
			] as const ) {
				for ( const order of [ 'ASC', 'DESC' ] as const ) {
					for ( const limit of [ 5, 7, 31 ] ) {
						for ( let start = 0; start < 32; start += limit ) {
							const body = await list(
								`?orderBy=${ orderBy }&order=${ order }&start=${ start }&limit=${ limit }`
							);
							assert.deepEqual(
								idsOf( body ),
								page( mine, sort( order ), start, limit ),
								`${ orderBy } ${ order } start ${ start } limit ${ limit }`
							);
							assert.equal( body.total, 32 );
						}
					}
				}
			}
			for ( const start of [ 32, 40 ] ) {
				const body = await list( `?start=${ start }` );
				assert.deepEqual( body.results, [] );
				assert.equal( body.size, 0 );
				assert.equal( body.total, 32 );
			}
		} );

		it( 'reads a page past the middle again when the list changed size since its last page', async () => {
			// The last page is placed from the list's end by the size its previous read found (history.ts
			// readList); entries newer than all the others move every page by as many.
			const deep = '?start=30&limit=5';
			const expectDeep = async ( rows: Entry[] ) => {
				const body = await list( deep );
				assert.deepEqual(
					idsOf( body ),
					page( rows, byDate( 'DESC' ), 30, 5 )
				);
				assert.equal( body.total, rows.length );
			};
			await expectDeep( mine );
			const added: Entry[] = [];
			for ( const day of [ '01', '02', '03' ] ) {
				const row = {
					tester: 'me',
					created: `2030-01-${ day } 00:00:00`,
					amount: 1,
					activity: 3,
					campaign: null,
					note: `Later ${ day }`,
				} as const;
				const result = await ctx.database.db
					.insertInto( 'experience_entries' )
					.values( {
						tester_id: me.id,
						amount: row.amount,
						activity_id: row.activity,
						note: row.note,
						created_at: row.created,
					} )
					.executeTakeFirstOrThrow();
				added.push( { ...row, id: Number( result.insertId ) } );
			}
			// 35 entries: five on the page where there were two.
			await thenDelete(
				ctx,
				'experience_entries',
				added.map( ( entry ) => entry.id ),
				() => expectDeep( [ ...mine, ...added ] )
			);
			await expectDeep( mine );
		} );

		it( 'reads a deep page in one statement once the list’s size is known, two the first time', async () => {
			const counting = countingStatements( ctx );
			const history = createHistoryRepository( counting.db );
			const read = async () => {
				counting.taken();
				const result = await history.listExperience( me.wpUserId, {
					start: 25,
					limit: 25,
					order: 'DESC',
					orderBy: 'date',
				} );
				assert.deepEqual(
					result?.results.map( ( item ) => item.id ),
					page( mine, byDate( 'DESC' ), 25 )
				);
				return counting.taken();
			};
			assert.equal( await read(), 2 );
			assert.equal( await read(), 1 );
		} );

		it( 'filters by campaign and by activity', async () => {
			for ( const key of [ 'A', 'B' ] as const ) {
				const body = await list(
					`?filterBy[campaign]=${ campaignIds[ key ] }&limit=100`
				);
				const expected = mine.filter(
					( entry ) => entry.campaign === key
				);
				assert.deepEqual(
					idsOf( body ),
					page( expected, byDate( 'DESC' ), 0, 100 )
				);
				assert.equal( body.total, expected.length );
			}
			const activity = await list( '?filterBy[activity]=3&limit=100' );
			const expected = mine.filter( ( entry ) => entry.activity === 3 );
			assert.deepEqual(
				idsOf( activity ),
				page( expected, byDate( 'DESC' ), 0, 100 )
			);
			assert.equal( activity.total, expected.length );
			const otherActivity = await list( '?filterBy[activity]=42' );
			assert.deepEqual(
				otherActivity.results.map( ( item: Entry ) => item.note ),
				[ 'Bonus 100% complete' ]
			);
		} );

		it( 'filters by one UTC day, both bounds', async () => {
			const notes = async ( day: string ) =>
				(
					await list( `?filterBy[date]=${ day }&order=ASC` )
				).results.map( ( item: { note: string } ) => item.note );
			assert.deepEqual( await notes( '2024-03-10' ), [
				'Day start',
				'Bonus 100% complete',
				'Bonus 1000 complete',
			] );
			assert.deepEqual( await notes( '2024-03-31' ), [ 'fixAup' ] );
			assert.deepEqual( await notes( '2024-02-29' ), [ 'Wow great' ] );
			assert.deepEqual( await notes( '2024-05-01' ), [] );
			const body = await list(
				`?filterBy[date]=2024-03-10&filterBy[campaign]=${ campaignIds.A }`
			);
			assert.deepEqual(
				body.results.map( ( item: { note: string } ) => item.note ),
				[ 'Day start' ]
			);
			assert.equal( body.total, 1 );
		} );

		it( 'searches the note, case-insensitively', async () => {
			const body = await list( '?search=BONUS' );
			assert.deepEqual(
				body.results.map( ( item: { note: string } ) => item.note ),
				[ 'Bonus 1000 complete', 'Bonus 100% complete' ]
			);
			assert.equal( body.total, 2 );
			const entry1 = await list( '?search=entry%201&limit=100' );
			const expected = mine.filter( ( entry ) =>
				entry.note.toLowerCase().includes( 'entry 1' )
			);
			assert.deepEqual(
				idsOf( entry1 ),
				page( expected, byDate( 'DESC' ), 0, 100 )
			);
			assert.equal( entry1.total, expected.length );
			const both = await list(
				'?search=bonus&filterBy[date]=2024-03-10'
			);
			assert.equal( both.total, 2 );
		} );

		it( 'takes % and _ in a search literally', async () => {
			const notes = async ( search: string ) =>
				(
					await list( `?search=${ encodeURIComponent( search ) }` )
				).results.map( ( item: { note: string } ) => item.note );
			assert.deepEqual( await notes( '100%' ), [
				'Bonus 100% complete',
			] );
			assert.deepEqual( await notes( '0% c' ), [
				'Bonus 100% complete',
			] );
			assert.deepEqual( await notes( 'fix_up' ), [ 'fix_up' ] );
			assert.deepEqual( await notes( '_' ), [ 'fix_up' ] );
			assert.deepEqual( await notes( '%' ), [ 'Bonus 100% complete' ] );
			// The escape character itself is literal too.
			assert.deepEqual( await notes( 'wow!' ), [ 'Wow! great' ] );
			assert.deepEqual( await notes( 'nothing like this' ), [] );
		} );

		it( 'answers the campaign as {id, title}, or null without one; negative amounts as they are', async () => {
			const body = await list( '?filterBy[date]=2024-02-29' );
			const wow = mine.find( ( entry ) => entry.note === 'Wow great' )!;
			assert.deepEqual( body.results, [
				{
					id: wow.id,
					amount: -50,
					date: '2024-02-29T08:00:00Z',
					activity: { id: 3 },
					campaign: { id: campaignIds.B, title: 'History B' },
					note: 'Wow great',
				},
			] );
			const fix = ( await list( '?search=fix_up' ) ).results[ 0 ];
			assert.deepEqual( fix, {
				id: mine.find( ( entry ) => entry.note === 'fix_up' )!.id,
				amount: -10,
				date: '2024-03-11T00:00:00Z',
				activity: { id: 3 },
				campaign: null,
				note: 'fix_up',
			} );
		} );

		it( 'never shows another tester’s entries', async () => {
			const body = await list( '?limit=100' );
			const theirs = new Set(
				entries
					.filter( ( entry ) => entry.tester === 'other' )
					.map( ( entry ) => entry.id )
			);
			assert.equal( body.total, 32 );
			assert.ok( idsOf( body ).every( ( id ) => ! theirs.has( id ) ) );
			const response = await get(
				ctx,
				'/users/me/experience?limit=100',
				other
			);
			assert.deepEqual(
				idsOf( response.json() ).sort( compare ),
				[ ...theirs ].sort( compare )
			);
		} );

		for ( const query of [
			'?orderBy=points',
			'?limit=101',
			'?limit=0',
			'?order=down',
			'?filterBy[date]=notadate',
			'?filterBy[date]=2024-13-01',
			'?filterBy[activity]=100',
			'?filterBy[campaign]=0',
			'?filterBy[severity]=1',
			`?search=${ 'x'.repeat( 101 ) }`,
			'?searchBy=title',
		] ) {
			it( `answers 400 to ${ query.slice( 0, 40 ) }`, async () => {
				const response = await get(
					ctx,
					`/users/me/experience${ query }`,
					me
				);
				assert.equal( response.statusCode, 400, response.body );
			} );
		}

		it( 'answers 403 without a token', async () => {
			assert.equal(
				( await get( ctx, '/users/me/experience' ) ).statusCode,
				403
			);
		} );
	} );

	describe( 'GET /api/users/me/bugs', () => {
		let me: Tester;
		let other: Tester;
		const campaigns: number[] = [];
		const campaignTitles = new Map< number, string >();
		const bugs: BugRow[] = [];
		let mine: BugRow[] = [];

		const sortBy =
			(
				column: 'id' | 'severity' | 'status' | 'campaign',
				order: 'ASC' | 'DESC'
			) =>
			( a: BugRow, b: BugRow ) =>
				( order === 'ASC' ? 1 : -1 ) *
				( compare( a[ column ], b[ column ] ) ||
					compare( a.id, b.id ) );
		const expectedIds = (
			rows: BugRow[],
			column: 'id' | 'severity' | 'status' | 'campaign' = 'id',
			order: 'ASC' | 'DESC' = 'DESC',
			start = 0,
			limit = 25
		) =>
			[ ...rows ]
				.sort( sortBy( column, order ) )
				.slice( start, start + limit )
				.map( ( bug ) => bug.id );

		before( async () => {
			me = await ctx.createTester();
			other = await ctx.createTester();
			for ( const title of [ 'Shop app', 'Bank site', 'Game' ] ) {
				const id = await insertCampaign( ctx, {
					title,
					visibility: 'internal',
					status: 1,
					start: -20,
					end: -10,
					close: 10,
				} );
				campaigns.push( id );
				campaignTitles.set( id, title );
			}
			const insert = async ( row: Omit< BugRow, 'id' > ) => {
				const result = await ctx.database.db
					.insertInto( 'bugs' )
					.values( {
						tester_id: row.tester === 'me' ? me.id : other.id,
						campaign_id: row.campaign,
						title: row.title,
						severity_id: row.severity,
						type_id: 1 + ( bugs.length % 8 ),
						replicability_id: 1 + ( bugs.length % 3 ),
						status_id: row.status,
						steps: 'Open it',
						expected: 'It works',
						current: 'It does not',
					} )
					.executeTakeFirstOrThrow();
				bugs.push( { ...row, id: Number( result.insertId ) } );
			};
			for ( let i = 0; i < 30; i++ ) {
				await insert( {
					tester: 'me',
					// Not in id order: campaign 2 before 0 before 1, and so on.
					campaign: campaigns[ ( i * 2 + 2 ) % 3 ],
					severity: 1 + ( ( i * 3 ) % 4 ),
					status: 1 + ( ( i * 7 + 2 ) % 4 ),
					title: `Bug ${ i }`,
				} );
				if ( i % 10 === 4 ) {
					await insert( {
						tester: 'other',
						campaign: campaigns[ i % 3 ],
						severity: 4,
						status: 2,
						title: `Their bug ${ i }`,
					} );
				}
			}
			mine = bugs.filter( ( bug ) => bug.tester === 'me' );
		} );

		const list = async ( query = '' ) => {
			const response = await get( ctx, `/users/me/bugs${ query }`, me );
			assert.equal( response.statusCode, 200, response.body );
			return response.json();
		};

		it( 'defaults to newest first, 25 a page, with the total', async () => {
			const body = await list();
			assert.deepEqual( idsOf( body ), expectedIds( mine ) );
			assert.equal( body.start, 0 );
			assert.equal( body.limit, 25 );
			assert.equal( body.size, 25 );
			assert.equal( body.total, 30 );
			const rest = await list( '?start=25' );
			assert.deepEqual(
				idsOf( rest ),
				expectedIds( mine, 'id', 'DESC', 25 )
			);
			assert.equal( rest.size, 5 );
			const ascending = await list( '?order=ASC&limit=5' );
			assert.deepEqual(
				idsOf( ascending ),
				expectedIds( mine, 'id', 'ASC', 0, 5 )
			);
		} );

		it( 'answers every page the same from either end of the list, filtered or not', async () => {
			for ( const column of [ 'id', 'severity', 'status' ] as const ) {
				for ( const order of [ 'ASC', 'DESC' ] as const ) {
					for ( let start = 0; start < 30; start += 7 ) {
						const body = await list(
							`?orderBy=${ column }&order=${ order }&start=${ start }&limit=7`
						);
						assert.deepEqual(
							idsOf( body ),
							expectedIds( mine, column, order, start, 7 ),
							`${ column } ${ order } start ${ start }`
						);
						assert.equal( body.total, 30 );
					}
				}
			}
			const inCampaign = mine.filter(
				( bug ) => bug.campaign === campaigns[ 0 ]
			);
			const filtered = await list(
				`?filterBy[campaign]=${ campaigns[ 0 ] }&start=8&limit=5`
			);
			assert.deepEqual(
				idsOf( filtered ),
				expectedIds( inCampaign, 'id', 'DESC', 8, 5 )
			);
			assert.equal( filtered.total, inCampaign.length );
			const past = await list(
				`?filterBy[campaign]=${ campaigns[ 0 ] }&start=100`
			);
			assert.deepEqual( past.results, [] );
			assert.equal( past.total, inCampaign.length );
		} );

		it( 'reads a page past the middle again when the list changed size since its last page', async () => {
			const deep = '?start=25&limit=10';
			const expectDeep = async ( rows: BugRow[] ) => {
				const body = await list( deep );
				assert.deepEqual(
					idsOf( body ),
					expectedIds( rows, 'id', 'DESC', 25, 10 )
				);
				assert.equal( body.total, rows.length );
			};
			await expectDeep( mine );
			const added: BugRow[] = [];
			for ( const title of [ 'Later 1', 'Later 2' ] ) {
				const row = {
					tester: 'me',
					campaign: campaigns[ 0 ],
					severity: 1,
					status: 3,
					title,
				} as const;
				const result = await ctx.database.db
					.insertInto( 'bugs' )
					.values( {
						tester_id: me.id,
						campaign_id: row.campaign,
						title: row.title,
						severity_id: row.severity,
						type_id: 1,
						replicability_id: 1,
						status_id: row.status,
						steps: 'Open it',
						expected: 'It works',
						current: 'It does not',
					} )
					.executeTakeFirstOrThrow();
				added.push( { ...row, id: Number( result.insertId ) } );
			}
			await thenDelete(
				ctx,
				'bugs',
				added.map( ( bug ) => bug.id ),
				() => expectDeep( [ ...mine, ...added ] )
			);
			await expectDeep( mine );
		} );

		it( 'answers title, severity and status with their names, and the campaign', async () => {
			const body = await list( '?limit=100' );
			const byId = new Map( mine.map( ( bug ) => [ bug.id, bug ] ) );
			for ( const item of body.results ) {
				const bug = byId.get( item.id )!;
				assert.deepEqual( item, {
					id: bug.id,
					title: bug.title,
					severity: {
						id: bug.severity,
						name: SEVERITY_NAMES[ bug.severity ],
					},
					status: {
						id: bug.status,
						name: STATUS_NAMES[ bug.status ],
					},
					campaign: {
						id: bug.campaign,
						name: campaignTitles.get( bug.campaign ),
					},
				} );
			}
			const seen = ( key: 'severity' | 'status' ) =>
				[
					...new Set(
						body.results.map(
							( item: Record< string, { name: string } > ) =>
								item[ key ].name
						)
					),
				].sort();
			assert.deepEqual( seen( 'severity' ), [
				'CRITICAL',
				'HIGH',
				'LOW',
				'MEDIUM',
			] );
			assert.deepEqual( seen( 'status' ), [
				'Approved',
				'Need Review',
				'Pending',
				'Refused',
			] );
		} );

		it( 'filters by campaign, severity and status, alone and together', async () => {
			const cases: Array< [ string, ( bug: BugRow ) => boolean ] > = [
				[
					`filterBy[campaign]=${ campaigns[ 1 ] }`,
					( bug ) => bug.campaign === campaigns[ 1 ],
				],
				[ 'filterBy[severity]=4', ( bug ) => bug.severity === 4 ],
				[ 'filterBy[status]=2', ( bug ) => bug.status === 2 ],
				[
					`filterBy[campaign]=${ campaigns[ 0 ] }&filterBy[status]=3`,
					( bug ) =>
						bug.campaign === campaigns[ 0 ] && bug.status === 3,
				],
				[
					'filterBy[severity]=2&filterBy[status]=4',
					( bug ) => bug.severity === 2 && bug.status === 4,
				],
			];
			for ( const [ query, keep ] of cases ) {
				const body = await list( `?${ query }&limit=100` );
				const expected = mine.filter( keep );
				assert.ok( expected.length > 0, query );
				assert.deepEqual(
					idsOf( body ),
					expectedIds( expected, 'id', 'DESC', 0, 100 ),
					query
				);
				assert.equal( body.total, expected.length, query );
			}
			const none = await list( '?filterBy[campaign]=999999' );
			assert.deepEqual( none.results, [] );
			assert.equal( none.total, 0 );
		} );

		for ( const column of [ 'severity', 'status', 'campaign' ] as const ) {
			for ( const order of [ 'ASC', 'DESC' ] as const ) {
				it( `orders by ${ column } ${ order }, id breaking ties`, async () => {
					const body = await list(
						`?orderBy=${ column }&order=${ order }&limit=100`
					);
					assert.deepEqual(
						idsOf( body ),
						expectedIds( mine, column, order, 0, 100 )
					);
					const second = await list(
						`?orderBy=${ column }&order=${ order }&limit=10&start=10`
					);
					assert.deepEqual(
						idsOf( second ),
						expectedIds( mine, column, order, 10, 10 )
					);
				} );
			}
		}

		it( 'never shows another tester’s bugs', async () => {
			const theirs = bugs
				.filter( ( bug ) => bug.tester === 'other' )
				.map( ( bug ) => bug.id );
			assert.equal( theirs.length, 3 );
			const body = await list( '?limit=100&filterBy[severity]=4' );
			assert.ok(
				idsOf( body ).every( ( id ) => ! theirs.includes( id ) )
			);
			const response = await get( ctx, '/users/me/bugs', other );
			assert.deepEqual(
				idsOf( response.json() ),
				[ ...theirs ].reverse()
			);
			assert.equal( response.json().total, 3 );
		} );

		for ( const query of [
			'?orderBy=title',
			'?limit=101',
			'?filterBy[severity]=5',
			'?filterBy[status]=0',
			'?filterBy[campaign]=abc',
			'?filterBy[date]=2024-01-01',
		] ) {
			it( `answers 400 to ${ query }`, async () => {
				const response = await get(
					ctx,
					`/users/me/bugs${ query }`,
					me
				);
				assert.equal( response.statusCode, 400, response.body );
			} );
		}

		it( 'answers 403 without a token', async () => {
			assert.equal(
				( await get( ctx, '/users/me/bugs' ) ).statusCode,
				403
			);
		} );
	} );

	describe( 'GET /api/users/me/rank prospect', () => {
		const month = monthOf( new Date() );
		let low: Tester;
		let holding: Tester;
		let climbing: Tester;

		before( async () => {
			low = await ctx.createTester();
			holding = await ctx.createTester();
			climbing = await ctx.createTester();
			await recordPoints( ctx, [
				[ low, month, 100, 20 ],
				[ holding, month, 600, 20 ],
				[ climbing, monthOf( new Date(), 1 ), 1200, 20 ],
				[ climbing, month, 1200, 20 ],
			] );
		} );

		const rankOf = async ( tester: Tester ) => {
			const response = await get( ctx, '/users/me/rank', tester );
			assert.equal( response.statusCode, 200, response.body );
			return response.json();
		};

		it( 'Bronze with 100 points: 150 to keep it, one level down otherwise', async () => {
			const summary = await rankOf( low );
			assert.equal( summary.points, 100 );
			assert.equal( summary.rank, 3 );
			assert.deepEqual( summary.level, BRONZE );
			assert.equal( summary.prospect.maintenance, 150 );
			assert.deepEqual( summary.prospect.level, BASIC );
		} );

		it( 'Bronze with 100 points: the next level above the prospect is Bronze, 150 points away', async () => {
			const summary = await rankOf( low );
			// Not Bronze's reach points (500 - 100 = 400): Bronze is kept next month with its hold points (250),
			// 150 more points, as `maintenance` says.
			assert.deepEqual( summary.prospect.next, {
				points: 150,
				level: BRONZE,
			} );
		} );

		it( 'Bronze with 600 points: kept, 400 to Silver', async () => {
			assert.deepEqual( await rankOf( holding ), {
				points: 600,
				rank: 2,
				level: BRONZE,
				previousLevel: NONE,
				prospect: {
					level: BRONZE,
					maintenance: 0,
					next: { points: 400, level: SILVER },
				},
			} );
		} );

		it( 'Bronze with 1,200 points: Silver next month, 800 to Gold', async () => {
			assert.deepEqual( await rankOf( climbing ), {
				points: 1200,
				rank: 1,
				level: BRONZE,
				previousLevel: BRONZE,
				prospect: {
					level: SILVER,
					maintenance: 0,
					next: { points: 800, level: GOLD },
				},
			} );
		} );
	} );
} );

describe( 'GET /api/users/me/rank and /rank/list', () => {
	let ctx: TestContext;
	const month = monthOf( new Date() );
	const lastMonth = monthOf( new Date(), 1 );
	/** Bronze this month: 900, 700, 700, 300, 0. */
	let bronze: Tester[] = [];
	let silver: Tester;
	let formerBronze: Tester;
	let levelZero: Tester;
	let nobody: Tester;
	/** Gold this month, by points descending (ids ascending among equal points). */
	const GOLD_POINTS = [
		1000, 950, 900, 900, 850, 800, 800, 800, 700, 650, 600, 600, 500, 400,
	];
	const gold: Tester[] = [];

	before( async () => {
		ctx = await startTestContext();
		const names: Array< [ string, string ] > = [
			[ 'Ada', 'Lovelace' ],
			[ 'Bea', 'Brown' ],
			[ 'Cat', 'Carter' ],
			[ 'Dan', 'Dorsey' ],
			[ 'Eve', 'Evans' ],
		];
		for ( const [ name, surname ] of names ) {
			bronze.push(
				await ctx.createTester( {
					name,
					surname,
					set:
						name === 'Ada'
							? { image: 'https://images.test/ada.png' }
							: undefined,
				} )
			);
		}
		silver = await ctx.createTester( { name: 'Sil', surname: 'Ver' } );
		formerBronze = await ctx.createTester();
		levelZero = await ctx.createTester();
		nobody = await ctx.createTester();
		for ( const [ index ] of GOLD_POINTS.entries() ) {
			gold.push(
				await ctx.createTester( {
					name: `Gold${ index }`,
					surname: `Surname${ index }`,
				} )
			);
		}
		const [ ada, bea, cat, dan, eve ] = bronze;
		await recordPoints( ctx, [
			[ ada, lastMonth, 600, 10 ],
			[ ada, month, 900, 20 ],
			[ bea, month, 700, 20 ],
			[ cat, month, 700, 20 ],
			[ dan, month, 300, 20 ],
			[ eve, month, 0, 20 ],
			// Another level, and another month of the same level: not counted.
			[ silver, month, 800, 30 ],
			[ formerBronze, lastMonth, 1000, 20 ],
			[ levelZero, month, 300, 0 ],
			...gold.map(
				( tester, index ) =>
					[ tester, month, GOLD_POINTS[ index ], 40 ] as [
						Tester,
						string,
						number,
						number,
					]
			),
		] );
		bronze = [ ada, bea, cat, dan, eve ];
	} );
	after( () => ctx.close() );

	const rankOf = async ( tester: Tester ) => {
		const response = await get( ctx, '/users/me/rank', tester );
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};
	const listsOf = async ( tester: Tester ) => {
		const response = await get( ctx, '/users/me/rank/list', tester );
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};

	it( 'a tester without any monthly row: no rank, level None, no points', async () => {
		assert.deepEqual( await rankOf( nobody ), {
			points: 0,
			rank: null,
			level: NONE,
			previousLevel: NONE,
			prospect: {
				level: NONE,
				maintenance: 0,
				next: { points: 200, level: BASIC },
			},
		} );
		assert.deepEqual( await listsOf( nobody ), { tops: [], peers: [] } );
	} );

	it( 'level 0: no rank and empty lists, whatever the points', async () => {
		const summary = await rankOf( levelZero );
		assert.equal( summary.rank, null );
		assert.equal( summary.points, 300 );
		assert.deepEqual( summary.level, NONE );
		assert.deepEqual( await listsOf( levelZero ), { tops: [], peers: [] } );
		const me = await get( ctx, '/users/me?fields=rank', levelZero );
		assert.deepEqual( me.json(), { id: levelZero.id, rank: null } );
	} );

	it( 'equal points share a rank: 900, 700, 700, 300, 0 → 1, 2, 2, 4, 5', async () => {
		const ranks = [];
		for ( const tester of bronze ) {
			ranks.push( ( await rankOf( tester ) ).rank );
		}
		assert.deepEqual( ranks, [ 1, 2, 2, 4, 5 ] );
	} );

	it( 'answers this month’s points, level, the previous month’s level and the prospect', async () => {
		assert.deepEqual( await rankOf( bronze[ 0 ] ), {
			points: 900,
			rank: 1,
			level: BRONZE,
			previousLevel: BASIC,
			prospect: {
				level: BRONZE,
				maintenance: 0,
				next: { points: 100, level: SILVER },
			},
		} );
		const eve = await rankOf( bronze[ 4 ] );
		assert.deepEqual( eve.previousLevel, NONE );
		assert.equal( eve.points, 0 );
		assert.equal( eve.prospect.maintenance, 250 );
	} );

	it( 'GET /users/me answers the same rank for fields=rank and in all', async () => {
		for ( const [ index, tester ] of bronze.entries() ) {
			const response = await get( ctx, '/users/me?fields=rank', tester );
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), {
				id: tester.id,
				rank: [ 1, 2, 2, 4, 5 ][ index ],
			} );
		}
		const all = await get( ctx, '/users/me?fields=all', bronze[ 3 ] );
		assert.equal( all.json().rank, 4 );
		const silverRank = await get( ctx, '/users/me?fields=rank', silver );
		assert.equal( silverRank.json().rank, 1 );
	} );

	it( 'lists the top three and the peers around the tester, self included', async () => {
		const [ ada, bea, cat, dan, eve ] = bronze;
		const entry = (
			tester: Tester,
			position: number,
			name: string,
			points: number
		) => ( {
			id: tester.id,
			position,
			name,
			image: tester === ada ? 'https://images.test/ada.png' : null,
			monthly_exp: points,
		} );
		const expectedTops = [
			entry( ada, 1, 'Ada L.', 900 ),
			entry( bea, 2, 'Bea B.', 700 ),
			entry( cat, 2, 'Cat C.', 700 ),
		];
		const everyone = [
			...expectedTops,
			entry( dan, 4, 'Dan D.', 300 ),
			entry( eve, 5, 'Eve E.', 0 ),
		];
		for ( const tester of bronze ) {
			assert.deepEqual(
				await listsOf( tester ),
				{ tops: expectedTops, peers: everyone },
				tester.name
			);
		}
	} );

	it( 'keeps five peers each side, positions from the ranks', async () => {
		const position = ( index: number ) =>
			1 +
			GOLD_POINTS.filter( ( points ) => points > GOLD_POINTS[ index ] )
				.length;
		const expectedFor = ( index: number ) =>
			gold
				.map( ( tester, at ) => ( { tester, at } ) )
				.filter( ( { at } ) => Math.abs( at - index ) <= 5 )
				.map( ( { tester, at } ) => ( {
					id: tester.id,
					position: position( at ),
					name: `Gold${ at } S.`,
					image: null,
					monthly_exp: GOLD_POINTS[ at ],
				} ) );
		for ( const index of [ 0, 3, 6, 7, 11, 13 ] ) {
			const lists = await listsOf( gold[ index ] );
			assert.deepEqual(
				lists.peers,
				expectedFor( index ),
				`peers of Gold${ index }`
			);
			assert.deepEqual(
				lists.tops.map( ( item: { id: number; position: number } ) => [
					item.id,
					item.position,
				] ),
				[
					[ gold[ 0 ].id, 1 ],
					[ gold[ 1 ].id, 2 ],
					[ gold[ 2 ].id, 3 ],
				]
			);
			assert.equal(
				( await rankOf( gold[ index ] ) ).rank,
				position( index )
			);
		}
		assert.deepEqual( ( await rankOf( gold[ 6 ] ) ).level, GOLD );
	} );

	it( 'lists again from the tester’s new place when its points moved since its last list', async () => {
		// The peers' seeks start from the place the tester's previous list found (ranking.ts lists).
		const peersFor = ( points: number[], index: number ) => {
			const order = gold
				.map( ( tester, at ) => ( {
					tester,
					at,
					value: points[ at ],
				} ) )
				.sort(
					( a, b ) => b.value - a.value || a.tester.id - b.tester.id
				);
			const place = order.findIndex( ( { at } ) => at === index );
			return order
				.filter( ( _, rank ) => Math.abs( rank - place ) <= 5 )
				.map( ( { tester, at, value } ) => ( {
					id: tester.id,
					position:
						1 + points.filter( ( other ) => other > value ).length,
					name: `Gold${ at } S.`,
					image: null,
					monthly_exp: value,
				} ) );
		};
		const moved = GOLD_POINTS.map( ( points, at ) =>
			at === 7 ? points + 300 : points
		);
		assert.deepEqual(
			( await listsOf( gold[ 7 ] ) ).peers,
			peersFor( GOLD_POINTS, 7 )
		);
		await recordPoints( ctx, [ [ gold[ 7 ], month, 300, 40 ] ] );
		try {
			const lists = await listsOf( gold[ 7 ] );
			assert.deepEqual( lists.peers, peersFor( moved, 7 ) );
			assert.equal( lists.tops[ 0 ].id, gold[ 7 ].id );
		} finally {
			await recordPoints( ctx, [ [ gold[ 7 ], month, -300, 40 ] ] );
		}
		assert.deepEqual(
			( await listsOf( gold[ 7 ] ) ).peers,
			peersFor( GOLD_POINTS, 7 )
		);
	} );

	it( 'lists in one statement while the tester’s place stays, two the first time and after it moved', async () => {
		const counting = countingStatements( ctx );
		const ranking = createRankingRepository( counting.db );
		const read = async () => {
			counting.taken();
			const lists = await ranking.lists( gold[ 3 ].wpUserId );
			const counted = counting.taken();
			// The same lists as the app's own repository answers.
			assert.deepEqual( lists, await listsOf( gold[ 3 ] ) );
			return counted;
		};
		assert.equal( await read(), 2 );
		assert.equal( await read(), 1 );
		await recordPoints( ctx, [ [ gold[ 3 ], month, 1, 40 ] ] );
		try {
			assert.equal( await read(), 2 );
			assert.equal( await read(), 1 );
		} finally {
			await recordPoints( ctx, [ [ gold[ 3 ], month, -1, 40 ] ] );
		}
	} );

	it( 'answers 403 without a token', async () => {
		assert.equal( ( await get( ctx, '/users/me/rank' ) ).statusCode, 403 );
		assert.equal(
			( await get( ctx, '/users/me/rank/list' ) ).statusCode,
			403
		);
	} );
} );

/* ------------------------------------------------------------------------------------------------ recordMonthlyPoints */

describe( 'recordMonthlyPoints keeps monthly_rank_counts in step', () => {
	let ctx: TestContext;
	const month = monthOf( new Date() );
	const lastMonth = monthOf( new Date(), 1 );
	let testers: Tester[] = [];

	before( async () => {
		ctx = await startTestContext();
		testers = [];
		for ( let i = 0; i < 5; i++ ) {
			testers.push( await ctx.createTester() );
		}
	} );
	after( () => ctx.close() );

	/** Both sides as sorted `month|level|points|testers` lines, zero counts left out. */
	async function snapshot() {
		const { db } = ctx.database;
		const line = ( row: {
			month: string;
			level_id: number;
			points: number | string;
			testers: number | string | bigint;
		} ) =>
			`${ String( row.month ).slice( 0, 10 ) }|${
				row.level_id
			}|${ Number( row.points ) }|${ Number( row.testers ) }`;
		const counts = await db
			.selectFrom( 'monthly_rank_counts' )
			.select( [ 'month', 'level_id', 'points', 'testers' ] )
			.execute();
		const grouped = await db
			.selectFrom( 'tester_monthly_levels' )
			.select( ( eb ) => [
				'month',
				'level_id',
				'points',
				eb.fn.countAll< number | string >().as( 'testers' ),
			] )
			.groupBy( [ 'month', 'level_id', 'points' ] )
			.execute();
		const buckets = await db
			.selectFrom( 'monthly_rank_buckets' )
			.select( [ 'month', 'level_id', 'bucket', 'testers' ] )
			.execute();
		// The buckets the counts add up to (0007: 64 point values a bucket, floor for negative points).
		const bucketed = new Map< string, number >();
		for ( const row of counts ) {
			const key = `${ String( row.month ).slice( 0, 10 ) }|${
				row.level_id
			}|${ Math.floor( Number( row.points ) / 64 ) }`;
			bucketed.set(
				key,
				( bucketed.get( key ) ?? 0 ) + Number( row.testers )
			);
		}
		return {
			counts: counts
				.filter( ( row ) => Number( row.testers ) !== 0 )
				.map( line )
				.sort(),
			grouped: grouped.map( line ).sort(),
			buckets: buckets
				.filter( ( row ) => Number( row.testers ) !== 0 )
				.map(
					( row ) =>
						`${ String( row.month ).slice( 0, 10 ) }|${
							row.level_id
						}|${ Number( row.bucket ) }|${ Number( row.testers ) }`
				)
				.sort(),
			bucketed: [ ...bucketed ]
				.filter( ( [ , sum ] ) => sum !== 0 )
				.map( ( [ key, sum ] ) => `${ key }|${ sum }` )
				.sort(),
		};
	}

	it( 'matches the rows after points move up and down', async () => {
		const [ t1, t2, t3, t4, t5 ] = testers;
		await recordPoints( ctx, [
			[ t1, month, 100, 20 ],
			[ t2, month, 100, 20 ],
			[ t3, month, 50, 20 ],
		] );
		await recordPoints( ctx, [
			[ t1, month, 50, 20 ],
			[ t3, month, 100, 20 ],
			[ t2, month, -100, 20 ],
		] );
		await recordPoints( ctx, [
			[ t4, month, 0, 30 ],
			[ t4, month, 200, 30 ],
			[ t1, month, -30, 20 ],
			[ t3, month, 0, 20 ],
			// The level of an existing row stays; the argument is for new rows only.
			[ t3, month, 0, 40 ],
			[ t1, lastMonth, 70, 10 ],
			[ t2, lastMonth, 70, 10 ],
			[ t2, lastMonth, -20, 10 ],
			[ t5, '2021-06-01', 10, 40 ],
			[ t5, '2021-06-01', -10, 40 ],
		] );
		const { counts, grouped, buckets, bucketed } = await snapshot();
		assert.deepEqual( counts, grouped );
		assert.deepEqual( buckets, bucketed );
		assert.deepEqual(
			buckets,
			[
				`${ lastMonth }|10|0|1`,
				`${ lastMonth }|10|1|1`,
				`${ month }|20|0|1`,
				`${ month }|20|1|1`,
				`${ month }|20|2|1`,
				`${ month }|30|3|1`,
				'2021-06-01|40|0|1',
			].sort()
		);
		assert.deepEqual(
			grouped,
			[
				`${ lastMonth }|10|50|1`,
				`${ lastMonth }|10|70|1`,
				`${ month }|20|0|1`,
				`${ month }|20|120|1`,
				`${ month }|20|150|1`,
				`${ month }|30|200|1`,
				'2021-06-01|40|0|1',
			].sort()
		);
	} );

	it( 'leaves nothing behind when the transaction rolls back', async () => {
		const previous = await snapshot();
		const ranking = createRankingRepository( ctx.database.db );
		await assert.rejects(
			ctx.database.db.transaction().execute( async ( trx ) => {
				await ranking.recordMonthlyPoints(
					trx,
					testers[ 0 ].id,
					month,
					500,
					20
				);
				await ranking.recordMonthlyPoints(
					trx,
					testers[ 4 ].id,
					month,
					500,
					20
				);
				throw new Error( 'rolled back' );
			} ),
			/rolled back/
		);
		assert.deepEqual( await snapshot(), previous );
	} );

	it( 'ranks from the counts agree with the rows', async () => {
		const [ t1, t2, t3 ] = testers;
		// Month 20: t3 150, t1 120, t2 0.
		const expected = new Map( [
			[ t3.id, 1 ],
			[ t1.id, 2 ],
			[ t2.id, 3 ],
		] );
		for ( const tester of [ t1, t2, t3 ] ) {
			const response = await get( ctx, '/users/me?fields=rank', tester );
			assert.equal( response.json().rank, expected.get( tester.id ) );
		}
		const lists = await get( ctx, '/users/me/rank/list', t2 );
		assert.deepEqual(
			lists
				.json()
				.peers.map( ( item: { id: number; position: number } ) => [
					item.id,
					item.position,
				] ),
			[
				[ t3.id, 1 ],
				[ t1.id, 2 ],
				[ t2.id, 3 ],
			]
		);
	} );

	it( 'ranks and lists positions right across buckets, negative points included', async () => {
		// Level 50 this month, its own ranking: points spread over several buckets of 64 values, below zero,
		// on a bucket's edges, and ties.
		const POINTS = [
			-200, -129, -128, -65, -64, -64, -1, 0, 0, 1, 63, 64, 64, 65, 127,
			128, 200, 200, 255, 256, 300, 511, 512, 900,
		];
		const crowd: Array< { tester: Tester; points: number } > = [];
		for ( const points of POINTS ) {
			crowd.push( { tester: await ctx.createTester(), points } );
		}
		await recordPoints(
			ctx,
			crowd.map( ( { tester, points } ) => [ tester, month, points, 50 ] )
		);
		const { buckets, bucketed } = await snapshot();
		assert.deepEqual( buckets, bucketed );
		const rankOf = ( points: number ) =>
			1 + crowd.filter( ( other ) => other.points > points ).length;
		const ordered = [ ...crowd ].sort(
			( a, b ) => b.points - a.points || a.tester.id - b.tester.id
		);
		for ( const [ index, { tester, points } ] of ordered.entries() ) {
			const me = await get( ctx, '/users/me?fields=rank', tester );
			assert.equal( me.json().rank, rankOf( points ), `${ points }` );
			const summary = await get( ctx, '/users/me/rank', tester );
			assert.equal( summary.json().rank, rankOf( points ) );
			const lists = (
				await get( ctx, '/users/me/rank/list', tester )
			).json();
			const around = ordered.slice( Math.max( 0, index - 5 ), index + 6 );
			assert.deepEqual(
				lists.peers.map(
					( item: {
						id: number;
						position: number;
						monthly_exp: number;
					} ) => [ item.id, item.position, item.monthly_exp ]
				),
				around.map( ( other ) => [
					other.tester.id,
					rankOf( other.points ),
					other.points,
				] ),
				`peers of ${ points }`
			);
			assert.deepEqual(
				lists.tops.map( ( item: { id: number; position: number } ) => [
					item.id,
					item.position,
				] ),
				ordered
					.slice( 0, 3 )
					.map( ( other ) => [
						other.tester.id,
						rankOf( other.points ),
					] )
			);
		}
	} );

	it( 'commits every call when several testers record points at once', async () => {
		const { db } = ctx.database;
		const ranking = createRankingRepository( db );
		// A month of its own, so the other tests' rows do not matter.
		const crowdMonth = monthOf( new Date(), 2 );
		const crowd: Tester[] = [];
		for ( let i = 0; i < 6; i++ ) {
			crowd.push( await ctx.createTester() );
		}
		const failures: string[] = [];
		const together = async ( amountOf: ( index: number ) => number ) => {
			const results = await Promise.allSettled(
				crowd.map( ( tester, index ) =>
					inTransaction( db, ( trx ) =>
						ranking.recordMonthlyPoints(
							trx,
							tester.id,
							crowdMonth,
							amountOf( index ),
							20
						)
					)
				)
			);
			for ( const result of results ) {
				if ( result.status === 'rejected' ) {
					failures.push(
						String( result.reason?.message ?? result.reason )
					);
				}
			}
		};
		// Each tester's first points of the month, all at once; then each moves to a points value of its own.
		await together( () => 100 );
		await together( ( index ) => 10 * ( index + 1 ) );
		// Whatever committed, the counts still match the rows.
		const { counts, grouped } = await snapshot();
		assert.deepEqual( counts, grouped );
		// Every transaction commits: concurrent first entries of a month do not deadlock, and InnoDB's rare
		// deadlocks are retried by inTransaction.
		assert.deepEqual( failures, [] );
		assert.deepEqual(
			grouped.filter( ( line ) => line.startsWith( crowdMonth ) ),
			crowd
				.map(
					( _, index ) => `${ crowdMonth }|20|${ 110 + 10 * index }|1`
				)
				.sort()
		);
	} );
} );

/* ---------------------------------------------------------------------------------------------------- campaign_counts */

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

/**
 * The dashboard reads find the tester inside their own statements, from the token's WordPress user: a token
 * whose user has no tester, or whose tester was deleted after the token was minted, must still be refused on
 * every path, never answered as a tester with nothing (the public campaigns below would show).
 */
describe( 'a valid token without a tester behind it', () => {
	let ctx: TestContext;
	let tester: Tester;
	let token: string;
	const month = monthOf( new Date() );
	const campaignLists = [
		'?filterBy[accepted]=1&filterBy[completed]=0&orderBy=start_date',
		'?filterBy[accepted]=1&filterBy[statusId]=2&orderBy=close_date&order=DESC',
		'?filterBy[accepted]=1&filterBy[statusId]=1',
		'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC',
		'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC&limit=1',
		'?filterBy[completed]=0&orderBy=end_date&order=DESC',
		'?orderBy=start_date',
		'?orderBy=visibility&order=DESC',
		'?filterBy[accepted]=0',
	];
	const reads = [
		...campaignLists.map( ( query ) => `/users/me/campaigns${ query }` ),
		`/campaigns${ campaignLists[ 3 ] }`,
		'/users/me/experience',
		'/users/me/experience?start=1',
		'/users/me/experience?filterBy[activity]=1',
		'/users/me/experience?search=Bonus',
		'/users/me/bugs',
		'/users/me/bugs?start=1',
		'/users/me/bugs?filterBy[status]=3&orderBy=severity',
		'/users/me/rank',
		'/users/me/rank/list',
		'/users/me',
		'/users/me?fields=rank,name',
		'/users/me/pending_booty',
		'/users/me/popups',
		'/users/me/popups/1',
	];
	const read = ( url: string, bearerToken: string ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api${ url }`,
			headers: bearer( bearerToken ),
		} );
	const assertRefused = async ( bearerToken: string ) => {
		for ( const url of reads ) {
			const response = await read( url, bearerToken );
			assert.equal(
				response.statusCode,
				403,
				`${ url }: ${ response.body }`
			);
			assert.equal(
				response.json().message,
				'This account has no tester profile.',
				url
			);
		}
	};

	before( async () => {
		ctx = await startTestContext();
		tester = await ctx.createTester();
		token = await ctx.tokenFor( tester );
		const running = await insertCampaign( ctx, {
			title: 'Running, selected',
			visibility: 'internal',
			start: -5,
			end: 5,
			close: 10,
		} );
		const closed = await insertCampaign( ctx, {
			title: 'Closed, selected',
			visibility: 'public',
			status: 2,
			start: -20,
			end: -10,
			close: -5,
		} );
		for ( const [ title, start ] of [
			[ 'Open', 2 ],
			[ 'Open later', 3 ],
		] as const ) {
			await insertCampaign( ctx, {
				title,
				visibility: 'public',
				start,
				end: start + 10,
				close: start + 15,
			} );
		}
		await insertApplication( ctx, tester.id, running, 'selected' );
		await insertApplication( ctx, tester.id, closed, 'selected' );
		await ctx.database.db
			.insertInto( 'experience_entries' )
			.values(
				[ 1, 2 ].map( ( activity ) => ( {
					tester_id: tester.id,
					amount: 10,
					activity_id: activity,
					campaign_id: closed,
					note: 'Bonus',
					created_at: sqlAt( -activity ),
				} ) )
			)
			.execute();
		await ctx.database.db
			.insertInto( 'bugs' )
			.values(
				[ 2, 3 ].map( ( status ) => ( {
					tester_id: tester.id,
					campaign_id: closed,
					title: `Bug ${ status }`,
					severity_id: 2,
					type_id: 1,
					replicability_id: 1,
					status_id: status,
					steps: 'Open it',
					expected: 'It works',
					current: 'It does not',
				} ) )
			)
			.execute();
		await recordPoints( ctx, [ [ tester, month, 50, 10 ] ] );
	} );
	after( () => ctx.close() );

	it( 'answers every read while the tester exists', async () => {
		for ( const url of reads ) {
			const response = await read( url, token );
			assert.equal(
				response.statusCode,
				url.startsWith( '/users/me/popups/' ) ? 404 : 200,
				`${ url }: ${ response.body }`
			);
		}
		const [ campaigns, experience, bugs, list ] = await Promise.all(
			[
				`/users/me/campaigns${ campaignLists[ 3 ] }`,
				'/users/me/experience',
				'/users/me/bugs',
				'/users/me/rank/list',
			].map( async ( url ) => ( await read( url, token ) ).json() )
		);
		assert.equal( campaigns.total, 2 );
		assert.equal( experience.total, 2 );
		assert.equal( bugs.total, 2 );
		assert.deepEqual(
			list.peers.map( ( peer: { id: number } ) => peer.id ),
			[ tester.id ]
		);
	} );

	it( 'refuses every read for a WordPress user who never had a tester', async () => {
		const user = ctx.wordpress.addUser( {
			email: 'editor@example.test',
			password: 'x',
			roles: [ 'editor' ],
		} );
		await assertRefused(
			await mintToken( {
				secret: ctx.secret,
				sub: user.id,
				role: 'editor',
			} )
		);
	} );

	it( 'refuses every read once the token’s tester is deleted', async () => {
		await ctx.database.db
			.deleteFrom( 'testers' )
			.where( 'id', '=', tester.id )
			.execute();
		await assertRefused( token );
	} );
} );
